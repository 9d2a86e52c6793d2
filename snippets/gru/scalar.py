import numpy as np
from gated import candidates, gru_step, markdown, named
from gated.chapter import tables
from gated.chapter.examples import WORKED_GRU

e = WORKED_GRU  # one unit: every W, U and b is a number
x, h, p = e.x, e.h, e.params
s = gru_step(p, x, h)
a_z, a_r, a_h = p.z(x, h)[0], p.r(x, h)[0], p.h(x, s.r * h)[0]  # pre-activations; the candidate reads r ⊙ h
assert abs(s.h[0] - ((1 - s.z[0]) * h[0] + s.z[0] * s.h_tilde[0])) < 1e-15
assert abs(s.h[0]) < 1  # a convex mix of h_{t-1} and a tanh stays inside (-1, 1)
before, after = candidates(p, x, h)  # one unit: U_h is a number, so r ⊙ (U_h h) = U_h (r ⊙ h)
assert abs(before[0] - after[0]) < 1e-15

print(markdown(tables.worked_gru()))
print()
# a named value is markup, so it stands beside a formula, never inside one
print(f"- $a_z$ = {named('a_z', a_z, '.2f')}: $\\quad z_t = \\sigma(a_z)$ = {named('z', s.z[0], '.3f')}")
print(f"- $a_r$ = {named('a_r', a_r, '.2f')}: $\\quad r_t = \\sigma(a_r)$ = {named('r', s.r[0], '.3f')}, "
      f"$\\quad r_t h_{{t-1}}$ = {named('rh', s.r[0] * h[0], '.3f')}")
print(f"- $a_h$ = {named('a_h', a_h, '.2f')}: $\\quad \\tilde h_t = \\tanh(a_h)$ = "
      f"{named('h_tilde', s.h_tilde[0], '.3f')}")
print(f"- $(1 - z_t)\\, h_{{t-1}}$ = {named('kept', (1 - s.z[0]) * h[0], '.3f')}, "
      f"$\\quad z_t \\tilde h_t$ = {named('added', s.z[0] * s.h_tilde[0], '.3f')}, "
      f"$\\quad h_t$ = {named('h', s.h[0], '.3f')}")

# the two gates pushed to saturation by their bias alone, every weight as in the example, from two pasts
SHUT = -12.0  # a bias that drives a gate's sigmoid to about 1e-5
shut = p._replace(r=p.r._replace(b=np.array([SHUT])))  # r ≈ 0: the candidate ignores h_{t-1}
pasts = (-h[0], h[0])
fresh = [gru_step(shut, x, np.array([v])) for v in pasts]
input_only = np.tanh(p.h(x, np.zeros_like(h)))[0]  # tanh(W_h x_t + b_h)
assert fresh[0].r[0] < 1e-4 and all(abs(f.h_tilde[0] - input_only) < 1e-4 for f in fresh)
print(f"- $r_t$ ≈ {named('r_shut', fresh[1].r[0], '.0×')}: "
      f"$\\tilde h_t$ = {named('fresh_neg', fresh[0].h_tilde[0], '.4f')} "
      f"($h_{{t-1}}$ = {named('past_neg', pasts[0], '.1f')}), "
      f"{named('fresh_pos', fresh[1].h_tilde[0], '.4f')} ($h_{{t-1}}$ = {named('past_pos', pasts[1], '.1f')}), "
      f"$\\tanh(W_h x_t + b_h)$ = {named('input_only', input_only, '.4f')}")
hold = p._replace(z=p.z._replace(b=np.array([SHUT])))  # z ≈ 0: the state is carried
carried = gru_step(hold, x, h)
assert abs(carried.h[0] - h[0]) < 1e-4
print(f"- $z_t$ ≈ {named('z_hold', carried.z[0], '.0×')}: $h_t$ = {named('carried', carried.h[0], '.4f')}, "
      f"$h_{{t-1}}$ = {named('h_prev', h[0], '.1f')}")
