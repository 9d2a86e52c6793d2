"""The gradient highway, measured with autograd instead of argued.

Run a freshly initialised cell for τ steps, take L = v · c_τ for a fixed unit
vector v, and measure ‖∂L/∂c_0‖, averaged over a batch of random input
sequences. Along the memory line alone this would be σ(b_f)^τ. The plain
RNN gets the same measurement on h: ‖∂(v · h_τ)/∂h_0‖. For the LSTM the
memory line alone is measured too: v ⊙ f_τ ⋯ f_1, the gradient with every
path through h_{t−1} cut and the gates kept at the values they took.

Two initialisations: the textbook's small weights, N(0, 0.01²) with zero
biases, and PyTorch's default, U(-1/√H, 1/√H) for every weight and bias. The
forget bias is then set to b_f, the whole of it in b_ih.

`measure` works in the calling process; `run` in one with pinned numerics
(`gated.torch.pinned`), as the build does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np
import torch
from torch import nn

from ...claims import Claim
from ...highway import retained
from ...render import Column, Table, Text, named, number
from ...torch import pinned
from ...torch.weights import gate_rows


class Setup(NamedTuple):
    """The measurement's sizes and the distances τ it measures at; the published ones are the defaults.

    Each τ costs a backward pass through τ steps, so the distances thin out as they grow.
    """

    d: int = 8
    H: int = 32
    batch: int = 64
    taus: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40, 47, 55, 65, 75, 85, 100)
    seed: int = 0


BIASES = (0.0, 1.0, 2.0)
INITS = ("textbook", "pytorch")


def _cell(Cell: type[nn.Module], init: str, b_f: float | None, s: Setup) -> nn.Module:
    cell = Cell(s.d, s.H, dtype=torch.float64)
    with torch.no_grad():
        if init == "textbook":
            for name, p in cell.named_parameters():
                p.copy_(torch.randn_like(p) * 0.01 if name.startswith("weight") else torch.zeros_like(p))
        if b_f is not None:
            cell.bias_ih[gate_rows(s.H, "f")].fill_(b_f)
            cell.bias_hh[gate_rows(s.H, "f")].zero_()
    return cell


def _forget(cell: nn.Module, x: torch.Tensor, h: torch.Tensor) -> torch.Tensor:
    """The LSTM cell's forget gate f_t at input `x` and state `h` = h_{t−1}, as nn.LSTMCell computes it."""
    f = gate_rows(cell.hidden_size, "f")
    return torch.sigmoid(x @ cell.weight_ih[f].T + cell.bias_ih[f] + h @ cell.weight_hh[f].T + cell.bias_hh[f])


def _norms(cell: nn.Module, lstm: bool, s: Setup) -> tuple[np.ndarray, np.ndarray]:
    """‖∂(v · c_τ)/∂c_0‖ (the plain cell's on h) at each τ, averaged over the batch; and, for the LSTM, the same
    along the memory line alone, ‖v ⊙ f_τ ⋯ f_1‖ (empty for the plain cell)."""
    x = torch.randn(s.taus[-1], s.batch, s.d, dtype=torch.float64)  # (τ, B, d)
    v = torch.randn(s.H, dtype=torch.float64)
    v /= v.norm()
    start = torch.zeros(s.batch, s.H, dtype=torch.float64, requires_grad=True)  # c_0 or h_0
    h, c, memory = start, start, []
    line, lines = torch.ones(s.batch, s.H, dtype=torch.float64), []  # the product of the forget gates so far
    if lstm:
        h = torch.zeros(s.batch, s.H, dtype=torch.float64)
    for x_t in x:
        if lstm:
            with torch.no_grad():
                line = line * _forget(cell, x_t, h)
            lines.append(line)
            h, c = cell(x_t, (h, c))
            memory.append(c)
        else:
            h = cell(x_t, h)
            memory.append(h)
    norms = []
    for m in (memory[tau - 1] for tau in s.taus):
        (g,) = torch.autograd.grad((m @ v).sum(), start, retain_graph=True)  # (B, H)
        norms.append(g.norm(dim=1).mean().item())
    along = [(lines[tau - 1] * v).norm(dim=1).mean().item() for tau in s.taus] if lstm else []
    return np.array(norms), np.array(along)


def measure(setup: Setup = Setup()) -> dict[str, np.ndarray]:
    """Gradient norms at the distances `setup.taus`, in this process.

    Returns
    -------
    dict
        ``"lstm {init} {b_f}"`` -> (τ,) measured ‖∂L/∂c_0‖ for each init and
        b_f in BIASES; ``"line {init} {b_f}"`` -> (τ,) the same along the memory
        line alone; ``"rnn pytorch"`` -> (τ,) measured ‖∂L/∂h_0‖;
        ``"predicted {b_f}"`` -> (τ,) σ(b_f)^τ.
    """
    taus = np.array(setup.taus)
    out = {"tau": taus}
    for init in INITS:
        for b_f in BIASES:
            torch.manual_seed(setup.seed)
            out[f"lstm {init} {b_f:g}"], out[f"line {init} {b_f:g}"] = _norms(
                _cell(nn.LSTMCell, init, b_f, setup), lstm=True, s=setup)
    torch.manual_seed(setup.seed)
    out["rnn pytorch"], _ = _norms(_cell(nn.RNNCell, "pytorch", None, setup), lstm=False, s=setup)
    for b_f in BIASES:
        out[f"predicted {b_f:g}"] = retained(b_f, taus)
    return out


def start(setup: Setup = Setup()) -> pinned.Pending:
    """Start `measure` with pinned numerics in a process of its own."""
    return pinned.submit(f"{__name__}:measure", setup=setup)


def run(setup: Setup = Setup()) -> dict[str, np.ndarray]:
    """`measure`, with pinned numerics in a process of its own (started now, unless `start` did already)."""
    return start(setup).result()


# ---------------------------------------------------------------- what the page claims


def at(data: dict[str, np.ndarray], curve: str, tau: int) -> float:
    """One curve's value at distance τ."""
    return float(data[curve][list(data["tau"]).index(tau)])


def line_shares(data: dict[str, np.ndarray], tau: int) -> list[float]:
    """At PyTorch's initialisation, for each forget bias: what the memory line alone brings back across τ steps, as a
    share of what the whole cell brings."""
    return [at(data, f"line pytorch {b:g}", tau) / at(data, f"lstm pytorch {b:g}", tau) for b in BIASES]


def rate(data: dict[str, np.ndarray], curve: str, tau: int = 47) -> float:
    """The average factor per step by which a curve falls between τ = 1 and τ = `tau`."""
    return (at(data, curve, tau) / at(data, curve, 1)) ** (1 / (tau - 1))


class Bounds(NamedTuple):
    """What the page claims about the measurement, and how far: each a published figure that the page binds.

    `benchmarks/experiments.py` measures the margins over many seeds and code paths; the README gives them.
    """

    tau: int = 47  # the distance the claims on small and PyTorch's weights hold up to
    factor: float = 10  # small weights: the measured norm is within this factor of σ(b_f)^τ, up to τ
    step: float = 0.05  # small weights: the measured factor per step is within this of σ(b_f), over every distance
    plain_low: float = 0.4  # the plain cell's factor per step, up to τ, lies between these
    plain_high: float = 0.7
    line: float = 0.25  # PyTorch's weights: the memory line alone carries less than this share of the gradient, at tau


def claims(data: dict[str, np.ndarray], bounds: Bounds = Bounds()) -> list[Claim]:
    """What the highway page says about the measurement, each with whether it holds and what was measured."""
    tau, last = bounds.tau, int(data["tau"][-1])
    near = [t for t in data["tau"] if t <= tau]
    on_prediction = {b: [at(data, f"lstm textbook {b:g}", t) / at(data, f"predicted {b:g}", t) for t in near]
                     for b in BIASES}
    step = {b: rate(data, f"lstm textbook {b:g}", last) for b in BIASES}
    drift = {b: at(data, f"lstm textbook {b:g}", last) / at(data, f"predicted {b:g}", last) for b in BIASES}
    slower = {b: at(data, f"lstm pytorch {b:g}", tau) / at(data, f"predicted {b:g}", tau) for b in BIASES}
    ordered = {init: [at(data, f"lstm {init} {b:g}", tau) for b in sorted(BIASES)] for init in INITS}
    line = {b: at(data, f"line pytorch {b:g}", tau) / at(data, f"predicted {b:g}", tau) for b in BIASES}
    plain = rate(data, "rnn pytorch", tau)

    def each(shown: Callable[[float, str], str]) -> Text:
        """A value for every forget bias, `shown(b_f, lang)`, in both languages."""
        return Text(*(", ".join(f"{shown(b, lang)} ($b_f = {b:g}$)" for b in BIASES) for lang in ("en", "ru")))

    def spread(b: float, lang: str) -> str:
        return (f"{number(min(on_prediction[b]), '.2f', lang)}–"
                f"{named(f'near_{b:g}', max(on_prediction[b]), '.2f', lang)}×")

    def times(r: float, lang: str) -> str:
        """A ratio as a reader reads it, never in e-notation: 18.8×, 82.3×, 1,934× (1 934× in Russian)."""
        return number(r, ",.0f" if r >= 100 else ".3g", lang) + "×"

    return [
        Claim(
            Text(f"small weights: up to $\\tau = {tau}$, the measured norm is within a factor of {bounds.factor:g} of "
                 "$\\sigma(b_f)^\\tau$",
                 f"малые веса: до $\\tau = {tau}$ измеренная норма отличается от $\\sigma(b_f)^\\tau$ меньше чем "
                 f"в {bounds.factor:g} раз"),
            all(1 / bounds.factor < r < bounds.factor for rs in on_prediction.values() for r in rs),
            each(spread),
        ),
        Claim(
            Text(f"small weights: up to $\\tau = {last}$, the factor by which the measured gradient falls per step "
                 f"is within {bounds.step:g} of $\\sigma(b_f)$",
                 f"малые веса: до $\\tau = {last}$ множитель, на который измеренный градиент умножается за шаг, "
                 f"отличается от $\\sigma(b_f)$ меньше чем на {bounds.step:g}"),
            all(abs(step[b] - retained(b, 1)) < bounds.step for b in BIASES),
            Text(", ".join(f"{named(f'step_{b:g}', step[b], '.3f')} against {number(retained(b, 1), '.3f')} ($b_f = {b:g}$)"
                           for b in BIASES)
                 + f"; at $\\tau = {last}$, {named('drift_0', drift[0.0], '.2f')}× the prediction ($b_f = 0$)",
                 ", ".join(f"{named(f'step_{b:g}', step[b], '.3f')} против {number(retained(b, 1), '.3f')} ($b_f = {b:g}$)"
                           for b in BIASES)
                 + f"; при $\\tau = {last}$ в {named('drift_0', drift[0.0], '.2f')} раза больше предсказанного"
                   " ($b_f = 0$)"),
        ),
        Claim(
            Text(f"PyTorch's weights: at $\\tau = {tau}$ more gradient arrives than $\\sigma(b_f)^\\tau$ "
                 "predicts, for every $b_f$",
                 f"веса PyTorch: при $\\tau = {tau}$ градиента доходит больше, чем предсказывает "
                 "$\\sigma(b_f)^\\tau$, при любом $b_f$"),
            all(r > 1 for r in slower.values()),
            each(lambda b, lang: named(f"over_{b:g}", slower[b], ",.0f" if slower[b] >= 100 else ".3g", lang) + "×"),
        ),
        Claim(
            Text(f"PyTorch's weights: at $\\tau = {tau}$ the memory line alone, with every path through $h_{{t-1}}$ "
                 f"cut, brings less than {number(bounds.line, '.0%', 'en')} as much gradient as the whole cell, for "
                 "every $b_f$",
                 f"веса PyTorch: при $\\tau = {tau}$ одна линия памяти, без путей через $h_{{t-1}}$, доносит меньше "
                 f"{number(bounds.line, '.0%', 'ru')} того градиента, что доходит через всю ячейку, при любом $b_f$"),
            all(share < bounds.line for share in line_shares(data, tau)),
            Text(*(", ".join(f"{named(f'line_{b:g}', line[b], '.3g', lang)}× {word} {times(slower[b], lang)} "
                             f"($b_f = {b:g}$)" for b in BIASES)
                   for lang, word in (("en", "against"), ("ru", "против")))),
        ),
        Claim(
            Text(f"with either initialisation, a larger $b_f$ brings more gradient back across $\\tau = {tau}$ steps",
                 f"при обеих инициализациях чем больше $b_f$, тем больше градиента доходит с расстояния $\\tau = {tau}$ шагов"),
            all(np.all(np.diff(norms) > 0) for norms in ordered.values()),
            Text("; ".join(f"{'small' if init == 'textbook' else 'PyTorch'}: " + " < ".join(number(n, ".2×") for n in norms)
                           for init, norms in ordered.items()),
                 "; ".join(f"{'малые' if init == 'textbook' else 'PyTorch'}: " + " < ".join(number(n, ".2×") for n in norms)
                           for init, norms in ordered.items())),
        ),
        Claim(
            Text(f"the plain cell's gradient falls by a factor between {bounds.plain_low:g} and {bounds.plain_high:g} "
                 f"per step up to $\\tau = {tau}$, about as fast as with $b_f = 0$",
                 f"у обычной ячейки до $\\tau = {tau}$ градиент за шаг умножается на число от {bounds.plain_low:g} "
                 f"до {bounds.plain_high:g}, почти как при $b_f = 0$"),
            bounds.plain_low < plain < bounds.plain_high,
            Text(f"{named('plain', plain, '.3f')} per step", f"{named('plain', plain, '.3f')} за шаг"),
        ),
    ]


# The title the page folds the table and the claims under.
FOLDED = Text("The measured norms at a few distances, and the claims they bear out",
              "Измеренные нормы на нескольких расстояниях и утверждения, которые они подтверждают")


def table(data: dict[str, np.ndarray], biases=BIASES, taus=(1, 10, 47, 100)) -> Table:
    """Measured gradient norms at a few distances, next to σ(b_f)^τ.

    `data` is what `measure` returns.
    """
    index = [list(data["tau"]).index(t) for t in taus]
    rows = []
    for b_f in biases:
        rows.append(
            (
                Text(f"$\\sigma({b_f:g})^\\tau$, predicted", f"$\\sigma({b_f:g})^\\tau$, предсказание"),
                *(float(data[f"predicted {b_f:g}"][i]) for i in index),
            )
        )
        rows.append(
            (
                Text(f"LSTM $b_f = {b_f:g}$, small weights", f"LSTM $b_f = {b_f:g}$, малые веса"),
                *(float(data[f"lstm textbook {b_f:g}"][i]) for i in index),
            )
        )
        rows.append(
            (
                Text(f"LSTM $b_f = {b_f:g}$, PyTorch's weights", f"LSTM $b_f = {b_f:g}$, веса PyTorch"),
                *(float(data[f"lstm pytorch {b_f:g}"][i]) for i in index),
            )
        )
    rows.append(
        (
            Text("plain RNN, PyTorch's weights", "обычная RNN, веса PyTorch"),
            *(float(data["rnn pytorch"][i]) for i in index),
        )
    )
    return Table(
        (
            Column(""),
            *(Column(f"$\\tau = {t}$", ".2×", f"tau = {t}") for t in taus),
        ),
        tuple(rows),
    )


def models(data: dict[str, np.ndarray], tau: int = Bounds().tau) -> Table:
    """At distance τ, for each forget bias: the small-weight proxy σ(b_f)^τ, the norm measured at PyTorch's
    initialisation, and how many times the proxy that is (named `pytorch_{b_f}`, for the forget-bias page)."""
    rows = tuple((b, at(data, f"predicted {b:g}", tau), at(data, f"lstm pytorch {b:g}", tau),
                  named(f"pytorch_{b:g}", at(data, f"lstm pytorch {b:g}", tau) / at(data, f"predicted {b:g}", tau),
                        ",.0f") + "×")
                 for b in BIASES)
    return Table(
        (
            Column("$b_f$", ".0f", "b_f"),
            Column(Text(f"small-weight prediction, $\\sigma(b_f)^{{{tau}}}$",
                        f"предсказание для малых весов, $\\sigma(b_f)^{{{tau}}}$"), ".1×",
                   Text(f"small-weight prediction, sigma(b_f)^{tau}", f"предсказание для малых весов, sigma(b_f)^{tau}")),
            Column(Text("PyTorch's initialisation, measured", "инициализация PyTorch, измерено"), ".1×"),
            Column(Text("measured / prediction", "измерено / предсказание")),
        ),
        rows,
    )
