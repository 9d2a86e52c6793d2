import numpy as np
from gated import Gate, LSTMParams, answer, named, sigmoid, unroll

T, big = 100, 10.0
zero = np.zeros((1, 1))  # one unit, one input; every weight 0, so x_t does not matter
p = LSTMParams(f=Gate(zero, zero, np.array([big])), i=Gate(zero, zero, np.array([big])),
               c=Gate(zero, zero, np.array([big])), o=Gate(zero, zero, np.array([0.0])))
steps = unroll(p, np.ones((T, 1)))  # (T, 1) each, from c_0 = h_0 = 0

f, written = float(sigmoid(big)), float(sigmoid(big) * np.tanh(big))  # f_t = i_t = σ(10), c̃_t = tanh(10)
t = np.arange(1, T + 1)
closed_form = written * (1 - f**t) / (1 - f)  # c_t = f c_{t-1} + i c̃, from c_0 = 0
assert np.allclose(steps.c[:, 0], closed_form, rtol=1e-12)
assert np.all(np.abs(steps.c[:, 0]) < t)  # the bound |c_t| < t, nearly reached

o = steps.o[:, 0]  # σ(0) = 0.5 at every step
close = int(np.argmax(np.abs(steps.h[:, 0] - o) < 1e-3)) + 1  # the first step at which h_t is o_t to 0.001
assert np.all(np.abs(steps.h[close - 1:, 0] - o[close - 1:]) < 1e-3) and abs(steps.h[close - 2, 0] - o[0]) >= 1e-3

print(f"- $f_t = i_t = \\sigma({big:g})$ = {named('f', f, '.6f')}, $\\quad \\tilde c_t = \\tanh({big:g})$ = "
      f"{named('c_tilde', float(np.tanh(big)), '.9f')}")
print(f"- $c_{{{T}}}$ = **{answer('c', float(steps.c[-1, 0]), '.2f')}**, $\\quad h_{{{T}}}$ = "
      f"{named('h', float(steps.h[-1, 0]), '.4f')}, $\\quad o_t$ = {named('o', float(o[-1]), '.4f')}")
print(f"- $t \\ge$ **{answer('t', close, 'd')}**: $\\lvert h_t - o_t \\rvert < 10^{{-3}}$, $\\quad c_{{{close}}}$ = "
      f"{named('c_close', float(steps.c[close - 1, 0]), '.3f')}")
