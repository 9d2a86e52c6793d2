from gated import count, language, render

d = H_lstm = 128
budget = count("lstm", d, H_lstm, biases=2)
H = max(h for h in range(1, 2 * H_lstm) if count("gru", d, h, biases=2) <= budget)
assert count("gru", d, H + 1, biases=2) > budget

n = render.number
if language() == "ru":
    print(f"Бюджет: {n(budget, ',d')} параметров. Условие $3\\,(Hd + H^2 + 2H) \\le$ {n(budget, ',d')} "
          f"выполняется до $H = {H}$: такая GRU занимает {n(count('gru', d, H, biases=2), ',d')}, а при "
          f"$H = {H + 1}$ уже {n(count('gru', d, H + 1, biases=2), ',d')}. При том же бюджете GRU получает "
          f"примерно на {n(H / H_lstm - 1, '.0%')} больше нейронов, а не на треть: число параметров "
          f"растёт как $H^2$.")
else:
    print(f"The budget is {n(budget, ',d')} parameters. The condition $3\\,(Hd + H^2 + 2H) \\le$ "
          f"{n(budget, ',d')} holds up to $H = {H}$: that GRU has {n(count('gru', d, H, biases=2), ',d')}, "
          f"and $H = {H + 1}$ would have {n(count('gru', d, H + 1, biases=2), ',d')}. For the same budget a GRU "
          f"gets about {n(H / H_lstm - 1, '.0%')} more units, not a third more: the count grows as $H^2$.")
