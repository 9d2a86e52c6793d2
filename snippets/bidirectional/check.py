from gated import markdown, named
from gated.chapter.experiments import bidirectional

check = bidirectional.check()
print(markdown(bidirectional.shapes(check)))
print(markdown(bidirectional.table(check)))  # positions counted from 1, as x_1, ..., x_T

t = check.setup.t  # 0-based, as PyTorch indexes: the page's position t + 1
assert (check.forward[t + 1:] == 0).all() and (check.forward[: t + 1] > 0).all()  # sees only the past
assert (check.backward[:t] == 0).all() and (check.backward[t:] > 0).all()  # sees only the future
print(f"- $t$ = {named('t', t + 1, 'd')}, $\\quad T$ = {named('T', check.setup.T, 'd')}")
