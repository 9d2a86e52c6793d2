"""The numpy cells alone: shapes, batching, unrolling and the GRU's two conventions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gated
from gated import Gate, GRUParams, LSTMParams, TorchGRUParams

TOL = dict(rtol=1e-12, atol=1e-14)


def torch_gru_random(rng: np.random.Generator, d: int, H: int) -> TorchGRUParams:
    return TorchGRUParams(*(Gate.random(rng, d, H) for _ in range(3)), b_hn=rng.uniform(-0.5, 0.5, H))


MAKERS = {
    "lstm": LSTMParams.random,
    "gru": GRUParams.random,
    "torch_gru": torch_gru_random,
    "rnn": Gate.random,
}
FIELDS = {
    "lstm": ("f", "i", "c_tilde", "o", "c", "h"),
    "gru": ("z", "r", "h_tilde", "h"),
    "torch_gru": ("r", "z", "n", "h"),
    "rnn": ("h",),
}
STEPS = {
    "lstm": gated.lstm_step,
    "gru": gated.gru_step,
    "torch_gru": gated.torch_gru_step,
    "rnn": gated.rnn_step,
}

sizes = st.integers(1, 6)
kinds = st.sampled_from(sorted(MAKERS))
seeds = st.integers(0, 2**32 - 1)


def random_state(rng: np.random.Generator, kind: str, batch: tuple[int, ...], H: int) -> tuple[np.ndarray, ...]:
    n = 2 if kind == "lstm" else 1
    return tuple(rng.normal(size=(*batch, H)) for _ in range(n))


# ---------------------------------------------------------------- one step


@settings(max_examples=40, deadline=None)
@given(kind=kinds, d=sizes, H=sizes, B=sizes, seed=seeds)
def test_batch_rows_equal_single_vectors(kind, d, H, B, seed):
    rng = np.random.default_rng(seed)
    p = MAKERS[kind](rng, d, H)
    X = rng.normal(size=(B, d))
    state = random_state(rng, kind, (B,), H)
    step = gated.step_of(p)
    assert step is STEPS[kind]
    batched = step(p, X, *state)
    for b in range(B):
        single = step(p, X[b], *(s[b] for s in state))
        for name in FIELDS[kind]:
            np.testing.assert_allclose(getattr(single, name), getattr(batched, name)[b], **TOL, err_msg=name)


@pytest.mark.parametrize("kind", sorted(MAKERS))
@pytest.mark.parametrize("batch", [(), (3,)])
def test_intermediates_by_name_and_shape(kind, batch):
    rng = np.random.default_rng(0)
    d, H = 3, 5
    p = MAKERS[kind](rng, d, H)
    s = STEPS[kind](p, rng.normal(size=(*batch, d)), *random_state(rng, kind, batch, H))
    assert type(s)._fields == FIELDS[kind]
    for name in FIELDS[kind]:
        assert getattr(s, name).shape == (*batch, H), name
    # the state the next step reads
    expected_state = (s.h, s.c) if kind == "lstm" else (s.h,)
    assert len(s.state) == len(expected_state)
    for got, want in zip(s.state, expected_state, strict=True):
        assert got is want


def test_gates_lie_in_their_ranges():
    rng = np.random.default_rng(1)
    p = LSTMParams.random(rng, 4, 6, scale=3.0)
    s = gated.lstm_step(p, rng.normal(size=(8, 4)), rng.normal(size=(8, 6)), rng.normal(size=(8, 6)))
    for gate in (s.f, s.i, s.o):
        assert np.all((gate > 0) & (gate < 1))
    assert np.all(np.abs(s.c_tilde) < 1)
    assert np.all(np.abs(s.h) < 1)


def test_lstm_step_follows_its_equations():
    rng = np.random.default_rng(2)
    d, H = 3, 4
    p = LSTMParams.random(rng, d, H)
    x, h, c = rng.normal(size=d), rng.normal(size=H), rng.normal(size=H)

    def sig(a):
        return 1 / (1 + np.exp(-a))

    f = sig(p.f.W @ x + p.f.U @ h + p.f.b)
    i = sig(p.i.W @ x + p.i.U @ h + p.i.b)
    c_tilde = np.tanh(p.c.W @ x + p.c.U @ h + p.c.b)
    o = sig(p.o.W @ x + p.o.U @ h + p.o.b)
    c_next = f * c + i * c_tilde
    s = gated.lstm_step(p, x, h, c)
    for name, want in dict(f=f, i=i, c_tilde=c_tilde, o=o, c=c_next, h=o * np.tanh(c_next)).items():
        np.testing.assert_allclose(getattr(s, name), want, **TOL, err_msg=name)


# ---------------------------------------------------------------- a sequence


@settings(max_examples=40, deadline=None)
@given(kind=kinds, d=sizes, H=sizes, T=st.integers(1, 6), batched=st.booleans(), zero=st.booleans(), seed=seeds)
def test_unroll_equals_stepping_by_hand(kind, d, H, T, batched, zero, seed):
    rng = np.random.default_rng(seed)
    p = MAKERS[kind](rng, d, H)
    batch = (2,) if batched else ()
    X = rng.normal(size=(T, *batch, d))
    start = None if zero else random_state(rng, kind, batch, H)
    got = gated.unroll(p, X, start)

    state = gated.zero_state(p, batch) if zero else start
    by_hand = []
    for x in X:
        s = STEPS[kind](p, x, *state)
        by_hand.append(s)
        state = s.state
    for name in FIELDS[kind]:
        field = getattr(got, name)
        assert field.shape == (T, *batch, H)
        for t in range(T):
            np.testing.assert_allclose(field[t], getattr(by_hand[t], name), **TOL, err_msg=f"{name}[{t}]")


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_zero_state(kind):
    p = MAKERS[kind](np.random.default_rng(0), 3, 4)
    state = gated.zero_state(p, (2,))
    assert len(state) == (2 if kind == "lstm" else 1)
    for s in state:
        assert s.shape == (2, 4)
        assert not s.any()
    if kind == "lstm":
        assert state[0] is not state[1]


def test_step_of_rejects_what_is_not_a_cell():
    with pytest.raises(TypeError, match="not the parameters of a cell"):
        gated.step_of((1, 2, 3))


# ---------------------------------------------------------------- the GRU's two conventions


@settings(max_examples=30, deadline=None)
@given(d=sizes, H=sizes, seed=seeds)
def test_flip_gives_one_minus_sigma(d, H, seed):
    rng = np.random.default_rng(seed)
    g = Gate.random(rng, d, H, scale=3.0)
    x, h = rng.normal(size=(4, d)), rng.normal(size=(4, H))
    flipped = gated.flip(g)
    np.testing.assert_allclose(gated.sigmoid(flipped(x, h)), 1 - gated.sigmoid(g(x, h)), rtol=0, atol=1e-15)
    # flipping twice is the identity, bit for bit
    twice = gated.flip(flipped)
    for a, b in zip(twice, g, strict=True):
        np.testing.assert_array_equal(a, b)


@settings(max_examples=30, deadline=None)
@given(d=sizes, H=sizes, seed=seeds)
def test_candidates_agree_when_h_is_zero(d, H, seed):
    rng = np.random.default_rng(seed)
    p = GRUParams.random(rng, d, H)
    x = rng.normal(size=(3, d))
    both = gated.candidates(p, x, np.zeros((3, H)))
    np.testing.assert_allclose(both.reset_before, both.reset_after, rtol=0, atol=1e-15)
    # and reset-before is the chapter GRU's own candidate
    np.testing.assert_allclose(both.reset_before, gated.gru_step(p, x, np.zeros((3, H))).h_tilde, **TOL)


@pytest.mark.parametrize("seed", range(5))
def test_candidates_differ_for_a_generic_h(seed):
    rng = np.random.default_rng(seed)
    d, H = 3, 4
    p = GRUParams.random(rng, d, H)
    x, h = rng.normal(size=d), rng.normal(size=H)
    both = gated.candidates(p, x, h)
    assert np.max(np.abs(both.reset_before - both.reset_after)) > 1e-4
    # each is what its own formula says
    r = gated.sigmoid(p.r.W @ x + p.r.U @ h + p.r.b)
    np.testing.assert_allclose(both.reset_before, np.tanh(p.h.W @ x + p.h.U @ (r * h) + p.h.b), **TOL)
    np.testing.assert_allclose(both.reset_after, np.tanh(p.h.W @ x + p.h.b + r * (p.h.U @ h)), **TOL)


def test_to_torch_convention_keeps_r_and_flips_z():
    rng = np.random.default_rng(3)
    p = GRUParams.random(rng, 3, 4)
    q = gated.to_torch_convention(p)
    assert isinstance(q, TorchGRUParams)
    for a, b in zip(q.r, p.r, strict=True):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(q.z, gated.flip(p.z), strict=True):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(q.n, p.h, strict=True):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(q.b_hn, np.zeros(4))
    # the gates computed: r the same, z the complement
    x, h = rng.normal(size=(2, 3)), rng.normal(size=(2, 4))
    ours, theirs = gated.gru_step(p, x, h), gated.torch_gru_step(q, x, h)
    np.testing.assert_allclose(theirs.r, ours.r, **TOL)
    np.testing.assert_allclose(theirs.z, 1 - ours.z, rtol=0, atol=1e-15)


@pytest.mark.parametrize("seed", range(5))
def test_chapter_gru_and_torch_convention_differ_in_general(seed):
    rng = np.random.default_rng(seed)
    p = GRUParams.random(rng, 3, 4)
    x, h = rng.normal(size=3), rng.normal(size=4)
    ours = gated.gru_step(p, x, h).h
    theirs = gated.torch_gru_step(gated.to_torch_convention(p), x, h).h
    assert np.max(np.abs(ours - theirs)) > 1e-4


def test_chapter_gru_and_torch_convention_agree_from_zero():
    rng = np.random.default_rng(4)
    p = GRUParams.random(rng, 3, 4)
    x, h = rng.normal(size=(5, 3)), np.zeros((5, 4))
    ours = gated.gru_step(p, x, h).h
    theirs = gated.torch_gru_step(gated.to_torch_convention(p), x, h).h
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-15)


# ---------------------------------------------------------------- σ


def test_sigmoid_neither_overflows_nor_warns():
    a = np.array([-1000.0, -745.0, -50.0, 0.0, 50.0, 745.0, 1000.0])
    with warnings.catch_warnings(), np.errstate(over="raise", invalid="raise", divide="raise"):
        warnings.simplefilter("error")
        s = gated.sigmoid(a)
    assert np.all(np.isfinite(s))
    assert np.all((s >= 0) & (s <= 1))
    assert s[-1] == 1.0
    assert s[0] < 1e-300
    assert s[3] == 0.5
    assert np.all(np.diff(s) >= 0)


@settings(max_examples=50, deadline=None)
@given(st.floats(-30, 30))
def test_sigmoid_is_the_logistic_function(a):
    assert gated.sigmoid(a) == pytest.approx(1 / (1 + np.exp(-a)), rel=1e-13, abs=1e-300)
    assert gated.sigmoid(-a) == pytest.approx(1 - gated.sigmoid(a), rel=0, abs=1e-15)
