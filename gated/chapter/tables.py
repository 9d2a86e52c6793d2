"""The chapter's tables, as records: raw values under titled columns.

Render them with `gated.render.markdown` for a page or `gated.render.text` for
a terminal. Every value here is computed when the table is built.
"""

from __future__ import annotations

import numpy as np

from . import examples
from .. import highway
from ..cost import BLOCKS, block, count
from ..render import Column, Formula, Table, Text

# ---------------------------------------------------------------- the worked example

_LSTM_GATES = (
    ("f", Text("forget gate", "гейт забывания"), "\\sigma"),
    ("i", Text("input gate", "входной гейт"), "\\sigma"),
    ("c", Text("candidate", "кандидат"), "\\tanh"),
    ("o", Text("output gate", "выходной гейт"), "\\sigma"),
)


_GRU_GATES = (
    ("z", Text("update gate", "гейт обновления"), "\\sigma"),
    ("r", Text("reset gate", "гейт сброса"), "\\sigma"),
    ("h", Text("candidate", "кандидат"), "\\tanh"),
)


def _by_hand(gates, params, x, states, values, symbols) -> Table:
    """One step on one coordinate, block by block: its weights, pre-activation and value. `states` gives the state
    each block's U multiplies (h_{t−1}, or the GRU candidate's r_t h_{t−1})."""
    rows = []
    for name, label, fn in gates:
        g = getattr(params, name)
        a = float(g(x, states[name])[0])
        rows.append((label, symbols[name], float(g.W[0, 0]), float(g.U[0, 0]), float(g.b[0]), a,
                     Formula(f"{fn}({a:.2f})", f"{fn.lstrip(chr(92))}({a:.2f})"), float(values[name][0])))
    return Table(
        (
            Column(Text("block", "блок")),
            Column(""),
            Column("$W$", ".2f", "W"),
            Column("$U$", ".2f", "U"),
            Column("$b$", ".2f", "b"),
            Column(Text("pre-activation $a$", "предактивация $a$"), ".2f", "a"),
            Column(Text("activation", "функция")),
            Column(Text("value", "значение"), ".3f"),
        ),
        tuple(rows),
    )


def worked() -> Table:
    """The LSTM's one-coordinate example: each block's weights, pre-activation and value."""
    e, s = examples.WORKED, examples.worked()
    symbols = {n: Formula("\\tilde c", "c~") if n == "c" else Formula(n, n) for n, _, _ in _LSTM_GATES}
    return _by_hand(_LSTM_GATES, e.params, e.x, dict.fromkeys("fico", e.h),
                    {"f": s.f, "i": s.i, "c": s.c_tilde, "o": s.o}, symbols)


def worked_gru() -> Table:
    """The GRU's one-coordinate example, as `worked` is the LSTM's; its candidate's U multiplies r_t h_{t−1}."""
    e, s = examples.WORKED_GRU, examples.worked_gru()
    symbols = {"z": Formula("z", "z"), "r": Formula("r", "r"), "h": Formula("\\tilde h", "h~")}
    return _by_hand(_GRU_GATES, e.params, e.x, {"z": e.h, "r": e.h, "h": s.r * e.h},
                    {"z": s.z, "r": s.r, "h": s.h_tilde}, symbols)


def worked_updates() -> str:
    """The worked example's memory and hidden updates, term by term, as TeX."""
    e, s = examples.WORKED, examples.worked()
    f, i, c_tilde, o = (float(v[0]) for v in (s.f, s.i, s.c_tilde, s.o))
    c_prev, c, h = float(e.c[0]), float(s.c[0]), float(s.h[0])
    return (
        "\\begin{aligned}\n"
        f"c_t &= f_t\\,c_{{t-1}} + i_t\\,\\tilde c_t = {f:.3f} \\times {c_prev:g} + {i:.3f} \\times {c_tilde:.3f}"
        f" = {f * c_prev:.3f} + {i * c_tilde:.3f} = {c:.3f},\\\\\n"
        f"h_t &= o_t \\tanh(c_t) = {o:.3f} \\times \\tanh({c:.3f}) = {o:.3f} \\times {np.tanh(c):.4f}"
        f" = {h:.3f}.\n"
        "\\end{aligned}"
    )


# ---------------------------------------------------------------- the highway and the bias


def decay() -> Table:
    """factor^τ for the plain RNN's 0.5 and forget gates of 0.9 and 0.99."""
    values = highway.decay()
    rnn, f1, f2 = highway.FACTORS
    return Table(
        (
            Column(Text("distance $\\tau$", "расстояние $\\tau$"), "d", Text("distance", "расстояние")),
            Column(Text(f"RNN, factor {rnn}", f"RNN, множитель {rnn}"), ".3×"),
            Column(f"LSTM, $f = {f1}$", ".3×", f"LSTM, f = {f1}"),
            Column(f"LSTM, $f = {f2}$", ".3×", f"LSTM, f = {f2}"),
        ),
        tuple((tau, *row) for tau, row in zip(highway.DISTANCES, values.tolist(), strict=True)),
    )


def bias() -> Table:
    """σ(b_f) and what it passes over 10, 47 and 100 steps."""
    rows = []
    for b_f in highway.BIASES:
        f = float(highway.retained(b_f, 1))
        rows.append((b_f, f, *(float(highway.retained(b_f, tau)) for tau in highway.POWERS)))
    return Table(
        (
            Column("$b_f$", "g", "b_f"),  # 2, not 2.0, as the chapter writes a bias (and 0.5 stays 0.5)
            Column("$\\sigma(b_f)$", ".4f", "sigma(b_f)"),
            *(
                Column(
                    Text(f"after {tau} steps", f"через {tau} шагов"),
                    ".3×",
                    Text(f"after {tau}", f"через {tau}"),
                )
                for tau in highway.POWERS
            ),
        ),
        tuple(rows),
    )


# ---------------------------------------------------------------- the two-unit steps

_STEP_COLUMNS = (
    Column(""),
    Column(Text("formula", "формула")),
    Column(Text("value", "значение"), ".4f"),
)


def lstm_step() -> Table:
    """The two-unit LSTM step, gate by gate."""
    s = examples.two_unit_lstm()
    return Table(
        _STEP_COLUMNS,
        (
            (
                Text("forget gate", "гейт забывания"),
                Formula("f_t = \\sigma(W_f x_t + U_f h_{t-1} + b_f)", "f = sigma(W_f q + b_f)"),
                s.f,
            ),
            (
                Text("input gate", "входной гейт"),
                Formula("i_t = \\sigma(W_i x_t + U_i h_{t-1} + b_i)", "i = sigma(W_i q + b_i)"),
                s.i,
            ),
            (
                Text("candidate", "кандидат"),
                Formula("\\tilde c_t = \\tanh(W_c x_t + U_c h_{t-1} + b_c)", "c~ = tanh(W_c q + b_c)"),
                s.c_tilde,
            ),
            (
                Text("output gate", "выходной гейт"),
                Formula("o_t = \\sigma(W_o x_t + U_o h_{t-1} + b_o)", "o = sigma(W_o q + b_o)"),
                s.o,
            ),
            (
                Text("cell", "память"),
                Formula("c_t = f_t \\odot c_{t-1} + i_t \\odot \\tilde c_t", "c = f*c_prev + i*c~"),
                s.c,
            ),
            (Text("hidden", "состояние"), Formula("h_t = o_t \\odot \\tanh(c_t)", "h = o * tanh(c)"), s.h),
        ),
    )


def lstm_weights() -> str:
    """The two-unit LSTM's weights as TeX: each block as the notebook writes it, [U W] acting on
    q = [h_{t-1}, x_t], with its bias beside it."""
    e = examples.TWO_UNIT_LSTM
    lines = []
    for name in ("f", "i", "c", "o"):
        g = getattr(e.params, name)
        body = " \\\\ ".join(" & ".join(f"{v:.1f}" for v in row) for row in np.hstack([g.U, g.W]))
        spec = "r" * g.U.shape[1] + "|" + "r" * g.W.shape[1]
        bias = ", ".join(f"{v:g}" for v in g.b)
        lines.append(
            f"[U_{name}\\;\\; W_{name}] &= \\left(\\begin{{array}}{{{spec}}} {body} \\end{{array}}\\right), &"
            f" b_{name} &= ({bias})"
        )
    return "\\begin{aligned}\n" + ",\\\\\n".join(lines) + ".\n\\end{aligned}"


def lstm_update() -> Table:
    """The two-unit cell update one term at a time: what is kept, what is added."""
    e, s = examples.TWO_UNIT_LSTM, examples.two_unit_lstm()
    return Table(
        _STEP_COLUMNS,
        (
            (Text("kept", "сохранено"), Formula("f_t \\odot c_{t-1}", "f * c_prev"), s.f * e.c),
            (Text("added", "добавлено"), Formula("i_t \\odot \\tilde c_t", "i * c~"), s.i * s.c_tilde),
            (Text("new memory", "новая память"), Formula("c_t", "c"), s.c),
        ),
    )


def gru_step() -> Table:
    """The two-unit GRU step in the chapter's convention."""
    s = examples.two_unit_gru()
    return Table(
        _STEP_COLUMNS,
        (
            (Text("update", "гейт обновления"),
             Formula("z_t = \\sigma(W_z x_t + U_z h_{t-1})", "z = sigma(W_z q)"), s.z),
            (Text("reset", "гейт сброса"), Formula("r_t = \\sigma(W_r x_t + U_r h_{t-1})", "r = sigma(W_r q)"), s.r),
            (
                Text("candidate", "кандидат"),
                Formula("\\tilde h_t = \\tanh(W_h x_t + U_h (r_t \\odot h_{t-1}))", "h~ = tanh(W_h [r*h_prev, x])"),
                s.h_tilde,
            ),
            (
                Text("hidden", "состояние"),
                Formula("h_t = (1 - z_t) \\odot h_{t-1} + z_t \\odot \\tilde h_t", "h = (1-z)*h_prev + z*h~"),
                s.h,
            ),
        ),
    )


# ---------------------------------------------------------------- the cost

_CELLS = (
    ("rnn", Text("plain RNN", "обычная RNN"), Text("one state update", "одно обновление состояния")),
    ("gru", "GRU", Text("update gate, reset gate, candidate", "гейт обновления, гейт сброса, кандидат")),
    ("lstm", "LSTM", Text("forget gate, input gate, candidate, output gate",
                                        "гейт забывания, входной гейт, кандидат, выходной гейт")),
)


def params(d: int = 100, H: int = 500) -> Table:
    """Plain RNN, GRU and LSTM at input size d and hidden size H, one bias per block."""
    return Table(
        (
            Column(Text("cell", "ячейка")),
            Column(Text("blocks", "число блоков"), "d"),
            Column(Text("parameters", "число параметров"), ",d"),
            Column(Text("vs RNN", "относительно RNN")),
            Column(Text("the blocks", "блоки")),
        ),
        tuple(
            (label, BLOCKS[cell], count(cell, d, H), f"{count(cell, d, H) / block(d, H):g}×", what)
            for cell, label, what in _CELLS
        ),
    )


def counts(
    pairs: tuple[tuple[int, int], ...] = ((32, 32), (100, 128), (128, 128), (100, 500), (100, 1000), (512, 512)),
) -> Table:
    """How the counts move with (d, H), in PyTorch's convention of two biases."""
    return Table(
        (
            Column("$d$", ",d", "d"),  # grouped like the counts beside them: 1 000 in Russian, 1,000 in English
            Column("$H$", ",d", "H"),
            *(Column(label, ",d") for _, label, _ in _CELLS),
        ),
        tuple((d, H, *(count(cell, d, H, biases=2) for cell, _, _ in _CELLS)) for d, H in pairs),
    )


def comparison() -> Table:
    """Plain RNN, LSTM and GRU side by side; the parameter ratios are computed."""
    ratio = {cell: f"{BLOCKS[cell]}×" for cell in BLOCKS}
    gates = {"rnn": "", "lstm": "f, i, o", "gru": "z, r"}  # how many gates, and which
    counted = {c: Formula(f"{len(g.split(','))}\\ ({g})", f"{len(g.split(','))} ({g})") if g else "0"
               for c, g in gates.items()}
    return Table(
        (
            Column(""),
            Column(Text("plain RNN", "обычная RNN")),
            Column("LSTM"),
            Column("GRU"),
        ),
        (
            (Text("states", "состояния"), Formula("h", "h"), Formula("h, c", "h, c"), Formula("h", "h")),
            (Text("gates", "гейты"), counted["rnn"], counted["lstm"], counted["gru"]),
            (
                Text("memory update", "обновление памяти"),
                Text("rewritten", "переписывается"),
                Formula("f \\odot c + i \\odot \\tilde c", "f*c + i*c~"),
                Formula("(1 - z) \\odot h + z \\odot \\tilde h", "(1-z)*h + z*h~"),
            ),
            (Text("parameters", "параметры"), ratio["rnn"], ratio["lstm"], ratio["gru"]),
            (
                Text("gradient factor per step along the memory, direct path only",
                     "множитель градиента за шаг вдоль памяти, только прямой путь"),
                Formula("\\operatorname{diag}(1 - h^2)\\,W_h", "diag(1-h^2) W_h"),
                Formula("\\operatorname{diag}(f)", "diag(f)"),
                Formula("\\operatorname{diag}(1 - z)", "diag(1-z)"),
            ),
        ),
    )


def what_changed() -> Table:
    """What gating changed, and what it did not."""
    yes = Text("yes", "да")
    return Table(
        (Column(""), Column(Text("plain RNN", "обычная RNN")), Column(Text("gated RNN", "RNN с гейтами"))),
        (
            (
                Text("can keep a coordinate unchanged", "может сохранить координату без изменений"),
                Text("only if $W_h$ happens to allow it", "только если так сложилась $W_h$"),
                Text("yes, by its gates", "да, гейтами"),
            ),
            (
                Text("long dependencies", "долгосрочные зависимости"),
                Text("tens of tokens", "десятки токенов"),
                Text("hundreds of tokens, in practice", "сотни токенов, на практике"),
            ),
            (
                Text("parameters per cell", "число параметров ячейки"),
                f"{BLOCKS['rnn']}×",
                f"{BLOCKS['gru']}× (GRU), {BLOCKS['lstm']}× (LSTM)",
            ),
            (Text("sequential in time", "шаги идут строго по очереди"), yes, yes),
            (Text("fixed-size state", "состояние фиксированного размера"), yes, yes),
        ),
    )
