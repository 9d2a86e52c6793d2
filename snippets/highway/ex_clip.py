import torch
from gated import answer, named
from torch import nn

norms = (3.0, 4.0, 12.0)  # the gradient norms of three tensors
params = [nn.Parameter(torch.zeros(2, dtype=torch.float64)) for _ in norms]
for k, (p, n) in enumerate(zip(params, norms)):
    p.grad = torch.tensor([n, 0.0] if k % 2 == 0 else [0.0, n], dtype=torch.float64)
before = torch.cat([p.grad for p in params])

total = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))  # the norm of all gradients as one vector
after = torch.cat([p.grad for p in params])
assert abs(total - float(torch.tensor(norms).norm())) < 1e-12 and abs(float(after.norm()) - 1) < 1e-6
assert float(torch.dot(before, after) / (before.norm() * after.norm())) > 1 - 1e-12  # the direction is kept

each = torch.cat([p.grad / p.grad.norm() for p in params])  # each tensor clipped to norm 1 on its own
cosine = float(torch.dot(before, each) / (before.norm() * each.norm()))
print(f"- `clip_grad_norm_` → **{answer('total', total, '.1f')}**, $\\quad \\lVert g_1 \\rVert$ = "
      f"**{answer('first', float(params[0].grad.norm()), '.3f')}**, $\\quad \\lVert g \\rVert$ = "
      f"{named('after', float(after.norm()), 'g')}")
print(f"- $\\cos(g, g_{{\\text{{each}}}})$ = **{answer('cosine', cosine, '.3f')}**")
