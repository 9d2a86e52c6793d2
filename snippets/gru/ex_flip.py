from gated import answer, below, flip, gru_step, named, sigmoid
from gated.chapter import examples
from gated.render import vector

e = examples.TWO_UNIT_GRU
p, x, h = e.params, e.x, e.h
ours = gru_step(p, x, h)

# the formula of the exercise: its z keeps, its candidate resets before U_h, as ours does
z_keep = sigmoid(flip(p.z)(x, h))
h_exercise = z_keep * h + (1 - z_keep) * ours.h_tilde
# the same weights without flipping the update gate
h_unflipped = ours.z * h + (1 - ours.z) * ours.h_tilde

gap = float(abs(h_exercise - ours.h).max())  # rounding alone: the bound is shown, not the last bits
print(f"- $\\max\\lvert h_t^{{\\text{{Cho}}}} - h_t\\rvert$ {below(gap, 1e-15, key='tol')}")
print(f"- $h_t$ = ${vector(ours.h, '.4f')}$")
print(f"- $z \\odot h_{{t-1}} + (1 - z) \\odot \\tilde h_t$ = ${vector(h_unflipped, '.4f')}$, $\\quad$ "
      f"**{answer('wrong1', float(h_unflipped[0]), '.4f')}**")
