from gated import claims, figure, markdown, named
from gated.chapter import checks, plots
from gated.chapter.experiments import scratch

r = scratch.run()
print(markdown(checks.settings(r.setup._asdict(), scratch.MEANING)))
print(figure(plots.losses(r.loss_scratch, r.loss_library, scratch.Bounds().agree)))

print(f"- $N$ = {named('N', r.N, ',d')}, $\\quad V$ = {named('V', r.V, 'd')}")
print()
print(markdown(scratch.table(r)))
print(markdown(scratch.samples(r)))
print(claims.shown(scratch.claims(r)))  # fails the block if a claim does not hold
