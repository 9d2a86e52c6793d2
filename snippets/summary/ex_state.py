from gated.render import number

H = 128
final = {"GRU": ("H", H), "LSTM": ("2H", 2 * H), "BiLSTM": ("4H", 2 * 2 * H)}  # h; h and c; both, each way

print("| | | |")
print("| --- | :---: | ---: |")
for cell, (formula, n) in final.items():
    print(f"| {cell} | ${formula}$ | {number(n, ',d')} |")
