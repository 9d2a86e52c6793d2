"""The step-by-step figure: one LSTM step as an inline SVG, in six stations.

The memory line c runs along the top, on an amber band; the gates sit below
it and read h_{t-1} and x_t from a line along the bottom. Every number on the
figure is the worked example's, computed by `gated.chapter.examples` when the figure
is drawn. The labels are in the current language. Colours are Material for
MkDocs' theme variables, so the figure follows the page from light to dark.
The figure draws its own arrowheads, so it needs no ids, and every class
starts with ``lstm-step``: it can sit inline beside other SVGs.
"""

from __future__ import annotations

from html import escape
from typing import NamedTuple

import numpy as np

from .. import svg
from ..render import Text, language, number
from . import examples
from .published import FIGURES

# ---------------------------------------------------------------- layout (viewBox units)

WIDTH, HEIGHT = 760, 520
X_IN, X_OUT = 16, 754  # where the lines enter and leave the figure
CELL = (40, 32, 694, 458)  # the frame of step t: x, y, width, height
LEFT = 48  # where the input labels start, inside the frame

BADGE_Y, TAG_Y = 50, 80  # the numbers of stations 3 and 4, and their names below them
READ_TAG_X = 668  # station 6's number, right of the ⊗ that forms h_t, and its name below it
MEMORY_Y, BAND = 114, 22  # the memory line, on a band MEMORY_Y ± BAND
PRODUCT_Y = 192  # i ⊙ c̃, and the tanh(c_t) box
READ_Y = 254  # o ⊙ tanh(c_t)
VALUE_Y = 290  # the gates' values, on their wires
GATE_Y, GATE_H = 344, 54  # the gate boxes' centre and height
BUS_Y = 419  # h_{t-1} and x_t, on their way to the gates
X_T = 140  # where x_t comes up from below
READ_X = 628  # the read column: tanh(c_t) and o ⊙ tanh(c_t)
OUT_X = 712  # where h_t turns up as the output

NODE_R = 12  # ⊗ and ⊕; the pen below draws them, with arrowheads 9 long and badges of radius 11

# ---------------------------------------------------------------- words and colours

STATIONS = {
    1: Text("forget gate", "гейт забывания"),
    2: Text("input gate and candidate", "входной гейт и кандидат"),
    3: Text("keep", "сохранить"),
    4: Text("write", "записать"),
    5: Text("output gate", "выходной гейт"),
    6: Text("read", "прочитать"),
}


class GateBox(NamedTuple):
    """A gate's box: its column, width, activation and caption."""

    x: float
    width: float
    symbol: str
    caption: Text


GATES = {
    "f": GateBox(178, 118, "σ", STATIONS[1]),
    "i": GateBox(308, 98, "σ", Text("input gate", "входной гейт")),
    "c": GateBox(409, 84, "tanh", Text("candidate", "кандидат")),
    "o": GateBox(536, 112, "σ", STATIONS[5]),
}
KEEP_X, WRITE_X = GATES["f"].x, GATES["c"].x  # the two operations on the memory line

MEMORY = Text("memory line", "линия памяти")
STEP = Text("step t", "шаг t")
TITLE = Text("One LSTM step, in six stations", "Шаг LSTM по станциям")
COUNTERFACTUAL_TITLE = Text("The same step, had the forget gate come out at f = {f}",
                            "Тот же шаг, если бы гейт забывания оказался равен f = {f}")

# Material for MkDocs' theme colours, with fallbacks for the SVG on its own. The style
# sits inline in the page, so every selector is scoped to the figure.
STYLE = """
.lstm-step { font-family: inherit; font-size: 14px; }
svg:root.lstm-step { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
.lstm-step text { fill: var(--md-default-fg-color, #222); }
.lstm-step .lstm-step-wire { fill: none; stroke: var(--md-default-fg-color, #222); stroke-width: 1.6;
  stroke-linecap: round; stroke-linejoin: round; }
.lstm-step .lstm-step-memory { stroke-width: 2.6; }
.lstm-step .lstm-step-head, .lstm-step .lstm-step-dot { fill: var(--md-default-fg-color, #222); }
.lstm-step .lstm-step-band-base { fill: var(--md-default-bg-color, #fff); }
.lstm-step .lstm-step-band { fill: #f5a300; fill-opacity: 0.3; }
.lstm-step .lstm-step-cell { fill: var(--md-default-fg-color, #222); fill-opacity: 0.035;
  stroke: var(--md-default-fg-color, #222); stroke-opacity: 0.3; stroke-width: 1.2; }
.lstm-step .lstm-step-group { fill: none; stroke: var(--md-default-fg-color, #222); stroke-opacity: 0.55;
  stroke-width: 1.2; stroke-dasharray: 4 3; }
.lstm-step .lstm-step-box, .lstm-step .lstm-step-node { fill: var(--md-default-bg-color, #fff);
  stroke: var(--md-default-fg-color, #222); stroke-width: 1.6; }
.lstm-step .lstm-step-badge { fill: var(--md-default-fg-color, #222); }
.lstm-step text.lstm-step-badge-n { fill: var(--md-default-bg-color, #fff); font-size: 13px; font-weight: 700; }
.lstm-step .lstm-step-value { font-size: 15px; font-variant-numeric: tabular-nums; }
.lstm-step .lstm-step-symbol { font-size: 16px; }
.lstm-step .lstm-step-caption { font-size: 13px; }
.lstm-step .lstm-step-quiet { fill-opacity: 0.7; }
"""

# ---------------------------------------------------------------- drawing

PEN = svg.Pen("lstm-step", arrow=(9.0, 4.5), corner=10, node_r=NODE_R, badge_r=11, sub=11, sub_dy=4)


def _gate(g: GateBox) -> str:
    """A gate's box: the activation above, the caption below."""
    return (
        PEN.box(g.x, GATE_Y, g.width, GATE_H)
        + PEN.text(g.x, GATE_Y - 4, escape(g.symbol), "middle", "lstm-step-symbol")
        + PEN.label(g.x, GATE_Y + 17, g.caption, "middle", "lstm-step-caption")
    )


# ---------------------------------------------------------------- the figure


def _values() -> dict[str, str]:
    """The worked example's numbers as the pages quote them: its inputs, and its published figures."""
    e, lang = examples.WORKED, language()
    shown = {name: FIGURES[f"worked.{name}"].computed(lang)
             for name in ("f", "i", "c_tilde", "o", "kept", "added", "c", "tanh_c", "h")}
    return {"c_prev": number(float(e.c[0]), "g"), "h_prev": number(float(e.h[0]), "g"),
            "x": number(float(e.x[0]), "g"), **shown}


def _counterfactual_values() -> dict[str, str]:
    """The worked step had its forget gate come out at `examples.COUNTERFACTUAL_F`: the same inputs and the
    same other gates, another keep, memory and read. Printed as the worked figures are."""
    e, s, lang = examples.WORKED, examples.worked(), language()
    v, f = _values(), examples.COUNTERFACTUAL_F
    c = examples.counterfactual()
    spec = {name: FIGURES[f"worked.{name}"].spec for name in ("f", "kept", "c", "tanh_c", "h")}
    computed = {"f": f, "kept": f * float(e.c[0]), "c": c, "tanh_c": float(np.tanh(c)),
                "h": float(s.o[0] * np.tanh(c))}
    return {**v, **{name: number(x, spec[name], lang) for name, x in computed.items()}}


def _description(v: dict[str, str]) -> str:
    """The figure in words, station by station, for the <desc> and screen readers."""
    steps = {
        1: f"f = {v['f']}",
        2: f"i = {v['i']}, c̃ = {v['c_tilde']}",
        3: f"f ⊙ c(t−1) = {v['kept']}",
        4: f"+ i ⊙ c̃ = {v['added']}, c(t) = {v['c']}",
        5: f"o = {v['o']}",
        6: f"h(t) = o ⊙ tanh(c(t)) = {v['o']} × {v['tanh_c']} = {v['h']}",
    }
    frame = Text(
        "The memory line c runs along the top, from c(t−1) = {c_prev} to c(t) = {c}; "
        "the gates below it read h(t−1) = {h_prev} and x(t) = {x}. ",
        "Линия памяти c идёт по верху, от c(t−1) = {c_prev} до c(t) = {c}; "
        "гейты под ней читают h(t−1) = {h_prev} и x(t) = {x}. ",
    )
    onward = Text("Both c(t) and h(t) go on to step t + 1.", "И c(t), и h(t) идут дальше, к шагу t + 1.")
    stations = "".join(f"{n}, {STATIONS[n]}: {what}. " for n, what in steps.items())
    return str(frame).format(**v) + stations + str(onward)


def _tag(x: float, n: int) -> list[str]:
    """A station's number above the memory line, its name below the number."""
    return [PEN.badge(x, BADGE_Y, n), PEN.label(x, TAG_Y, STATIONS[n], "middle")]


def _memory(v: dict[str, str]) -> list[str]:
    """Steps 3 and 4: the amber band, the line on it, keep and write."""
    y, band = MEMORY_Y, (X_IN - 6, MEMORY_Y - BAND, X_OUT - X_IN + 12, 2 * BAND)
    rect = 'x="{}" y="{}" width="{}" height="{}" rx="6"'.format(*band)
    return [
        f'<rect class="lstm-step-band-base" {rect}/>',  # hides the frame, so the amber is the same everywhere
        f'<rect class="lstm-step-band" {rect}/>',
        PEN.wire((X_IN, y), (X_OUT, y), cls="lstm-step-wire lstm-step-memory"),
        PEN.dot(READ_X, y),
        PEN.node(KEEP_X, y, "×"),
        PEN.node(WRITE_X, y, "+"),
        PEN.value(LEFT, y - 7, f"c_{{t−1}} = {v['c_prev']}"),
        PEN.value((KEEP_X + WRITE_X) / 2, y - 7, f"f ⊙ c_{{t−1}} = {v['kept']}", "middle"),
        PEN.value((WRITE_X + READ_X) / 2, y - 7, f"c_t = {v['c']}", "middle"),
        PEN.label(LEFT, y + 17, MEMORY, cls="lstm-step-quiet"),
        *_tag(KEEP_X, 3),
        *_tag(WRITE_X, 4),
    ]


def _gates(v: dict[str, str]) -> list[str]:
    """Steps 1, 2 and 5: the bus from h_{t-1} and x_t, the gates, their wires."""
    f, i, c, o = (GATES[k] for k in "fico")
    top, bottom = GATE_Y - GATE_H / 2, GATE_Y + GATE_H / 2
    group = (i.x - i.width / 2 - 8, c.x + c.width / 2 + 8)  # the frame of station 2
    return [
        # h_{t-1} along the bottom, x_t from below, into every gate
        PEN.wire((X_IN, BUS_Y), (o.x, BUS_Y), (o.x, bottom)),
        PEN.wire((X_T, HEIGHT - 22), (X_T, BUS_Y), arrow=False),
        PEN.dot(X_T, BUS_Y),
        *(PEN.wire((g.x, BUS_Y), (g.x, bottom)) + PEN.dot(g.x, BUS_Y) for g in (f, i, c)),
        PEN.value(LEFT, BUS_Y - 8, f"h_{{t−1}} = {v['h_prev']}"),
        PEN.value(X_T, HEIGHT - 5, f"x_t = {v['x']}", "middle"),
        # each gate's value rides on its wire
        PEN.wire((f.x, top), (f.x, MEMORY_Y + NODE_R)),
        PEN.wire((i.x, top), (i.x, PRODUCT_Y), (c.x - NODE_R, PRODUCT_Y)),
        PEN.wire((c.x, top), (c.x, PRODUCT_Y + NODE_R)),
        PEN.wire((c.x, PRODUCT_Y - NODE_R), (c.x, MEMORY_Y + NODE_R)),
        PEN.wire((o.x, top), (o.x, READ_Y), (READ_X - NODE_R, READ_Y)),
        PEN.node(c.x, PRODUCT_Y, "×"),
        PEN.value(f.x + 8, VALUE_Y, f"f = {v['f']}"),
        PEN.value(i.x + 8, VALUE_Y, f"i = {v['i']}"),
        PEN.value(c.x + 8, VALUE_Y, f"c\u0303 = {v['c_tilde']}"),
        PEN.value(o.x + 8, VALUE_Y, f"o = {v['o']}"),
        PEN.value(c.x + 8, (MEMORY_Y + BAND + PRODUCT_Y - NODE_R) / 2 + 5, f"i ⊙ c\u0303 = {v['added']}"),
        # the boxes, and the numbers of stations 1, 2 and 5
        *(_gate(g) for g in (f, i, c, o)),
        PEN.box(sum(group) / 2, GATE_Y, group[1] - group[0], GATE_H + 16, "lstm-step-group", 11),
        PEN.badge(f.x - f.width / 2, top, 1),
        PEN.badge(group[0], top - 8, 2),
        PEN.badge(o.x - o.width / 2, top, 5),
    ]


def _read(v: dict[str, str]) -> list[str]:
    """Step 6: tanh of the memory, times o, leaves as h_t, to the right and up."""
    x, w, h = READ_X, 56, 32
    return [
        PEN.wire((x, MEMORY_Y), (x, PRODUCT_Y - h / 2)),
        PEN.box(x, PRODUCT_Y, w, h),
        PEN.text(x, PRODUCT_Y + 5, "tanh", "middle", "lstm-step-symbol"),
        PEN.wire((x, PRODUCT_Y + h / 2), (x, READ_Y - NODE_R)),
        PEN.node(x, READ_Y, "×"),
        PEN.value(x - 8, (PRODUCT_Y + h / 2 + READ_Y - NODE_R) / 2 + 5, f"tanh c_t = {v['tanh_c']}", "end"),
        PEN.wire((x, READ_Y + NODE_R), (x, BUS_Y), (X_OUT, BUS_Y)),
        PEN.value(x + 10, BUS_Y + 22, f"h_t = {v['h']}"),
        # h_t also goes up as the output, under the memory band
        PEN.dot(OUT_X, BUS_Y),
        PEN.wire((OUT_X, BUS_Y), (OUT_X, MEMORY_Y + BAND + 5), arrow=False),
        PEN.wire((OUT_X, MEMORY_Y - BAND - 5), (OUT_X, 4)),
        PEN.value(OUT_X - 8, 20, "h_t", "end"),
        PEN.badge(READ_TAG_X, READ_Y, 6),
        PEN.label(READ_TAG_X, READ_Y + 30, STATIONS[6], "middle"),
    ]


def lstm_step() -> str:
    """One LSTM step as an inline SVG, with the worked example's numbers on it.

    Six numbered stations: (1) the forget gate, (2) the input gate and the
    candidate, (3) keep, f times the old memory, (4) write, plus i ⊙ c̃,
    (5) the output gate and (6) read, h_t = o ⊙ tanh(c_t). Steps 3 and 4
    are the only operations on the memory line, which runs along the top.

    The numbers are computed from `gated.chapter.examples.WORKED` when the figure is
    drawn, and the labels are in the current language
    (`gated.render.using_language`).

    Returns
    -------
    str
        An ``<svg>`` element, without an XML prologue, ready to sit inline in
        an HTML page, with no blank line in it. Its colours follow Material
        for MkDocs' light and dark schemes. It has no ids, and every class
        starts with ``lstm-step``, so it can sit beside other inline SVGs.
    """
    return _draw(_values(), str(TITLE))


def counterfactual() -> str:
    """The same figure for the worked step with its forget gate at `examples.COUNTERFACTUAL_F`.

    The wiring is the same; keep, the new memory and read carry other numbers,
    and every other station those of `lstm_step`. The forget gate's value comes
    from other weights, which the figure does not show.
    """
    v = _counterfactual_values()
    return _draw(v, str(COUNTERFACTUAL_TITLE).format(f=FIGURES["counterfactual.f"].computed(language())))


def _draw(v: dict[str, str], title: str) -> str:
    return PEN.figure((WIDTH, HEIGHT), CELL, title, _description(v), STYLE, STEP,
                      [*_memory(v), *_gates(v), *_read(v)])
