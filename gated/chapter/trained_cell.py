"""The trained cell in the reader's hands: one solved run's weights, stepped through on the page.

This module writes the widget, labelled in the current language, in a titled
frame like the explorer's. Its `data-config` holds the exported cell: the
weights of one trained run of the forget-bias task (`trained_gates.weights`,
each written as the shortest decimal of its float32, so the JSON stays small),
the units that carry the symbol, and the labels. The page's script
(docs/javascripts/trained-cell.js) parses those weights and runs the LSTM step
in double precision; `reference` runs the same numbers through the numpy cell,
and a test compares the two.

What the build draws from `reference` stands without the script: for each
carrying unit a small plot of its memory c over the steps, one line per first
symbol, and, folded, the whole trace as tables, printed by
`gated.render.number`. The script adds the controls (the symbol, four buttons,
the arrow keys, the current step's values and a live region) and marks the step
it is on in the plots. The page never carries the trace's last bits, which are
this CPU's numpy's: only what `number` prints of it, three decimals, and the
plots' coordinates, to a tenth of a unit.
"""

from __future__ import annotations

import json
from html import escape

import numpy as np

from ..gate import Gate
from ..lstm import LSTMParams, lstm_step
from ..render import Text, language, number
from ..svg import coordinate
from . import trained_gates

BLOCKS = ("f", "i", "c", "o")  # LSTMParams' blocks; c is the candidate's
SHOWN = ("f", "i", "c")  # what the widget shows per unit: forget gate, input gate, memory
SPEC = ".3f"  # every value the widget prints
TITLE = Text("The trained cell, step by step", "Обученная ячейка шаг за шагом")
LABELS = {
    "symbol": Text("first symbol", "первый символ"),
    "moves": Text("steps", "шаги"),
    "previous": Text("previous step", "предыдущий шаг"),
    "next": Text("next step", "следующий шаг"),
    "first": Text("first step", "первый шаг"),
    "last": Text("last step", "последний шаг"),
    "unit": Text("unit", "нейрон"),
    "f": Text("forget gate f", "гейт забывания f"),
    "i": Text("input gate i", "входной гейт i"),
    "c": Text("memory c", "память c"),
    "trace": Text("The whole trace: every step, for each first symbol", "Весь ход вычислений: каждый шаг для каждого "
                                                                        "первого символа"),
    "table": Text("First symbol {k}", "Первый символ {k}"),
    "legend": Text("symbol {k}", "символ {k}"),
}
# What the live region says after each move; the script fills in the numbers.
STEP = Text("Step {t} of {T}, symbol {k}. ", "Шаг {t} из {T}, символ {k}. ")
UNIT = Text("Unit {u}: f {f}, i {i}, c {c}.", "Нейрон {u}: f {f}, i {i}, c {c}.")
HELP = Text("The arrow keys step through time while a button has the focus.",
            "Стрелки влево и вправо листают шаги, пока фокус на одной из кнопок.")
PLOT = Text("The memory c of unit {u} over the steps, one line per first symbol",
            "Память c нейрона {u} по шагам, для каждого первого символа своя линия")
DESCRIBE = Text("Steps 1 to {T}. After step 1, by first symbol: {first}. After step {T}: {last}.",
                "Шаги с 1 по {T}. После шага 1 по первым символам: {first}. После шага {T}: {last}.")
AXIS = Text("step t", "шаг t")
NAME = Text("memory c, unit {u}", "память c, нейрон {u}")  # above each plot
ICONS = {  # 16 × 16, drawn in the button's colour: ⏮ ◀ ▶ ⏭
    "first": "M3 3h2v10H3zM13 3v10L6 8z",
    "previous": "M12 3v10L5 8z",
    "next": "M4 3v10l7-5z",
    "last": "M11 3h2v10h-2zM3 3v10l7-5z",
}

# ---------------------------------------------------------------- the cell and its trace


def _short(a: np.ndarray) -> list:
    """Each float32 weight as the shortest decimal that reads back as it, as a float."""
    return json.loads(json.dumps(np.vectorize(lambda x: float(np.format_float_positional(np.float32(x))))(a).tolist()))


def export(w: dict[str, np.ndarray], units: np.ndarray) -> dict:
    """The cell of a trained run (`trained_gates.weights`: W, U and b stacked i, f, g, o as in `nn.LSTM`, and the
    read-out V) and the units shown, for the page's JSON."""
    H = int(np.asarray(w["U"]).shape[1])
    rows = {name: slice(k * H, (k + 1) * H) for k, name in enumerate(trained_gates.GATES)}
    block = {"f": "f", "i": "i", "c": "g", "o": "o"}  # LSTMParams' names against nn.LSTM's
    return {
        "K": int(np.asarray(w["V"]).shape[0]),
        "H": H,
        "units": [int(u) for u in units],
        "cell": {name: {part: _short(np.asarray(w[part])[rows[block[name]]]) for part in "WUb"} for name in BLOCKS},
    }


def cell(exported: dict) -> LSTMParams:
    """The numpy cell of exported weights, in float64."""
    return LSTMParams(*(Gate(*(np.array(exported["cell"][name][w], dtype=np.float64) for w in "WUb"))
                        for name in BLOCKS))


def reference(exported: dict, T: int) -> dict[str, list]:
    """The exported cell on each symbol's sequence: for f, i and c, (K, T, units) as nested lists."""
    p, K, H, units = cell(exported), exported["K"], exported["H"], exported["units"]
    h, c = np.zeros((K, H)), np.zeros((K, H))
    trace = {name: [] for name in SHOWN}
    for t in range(T):
        x = np.eye(K) if t == 0 else np.zeros((K, K))  # (K sequences, K inputs): symbol k at t = 0, blanks after
        step = lstm_step(p, x, h, c)
        h, c = step.state
        for name in SHOWN:
            trace[name].append(getattr(step, name)[:, units])
    return {name: np.stack(v, axis=1).tolist() for name, v in trace.items()}


# ---------------------------------------------------------------- the plots: each carrying unit's memory

VIEW = (320, 214)  # viewBox units; the page draws it up to 22rem wide
LEFT, RIGHT, TOP, BOTTOM = 52, 306, 30, 170  # the plotting area


class Scale:
    """Where a step and a memory land on a plot: t = 1 … T from LEFT to RIGHT, c from `low` (at BOTTOM) to `high`."""

    def __init__(self, T: int, low: float, high: float) -> None:
        self.T, self.low, self.high = T, low, high

    def x(self, t: int) -> float:
        return LEFT + (RIGHT - LEFT) * (t - 1) / (self.T - 1)

    def y(self, c: float) -> float:
        return BOTTOM - (BOTTOM - TOP) * (c - self.low) / (self.high - self.low)

    def c(self, y: float) -> float:
        """The memory at height y: the inverse of `y`."""
        return self.low + (BOTTOM - y) * (self.high - self.low) / (BOTTOM - TOP)


def scale(c: np.ndarray) -> Scale:
    """The scale of a plot of c, (K, T): every value and zero inside, with a little room above and below."""
    low, high = min(float(c.min()), 0.0), max(float(c.max()), 0.0)
    room = 0.06 * (high - low)
    return Scale(c.shape[1], low - room, high + room)


def plot(c: np.ndarray, u: int) -> str:
    """Unit u's memory, (K, T), as an inline SVG: one line per first symbol, the zero line, the values at both ends
    of the axis; a marker for the current step and a dot on the chosen symbol's line that the script shows."""
    K, T = c.shape
    s = scale(c)
    lines = "".join(
        f'<polyline class="trained-cell-line trained-cell-line-{k}" data-symbol="{k}" points="'
        + " ".join(f"{coordinate(s.x(t))},{coordinate(s.y(float(v)))}" for t, v in enumerate(c[k], start=1))
        + '"/>' for k in range(K))
    marked: list[float] = []
    for v in (0.0, float(c.max()), float(c.min())):  # zero, then the extremes where they stand clear of it
        if all(abs(s.y(v) - s.y(m)) >= 14 for m in marked):
            marked.append(v)
    ticks = "".join(f'<text x="{LEFT - 6}" y="{coordinate(s.y(v) + 4)}" text-anchor="end">{number(v, ".2f")}</text>'
                    for v in marked)
    steps = "".join(f'<text x="{coordinate(s.x(t))}" y="{BOTTOM + 16}" text-anchor="middle">{number(t, "d")}</text>'
                    for t in (1, T))
    title = str(PLOT).format(u=u)
    ends = {at: ", ".join(f"{k}: {number(float(c[k, at]), SPEC)}" for k in range(K)) for at in (0, T - 1)}
    description = str(DESCRIBE).format(T=T, first=ends[0], last=ends[T - 1])
    return (
        f'<svg class="trained-cell-plot" viewBox="0 0 {VIEW[0]} {VIEW[1]}" role="img" aria-label="{escape(title)}"'
        f' data-unit="{u}"><title>{escape(title)}</title><desc>{escape(description)}</desc>'
        f'<g class="trained-cell-axes"><text class="trained-cell-name" x="{LEFT}" y="{TOP - 14}">'
        f'{escape(str(NAME).format(u=u))}</text><path d="M{LEFT},{TOP}V{BOTTOM}H{RIGHT}"/>'
        f'<path class="trained-cell-zero" d="M{LEFT},{coordinate(s.y(0.0))}H{RIGHT}"/>{ticks}{steps}'
        f'<text x="{(LEFT + RIGHT) // 2}" y="{BOTTOM + 34}" text-anchor="middle">{escape(str(AXIS))}</text></g>'
        f'{lines}<path class="trained-cell-now" display="none" d="M{LEFT},{TOP}V{BOTTOM}"/>'
        f'<circle class="trained-cell-dot" display="none" r="4.5" cx="{LEFT}" cy="{BOTTOM}"/></svg>'
    )


# ---------------------------------------------------------------- the trace, as tables


def tables(trace: dict[str, list], units: list[int]) -> str:
    """The whole trace, folded: for each first symbol, a table of f, i and c of each unit at every step."""
    f, i, c = (np.asarray(trace[name]) for name in SHOWN)  # (K, T, units)
    K, T, n = c.shape
    head = ('<tr><th scope="col" rowspan="2">t</th>'
            + "".join(f'<th scope="colgroup" colspan="3">{escape(str(LABELS["unit"]))} {u}</th>' for u in units)
            + "</tr><tr>" + "".join(f'<th scope="col">{name}</th>' for _ in units for name in SHOWN) + "</tr>")
    out = []
    for k in range(K):
        rows = "".join(f'<tr><th scope="row">{number(t + 1, "d")}</th>'
                       + "".join(f"<td>{number(float(q[k, t, j]), SPEC)}</td>" for j in range(n) for q in (f, i, c))
                       + "</tr>" for t in range(T))
        out.append(f'<div class="trained-cell-scroll"><table class="trained-cell-trace-table">'
                   f'<caption>{escape(str(LABELS["table"]).format(k=k))}</caption><thead>{head}</thead>'
                   f"<tbody>{rows}</tbody></table></div>")
    return (f'<details class="trained-cell-trace"><summary>{escape(str(LABELS["trace"]))}</summary>'
            + "".join(out) + "</details>")


# ---------------------------------------------------------------- the widget


def _controls(exported: dict, labels: dict[str, str]) -> str:
    """The symbol, the four buttons and the current step's values: hidden until the script shows them."""
    options = "".join(f'<option value="{k}">{k}</option>' for k in range(exported["K"]))
    buttons = "".join(
        f'<button type="button" class="trained-cell-move" data-move="{move}" aria-describedby="trained-cell-help">'
        f'<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="{ICONS[move]}"/></svg>'
        f"<span>{labels[move]}</span></button>"
        for move in ("first", "previous", "next", "last"))
    head = f'<th scope="col">{labels["unit"]}</th>' + "".join(  # "forget gate f": on a phone, only f is seen
        f'<th scope="col"><span class="trained-cell-long">{labels[key][:-1]}</span>{labels[key][-1]}</th>'
        for key in SHOWN)
    rows = "".join(f'<tr><th scope="row">{u}</th>' + "".join(f'<td data-show="{key}-{n}"></td>' for key in SHOWN)
                   + "</tr>" for n, u in enumerate(exported["units"]))
    return (
        '<div class="trained-cell-controls" hidden>'
        f'<p class="trained-cell-choose"><label for="trained-cell-symbol">{labels["symbol"]}</label>'
        f'<select id="trained-cell-symbol" data-role="symbol">{options}</select>'
        f'<output data-show="step" aria-hidden="true"></output></p>'
        f'<div class="trained-cell-moves" role="group" aria-label="{labels["moves"]}">{buttons}</div>'
        f'<p id="trained-cell-help" class="trained-cell-help">{escape(str(HELP))}</p>'
        f'<div class="trained-cell-scroll"><table class="trained-cell-values"><thead><tr>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
        f'<p class="trained-cell-live" aria-live="polite" data-show="live"></p>'
        "</div>"
    )


def html(w: dict[str, np.ndarray], units: np.ndarray, T: int) -> str:
    """The widget's markup for one trained run, labelled in the current language."""
    lang = language()
    exported = export(w, units)
    config = {**exported, "T": T, "lang": lang, "step": str(STEP), "unit": str(UNIT)}
    labels = {key: escape(str(text)) for key, text in LABELS.items()}
    trace = reference(exported, T)
    c = np.asarray(trace["c"])  # (K, T, units)
    plots = "".join(plot(c[:, :, n], u) for n, u in enumerate(exported["units"]))
    legend = "".join(f'<li><svg viewBox="0 0 28 8" aria-hidden="true" focusable="false"><path class="trained-cell-line'
                     f' trained-cell-line-{k}" d="M1,4H27"/></svg>{escape(str(LABELS["legend"]).format(k=k))}</li>'
                     for k in range(exported["K"]))
    return (
        f'<div class="trained-cell" data-config="{escape(json.dumps(config, ensure_ascii=False))}">'
        f'<p class="trained-cell-title"><strong>{escape(str(TITLE))}</strong></p>'
        f"{_controls(exported, labels)}"
        f'<div class="trained-cell-plots">{plots}</div><ul class="trained-cell-legend">{legend}</ul>'
        f"{tables(trace, exported['units'])}"
        "</div>\n"
    )
