import numpy as np
from gated import answer, lstm_step, named, sigmoid
from gated.chapter import examples

e = examples.WORKED  # the weights and memory of the step worked by hand
X = np.array([[1.0], [1.0], [-1.0]])  # x_t, one example a row
H_prev = np.array([[1.0], [-1.0], [-1.0]])  # h_{t-1}
C_prev = np.full((3, 1), e.c[0])  # the same memory for all three

f = e.params.f
F = sigmoid(X @ f.W.T + H_prev @ f.U.T + f.b)  # X_t W_xf + H_{t-1} W_hf + b_f, the bias added to every row
s = lstm_step(e.params, X, H_prev, C_prev)
assert np.allclose(F, s.f) and np.isclose(F[0, 0], examples.worked().f[0])  # the first row is the worked step

print(f"- $F_t$ = ({named('f1', F[0, 0], '.3f')}, {named('f2', F[1, 0], '.3f')}, **{answer('f3', F[2, 0], '.3f')}**)")
print(f"- $i_t \\tilde c_t$ = {named('added3', s.i[2, 0] * s.c_tilde[2, 0], '.3f')}, $\\quad c_t$ = "
      f"({named('c1', s.c[0, 0], '.3f')}, {named('c2', s.c[1, 0], '.3f')}, **{answer('c3', s.c[2, 0], '.3f')}**)")
