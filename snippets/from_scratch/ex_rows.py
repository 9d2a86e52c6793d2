from gated import Table, answer, markdown
from gated.render import Column
from gated.chapter.experiments import scratch
from gated.torch.weights import LSTM_ORDER, gate_rows

H, V = scratch.Setup().H, len(set(scratch.corpus()))
cell = scratch.LSTM(V, H)
library = scratch.to_library(cell)

rows = []
for k in LSTM_ORDER:
    r = gate_rows(H, k)
    gap = (library.weight_ih_l0[r] - cell.W[k]).abs().max().item()
    assert gap == 0  # the copies are exact, and the table prints 0
    rows.append((f"${k}$", f"`[{r.start}:{r.stop}]`", gap))

print(markdown(Table((Column(""), Column("`weight_ih_l0[rows]`"),
                      Column("$\\max\\lvert W_k - \\text{rows}\\rvert$", "g")), tuple(rows))))
f = gate_rows(H, "f")
print()
print(f"- $f$: **{answer('first', f.start, 'd')}** … **{answer('last', f.stop - 1, 'd')}**")
