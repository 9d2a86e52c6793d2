from gated import gru_step, sigmoid, to_torch_convention, torch_gru_step
from gated.chapter import examples
from gated.render import number

e = examples.TWO_UNIT_GRU
x, zero = e.x, 0 * e.h  # h_{t-1} = 0
q = to_torch_convention(e.params)  # b'_h = 0, as on this page
b_prime = zero + 0.5  # now b'_h = (0.5, 0.5)

r = sigmoid(q.r(x, zero))
before = torch_gru_step(q, x, zero).n  # equals the chapter's candidate when b'_h = 0
assert abs(before - gru_step(e.params, x, zero).h_tilde).max() < 1e-15
after = torch_gru_step(q._replace(b_hn=b_prime), x, zero).n
vec = lambda v: "(" + ", ".join(number(float(a), ".4f") for a in v) + ")"  # noqa: E731
print(f"- $r_t = {vec(r)}$, $\\quad r_t \\odot b'_h = {vec(r * b_prime)}$")
print(f"- $b'_h = 0$: $\\quad\\tilde h_t = {vec(before)}$")
print(f"- $b'_h = {vec(b_prime)}$: $\\quad\\tilde h_t = {vec(after)}$")
