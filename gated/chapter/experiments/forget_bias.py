"""The forget-gate bias, decided by training.

The task: the first of T inputs is one of K symbols and the rest are blank.
After the last input, name the first symbol. Guessing gets 1/K right; the
answer has to survive T - 1 steps of memory, so its gradient crosses T - 1
forget gates on its way back.

Small `nn.LSTM`s with the forget bias set to each b_f learn it on the CPU, a
few seeds each, with everything seeded, in double precision. In float32 the
training is chaotic: one CPU's rounding sends a run to another plateau than
another CPU's. In float64 the same rounding differences stay some ten orders of
magnitude below anything the page prints (`benchmarks/experiments.py` measures
the margin on several code paths). `run` trains them in a process with pinned
numerics (`gated.torch.pinned`); `train_all` is the same work in the calling
process.

What the build may claim rests on `benchmarks/experiments.py`, which trains
twenty seeds per bias under several numeric code paths.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import torch
from torch import nn

from ...claims import Claim
from ...render import Column, Table, Text, number
from ...torch import pinned
from ...torch.weights import gate_rows


class Task(NamedTuple):
    """The experiment's settings; the published ones are the defaults."""

    T: int = 30  # sequence length
    K: int = 4  # symbols to remember
    H: int = 32  # hidden size
    batch: int = 64
    lr: float = 1e-3  # Adam
    steps: int = 300
    every: int = 10  # evaluate every this many steps
    held_out: int = 256  # sequences in the evaluation set
    seeds: tuple[int, ...] = (0, 1, 2)
    biases: tuple[float, ...] = (0.0, 1.0, 2.0)
    solved: float = 0.99  # final held-out accuracy that counts as solving the task
    dtype: str = "float64"  # of the weights and the arithmetic: float32 is chaotic here (see the module's text)

    @property
    def chance(self) -> float:
        return 1 / self.K

    @property
    def measured_at(self) -> np.ndarray:
        """The training steps at which accuracy is measured."""
        return np.arange(self.every, self.steps + 1, self.every)


class Runs(NamedTuple):
    """Every run of one task: held-out accuracy per b_f, (seeds, evaluations); each run's trained parameters per b_f,
    one `parameters` dict a seed (kept from the same training, so that nothing is trained twice); and per b_f the
    answer each run gives at the end to each of the K sequences, (seeds, K): symbol k's is right when it is k."""

    task: Task
    accuracy: dict[float, np.ndarray]
    weights: dict[float, tuple[dict[str, np.ndarray], ...]] = {}
    answers: dict[float, np.ndarray] = {}

    def named(self, b_f: float) -> np.ndarray:
        """(seeds,) how many of the K symbols each run names right at the end of training."""
        return (self.answers[b_f] == np.arange(self.task.K)).sum(axis=1)

    def distinct(self, b_f: float) -> np.ndarray:
        """(seeds,) how many different answers each run gives to the K sequences at the end of training."""
        return np.array([len(set(a.tolist())) for a in self.answers[b_f]])

    def final(self, b_f: float) -> np.ndarray:
        """(seeds,) held-out accuracy at the end of training."""
        return self.accuracy[b_f][:, -1]

    def solved(self, b_f: float) -> int:
        """How many seeds solved the task with this b_f."""
        return int(np.sum(self.final(b_f) >= self.task.solved))

    def first_reaching(self, b_f: float, seed: int, level: float) -> int | None:
        """The first measured step at which one run's accuracy reaches `level`, if any."""
        hits = np.flatnonzero(self.accuracy[b_f][seed] >= level)
        return int(self.task.measured_at[hits[0]]) if hits.size else None


def batch(task: Task, n: int, generator: torch.Generator) -> tuple[torch.Tensor, torch.Tensor]:
    """n sequences: inputs (T, n, K), one-hot at t = 0 and blank after, and their answers (n,)."""
    y = torch.randint(0, task.K, (n,), generator=generator)
    x = torch.zeros(task.T, n, task.K, dtype=getattr(torch, task.dtype))
    x[0] = nn.functional.one_hot(y, task.K)
    return x, y


def test_set(task: Task) -> tuple[torch.Tensor, torch.Tensor]:
    """The `task.held_out` test sequences, drawn apart from every training batch, and their answers."""
    return batch(task, task.held_out, torch.Generator().manual_seed(999))


def symbols(task: Task) -> torch.Tensor:
    """The task's K distinct sequences, symbol k in column k: (T, K, K). Every sequence of the task is one of them."""
    x = torch.zeros(task.T, task.K, task.K, dtype=getattr(torch, task.dtype))
    x[0] = torch.eye(task.K)
    return x


def set_forget_bias(lstm: nn.LSTM, b_f: float) -> None:
    """Make every forget gate of layer 0 start at σ(b_f)."""
    f = gate_rows(lstm.hidden_size, "f")
    with torch.no_grad():
        lstm.bias_ih_l0[f].fill_(b_f)
        lstm.bias_hh_l0[f].zero_()  # the second bias vector adds to the first


def train(b_f: float, seed: int, task: Task = Task()) -> np.ndarray:
    """Train one LSTM; return its held-out accuracy at each of `task.measured_at`."""
    return accuracy(fit(b_f, seed, task)[0], task)


def accuracy(answers: np.ndarray, task: Task) -> np.ndarray:
    """The share of the test set named right, from the answers to the K sequences, (..., K): every test sequence
    is one of the K, and a network answers equal sequences alike."""
    counts = np.bincount(test_set(task)[1].numpy(), minlength=task.K)  # how often each symbol is in the test set
    return (answers == np.arange(task.K)) @ counts / task.held_out


def weights(b_f: float, seed: int, task: Task = Task()) -> dict[str, np.ndarray]:
    """One trained run's `parameters`, trained now: for a seed that `run` does not train."""
    _, lstm, head = fit(b_f, seed, task)
    return parameters(lstm, head)


def parameters(lstm: nn.LSTM, head: nn.Linear) -> dict[str, np.ndarray]:
    """A trained run's parameters as arrays of the training's dtype: W (4H, K), U (4H, H), b = b_ih + b_hh (4H,),
    and the read-out's V (K, H) and c (K,); the gates are stacked (i, f, g, o) as in `nn.LSTM`."""
    with torch.no_grad():
        return {"W": lstm.weight_ih_l0.numpy().copy(), "U": lstm.weight_hh_l0.numpy().copy(),
                "b": (lstm.bias_ih_l0 + lstm.bias_hh_l0).numpy().copy(),
                "V": head.weight.numpy().copy(), "c": head.bias.numpy().copy()}


def fit(b_f: float, seed: int, task: Task = Task()) -> tuple[np.ndarray, nn.LSTM, nn.Linear]:
    """Train one LSTM; its answer to each of the K sequences at each of `task.measured_at`, (evaluations, K), the
    LSTM and its read-out."""
    torch.manual_seed(seed)
    dtype = getattr(torch, task.dtype)
    lstm, head = nn.LSTM(task.K, task.H, dtype=dtype), nn.Linear(task.H, task.K, dtype=dtype)
    set_forget_bias(lstm, b_f)
    params = [*lstm.parameters(), *head.parameters()]
    optimiser = torch.optim.Adam(params, lr=task.lr)
    data = torch.Generator().manual_seed(1000 + seed)
    x_test, answers = symbols(task), []
    for step in range(1, task.steps + 1):
        x, y = batch(task, task.batch, data)
        out, _ = lstm(x)  # (T, B, H)
        loss = nn.functional.cross_entropy(head(out[-1]), y)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        if step % task.every == 0:
            with torch.no_grad():
                answers.append(head(lstm(x_test)[0][-1]).argmax(dim=-1).numpy())
    return np.array(answers), lstm, head


def train_all(task: Task = Task()) -> Runs:
    """Every (b_f, seed) run of `task`, in this process: its accuracy and its trained parameters."""
    fits = {b_f: [fit(b_f, seed, task) for seed in task.seeds] for b_f in task.biases}
    answers = {b_f: np.stack([a for a, _, _ in runs]) for b_f, runs in fits.items()}  # (seeds, evaluations, K)
    return Runs(task, {b_f: accuracy(a, task) for b_f, a in answers.items()},
                {b_f: tuple(parameters(lstm, head) for _, lstm, head in runs) for b_f, runs in fits.items()},
                {b_f: a[:, -1] for b_f, a in answers.items()})


def start(task: Task = Task()) -> list[pinned.Pending]:
    """Start training every run of `task` with pinned numerics, one process per bias, side by side."""
    return [pinned.submit(f"{__name__}:train_all", task=task._replace(biases=(b_f,))) for b_f in task.biases]


def run(task: Task = Task()) -> Runs:
    """Every run of `task`, trained with pinned numerics (started now, unless `start` did already)."""
    parts = {b_f: part.result() for b_f, part in zip(task.biases, start(task), strict=True)}
    return Runs(task, {b_f: part.accuracy[b_f] for b_f, part in parts.items()},
                {b_f: part.weights[b_f] for b_f, part in parts.items()},
                {b_f: part.answers[b_f] for b_f, part in parts.items()})


# ---------------------------------------------------------------- what the page shows and claims


def table(runs: Runs) -> Table:
    """Per bias: how many seeds solved the task, each seed's final accuracy and how many symbols it names right,
    and when it first solved it."""
    task, never = runs.task, "—"
    rows = []
    for b_f in task.biases:
        first = [runs.first_reaching(b_f, k, task.solved) for k in range(len(task.seeds))]
        rows.append((
            b_f,
            Text(f"{runs.solved(b_f)} of {len(task.seeds)}", f"{runs.solved(b_f)} из {len(task.seeds)}"),
            ", ".join(number(a, ".3f") for a in runs.final(b_f)),
            ", ".join(number(int(n), "d") for n in runs.named(b_f)),
            ", ".join(never if s is None else str(s) for s in first),
        ))
    level = Text(number(task.solved, ".0%", "en"), number(task.solved, ".0%", "ru"))
    return Table(
        (
            Column("$b_f$", "g", "b_f"),
            Column(Text("seeds that name every symbol", "число запусков, называющих каждый символ")),
            Column(Text("final accuracy on the test sequences, by seed",
                        "итоговая точность на проверочных последовательностях, по запускам")),
            Column(Text(f"symbols of {task.K} named right, by seed", f"число верно названных символов из {task.K}, по запускам")),
            Column(Text(f"first step at {level.en}", f"первый шаг обучения с точностью {level.ru}")),
        ),
        tuple(rows),
    )


def claims(runs: Runs) -> list[Claim]:
    """What the forget-bias page says about the runs, each with whether it holds and what was measured.

    A run solves the task when its final accuracy is at least `Task.solved`, a published figure. The claims
    held over twenty seeds per bias and several numeric code paths (`benchmarks/experiments.py`; the README
    gives the rates).
    """
    n, low, high = len(runs.task.seeds), min(runs.task.biases), max(runs.task.biases)
    others = [b for b in runs.task.biases if b != high]
    between = [b for b in others if b != low] or others  # what the third claim names; it checks all of `others`

    def finals(b: float) -> Text:
        values = ", ".join(number(a, ".3f") for a in runs.final(b))
        return Text(f"final accuracy {values}", f"итоговая точность {values}")

    solved = Text(", ".join(f"{runs.solved(b)} of {n} ($b_f = {b:g}$)" for b in runs.task.biases),
                  ", ".join(f"{runs.solved(b)} из {n} ($b_f = {b:g}$)" for b in runs.task.biases))
    return [
        Claim(Text(f"with $b_f = {low:g}$, none of the {n} runs solves the task, that is, names each of the "
                   f"{runs.task.K} symbols (a final accuracy of at least {runs.task.solved:.2f} on the test sequences)",
                   f"при $b_f = {low:g}$ ни один из {n} запусков не решает задачу, то есть не называет верно каждый "
                   f"из {runs.task.K} символов (итоговая точность на проверочных последовательностях не ниже "
                   f"{runs.task.solved:.2f})"),
              runs.solved(low) == 0, finals(low)),
        Claim(Text(f"with $b_f = {high:g}$, all {n} runs solve it",
                   f"при $b_f = {high:g}$ задачу решает каждый из {n} запусков"),
              runs.solved(high) == n, finals(high)),
        Claim(Text(" and ".join(f"$b_f = {b:g}$" for b in between)
                   + f" {'each solve' if len(between) > 1 else 'solves'} it in fewer runs than $b_f = {high:g}$",
                   "при " + " и ".join(f"$b_f = {b:g}$" for b in between)
                   + f" задачу решает меньше запусков, чем при $b_f = {high:g}$"),
              all(runs.solved(b) < runs.solved(high) for b in others), solved),
        Claim(Text(f"every run with $b_f = {low:g}$ gives one and the same answer whatever the first step showed, so "
                   "it names one symbol right",
                   f"каждый запуск с $b_f = {low:g}$ даёт один и тот же ответ, что бы ни показал первый шаг, и потому "
                   "верно называет один символ"),
              bool(np.all(runs.distinct(low) == 1)), _distinct(runs, low)),
    ]


def _distinct(runs: Runs, b_f: float) -> Text:
    values = ", ".join(number(int(n), "d") for n in runs.distinct(b_f))
    return Text(f"different answers {values}", f"разных ответов {values}")
