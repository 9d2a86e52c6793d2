from gated import claims
from gated.chapter.experiments import practice

data = practice.run()
print(claims.shown(practice.claims(data)[5:]))
