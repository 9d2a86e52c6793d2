from gated import count
from gated.render import number

d, H, L = 64, 256, 3
layers = [count("gru", d if l == 0 else 2 * H, H, biases=2, bidirectional=True) for l in range(L)]
total = count("gru", d, H, biases=2, layers=L, bidirectional=True)
assert sum(layers) == total

print("| $\\ell$ | $d_\\ell$ | $2 \\cdot 3\\,(H d_\\ell + H^2 + 2H)$ |")
print("| ---: | ---: | ---: |")
for l, n in enumerate(layers):
    print(f"| {l + 1} | {d if l == 0 else 2 * H} | {number(n, ',d')} |")
print(f"| $\\sum$ | | **{number(total, ',d')}** |")
one_bias = count("gru", d, H, layers=L, bidirectional=True)
lstm = count("lstm", d, H, biases=2, layers=L, bidirectional=True)
print(f"\n$N_{{1b}}$ = {number(one_bias, ',d')}, $\\quad N - N_{{1b}}$ = {number(total - one_bias, ',d')},"
      f" $\\quad N / N_{{\\mathrm{{LSTM}}}}$ = {number(total / lstm, '.0%')}")
