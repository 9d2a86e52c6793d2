import numpy as np
from gated import answer, highway, named

f, T, near, farther = 0.95, 100, 20, 50
tau = np.arange(1, T + 1)  # the loss at step τ is τ gates away from c_0
arrives = highway.decay((f,), tau)[:, 0]  # what each loss delivers to c_0 along the memory line: f^τ
total = float(arrives.sum())
assert abs(total - f * (1 - f**T) / (1 - f)) < 1e-12  # a geometric series
far, farthest = (float(arrives[k:].sum()) / total for k in (near, farther))  # from the losses more than k steps away
mean = float((tau * arrives).sum()) / total  # how far the arriving gradient has come, on average

whole = f"\\sum_{{\\tau=1}}^{{{T}}} f^\\tau"
beyond = lambda k: f"\\sum_{{\\tau={k + 1}}}^{{{T}}} f^\\tau \\big/ {whole}"  # noqa: E731
print(f"- ${whole}$ = **{answer('total', total, '.2f')}**, $\\quad f / (1 - f)$ = {named('limit', f / (1 - f), '.0f')}")
print(f"- ${beyond(near)}$ = **{answer('far', far, '.3f')}**, $\\quad {beyond(farther)}$ = "
      f"{named('farthest', farthest, '.3f')}")
print(f"- $\\sum_\\tau \\tau f^\\tau \\big/ {whole}$ = {named('mean', mean, '.1f')}, $\\quad 1/(1 - f)$ = "
      f"{named('horizon', 1 / (1 - f), '.0f')}")
