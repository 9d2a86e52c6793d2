"""The GRU's step figure: one step of one unit as an inline SVG, in five stations.

It is drawn like the LSTM's (`gated.chapter.diagram`): the state h runs along
the top, on an amber band, and is the GRU's only memory; the gates sit below it.
Its numbers are those of `examples.WORKED_GRU`, one unit with scalar weights,
computed with `gated.gru` when the figure is drawn; the GRU page works the same
step by hand.
Every class starts with ``gru-step``, and the figure has no ids.
"""

from __future__ import annotations

from html import escape

from .. import svg
from ..render import Text, number
from .diagram import STYLE as _LSTM_STYLE
from .examples import WORKED_GRU, worked_gru

# ---------------------------------------------------------------- layout (viewBox units)

WIDTH, HEIGHT = 760, 480
X_IN, X_OUT = 16, 754
CELL = (40, 32, 694, 418)
STATE_Y, BAND = 110, 22
ONE_MINUS_Y = 168  # the 1 − z box
Z_Y = 222  # the update gate's wire, to 1 − z and to z ⊙ h̃
GATE_Y, GATE_H = 330, 50
BUS_Y, X_Y = 398, 432  # h_{t-1} to the gates; x_t along the bottom
TAP_X, X_T = 70, 110  # where h_{t-1} leaves the state line; where x_t joins the bus
R_X, Z_X, RH_X, C_X = 150, 270, 430, 600  # reset, update, r ⊙ h_{t-1}, candidate
KEEP_X, WRITE_X, OUT_X = 370, C_X, 700
NODE_R = 12

STATIONS = {
    1: Text("reset gate", "гейт сброса"),
    2: Text("update gate", "гейт обновления"),
    3: Text("candidate", "кандидат"),
    4: Text("keep", "сохранить"),
    5: Text("write", "записать"),
}
TITLE = Text("One GRU step, in five stations", "Шаг GRU по станциям")
STEP = Text("step t", "шаг t")
STATE = Text("state line", "линия состояния")
STYLE = _LSTM_STYLE.replace("lstm-step", "gru-step")
PEN = svg.Pen("gru-step", arrow=(9.0, 4.5), corner=10, node_r=NODE_R, badge_r=11, sub=11, sub_dy=4)


def _values() -> dict[str, str]:
    s, e = worked_gru(), WORKED_GRU
    n = {"z": s.z[0], "r": s.r[0], "rh": s.r[0] * e.h[0], "h_tilde": s.h_tilde[0],
         "kept": (1 - s.z[0]) * e.h[0], "added": s.z[0] * s.h_tilde[0], "h": s.h[0]}
    return {"h_prev": number(float(e.h[0]), "g"), "x": number(float(e.x[0]), "g"),
            **{k: number(float(v), ".3f") for k, v in n.items()}}


def _description(v: dict[str, str]) -> str:
    """The figure in words, station by station, for the <desc> and screen readers."""
    steps = {
        1: f"r = {v['r']}, r ⊙ h(t−1) = {v['rh']}",
        2: f"z = {v['z']}",
        3: f"h̃ = {v['h_tilde']}",
        4: f"(1 − z) ⊙ h(t−1) = {v['kept']}",
        5: f"+ z ⊙ h̃ = {v['added']}, h(t) = {v['h']}",
    }
    frame = Text(
        "The state line h runs along the top, from h(t−1) = {h_prev} to h(t) = {h}; "
        "the gates below it read h(t−1) and x(t) = {x}. ",
        "Линия состояния h идёт по верху, от h(t−1) = {h_prev} до h(t) = {h}; "
        "гейты под ней читают h(t−1) и x(t) = {x}. ",
    )
    onward = Text("h(t) goes on to step t + 1 and is also the output.",
                  "h(t) идёт дальше, к шагу t + 1, и служит выходом.")
    stations = "".join(f"{n}, {STATIONS[n]}: {what}. " for n, what in steps.items())
    return str(frame).format(**v) + stations + str(onward)


def _gate(x: float, width: float, symbol: str, n: int) -> list[str]:
    top = GATE_Y - GATE_H / 2
    return [
        PEN.box(x, GATE_Y, width, GATE_H),
        PEN.text(x, GATE_Y - 4, escape(symbol), "middle", "gru-step-symbol"),
        PEN.label(x, GATE_Y + 17, STATIONS[n], "middle", "gru-step-caption"),
        PEN.badge(x - width / 2, top, n),
    ]


def _state(v: dict[str, str]) -> list[str]:
    y, band = STATE_Y, (X_IN - 6, STATE_Y - BAND, X_OUT - X_IN + 12, 2 * BAND)
    rect = 'x="{}" y="{}" width="{}" height="{}" rx="6"'.format(*band)
    return [
        f'<rect class="gru-step-band-base" {rect}/>',
        f'<rect class="gru-step-band" {rect}/>',
        PEN.wire((X_IN, y), (X_OUT, y), cls="gru-step-wire gru-step-memory"),
        PEN.node(KEEP_X, y, "×"),
        PEN.node(WRITE_X, y, "+"),
        PEN.dot(TAP_X, y),
        PEN.dot(OUT_X, y),
        PEN.value(TAP_X + 8, y - 7, f"h_{{t−1}} = {v['h_prev']}"),
        PEN.value((KEEP_X + WRITE_X) / 2, y - 7, f"(1 − z) ⊙ h_{{t−1}} = {v['kept']}", "middle"),
        PEN.value(WRITE_X + 12, y + 20, f"h_t = {v['h']}"),
        PEN.label(TAP_X + 8, y + 17, STATE, cls="gru-step-quiet"),
        PEN.badge(KEEP_X, 50, 4), PEN.label(KEEP_X, 80, STATIONS[4], "middle"),
        PEN.badge(WRITE_X, 50, 5), PEN.label(WRITE_X, 80, STATIONS[5], "middle"),
        PEN.wire((OUT_X, y - BAND - 5), (OUT_X, 4)),
        PEN.value(OUT_X - 8, 20, "h_t", "end"),
    ]


def _gates(v: dict[str, str]) -> list[str]:
    top, bottom = GATE_Y - GATE_H / 2, GATE_Y + GATE_H / 2
    return [
        # h_{t-1} comes down from the state line to the bus; x_t runs along the bottom
        PEN.wire((TAP_X, STATE_Y), (TAP_X, BUS_Y), (RH_X, BUS_Y), (RH_X, GATE_Y + NODE_R)),
        PEN.wire((X_IN, X_Y), (C_X, X_Y), (C_X, bottom)),
        PEN.wire((X_T, X_Y), (X_T, BUS_Y), arrow=False),
        PEN.dot(X_T, X_Y), PEN.dot(X_T, BUS_Y),
        *(PEN.wire((g, BUS_Y), (g, bottom)) + PEN.dot(g, BUS_Y) for g in (R_X, Z_X)),
        PEN.value(TAP_X + 8, BUS_Y - 8, "h_{t−1}"),
        PEN.value(X_IN + 30, X_Y - 8, f"x_t = {v['x']}"),
        # station 1: r scales h_{t-1} before the candidate reads it
        PEN.wire((R_X, top), (R_X, 262), (RH_X, 262), (RH_X, GATE_Y - NODE_R)),
        PEN.node(RH_X, GATE_Y, "×"),
        PEN.wire((RH_X + NODE_R, GATE_Y), (C_X - 48, GATE_Y)),
        PEN.value(R_X + 8, 290, f"r = {v['r']}"),
        PEN.value(RH_X + 16, GATE_Y + 42, f"r ⊙ h_{{t−1}} = {v['rh']}"),
        # station 2: z goes to 1 − z on the keep side and to z ⊙ h̃ on the write side
        PEN.wire((Z_X, top), (Z_X, Z_Y), (C_X - NODE_R, Z_Y)),
        PEN.dot(KEEP_X, Z_Y),
        PEN.wire((KEEP_X, Z_Y), (KEEP_X, ONE_MINUS_Y + 14)),
        PEN.box(KEEP_X, ONE_MINUS_Y, 50, 28),
        PEN.text(KEEP_X, ONE_MINUS_Y + 5, "1 − z", "middle", "gru-step-symbol"),
        PEN.wire((KEEP_X, ONE_MINUS_Y - 14), (KEEP_X, STATE_Y + NODE_R)),
        PEN.value(Z_X + 8, 290, f"z = {v['z']}"),
        # station 3: the candidate, times z, added to the state
        PEN.wire((C_X, top), (C_X, Z_Y + NODE_R)),
        PEN.node(C_X, Z_Y, "×"),
        PEN.wire((C_X, Z_Y - NODE_R), (C_X, STATE_Y + NODE_R)),
        PEN.value(C_X + 8, 290, f"h\u0303 = {v['h_tilde']}"),
        PEN.value(C_X + 16, (STATE_Y + BAND + Z_Y - NODE_R) / 2 + 12, f"z ⊙ h\u0303 = {v['added']}"),
        *_gate(R_X, 100, "σ", 1),
        *_gate(Z_X, 116, "σ", 2),
        *_gate(C_X, 96, "tanh", 3),
    ]


def gru_step_figure() -> str:
    """One GRU step as an inline SVG, with `WORKED`'s numbers on it, labelled in the current language.

    Five stations: (1) the reset gate, and r ⊙ h_{t-1}; (2) the update gate;
    (3) the candidate; (4) keep, (1 − z) ⊙ h_{t-1}; (5) write, plus z ⊙ h̃.
    Steps 4 and 5 are the only operations on the state line.

    Returns
    -------
    str
        An ``<svg>`` element with a <title> and a <desc>, no ids and no blank line,
        every class starting with ``gru-step``.
    """
    v = _values()
    return PEN.figure((WIDTH, HEIGHT), CELL, str(TITLE), _description(v), STYLE, STEP, [*_state(v), *_gates(v)])
