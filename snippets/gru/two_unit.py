from gated import markdown, tables

print(markdown(tables.gru_step()))
