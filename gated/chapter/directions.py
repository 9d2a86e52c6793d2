"""A bidirectional layer over a short sequence: the two directions, and what each half of one output has read.

Drawn in the step figures' visual grammar (`gated.chapter.diagram`): the
inputs x_1 … x_T along the bottom; above them the forward cell's states,
passed from left to right, and the backward cell's, passed from right to left;
at the top the output at each position, the two states side by side,
[→h_t; ←h_t]. Under the inputs, marks in each direction's colour show which
inputs the two halves of the output at one position t have read. `reads`
finds them by running a small bidirectional LSTM with `gated.sequence.run`
and changing one input at a time: an input that reaches a half changes it,
one that has no path to it leaves it bit for bit as it was. The words are in
the current language; every class starts with ``bi-directions``, and the
figure has no ids.
"""

from __future__ import annotations

import numpy as np

from .. import svg
from ..lstm import LSTMParams
from ..render import Text
from ..sequence import run
from .diagram import STYLE as _STEP_STYLE

# The sequence of the bidirectional page's check (gated.chapter.experiments.bidirectional.Setup, which imports torch:
# tests/test_unrolled.py holds the two together): its length, and the position it examines, counted from 1.
T, AT = 7, 4

# ---------------------------------------------------------------- layout (viewBox units)

WIDTH, HEIGHT = 820, 352
LEAST = 660  # the narrowest it is drawn: its 13px text stays above 10px; a narrower column scrolls it
STEP_X = 104  # the distance between positions
X0 = (WIDTH - (T - 1) * STEP_X) / 2  # the first position
KEY_Y = (20, 42)
OUT_Y, BACK_Y, FORWARD_Y = 100, 172, 246  # the outputs, the backward states, the forward states
SPLIT_Y, X_Y, MARK_Y = 292, 320, 334  # where each input branches, its label, the marks under it
SHIFT = 18  # the forward states sit left of their input, the backward ones right of it
BOX_W, BOX_H, OUT_W = 52, 34, 88

# ---------------------------------------------------------------- words and colours

TITLE = Text("A bidirectional layer over {T} positions: the forward states pass to the right, the backward states to "
             "the left, and each output holds both",
             "Двунаправленный слой на {T} позициях: прямые состояния передаются вправо, обратные — влево, "
             "а выход в каждой позиции содержит оба")
KEY = (
    Text("forward cell: passes its state to the right; at t = {t} its half of the output depends on {forward}",
         "прямая ячейка: передаёт состояние вправо; при t = {t} её половина выхода зависит от {forward}"),
    Text("backward cell: passes its state to the left; at t = {t} its half of the output depends on {backward}",
         "обратная ячейка: передаёт состояние влево; при t = {t} её половина выхода зависит от {backward}"),
)
DESCRIBE = Text(
    "Inputs x(1) to x({T}) along the bottom. Above them the forward cell passes its state h→ from position 1 to "
    "position {T}, and the backward cell passes its state h← from position {T} to position 1; each input feeds "
    "both. At the top, the output at each position is the pair [h→; h←]. The marks under the inputs show what the "
    "output at position {t} depends on: its forward half on {forward}, its backward half on {backward}.",
    "Входы с x(1) по x({T}) идут по низу. Над ними прямая ячейка передаёт состояние h→ от позиции 1 к позиции {T}, "
    "а обратная — состояние h← от позиции {T} к позиции 1; каждый вход подаётся в обе. Вверху выход в каждой "
    "позиции — пара [h→; h←]. Отметки под входами показывают, от чего зависит выход в позиции {t}: его прямая "
    "половина — от {forward}, обратная — от {backward}.",
)

STYLE = _STEP_STYLE.replace("lstm-step", "bi-directions").rstrip() + """
.bi-directions .bi-directions-forward { fill: #0072b2; fill-opacity: 0.18; stroke: #0072b2; stroke-width: 1.8; }
.bi-directions .bi-directions-backward { fill: #d55e00; fill-opacity: 0.16; stroke: #d55e00; stroke-width: 1.8; }
.bi-directions .bi-directions-mark-forward { fill: #0072b2; }
.bi-directions .bi-directions-mark-backward { fill: #d55e00; }
.bi-directions .bi-directions-examined { fill: none; stroke: var(--md-default-fg-color, #222); stroke-width: 1.4;
  stroke-dasharray: 5 3; }
[data-md-color-scheme="slate"] .bi-directions .bi-directions-forward { fill: #56b4e9; stroke: #56b4e9; }
[data-md-color-scheme="slate"] .bi-directions .bi-directions-backward { fill: #e69f00; stroke: #e69f00; }
[data-md-color-scheme="slate"] .bi-directions .bi-directions-mark-forward { fill: #56b4e9; }
[data-md-color-scheme="slate"] .bi-directions .bi-directions-mark-backward { fill: #e69f00; }
"""

PEN = svg.Pen("bi-directions", arrow=(9.0, 4.5), corner=10, node_r=12, badge_r=11, sub=11, sub_dy=4)


# ---------------------------------------------------------------- what each half has read


def reads(T: int = T, at: int = AT, d: int = 2, H: int = 3, seed: int = 0) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The positions s (from 1) of the inputs that reach the forward and the backward half of the output at
    position `at`, in a bidirectional LSTM of random weights run by `gated.sequence.run`: x_s reaches a half when
    changing x_s changes it at all."""
    rng = np.random.default_rng(seed)
    layer = [[LSTMParams.random(rng, d, H), LSTMParams.random(rng, d, H)]]
    X = rng.normal(size=(T, d))
    y = run(layer, X)[0][at - 1]  # (2H,): →h_at, then ←h_at
    found: tuple[list[int], list[int]] = ([], [])
    for s in range(T):
        moved = X.copy()
        moved[s] += 0.5
        changed = run(layer, moved)[0][at - 1] != y
        for half, seen in enumerate(found):
            if changed[half * H:(half + 1) * H].any():
                seen.append(s + 1)
    return tuple(found[0]), tuple(found[1])


def span(positions: tuple[int, ...], name: str = "x_{}") -> str:
    """The inputs at `positions`, as the key writes them: x_1 … x_3 for a run, x_2 alone; `name` says how to
    write one ("x({})" for the description, which a screen reader reads without subscripts)."""
    if len(positions) > 1 and list(positions) == list(range(positions[0], positions[-1] + 1)):
        return f"{name.format(positions[0])} … {name.format(positions[-1])}"
    return ", ".join(name.format(s) for s in positions)


# ---------------------------------------------------------------- drawing


def column(s: int) -> float:
    """The x of position s, from 1."""
    return X0 + (s - 1) * STEP_X


def _arrowed(x: float, y: float, s: int | str, direction: int) -> list[str]:
    """h_s with a small arrow over its h: → for the forward direction (1), ← for the backward (−1)."""
    a, b, top = (x - 9, x + 1, y - 15) if direction > 0 else (x + 1, x - 9, y - 15)
    tip = b + 3 * direction
    head = f"M{b:g},{top - 3:g}L{tip:g},{top:g}L{b:g},{top + 3:g}"
    return [PEN.value(x, y, f"h_{s}", "middle"),
            f'<path class="bi-directions-wire" d="M{a:g},{top:g}L{tip:g},{top:g}{head}"/>']


def _chains() -> list[str]:
    """The forward states, passed to the right, and the backward ones, passed to the left: from off one end (the
    zero state), through every box, off the other end."""
    out = []
    for y, shift, direction, cls in ((FORWARD_Y, -SHIFT, 1, "forward"), (BACK_Y, SHIFT, -1, "backward")):
        xs = [column(s) + shift for s in range(1, T + 1)]
        stops = [(xs[0] - BOX_W / 2 - 44, 0.0), *((x, BOX_W / 2) for x in xs), (xs[-1] + BOX_W / 2 + 44, 0.0)]
        stops = stops[::direction]  # in the order the state travels
        for (a, half_a), (b, half_b) in zip(stops, stops[1:]):
            out.append(PEN.wire((a + direction * half_a, y), (b - direction * half_b, y)))
        for s, x in enumerate(xs, start=1):
            out += [PEN.box(x, y, BOX_W, BOX_H, f"bi-directions-{cls}"), *_arrowed(x, y + 6, s, direction)]
    return out


def _inputs(forward: tuple[int, ...], backward: tuple[int, ...]) -> list[str]:
    out = []
    for s in range(1, T + 1):
        x = column(s)
        out += [PEN.wire((x, X_Y - 18), (x, SPLIT_Y), arrow=False), PEN.dot(x, SPLIT_Y),
                PEN.wire((x, SPLIT_Y), (x - SHIFT, SPLIT_Y), (x - SHIFT, FORWARD_Y + BOX_H / 2)),
                PEN.wire((x, SPLIT_Y), (x + SHIFT, SPLIT_Y), (x + SHIFT, BACK_Y + BOX_H / 2)),
                PEN.value(x, X_Y, f"x_{s}", "middle")]
        for seen, dx, cls in ((forward, -7, "forward"), (backward, 7, "backward")):
            if s in seen:
                out.append(f'<rect class="bi-directions-mark-{cls}" x="{x + dx - 6:g}" y="{MARK_Y - 4:g}" width="12"'
                           f' height="8" rx="2"/>')
    return out


def _outputs() -> list[str]:
    out = []
    for s in range(1, T + 1):
        x = column(s)
        out += [PEN.wire((x - SHIFT, FORWARD_Y - BOX_H / 2), (x - SHIFT, OUT_Y + BOX_H / 2)),
                PEN.wire((x + SHIFT, BACK_Y - BOX_H / 2), (x + SHIFT, OUT_Y + BOX_H / 2)),
                PEN.box(x - OUT_W / 4, OUT_Y, OUT_W / 2, BOX_H, "bi-directions-forward", 4),
                PEN.box(x + OUT_W / 4, OUT_Y, OUT_W / 2, BOX_H, "bi-directions-backward", 4),
                *_arrowed(x - OUT_W / 4, OUT_Y + 6, s, 1), *_arrowed(x + OUT_W / 4, OUT_Y + 6, s, -1)]
        if s == AT:
            out.append(PEN.box(x, OUT_Y, OUT_W + 10, BOX_H + 10, "bi-directions-examined", 8))
    return out


def _key(words: dict[str, str]) -> list[str]:
    out = []
    for y, cls, text in zip(KEY_Y, ("forward", "backward"), KEY, strict=True):
        out += [f'<rect class="bi-directions-mark-{cls}" x="16" y="{y - 10:g}" width="12" height="8" rx="2"/>',
                PEN.text(36, y - 2, PEN.math(str(text).format(**words)), cls="bi-directions-caption")]
    return out


def two_directions() -> str:
    """A bidirectional layer over `T` positions as an inline SVG, with what each half of the output at `AT` reads.

    Returns
    -------
    str
        An ``<svg>`` element with a <title> and a <desc> in the current language, no ids and no blank line,
        every class starting with ``bi-directions``. It is drawn at least `LEAST` wide.
    """
    forward, backward = reads()
    body = [*_key({"t": AT, "forward": span(forward), "backward": span(backward)}), *_chains(),
            *_inputs(forward, backward), *_outputs()]
    description = str(DESCRIBE).format(T=T, t=AT, forward=span(forward, "x({})"), backward=span(backward, "x({})"))
    return PEN.svg((WIDTH, HEIGHT), str(TITLE).format(T=T), description, STYLE, body, LEAST)
