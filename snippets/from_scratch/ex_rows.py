from gated.render import number
from gated.torch import scratch
from gated.torch.weights import LSTM_ORDER, gate_rows

H, V = scratch.Setup().H, len(set(scratch.corpus()))
cell = scratch.LSTM(V, H)
library = scratch.to_library(cell)

print("| | `weight_ih_l0[rows]` | $\\max\\lvert\\Delta\\rvert$ |")
print("| --- | --- | ---: |")
for k in LSTM_ORDER:
    rows = gate_rows(H, k)
    gap = (library.weight_ih_l0[rows] - cell.W[k]).abs().max().item()
    assert gap == 0
    print(f"| ${k}$ | `[{rows.start}:{rows.stop}]` | {number(gap, '.1e')} |")
