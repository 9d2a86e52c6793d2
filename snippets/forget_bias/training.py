from gated import figure, markdown, plots, tables
from gated.torch import forget_bias

runs = forget_bias.run()
steps = forget_bias.steps()
chance = 1 / forget_bias.TASK.K
print(figure(plots.accuracy(runs, steps, chance)))
print(markdown(tables.training(runs, steps)))

# The robust part of the result, checked on every build:
final = {b_f: acc[:, -1] for b_f, acc in runs.items()}
assert all(final[0.0] < chance + 0.1) and all(final[1.0] < chance + 0.1)  # never above chance
assert all(final[2.0] > chance + 0.15)  # every run with b_f = 2 learns something
assert max(final[2.0]) > 0.99  # and at least one solves the task
