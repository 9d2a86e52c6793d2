from gated import markdown
from gated.chapter import tables

print(markdown(tables.lstm_step()))
print(markdown(tables.lstm_update()))
