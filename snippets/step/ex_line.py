from gated import answer, named
from gated.chapter import examples

f = float(examples.worked().f[0])  # keep multiplies c_{t-1} by f_t; write adds, with derivative 1
steps = 100
assert 0 < f**steps < f < 1

print(f"- $\\partial c_t / \\partial (f_t c_{{t-1}})$ = {named('add', 1, 'd')}")
print(f"- $\\partial (f_t c_{{t-1}}) / \\partial c_{{t-1}} = f_t$ = {named('f', f, '.4f')}")
print(f"- $f_t^{{{steps}}}$ = **{answer('left', f**steps, '.3f')}**")
