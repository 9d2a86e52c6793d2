from gated import figure, named
from gated.chapter import unrolled

print(figure(unrolled.memory_line()))
n, left = unrolled.STEPS, unrolled.shares()  # what reaches c_0 … c_n and h_0 … h_n of a gradient at step n
spec = unrolled.SPEC  # the decimals each line is printed to
print(f"- $n$ = {named('steps', n, 'd')}, $\\quad {unrolled.FORGET:g}^n$ = {named('c', left['c'][0], spec['c'])},"
      f" $\\quad {unrolled.PLAIN:g}^n$ = {named('h', left['h'][0], spec['h'])}")
