from gated import claims, figure, markdown
from gated.chapter import trained_gates
from gated.chapter.experiments import forget_bias

task = forget_bias.Task()
runs = [trained_gates.traces(trained_gates.weights(seed)) for seed in task.seeds]  # the b_f = 2 runs above
print(figure(trained_gates.plot(runs[0])))
print(markdown(trained_gates.memory_table(runs[0])))
print(claims.shown(trained_gates.claims(runs)))  # fails the block if a claim does not hold
