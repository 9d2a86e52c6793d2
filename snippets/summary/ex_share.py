from gated import answer, count, named
from gated.chapter.experiments import seq2seq

parts, total = seq2seq.breakdown(), seq2seq.total()
lstms = parts["encoder"] + parts["decoder"]  # two encoder directions and the decoder
assert lstms == 3 * count("lstm", 128, 128, biases=2)
embeddings = total - seq2seq.core()  # the two embedding matrices; the output weight is the decoder's, shared

print(f"- LSTM: {named('lstms', lstms, ',d')}, $\\quad$ **{answer('share', lstms / total, '.1%')}**")
print(f"- $N - N_{{\\text{{core}}}}$ = {named('embeddings', embeddings, ',d')}, $\\quad$ "
      f"{named('embedding_share', embeddings / total, '.1%')}")
