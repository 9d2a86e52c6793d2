import numpy as np
from gated import answer, named, variants
from gated.variants import PeepholeParams

d = H = 128
lstm, peephole = variants.count("lstm", d, H), variants.count("peephole", d, H)
assert peephole == variants.size(PeepholeParams.random(np.random.default_rng(0), d, H))  # what the cell holds
extra = peephole - lstm

print(f"- $4\\,(Hd + H^2 + H)$ = {named('lstm', lstm, ',d')}")
print(f"- $4\\,(Hd + H^2 + H) + 3H$ = **{answer('peephole', peephole, ',d')}**")
print(f"- $3H / 4\\,(Hd + H^2 + H)$ = **{answer('share', extra / lstm, '.2%')}**")
