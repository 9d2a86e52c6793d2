from gated import figure
from gated.chapter import gru_diagram

print(figure(gru_diagram.gru_step_figure()))
