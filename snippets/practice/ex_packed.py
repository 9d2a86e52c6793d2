import torch
from gated import answer, named
from torch.nn.utils.rnn import pack_padded_sequence

lengths = (5, 3, 2)
x = torch.zeros(max(lengths), len(lengths), 1)  # (T, B, d), padded at the end
packed = pack_padded_sequence(x, torch.tensor(lengths), enforce_sorted=False)
steps, padded = int(packed.batch_sizes.sum()), x.shape[0] * x.shape[1]  # cell steps per direction
assert steps == sum(lengths) == packed.data.shape[0]

print(f"- `batch_sizes` = {', '.join(named(f'b{t}', int(b), 'd') for t, b in enumerate(packed.batch_sizes))}")
print(f"- `batch_sizes.sum()` = **{answer('steps', steps, 'd')}**, "
      f"$\\quad T \\cdot B$ = {named('padded', padded, 'd')}, "
      f"$\\quad 1 - {steps}/{padded}$ = **{answer('saved', 1 - steps / padded, '.0%')}**")
