from gated import answer, count, n_parameters
from torch import nn

d = H = 128
state = 2 * 2 * H  # (h, c), two directions, H numbers each: per sentence
encoder = nn.LSTM(d, H, bidirectional=True)
params = count("lstm", d, H, biases=2, bidirectional=True)
assert params == n_parameters(encoder) == 2 * count("lstm", d, H, biases=2)

print(f"- $h_n, c_n$: $4H$ = **{answer('state', state, ',d')}**")
print(f"- $2 \\cdot 4\\,(Hd + H^2 + 2H)$ = **{answer('params', params, ',d')}**")
