"""The gates of a trained LSTM, read step by step: what the forget-bias task taught them.

The forget-bias task shows one of K symbols at the first step and blanks after
it; a run with b_f = 2 learns to name the symbol after T steps. `weights`
takes the parameters of such a published run (the same pinned training as the
page's table); everything after that is float64 numpy: `trace` steps the cell
through one sequence per symbol, and `carriers` picks the units whose memory
differs most between symbols at the last step, the units that carry it.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..torch import pinned
from .experiments import forget_bias

GATES = ("i", "f", "g", "o")  # nn.LSTM's stacking order; g is the candidate


def weights(seed: int = 0, b_f: float = 2.0, task: forget_bias.Task = forget_bias.Task()) -> dict[str, np.ndarray]:
    """The trained parameters of the run (b_f, seed), from the pinned training: a run of `task` is read from the
    training the forget-bias page shows (`forget_bias.run`, kept in the store), and only another seed is trained."""
    if seed in task.seeds and b_f in task.biases:
        return forget_bias.run(task._replace(biases=(b_f,))).weights[b_f][task.seeds.index(seed)]
    return pinned.run(f"{forget_bias.__name__}:weights", b_f=b_f, seed=seed, task=task)


class Trace(NamedTuple):
    """One sequence through the cell: every quantity (T, H), float64, step by step."""

    i: np.ndarray
    f: np.ndarray
    g: np.ndarray
    o: np.ndarray
    c: np.ndarray
    h: np.ndarray
    p: np.ndarray  # (K,) the read-out's probabilities after the last step


def _sigmoid(a: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-a))


def trace(w: dict[str, np.ndarray], x: np.ndarray) -> Trace:
    """Run the cell with weights `w` over inputs x (T, K) from a zero state, in float64."""
    W, U, b = (np.asarray(w[k], dtype=np.float64) for k in ("W", "U", "b"))
    H = U.shape[1]
    h, c = np.zeros(H), np.zeros(H)
    seen: dict[str, list[np.ndarray]] = {k: [] for k in (*GATES, "c", "h")}
    for x_t in np.asarray(x, dtype=np.float64):
        a = W @ x_t + U @ h + b
        gates = dict(zip(GATES, np.split(a, 4)))
        i, f, o = _sigmoid(gates["i"]), _sigmoid(gates["f"]), _sigmoid(gates["o"])
        g = np.tanh(gates["g"])
        c = f * c + i * g
        h = o * np.tanh(c)
        for k, v in zip((*GATES, "c", "h"), (i, f, g, o, c, h)):
            seen[k].append(v)
    logits = np.asarray(w["V"], dtype=np.float64) @ h + np.asarray(w["c"], dtype=np.float64)
    p = np.exp(logits - logits.max())
    return Trace(*(np.stack(seen[k]) for k in (*GATES, "c", "h")), p / p.sum())


def sequence(symbol: int, task: forget_bias.Task = forget_bias.Task()) -> np.ndarray:
    """The task's input for `symbol`: one-hot at the first step, blank after; (T, K)."""
    x = np.zeros((task.T, task.K))
    x[0, symbol] = 1
    return x


def traces(w: dict[str, np.ndarray], task: forget_bias.Task = forget_bias.Task()) -> list[Trace]:
    """One trace per symbol: every sequence the task can draw (the blanks are all alike)."""
    return [trace(w, sequence(k, task)) for k in range(task.K)]


def carriers(ts: list[Trace], n: int = 2) -> np.ndarray:
    """The n units whose memory at the last step differs most between symbols (range over symbols), largest first."""
    last = np.stack([t.c[-1] for t in ts])  # (K, H)
    return np.argsort(-(last.max(axis=0) - last.min(axis=0)), kind="stable")[:n]


def export(w: dict[str, np.ndarray], task: forget_bias.Task = forget_bias.Task()) -> dict:
    """The weights and settings as plain lists, for the page's script."""
    return {"T": task.T, "K": task.K, "H": int(np.asarray(w["U"]).shape[1]), "order": list(GATES),
            **{k: np.asarray(v, dtype=np.float64).tolist() for k, v in w.items()},
            "carriers": carriers(traces(w, task)).tolist()}


# ---------------------------------------------------------------- what the page shows and claims


class Bounds(NamedTuple):
    """What the page claims about the trained gates: each a published figure that the page binds."""

    growth: float = 10.0  # the carriers' memory ends at least this many times further apart than after step 1


def _solves(ts: list[Trace]) -> bool:
    return all(int(t.p.argmax()) == k for k, t in enumerate(ts))


def growth(ts: list[Trace]) -> float:
    """The smaller, over the two carrying units, of their spread of c between symbols at the last step over the
    spread after the first step."""
    c = np.stack([t.c[:, carriers(ts)] for t in ts])  # (K, T, 2)
    spread = c.max(axis=0) - c.min(axis=0)  # (T, 2)
    return float((spread[-1] / spread[0]).min())


def claims(runs: list[list[Trace]], bounds: Bounds = Bounds()):
    """Over every run that solves the task: the carriers' memory grows apart during the blank steps."""
    from ..claims import Claim
    from ..render import Text, number

    solving = [ts for ts in runs if _solves(ts)]
    low = min((growth(ts) for ts in solving), default=0.0)
    n = f"{bounds.growth:g}"
    return [Claim(Text(f"in every run that solves the task, the memory of the two units that carry the symbol ends at "
                       f"least {n} times further apart between symbols than after the first step",
                       f"в каждом запуске, решившем задачу, память двух нейронов, несущих символ, к последнему шагу "
                       f"расходится между символами по меньшей мере в {n} раз сильнее, чем после первого шага"),
                  bool(solving) and low > bounds.growth,
                  Text(f"smallest factor {number(low, '.0f')} over {len(solving)} runs",
                       f"наименьший множитель {number(low, '.0f')} по {len(solving)} запускам"))]


def plot(ts: list[Trace]) -> str:
    """The first carrying unit, one line per symbol: its forget gate (solid) and input gate (dashed), step by step."""
    from . import plots
    from ..render import Text, number

    u = int(carriers(ts, 1)[0])
    steps = np.arange(1, len(ts[0].f) + 1)
    with plots._figure("trained-gates") as (fig, ax):
        for colour, (k, t) in zip(plots.COLOURS, enumerate(ts), strict=False):
            ax.plot(steps, t.f[:, u], color=colour, lw=2, label=str(Text(f"symbol {k}: f", f"символ {k}: f")))
            ax.plot(steps, t.i[:, u], color=colour, lw=1.2, ls="--")
        ax.set_xlabel(str(Text("step t", "шаг t")))
        ax.set_ylabel(str(Text("gate value (f solid, i dashed)", "значение гейта (f — сплошная, i — пунктир)")))
        ax.set_ylim(0, 1.02)
        ax.legend(loc="lower right", fontsize=8)
    last = ", ".join(f"{k}: {number(float(t.c[-1, u]), '.2f')}" for k, t in enumerate(ts))
    title = str(Text("The forget and input gates of a trained unit",
                     "Гейт забывания и входной гейт обученного нейрона"))
    description = str(Text(f"Unit {u}, one colour per symbol. Its memory after the last step, by symbol: {last}.",
                           f"Нейрон {u}, каждому символу свой цвет. Его память после последнего шага по символам:"
                           f" {last}."))
    return plots._svg(fig, title, description)


def memory_table(ts: list[Trace], steps: tuple[int, ...] = (1, 10, 20, 30)):
    """The carrying units' memory c at a few steps, by symbol."""
    from ..render import Column, Table, Text

    units = carriers(ts)
    return Table(
        (Column(Text("symbol", "символ"), "d"), Column(Text("unit", "нейрон"), "d"),
         *(Column(f"$c_{{{s}}}$", ".2f") for s in steps)),
        tuple((k, int(u), *(float(t.c[s - 1, u]) for s in steps)) for k, t in enumerate(ts) for u in units),
    )


def lowest(ts: list[Trace]) -> float:
    """The smallest forget gate of a carrying unit over the blank steps (the second to the last), for any symbol."""
    return float(min(t.f[1:, carriers(ts)].min() for t in ts))


def line(ts: list[Trace]) -> float:
    """The most that the memory line alone would keep of a carrying unit's memory over the blank steps: the
    largest, over symbols and carriers, product of its forget gates from the second step to the last."""
    return float(max(np.prod(t.f[1:, carriers(ts)], axis=0).max() for t in ts))
