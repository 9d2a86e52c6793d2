"""The plain RNN cell, the starting point:  h_t = tanh(W x_t + U h_{t-1} + b).

The whole state is rewritten at every step. The chapter writes W_x and W_h for
the two matrices; here they are the `W` and `U` of one `Gate`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .gate import Gate


class RNNStep(NamedTuple):
    """What one plain RNN step computes: the new state, (H,) or (B, H)."""

    h: np.ndarray

    @property
    def state(self) -> tuple[np.ndarray]:
        """What the next step reads: (h_t,)."""
        return (self.h,)


def rnn_step(p: Gate, x: np.ndarray, h: np.ndarray) -> RNNStep:
    """One plain RNN step.

    Parameters
    ----------
    p : Gate
        W (H, d), U (H, H) and b (H,).
    x : (d,) or (B, d) ndarray
    h : (H,) or (B, H) ndarray

    Returns
    -------
    RNNStep
    """
    return RNNStep(np.tanh(p(x, h)))
