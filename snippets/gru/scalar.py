import numpy as np
from gated import Gate, gru_step, named
from gated.chapter.examples import WORKED_GRU


def scalar(w: float, u: float, b: float) -> Gate:  # one unit: W, U and b are single numbers
    return Gate(np.array([[w]]), np.array([[u]]), np.array([b]))


e = WORKED_GRU  # (W, U, b) of z: (1.2, -0.5, -0.3), of r: (0.6, 0.9, -0.2), of h̃: (1.5, -1.1, 0.2)
x, h, p = e.x, e.h, e.params
s = gru_step(p, x, h)
a_z, a_r, a_h = p.z(x, h)[0], p.r(x, h)[0], p.h(x, s.r * h)[0]  # pre-activations; the candidate reads r ⊙ h
assert abs(s.h[0] - ((1 - s.z[0]) * h[0] + s.z[0] * s.h_tilde[0])) < 1e-15

# a named value is markup, so it stands beside a formula, never inside one
print(f"- $z_t = \\sigma(a_z)$ with $a_z$ = {named('a_z', a_z, '.2f')}: $z_t$ = {named('z', s.z[0], '.3f')}")
print(f"- $r_t = \\sigma(a_r)$ with $a_r$ = {named('a_r', a_r, '.2f')}: $r_t$ = {named('r', s.r[0], '.3f')}, "
      f"$\\quad r_t h_{{t-1}}$ = {named('rh', s.r[0] * h[0], '.3f')}")
print(f"- $\\tilde h_t = \\tanh(a_h)$ with $a_h$ = {named('a_h', a_h, '.2f')}: "
      f"$\\tilde h_t$ = {named('h_tilde', s.h_tilde[0], '.3f')}")
print(f"- $(1 - z_t)\\, h_{{t-1}}$ = {named('kept', (1 - s.z[0]) * h[0], '.3f')}, "
      f"$\\quad z_t \\tilde h_t$ = {named('added', s.z[0] * s.h_tilde[0], '.3f')}, "
      f"$\\quad h_t$ = {named('h', s.h[0], '.3f')}")

# the two gates pushed to their ends, with every other weight as above, from two different pasts
shut = p._replace(r=scalar(0.6, 0.9, -12.0))  # r ≈ 0: the candidate ignores h_{t-1}
fresh = [gru_step(shut, x, np.array([v])) for v in (-0.8, 0.8)]
assert fresh[0].r[0] < 1e-4 and abs(fresh[0].h_tilde[0] - fresh[1].h_tilde[0]) < 1e-4
print(f"- $r_t$ ≈ {named('r_shut', fresh[1].r[0], '.0e')}: $\\tilde h_t$ = {named('fresh_neg', fresh[0].h_tilde[0], '.4f')} "
      f"($h_{{t-1}} = -0.8$), {named('fresh_pos', fresh[1].h_tilde[0], '.4f')} ($h_{{t-1}} = 0.8$), "
      f"$\\tanh(W_h x_t + b_h)$ = {named('input_only', np.tanh(1.5 + 0.2), '.4f')}")
hold = p._replace(z=scalar(1.2, -0.5, -12.0))  # z ≈ 0: the state is carried
carried = gru_step(hold, x, h)
assert abs(carried.h[0] - h[0]) < 1e-4
print(f"- $z_t$ ≈ {named('z_hold', carried.z[0], '.0e')}: $h_t$ = {named('carried', carried.h[0], '.4f')}, "
      f"$h_{{t-1}}$ = {named('h_prev', h[0], '.1f')}")
