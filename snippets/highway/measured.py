from gated import Text, claims, figure, markdown, named
from gated.chapter import plots
from gated.chapter.experiments import gradients

data = gradients.run()
print(figure(plots.gradient_norms(data)))
print(markdown(gradients.table(data)))
print(claims.shown(gradients.claims(data)))  # fails the block if a claim does not hold

tau = gradients.Bounds().tau  # the distance the claims hold up to
gap = gradients.at(data, "lstm pytorch 0", tau) / gradients.at(data, "rnn pytorch", tau)  # the same initialisation
s = gradients.Setup()  # the sizes `run` measures with
print()
sizes = f"- $d$ = {named('d', s.d, 'd')}, $\\quad H$ = {named('H', s.H, 'd')}, $\\quad$ "
print(Text(sizes + f"batch = {named('batch', s.batch, 'd')}", sizes + f"батч = {named('batch', s.batch, 'd')}"))
print(Text(f"- PyTorch's weights, $\\tau = {tau}$: LSTM $b_f = 0$ / plain RNN = {named('plain_gap', gap, '.0f')}×",
           f"- веса PyTorch, $\\tau = {tau}$: LSTM $b_f = 0$ / обычная RNN = {named('plain_gap', gap, '.0f')}×"))
