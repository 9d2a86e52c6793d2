from gated import markdown
from gated.chapter import tables

print(markdown(tables.params(d=100, H=500)))
