"""The LSTM cell, in the chapter's notation.

    f_t = σ(W_f x_t + U_f h_{t-1} + b_f)        forget gate
    i_t = σ(W_i x_t + U_i h_{t-1} + b_i)        input gate
    c̃_t = tanh(W_c x_t + U_c h_{t-1} + b_c)     candidate
    o_t = σ(W_o x_t + U_o h_{t-1} + b_o)        output gate
    c_t = f_t ⊙ c_{t-1} + i_t ⊙ c̃_t
    h_t = o_t ⊙ tanh(c_t)
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .gate import Gate, sigmoid


class LSTMParams(NamedTuple):
    """The four blocks of an LSTM cell, one `Gate` each."""

    f: Gate
    i: Gate
    c: Gate
    o: Gate

    @classmethod
    def random(cls, rng: np.random.Generator, d: int, H: int, scale: float = 0.5) -> LSTMParams:
        """A cell with every weight drawn uniformly from (-scale, scale)."""
        return cls(*(Gate.random(rng, d, H, scale) for _ in range(4)))


class LSTMStep(NamedTuple):
    """Everything one LSTM step computes, by name; each is (H,) or (B, H)."""

    f: np.ndarray
    i: np.ndarray
    c_tilde: np.ndarray
    o: np.ndarray
    c: np.ndarray
    h: np.ndarray

    @property
    def state(self) -> tuple[np.ndarray, np.ndarray]:
        """What the next step reads: (h_t, c_t)."""
        return self.h, self.c


def lstm_step(p: LSTMParams, x: np.ndarray, h: np.ndarray, c: np.ndarray) -> LSTMStep:
    """One LSTM step.

    Parameters
    ----------
    p : LSTMParams
    x : (d,) or (B, d) ndarray
        The input x_t.
    h, c : (H,) or (B, H) ndarray
        The previous hidden state h_{t-1} and cell state c_{t-1}.

    Returns
    -------
    LSTMStep
        The gates f, i, o, the candidate c̃, and the new c and h.
    """
    f = sigmoid(p.f(x, h))
    i = sigmoid(p.i(x, h))
    c_tilde = np.tanh(p.c(x, h))
    o = sigmoid(p.o(x, h))
    c_next = f * c + i * c_tilde
    h_next = o * np.tanh(c_next)
    return LSTMStep(f, i, c_tilde, o, c_next, h_next)
