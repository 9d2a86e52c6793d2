from gated.render import number
from gated.torch import bidirectional

forward_last, backward_first, backward_last = bidirectional.check().finals
assert forward_last < 1e-12 and backward_first < 1e-12 and backward_last > 1e-3

print("| | $\\max\\lvert\\Delta\\rvert$ |")
print("| --- | ---: |")
print(f"| `h_n[0]` − `y[-1, :, :H]` | {number(forward_last, '.1e')} |")
print(f"| `h_n[1]` − `y[0, :, H:]` | {number(backward_first, '.1e')} |")
print(f"| `h_n[1]` − `y[-1, :, H:]` | {number(backward_last, '.3f')} |")
