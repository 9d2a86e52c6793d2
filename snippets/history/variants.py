from gated import Table, Text, markdown, variants
from gated.render import Column, Formula

d, H = 100, 500
rows = (  # name, gates, the memory update
    (Text("1997 cell", "ячейка 1997 года"), "lstm1997", "i, o", "c_{t-1} + i \\odot \\tilde c"),
    (Text("LSTM", "LSTM"), "lstm", "f, i, o", "f \\odot c_{t-1} + i \\odot \\tilde c"),
    (Text("peepholes", "с «глазками»"), "peephole", "f, i, o", "f \\odot c_{t-1} + i \\odot \\tilde c"),
    (Text("CIFG", "CIFG"), "cifg", "f, o", "f \\odot c_{t-1} + (1 - f) \\odot \\tilde c"),
    (Text("GRU", "GRU"), "gru", "z, r", "(1 - z) \\odot h_{t-1} + z \\odot \\tilde h"),
)
lstm = variants.count("lstm", d, H)
assert variants.count("peephole", d, H) - lstm == 3 * H
one_fewer = {variants.count(key, d, H) for key in ("lstm1997", "cifg", "gru")}
assert one_fewer == {lstm * 3 // 4}  # one block fewer, whichever gate it served

print(markdown(Table(
    (Column(Text("variant", "вариант")), Column(Text("gates", "гейты")), Column(Text("update", "обновление")),
     Column(Text("blocks", "блоков"), "d"), Column(Text("parameters", "параметров"), ",d"),
     Column(Text("of the LSTM", "доля от LSTM"), ".2%")),
    tuple((name, Formula(gates, gates), Formula(update, update), variants.BLOCKS[key], variants.count(key, d, H),
           variants.count(key, d, H) / lstm) for name, key, gates, update in rows),
)))
