from gated import claims, figure, markdown
from gated.chapter import plots
from gated.chapter.experiments import gradients

data = gradients.run()
print(figure(plots.gradient_norms(data)))
print(markdown(gradients.table(data)))
print(claims.shown(gradients.claims(data)))  # fails the block if a claim does not hold
