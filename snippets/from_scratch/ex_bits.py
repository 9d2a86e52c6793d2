import math

from gated import answer, named
from gated.chapter.experiments import scratch

loss = scratch.run().loss_scratch[-1]  # nats per character, at the last step of the run above
per_nat = math.log2(math.e)  # bits in one nat: log2 p = ln p * log2(e)
bits = loss * per_nat
assert math.isclose(2**bits, math.exp(loss))  # both units give the same perplexity

print(f"- $L$ = {named('nats', loss, '.3f')}, $\\quad \\log_2 e$ = {named('per_nat', per_nat, '.4f')}")
print(f"- $L \\log_2 e$ = **{answer('bits', bits, '.3f', within=0.005)}**")
print(f"- $e^L$ = {named('perplexity', math.exp(loss), '.1f')}")
