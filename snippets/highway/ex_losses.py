import numpy as np
from gated import answer, highway, named

f, T, near = 0.95, 100, 20
tau = np.arange(1, T + 1)  # the loss at step τ is τ gates away from c_0
arrives = highway.decay((f,), tau)[:, 0]  # what each loss delivers to c_0 along the memory line: f^τ
total = float(arrives.sum())
assert abs(total - f * (1 - f**T) / (1 - f)) < 1e-12  # a geometric series
far = float(arrives[near:].sum()) / total  # from the losses more than `near` steps away
mean = float((tau * arrives).sum()) / total  # how far the arriving gradient has come, on average

whole = f"\\sum_{{\\tau=1}}^{{{T}}} f^\\tau"
print(f"- ${whole}$ = **{answer('total', total, '.2f')}**, $\\quad f / (1 - f)$ = {named('limit', f / (1 - f), '.0f')}")
print(f"- $\\sum_{{\\tau={near + 1}}}^{{{T}}} f^\\tau \\big/ {whole}$ = **{answer('far', far, '.3f')}**, $\\quad "
      f"\\sum_\\tau \\tau f^\\tau \\big/ {whole}$ = {named('mean', mean, '.1f')}")
