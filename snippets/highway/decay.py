from gated import markdown, tables

print(markdown(tables.decay()))
