from gated import figure, markdown, plots, tables
from gated.torch import scratch

r = scratch.run()
print(markdown(tables.settings({**scratch.SETUP._asdict(), "characters": r.N, "vocabulary": r.V})))
print(figure(plots.losses(r.loss_scratch, r.loss_library)))
print(markdown(tables.scratch(r)))
print(markdown(tables.samples(r)))

assert r.before < 1e-6  # the same function before training, to float32 precision
assert abs(r.loss_scratch - r.loss_library).max() < 1e-4  # and the same training run
assert r.loss_scratch[-50:].mean() < r.loss_scratch[:50].mean() - 1  # which learned something
