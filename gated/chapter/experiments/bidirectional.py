"""Reading in both directions: what a bidirectional LSTM returns, and what each half sees.

The output at position t is [→h_t; ←h_t]: the forward half has read x_1..x_t,
the backward half x_t..x_T. The gradient of each half with respect to every
input shows it.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
import torch
from torch import nn

from ...render import Column, Table, Text


class Setup(NamedTuple):
    T: int = 7  # sequence length
    batch: int = 3
    d: int = 5
    H: int = 4
    t: int = 3  # the position whose output is examined, 0-based as PyTorch indexes (the page's x_4)
    seed: int = 0



class Shapes(NamedTuple):
    input: tuple[int, ...]  # (T, B, d)
    output: tuple[int, ...]  # (T, B, 2H)
    h_n: tuple[int, ...]  # (2, B, H)
    c_n: tuple[int, ...]  # (2, B, H)


class Check(NamedTuple):
    setup: Setup
    shapes: Shapes
    forward: np.ndarray  # (T,) ‖∂ sum(→h_t)/∂x_s‖ for every position s
    backward: np.ndarray  # (T,) ‖∂ sum(←h_t)/∂x_s‖
    params: int  # parameters of the bidirectional layer
    finals: tuple[float, float, float]  # max |h_n[k] - y[s, :, half k]|: forward at s = T-1, backward at 0 and at T-1


@cache
def check(s: Setup = Setup()) -> Check:
    """Run one bidirectional `nn.LSTM` and differentiate each half of one output."""
    torch.manual_seed(s.seed)
    lstm = nn.LSTM(s.d, s.H, bidirectional=True, dtype=torch.float64)
    x = torch.randn(s.T, s.batch, s.d, dtype=torch.float64, requires_grad=True)
    y, (h_n, c_n) = lstm(x)  # (T, B, 2H), (2, B, H), (2, B, H)
    norms = []
    for half in (y[s.t, :, : s.H], y[s.t, :, s.H:]):  # →h_t, ←h_t
        (g,) = torch.autograd.grad(half.sum(), x, retain_graph=True)  # (T, B, d)
        norms.append(g.flatten(1).norm(dim=1).numpy())
    shapes = Shapes(tuple(x.shape), tuple(y.shape), tuple(h_n.shape), tuple(c_n.shape))
    gap = lambda a, b: float((a - b).detach().abs().max())  # noqa: E731
    finals = (
        gap(h_n[0], y[-1, :, : s.H]),  # the forward direction ends at the last position
        gap(h_n[1], y[0, :, s.H:]),  # the backward direction ends at the first
        gap(h_n[1], y[-1, :, s.H:]),  # a common slip: the last row for both
    )
    return Check(s, shapes, *norms, sum(p.numel() for p in lstm.parameters()), finals)


def shapes(c: Check) -> Table:
    """The shapes `nn.LSTM(bidirectional=True)` takes and returns, each named as the code names it, with what it is."""
    what = {
        "x": (c.shapes.input, Text("the input, $(T, B, d)$", "вход, $(T, B, d)$")),
        "y": (c.shapes.output, Text("the outputs at every position, $(T, B, 2H)$",
                                    "выходы во всех позициях, $(T, B, 2H)$")),
        "h_n": (c.shapes.h_n, Text("the final hidden states, one per direction",
                                   "финальные скрытые состояния, по одному на направление")),
        "c_n": (c.shapes.c_n, Text("the final memories, one per direction",
                                   "финальные состояния ячейки, по одному на направление")),
    }
    return Table(
        (Column(Text("tensor", "тензор")), Column(Text("shape", "форма")), Column(Text("what it is", "что это"))),
        tuple((f"`{name}`", str(tuple(shape)), meaning) for name, (shape, meaning) in what.items()),
    )


def table(c: Check) -> Table:
    """How much each half of the output at the examined position depends on the input at each position.

    Positions are counted from 1, as the page writes x_1, ..., x_T; `Setup.t` is 0-based, as PyTorch indexes.
    Each entry is the norm of the gradient of the half's sum (over the batch and the units) with respect to x_s.
    """
    forward, backward, t = c.forward, c.backward, c.setup.t + 1

    def cell(g: float):
        return g if g > 0 else Text("0 (no path)", "0 (пути нет)")

    def title(arrow: str) -> str:  # a formula, the same in both languages
        return f"$\\lVert\\partial \\textstyle\\sum \\{arrow}{{h}}_{t} / \\partial x_s\\rVert$"

    return Table(
        (
            Column(Text("input position $s$", "позиция входа $s$"), "d", "s"),
            Column(title("overrightarrow"), ".3f", Text(f"forward half at {t}", f"прямая половина в {t}")),
            Column(title("overleftarrow"), ".3f", Text(f"backward half at {t}", f"обратная половина в {t}")),
        ),
        tuple(
            (s, cell(float(f)), cell(float(b)))
            for s, (f, b) in enumerate(zip(forward, backward, strict=True), start=1)
        ),
    )
