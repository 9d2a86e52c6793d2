import math

from gated import claims, figure, markdown, named
from gated.chapter import checks, plots
from gated.chapter.experiments import scratch

r = scratch.run()
print(markdown(checks.settings(r.setup._asdict(), scratch.MEANING)))
print(figure(plots.losses(r.loss_scratch, r.loss_library, scratch.Bounds().agree)))

base = scratch.baselines()  # what the text itself allows: no context, each letter's frequency, one letter back
bounds = scratch.Bounds()  # the steps, counted from 1, where the curves flatten for the first time, among them
start, end, T = named("early_from", bounds.early_from, "d"), named("early_to", bounds.early_to, "d"), len(r.loss_scratch)
print(f"- $N$ = {named('N', r.N, ',d')}, $\\quad V$ = {named('V', r.V, 'd')}")
print(f"- $\\ln V$ = {named('uniform', base.uniform, '.2f')}, $\\quad H(x_t)$ = {named('unigram', base.unigram, '.2f')},"
      f" $\\quad H(x_t \\mid x_{{t-1}})$ = {named('bigram', base.bigram, '.2f')}")
print(f"- $t$ = {start}–{end}: $\\bar L$ = {named('plateau', scratch.plateau(r), '.2f')}, $\\quad L_{{{T}}}$ = "
      f"{named('final', r.loss_scratch[-1], '.3f')}")
print(f"- $e^{{\\ln V}}$ = {named('ppl_uniform', math.exp(base.uniform), '.0f')}, $\\quad e^{{L_{{{T}}}}}$ = "
      f"{named('perplexity', math.exp(r.loss_scratch[-1]), '.1f')}")  # perplexity: e to the loss in nats
print()
print(markdown(scratch.table(r)))
print(markdown(scratch.samples(r)))
print(claims.shown(scratch.claims(r)))  # fails the block if a claim does not hold
