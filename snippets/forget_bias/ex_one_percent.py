import math

from gated import answer, highway, named

share, tau = 0.01, 100
f = share ** (1 / tau)  # σ(b_f)^τ = share
b_f = math.log(f / (1 - f))  # σ^{-1}(f) = ln(f / (1 − f))
assert math.isclose(float(highway.retained(b_f, tau)), share, rel_tol=1e-9)
assert highway.retained(3, tau) < share  # the table's b_f = 3 falls just short


def reach(b: float) -> float:  # ln ε / ln σ(b): σ(b)^reach = ε
    return math.log(share) / math.log(float(highway.retained(b, 1)))


print(f"- $\\sigma(b_f) = \\varepsilon^{{1/\\tau}}$ = {named('f', f, '.4f')}")
print(f"- $b_f = \\ln\\bigl(\\sigma(b_f) / (1 - \\sigma(b_f))\\bigr)$ = **{answer('b_f', b_f, '.2f')}**")
print(f"- $\\sigma(3)^{{\\tau}}$ = {named('b3', float(highway.retained(3, tau)), '.2×')}")
reach3, longer, per_unit = reach(3), reach(b_f) / reach(3) - 1, reach(4) / reach(3)
print(f"- $\\ln \\varepsilon / \\ln \\sigma(3)$ = {named('reach3', reach3, '.1f')}, $\\quad b_f - 3$ = "
      f"{named('extra', b_f - 3, '.2f')}, $\\quad \\ln \\varepsilon / \\ln \\sigma(b_f)$ = {reach(b_f):.1f} = "
      f"{1 + longer:.3f} × {reach3:.1f} ({named('longer', longer, '.1%')})")
print(f"- $\\ln \\varepsilon / \\ln \\sigma(4)$ = {named('reach4', reach(4), '.1f')} = "
      f"{named('per_unit', per_unit, '.2f')} × {reach3:.1f}; $\\quad e$ = {math.e:.2f}")
