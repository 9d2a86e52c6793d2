from gated import Text, claims, figure, markdown, named
from gated.chapter import checks, plots
from gated.chapter.experiments import scratch

r = scratch.run()
print(markdown(checks.settings(r.setup._asdict())))
print(figure(plots.losses(r.loss_scratch, r.loss_library, scratch.Bounds().agree)))

base = scratch.baselines()  # what the text itself allows: no context, each letter's frequency, one letter back
bounds = scratch.Bounds()  # the steps, counted from 1, where the curves flatten for the first time, among them
start, end = bounds.early_from, bounds.early_to
span = f"{named('early_from', start, 'd')}–{named('early_to', end, 'd')}"
plateau = named("plateau", scratch.plateau(r), ".2f")
print(Text(f"- the text: {named('N', r.N, ',d')} characters, $V$ = {named('V', r.V, 'd')}\n"
           f"- every character alike, $\\ln V$: {named('uniform', base.uniform, '.2f')} nats\n"
           f"- each character at its frequency (the entropy of the letter frequencies): "
           f"{named('unigram', base.unigram, '.2f')} nats\n"
           f"- the next character given the previous one: {named('bigram', base.bigram, '.2f')} nats\n"
           f"- from scratch, mean loss over steps {span}: {plateau} nats; "
           f"at step {len(r.loss_scratch)}: {named('final', r.loss_scratch[-1], '.2f')} nats",
           f"- текст: {named('N', r.N, ',d')} символа, $V$ = {named('V', r.V, 'd')}\n"
           f"- все символы равновероятны, $\\ln V$: {named('uniform', base.uniform, '.2f')} ната\n"
           f"- каждый символ со своей частотой (энтропия частот букв): {named('unigram', base.unigram, '.2f')} ната\n"
           f"- следующий символ при известном предыдущем: {named('bigram', base.bigram, '.2f')} ната\n"
           f"- модель с нуля, средние потери на шагах {span}: {plateau} ната; "
           f"на шаге {len(r.loss_scratch)}: {named('final', r.loss_scratch[-1], '.2f')} ната"))
print()
print(markdown(scratch.table(r)))
print(markdown(scratch.samples(r)))
print(claims.shown(scratch.claims(r)))  # fails the block if a claim does not hold
