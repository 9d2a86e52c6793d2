from gated import language, render
from gated.chapter import examples

f = float(examples.worked().f[0])
steps = 100
assert 0 < f**steps < f < 1

n = render.number
if language() == "ru":
    print(f"Станция ④ — сложение: производная суммы по каждому слагаемому равна единице, и градиент проходит "
          f"её без изменений. Станция ③ умножает $c_{{t-1}}$ на $f_t$, и градиент умножается на то же число, "
          f"${n(f, '.3f')}$. Сто таких шагов подряд оставляют $f_t^{{{steps}}} = {n(f**steps, '.3f')}$ градиента.")
else:
    print(f"Station ④ is an addition: the sum's derivative with respect to each term is one, so the gradient "
          f"passes it unchanged. Station ③ multiplies $c_{{t-1}}$ by $f_t$, and the gradient is multiplied by "
          f"the same number, ${n(f, '.3f')}$. A hundred such steps in a row leave "
          f"$f_t^{{{steps}}} = {n(f**steps, '.3f')}$ of it.")
