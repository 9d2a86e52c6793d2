import numpy as np
from gated import Gate, LSTMParams, answer, named, sigmoid, variants
from gated.variants import LSTM1997Params

tau, b_c, b_f, eps = 100, 0.5, 2.0, 1e-6
zero = np.zeros((1, 1))  # one unit; every weight 0, so the gates read nothing
bias = lambda b: Gate(zero, zero, np.array([b]))  # noqa: E731
cell_1997 = LSTM1997Params(i=bias(0.0), c=bias(b_c), o=bias(0.0))
cell_f = LSTMParams(f=bias(b_f), i=bias(0.0), c=bias(b_c), o=bias(0.0))
X = np.zeros((tau, 1))


def memory(p, c_0):  # c_τ from h_0 = 0 and c_0
    return float(variants.unroll(p, X, (np.zeros(1), np.array([c_0]))).c[-1, 0])


# ∂c_τ / ∂c_0, by a central difference: with zero weights only the memory line carries c_0 forward
grad_1997 = (memory(cell_1997, eps) - memory(cell_1997, -eps)) / (2 * eps)
grad_f = (memory(cell_f, eps) - memory(cell_f, -eps)) / (2 * eps)
f = float(sigmoid(b_f))
assert abs(grad_1997 - 1) < 1e-8 and abs(grad_f - f**tau) < 1e-9
written = float(sigmoid(0.0) * np.tanh(b_c))  # i c̃, the same at every step
c_1997, c_f = memory(cell_1997, 0.0), memory(cell_f, 0.0)
assert abs(c_1997 - tau * written) < 1e-9 and abs(c_f - written * (1 - f**tau) / (1 - f)) < 1e-12

print(f"- $i_t \\tilde c_t$ = {named('written', written, '.4f')}")
print(f"- $f_t = 1$: $\\partial c_{{{tau}}} / \\partial c_0$ = {named('grad', grad_1997, '.3f')}, "
      f"$\\quad c_{{{tau}}}$ = **{answer('c', c_1997, '.2f')}**, $\\quad 1 - \\tanh^2(c_{{{tau}}})$ = "
      f"{named('slope', 1 / np.cosh(c_1997) ** 2, '.1×')}")
print(f"- $f_t = \\sigma({b_f:g})$ = {named('f', f, '.4f')}: $\\partial c_{{{tau}}} / \\partial c_0 = f_t^{{{tau}}}$ = "
      f"**{answer('grad_f', grad_f, '.1×')}**, $\\quad c_{{{tau}}}$ = {named('c_f', c_f, '.2f')}")
