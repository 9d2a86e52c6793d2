import torch
from gated import answer, below, named
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence

d, H, lengths = 3, 4, (5, 3)  # two sentences, the longer first
T, short = max(lengths), 1
with torch.random.fork_rng():  # leave the global generator as it was
    torch.manual_seed(0)
    lstm = nn.LSTM(d, H, bidirectional=True, dtype=torch.float64)
    x = torch.randn(T, len(lengths), d, dtype=torch.float64)  # (T, B, d)
for b, n in enumerate(lengths):
    x[n:, b] = 0  # padded at the end with zeros

n = lengths[short]
with torch.no_grad():
    y, (h_n, _) = lstm(x)  # the padded batch
    _, (alone, _) = lstm(x[:n, short:short + 1])  # the short sentence on its own
    _, (packed, _) = lstm(pack_padded_sequence(x, torch.tensor(lengths)))  # each run over its own length only

gap = lambda a, b: float((a - b).abs().max())  # noqa: E731
forward_end = gap(h_n[0, short], alone[0, 0])  # the forward direction ran on over the padding
forward_last = gap(y[n - 1, short, :H], alone[0, 0])  # ... but its state at the last real token is right
backward = gap(h_n[1, short], alone[1, 0])  # the backward direction started in the padding
packed_gap = max(gap(packed[k, short], alone[k, 0]) for k in range(2))
assert forward_end > 1e-3 and backward > 1e-3
tol = 1e-12  # what rounding alone may leave: the last bits differ from one CPU to another, so the bound is shown

print(f"- $T - n$ = **{answer('pads', T - n, 'd')}**, $\\quad n$ = **{answer('last', n, 'd')}**")
print(f"- `h_n[0]` − $\\overrightarrow{{h}}$: {named('forward_end', forward_end, '.3f')}, $\\quad$ "
      f"`y[n-1, :, :H]` − $\\overrightarrow{{h}}$: {below(forward_last, tol, key='tol')}")
print(f"- `h_n[1]` − $\\overleftarrow{{h}}$: {named('backward', backward, '.3f')}")
print(f"- `pack_padded_sequence`: {below(packed_gap, tol)}")
