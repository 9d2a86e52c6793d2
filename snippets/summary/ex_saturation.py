from gated import answer, named, sigmoid

shut = -6.0  # the gate's pre-activation
slope = lambda a: float(sigmoid(a) * (1 - sigmoid(a)))  # noqa: E731  (dσ/da = σ(1 − σ))
assert abs(slope(shut) - slope(-shut)) < 1e-15  # as slow to move wide open as shut

print(f"- $\\sigma({shut:g})$ = {named('gate', float(sigmoid(shut)), '.5f')}, $\\quad \\sigma'({shut:g})$ = "
      f"**{answer('slope', slope(shut), '.2×')}**")
print(f"- $\\sigma'(0) / \\sigma'({shut:g})$ = **{answer('ratio', slope(0.0) / slope(shut), '.0f')}**, $\\quad "
      f"\\sigma'(0)$ = {named('top', slope(0.0), '.2f')}")
