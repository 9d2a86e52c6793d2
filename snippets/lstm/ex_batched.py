import numpy as np
from gated import LSTMParams, language, lstm_step, render, sigmoid

rng = np.random.default_rng(1)
d, H, n_rows = 3, 2, 4
p = LSTMParams.random(rng, d=d, H=H)
X, H_prev, C_prev = rng.normal(size=(n_rows, d)), rng.normal(size=(n_rows, H)), rng.normal(size=(n_rows, H))

W_xf, W_hf = p.f.W.T, p.f.U.T  # (d, H) and (H, H): the textbook's matrices
F = sigmoid(X @ W_xf + H_prev @ W_hf + p.f.b)  # (n, H), the bias broadcast over the rows
gap = float(np.abs(F - lstm_step(p, X, H_prev, C_prev).f).max())
assert gap < 1e-12

if language() == "ru":
    print(f"$W_{{xf}} = W_f^\\top$ и $W_{{hf}} = U_f^\\top$. На батче из ${n_rows}$ строк "
          f"$\\sigma(X_t W_{{xf}} + H_{{t-1}} W_{{hf}} + b_f)$ совпадает с гейтом забывания из `lstm_step`: "
          f"наибольшее расхождение равно ${render.number(gap, 'g')}$.")
else:
    print(f"$W_{{xf}} = W_f^\\top$ and $W_{{hf}} = U_f^\\top$. On a batch of ${n_rows}$ rows, "
          f"$\\sigma(X_t W_{{xf}} + H_{{t-1}} W_{{hf}} + b_f)$ matches the forget gate of `lstm_step`: "
          f"the largest difference is ${render.number(gap, 'g')}$.")
