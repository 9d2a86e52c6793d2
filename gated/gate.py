"""The logistic function and one affine block of a gated cell.

Every gate of an LSTM or a GRU reads the input x_t and the previous state
h_{t-1} through weights of its own:  a = W x_t + U h_{t-1} + b.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


def sigmoid(a: np.ndarray) -> np.ndarray:
    """The logistic function σ(a) = 1 / (1 + e^(-a)), with range (0, 1).

    Written as exp(-log(1 + e^(-a))) so that no input overflows.

    Parameters
    ----------
    a : ndarray
        Pre-activations, any shape.

    Returns
    -------
    ndarray
        σ(a), same shape.
    """
    return np.exp(-np.logaddexp(0.0, -np.asarray(a, dtype=float)))


class Gate(NamedTuple):
    """The weights of one block: W on the input, U on the state, and a bias.

    Attributes
    ----------
    W : (H, d) ndarray
    U : (H, H) ndarray
    b : (H,) ndarray
    """

    W: np.ndarray
    U: np.ndarray
    b: np.ndarray

    def __call__(self, x: np.ndarray, h: np.ndarray) -> np.ndarray:
        """The pre-activation W x + U h + b.

        Parameters
        ----------
        x : (d,) or (B, d) ndarray
        h : (H,) or (B, H) ndarray

        Returns
        -------
        (H,) or (B, H) ndarray
        """
        return x @ self.W.T + h @ self.U.T + self.b

    @classmethod
    def random(cls, rng: np.random.Generator, d: int, H: int, scale: float = 0.5) -> Gate:
        """A block with weights drawn uniformly from (-scale, scale)."""
        return cls(
            rng.uniform(-scale, scale, (H, d)),
            rng.uniform(-scale, scale, (H, H)),
            rng.uniform(-scale, scale, H),
        )
