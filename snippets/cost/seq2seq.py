from gated import markdown, tables
from gated.torch import seq2seq

print(markdown(tables.seq2seq(seq2seq.breakdown(), seq2seq.total())))
