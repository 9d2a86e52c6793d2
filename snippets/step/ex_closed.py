import numpy as np
from gated import Gate, language, lstm_step, render
from gated.chapter import examples

e, before = examples.WORKED, examples.worked()
g = e.params.o
shut = Gate(g.W, g.U, np.array([-5.0]))  # b_o = −5 instead of 0.59
closed = lstm_step(e.params._replace(o=shut), e.x, e.h, e.c)

for name in ("f", "i", "c_tilde", "c"):  # stations ①–④ do not read the output gate
    assert getattr(closed, name) == getattr(before, name)
assert closed.h[0] < before.h[0]

n = render.number
a, o, h, c = float(shut(e.x, e.h)[0]), float(closed.o[0]), float(closed.h[0]), float(closed.c[0])
if language() == "ru":
    print(f"Меняются только станции ⑤ и ⑥: $o_t = \\sigma({n(a, '.2f')}) = {n(o, '.3f')}$ "
          f"и $h_t = {n(o, '.3f')} \\times {n(np.tanh(c), '.4f')} = {n(h, '.3f')}$. "
          f"Память $c_t = {n(c, '.3f')}$ прежняя: выходной гейт решает, что показать, а не что хранить.")
else:
    print(f"Only stations ⑤ and ⑥ change: $o_t = \\sigma({n(a, '.2f')}) = {n(o, '.3f')}$ "
          f"and $h_t = {n(o, '.3f')} \\times {n(np.tanh(c), '.4f')} = {n(h, '.3f')}$. "
          f"The memory $c_t = {n(c, '.3f')}$ is what it was: the output gate decides what to show, not what to keep.")
