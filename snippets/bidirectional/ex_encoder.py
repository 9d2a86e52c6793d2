from gated import count
from gated.render import number

d = H = 128
state = 2 * 2 * H  # (h, c), two directions, H numbers each: per sentence
params = count("lstm", d, H, biases=2, bidirectional=True)
assert params == 2 * count("lstm", d, H, biases=2)

print(f"- $h_n, c_n$: $4H$ = {number(state, ',d')}")
print(f"- $2 \\cdot 4\\,(Hd + H^2 + 2H)$ = {number(params, ',d')}")
