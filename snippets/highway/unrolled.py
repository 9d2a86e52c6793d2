from gated import figure, named
from gated.chapter import unrolled

print(figure(unrolled.memory_line()))
n, left = unrolled.STEPS, unrolled.shares()  # what reaches c_0 … c_n and h_0 … h_n of a gradient at step n
print(f"- $n$ = {named('steps', n, 'd')}, $\\quad {unrolled.FORGET:g}^n$ = {named('c', left['c'][0], unrolled.SPEC['c'])},"
      f" $\\quad {unrolled.PLAIN:g}^n$ = {named('h', left['h'][0], unrolled.SPEC['h'])}")
