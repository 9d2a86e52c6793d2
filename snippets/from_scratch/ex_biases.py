from gated import answer, named
from gated.chapter.experiments import scratch

H, V = scratch.Setup().H, len(set(scratch.corpus()))
library = scratch.to_library(scratch.LSTM(V, H))
library.bias_hh_l0.requires_grad_(True)  # both bias vectors trainable

x = library.weight_ih_l0.new_ones((5, 2, V))  # (T, B, d)
y, _ = library(x)
y.sum().backward()
g_ih, g_hh = library.bias_ih_l0.grad, library.bias_hh_l0.grad
gap = (g_ih - g_hh).abs().max().item()
assert gap == 0

lr = 0.1  # one SGD step on each vector moves their sum by lr * (g_ih + g_hh)
ratio = ((lr * (g_ih + g_hh)).norm() / (lr * g_ih).norm()).item()
print(f"- $\\max\\lvert g_{{ih}} - g_{{hh}}\\rvert$ = {named('gap', gap, 'g')}")
print(f"- $\\lVert \\Delta(b_{{ih}} + b_{{hh}}) \\rVert \\,/\\, \\lVert \\Delta b \\rVert$ = **{answer('ratio', ratio, '.3f')}**")
