"""Running a cell over a sequence, and stacks of layers in both directions.

A cell's parameters say which step it takes: `LSTMParams` an LSTM step,
`GRUParams` the chapter's GRU, `TorchGRUParams` PyTorch's GRU and a bare
`Gate` the plain RNN.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .gate import Gate
from .gru import GRUParams, TorchGRUParams, gru_step, torch_gru_step
from .lstm import LSTMParams, lstm_step
from .rnn import rnn_step

Params = LSTMParams | GRUParams | TorchGRUParams | Gate

_STEPS: dict[type, Callable[..., Any]] = {
    LSTMParams: lstm_step,
    GRUParams: gru_step,
    TorchGRUParams: torch_gru_step,
    Gate: rnn_step,
}


def step_of(p: Params) -> Callable[..., Any]:
    """The step function that `p` parametrises."""
    try:
        return _STEPS[type(p)]
    except KeyError:
        raise TypeError(f"not the parameters of a cell: {type(p).__name__}") from None


def hidden_size(p: Params) -> int:
    """H, the size of the state."""
    return (p if isinstance(p, Gate) else p[0]).W.shape[0]


def zero_state(p: Params, batch: tuple[int, ...] = ()) -> tuple[np.ndarray, ...]:
    """The all-zero initial state: (h, c) for an LSTM, (h,) otherwise."""
    zeros = np.zeros((*batch, hidden_size(p)))
    return (zeros, zeros.copy()) if isinstance(p, LSTMParams) else (zeros,)


def unroll(p: Params, X: np.ndarray, state: tuple[np.ndarray, ...] | None = None) -> Any:
    """Run one cell over a whole sequence.

    Parameters
    ----------
    p : LSTMParams, GRUParams, TorchGRUParams or Gate
    X : (T, d) or (T, B, d) ndarray
    state : tuple of (H,) or (B, H) ndarray, optional
        The initial state, (h_0, c_0) for an LSTM and (h_0,) otherwise. Zero
        by default.

    Returns
    -------
    The cell's step record (an `LSTMStep`, `GRUStep`, ...) whose every field is
    stacked over time: (T, H) or (T, B, H).
    """
    step = step_of(p)
    state = zero_state(p, X.shape[1:-1]) if state is None else state
    steps = []
    for x in X:
        s = step(p, x, *state)
        steps.append(s)
        state = s.state
    return type(steps[0])(*(np.stack(field) for field in zip(*steps, strict=True)))


def run(
    layers: Sequence[Sequence[Params]],
    X: np.ndarray,
    states: tuple[np.ndarray, ...] | None = None,
) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
    """Run a stack of layers, each in one or two directions, as PyTorch does.

    Parameters
    ----------
    layers : list of lists of cell parameters
        ``layers[l][k]`` is layer l read forwards (k = 0) or backwards (k = 1).
        Layer l + 1 reads the concatenated outputs of layer l.
    X : (T, d) or (T, B, d) ndarray
    states : tuple of (L·D, H) or (L·D, B, H) ndarray, optional
        Initial states in PyTorch's order, layer by layer and direction by
        direction: (h_0,) or, for an LSTM, (h_0, c_0). Zero by default.

    Returns
    -------
    Y : (T, D·H) or (T, B, D·H) ndarray
        The last layer's outputs, directions concatenated.
    final : tuple of (L·D, H) or (L·D, B, H) ndarray
        The final states in the same order as `states`.
    """
    finals = []
    Y = X
    for layer, directions in enumerate(layers):
        outputs = []
        for k, p in enumerate(directions):
            start = None if states is None else tuple(s[layer * len(directions) + k] for s in states)
            if k == 0:
                steps = unroll(p, Y, start)
                outputs.append(steps.h)
            else:
                steps = unroll(p, Y[::-1], start)
                outputs.append(steps.h[::-1])
            finals.append(tuple(s[-1] for s in steps.state))
        Y = np.concatenate(outputs, axis=-1)
    return Y, tuple(np.stack(f) for f in zip(*finals, strict=True))
