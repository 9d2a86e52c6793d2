import torch
from gated import answer, named
from gated.chapter.experiments import bidirectional
from torch import nn

s = bidirectional.Setup()  # the sizes of the check above: T = 7
with torch.random.fork_rng():  # leave the global generator as it was
    torch.manual_seed(s.seed)
    below = nn.LSTM(s.d, s.H, bidirectional=True, dtype=torch.float64)  # (T, B, d) -> (T, B, 2H)
    above = nn.LSTM(2 * s.H, s.H, dtype=torch.float64)  # left to right only
    plain = nn.LSTM(s.d, s.H, num_layers=2, dtype=torch.float64)  # two layers, both left to right
    x = torch.randn(s.T, s.batch, s.d, dtype=torch.float64, requires_grad=True)


def seen(y: torch.Tensor) -> int:  # how many inputs x_s the output at the first position depends on
    (g,) = torch.autograd.grad(y[0].sum(), x)  # (T, B, d): exactly zero at every other x_s
    return int((g.flatten(1).abs().sum(dim=1) > 0).sum())


mixed = seen(above(below(x)[0])[0])
alone = seen(plain(x)[0])
assert mixed == s.T and alone == 1

print(f"- $T$ = {named('T', s.T, 'd')}")
print(f"- $(\\leftrightarrow, \\rightarrow)$: **{answer('mixed', mixed, 'd')}**, $\\quad$ "
      f"$(\\rightarrow, \\rightarrow)$: **{answer('alone', alone, 'd')}**")  # the layers, from the bottom up
