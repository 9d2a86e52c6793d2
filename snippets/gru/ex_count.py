from gated import Table, Text, count, markdown
from gated.render import Column, number

d, H, L = 64, 256, 3
inputs = [d] + [2 * H] * (L - 1)  # layer 1 reads x; the others read both directions of the layer below
layers = [count("gru", d_l, H, biases=2, bidirectional=True) for d_l in inputs]
total = count("gru", d, H, biases=2, layers=L, bidirectional=True)
assert sum(layers) == total

tex = lambda s: Text(s, s)  # noqa: E731  (a title that is only a formula)
columns = (Column(tex("$\\ell$"), "d"), Column(tex("$d_\\ell$"), ",d"),
           Column(tex("$2 \\cdot 3\\,(H d_\\ell + H^2 + 2H)$"), ",d"))
print(markdown(Table(columns, tuple((l + 1, d_l, n) for l, (d_l, n) in enumerate(zip(inputs, layers))))))
print(f"$N$ = **{number(total, ',d')}**\n")

one_bias = count("gru", d, H, layers=L, bidirectional=True)
lstm = count("lstm", d, H, biases=2, layers=L, bidirectional=True)
print(f"$N_{{1b}}$ = {number(one_bias, ',d')}, $\\quad N - N_{{1b}}$ = {number(total - one_bias, ',d')},"
      f" $\\quad N / N_{{\\mathrm{{LSTM}}}}$ = {number(total / lstm, '.0%')}")
