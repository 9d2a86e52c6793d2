import math

import torch
from gated import language, render, sigmoid
from torch import nn

H, b_f = 32, 2.0
with torch.random.fork_rng():  # leave the global generator as it was
    torch.manual_seed(0)
    lstm = nn.LSTM(input_size=4, hidden_size=H)
with torch.no_grad():
    lstm.bias_ih_l0[H:2 * H] = b_f  # bias_hh_l0 keeps its default draw from U(−1/√H, 1/√H)
total = (lstm.bias_ih_l0[H:2 * H] + lstm.bias_hh_l0[H:2 * H]).detach().numpy()

k = 1 / math.sqrt(H)
low, high = float(sigmoid(b_f - k)), float(sigmoid(b_f + k))
gates = sigmoid(total)
assert low <= gates.min() and gates.max() <= high

n = render.number
if language() == "ru":
    print(f"Смещение гейта складывается из двух векторов: $b_f = {n(b_f, 'g')} + u$, где "
          f"$u \\sim U(-1/\\sqrt H, 1/\\sqrt H)$, $1/\\sqrt{{{H}}} = {n(k, '.3f')}$. Поэтому $\\sigma(b_f)$ "
          f"оказывается где-то между $\\sigma({n(b_f - k, '.3f')}) = {n(low, '.3f')}$ и "
          f"$\\sigma({n(b_f + k, '.3f')}) = {n(high, '.3f')}$ вместо ровно ${n(float(sigmoid(b_f)), '.3f')}$. "
          f"В этой сети значения лежат от ${n(float(gates.min()), '.3f')}$ до ${n(float(gates.max()), '.3f')}$.")
else:
    print(f"The gate's bias is the sum of the two vectors: $b_f = {n(b_f, 'g')} + u$ with "
          f"$u \\sim U(-1/\\sqrt H, 1/\\sqrt H)$ and $1/\\sqrt{{{H}}} = {n(k, '.3f')}$. So $\\sigma(b_f)$ lands "
          f"anywhere between $\\sigma({n(b_f - k, '.3f')}) = {n(low, '.3f')}$ and "
          f"$\\sigma({n(b_f + k, '.3f')}) = {n(high, '.3f')}$ instead of exactly ${n(float(sigmoid(b_f)), '.3f')}$. "
          f"In this network the values range from ${n(float(gates.min()), '.3f')}$ to ${n(float(gates.max()), '.3f')}$.")
