import torch
from gated import answer, named
from torch import nn

g = torch.tensor([6.0, 8.0, 0.5], dtype=torch.float64)  # one gradient, three coordinates
by_value, by_norm = nn.Parameter(torch.zeros(3, dtype=torch.float64)), nn.Parameter(torch.zeros(3, dtype=torch.float64))
by_value.grad, by_norm.grad = g.clone(), g.clone()

nn.utils.clip_grad_value_([by_value], clip_value=1.0)  # every coordinate into [-1, 1]
nn.utils.clip_grad_norm_([by_norm], max_norm=1.0)  # the whole vector scaled to norm 1


def cosine(a: torch.Tensor) -> float:
    return float(torch.dot(a, g) / (a.norm() * g.norm()))


assert abs(float(by_norm.grad.norm()) - 1) < 1e-6 and cosine(by_norm.grad) > 1 - 1e-12
print(f"- `clip_grad_value_`: $\\lVert g \\rVert$ = **{answer('norm', float(by_value.grad.norm()), '.2f')}**, "
      f"$\\cos$ = **{answer('cosine', cosine(by_value.grad), '.3f')}**")
print(f"- `clip_grad_norm_`: $\\lVert g \\rVert$ = {named('clipped', float(by_norm.grad.norm()), '.2f')}, "
      f"$\\cos$ = {named('kept', cosine(by_norm.grad), '.2f')}")
