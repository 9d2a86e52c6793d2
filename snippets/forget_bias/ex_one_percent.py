import math

from gated import highway, language, render

share, tau = 0.01, 100
f = share ** (1 / tau)  # σ(b_f)^τ = share
b_f = math.log(f / (1 - f))  # σ^{-1}(f) = ln(f / (1 − f))
assert math.isclose(float(highway.retained(b_f, tau)), share, rel_tol=1e-9)

n = render.number
if language() == "ru":
    print(f"Нужно $\\sigma(b_f)^{{{tau}}} = {n(share, 'g')}$, то есть $\\sigma(b_f) = {n(share, 'g')}^{{1/{tau}}} "
          f"= {n(f, '.4f')}$ и $b_f = \\ln\\bigl(f/(1-f)\\bigr) = {n(b_f, '.2f')}$. "
          f"Это чуть больше трёх: смещение $3$ из таблицы оставило бы через ${tau}$ шагов "
          f"{n(float(highway.retained(3, tau)), '.2e')}.")
else:
    print(f"We need $\\sigma(b_f)^{{{tau}}} = {n(share, 'g')}$, so $\\sigma(b_f) = {n(share, 'g')}^{{1/{tau}}} "
          f"= {n(f, '.4f')}$ and $b_f = \\ln\\bigl(f/(1-f)\\bigr) = {n(b_f, '.2f')}$. "
          f"That is just above three: the table's bias of $3$ would leave "
          f"{n(float(highway.retained(3, tau)), '.2e')} after ${tau}$ steps.")
