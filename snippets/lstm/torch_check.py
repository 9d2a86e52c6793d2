import torch
from torch import nn
from gated import named
from gated.chapter import examples

e, ours = examples.WORKED, examples.worked()
P = e.params
cell = nn.LSTMCell(1, 1, dtype=torch.float64)
blocks = (P.i, P.f, P.c, P.o)  # nn.LSTMCell stacks its gates as i, f, g, o; g is the candidate c̃
with torch.no_grad():
    cell.weight_ih.copy_(torch.tensor([[g.W[0, 0]] for g in blocks]))  # (4, 1): W
    cell.weight_hh.copy_(torch.tensor([[g.U[0, 0]] for g in blocks]))  # (4, 1): U
    cell.bias_ih.copy_(torch.tensor([g.b[0] for g in blocks]))  # the whole bias b here ...
    cell.bias_hh.zero_()  # ... and none in the second bias, which PyTorch adds to it
    x, h, c = (torch.from_numpy(v)[None] for v in (e.x, e.h, e.c))  # a batch of one: (1, 1) each
    h, c = cell(x, (h, c))
h, c = float(h[0, 0]), float(c[0, 0])
assert abs(c - ours.c[0]) < 1e-12 and abs(h - ours.h[0]) < 1e-12

print(f"- `nn.LSTMCell`: $c_t$ = {named('c', c, '.3f')}, $\\quad h_t$ = {named('h', h, '.3f')}")
print(f"- `gated`: $c_t$ = {named('c_gated', float(ours.c[0]), '.3f')}, $\\quad h_t$ = "
      f"{named('h_gated', float(ours.h[0]), '.3f')}")
print("- $\\max \\lvert \\Delta \\rvert < 10^{-12}$")  # the last bits differ from one CPU to another: the bound is shown
