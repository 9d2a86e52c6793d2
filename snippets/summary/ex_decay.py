from gated import highway
from gated.render import number

z, target = 0.05, 0.01
keep = 1 - z  # the factor along the state: diag(1 - z)
tau = 1
while keep**tau >= target:
    tau += 1
assert keep ** (tau - 1) >= target > keep**tau
assert abs(highway.decay((keep,), (tau,))[0, 0] - keep**tau) < 1e-15

print(f"- $(1 - z)^{{{tau - 1}}} = {number(keep ** (tau - 1), '.4f')}$")
print(f"- $(1 - z)^{{{tau}}} = {number(keep**tau, '.4f')}$ → $\\tau = {tau}$")
