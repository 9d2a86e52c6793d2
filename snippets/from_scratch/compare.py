from gated import claims, figure, markdown
from gated.chapter import plots, tables
from gated.chapter.experiments import scratch

r = scratch.run()
print(markdown(tables.settings({**r.setup._asdict(), "characters": r.N, "vocabulary": r.V})))
print(figure(plots.losses(r.loss_scratch, r.loss_library)))
print(markdown(scratch.table(r)))
print(markdown(scratch.samples(r)))
print(claims.shown(scratch.claims(r)))  # fails the block if a claim does not hold
