from collections import Counter

import numpy as np

from gated import Text, claims, figure, markdown, named
from gated.chapter import checks, plots
from gated.chapter.experiments import scratch

r = scratch.run()
print(markdown(checks.settings(r.setup._asdict())))
print(figure(plots.losses(r.loss_scratch, r.loss_library)))

# Baselines from the corpus: the loss of the best model that ignores context (each character at its frequency),
# and of the best that sees one character back (the entropy of the next character given the previous one).
text = scratch.corpus()
letters = np.array(list(Counter(text).values()), dtype=float)
p = letters / letters.sum()
unigram = float(-(p * np.log(p)).sum())
pairs, firsts = Counter(zip(text, text[1:])), Counter(text[:-1])
bigram = -sum(n * np.log(n / firsts[a]) for (a, _), n in pairs.items()) / (len(text) - 1)
early = range(10, 41)  # training steps, counted from 1, where the curves flatten for the first time
plateau = float(np.mean([r.loss_scratch[s - 1] for s in early]))
span = f"{named('early_from', early[0], 'd')}–{named('early_to', early[-1], 'd')}"
print(Text(f"- the text: {named('N', r.N, ',d')} characters, $V$ = {named('V', r.V, 'd')}\n"
           f"- every character alike, $\\ln V$: {named('uniform', np.log(r.V), '.2f')} nats\n"
           f"- each character at its frequency (the entropy of the letter frequencies): "
           f"{named('unigram', unigram, '.2f')} nats\n"
           f"- the next character given the previous one: {named('bigram', bigram, '.2f')} nats\n"
           f"- from scratch, mean loss over steps {span}: {named('plateau', plateau, '.2f')} nats; "
           f"at step {len(r.loss_scratch)}: {named('final', r.loss_scratch[-1], '.2f')} nats",
           f"- текст: {named('N', r.N, ',d')} символа, $V$ = {named('V', r.V, 'd')}\n"
           f"- все символы равновероятны, $\\ln V$: {named('uniform', np.log(r.V), '.2f')} ната\n"
           f"- каждый символ со своей частотой (энтропия частот букв): {named('unigram', unigram, '.2f')} ната\n"
           f"- следующий символ при известном предыдущем: {named('bigram', bigram, '.2f')} ната\n"
           f"- модель с нуля, средние потери на шагах {span}: {named('plateau', plateau, '.2f')} ната; "
           f"на шаге {len(r.loss_scratch)}: {named('final', r.loss_scratch[-1], '.2f')} ната"))
print()
print(markdown(scratch.table(r)))
print(markdown(scratch.samples(r)))
print(claims.shown(scratch.claims(r)))  # fails the block if a claim does not hold
