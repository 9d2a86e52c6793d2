"""The chapter's canonical examples, as data.

`worked` is the one-coordinate LSTM step that the chapter works by hand and
draws in its figure; `worked_gru` is the GRU's, on the GRU page and in its
figure. `two_unit_lstm` and `two_unit_gru` are the two-unit steps
of the notebook. The notebook writes each block as one matrix acting on
q = [h_{t-1}, x_t]; here its first H columns are U and the rest are W.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..gate import Gate
from ..gru import GRUParams, GRUStep, gru_step
from ..lstm import LSTMParams, LSTMStep, lstm_step


class Example(NamedTuple):
    """An input, a previous state and the weights that read them."""

    x: np.ndarray
    h: np.ndarray
    c: np.ndarray | None
    params: LSTMParams | GRUParams


def _scalar(W: float, U: float, b: float) -> Gate:
    return Gate(np.array([[W]]), np.array([[U]]), np.array([b]))


def _on_q(M: list[list[float]], b: list[float], H: int) -> Gate:
    M = np.array(M)
    return Gate(W=M[:, H:], U=M[:, :H], b=np.array(b))


# ---------------------------------------------------------------- one coordinate, one step

WORKED = Example(
    x=np.array([1.0]),
    h=np.array([1.0]),
    c=np.array([2.0]),
    params=LSTMParams(
        f=_scalar(1.63, 2.70, 1.62),
        i=_scalar(1.65, 2.00, 0.62),
        c=_scalar(0.94, 1.41, -0.32),
        o=_scalar(-0.19, 4.38, 0.59),
    ),
)

# The counterfactual: the same step with the forget gate forced to this value.
COUNTERFACTUAL_F = 0.1


def worked() -> LSTMStep:
    """The worked example's step: every gate and the new c and h, each (1,)."""
    e = WORKED
    return lstm_step(e.params, e.x, e.h, e.c)


def counterfactual() -> float:
    """The worked example's new memory had the forget gate been `COUNTERFACTUAL_F`."""
    s = worked()
    return float(COUNTERFACTUAL_F * WORKED.c[0] + s.i[0] * s.c_tilde[0])


# ---------------------------------------------------------------- the GRU's coordinate by hand

WORKED_GRU = Example(
    x=np.array([1.0]),
    h=np.array([0.8]),
    c=None,
    params=GRUParams(
        z=_scalar(1.2, -0.5, -0.3),
        r=_scalar(0.6, 0.9, -0.2),
        h=_scalar(1.5, -1.1, 0.2),
    ),
)


def worked_gru() -> GRUStep:
    """The GRU's worked step, chapter convention: z, r, h̃ and h, each (1,)."""
    e = WORKED_GRU
    return gru_step(e.params, e.x, e.h)


# ---------------------------------------------------------------- two units, one step

_W1 = [[0.3, -0.2, 0.5, 0.1], [0.1, 0.4, -0.3, 0.2]]
_W2 = [[-0.2, 0.3, 0.4, -0.1], [0.5, -0.1, 0.2, 0.3]]
_W3 = [[0.4, 0.1, -0.2, 0.5], [-0.3, 0.2, 0.6, -0.1]]
_W4 = [[0.2, 0.5, 0.1, -0.3], [0.4, -0.2, 0.3, 0.2]]
_ZERO = [0.0, 0.0]

TWO_UNIT_LSTM = Example(
    x=np.array([0.60, 0.40]),
    h=np.array([0.10, -0.20]),
    c=np.array([0.50, 0.30]),
    params=LSTMParams(
        f=_on_q(_W1, [1.0, 1.0], H=2),
        i=_on_q(_W2, _ZERO, H=2),
        c=_on_q(_W3, _ZERO, H=2),
        o=_on_q(_W4, _ZERO, H=2),
    ),
)

# The GRU reuses the first three matrices, each a whole [U W], as its [U_z W_z], [U_r W_r] and [U_h W_h], with no
# biases.
TWO_UNIT_GRU = Example(
    x=TWO_UNIT_LSTM.x,
    h=TWO_UNIT_LSTM.h,
    c=None,
    params=GRUParams(
        z=_on_q(_W1, _ZERO, H=2),
        r=_on_q(_W2, _ZERO, H=2),
        h=_on_q(_W3, _ZERO, H=2),
    ),
)


def two_unit_lstm() -> LSTMStep:
    """The two-unit LSTM step: f, i, c̃, o, c and h, each (2,)."""
    e = TWO_UNIT_LSTM
    return lstm_step(e.params, e.x, e.h, e.c)


def two_unit_gru() -> GRUStep:
    """The two-unit GRU step, chapter convention: z, r, h̃ and h, each (2,)."""
    e = TWO_UNIT_GRU
    return gru_step(e.params, e.x, e.h)
