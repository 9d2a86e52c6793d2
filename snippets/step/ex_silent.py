import numpy as np
from gated import language, lstm_step, render
from gated.chapter import examples

e = examples.WORKED
s = lstm_step(e.params, np.zeros(1), e.h, e.c)  # x_t = 0, the same h_{t-1} and c_{t-1}
kept, added = float(s.f[0] * e.c[0]), float(s.i[0] * s.c_tilde[0])
assert abs(kept + added - s.c[0]) < 1e-12
assert min(s.f[0], s.i[0], s.o[0]) > 0.9  # still open without an input

n = render.number
v = {k: n(float(getattr(s, k)[0]), ".3f") for k in ("f", "i", "c_tilde", "o", "c", "h")}
if language() == "ru":
    print(f"① $f_t = {v['f']}$; ② $i_t = {v['i']}$, $\\tilde c_t = {v['c_tilde']}$; "
          f"③ сохраняется ${n(kept, '.3f')}$; ④ добавляется ${n(added, '.3f')}$, и $c_t = {v['c']}$; "
          f"⑤ $o_t = {v['o']}$; ⑥ $h_t = {v['h']}$. Без входа гейты всё равно открыты: "
          f"их держит $h_{{t-1}}$ через веса $U$.")
else:
    print(f"① $f_t = {v['f']}$; ② $i_t = {v['i']}$, $\\tilde c_t = {v['c_tilde']}$; "
          f"③ ${n(kept, '.3f')}$ is kept; ④ ${n(added, '.3f')}$ is added, so $c_t = {v['c']}$; "
          f"⑤ $o_t = {v['o']}$; ⑥ $h_t = {v['h']}$. With no input the gates are still open: "
          f"$h_{{t-1}}$ holds them there through the weights $U$.")
