from gated import flip, gru_step, sigmoid
from gated.chapter import examples
from gated.render import number

e = examples.TWO_UNIT_GRU
p, x, h = e.params, e.x, e.h
ours = gru_step(p, x, h)

# the formula of the exercise: its z keeps, its candidate resets before U_h
z_keep = sigmoid(flip(p.z)(x, h))
h_exercise = z_keep * h + (1 - z_keep) * ours.h_tilde
# the same weights without flipping the update gate
h_unflipped = ours.z * h + (1 - ours.z) * ours.h_tilde

gap = abs(h_exercise - ours.h).max()
assert gap < 1e-15
vec = lambda v: "(" + ", ".join(number(float(a), ".4f") for a in v) + ")"  # noqa: E731
print(f"- $\\max\\lvert h_t^{{\\text{{ex.}}}} - h_t\\rvert$ = {number(gap, '.1e')}")
print(f"- $h_t = {vec(ours.h)}$")
print(f"- $z \\odot h_{{t-1}} + (1 - z) \\odot \\tilde h_t = {vec(h_unflipped)}$")
