from gated import Table, Text, markdown
from gated.chapter.experiments import bidirectional
from gated.render import Column

forward_last, backward_first, backward_last = bidirectional.check().finals
assert forward_last < 1e-12 and backward_first < 1e-12 and backward_last > 1e-3

rows = (("`h_n[0]` − `y[-1, :, :H]`", forward_last),
        ("`h_n[1]` − `y[0, :, H:]`", backward_first),
        ("`h_n[1]` − `y[-1, :, H:]`", backward_last))
print(markdown(Table((Column(Text("", "")), Column(Text("$\\max\\lvert\\Delta\\rvert$", "$\\max\\lvert\\Delta\\rvert$"), ".1e")),
                     rows)))
