import math

import torch
from gated import answer, named, sigmoid
from torch import nn

H, b_f = 32, 2.0
with torch.random.fork_rng():  # leave the global generator as it was
    torch.manual_seed(0)
    lstm = nn.LSTM(input_size=4, hidden_size=H)
with torch.no_grad():
    lstm.bias_ih_l0[H:2 * H] = b_f  # rows H to 2H − 1; bias_hh_l0 keeps its draw from U(−1/√H, 1/√H)
total = (lstm.bias_ih_l0[H:2 * H] + lstm.bias_hh_l0[H:2 * H]).detach().numpy()

k = 1 / math.sqrt(H)
low, high = float(sigmoid(b_f - k)), float(sigmoid(b_f + k))
gates = sigmoid(total)
assert low <= gates.min() and gates.max() <= high

print(f"- $1/\\sqrt H$ = {named('k', k, '.3f')}, $\\quad \\sigma(b_f)$ = {named('exact', float(sigmoid(b_f)), '.3f')}")
print(f"- $\\sigma(b_f - 1/\\sqrt H)$ = **{answer('low', low, '.3f')}**, $\\quad \\sigma(b_f + 1/\\sqrt H)$ = "
      f"**{answer('high', high, '.3f')}**")
print(f"- `nn.LSTM`: $\\min \\sigma$ = {named('min', float(gates.min()), '.3f')}, $\\quad \\max \\sigma$ = "
      f"{named('max', float(gates.max()), '.3f')}")
