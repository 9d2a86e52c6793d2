from gated import markdown, tables
from gated.torch import bidirectional

check = bidirectional.check()
print(markdown(tables.shapes(check.shapes._asdict())))
print(markdown(tables.halves(check.forward, check.backward, bidirectional.SETUP.t)))

t = bidirectional.SETUP.t
assert (check.forward[t + 1:] == 0).all() and (check.forward[: t + 1] > 0).all()  # sees only the past
assert (check.backward[:t] == 0).all() and (check.backward[t:] > 0).all()  # sees only the future
