from gated import claims, figure, markdown
from gated.chapter import plots
from gated.chapter.experiments import gradients

data = gradients.run()
print(figure(plots.gradient_norms(data)))
print(markdown(gradients.table(data)))

checked = gradients.claims(data)
print(markdown(claims.table(checked)))
claims.check(checked)
