from gated import markdown
from gated.chapter import tables

print(markdown(tables.worked()))
print(f"$$\n{tables.worked_updates()}\n$$")
