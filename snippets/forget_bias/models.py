from gated import highway, markdown, named
from gated.chapter import trained_gates
from gated.chapter.experiments import forget_bias, gradients

tau = gradients.Bounds().tau
data = gradients.run()  # the highway page's measurement
print(markdown(gradients.models(data, tau)))

plain = gradients.at(data, "lstm pytorch 0", tau) / gradients.at(data, "rnn pytorch", tau)  # both at PyTorch's init
task = forget_bias.Task()
ts = trained_gates.traces(trained_gates.weights(task.seeds[0]))  # the first b_f = 2 run
proxy = float(highway.retained(max(task.biases), task.T - 1))  # the same T − 1 gates, each at σ(b_f)
print()
share = max(gradients.line_shares(data, tau))  # the memory line alone, of the whole cell, at the largest
ratio = "$\\lVert v \\odot f_\\tau \\cdots f_1 \\rVert$ / $\\lVert \\partial L / \\partial c_0 \\rVert$"  # apart, to wrap
print(f"- $\\tau = {tau}$, PyTorch: LSTM ($b_f = 0$) / RNN = {named('plain', plain, '.0f')}×, "
      f"$\\quad \\max_{{b_f}}$ {ratio} = {named('share_high', share, '.1%')}")
print(f"- $\\min_t f_t$ = {named('lowest', trained_gates.lowest(ts), '.3f')}, "
      f"$\\quad \\max \\prod_{{t=2}}^{{T}} f_t$ = {named('line', trained_gates.line(ts), '.2f')}, "
      f"$\\quad \\sigma(b_f)^{{{task.T - 1}}}$ = {named('proxy', proxy, '.3f')}, "
      f"$\\quad \\Delta c_T / \\Delta c_1$ = {named('growth', trained_gates.growth(ts), '.0f')}×")
