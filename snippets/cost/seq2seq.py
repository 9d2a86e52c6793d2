from gated import markdown
from gated.chapter.experiments import seq2seq

print(markdown(seq2seq.table(seq2seq.breakdown(), seq2seq.total())))
