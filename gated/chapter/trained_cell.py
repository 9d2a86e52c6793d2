"""The trained cell in the reader's hands: one solved run's weights, stepped through on the page.

This module writes the widget's markup, labelled in the current language. Its
`data-config` holds the exported cell: the weights of one trained run of the
forget-bias task (`trained_gates.weights`, each written as the shortest decimal
of its float32, so the JSON stays small), the units that carry the symbol, and
the labels. The page's script (docs/javascripts/trained-cell.js) parses those
weights and runs the LSTM step in double precision; `reference` runs the same
numbers through the numpy cell, and a test compares the two. The page does not
carry that trace: its last bits are those of this CPU's numpy, and a page must
not depend on how a CPU rounds.

The markup is `hidden` until the script shows it: without JavaScript the page
keeps its figure.
"""

from __future__ import annotations

import json
from html import escape

import numpy as np

from ..gate import Gate
from ..lstm import LSTMParams, lstm_step
from ..render import Text, language
from . import trained_gates

BLOCKS = ("f", "i", "c", "o")  # LSTMParams' blocks; c is the candidate's
SHOWN = ("f", "i", "c")  # what the widget shows per unit: forget gate, input gate, memory
TITLE = Text("The trained cell, step by step", "Обученная ячейка шаг за шагом")
LABELS = {
    "symbol": Text("first symbol", "первый символ"),
    "previous": Text("previous step", "предыдущий шаг"),
    "next": Text("next step", "следующий шаг"),
    "first": Text("first step", "первый шаг"),
    "last": Text("last step", "последний шаг"),
    "unit": Text("unit", "нейрон"),
    "f": Text("forget gate f", "гейт забывания f"),
    "i": Text("input gate i", "входной гейт i"),
    "c": Text("memory c", "память c"),
}
# What the live region says after each move; the script fills in the numbers.
STEP = Text("Step {t} of {T}, symbol {k}. ", "Шаг {t} из {T}, символ {k}. ")
UNIT = Text("Unit {u}: f {f}, i {i}, c {c}.", "Нейрон {u}: f {f}, i {i}, c {c}.")
HELP = Text("The arrow keys step through time while a button has the focus.",
            "Стрелки влево и вправо листают шаги, пока фокус на одной из кнопок.")


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


def html(w: dict[str, np.ndarray], units: np.ndarray, T: int) -> str:
    """The widget's markup for one trained run, labelled in the current language."""
    lang = language()
    exported = export(w, units)
    config = {**exported, "T": T, "lang": lang, "step": str(STEP), "unit": str(UNIT)}
    labels = {key: escape(str(text)) for key, text in LABELS.items()}
    options = "".join(f'<option value="{k}">{k}</option>' for k in range(exported["K"]))
    buttons = "".join(f'<button type="button" data-move="{move}">{labels[move]}</button>'
                      for move in ("first", "previous", "next", "last"))
    head = "".join(f"<th scope=\"col\">{labels[key]}</th>" for key in ("unit", *SHOWN))
    rows = "".join(f'<tr><th scope="row">{u}</th>' + "".join(f'<td data-show="{key}-{n}"></td>' for key in SHOWN)
                   + "</tr>" for n, u in enumerate(exported["units"]))
    return (
        f'<div class="trained-cell" hidden data-config="{escape(json.dumps(config, ensure_ascii=False))}">'
        f'<p class="trained-cell-title"><strong>{escape(str(TITLE))}</strong></p>'
        f'<p><label for="trained-cell-symbol">{labels["symbol"]}</label> '
        f'<select id="trained-cell-symbol" data-role="symbol">{options}</select> '
        f'<output data-show="step" aria-hidden="true"></output></p>'
        f'<p class="trained-cell-moves" aria-describedby="trained-cell-help">{buttons}</p>'
        f'<p id="trained-cell-help" class="trained-cell-help">{escape(str(HELP))}</p>'
        f'<table class="trained-cell-values"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
        f'<p class="trained-cell-live" aria-live="polite" data-show="live"></p>'
        "</div>\n"
    )
