"""Weights between `torch.nn` recurrent modules and the numpy cells.

PyTorch stacks the blocks of a layer into one matrix, in the order (i, f, g, o)
for `nn.LSTM` and (r, z, n) for `nn.GRU`, and keeps two bias vectors, b_ih and
b_hh. Reading a module sums the two biases, except the GRU's b_hn, which sits
inside the reset and stays apart. Writing a module puts the whole bias in b_ih.
Either way the module and the numpy cells compute the same function.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch
from torch import nn

from ..gate import Gate
from ..gru import TorchGRUParams
from ..lstm import LSTMParams
from ..sequence import Params

_GATES = {nn.LSTM: 4, nn.GRU: 3, nn.RNN: 1}
LSTM_ORDER = ("i", "f", "g", "o")  # how nn.LSTM stacks its gates; g is the candidate c̃


def gate_rows(H: int, gate: str) -> slice:
    """The rows of `nn.LSTM`'s stacked weights and biases that belong to one gate: f is [H, 2H)."""
    k = LSTM_ORDER.index(gate)
    return slice(k * H, (k + 1) * H)


def _check(module: nn.Module) -> None:
    if type(module) not in _GATES:
        raise TypeError(f"expected nn.LSTM, nn.GRU or nn.RNN, got {type(module).__name__}")
    if isinstance(module, nn.RNN) and module.nonlinearity != "tanh":
        raise ValueError(f"only the tanh RNN has a numpy cell, not {module.nonlinearity!r}")
    if isinstance(module, nn.LSTM) and module.proj_size:
        raise ValueError("LSTMs with projections (proj_size > 0) have no numpy cell")


def _array(t: torch.Tensor) -> np.ndarray:
    return t.detach().to(torch.float64).cpu().numpy().copy()


def _get(module: nn.Module, name: str) -> np.ndarray:
    """A parameter as float64; a bias the module was built without is zero."""
    value = getattr(module, name, None)
    return np.zeros(_GATES[type(module)] * module.hidden_size) if value is None else _array(value)


def from_torch(module: nn.LSTM | nn.GRU | nn.RNN) -> list[list[Params]]:
    """The numpy cells of a recurrent module.

    Parameters
    ----------
    module : nn.LSTM, nn.GRU or nn.RNN (tanh, no projection)

    Returns
    -------
    list of lists
        ``layers[l][k]``: layer l, forwards (k = 0) or backwards (k = 1), as
        `LSTMParams`, `TorchGRUParams` or, for the plain RNN, a `Gate`. Run them
        with `gated.run`.
    """
    _check(module)
    H = module.hidden_size
    layers = []
    for layer in range(module.num_layers):
        directions = []
        for suffix in ("", "_reverse")[: 2 if module.bidirectional else 1]:
            W, U, b_ih, b_hh = (_get(module, f"{name}_l{layer}{suffix}")
                                for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"))
            blocks = [Gate(W[k * H:(k + 1) * H], U[k * H:(k + 1) * H], (b_ih + b_hh)[k * H:(k + 1) * H])
                      for k in range(_GATES[type(module)])]
            if isinstance(module, nn.LSTM):
                i, f, g, o = blocks
                directions.append(LSTMParams(f=f, i=i, c=g, o=o))
            elif isinstance(module, nn.GRU):
                r, z, n = blocks
                n = Gate(n.W, n.U, b_ih[2 * H:])
                directions.append(TorchGRUParams(r=r, z=z, n=n, b_hn=b_hh[2 * H:]))
            else:
                directions.append(blocks[0])
        layers.append(directions)
    return layers


def to_torch(layers: Sequence[Sequence[Params]], dtype: torch.dtype = torch.float64) -> nn.Module:
    """The `nn.LSTM`, `nn.GRU` or `nn.RNN` that computes what `layers` compute.

    Parameters
    ----------
    layers : list of lists of LSTMParams, TorchGRUParams or Gate
        As `from_torch` returns them: every layer has the same number of
        directions, one or two.
    dtype : torch.dtype

    Returns
    -------
    nn.LSTM, nn.GRU or nn.RNN
    """
    first = layers[0][0]
    kinds = {LSTMParams: nn.LSTM, TorchGRUParams: nn.GRU, Gate: nn.RNN}
    if type(first) not in kinds:
        raise TypeError(
            f"no torch module runs {type(first).__name__}; convert a GRUParams with to_torch_convention first"
        )
    Module = kinds[type(first)]
    gate = first if isinstance(first, Gate) else first[0]
    H, d = gate.W.shape
    module = Module(d, H, num_layers=len(layers), bidirectional=len(layers[0]) == 2, dtype=dtype)
    with torch.no_grad():
        for layer, directions in enumerate(layers):
            for k, p in enumerate(directions):
                if isinstance(p, LSTMParams):
                    blocks, b_hh = [p.i, p.f, p.c, p.o], np.zeros(4 * H)
                elif isinstance(p, TorchGRUParams):
                    blocks, b_hh = [p.r, p.z, p.n], np.concatenate([np.zeros(2 * H), p.b_hn])
                else:
                    blocks, b_hh = [p], np.zeros(H)
                suffix = f"_l{layer}" + ("_reverse" if k else "")
                for name, value in (
                    ("weight_ih", np.concatenate([g.W for g in blocks])),
                    ("weight_hh", np.concatenate([g.U for g in blocks])),
                    ("bias_ih", np.concatenate([g.b for g in blocks])),
                    ("bias_hh", b_hh),
                ):
                    getattr(module, name + suffix).copy_(torch.from_numpy(value))
    return module


def n_parameters(module: nn.Module) -> int:
    """How many numbers a module learns: the sum of its parameters' sizes."""
    return sum(p.numel() for p in module.parameters())
