from gated import markdown
from gated.chapter import tables

print(f"$$\n{tables.lstm_weights()}\n$$\n")
print(markdown(tables.lstm_step()))
print(markdown(tables.lstm_update()))
