from gated import figure
from gated.chapter import diagram

print(figure(diagram.counterfactual()))
