import numpy as np
from gated import Gate, below, named, rnn_step

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
reverse = np.eye(H)
for A in factors[::-1]:
    reverse = A @ reverse  # the same factors, in the reverse order

eps = 1e-6
numeric = np.stack([(final(h0 + eps * e) - final(h0 - eps * e)) / (2 * eps) for e in np.eye(H)], axis=1)
off = float(np.linalg.norm(J - numeric) / np.linalg.norm(J))  # the finite differences' own rounding error
assert np.linalg.norm(power - J) > 0.1 * np.linalg.norm(J) and np.linalg.norm(reverse - J) > 0.1 * np.linalg.norm(J)

fs = rng.uniform(0.9, 1.0, size=(tau, H))  # forget gates: diagonal factors, in any order the same product
assert np.allclose(np.prod(fs, axis=0), np.prod(fs[::-1], axis=0))

norm = lambda M: float(np.linalg.norm(M))  # noqa: E731
print(f"- $H$ = {named('H', H, 'd')}, $\\quad \\tau$ = {named('tau', tau, 'd')}")
print(f"- $\\lVert J - J_{{\\text{{finite}}}} \\rVert / \\lVert J \\rVert$ "
      f"{below(off, 1e-5, key='tol')}")  # the product is the true Jacobian, but for the differences' rounding
print(f"- $\\lVert J \\rVert$ = {named('J', norm(J), '.2×')}, $\\quad \\lVert A_\\tau^{{\\,\\tau}} \\rVert$ = "
      f"{named('power', norm(power), '.2×')}, $\\quad \\lVert A_1 \\cdots A_\\tau \\rVert$ = "
      f"{named('reverse', norm(reverse), '.2×')}")
