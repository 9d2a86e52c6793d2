import math

from gated import answer, highway, named

share, tau = 0.01, 100
f = share ** (1 / tau)  # σ(b_f)^τ = share
b_f = math.log(f / (1 - f))  # σ^{-1}(f) = ln(f / (1 − f))
assert math.isclose(float(highway.retained(b_f, tau)), share, rel_tol=1e-9)
assert highway.retained(3, tau) < share  # the table's b_f = 3 falls just short

print(f"- $\\sigma(b_f) = \\varepsilon^{{1/\\tau}}$ = {named('f', f, '.4f')}")
print(f"- $b_f = \\ln\\bigl(\\sigma(b_f) / (1 - \\sigma(b_f))\\bigr)$ = **{answer('b_f', b_f, '.2f')}**")
print(f"- $\\sigma(3)^{{\\tau}}$ = {named('b3', float(highway.retained(3, tau)), '.2×')}")
