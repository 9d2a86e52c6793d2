from gated import claims, markdown
from gated.chapter.experiments import practice

data = practice.run()
print(markdown(practice.table(data)))
print(claims.shown(practice.claims(data)[2:4]))
