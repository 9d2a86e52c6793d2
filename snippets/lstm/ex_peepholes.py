import numpy as np
from gated import Gate, answer, lstm_step, named, sigmoid
from gated.chapter import examples

e, P = examples.WORKED, examples.WORKED.params
x, h, c = e.x, e.h, e.c
p_f = p_i = p_o = 0.5  # one unit: each peephole is a diagonal matrix of size one

# f and i read the old memory, o the new one
f = sigmoid(P.f(x, h) + p_f * c)
i = sigmoid(P.i(x, h) + p_i * c)
c_tilde = np.tanh(P.c(x, h))
c_t = f * c + i * c_tilde
o = sigmoid(P.o(x, h) + p_o * c_t)
h_t = o * np.tanh(c_t)

# Within one step a peephole's term is a constant: the plain cell with it added to the biases agrees.
shifted = lambda g, extra: Gate(g.W, g.U, g.b + extra)  # noqa: E731
plain = lstm_step(P._replace(f=shifted(P.f, p_f * c), i=shifted(P.i, p_i * c), o=shifted(P.o, p_o * c_t)), x, h, c)
assert abs(plain.c - c_t).max() < 1e-15 and abs(plain.h - h_t).max() < 1e-15

print(f"- $p_f c_{{t-1}}$ = {named('extra', float(p_f * c[0]), 'g')}")
print(f"- $f_t$ = {named('f', float(f[0]), '.4f')}, $\\quad i_t$ = {named('i', float(i[0]), '.4f')}, "
      f"$\\quad c_t$ = **{answer('c', float(c_t[0]), '.3f')}**")
print(f"- $o_t$ = {named('o', float(o[0]), '.4f')}, $\\quad h_t$ = **{answer('h', float(h_t[0]), '.3f')}**")
