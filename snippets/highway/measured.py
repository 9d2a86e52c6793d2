from gated import claims, figure, folded, markdown, named
from gated.chapter import plots
from gated.chapter.experiments import gradients

data = gradients.run()
print(figure(plots.gradient_norms(data)))
print(folded(gradients.FOLDED, markdown(gradients.table(data)),
             claims.shown(gradients.claims(data))))  # fails the block if a claim does not hold

tau = gradients.Bounds().tau  # the distance the claims hold up to
gap = gradients.at(data, "lstm pytorch 0", tau) / gradients.at(data, "rnn pytorch", tau)  # the same initialisation
shares = gradients.line_shares(data, tau)  # what the memory line alone brings, of what the whole cell brings
s = gradients.Setup()  # the sizes `run` measures with
print()
print(f"- $d$ = {named('d', s.d, 'd')}, $\\quad H$ = {named('H', s.H, 'd')}, $\\quad$ `batch` = "
      f"{named('batch', s.batch, 'd')}")
# the same initialisation, PyTorch's, for both cells: the LSTM's gradient over the plain cell's at tau
print(f"- $\\tau = {tau}$: $\\lVert \\partial L / \\partial c_0 \\rVert$ LSTM ($b_f = 0$) / "
      f"$\\lVert \\partial L / \\partial h_0 \\rVert$ RNN = {named('plain_gap', gap, '.0f')}×")
ratio = "\\lVert v \\odot f_\\tau \\cdots f_1 \\rVert \\big/ \\lVert \\partial L / \\partial c_0 \\rVert"
print(f"- $\\tau = {tau}$, PyTorch: $\\min_{{b_f}} {ratio}$ = {named('share_low', min(shares), '.1%')}, "
      f"$\\quad \\max_{{b_f}}$ = {named('share_high', max(shares), '.1%')}")
