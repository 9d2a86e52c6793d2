import numpy as np
from gated import answer, highway, named

low, high, each = 0.9, 0.99, 20
gates = np.r_[np.full(each, low), np.full(each, high)]  # 2 × 20 steps
orders = 5
shares = [np.prod(np.random.default_rng(k).permutation(gates)) for k in range(orders)]
mean_f = float(np.sqrt(low * high))  # the constant gate with the same product
assert np.allclose(shares, shares[0])
assert np.isclose(shares[0], highway.decay((mean_f,), (2 * each,))[0, 0])

print(f"- $f_1 f_2 \\cdots f_{{{2 * each}}}$ = **{answer('share', shares[0], '.4f')}**, $\\quad N_\\pi$ = {named('orders', orders, 'd')}")
print(f"- $\\sqrt{{{low} \\cdot {high}}}$ = **{answer('mean', mean_f, '.4f')}**, $\\quad ({low} + {high}) / 2$ = "
      f"{named('arithmetic', (low + high) / 2, '.3f')}")
