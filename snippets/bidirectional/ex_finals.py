import torch
from gated import Below, Table, answer, markdown, named
from gated.chapter.experiments import bidirectional
from gated.render import Column

c = bidirectional.check()
forward_last, backward_first, backward_last = c.finals
assert backward_last > 1e-3

rows = (("`h_n[0]` − `y[-1, :, :H]`", Below(forward_last, 1e-12)),  # equal but for rounding: the bound is shown
        ("`h_n[1]` − `y[0, :, H:]`", Below(backward_first, 1e-12)),
        ("`h_n[1]` − `y[-1, :, H:]`", backward_last))
print(markdown(Table((Column(""), Column("$\\max\\lvert\\Delta\\rvert$", ".1×")),
                     rows)))

s = c.setup  # the same layer as the check above, searched at every position
with torch.random.fork_rng():
    torch.manual_seed(s.seed)
    lstm = torch.nn.LSTM(s.d, s.H, bidirectional=True, dtype=torch.float64)
    x = torch.randn(s.T, s.batch, s.d, dtype=torch.float64)
with torch.no_grad():
    y, (h_n, _) = lstm(x)  # (T, B, 2H), (2, B, H)
found = [[t + 1 for t in range(s.T) if float((y[t, :, k * s.H:(k + 1) * s.H] - h_n[k]).abs().max()) < 1e-12]
         for k in range(2)]  # positions counted from 1
assert all(len(f) == 1 for f in found)
print()
print(f"- $\\overrightarrow{{h}}$: $t$ = **{answer('forward', found[0][0], 'd')}**, $\\quad \\overleftarrow{{h}}$: $t$ = "
      f"**{answer('backward', found[1][0], 'd')}**, $\\quad T$ = {named('T', s.T, 'd')}")
