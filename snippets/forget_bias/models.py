from gated import markdown, named
from gated.chapter import trained_gates
from gated.chapter.experiments import forget_bias, gradients

tau = gradients.Bounds().tau
data = gradients.run()  # the highway page's measurement
print(markdown(gradients.models(data, tau)))

plain = gradients.at(data, "lstm pytorch 0", tau) / gradients.at(data, "rnn pytorch", tau)  # both at PyTorch's init
ts = trained_gates.traces(trained_gates.weights(forget_bias.Task().seeds[0]))  # the first b_f = 2 run
print()
print(f"- $\\tau = {tau}$, PyTorch: LSTM ($b_f = 0$) / RNN = {named('plain', plain, '.0f')}×")
print(f"- $\\max \\prod_{{t=2}}^{{T}} f_t$ = {named('line', trained_gates.line(ts), '.2f')}, "
      f"$\\quad \\Delta c_T / \\Delta c_1$ = {named('growth', trained_gates.growth(ts), '.0f')}×")
