"""The gradient highway and the forget-gate bias, as numbers.

Along the memory line the gradient over τ steps is multiplied by the product
of the forget gates, f^τ when they are all f. A plain RNN multiplies by the
product of τ different matrices diag(1 - h_s²) W_h instead (W_h is shared, but
h_s changes at every step); the decay table models it by a single factor.
At initialisation the weights are small, so f ≈ σ(b_f).
"""

from __future__ import annotations

import numpy as np

from .gate import sigmoid

DISTANCES = (1, 10, 47, 100, 500)  # τ, the steps a gradient travels
FACTORS = (0.5, 0.9, 0.99)  # a plain RNN's 0.5, and LSTM forget gates of 0.9 and 0.99
BIASES = (0.0, 1.0, 2.0, 3.0, 5.0)  # b_f
POWERS = (10, 47, 100)  # τ for the bias table


def decay(factors=FACTORS, distances=DISTANCES) -> np.ndarray:
    """What survives of a gradient: factor^τ.

    Returns
    -------
    (len(distances), len(factors)) ndarray
    """
    return np.asarray(factors, dtype=float)[None, :] ** np.asarray(distances)[:, None]


def retained(b_f, tau) -> np.ndarray:
    """σ(b_f)^τ, what a forget gate initialised at σ(b_f) passes over τ steps."""
    return sigmoid(np.asarray(b_f, dtype=float)) ** np.asarray(tau)
