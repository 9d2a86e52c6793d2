import numpy as np
from gated import LSTMParams, below, lstm_step, named, sigmoid

rng = np.random.default_rng(1)
d, H, n = 3, 2, 4
p = LSTMParams.random(rng, d=d, H=H)
X, H_prev, C_prev = rng.normal(size=(n, d)), rng.normal(size=(n, H)), rng.normal(size=(n, H))  # one example a row

W_xf, W_hf = p.f.W.T, p.f.U.T  # (d, H) and (H, H): the batched form's matrices
F = sigmoid(X @ W_xf + H_prev @ W_hf + p.f.b)  # (n, H), the bias added to every row
columns = np.stack([sigmoid(p.f.W @ x + p.f.U @ h + p.f.b) for x, h in zip(X, H_prev)])  # W_f x_t, one at a time
gap = float(max(np.abs(F - columns).max(), np.abs(F - lstm_step(p, X, H_prev, C_prev).f).max()))  # rounding only

print(f"- $W_{{xf}} = W_f^\\top$, $\\quad W_{{hf}} = U_f^\\top$, $\\quad n$ = {named('n', n, 'd')}")
print(f"- $\\max \\bigl\\lvert \\sigma(X_t W_{{xf}} + H_{{t-1}} W_{{hf}} + b_f) - \\sigma(W_f x_t + U_f h_{{t-1}} + b_f)"
      f" \\bigr\\rvert$ {below(gap, 1e-15, key='tol')}")
