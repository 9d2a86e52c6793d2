from gated import highway, language, render
from gated.chapter.experiments import forget_bias

task = forget_bias.Task()
crossings = task.T - 1  # the symbol enters at the first step; the answer is read after the last
share = {b: float(highway.retained(b, crossings)) for b in task.biases}
low, high = min(task.biases), max(task.biases)
assert list(share.values()) == sorted(share.values())  # a larger bias lets more through

n = render.number
rule = "|" + " ---: |" * 3
rows = "\n".join(f"| ${b:g}$ | ${n(float(highway.retained(b, 1)), '.4f')}$ | {n(s, '.2e')} |"
                 for b, s in share.items())
if language() == "ru":
    print(f"Символ входит на первом шаге, ответ читается после последнего, так что градиент проходит "
          f"${crossings}$ гейтов забывания:\n\n| $b_f$ | $\\sigma(b_f)$ | через ${crossings}$ шагов |\n"
          f"{rule}\n{rows}\n\nПри $b_f = {high:g}$ до первого шага доходит в "
          f"{n(share[high] / share[low], '.1e')} раз больше, чем при $b_f = {low:g}$.")
else:
    print(f"The symbol enters at the first step and the answer is read after the last, so the gradient "
          f"crosses ${crossings}$ forget gates:\n\n| $b_f$ | $\\sigma(b_f)$ | after ${crossings}$ steps |\n"
          f"{rule}\n{rows}\n\nWith $b_f = {high:g}$, "
          f"{n(share[high] / share[low], '.1e')} times as much reaches the first step as with $b_f = {low:g}$.")
