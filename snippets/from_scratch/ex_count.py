from gated import count
from gated.render import number
from gated.chapter.experiments import scratch

H, V = scratch.Setup().H, len(set(scratch.corpus()))
cell = scratch.LSTM(V, H)
library = scratch.to_library(cell)
size = lambda ps: sum(p.numel() for p in ps)  # noqa: E731

ours = size(cell.parameters())
theirs = size(library.parameters())
trained = size(p for p in library.parameters() if p.requires_grad)
assert ours == count("lstm", V, H) == trained and theirs == count("lstm", V, H, biases=2)

print(f"- $d = V$ = {V}, $H$ = {H}")
print(f"- $4\\,(HV + H^2 + H)$ = {number(ours, ',d')}")
print(f"- $4\\,(HV + H^2 + 2H)$ = {number(theirs, ',d')}, $\\quad 4H$ = {number(theirs - trained, ',d')}")
