from gated import claims
from gated.chapter.experiments import practice

data = practice.run()
print(f"> `UserWarning`: {data['warning']}\n")  # caught inside the run, so it never reaches this page's build
print(claims.shown(practice.claims(data)[4:5]))
