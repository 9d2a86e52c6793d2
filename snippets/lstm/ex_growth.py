import numpy as np
from gated import LSTMParams, language, render, unroll

T, big = 100, 10.0
rng = np.random.default_rng(0)
p = LSTMParams.random(rng, d=3, H=4)
p = p._replace(**{k: getattr(p, k)._replace(b=np.full(4, big)) for k in ("f", "i", "c")})  # all wide open
steps = unroll(p, rng.normal(size=(T, 3)))  # (T, H) each

t = np.arange(1, T + 1)[:, None]
assert np.all(np.abs(steps.c) < t)  # |c_t| < t: one bounded term per step
assert np.all(np.abs(steps.h) < 1)  # h_t = o_t tanh(c_t) stays in (−1, 1)

n = render.number
c_T, h_max = float(np.abs(steps.c[-1]).max()), float(np.abs(steps.h).max())
if language() == "ru":
    print(f"Оценка: $|f_t c_{{t-1}}| \\le |c_{{t-1}}|$ и $|i_t \\tilde c_t| < 1$, поэтому "
          f"$|c_t| < |c_{{t-1}}| + 1$, и из $c_0 = 0$ получаем $|c_t| < t$: рост не быстрее линейного. "
          f"Ячейка, у которой гейты забывания и входной, а также кандидат открыты смещением ${n(big, 'g')}$, "
          f"почти достигает этой границы: через ${T}$ шагов $\\max|c_t| = {n(c_T, '.2f')}$, "
          f"тогда как $\\max|h_t| = {n(h_max, '.4f')}$ остаётся меньше единицы.")
else:
    print(f"The bound: $|f_t c_{{t-1}}| \\le |c_{{t-1}}|$ and $|i_t \\tilde c_t| < 1$, so "
          f"$|c_t| < |c_{{t-1}}| + 1$, and from $c_0 = 0$ we get $|c_t| < t$: at most linear growth. "
          f"A cell whose forget gate, input gate and candidate are all pushed open by a bias of "
          f"${n(big, 'g')}$ comes close to the bound: after ${T}$ steps $\\max|c_t| = {n(c_T, '.2f')}$, "
          f"while $\\max|h_t| = {n(h_max, '.4f')}$ stays below one.")
