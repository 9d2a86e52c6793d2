from functools import cache

from gated import answer, named

T, L = 100, 2  # tokens, layers


def chain(bidirectional: bool) -> int:  # the longest run of cell steps that must happen one after another
    directions = (1, -1) if bidirectional else (1,)

    @cache
    def done(layer: int, direction: int, t: int) -> int:  # steps on the longest chain that ends with this one
        before = [done(layer, direction, t - direction)] if 0 <= t - direction < T else []
        if layer > 0:  # the layer below must have produced position t, in every direction it runs
            before += [done(layer - 1, e, t) for e in directions]
        return 1 + max(before, default=0)

    return max(done(L - 1, e, t) for e in directions for t in range(T))


one_way, both_ways = chain(False), chain(True)
assert one_way == T + L - 1 and both_ways == L * T

print(f"- $T$ = {named('T', T, 'd')}, $\\quad L$ = {named('L', L, 'd')}")
print(f"- $\\rightarrow$: **{answer('one_way', one_way, 'd')}**, $\\quad \\leftrightarrow$: "
      f"**{answer('both_ways', both_ways, 'd')}**, $\\quad L \\cdot T$ = {named('steps', L * T, 'd')}")
