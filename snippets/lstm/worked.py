from gated import markdown, tables

print(markdown(tables.worked()))
print(f"$$\n{tables.worked_updates()}\n$$")
