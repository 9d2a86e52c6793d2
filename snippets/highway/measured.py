from gated import claims, figure, markdown, plots, tables
from gated.torch import gradients

data = gradients.run()
print(figure(plots.gradient_norms(data)))
print(markdown(tables.gradient_norms(data)))

checked = gradients.claims(data)
print(markdown(claims.table(checked)))
claims.check(checked)
