"""The forget-gate bias, decided by training.

The task: the first of T inputs is one of K symbols and the rest are blank.
After the last input, name the first symbol. Guessing gets 1/K right; the
answer has to survive T - 1 steps of memory, so its gradient crosses T - 1
forget gates on its way back.

Small `nn.LSTM`s with the forget bias set to each b_f learn it on the CPU, a
few seeds each, with everything seeded.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
import torch
from torch import nn


class Task(NamedTuple):
    """The experiment's settings."""

    T: int = 50  # sequence length
    K: int = 4  # symbols to remember
    H: int = 32  # hidden size
    batch: int = 64
    lr: float = 3e-3  # Adam
    steps: int = 300
    every: int = 10  # evaluate every this many steps
    held_out: int = 512  # sequences in the evaluation set
    seeds: tuple[int, ...] = (0, 1, 2)
    biases: tuple[float, ...] = (0.0, 1.0, 2.0)


TASK = Task()


def batch(n: int, generator: torch.Generator) -> tuple[torch.Tensor, torch.Tensor]:
    """n sequences: inputs (T, n, K), one-hot at t = 0 and blank after, and their answers (n,)."""
    y = torch.randint(0, TASK.K, (n,), generator=generator)
    x = torch.zeros(TASK.T, n, TASK.K)
    x[0] = nn.functional.one_hot(y, TASK.K).float()
    return x, y


def set_forget_bias(lstm: nn.LSTM, b_f: float) -> None:
    """Make every forget gate of layer 0 start at σ(b_f)."""
    H = lstm.hidden_size
    with torch.no_grad():
        lstm.bias_ih_l0[H:2 * H].fill_(b_f)  # gates are stacked i, f, g, o
        lstm.bias_hh_l0[H:2 * H].zero_()  # the second bias vector adds to the first


def train(b_f: float, seed: int) -> np.ndarray:
    """Train one LSTM; return its held-out accuracy every `TASK.every` steps."""
    torch.manual_seed(seed)
    lstm, head = nn.LSTM(TASK.K, TASK.H), nn.Linear(TASK.H, TASK.K)
    set_forget_bias(lstm, b_f)
    params = [*lstm.parameters(), *head.parameters()]
    optimiser = torch.optim.Adam(params, lr=TASK.lr)
    data = torch.Generator().manual_seed(1000 + seed)
    x_test, y_test = batch(TASK.held_out, torch.Generator().manual_seed(999))
    accuracy = []
    for step in range(1, TASK.steps + 1):
        x, y = batch(TASK.batch, data)
        out, _ = lstm(x)  # (T, B, H)
        loss = nn.functional.cross_entropy(head(out[-1]), y)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        if step % TASK.every == 0:
            with torch.no_grad():
                guess = head(lstm(x_test)[0][-1]).argmax(dim=-1)
                accuracy.append((guess == y_test).float().mean().item())
    return np.array(accuracy)


@cache
def run() -> dict[float, np.ndarray]:
    """Every run: b_f -> (seeds, evaluations) held-out accuracy."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # small matrices: one thread is as fast, and repeatable
    try:
        return {b_f: np.stack([train(b_f, seed) for seed in TASK.seeds]) for b_f in TASK.biases}
    finally:
        torch.set_num_threads(threads)


def steps() -> np.ndarray:
    """The training steps at which accuracy is measured."""
    return np.arange(TASK.every, TASK.steps + 1, TASK.every)


def first_reaching(accuracy: np.ndarray, level: float) -> int | None:
    """The first measured step at which a run's accuracy reaches `level`, if any."""
    hits = np.flatnonzero(accuracy >= level)
    return int(steps()[hits[0]]) if hits.size else None
