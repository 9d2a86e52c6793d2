from gated import claims
from gated.chapter.experiments import practice

data = practice.run()
print(f"> `UserWarning`: {data['warning']}\n")  # caught inside the run
print(claims.shown(practice.claims(data)[4:5]))
