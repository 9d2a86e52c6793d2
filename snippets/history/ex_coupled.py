import numpy as np
from gated import answer, named, variants
from gated.chapter import examples
from gated.variants import CIFGParams

e = examples.WORKED
p = CIFGParams(f=e.params.f, c=e.params.c, o=e.params.o)  # the worked example with its input gate dropped
s = variants.cifg_step(p, e.x, e.h, e.c)
kept, added = float(s.f[0] * e.c[0]), float(s.i[0] * s.c_tilde[0])
assert abs(s.i[0] - (1 - s.f[0])) < 1e-15 and abs(kept + added - s.c[0]) < 1e-12
assert min(e.c[0], s.c_tilde[0]) <= s.c[0] <= max(e.c[0], s.c_tilde[0])  # between the old memory and the candidate

print(f"- $f_t$ = {named('f', float(s.f[0]), '.4f')}, $\\quad i_t = 1 - f_t$ = {named('i', float(s.i[0]), '.4f')}")
print(f"- $f_t c_{{t-1}}$ = {named('kept', kept, '.3f')}, $\\quad (1 - f_t)\\,\\tilde c_t$ = "
      f"{named('added', added, '.4f')}, $\\quad c_t$ = **{answer('c', float(s.c[0]), '.3f')}**")
