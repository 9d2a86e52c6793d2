"""PyTorch is the oracle: the numpy cells compute what torch.nn computes, in float64 to 1e-10."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from torch import nn

import gated
from gated import Gate, GRUParams, LSTMParams, TorchGRUParams

TOL = dict(rtol=1e-10, atol=1e-10)
MODULES = {"lstm": nn.LSTM, "gru": nn.GRU, "rnn": nn.RNN}


def as_numpy(t: torch.Tensor) -> np.ndarray:
    return t.detach().numpy()


class Case:
    """A torch module, an input and initial states drawn from one seed."""

    def __init__(self, kind, d, H, B, T, layers, bidirectional, bias, batched, with_state, seed):
        self.args = dict(kind=kind, d=d, H=H, B=B, T=T, layers=layers, bidirectional=bidirectional, bias=bias,
                         batched=batched, with_state=with_state, seed=seed)
        torch.manual_seed(seed)
        self.kind = kind
        self.module = MODULES[kind](d, H, num_layers=layers, bidirectional=bidirectional, bias=bias,
                                    dtype=torch.float64)
        D = 2 if bidirectional else 1
        batch = (B,) if batched else ()
        self.X = torch.randn(T, *batch, d, dtype=torch.float64)
        n_states = 2 if kind == "lstm" else 1
        self.states = (
            tuple(torch.randn(layers * D, *batch, H, dtype=torch.float64) for _ in range(n_states))
            if with_state else None
        )

    def __repr__(self) -> str:
        return f"Case({', '.join(f'{k}={v!r}' for k, v in self.args.items())})"

    def torch_run(self, module=None):
        module = self.module if module is None else module
        with torch.no_grad():
            if self.states is None:
                Y, final = module(self.X)
            else:
                Y, final = module(self.X, self.states if self.kind == "lstm" else self.states[0])
        final = final if self.kind == "lstm" else (final,)
        return as_numpy(Y), tuple(as_numpy(f) for f in final)

    def numpy_states(self):
        return None if self.states is None else tuple(as_numpy(s) for s in self.states)


cases = st.builds(
    Case,
    kind=st.sampled_from(sorted(MODULES)),
    d=st.integers(1, 5),
    H=st.integers(1, 5),
    B=st.integers(1, 3),
    T=st.integers(1, 5),
    layers=st.integers(1, 3),
    bidirectional=st.booleans(),
    bias=st.booleans(),
    batched=st.booleans(),
    with_state=st.booleans(),
    seed=st.integers(0, 2**31 - 1),
)


# ---------------------------------------------------------------- whole modules


@settings(max_examples=150, deadline=None)
@given(case=cases)
def test_run_of_from_torch_equals_the_module(case):
    want_Y, want_final = case.torch_run()
    layers = gated.from_torch(case.module)
    got_Y, got_final = gated.run(layers, as_numpy(case.X), case.numpy_states())
    assert got_Y.shape == want_Y.shape
    np.testing.assert_allclose(got_Y, want_Y, **TOL)
    assert len(got_final) == len(want_final) == (2 if case.kind == "lstm" else 1)  # (h_n, c_n) or (h_n,)
    for got, want in zip(got_final, want_final, strict=True):
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, **TOL)


@pytest.mark.parametrize("kind", sorted(MODULES))
def test_from_torch_returns_the_documented_structure(kind):
    module = MODULES[kind](3, 4, num_layers=2, bidirectional=True, dtype=torch.float64)
    layers = gated.from_torch(module)
    expected = {"lstm": LSTMParams, "gru": TorchGRUParams, "rnn": Gate}[kind]
    assert len(layers) == 2
    for l, directions in enumerate(layers):
        assert len(directions) == 2
        for p in directions:
            assert type(p) is expected
            gate = p if isinstance(p, Gate) else p[0]
            assert gate.W.shape == (4, 3 if l == 0 else 8)
            assert gate.U.shape == (4, 4)
            assert gate.b.shape == (4,)
            assert gate.W.dtype == np.float64


@settings(max_examples=40, deadline=None)
@given(case=cases)
def test_to_torch_of_from_torch_computes_what_the_module_computes(case):
    rebuilt = gated.to_torch(gated.from_torch(case.module))
    assert type(rebuilt) is type(case.module)
    assert rebuilt.num_layers == case.module.num_layers
    assert rebuilt.bidirectional == case.module.bidirectional
    want_Y, want_final = case.torch_run()
    got_Y, got_final = case.torch_run(rebuilt)
    np.testing.assert_allclose(got_Y, want_Y, **TOL)
    for got, want in zip(got_final, want_final, strict=True):
        np.testing.assert_allclose(got, want, **TOL)


def random_layers(kind: str, d: int, H: int, layers: int, D: int, rng: np.random.Generator):
    def one(d_l):
        if kind == "lstm":
            return LSTMParams.random(rng, d_l, H)
        if kind == "gru":
            return TorchGRUParams(*(Gate.random(rng, d_l, H) for _ in range(3)), b_hn=rng.uniform(-0.5, 0.5, H))
        return Gate.random(rng, d_l, H)

    return [[one(d if l == 0 else D * H) for _ in range(D)] for l in range(layers)]


def leaves(p):
    """Every array of a cell's parameters, in order."""
    if isinstance(p, np.ndarray):
        return [p]
    return [a for field in p for a in leaves(field)]


@settings(max_examples=30, deadline=None)
@given(
    kind=st.sampled_from(sorted(MODULES)),
    d=st.integers(1, 5),
    H=st.integers(1, 5),
    layers=st.integers(1, 3),
    bidirectional=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_from_torch_of_to_torch_gives_back_the_arrays(kind, d, H, layers, bidirectional, seed):
    D = 2 if bidirectional else 1
    ours = random_layers(kind, d, H, layers, D, np.random.default_rng(seed))
    back = gated.from_torch(gated.to_torch(ours))
    assert len(back) == layers
    for mine, theirs in zip(ours, back, strict=True):
        assert len(theirs) == D
        for p, q in zip(mine, theirs, strict=True):
            assert type(q) is type(p)
            for a, b in zip(leaves(p), leaves(q), strict=True):
                np.testing.assert_array_equal(a, b)


# ---------------------------------------------------------------- single cells


def _blocks(W, U, b, n, H):
    return [Gate(W[k * H:(k + 1) * H], U[k * H:(k + 1) * H], b[k * H:(k + 1) * H]) for k in range(n)]


@pytest.mark.parametrize("seed", range(3))
def test_lstm_step_equals_lstmcell(seed):
    torch.manual_seed(seed)
    d, H, B = 3, 4, 5
    cell = nn.LSTMCell(d, H, dtype=torch.float64)
    x, h, c = (torch.randn(B, n, dtype=torch.float64) for n in (d, H, H))
    with torch.no_grad():
        h_t, c_t = cell(x, (h, c))
    W, U = as_numpy(cell.weight_ih), as_numpy(cell.weight_hh)
    b = as_numpy(cell.bias_ih) + as_numpy(cell.bias_hh)
    i, f, g, o = _blocks(W, U, b, 4, H)  # PyTorch stacks i, f, g, o
    s = gated.lstm_step(LSTMParams(f=f, i=i, c=g, o=o), as_numpy(x), as_numpy(h), as_numpy(c))
    np.testing.assert_allclose(s.h, as_numpy(h_t), **TOL)
    np.testing.assert_allclose(s.c, as_numpy(c_t), **TOL)


@pytest.mark.parametrize("seed", range(3))
def test_torch_gru_step_equals_grucell(seed):
    torch.manual_seed(seed)
    d, H, B = 3, 4, 5
    cell = nn.GRUCell(d, H, dtype=torch.float64)
    x, h = torch.randn(B, d, dtype=torch.float64), torch.randn(B, H, dtype=torch.float64)
    with torch.no_grad():
        h_t = cell(x, h)
    W, U = as_numpy(cell.weight_ih), as_numpy(cell.weight_hh)
    b_ih, b_hh = as_numpy(cell.bias_ih), as_numpy(cell.bias_hh)
    r, z, _ = _blocks(W, U, b_ih + b_hh, 3, H)  # PyTorch stacks r, z, n
    n = Gate(W[2 * H:], U[2 * H:], b_ih[2 * H:])
    p = TorchGRUParams(r=r, z=z, n=n, b_hn=b_hh[2 * H:])
    s = gated.torch_gru_step(p, as_numpy(x), as_numpy(h))
    np.testing.assert_allclose(s.h, as_numpy(h_t), **TOL)


@pytest.mark.parametrize("seed", range(3))
def test_rnn_step_equals_rnncell(seed):
    torch.manual_seed(seed)
    d, H, B = 3, 4, 5
    cell = nn.RNNCell(d, H, dtype=torch.float64)
    x, h = torch.randn(B, d, dtype=torch.float64), torch.randn(B, H, dtype=torch.float64)
    with torch.no_grad():
        h_t = cell(x, h)
    p = Gate(as_numpy(cell.weight_ih), as_numpy(cell.weight_hh), as_numpy(cell.bias_ih) + as_numpy(cell.bias_hh))
    np.testing.assert_allclose(gated.rnn_step(p, as_numpy(x), as_numpy(h)).h, as_numpy(h_t), **TOL)


# ---------------------------------------------------------------- the chapter's GRU against nn.GRU


def _chapter_gru_and_module(seed: int, d: int = 3, H: int = 4) -> tuple[GRUParams, nn.GRU]:
    p = GRUParams.random(np.random.default_rng(seed), d, H, scale=1.0)
    module = gated.to_torch([[gated.to_torch_convention(p)]])
    return p, module


@pytest.mark.parametrize("seed", range(3))
def test_chapter_gru_equals_nn_gru_when_the_reset_cannot_matter(seed):
    p, module = _chapter_gru_and_module(seed)
    x = np.random.default_rng(100 + seed).normal(size=(1, 5, 3))  # one step, batch 5, from h = 0
    with torch.no_grad():
        Y, h_n = module(torch.from_numpy(x))
    ours = gated.gru_step(p, x[0], np.zeros((5, 4))).h
    np.testing.assert_allclose(ours, as_numpy(Y)[0], **TOL)
    np.testing.assert_allclose(ours, as_numpy(h_n)[0], **TOL)


@pytest.mark.parametrize("seed", range(3))
def test_chapter_gru_differs_from_nn_gru_once_the_reset_matters(seed):
    p, module = _chapter_gru_and_module(seed)
    x = np.random.default_rng(100 + seed).normal(size=(4, 5, 3))  # four steps: h ≠ 0 after the first
    with torch.no_grad():
        Y, _ = module(torch.from_numpy(x))
    ours = gated.unroll(p, x).h
    np.testing.assert_allclose(ours[0], as_numpy(Y)[0], **TOL)
    assert np.max(np.abs(ours[1:] - as_numpy(Y)[1:])) > 1e-4


# ---------------------------------------------------------------- what is refused


def test_relu_rnn_is_refused():
    with pytest.raises(ValueError, match="tanh"):
        gated.from_torch(nn.RNN(3, 4, nonlinearity="relu"))


def test_lstm_with_projection_is_refused():
    with pytest.raises(ValueError, match="proj_size"):
        gated.from_torch(nn.LSTM(3, 4, proj_size=2))


@pytest.mark.parametrize("module", [nn.Linear(3, 4), nn.LSTMCell(3, 4)], ids=["Linear", "LSTMCell"])
def test_other_modules_are_refused(module):
    with pytest.raises(TypeError, match=type(module).__name__):
        gated.from_torch(module)


def test_to_torch_refuses_the_chapter_gru():
    p = GRUParams.random(np.random.default_rng(0), 3, 4)
    with pytest.raises(TypeError, match="to_torch_convention"):
        gated.to_torch([[p]])


def test_n_parameters_counts_numbers():
    assert gated.n_parameters(nn.Linear(3, 4)) == 3 * 4 + 4
    assert gated.n_parameters(nn.Linear(3, 4, bias=False)) == 12
