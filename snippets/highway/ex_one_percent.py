import math

from gated import answer, highway, named

f, eps = 0.95, 0.01
bound = math.log(eps) / math.log(f)  # f^τ < ε  ⇔  τ > ln ε / ln f, as ln f < 0
tau = math.ceil(bound)
before, after = highway.decay((f,), (tau - 1, tau))[:, 0]
assert after < eps <= before

print(f"- $\\ln \\varepsilon / \\ln f$ = {named('bound', bound, '.2f')}")
print(f"- $f^{{\\tau - 1}}$ = {named('before', before, '.5f')}, $\\quad f^{{\\tau}}$ = {named('after', after, '.5f')}")
print(f"- $\\tau$ = **{answer('tau', tau, 'd')}**")
