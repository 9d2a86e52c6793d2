from gated.chapter import trained_cell, trained_gates
from gated.chapter.experiments import forget_bias

task = forget_bias.Task()
w = trained_gates.weights(task.seeds[0])  # the first b_f = 2 run above, kept: nothing is trained again
print(trained_cell.html(w, trained_gates.carriers(trained_gates.traces(w)), task.T))
