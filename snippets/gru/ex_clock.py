import math

import numpy as np
from gated import Gate, GRUParams, answer, gru_step, named

z, target = 0.05, 0.5
bound = math.log(1 - target) / math.log(1 - z)  # h_t = 1 − (1 − z)^t ≥ ½  ⇔  t ≥ ln ½ / ln(1 − z)
t = math.ceil(bound)

# one unit whose update gate is held at z and whose candidate is held at (almost exactly) one
zero = np.zeros((1, 1))
a_z, a_h = math.log(z / (1 - z)), 40.0  # σ(a_z) = z; tanh(40) = 1 in float64
p = GRUParams(z=Gate(zero, zero, np.array([a_z])), r=Gate(zero, zero, np.zeros(1)), h=Gate(zero, zero, np.array([a_h])))
h, trace = np.zeros(1), []
for _ in range(t):
    h = gru_step(p, np.zeros(1), h).h
    trace.append(float(h[0]))
assert trace[t - 2] < target <= trace[t - 1]
assert abs(trace[t - 1] - (1 - (1 - z) ** t)) < 1e-12

print(f"- $\\ln(1 - {target}) / \\ln(1 - z)$ = {named('bound', bound, '.2f')}")
print(f"- $h_{{t-1}}$ = {named('before', trace[t - 2], '.4f')}, $\\quad h_t$ = {named('after', trace[t - 1], '.4f')}, "
      f"$\\quad t$ = **{answer('t', t, 'd')}**")
print(f"- $1 / z$ = {named('scale', 1 / z, 'g')}")
