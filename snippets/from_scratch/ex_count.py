from gated import answer, count, named
from gated.chapter.experiments import scratch

H, V = scratch.Setup().H, len(set(scratch.corpus()))
cell = scratch.LSTM(V, H)
library = scratch.to_library(cell)
size = lambda ps: sum(p.numel() for p in ps)  # noqa: E731

ours = size(cell.parameters())
theirs = size(library.parameters())
trained = size(p for p in library.parameters() if p.requires_grad)
assert ours == count("lstm", V, H) == trained and theirs == count("lstm", V, H, biases=2)

print(f"- $d = V$ = {named('V', V, 'd')}, $\\quad H$ = {named('H', H, 'd')}")
print(f"- $4\\,(HV + H^2 + H)$ = **{answer('ours', ours, ',d')}**")
print(f"- $4\\,(HV + H^2 + 2H)$ = **{answer('theirs', theirs, ',d')}**, $\\quad 4H$ = "
      f"**{answer('frozen', theirs - trained, ',d')}**")
