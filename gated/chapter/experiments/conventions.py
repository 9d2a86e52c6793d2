"""The two GRU conventions, run on the same weights.

A random GRU in the chapter's convention is read three ways: by the chapter's
step, by PyTorch's step in numpy (z flipped, reset after U_h), and by a real
`nn.GRU` carrying the PyTorch-convention weights.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
import torch

from ...gru import GRUParams, candidates, gru_step, to_torch_convention, torch_gru_step
from ...render import Table, Text
from ...torch.weights import to_torch
from ..checks import agreement


class Comparison(NamedTuple):
    z: np.ndarray  # the chapter's update gate
    one_minus_z_torch: np.ndarray  # 1 - PyTorch's, from the flipped weights
    reset_before: np.ndarray  # candidates at a generic h_{t-1}
    reset_after: np.ndarray
    reset_before_at_zero: np.ndarray  # candidates at h_{t-1} = 0
    reset_after_at_zero: np.ndarray
    h_chapter: np.ndarray  # the new state, each convention
    h_torch: np.ndarray
    h_nn_gru: np.ndarray  # what torch.nn.GRU computes


@cache
def compare(d: int = 3, H: int = 4, seed: int = 0) -> Comparison:
    """One step of one random GRU, read by both conventions and by `nn.GRU`."""
    rng = np.random.default_rng(seed)
    p = GRUParams.random(rng, d, H)
    x, h = rng.normal(size=d), rng.normal(size=H)
    q = to_torch_convention(p)
    ours, theirs = gru_step(p, x, h), torch_gru_step(q, x, h)
    generic, at_zero = candidates(p, x, h), candidates(p, x, np.zeros(H))
    gru = to_torch([[q]])
    with torch.no_grad():
        _, h_n = gru(torch.from_numpy(x)[None, None], torch.from_numpy(h)[None, None])  # (1, 1, H)
    return Comparison(
        ours.z, 1 - theirs.z, *generic, *at_zero, ours.h, theirs.h, h_n[0, 0].numpy()
    )


# What the table compares: its label, and the two fields of a `Comparison` it sets side by side.
PAIRS = (
    (Text("$z$, and $1 - z$ of the flipped gate", "$z$ и $1 - z$ перевёрнутого гейта"), "z", "one_minus_z_torch"),
    (Text("candidates, reset before and after $U_h$, at $h_{t-1} = 0$ with $b'_h = 0$",
          "кандидаты со сбросом до и после $U_h$ при $h_{t-1} = 0$ и $b'_h = 0$"),
     "reset_before_at_zero", "reset_after_at_zero"),
    (Text("candidates, reset before and after $U_h$, at a random $h_{t-1}$",
          "кандидаты со сбросом до и после $U_h$ при случайном $h_{t-1}$"), "reset_before", "reset_after"),
    (Text("$h_t$ in the chapter's convention and in PyTorch's", "$h_t$ в соглашении главы и в соглашении PyTorch"),
     "h_chapter", "h_torch"),
    (Text("$h_t$ in PyTorch's convention: numpy and `nn.GRU`", "$h_t$ в соглашении PyTorch: numpy и `nn.GRU`"),
     "h_torch", "h_nn_gru"),
)


def table(c: Comparison) -> Table:
    """The GRU conventions compared, as `compare` returns them: the largest difference of each pair."""
    return agreement([(label, float(np.abs(getattr(c, a) - getattr(c, b)).max())) for label, a, b in PAIRS])
