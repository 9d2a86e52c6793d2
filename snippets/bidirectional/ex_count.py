from gated import count
from gated.render import number
from gated.chapter.experiments import bidirectional

s = bidirectional.Setup()
formula = count("lstm", s.d, s.H, biases=2, bidirectional=True)
measured = bidirectional.check().params  # what nn.LSTM holds
assert formula == measured

per_direction = count("lstm", s.d, s.H, biases=2)
print(f"$2 \\cdot 4\\,(Hd + H^2 + 2H)$ = 2 · {number(per_direction, ',d')} = **{number(formula, ',d')}**\n")
print(f"`sum(p.numel() for p in lstm.parameters())` → **{number(measured, ',d')}**")
