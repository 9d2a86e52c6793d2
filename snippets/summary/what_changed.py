from gated import markdown
from gated.chapter import tables

print(markdown(tables.what_changed()))
