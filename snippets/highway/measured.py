from gated import claims, figure, folded, markdown, named
from gated.chapter import plots
from gated.chapter.experiments import gradients

data = gradients.run()
print(figure(plots.gradient_norms(data)))
print(folded(gradients.FOLDED, markdown(gradients.table(data)),
             claims.shown(gradients.claims(data))))  # fails the block if a claim does not hold

tau = gradients.Bounds().tau  # the distance the claims hold up to
gap = gradients.at(data, "lstm pytorch 0", tau) / gradients.at(data, "rnn pytorch", tau)  # the same initialisation
s = gradients.Setup()  # the sizes `run` measures with
print()
print(f"- $d$ = {named('d', s.d, 'd')}, $\\quad H$ = {named('H', s.H, 'd')}, $\\quad$ `batch` = "
      f"{named('batch', s.batch, 'd')}")
# the same initialisation, PyTorch's, for both cells: the LSTM's gradient over the plain cell's at tau
print(f"- $\\tau = {tau}$: $\\lVert \\partial L / \\partial c_0 \\rVert$ LSTM ($b_f = 0$) / "
      f"$\\lVert \\partial L / \\partial h_0 \\rVert$ RNN = {named('plain_gap', gap, '.0f')}×")
