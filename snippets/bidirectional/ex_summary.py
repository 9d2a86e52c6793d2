from gated import answer, count, n_parameters, named
from torch import nn

d = H_lstm = 128
state = 2 * 2 * H_lstm  # h and c for each of two directions: what the LSTM encoder hands on per sentence
H = state // 2  # a GRU's final state is h alone, one per direction
params = count("gru", d, H, biases=2, bidirectional=True)
lstm = count("lstm", d, H_lstm, biases=2, bidirectional=True)
assert params == n_parameters(nn.GRU(d, H, bidirectional=True))
assert lstm == n_parameters(nn.LSTM(d, H_lstm, bidirectional=True))

print(f"- $2 \\cdot 2H$ = {named('state', state, ',d')} $= 2H'$: $H'$ = **{answer('H', H, 'd')}**")
print(f"- GRU: $2 \\cdot 3\\,(H'd + H'^2 + 2H')$ = **{answer('params', params, ',d')}**, $\\quad$ "
      f"LSTM: $2 \\cdot 4\\,(Hd + H^2 + 2H)$ = {named('lstm', lstm, ',d')}")
print(f"- GRU / LSTM: {named('ratio', params / lstm, '.2f')}")
