import numpy as np
from gated import GRUParams, candidates, markdown
from gated.chapter.experiments import conventions

c = conventions.compare()
print(markdown(conventions.table(c)))

gap = lambda a, b: abs(a - b).max()  # noqa: E731
assert gap(c.z, c.one_minus_z_torch) < 1e-12  # flipping z is exact
assert gap(c.reset_before_at_zero, c.reset_after_at_zero) < 1e-12  # h_{t-1} = 0 and b'_h = 0
assert gap(c.reset_before, c.reset_after) > 1e-3  # otherwise the candidates differ
assert gap(c.h_chapter, c.h_torch) > 1e-3  # and so do the new states
assert gap(c.h_torch, c.h_nn_gru) < 1e-12  # PyTorch's convention in numpy is nn.GRU

# with b'_h = 0 the candidates also agree wherever the reset commutes with U_h
p = GRUParams.random(np.random.default_rng(1), 3, 4)
x, h = np.ones(3), np.linspace(-1, 1, 4)
assert gap(*candidates(p, x, h)) > 1e-3  # a general U_h: they differ
diagonal = p._replace(h=p.h._replace(U=np.diag(np.diag(p.h.U))))
assert gap(*candidates(diagonal, x, h)) < 1e-12  # a diagonal U_h, as in any one-unit GRU
open_reset = p._replace(r=p.r._replace(b=p.r.b + 50.0))  # r_t = 1 to double precision
assert gap(*candidates(open_reset, x, h)) < 1e-12
