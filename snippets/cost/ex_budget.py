from gated import answer, count, named

d = H_lstm = 128
budget = count("lstm", d, H_lstm, biases=2)
H = max(h for h in range(1, 2 * H_lstm) if count("gru", d, h, biases=2) <= budget)
assert count("gru", d, H + 1, biases=2) > budget

print(f"- $4\\,(Hd + H^2 + 2H)$ = {named('budget', budget, ',d')}")
print(f"- $H$ = **{answer('H', H, 'd')}**: $3\\,(Hd + H^2 + 2H)$ = {named('gru', count('gru', d, H, biases=2), ',d')}")
print(f"- $H + 1$: {named('over', count('gru', d, H + 1, biases=2), ',d')}")
print(f"- $H / {H_lstm} - 1$ = {named('more', H / H_lstm - 1, '.0%')}")
