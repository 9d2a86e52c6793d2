import math

from gated import highway, language, render

f, share = 0.95, 0.01
tau = math.ceil(math.log(share) / math.log(f))  # the first τ with f^τ < share
before, after = highway.decay((f,), (tau - 1, tau))[:, 0]
assert after < share <= before

n = render.number
if language() == "ru":
    print(f"Нужно $f^\\tau < {n(share, 'g')}$, то есть $\\tau > \\ln {n(share, 'g')} / \\ln {n(f, 'g')} "
          f"= {n(math.log(share) / math.log(f), '.1f')}$: градиент падает ниже процента на шаге "
          f"$\\tau = {tau}$ (${n(f, 'g')}^{{{tau - 1}}} = {n(before, '.4f')}$, "
          f"${n(f, 'g')}^{{{tau}}} = {n(after, '.4f')}$).")
else:
    print(f"We need $f^\\tau < {n(share, 'g')}$, that is $\\tau > \\ln {n(share, 'g')} / \\ln {n(f, 'g')} "
          f"= {n(math.log(share) / math.log(f), '.1f')}$: the gradient drops below one per cent at "
          f"$\\tau = {tau}$ (${n(f, 'g')}^{{{tau - 1}}} = {n(before, '.4f')}$, "
          f"${n(f, 'g')}^{{{tau}}} = {n(after, '.4f')}$).")
