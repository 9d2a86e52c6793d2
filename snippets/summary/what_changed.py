from gated import markdown, tables

print(markdown(tables.what_changed()))
