"""Variants of the LSTM cell, in the chapter's notation, and what each one costs.

The 1997 cell (Hochreiter and Schmidhuber): no forget gate, the memory's
self-connection fixed at 1 (the constant error carousel):

    i_t = σ(W_i x_t + U_i h_{t-1} + b_i)
    c̃_t = tanh(W_c x_t + U_c h_{t-1} + b_c)
    o_t = σ(W_o x_t + U_o h_{t-1} + b_o)
    c_t = c_{t-1} + i_t ⊙ c̃_t
    h_t = o_t ⊙ tanh(c_t)

Peepholes (Gers and Schmidhuber): the gates also read the memory, through
diagonal weights p (vectors of H numbers each); f and i read c_{t-1}, o reads c_t:

    f_t = σ(W_f x_t + U_f h_{t-1} + p_f ⊙ c_{t-1} + b_f)
    i_t = σ(W_i x_t + U_i h_{t-1} + p_i ⊙ c_{t-1} + b_i)
    c_t = f_t ⊙ c_{t-1} + i_t ⊙ c̃_t
    o_t = σ(W_o x_t + U_o h_{t-1} + p_o ⊙ c_t + b_o)

Coupled input and forget gates (CIFG): the input gate is 1 - f_t, so

    c_t = f_t ⊙ c_{t-1} + (1 - f_t) ⊙ c̃_t

Every step returns an `LSTMStep`, with f_t = 1 for the 1997 cell and
i_t = 1 - f_t for the CIFG, so that the three are read like `lstm_step`.
`count` gives each variant's parameters, and `table` the history page's table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from .cost import block
from .render import Column, Formula, Table, Text
from .gate import Gate, sigmoid
from .lstm import LSTMParams, LSTMStep, lstm_step

# ---------------------------------------------------------------- the cells


class LSTM1997Params(NamedTuple):
    """The three blocks of the 1997 cell: input gate, candidate, output gate."""

    i: Gate
    c: Gate
    o: Gate

    @classmethod
    def random(cls, rng: np.random.Generator, d: int, H: int, scale: float = 0.5) -> LSTM1997Params:
        """A cell with every weight drawn uniformly from (-scale, scale)."""
        return cls(*(Gate.random(rng, d, H, scale) for _ in range(3)))


class PeepholeParams(NamedTuple):
    """The four blocks of an LSTM and the three peepholes, each (H,): a diagonal matrix on the memory."""

    f: Gate
    i: Gate
    c: Gate
    o: Gate
    p_f: np.ndarray
    p_i: np.ndarray
    p_o: np.ndarray

    @classmethod
    def random(cls, rng: np.random.Generator, d: int, H: int, scale: float = 0.5) -> PeepholeParams:
        """A cell with every weight and peephole drawn uniformly from (-scale, scale)."""
        blocks = (Gate.random(rng, d, H, scale) for _ in range(4))
        return cls(*blocks, *(rng.uniform(-scale, scale, H) for _ in range(3)))


class CIFGParams(NamedTuple):
    """The three blocks of a CIFG cell: forget gate (which also sets the input gate), candidate, output gate."""

    f: Gate
    c: Gate
    o: Gate

    @classmethod
    def random(cls, rng: np.random.Generator, d: int, H: int, scale: float = 0.5) -> CIFGParams:
        """A cell with every weight drawn uniformly from (-scale, scale)."""
        return cls(*(Gate.random(rng, d, H, scale) for _ in range(3)))


def lstm1997_step(p: LSTM1997Params, x: np.ndarray, h: np.ndarray, c: np.ndarray) -> LSTMStep:
    """One step of the 1997 cell: c_t = c_{t-1} + i_t ⊙ c̃_t.

    Parameters
    ----------
    p : LSTM1997Params
    x : (d,) or (B, d) ndarray
    h, c : (H,) or (B, H) ndarray

    Returns
    -------
    LSTMStep
        With f = 1 in every coordinate.
    """
    i = sigmoid(p.i(x, h))
    c_tilde = np.tanh(p.c(x, h))
    o = sigmoid(p.o(x, h))
    c_next = c + i * c_tilde
    return LSTMStep(np.ones_like(c_next), i, c_tilde, o, c_next, o * np.tanh(c_next))


def peephole_step(p: PeepholeParams, x: np.ndarray, h: np.ndarray, c: np.ndarray) -> LSTMStep:
    """One step of the peephole LSTM: f and i read c_{t-1}, o reads c_t.

    Parameters
    ----------
    p : PeepholeParams
    x : (d,) or (B, d) ndarray
    h, c : (H,) or (B, H) ndarray

    Returns
    -------
    LSTMStep
    """
    f = sigmoid(p.f(x, h) + p.p_f * c)
    i = sigmoid(p.i(x, h) + p.p_i * c)
    c_tilde = np.tanh(p.c(x, h))
    c_next = f * c + i * c_tilde
    o = sigmoid(p.o(x, h) + p.p_o * c_next)  # after the update: the output gate sees the new memory
    return LSTMStep(f, i, c_tilde, o, c_next, o * np.tanh(c_next))


def cifg_step(p: CIFGParams, x: np.ndarray, h: np.ndarray, c: np.ndarray) -> LSTMStep:
    """One step of the CIFG cell: i_t = 1 - f_t.

    Parameters
    ----------
    p : CIFGParams
    x : (d,) or (B, d) ndarray
    h, c : (H,) or (B, H) ndarray

    Returns
    -------
    LSTMStep
        With i = 1 - f.
    """
    f = sigmoid(p.f(x, h))
    i = 1 - f
    c_tilde = np.tanh(p.c(x, h))
    o = sigmoid(p.o(x, h))
    c_next = f * c + i * c_tilde
    return LSTMStep(f, i, c_tilde, o, c_next, o * np.tanh(c_next))


STEPS: dict[type, Callable[..., LSTMStep]] = {
    LSTM1997Params: lstm1997_step,
    LSTMParams: lstm_step,
    PeepholeParams: peephole_step,
    CIFGParams: cifg_step,
}


def unroll(p: LSTM1997Params | LSTMParams | PeepholeParams | CIFGParams, X: np.ndarray,
           state: tuple[np.ndarray, np.ndarray] | None = None) -> LSTMStep:
    """Run one variant over a sequence.

    Parameters
    ----------
    p : LSTM1997Params, LSTMParams, PeepholeParams or CIFGParams
    X : (T, d) or (T, B, d) ndarray
    state : (h_0, c_0), each (H,) or (B, H) ndarray, optional
        Zero by default.

    Returns
    -------
    LSTMStep
        Every field stacked over time: (T, H) or (T, B, H).
    """
    if type(p) not in STEPS:
        raise TypeError(f"not the parameters of an LSTM variant: {type(p).__name__}")
    step = STEPS[type(p)]
    H = p[0].W.shape[0]
    h, c = (np.zeros((*X.shape[1:-1], H)),) * 2 if state is None else state
    steps = []
    for x in X:
        s = step(p, x, h, c)
        steps.append(s)
        h, c = s.h, s.c
    return LSTMStep(*(np.stack(field) for field in zip(*steps, strict=True)))


# ---------------------------------------------------------------- what each costs

BLOCKS = {"lstm1997": 3, "lstm": 4, "peephole": 4, "cifg": 3, "gru": 3}  # blocks of H d + H² + H
PEEPHOLES = {"peephole": 3}  # diagonal weights of H numbers each


def count(variant: str, d: int, H: int) -> int:
    """Parameters of one cell of a variant, one bias per block.

    Parameters
    ----------
    variant : {"lstm1997", "lstm", "peephole", "cifg", "gru"}
    d : int
        Input size.
    H : int
        Hidden size.

    Returns
    -------
    int
        BLOCKS[variant] (H d + H² + H), plus 3H for the peepholes.
    """
    if variant not in BLOCKS:
        raise ValueError(f"unknown variant {variant!r}; expected one of {', '.join(BLOCKS)}")
    return BLOCKS[variant] * block(d, H) + PEEPHOLES.get(variant, 0) * H


def size(p: NamedTuple) -> int:
    """How many numbers a cell's parameters hold, counted from its arrays."""
    return sum(size(field) if isinstance(field, tuple) else np.asarray(field).size for field in p)


_TABLE = (  # the key in BLOCKS, its name, its gates, its memory update
    ("lstm1997", Text("1997 cell", "ячейка 1997 года"), "i, o", "c_{t-1} + i \\odot \\tilde c"),
    ("lstm", "LSTM", "f, i, o", "f \\odot c_{t-1} + i \\odot \\tilde c"),
    ("peephole", Text("peepholes", "с «глазками»"), "f, i, o", "f \\odot c_{t-1} + i \\odot \\tilde c"),
    ("cifg", "CIFG", "f, o", "f \\odot c_{t-1} + (1 - f) \\odot \\tilde c"),
    ("gru", "GRU", "z, r", "(1 - z) \\odot h_{t-1} + z \\odot \\tilde h"),
)


def table(d: int = 100, H: int = 500) -> Table:
    """The variants at input size d and hidden size H, as a table: gates, memory update, blocks and parameters."""
    lstm = count("lstm", d, H)
    return Table(
        (Column(Text("variant", "вариант")), Column(Text("gates", "гейты")), Column(Text("update", "обновление")),
         Column(Text("blocks", "число блоков"), "d"), Column(Text("parameters", "число параметров"), ",d"),
         Column(Text("of the LSTM", "доля от LSTM"), ".2%")),
        tuple((name, Formula(gates, gates), Formula(update, update), BLOCKS[key], count(key, d, H),
               count(key, d, H) / lstm) for key, name, gates, update in _TABLE),
    )
