import numpy as np
import torch
from gated import answer, below, gru_step, named, to_torch, to_torch_convention
from gated.chapter import examples
from gated.render import vector

e = examples.TWO_UNIT_GRU  # the two-unit step above: three matrices, every bias zero
p, H = e.params, 2
gru = to_torch([[to_torch_convention(p)]])  # z flipped, b'_h = 0: an nn.GRU in float64
assert float(gru.bias_hh_l0.detach()[2 * H:].abs().max()) == 0  # b'_h, rows 2H to 3H − 1 of bias_hh
xs = np.stack([e.x, e.x])  # the same input x_t at both steps

with torch.no_grad():
    theirs = gru(torch.from_numpy(xs)[:, None, :])[0][:, 0].numpy()  # (2, H), from h_0 = 0
h, ours = np.zeros(H), []
for x in xs:
    step = gru_step(p, x, h)
    h = step.h
    ours.append(h)
gaps = np.abs(np.array(ours) - theirs).max(axis=1)  # one per step
assert gaps[1] > 1e-6  # the second step's state is not zero, and the reset no longer commutes with U_h

print(f"- $t = 1$: $\\max\\lvert h_t - h_t^{{\\text{{nn.GRU}}}} \\rvert$ {below(gaps[0], 1e-15, key='tol')}, "
      f"$\\quad h_1 = {vector(ours[0], '.4f')}$")
print(f"- $t = 2$: $r_2$ = ({named('r1', step.r[0], '.4f')}, {named('r2', step.r[1], '.4f')})")
print(f"- $h_2 = {vector(ours[1], '.6f')}$, $\\quad h_2^{{\\text{{nn.GRU}}}} = {vector(theirs[1], '.6f')}$")
print(f"- $\\max\\lvert h_2 - h_2^{{\\text{{nn.GRU}}}} \\rvert$ = **{answer('gap2', gaps[1], '.1×')}**")
