from gated import figure
from gated.chapter import directions

print(figure(directions.two_directions()))
