from gated import markdown
from gated.chapter.experiments import conventions

c = conventions.compare()
print(markdown(conventions.table(c)))

gap = lambda a, b: abs(a - b).max()  # noqa: E731
assert gap(c.z, c.one_minus_z_torch) < 1e-12  # flipping z is exact
assert gap(c.reset_before_at_zero, c.reset_after_at_zero) < 1e-12  # h_{t-1} = 0 and b'_h = 0
assert gap(c.reset_before, c.reset_after) > 1e-3  # otherwise the candidates differ
assert gap(c.h_chapter, c.h_torch) > 1e-3  # and so do the new states
assert gap(c.h_torch, c.h_nn_gru) < 1e-12  # PyTorch's convention in numpy is nn.GRU
