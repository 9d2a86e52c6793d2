"""In practice: clipping an exploding gradient, packing padded batches, dropout between layers, a cell against a layer.

Four measurements on `nn.LSTM` in float64, each over `Setup.seeds`:

- clipping: L = sum(h_T) after T steps, with PyTorch's weights and with U scaled by `gain`;
  ‖∇L‖ over every parameter before and after `clip_grad_norm_(max_norm)`;
- packing: a bidirectional layer on sequences padded at the end, read padded and packed,
  against each sequence run alone;
- dropout: ``nn.LSTM(dropout=p)`` with one layer (the warning it gives) and with two;
- cell: `nn.LSTMCell` in a loop against `nn.LSTM`, with the weights copied across.

`measure` works in the calling process; `run` in one with pinned numerics (`gated.torch.pinned`).
"""

from __future__ import annotations

import warnings
from typing import NamedTuple

import numpy as np
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

from ...claims import Claim
from ...render import Below, Column, Table, Text, below, named, number
from ...torch import pinned


class Setup(NamedTuple):
    """The sizes of the four measurements; the published ones are the defaults."""

    d: int = 4
    H: int = 16
    batch: int = 8
    T: int = 60  # clipping: steps before the loss
    gain: float = 16  # clipping: U is multiplied by this to make the gradient explode
    max_norm: float = 1.0
    lengths: tuple[int, ...] = (6, 4, 2)  # packing: true lengths, padded at the end to the first
    p: float = 0.5  # dropout
    seeds: int = 20


def _lstm(s: Setup, **kw) -> nn.LSTM:
    return nn.LSTM(s.d, s.H, dtype=torch.float64, **kw)


# --8<-- [start:clip]
def _clip(s: Setup, gain: float) -> tuple[float, float]:
    lstm = _lstm(s)
    with torch.no_grad():
        lstm.weight_hh_l0.mul_(gain)  # U, all four blocks
    y, _ = lstm(torch.randn(s.T, s.batch, s.d, dtype=torch.float64))  # (T, B, H)
    y[-1].sum().backward()
    # between backward() and the optimiser's step: returns the norm it found, then scales every .grad
    total = float(nn.utils.clip_grad_norm_(lstm.parameters(), s.max_norm))
    after = float(torch.cat([p.grad.flatten() for p in lstm.parameters()]).norm())
    return total, after
# --8<-- [end:clip]


def _packing(s: Setup) -> dict[str, float]:
    lengths, T, H = s.lengths, max(s.lengths), s.H
    lstm = _lstm(s, bidirectional=True)
    # --8<-- [start:pack]
    x = torch.randn(T, len(lengths), s.d, dtype=torch.float64)  # (T, B, d)
    for b, n in enumerate(lengths):
        x[n:, b] = 0  # padding at the end
    with torch.no_grad():
        y, (padded, _) = lstm(x)  # (T, B, 2H), (2, B, H)
        # lengths: a list or a CPU tensor; enforce_sorted=False takes the batch in any order
        packed_x = pack_padded_sequence(x, torch.tensor(lengths), enforce_sorted=False)
        packed_y, (packed, _) = lstm(packed_x)  # h_n (2, B, H), in the batch's own order
        y_packed, _ = pad_packed_sequence(packed_y, total_length=T)  # (T, B, 2H), zeros past each length
        # --8<-- [end:pack]
        alone = torch.stack([lstm(x[:n, b:b + 1])[1][0][:, 0] for b, n in enumerate(lengths)], dim=1)  # (2, B, H)
        read = torch.stack([y[n - 1, b, :H] for b, n in enumerate(lengths)])  # forward state at the true last step
        # the final states in y_packed: forward at the last real step, backward at the first
        ends = [torch.stack([y_packed[n - 1, b, :H], y_packed[0, b, H:]]) for b, n in enumerate(lengths)]
        unpacked = torch.stack(ends, dim=1)  # (2, B, H)
    short = [b for b, n in enumerate(lengths) if n < T]
    full = lengths.index(T)

    def gap(a: torch.Tensor, b: torch.Tensor) -> float:
        return float((a - b).abs().max())

    return {
        "packed": max(gap(packed, alone), gap(unpacked, alone)),
        "forward": gap(padded[0, short], alone[0, short]),
        "backward": gap(padded[1, short], alone[1, short]),
        "read": gap(read, alone[0]),
        "full": gap(padded[:, full], alone[:, full]),  # the longest sequence has no padding
    }


def _dropout(s: Setup) -> tuple[str, float, float]:
    x = torch.randn(5, s.batch, s.d, dtype=torch.float64)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        one = _lstm(s, dropout=s.p)
    two = _lstm(s, num_layers=2, dropout=s.p)
    gaps = []
    for lstm in (one, two):
        with torch.no_grad():
            lstm.train()
            y_train, _ = lstm(x)
            lstm.eval()
            y_eval, _ = lstm(x)
        gaps.append(float((y_train - y_eval).abs().max()))
    (message,) = {str(w.message) for w in caught}
    return message, *gaps


# --8<-- [start:cell]
def _cell(s: Setup) -> float:
    lstm = _lstm(s)
    cell = nn.LSTMCell(s.d, s.H, dtype=torch.float64)
    with torch.no_grad():
        for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
            getattr(cell, name).copy_(getattr(lstm, f"{name}_l0"))
        x = torch.randn(s.T, s.batch, s.d, dtype=torch.float64)
        y, _ = lstm(x)
        h = c = torch.zeros(s.batch, s.H, dtype=torch.float64)
        steps = []
        for x_t in x:  # one step per call: the loop is ours
            h, c = cell(x_t, (h, c))
            steps.append(h)
    return float((torch.stack(steps) - y).abs().max())
# --8<-- [end:cell]


def measure(setup: Setup = Setup()) -> dict:
    """The four measurements for every seed, in this process.

    Returns
    -------
    dict
        ``"before"``, ``"after"`` -> (seeds,) gradient norms with U scaled by `gain`; ``"default before"`` the
        same with PyTorch's weights; ``"packing"`` -> {gap name: (seeds,)}; ``"warning"`` -> str;
        ``"dropout one"``, ``"dropout two"`` -> (seeds,) max |train − eval|; ``"cell"`` -> (seeds,) max |Δh|.
    """
    out: dict = {key: [] for key in ("before", "after", "default before", "dropout one", "dropout two", "cell")}
    packing: dict[str, list[float]] = {}
    messages = set()
    for seed in range(setup.seeds):
        torch.manual_seed(seed)
        out["default before"].append(_clip(setup, 1.0)[0])
        before, after = _clip(setup, setup.gain)
        out["before"].append(before)
        out["after"].append(after)
        for key, value in _packing(setup).items():
            packing.setdefault(key, []).append(value)
        message, one, two = _dropout(setup)
        messages.add(message)
        out["dropout one"].append(one)
        out["dropout two"].append(two)
        out["cell"].append(_cell(setup))
    (out["warning"],) = messages
    out = {k: np.array(v) if isinstance(v, list) else v for k, v in out.items()}
    out["packing"] = {k: np.array(v) for k, v in packing.items()}
    return out


def start(setup: Setup = Setup()) -> pinned.Pending:
    """Start `measure` with pinned numerics in a process of its own."""
    return pinned.submit(f"{__name__}:measure", setup=setup)


def run(setup: Setup = Setup()) -> dict:
    """`measure`, with pinned numerics in a process of its own."""
    return start(setup).result()


# ---------------------------------------------------------------- what the page claims


class Bounds(NamedTuple):
    """What the page claims, and how far: each a published figure that the page binds."""

    explode: float = 100  # the scaled U's gradient norm is above this in every seed, PyTorch's weights' below it
    tol: float = 1e-10  # packed against alone, the cell against the layer, the forward state read from y
    gap: float = 1e-3  # the padded backward direction is off by more than this in every seed


def claims(data: dict, bounds: Bounds = Bounds(), setup: Setup = Setup()) -> list[Claim]:
    """What the page says about the measurements, each with whether it holds and what was measured."""
    pk, seeds, tol = data["packing"], len(data["before"]), number(bounds.tol, ".0×")
    return [
        Claim(
            Text(f"with $U$ scaled by {setup.gain:g}, $\\lVert\\nabla L\\rVert$ is above {bounds.explode:g} in every "
                 f"seed; with PyTorch's weights, below it",
                 f"с $U$, умноженной на {setup.gain:g}, $\\lVert\\nabla L\\rVert$ больше {bounds.explode:g} при "
                 f"каждом запуске, с весами PyTorch — меньше"),
            data["before"].min() > bounds.explode > data["default before"].max(),
            Text(f"{named('low', data['before'].min(), '.1×')} to {named('high', data['before'].max(), '.1×')}; "
                 f"PyTorch's: at most {named('default', data['default before'].max(), '.1f')}",
                 f"от {named('low', data['before'].min(), '.1×')} до {named('high', data['before'].max(), '.1×')}; "
                 f"веса PyTorch: не больше {named('default', data['default before'].max(), '.1f')}"),
        ),
        Claim(
            Text(f"after `clip_grad_norm_`, the norm is at most `max_norm` = {setup.max_norm:g}, within {tol}",
                 f"после `clip_grad_norm_` норма не больше `max_norm` = {setup.max_norm:g} с точностью до {tol}"),
            bool(np.all(data["after"] <= setup.max_norm + bounds.tol)),
            Text(f"at most {named('after', data['after'].max(), '.9f')}",
                 f"не больше {named('after', data['after'].max(), '.9f')}"),
        ),
        Claim(
            Text(f"packed, every final state equals that of its sequence run alone, within {tol}",
                 f"с упаковкой каждое конечное состояние совпадает с состоянием последовательности, прогнанной "
                 f"отдельно, с точностью до {tol}"),
            bool(pk["packed"].max() < bounds.tol and pk["read"].max() < bounds.tol),
            Text(f"{_below(pk['packed'], bounds.tol)}; forward state read from `y`: "
                 f"{_below(pk['read'], bounds.tol)}",
                 f"{_below(pk['packed'], bounds.tol)}; прямое состояние из `y`: "
                 f"{_below(pk['read'], bounds.tol)}"),
        ),
        Claim(
            Text(f"padded, the backward direction's final state of a short sequence is off by more than "
                 f"{number(bounds.gap, '.0×')} in every seed",
                 f"без упаковки конечное состояние обратного направления у короткой последовательности "
                 f"отличается больше чем на {number(bounds.gap, '.0×')} при каждом запуске"),
            bool(pk["backward"].min() > bounds.gap),
            Text(f"at least {named('backward', pk['backward'].min(), '.3f')} (forward `h_n`: at least "
                 f"{named('forward', pk['forward'].min(), '.3f')})",
                 f"не меньше {named('backward', pk['backward'].min(), '.3f')} (прямое `h_n`: не меньше "
                 f"{named('forward', pk['forward'].min(), '.3f')})"),
        ),
        Claim(
            Text("with one layer, `dropout` changes nothing in training; with two, it does",
                 "с одним слоем `dropout` при обучении ничего не меняет, с двумя меняет"),
            bool(np.all(data["dropout one"] == 0) and data["dropout two"].min() > bounds.gap),
            Text(f"{named('one', data['dropout one'].max(), 'g')}; two layers: at least "
                 f"{named('two', data['dropout two'].min(), '.3f')}",
                 f"{named('one', data['dropout one'].max(), 'g')}; два слоя: не меньше "
                 f"{named('two', data['dropout two'].min(), '.3f')}"),
        ),
        Claim(
            Text(f"`nn.LSTMCell` in a loop gives the outputs of `nn.LSTM`, within {tol}",
                 f"`nn.LSTMCell` в цикле даёт выходы `nn.LSTM` с точностью до {tol}"),
            bool(data["cell"].max() < bounds.tol),
            Text(f"{_below(data['cell'], bounds.tol)} over {named('seeds', seeds, 'd')} seeds",
                 f"{_below(data['cell'], bounds.tol)}, запусков: {named('seeds', seeds, 'd')}"),
        ),
    ]


def _below(gaps: np.ndarray, tol: float) -> str:
    """The largest of `gaps`, differences that rounding alone makes, as the bound it is under (or, above the bound,
    as measured: the claim then fails and names it)."""
    largest = float(np.max(gaps))
    return below(largest, tol) if largest < tol else number(largest, ".1×")


def table(data: dict, tol: float = Bounds().tol) -> Table:
    """The packing measurement: each gap's smallest and largest value over the seeds (padded rows: short sequences)."""
    pk = data["packing"]
    rows = (
        (Text("packed `h_n` − alone", "`h_n` с упаковкой − отдельно"), "packed"),
        (Text("padded `h_n[0]` − alone (forward)", "`h_n[0]` без упаковки − отдельно (прямое)"), "forward"),
        (Text("padded `h_n[1]` − alone (backward)", "`h_n[1]` без упаковки − отдельно (обратное)"), "backward"),
        (Text("`y[n-1, :, :H]` − alone (forward)", "`y[n-1, :, :H]` − отдельно (прямое)"), "read"),
    )
    return Table(
        (
            Column(Text("final states", "конечные состояния")),
            Column(Text("smallest $\\max\\lvert\\Delta\\rvert$", "наименьший $\\max\\lvert\\Delta\\rvert$"), ".1×"),
            Column(Text("largest $\\max\\lvert\\Delta\\rvert$", "наибольший $\\max\\lvert\\Delta\\rvert$"), ".1×"),
        ),
        # rows that agree but for rounding show the bound they are checked to be under, not their last bits
        tuple((label, *((Below(v, tol) if key in ("packed", "read") else v) for v in (pk[key].min(), pk[key].max())))
              for label, key in rows),
    )
