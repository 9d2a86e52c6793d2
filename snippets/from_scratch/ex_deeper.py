import copy

import numpy as np
import torch
from gated import Table, answer, markdown, named
from gated.render import Column
from gated.chapter.experiments import scratch
from gated.torch.weights import LSTM_ORDER, from_torch, gate_rows

s = scratch.Setup()
H, V = s.H, len(set(scratch.corpus()))
with torch.random.fork_rng():  # leave the global generator as it was
    torch.manual_seed(s.seed)
    lstm = torch.nn.LSTM(V, H, num_layers=2, bidirectional=True, dtype=torch.float64)
    x = torch.randn(s.T, 1, V, dtype=torch.float64)  # (T, B, d)
with torch.no_grad():
    y = lstm(x)[0]  # (T, B, 2H): the top layer, forward then backward


def shut(k: int) -> tuple[float, float]:  # block k of the top layer's backward direction, closed by its bias
    closed = copy.deepcopy(lstm)
    with torch.no_grad():
        closed.bias_ih_l1_reverse[k * H:(k + 1) * H] = -50.0  # sigma(-50) ≈ 2e-22
        y_k, (_, c_n) = closed(x)
    assert torch.equal(y_k[..., :H], y[..., :H])  # the forward direction never reads it
    return y_k[..., H:].abs().max().item(), c_n[3].abs().max().item()  # c_n[2 * layer + direction]


rows, found = [], []
for k, gate in enumerate(LSTM_ORDER):
    h, c = shut(k)
    rows.append((f"${gate}$", f"`[{k * H}:{(k + 1) * H}]`", h, c))
    if h < 1e-12 < 1e-3 < c:  # no output, yet a memory: the output gate
        found.append(k)
(k,) = found
first, last = k * H, (k + 1) * H - 1
o = gate_rows(H, "o")
assert (first, last + 1) == (o.start, o.stop)
W, U = lstm.weight_ih_l1_reverse.detach().numpy(), lstm.weight_hh_l1_reverse.detach().numpy()
assert U.shape == (4 * H, H) and np.array_equal(from_torch(lstm)[1][1].o.U, U[first:last + 1])
assert W.shape == (4 * H, 2 * H)  # the layer below hands up both directions

print(f"- $d = V$ = {named('V', V, 'd')}, $\\quad H$ = {named('H', H, 'd')}")
print()
print(markdown(Table((Column(""), Column("`bias_ih_l1_reverse[kH:(k+1)H]`"),
                      Column("$\\max\\lvert\\overleftarrow{h}\\rvert$", ".1×"),
                      Column("$\\max\\lvert\\overleftarrow{c}\\rvert$", ".1×")), tuple(rows))))
print()
print(f"- `weight_hh_l1_reverse` $(4H, H)$, $o$: **{answer('first', first, 'd')}** … **{answer('last', last, 'd')}**")
print(f"- `weight_ih_l1_reverse` $(4H, 2H)$: **{answer('columns', W.shape[1], 'd')}**")
