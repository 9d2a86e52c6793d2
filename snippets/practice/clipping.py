from gated import claims
from gated.chapter.experiments import practice

data = practice.run()
print(claims.shown(practice.claims(data)[:2]))  # fails the block if a claim does not hold
