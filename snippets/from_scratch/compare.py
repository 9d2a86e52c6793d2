from gated import claims, figure, markdown, plots, tables
from gated.torch import scratch

r = scratch.run()
print(markdown(tables.settings({**r.setup._asdict(), "characters": r.N, "vocabulary": r.V})))
print(figure(plots.losses(r.loss_scratch, r.loss_library)))
print(markdown(tables.scratch(r)))
print(markdown(tables.samples(r)))

checked = scratch.claims(r)
print(markdown(claims.table(checked)))
claims.check(checked)
