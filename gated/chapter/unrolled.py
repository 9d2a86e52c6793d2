"""The LSTM unrolled over a few steps: the memory line c and the state h, side by side in time.

The highway page's two paths back in time, drawn in the step figures' visual
grammar (`gated.chapter.diagram`): the memory line runs along the top on its
amber band and meets, at each step, only a ⊗ with the forget gate and a ⊕;
the state h runs along the bottom, through the cell's weights and tanh at
every step. On each line, between the steps, sits the share of a gradient
placed at the last step that is left there on its way back: f^k along c, with
the decay table's forget gate f, and p^k along h, with the table's factor p
for the plain cell, computed by `gated.highway.decay` when the figure is drawn.
The words are in the current language; every class starts with
``lstm-unrolled``, and the figure has no ids.
"""

from __future__ import annotations

from html import escape

import numpy as np

from .. import highway, svg
from ..render import Text, number
from .diagram import STYLE as _STEP_STYLE

STEPS = 4  # the steps drawn
FORGET = highway.FACTORS[1]  # the decay table's forget gate, 0.9
PLAIN = highway.FACTORS[0]  # the decay table's factor for the plain cell, 0.5
SPEC = {"c": ".3f", "h": ".4f"}  # the shares, as the page quotes them: each line to one number of decimals, h's to
# four because its first share, 0.5^4 = 0.0625, has four

# ---------------------------------------------------------------- layout (viewBox units)

WIDTH, HEIGHT = 840, 390
LEAST = 680  # the narrowest it is drawn: its 13px text stays above 10px; a narrower column scrolls it
FRAME_W, GAP = 128, 64  # a step's frame, and the room between two frames
FRAME_X0 = (WIDTH - STEPS * FRAME_W - (STEPS - 1) * GAP) / 2  # the first frame's left edge
FRAME_Y, FRAME_H = 86, 256
END = 36  # how far from the figure's edge the first and the last state sit
KEY_Y = (20, 42, 64)  # the three lines of the key, at the top
MEMORY_Y, BAND = 140, 20  # the memory line, on a band MEMORY_Y ± BAND
STATE_Y, STATE_BAND = 260, 16  # the state line, through the boxes
BOX_H, BOX_W = 60, 100
X_Y = HEIGHT - 10  # the inputs' labels
PILL_W, PILL_H = 60, 22
KEEP, WRITE, READ, MIDDLE = 24, 88, 108, 62  # within a frame: ⊗, ⊕, the tap down to the box, the box's centre

# ---------------------------------------------------------------- words

TITLE = Text("The LSTM unrolled over steps 1 to {n}: what is left of a gradient at step {n} along each path",
             "LSTM, развёрнутая по шагам с 1 по {n}: что остаётся от градиента с шага {n} на каждом пути")
STEP = Text("step {k}", "шаг {k}")
KEY = (
    Text("memory line c: at each step only × f (f = {f}) and +",
         "линия памяти c: на каждом шаге только × f (f = {f}) и +"),
    Text("state h: through the weights and tanh at each step, here × {p}, the plain cell's factor",
         "состояние h: на каждом шаге через веса и tanh, здесь × {p}, как у обычной ячейки"),
    Text("on the lines: the share of the gradient at step {n} left at each state on its way back",
         "на линиях: доля градиента с шага {n}, которая остаётся у каждого состояния на пути назад"),
)
BOX = Text("W, U", "W, U")
DESCRIBE = Text(
    "The LSTM cell drawn over steps 1 to {n}, c(0) and h(0) on the left, c({n}) and h({n}) on the right, an input x "
    "entering each step from below. Along the top runs the memory line c: at each step the forget gate f = {f} "
    "multiplies it and i ⊙ c̃ is added, nothing else. Along the bottom runs the state h, which passes through the "
    "cell's weights and tanh at every step. The numbers on the lines are the share of a gradient placed at step {n} "
    "that is left at each state on its way back: along c, f to the power of the steps crossed: {c}; along h, with "
    "the plain cell's factor {p} per step: {h}.",
    "Ячейка LSTM на шагах с 1 по {n}: c(0) и h(0) слева, c({n}) и h({n}) справа, вход x на каждом шаге снизу. "
    "По верху идёт линия памяти c: на каждом шаге её умножает гейт забывания f = {f} и к ней прибавляется "
    "i ⊙ c̃, больше ничего. По низу идёт состояние h, которое на каждом шаге проходит через веса ячейки и tanh. "
    "Числа на линиях — доля градиента, приложенного на шаге {n}, которая остаётся у каждого состояния на пути назад: "
    "вдоль c это f в степени числа пройденных шагов: {c}; вдоль h, при множителе обычной ячейки {p} за шаг: {h}.",
)

STYLE = _STEP_STYLE.replace("lstm-step", "lstm-unrolled").rstrip() + """
.lstm-unrolled .lstm-unrolled-state-band { fill: #0072b2; fill-opacity: 0.16; }
.lstm-unrolled .lstm-unrolled-pill { fill: var(--md-default-bg-color, #fff); stroke-width: 2; }
.lstm-unrolled .lstm-unrolled-pill-c { stroke: #c98600; }
.lstm-unrolled .lstm-unrolled-pill-h { stroke: #0072b2; }
.lstm-unrolled text.lstm-unrolled-share { font-size: 14px; font-weight: 700; font-variant-numeric: tabular-nums; }
.lstm-unrolled .lstm-unrolled-swatch-c { fill: #f5a300; fill-opacity: 0.45; }
.lstm-unrolled .lstm-unrolled-swatch-h { fill: #0072b2; fill-opacity: 0.3; }
.lstm-unrolled .lstm-unrolled-swatch-share { fill: var(--md-default-bg-color, #fff);
  stroke: var(--md-default-fg-color, #222); stroke-width: 1.6; }
[data-md-color-scheme="slate"] .lstm-unrolled .lstm-unrolled-state-band { fill: #56b4e9; fill-opacity: 0.2; }
[data-md-color-scheme="slate"] .lstm-unrolled .lstm-unrolled-pill-h { stroke: #56b4e9; }
[data-md-color-scheme="slate"] .lstm-unrolled .lstm-unrolled-swatch-h { fill: #56b4e9; fill-opacity: 0.35; }
[data-md-color-scheme="slate"] .lstm-unrolled .lstm-unrolled-pill-c { stroke: #f5a300; }
"""

PEN = svg.Pen("lstm-unrolled", arrow=(9.0, 4.5), corner=10, node_r=12, badge_r=11, sub=11, sub_dy=4)


# ---------------------------------------------------------------- the numbers


def shares(steps: int | None = None, f: float | None = None, p: float | None = None) -> dict[str, np.ndarray]:
    """What is left of a gradient placed at step `steps` at each state c_0 … c_steps and h_0 … h_steps, in that
    order: f^k along the memory line and p^k along h, k the steps crossed on the way back. (steps + 1,) each.
    By default the figure's: `STEPS`, `FORGET` and `PLAIN`."""
    steps, f, p = steps or STEPS, f or FORGET, p or PLAIN
    back = np.arange(steps, -1, -1)
    left = highway.decay((f, p), tuple(back))
    return {"c": left[:, 0], "h": left[:, 1]}


# ---------------------------------------------------------------- drawing


def frame_x(k: int) -> float:
    """The left edge of step k's frame, k = 1 … STEPS."""
    return FRAME_X0 + (k - 1) * (FRAME_W + GAP)


def state_x(k: int) -> float:
    """Where the states c_k and h_k sit: between step k and step k + 1, or at either end."""
    if k == 0:
        return END
    if k == STEPS:
        return WIDTH - END
    return frame_x(k) + FRAME_W + GAP / 2


def _pill(x: float, y: float, line: str, value: str) -> list[str]:
    return [PEN.box(x, y, PILL_W, PILL_H, f"lstm-unrolled-pill lstm-unrolled-pill-{line}", PILL_H / 2),
            PEN.text(x, y + 5, escape(value), "middle", "lstm-unrolled-share")]


def _bands() -> list[str]:
    out = []
    for y, half, cls in ((MEMORY_Y, BAND, "lstm-unrolled-band"), (STATE_Y, STATE_BAND, "lstm-unrolled-state-band")):
        left, wide = END - PILL_W / 2 - 4, WIDTH - 2 * END + PILL_W + 8  # from the first state to the last
        rect = f'x="{left:g}" y="{y - half}" width="{wide:g}" height="{2 * half}" rx="6"'
        out += [f'<rect class="lstm-unrolled-band-base" {rect}/>', f'<rect class="{cls}" {rect}/>']
    return out


def _step(k: int, f: str) -> list[str]:
    """Step k: ⊗ f and ⊕ on the memory line, the box of weights and tanh that h passes through, x_k from below."""
    x = frame_x(k)
    keep, write, read, mid = x + KEEP, x + WRITE, x + READ, x + MIDDLE
    top, bottom = STATE_Y - BOX_H / 2, STATE_Y + BOX_H / 2
    return [
        PEN.node(keep, MEMORY_Y, "×"),
        PEN.node(write, MEMORY_Y, "+"),
        PEN.dot(read, MEMORY_Y),
        PEN.wire((keep, top), (keep, MEMORY_Y + PEN.node_r)),
        PEN.wire((write, top), (write, MEMORY_Y + PEN.node_r)),
        PEN.wire((read, MEMORY_Y), (read, top)),
        PEN.value(keep + 6, (MEMORY_Y + BAND + top) / 2 + 5, f"f = {f}"),
        PEN.box(mid, STATE_Y, BOX_W, BOX_H),
        PEN.text(mid, STATE_Y - 4, "σ, tanh", "middle", "lstm-unrolled-symbol"),
        PEN.text(mid, STATE_Y + 17, PEN.math(str(BOX)), "middle", "lstm-unrolled-caption"),
        PEN.wire((mid, X_Y - 18), (mid, bottom)),
        PEN.value(mid, X_Y, f"x_{k}", "middle"),
    ]


def _lines(c: list[str], h: list[str]) -> list[str]:
    """The memory line straight across; h from each state into the next box and out of it to the next state."""
    memory = "lstm-unrolled-wire lstm-unrolled-memory"
    out = [PEN.wire((END, MEMORY_Y), (WIDTH - END, MEMORY_Y), arrow=False, cls=memory)]
    for k in range(1, STEPS + 1):
        x = frame_x(k)
        out.append(PEN.wire((state_x(k - 1) + PILL_W / 2, STATE_Y), (x + MIDDLE - BOX_W / 2, STATE_Y)))
        out.append(PEN.wire((x + MIDDLE + BOX_W / 2, STATE_Y), (state_x(k) - PILL_W / 2, STATE_Y)))
    for k in range(STEPS + 1):
        x = state_x(k)
        out += [PEN.value(x, MEMORY_Y - BAND - 8, f"c_{k}", "middle"), *_pill(x, MEMORY_Y, "c", c[k]),
                *_pill(x, STATE_Y, "h", h[k]), PEN.value(x, STATE_Y + STATE_BAND + 16, f"h_{k}", "middle")]
    return out


def _key(f: str, p: str) -> list[str]:
    """What the two bands and the numbers on them are, in three lines at the top."""
    out = []
    for y, what, words in zip(KEY_Y, ("c", "h", "share"), KEY, strict=True):
        out += [f'<rect class="lstm-unrolled-swatch-{what}" x="16" y="{y - 11}" width="26" height="14" rx="7"/>',
                PEN.text(50, y, PEN.math(str(words).format(f=f, p=p, n=STEPS)), cls="lstm-unrolled-caption")]
    return out


def memory_line() -> str:
    """The LSTM unrolled over `STEPS` steps as an inline SVG, with the share of a gradient left at each state.

    Returns
    -------
    str
        An ``<svg>`` element with a <title> and a <desc> in the current language, no ids and no blank line,
        every class starting with ``lstm-unrolled``. It is drawn at least `LEAST` wide.
    """
    left = shares()
    c, h = ([number(float(v), SPEC[line]) for v in left[line]] for line in "ch")
    f, p = number(FORGET, "g"), number(PLAIN, "g")
    n = STEPS
    body = [
        *(PEN.frame((frame_x(k), FRAME_Y, FRAME_W, FRAME_H), str(STEP).format(k=k)) for k in range(1, n + 1)),
        *_bands(),
        *_lines(c, h),
        *(part for k in range(1, n + 1) for part in _step(k, f)),
        *_key(f, p),
    ]
    description = str(DESCRIBE).format(n=n, f=f, p=p, c=", ".join(c), h=", ".join(h))
    return PEN.svg((WIDTH, HEIGHT), str(TITLE).format(n=n), description, STYLE, body, LEAST)
