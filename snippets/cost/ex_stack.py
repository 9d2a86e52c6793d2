from gated import answer, count, n_parameters, named
from torch import nn

d, H, layers = 64, 256, 3
total = count("gru", d, H, biases=2, layers=layers, bidirectional=True)
gru = nn.GRU(d, H, num_layers=layers, bidirectional=True)
assert total == n_parameters(gru)
first = count("gru", d, H, biases=2, bidirectional=True)
upper = count("gru", 2 * H, H, biases=2, bidirectional=True)  # layers 2 and 3 read both directions below: 2H inputs
assert total == first + (layers - 1) * upper
second = sum(p.numel() for name, p in gru.named_parameters() if name.startswith("bias_hh"))  # 3H per direction
assert second == total - count("gru", d, H, layers=layers, bidirectional=True)

print(f"- $2 \\cdot 3\\,(Hd + H^2 + 2H)$ = {named('first', first, ',d')}")
print(f"- $2 \\cdot 3\\,(2H \\cdot H + H^2 + 2H)$ = {named('upper', upper, ',d')}")
print(f"- $N$ = **{answer('total', total, ',d')}**, $\\quad$ `bias_hh`: **{answer('second', second, ',d')}**")
