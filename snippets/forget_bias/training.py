import itertools

import numpy as np
import torch

from gated import Text, claims, figure, markdown, named
from gated.chapter import plots
from gated.chapter.experiments import forget_bias

runs = forget_bias.run()
print(figure(plots.accuracy(runs)))
print(markdown(forget_bias.table(runs)))
print(claims.shown(forget_bias.claims(runs)))  # fails the block if a claim does not hold

# Every test sequence is one of the K sequences, and a network answers equal sequences alike, so a run's number of
# right answers is the sum of the test counts of the symbols it names right. Find those symbols from the accuracy.
task = runs.task
_, y = forget_bias.batch(task, task.held_out, torch.Generator().manual_seed(999))  # the test set `fit` uses
counts = np.bincount(y.numpy(), minlength=task.K)


def symbols_named(accuracy: float) -> int:
    right = round(accuracy * task.held_out)
    subsets = (s for r in range(task.K + 1) for s in itertools.combinations(range(task.K), r))
    fits = [s for s in subsets if counts[list(s)].sum() == right]
    assert len(fits) == 1, fits  # one set of symbols explains the accuracy
    return len(fits[0])


named_right = {b: [symbols_named(a) for a in runs.final(b)] for b in task.biases}
assert all(len(set(n)) == 1 for n in named_right.values())  # the runs of one bias agree (the prose says "each")
print()
print(str(Text("- symbols named right in each run: ", "- верно названных символов в каждом запуске: "))
      + "; ".join(f"$b_f = {b:g}$: {named(f'symbols_{b:g}', n[0], 'd')}" for b, n in named_right.items()))
