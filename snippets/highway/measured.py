from gated import figure, markdown, plots, tables
from gated.torch import gradients

data = gradients.measure()
print(figure(plots.gradient_norms(data)))
print(markdown(tables.gradient_norms(data)))

# What the page says, checked on every build:
for b_f in gradients.BIASES:
    predicted, small, default = (data[f"{kind} {b_f:g}"] for kind in ("predicted", "lstm textbook", "lstm pytorch"))
    assert all(1 / 3 < small[t] / predicted[t] < 3 for t in range(47))  # small weights: on the prediction
    assert default[46] > predicted[46]  # PyTorch's weights: slower decay than predicted
assert data["lstm pytorch 2"][46] > data["lstm pytorch 1"][46] > data["lstm pytorch 0"][46]
