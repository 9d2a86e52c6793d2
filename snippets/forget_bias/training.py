from gated import claims, figure, markdown, plots
from gated.torch import forget_bias

runs = forget_bias.run()
print(figure(plots.accuracy(runs)))
print(markdown(forget_bias.table(runs)))

checked = forget_bias.claims(runs)
print(markdown(claims.table(checked)))
claims.check(checked)
