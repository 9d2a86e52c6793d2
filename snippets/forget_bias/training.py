from gated import claims, figure, markdown
from gated.chapter import plots
from gated.chapter.experiments import forget_bias

runs = forget_bias.run()
print(figure(plots.accuracy(runs)))
print(markdown(forget_bias.table(runs)))

checked = forget_bias.claims(runs)
print(markdown(claims.table(checked)))
claims.check(checked)
