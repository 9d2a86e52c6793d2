from gated import count, language, n_parameters, render
from torch import nn

d, H, layers = 64, 256, 3
total = count("gru", d, H, biases=2, layers=layers, bidirectional=True)
assert total == n_parameters(nn.GRU(d, H, num_layers=layers, bidirectional=True))
first = count("gru", d, H, biases=2, bidirectional=True)
upper = count("gru", 2 * H, H, biases=2, bidirectional=True)  # layers 2 and 3 read 2H = 512 inputs
assert total == first + (layers - 1) * upper

n = render.number
if language() == "ru":
    print(f"Первый слой: $2 \\cdot 3\\,(Hd + H^2 + 2H)$ = {n(first, ',d')}. Второй и третий читают "
          f"$2H = {2 * H}$ входов: по {n(upper, ',d')}. Всего {n(total, ',d')} — столько же насчитывает "
          f"`nn.GRU({d}, {H}, num_layers={layers}, bidirectional=True)`.")
else:
    print(f"The first layer: $2 \\cdot 3\\,(Hd + H^2 + 2H)$ = {n(first, ',d')}. The second and third read "
          f"$2H = {2 * H}$ inputs: {n(upper, ',d')} each. In all {n(total, ',d')}, which is what "
          f"`nn.GRU({d}, {H}, num_layers={layers}, bidirectional=True)` holds.")
