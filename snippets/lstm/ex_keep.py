import numpy as np
from gated import Gate, language, lstm_step, render
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

n = render.number
if language() == "ru":
    print(f"Шаг добавляет $i_t \\tilde c_t = {n(added, '.3f')}$, значит, нужно "
          f"$f_t = 1 - {n(added, '.3f')}/{n(e.c[0], 'g')} = {n(f_keep, '.3f')}$. "
          f"Такой гейт даёт предактивация $\\ln\\bigl(f/(1-f)\\bigr) = {n(a_keep, '.3f')}$. "
          f"Веса уже вносят $W_f x_t + U_f h_{{t-1}} = {n(rest, '.2f')}$, поэтому "
          f"$b_f = {n(a_keep, '.3f')} - {n(rest, '.2f')} = {n(b_keep, '.2f')}$. "
          f"Шаг с этим смещением даёт $c_t = {n(again.c[0], '.3f')}$.")
else:
    print(f"The step adds $i_t \\tilde c_t = {n(added, '.3f')}$, so the gate must be "
          f"$f_t = 1 - {n(added, '.3f')}/{n(e.c[0], 'g')} = {n(f_keep, '.3f')}$. "
          f"That gate needs the pre-activation $\\ln\\bigl(f/(1-f)\\bigr) = {n(a_keep, '.3f')}$. "
          f"The weights already contribute $W_f x_t + U_f h_{{t-1}} = {n(rest, '.2f')}$, so "
          f"$b_f = {n(a_keep, '.3f')} - {n(rest, '.2f')} = {n(b_keep, '.2f')}$. "
          f"The step run with this bias gives $c_t = {n(again.c[0], '.3f')}$.")
