import numpy as np
from gated import Gate, answer, lstm_step, named
from gated.chapter import examples

e, s = examples.WORKED, examples.worked()
added = float(s.i[0] * s.c_tilde[0])  # i_t c̃_t, what the step writes
f_keep = 1 - added / float(e.c[0])  # f c + added = c
a_keep = float(np.log(f_keep / (1 - f_keep)))  # σ(a) = f  ⇔  a = ln(f / (1 − f))
rest = float(e.params.f(e.x, e.h)[0] - e.params.f.b[0])  # W_f x_t + U_f h_{t-1}
b_keep = a_keep - rest

g = e.params.f
again = lstm_step(e.params._replace(f=Gate(g.W, g.U, np.array([b_keep]))), e.x, e.h, e.c)
assert abs(again.c[0] - e.c[0]) < 1e-12  # the memory is where it was

print(f"- $i_t \\tilde c_t$ = {named('added', added, '.3f')}")
print(f"- $f_t = 1 - i_t \\tilde c_t / c_{{t-1}}$ = {named('f', f_keep, '.4f')}")
print(f"- $a_f = \\ln\\bigl(f_t / (1 - f_t)\\bigr)$ = {named('a', a_keep, '.4f')}")
print(f"- $W_f x_t + U_f h_{{t-1}}$ = {named('rest', rest, '.2f')}")
print(f"- $b_f = a_f - (W_f x_t + U_f h_{{t-1}})$ = **{answer('b_f', b_keep, '.2f')}**")
print(f"- `lstm_step` → $c_t$ = {named('c', float(again.c[0]), '.3f')}")
