import numpy as np
import torch
from gated import GRUParams, answer, below, gru_step, named, to_torch, to_torch_convention

rng = np.random.default_rng(0)
d, H, T = 2, 2, 3
p = GRUParams.random(rng, d, H, scale=1.0)  # a GRU in the chapter's convention, with biases
xs = rng.normal(size=(T, d))
gru = to_torch([[to_torch_convention(p)]])  # z flipped, b'_h = 0: an nn.GRU in float64
assert float(gru.bias_hh_l0.detach()[2 * H:].abs().max()) == 0  # b'_h, rows 2H to 3H − 1 of bias_hh

with torch.no_grad():
    theirs = gru(torch.from_numpy(xs)[:, None, :])[0][:, 0].numpy()  # (T, H), from h_0 = 0
h, ours = np.zeros(H), []
for x in xs:
    h = gru_step(p, x, h).h
    ours.append(h)
gaps = np.abs(np.array(ours) - theirs).max(axis=1)  # one per step
first = int(np.argmax(gaps > 1e-12)) + 1
assert np.all(gaps[1:] > 1e-2)

for t, g in enumerate(gaps, 1):  # the first step agrees but for rounding: its bound is shown, not its last bits
    shown = below(g, 1e-15, key="tol") if t == 1 else named(f"gap{t}", float(g), ".1×")
    print(f"- $t = {t}$: $\\max\\lvert h_t - h_t^{{\\text{{nn.GRU}}}} \\rvert$ {'' if t == 1 else '= '}{shown}")
print(f"- $t$ = **{answer('first', first, 'd')}**")
