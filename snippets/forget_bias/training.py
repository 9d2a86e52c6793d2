from gated import claims, figure, markdown
from gated.chapter import plots
from gated.chapter.experiments import forget_bias

runs = forget_bias.run()
print(figure(plots.accuracy(runs)))
print(markdown(forget_bias.table(runs)))
print(claims.shown(forget_bias.claims(runs)))  # fails the block if a claim does not hold
