import numpy as np
from gated import Gate, language, render, rnn_step

rng = np.random.default_rng(3)
d, H, tau = 2, 3, 10
p = Gate.random(rng, d, H, scale=1.0)
xs = rng.normal(size=(tau, d))

def final(h0):
    h = h0
    for x in xs:
        h = rnn_step(p, x, h).h
    return h

h, hs = rng.normal(size=H), []
h0 = h.copy()
for x in xs:
    h = rnn_step(p, x, h).h
    hs.append(h)
factors = [np.diag(1 - h_s**2) @ p.U for h_s in hs]  # ∂h_s/∂h_{s−1}, one per step

J = np.eye(H)
for A in factors:
    J = A @ J  # the chain rule: the latest factor on the left
power = np.linalg.matrix_power(factors[-1], tau)  # as if every step had the last step's factor
shuffled = np.eye(H)
for A in factors[::-1]:
    shuffled = A @ shuffled  # the same factors, in the reverse order

eps = 1e-6
numeric = np.stack([(final(h0 + eps * e) - final(h0 - eps * e)) / (2 * eps) for e in np.eye(H)], axis=1)
assert np.linalg.norm(J - numeric) < 1e-5 * np.linalg.norm(J)  # the product is the true Jacobian
off_power = np.linalg.norm(power - J) / np.linalg.norm(J)
off_order = np.linalg.norm(shuffled - J) / np.linalg.norm(J)
assert off_power > 0.1 and off_order > 0.1

fs = rng.uniform(0.9, 1.0, size=(tau, H))  # forget gates: diagonal factors
assert np.allclose(np.prod(fs, axis=0), np.prod(fs[::-1], axis=0))

n = render.number
norms = {k: n(float(np.linalg.norm(M)), ".2e") for k, M in (("J", J), ("power", power), ("reverse", shuffled))}
if language() == "ru":
    print(f"У обычной ячейки с ${H}$ нейронами на ${tau}$ шагах произведение матриц "
          f"$\\operatorname{{diag}}(1 - h_s^2) W_h$ совпадает с якобианом, найденным конечными разностями; "
          f"его норма {norms['J']}. Последний множитель в степени ${tau}$ дал бы норму {norms['power']}, "
          f"а те же множители в обратном порядке — {norms['reverse']}: матрицы не коммутируют, "
          f"и порядок шагов важен. Диагональные множители $\\operatorname{{diag}}(f_s)$ коммутируют: "
          f"их произведение — покоординатное произведение гейтов, в любом порядке.")
else:
    print(f"For a plain cell with ${H}$ units over ${tau}$ steps, the product of the matrices "
          f"$\\operatorname{{diag}}(1 - h_s^2) W_h$ matches the Jacobian found by finite differences; "
          f"its norm is {norms['J']}. The last factor raised to the power ${tau}$ would give {norms['power']}, "
          f"and the same factors in reverse order {norms['reverse']}: the matrices do not commute, so the "
          f"order of the steps matters. The diagonal factors $\\operatorname{{diag}}(f_s)$ do commute: their "
          f"product is the gates multiplied coordinate by coordinate, in any order.")
