from gated import count
from gated.render import number

stack = dict(d=512, H=512, biases=2, layers=2, bidirectional=True)
lstm, gru = count("lstm", **stack), count("gru", **stack)
assert 4 * gru == 3 * lstm

print(f"- LSTM: {number(lstm, ',d')}")
print(f"- GRU: {number(gru, ',d')}")
print(f"- $\\Delta$ = {number(lstm - gru, ',d')} ({number(gru / lstm, '.0%')})")
