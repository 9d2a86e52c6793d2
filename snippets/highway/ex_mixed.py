import numpy as np
from gated import highway, language, render

low, high, each = 0.9, 0.99, 20
gates = np.r_[np.full(each, low), np.full(each, high)]  # 2 × 20 steps
shares = [np.prod(np.random.default_rng(k).permutation(gates)) for k in range(5)]
mean_f = float(np.sqrt(low * high))  # the constant gate with the same product
assert np.allclose(shares, shares[0])
assert np.isclose(shares[0], highway.decay((mean_f,), (2 * each,))[0, 0])

n = render.number
if language() == "ru":
    print(f"Доходит ${n(low, 'g')}^{{{each}}} \\cdot {n(high, 'g')}^{{{each}}} = {n(shares[0], '.4f')}$, "
          f"в каком бы порядке ни шли гейты (проверено на пяти перестановках). Тот же результат даёт "
          f"постоянный гейт $\\sqrt{{{n(low, 'g')} \\cdot {n(high, 'g')}}} = {n(mean_f, '.4f')}$ — "
          f"среднее геометрическое, а не арифметическое ${n((low + high) / 2, '.3f')}$.")
else:
    print(f"What arrives is ${n(low, 'g')}^{{{each}}} \\cdot {n(high, 'g')}^{{{each}}} = {n(shares[0], '.4f')}$, "
          f"whatever order the gates come in (checked on five permutations). A constant gate of "
          f"$\\sqrt{{{n(low, 'g')} \\cdot {n(high, 'g')}}} = {n(mean_f, '.4f')}$ gives the same: the geometric "
          f"mean, not the arithmetic ${n((low + high) / 2, '.3f')}$.")
