import numpy as np
from gated import answer, lstm_step, named
from gated.chapter import examples

e = examples.WORKED
s = lstm_step(e.params, np.zeros(1), e.h, e.c)  # x_t = 0, the same h_{t-1} and c_{t-1}
kept, added = float(s.f[0] * e.c[0]), float(s.i[0] * s.c_tilde[0])
assert abs(kept + added - s.c[0]) < 1e-12
assert min(s.f[0], s.i[0], s.o[0]) > 0.9  # still open without an input

g = e.params.f  # what holds the forget gate open: U_f h_{t-1} and b_f, with W_f x_t = 0
from_h, bias = float(g.U[0] @ e.h), float(g.b[0])
assert from_h > 0 and bias > 0 and abs(from_h + bias - g(np.zeros(1), e.h)[0]) < 1e-12

v = {k: float(getattr(s, k)[0]) for k in ("f", "i", "c_tilde", "o", "c", "h")}
print(f"- $U_f h_{{t-1}}$ = {named('U_h', from_h, '.2f')}, $\\quad b_f$ = {named('b_f', bias, '.2f')}, $\\quad f_t$ = "
      f"**{answer('f', v['f'], '.3f')}**")
print(f"- $i_t$ = {named('i', v['i'], '.3f')}, $\\quad \\tilde c_t$ = {named('c_tilde', v['c_tilde'], '.3f')}")
print(f"- $f_t c_{{t-1}}$ = {named('kept', kept, '.3f')}, $\\quad i_t \\tilde c_t$ = {named('added', added, '.3f')}, "
      f"$\\quad c_t$ = **{answer('c', v['c'], '.3f')}**")
print(f"- $o_t$ = {named('o', v['o'], '.3f')}, $\\quad h_t$ = {named('h', v['h'], '.3f')}")
