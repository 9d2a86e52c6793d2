from gated import markdown, tables

print(markdown(tables.lstm_step()))
print(markdown(tables.lstm_update()))
