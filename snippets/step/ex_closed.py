import numpy as np
from gated import Gate, answer, lstm_step, named
from gated.render import number
from gated.chapter import examples

e, before = examples.WORKED, examples.worked()
g = e.params.o
shut = Gate(g.W, g.U, np.array([-5.0]))  # b_o = −5 instead of 0.59
closed = lstm_step(e.params._replace(o=shut), e.x, e.h, e.c)

for name in ("f", "i", "c_tilde", "c"):  # the stations before the output gate do not read it
    assert getattr(closed, name) == getattr(before, name)
assert closed.h[0] < before.h[0]

a, o, h, c = float(shut(e.x, e.h)[0]), float(closed.o[0]), float(closed.h[0]), float(closed.c[0])
print(f"- $a_o$ = {named('a', a, '.2f')}, $\\quad o_t = \\sigma(a_o)$ = **{answer('o', o, '.3f')}**")
print(f"- $h_t = o_t \\tanh(c_t)$ = {number(o, '.3f')} × {named('tanh', float(np.tanh(c)), '.4f')} = "
      f"**{answer('h', h, '.3f')}**")
print(f"- $c_t$ = {named('c', c, '.3f')}")
