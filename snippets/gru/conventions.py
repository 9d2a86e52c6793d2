from gated import markdown, tables
from gated.torch import conventions

print(markdown(tables.conventions(conventions.compare())))
