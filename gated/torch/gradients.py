"""The gradient highway, measured with autograd instead of argued.

Run a freshly initialised cell for τ steps, take L = v · c_τ for a fixed unit
vector v, and measure ‖∂L/∂c_0‖, averaged over a batch of random input
sequences. Along the memory line alone this would be σ(b_f)^τ. The plain
RNN gets the same measurement on h: ‖∂(v · h_τ)/∂h_0‖.

Two initialisations: the textbook's small weights, N(0, 0.01²) with zero
biases, and PyTorch's default, U(-1/√H, 1/√H) for every weight and bias. The
forget bias is then set to b_f, the whole of it in b_ih.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
import torch
from torch import nn

from ..highway import retained


class Setup(NamedTuple):
    """The measurement's sizes: input d, hidden H, batch, longest τ, seed."""

    d: int = 8
    H: int = 32
    batch: int = 64
    tau: int = 100
    seed: int = 0


SETUP = Setup()
BIASES = (0.0, 1.0, 2.0)
INITS = ("textbook", "pytorch")


def _cell(Cell: type[nn.Module], init: str, b_f: float | None) -> nn.Module:
    s = SETUP
    cell = Cell(s.d, s.H, dtype=torch.float64)
    with torch.no_grad():
        if init == "textbook":
            for name, p in cell.named_parameters():
                p.copy_(torch.randn_like(p) * 0.01 if name.startswith("weight") else torch.zeros_like(p))
        if b_f is not None:
            cell.bias_ih[s.H:2 * s.H].fill_(b_f)  # PyTorch stacks i, f, g, o: f is [H:2H]
            cell.bias_hh[s.H:2 * s.H].zero_()
    return cell


def _norms(cell: nn.Module, lstm: bool) -> np.ndarray:
    s = SETUP
    x = torch.randn(s.tau, s.batch, s.d, dtype=torch.float64)  # (τ, B, d)
    v = torch.randn(s.H, dtype=torch.float64)
    v /= v.norm()
    start = torch.zeros(s.batch, s.H, dtype=torch.float64, requires_grad=True)  # c_0 or h_0
    h, c, memory = start, start, []
    if lstm:
        h = torch.zeros(s.batch, s.H, dtype=torch.float64)
    for x_t in x:
        if lstm:
            h, c = cell(x_t, (h, c))
            memory.append(c)
        else:
            h = cell(x_t, h)
            memory.append(h)
    norms = []
    for m in memory:
        (g,) = torch.autograd.grad((m @ v).sum(), start, retain_graph=True)  # (B, H)
        norms.append(g.norm(dim=1).mean().item())
    return np.array(norms)


@cache
def measure() -> dict[str, np.ndarray]:
    """Gradient norms against distance τ = 1, ..., SETUP.tau.

    Returns
    -------
    dict
        ``"lstm {init} {b_f}"`` -> (τ,) measured ‖∂L/∂c_0‖ for each init and
        b_f in BIASES; ``"rnn pytorch"`` -> (τ,) measured ‖∂L/∂h_0‖;
        ``"predicted {b_f}"`` -> (τ,) σ(b_f)^τ.
    """
    taus = np.arange(1, SETUP.tau + 1)
    out = {}
    for init in INITS:
        for b_f in BIASES:
            torch.manual_seed(SETUP.seed)
            out[f"lstm {init} {b_f:g}"] = _norms(_cell(nn.LSTMCell, init, b_f), lstm=True)
    torch.manual_seed(SETUP.seed)
    out["rnn pytorch"] = _norms(_cell(nn.RNNCell, "pytorch", None), lstm=False)
    for b_f in BIASES:
        out[f"predicted {b_f:g}"] = retained(b_f, taus)
    return out
