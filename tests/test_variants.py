"""The LSTM variants against PyTorch: the 1997 cell and the CIFG as constrained `nn.LSTM`s, the peephole LSTM as an
`nn.LSTMCell` that reads the memory as extra inputs; and the parameter counts against torch's and the arrays'."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from torch import nn

import gated
from gated import Gate, GRUParams, LSTMParams, cost, variants
from gated.variants import CIFGParams, LSTM1997Params, PeepholeParams

TOL = dict(rtol=1e-10, atol=1e-10)
OPEN = 1000.0  # a forget bias whose σ is exactly 1 in float64 (e^-1000 underflows)

shapes = dict(
    d=st.integers(1, 4),
    H=st.integers(1, 4),
    B=st.integers(1, 3),
    T=st.integers(1, 6),
    seed=st.integers(0, 2**32 - 1),
)


def draw(rng: np.random.Generator, T: int, B: int, d: int, H: int):
    """An input sequence and an initial state, one example a row."""
    return rng.normal(size=(T, B, d)), rng.normal(size=(B, H)), rng.normal(size=(B, H))


def torch_lstm(p: LSTMParams, X, h0, c0):
    """What `nn.LSTM` computes with the blocks of `p`: the outputs h_t and the last memory."""
    module = gated.to_torch([[p]])
    with torch.no_grad():
        Y, (_, c_n) = module(torch.from_numpy(X), (torch.from_numpy(h0[None]), torch.from_numpy(c0[None])))
    return Y.numpy(), c_n[0].numpy()


# ---------------------------------------------------------------- the 1997 cell: f held at exactly 1


def test_the_open_forget_bias_is_exactly_one():
    assert torch.sigmoid(torch.tensor(OPEN, dtype=torch.float64)).item() == 1.0
    assert gated.sigmoid(OPEN) == 1.0


@settings(max_examples=40, deadline=None)
@given(**shapes)
def test_the_1997_cell_is_an_lstm_whose_forget_gate_is_one(d, H, B, T, seed):
    rng = np.random.default_rng(seed)
    p = LSTM1997Params.random(rng, d, H)
    X, h0, c0 = draw(rng, T, B, d, H)
    shut = Gate(np.zeros((H, d)), np.zeros((H, H)), np.full(H, OPEN))  # reads nothing, always 1
    want_Y, want_c = torch_lstm(LSTMParams(f=shut, i=p.i, c=p.c, o=p.o), X, h0, c0)
    got = variants.unroll(p, X, (h0, c0))
    np.testing.assert_allclose(got.h, want_Y, **TOL)
    np.testing.assert_allclose(got.c[-1], want_c, **TOL)
    assert np.all(got.f == 1)


def test_the_carousel_adds_what_the_input_gate_lets_in():
    rng = np.random.default_rng(0)
    p = LSTM1997Params.random(rng, 3, 2)
    X = rng.normal(size=(5, 3))
    s = variants.unroll(p, X)
    np.testing.assert_allclose(s.c[-1], np.sum(s.i * s.c_tilde, axis=0), rtol=1e-12)  # from c_0 = 0, nothing lost


# ---------------------------------------------------------------- CIFG: i = 1 - f, as σ(-a) = 1 - σ(a)


@settings(max_examples=40, deadline=None)
@given(**shapes)
def test_cifg_is_an_lstm_whose_input_gate_is_the_negated_forget_gate(d, H, B, T, seed):
    rng = np.random.default_rng(seed)
    p = CIFGParams.random(rng, d, H)
    X, h0, c0 = draw(rng, T, B, d, H)
    negated = Gate(-p.f.W, -p.f.U, -p.f.b)
    want_Y, want_c = torch_lstm(LSTMParams(f=p.f, i=negated, c=p.c, o=p.o), X, h0, c0)
    got = variants.unroll(p, X, (h0, c0))
    np.testing.assert_allclose(got.h, want_Y, **TOL)
    np.testing.assert_allclose(got.c[-1], want_c, **TOL)
    np.testing.assert_allclose(got.i, 1 - got.f, rtol=0, atol=1e-15)


# ---------------------------------------------------------------- peepholes: an LSTMCell that reads [x_t, c_{t-1}, c_t]


def peephole_cell(p: PeepholeParams) -> nn.LSTMCell:
    """An `nn.LSTMCell` over the input [x_t, c_{t-1}, c_t]: the peepholes are its diagonal weights on the two
    memories, f and i on c_{t-1}, o on c_t; the candidate reads x_t alone."""
    H, d = p.f.W.shape
    zero, diag = np.zeros((H, H)), np.diag
    rows = {  # PyTorch's order: i, f, g, o
        "i": np.hstack([p.i.W, diag(p.p_i), zero]),
        "f": np.hstack([p.f.W, diag(p.p_f), zero]),
        "g": np.hstack([p.c.W, zero, zero]),
        "o": np.hstack([p.o.W, zero, diag(p.p_o)]),
    }
    cell = nn.LSTMCell(d + 2 * H, H, dtype=torch.float64)
    blocks = [p.i, p.f, p.c, p.o]
    with torch.no_grad():
        cell.weight_ih.copy_(torch.from_numpy(np.vstack(list(rows.values()))))
        cell.weight_hh.copy_(torch.from_numpy(np.vstack([g.U for g in blocks])))
        cell.bias_ih.copy_(torch.from_numpy(np.concatenate([g.b for g in blocks])))
        cell.bias_hh.zero_()
    return cell


def torch_peephole(p: PeepholeParams, X, h0, c0):
    """The peephole LSTM run with `nn.LSTMCell`, two calls a step: the first gives c_t (which no gate of it reads
    from the third part of the input), the second reads c_t there for the output gate."""
    cell = peephole_cell(p)
    h, c = torch.from_numpy(h0), torch.from_numpy(c0)
    hs = []
    with torch.no_grad():
        for x in torch.from_numpy(X):
            _, c_t = cell(torch.cat([x, c, torch.zeros_like(c)], dim=-1), (h, c))
            h_t, again = cell(torch.cat([x, c, c_t], dim=-1), (h, c))
            assert torch.equal(again, c_t)  # the memory does not depend on what the output gate reads
            h, c = h_t, c_t
            hs.append(h)
    return torch.stack(hs).numpy(), c.numpy()


@settings(max_examples=40, deadline=None)
@given(**shapes)
def test_the_peephole_lstm_equals_an_lstmcell_that_reads_the_memory(d, H, B, T, seed):
    rng = np.random.default_rng(seed)
    p = PeepholeParams.random(rng, d, H)
    X, h0, c0 = draw(rng, T, B, d, H)
    want_Y, want_c = torch_peephole(p, X, h0, c0)
    got = variants.unroll(p, X, (h0, c0))
    np.testing.assert_allclose(got.h, want_Y, **TOL)
    np.testing.assert_allclose(got.c[-1], want_c, **TOL)


def test_closed_peepholes_give_the_standard_lstm():
    rng = np.random.default_rng(1)
    p = PeepholeParams.random(rng, 3, 4)
    shut = p._replace(p_f=np.zeros(4), p_i=np.zeros(4), p_o=np.zeros(4))
    x, h, c = rng.normal(size=(2, 3)), rng.normal(size=(2, 4)), rng.normal(size=(2, 4))
    want = gated.lstm_step(LSTMParams(*shut[:4]), x, h, c)
    for got, expected in zip(variants.peephole_step(shut, x, h, c), want, strict=True):
        np.testing.assert_array_equal(got, expected)


# ---------------------------------------------------------------- counts


@pytest.mark.parametrize("d, H", [(1, 1), (3, 5), (100, 500), (128, 128)])
def test_each_count_is_what_the_cell_holds(d, H):
    rng = np.random.default_rng(0)
    made = {"lstm1997": LSTM1997Params, "lstm": LSTMParams, "peephole": PeepholeParams, "cifg": CIFGParams,
            "gru": GRUParams}
    assert set(made) == set(variants.BLOCKS)
    for name, Params in made.items():
        assert variants.count(name, d, H) == variants.size(Params.random(rng, d, H)), name


@pytest.mark.parametrize("d, H", [(3, 5), (100, 500)])
def test_the_counts_against_torch(d, H):
    lstm = gated.n_parameters(nn.LSTM(d, H)) - 4 * H  # less PyTorch's second bias, bias_hh
    gru = gated.n_parameters(nn.GRU(d, H)) - 3 * H
    assert variants.count("lstm", d, H) == lstm == cost.count("lstm", d, H)
    assert variants.count("gru", d, H) == gru == cost.count("gru", d, H)
    one_block = cost.block(d, H)
    assert variants.count("lstm1997", d, H) == lstm - one_block  # the forget block, held at 1 above
    assert variants.count("cifg", d, H) == lstm - one_block  # the input block, set by the forget block above
    assert variants.count("peephole", d, H) == lstm + 3 * H  # three diagonals of the peephole cell


def test_an_unknown_variant_is_refused():
    with pytest.raises(ValueError, match="unknown variant"):
        variants.count("mlstm", 3, 4)
    with pytest.raises(TypeError, match="not the parameters"):
        variants.unroll(Gate.random(np.random.default_rng(0), 3, 4), np.zeros((2, 3)))
