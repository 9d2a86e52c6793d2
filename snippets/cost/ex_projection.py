from gated import language, n_parameters, render
from gated.chapter.experiments import seq2seq
from torch import nn

H = 128
one = 2 * H * H + H  # a (2H → H) matrix and a bias of H
assert one == n_parameters(nn.Linear(2 * H, H))
assert 2 * one == seq2seq.breakdown()["projections"]

n = render.number
if language() == "ru":
    print(f"`h_proj` переводит $2H = {2 * H}$ чисел в $H = {H}$: матрица ${2 * H} \\times {H}$ и смещение из ${H}$, "
          f"всего {n(one, ',d')}. У `c_proj` столько же, вместе {n(2 * one, ',d')}.")
else:
    print(f"`h_proj` maps $2H = {2 * H}$ numbers to $H = {H}$: a ${2 * H} \\times {H}$ matrix and a bias of ${H}$, "
          f"{n(one, ',d')} in all. `c_proj` has as many, {n(2 * one, ',d')} together.")
