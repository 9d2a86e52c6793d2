from gated import markdown
from gated.chapter import checks
from gated.chapter.experiments import bidirectional

check = bidirectional.check()
print(markdown(checks.shapes(check.shapes._asdict())))
print(markdown(bidirectional.table(check)))

t = check.setup.t
assert (check.forward[t + 1:] == 0).all() and (check.forward[: t + 1] > 0).all()  # sees only the past
assert (check.backward[:t] == 0).all() and (check.backward[t:] > 0).all()  # sees only the future
