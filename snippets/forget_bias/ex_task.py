from gated import Table, answer, highway, markdown, named
from gated.render import Column
from gated.chapter.experiments import forget_bias

task = forget_bias.Task()
crossings = task.T - 1  # the symbol enters at the first step; the answer is read after the last
share = {b: float(highway.retained(b, crossings)) for b in task.biases}
low, high = min(task.biases), max(task.biases)
assert list(share.values()) == sorted(share.values())  # a larger bias lets more through

print(markdown(Table((Column("$b_f$", ".0f"), Column("$\\sigma(b_f)$", ".4f"),
                      Column(f"$\\sigma(b_f)^{{{crossings}}}$", ".2×")),
                     tuple((b, float(highway.retained(b, 1)), s) for b, s in share.items()))))
print()
print(f"- $T - 1$ = **{answer('crossings', crossings, 'd')}**")
print(f"- $\\sigma({high:g})^{{{crossings}}} / \\sigma({low:g})^{{{crossings}}}$ = "
      f"**{answer('ratio', share[high] / share[low], '.1×')}**")
print(f"- " + ", $\\quad$ ".join(f"$\\sigma({b:g})^{{{crossings}}}$ = {named(f'share_{b:g}', s, '.1×')}"
                               for b, s in share.items()))
