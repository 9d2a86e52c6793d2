"""gated: the LSTM and the GRU in numpy, as chapter 13 of the course works them.

The cells are reference implementations in float64 that return every
intermediate by name. PyTorch is their oracle and the chapter's experiments
run on it, but only `gated.torch` imports it, and only when asked: `import
gated` needs numpy alone. Likewise `gated.plots` alone needs matplotlib.

Modules, one per idea:

    gate        σ and one affine block, W x + U h + b
    lstm, gru, rnn    the cells
    sequence    a cell over a sequence; stacks of layers in both directions
    highway     the decay of a gradient along the memory, and the forget bias
    cost        parameter counts by formula
    examples    the chapter's worked examples, as data
    tables      the chapter's tables, as records
    render      records to Markdown or plain text, in English or Russian
    figures     the registry of published figures
    diagram     the step-by-step figure of one LSTM step, as SVG
    plots       the chapter's plots, as SVG (matplotlib)
    torch       weights to and from torch.nn, and the experiments (PyTorch)
    cli         `python -m gated`
"""

from __future__ import annotations

import importlib
from typing import Any

from .cost import block, count
from . import examples, figures, highway, render, tables
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
from .render import Table, Text, figure, language, markdown, named, text, using_language
from .rnn import RNNStep, rnn_step
from .sequence import run, step_of, unroll, zero_state


__all__ = [
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
    "block",
    "candidates",
    "count",
    "diagram",
    "examples",
    "figure",
    "figures",
    "flip",
    "from_torch",
    "gru_step",
    "highway",
    "language",
    "lstm_step",
    "markdown",
    "n_parameters",
    "named",
    "plots",
    "render",
    "rnn_step",
    "run",
    "sigmoid",
    "step_of",
    "tables",
    "text",
    "to_torch",
    "to_torch_convention",
    "torch_gru_step",
    "unroll",
    "using_language",
    "zero_state",
]

# Names whose modules need PyTorch or matplotlib: imported on first use.
_LAZY = {
    "from_torch": "gated.torch.weights",
    "to_torch": "gated.torch.weights",
    "n_parameters": "gated.torch.weights",
    "plots": "gated.plots",
    "diagram": "gated.diagram",
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'gated' has no attribute {name!r}")
    module = importlib.import_module(_LAZY[name])
    return module if module.__name__.endswith(name) else getattr(module, name)
