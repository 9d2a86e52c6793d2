import torch
from gated import answer, named
from torch.nn.utils.rnn import pack_padded_sequence

lengths = (5, 3, 2)
x = torch.zeros(max(lengths), len(lengths), 1)  # (T, B, d), padded at the end
packed = pack_padded_sequence(x, torch.tensor(lengths))
steps, padded = int(packed.batch_sizes.sum()), x.shape[0] * x.shape[1]  # cell steps per direction
assert steps == sum(lengths) == packed.data.shape[0]

print(f"- `batch_sizes` = {', '.join(named(f'b{t}', int(b), 'd') for t, b in enumerate(packed.batch_sizes))}")
print(f"- packed: **{answer('steps', steps, 'd')}**, $\\quad$ padded: {named('padded', padded, 'd')}, $\\quad$ "
      f"saved: **{answer('saved', 1 - steps / padded, '.0%')}**")
