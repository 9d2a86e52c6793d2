"""gated: the LSTM and the GRU in numpy, a library that knows no chapter.

The cells are reference implementations in float64 that return every
intermediate by name. PyTorch is their oracle, but only `gated.torch` imports
it, and only when asked: `import gated` needs numpy alone.

Modules, one per idea:

    gate        σ and one affine block, W x + U h + b
    lstm, gru, rnn    the cells
    sequence    a cell over a sequence; stacks of layers in both directions
    highway     the decay of a gradient along the memory, and the forget bias
    cost        parameter counts by formula
    render      records to Markdown or plain text, in English or Russian; numbers printed and read back
    answers     an exercise's answer, printed for the page's field that checks a reader's number
    svg         the pieces of a hand-drawn SVG figure: wires, boxes, nodes, badges, labels
    claims      a claim about a measured result, checked and tabled
    torch       weights to and from torch.nn (`weights`), and numerics pinned across CPUs (`pinned`)

Chapter 13 itself (its examples, published figures, tables, figures,
experiments and command line) is `gated.chapter`, which uses this library and
is never imported by it.
"""

from __future__ import annotations

import importlib
from typing import Any

from .answers import answer
from .cost import block, count
from . import highway, render
from .gate import Gate, sigmoid
from .gru import (
    Candidates,
    GRUParams,
    GRUStep,
    TorchGRUParams,
    TorchGRUStep,
    candidates,
    flip,
    gru_step,
    to_torch_convention,
    torch_gru_step,
)
from .lstm import LSTMParams, LSTMStep, lstm_step
from .render import Below, Table, Text, below, figure, folded, language, markdown, named, text, using_language
from .rnn import RNNStep, rnn_step
from .sequence import run, step_of, unroll, zero_state


__all__ = [
    "Below",
    "Candidates",
    "GRUParams",
    "GRUStep",
    "Gate",
    "LSTMParams",
    "LSTMStep",
    "RNNStep",
    "Table",
    "Text",
    "TorchGRUParams",
    "TorchGRUStep",
    "answer",
    "below",
    "block",
    "candidates",
    "count",
    "figure",
    "folded",
    "flip",
    "from_torch",
    "gru_step",
    "highway",
    "language",
    "lstm_step",
    "markdown",
    "n_parameters",
    "named",
    "render",
    "rnn_step",
    "run",
    "sigmoid",
    "step_of",
    "text",
    "to_torch",
    "to_torch_convention",
    "torch_gru_step",
    "unroll",
    "using_language",
    "zero_state",
]

# Names whose module needs PyTorch: imported on first use.
_LAZY = {
    "from_torch": "gated.torch.weights",
    "to_torch": "gated.torch.weights",
    "n_parameters": "gated.torch.weights",
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'gated' has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)
