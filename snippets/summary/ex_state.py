from gated import Table, Text, markdown
from gated.render import Column, Formula

H = 128
rows = (("GRU", Formula("H", "H"), H),  # h
        ("LSTM", Formula("2H", "2H"), 2 * H),  # h and c
        ("BiLSTM", Formula("4H", "4H"), 2 * 2 * H))  # h and c, in each direction
print(markdown(Table((Column(Text("", "")), Column(Text("", "")), Column(Text("", ""), ",d")), rows)))
