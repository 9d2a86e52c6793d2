from gated import markdown, tables

print(markdown(tables.params(d=100, H=500)))
