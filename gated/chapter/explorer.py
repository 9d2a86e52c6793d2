"""The forget-bias explorer: two sliders, three numbers and a small plot, live on the page.

This module writes the explorer's markup, labelled in the current language,
with the numbers of its starting position computed by `gated.highway` and
printed by `gated.render.number`. The page's script
(docs/javascripts/explorer.js) recomputes them as the sliders move, with
the same formulas and the same formats, which this markup hands it:

    σ(b_f)      the forget gate at initialisation, f ≈ σ(b_f)
    σ(b_f)^τ    what an LSTM's memory passes over τ steps
    0.5^τ       what the plain cell of the highway table passes

The markup is `hidden` until the script shows it: without JavaScript the
page shows its static table alone.
"""

from __future__ import annotations

import json
from html import escape
from typing import NamedTuple

from .. import highway
from ..render import Text, language, number


class Slider(NamedTuple):
    """A slider: its range, step, starting value, label and format."""

    low: float
    high: float
    step: float
    start: float
    label: Text
    spec: str


BIAS = Slider(-2.0, 6.0, 0.25, 2.0, Text("forget-gate bias b_f", "смещение гейта забывания b_f"), "+.2f")
DISTANCE = Slider(1, 200, 1, 47, Text("distance τ, steps", "расстояние τ, шагов"), "d")
PLAIN = highway.FACTORS[0]  # the plain cell's factor in the highway table

# What the explorer shows, each with its format: the static table's digits, and a power of ten as prose writes it.
SPECS = {"gate": ".4f", "kept": ".3×", "plain": ".3×"}
LABELS = {
    "gate": Text("forget gate at the start, σ(b_f)", "гейт забывания в начале, σ(b_f)"),
    "kept": Text("LSTM keeps over τ steps, σ(b_f)^τ", "LSTM сохраняет за τ шагов, σ(b_f)^τ"),
    "plain": Text(f"plain cell keeps, {PLAIN}^τ", f"обычная ячейка сохраняет, {PLAIN}^τ"),
}
TITLE = Text("Explore the forget-gate bias", "Исследуйте смещение гейта забывания")
PLOT = Text("Share of the gradient kept against distance", "Доля сохранённого градиента в зависимости от расстояния")
# The plot's description; the script fills in the numbers of the current position.
DESCRIBE = Text(
    "Over {tau} steps a forget gate of {gate} (b_f = {bias}) keeps {kept} of the gradient;"
    " the plain cell keeps {plain}.",
    "За {tau} шагов гейт забывания, равный {gate} (b_f = {bias}), сохраняет {kept} градиента;"
    " обычная ячейка — {plain}.",
)
AXES = (Text("τ", "τ"), Text("share kept", "доля"))
LEGEND = (Text("LSTM, σ(b_f)^t", "LSTM, σ(b_f)^t"), Text(f"plain cell, {PLAIN}^t", f"обычная ячейка, {PLAIN}^t"))


def values(b_f: float, tau: int) -> dict[str, float]:
    """The three numbers at one position of the sliders."""
    return {
        "gate": float(highway.retained(b_f, 1)),
        "kept": float(highway.retained(b_f, tau)),
        "plain": float(highway.decay((PLAIN,), (tau,))[0, 0]),
    }


def shown(b_f: float, tau: int, lang: str | None = None) -> dict[str, str]:
    """The numbers as the explorer prints them at one position, in `lang`."""
    lang = lang or language()
    printed = {key: number(v, SPECS[key], lang) for key, v in values(b_f, tau).items()}
    return {**printed, "bias": number(b_f, BIAS.spec, lang), "tau": number(tau, DISTANCE.spec, lang)}


def _slider(role: str, s: Slider, value: str) -> str:
    return (
        f'<div class="bias-explorer-slider"><label for="bias-explorer-{role}">{escape(str(s.label))}</label>'
        f'<input type="range" id="bias-explorer-{role}" data-role="{role}" min="{s.low:g}" max="{s.high:g}"'
        f' step="{s.step:g}" value="{s.start:g}" data-spec="{s.spec}">'
        f'<output for="bias-explorer-{role}" data-show="{role}">{value}</output></div>'  # a label holds one control
    )


def html() -> str:
    """The explorer's markup, at its starting position, labelled in the current language."""
    lang = language()
    start = shown(BIAS.start, int(DISTANCE.start), lang)
    config = {"lang": lang, "plain": PLAIN, "specs": SPECS, "describe": str(DESCRIBE)}
    rows = "".join(
        f'<div><dt>{escape(str(LABELS[key]))}</dt><dd><output data-show="{key}">{start[key]}</output></dd></div>'
        for key in SPECS
    )
    legend = "".join(
        f'<li class="bias-explorer-{key}">{escape(str(text))}</li>' for key, text in zip(("kept", "plain"), LEGEND)
    )
    description = str(DESCRIBE).format(**start)
    return (
        f'<div class="bias-explorer" hidden data-config="{escape(json.dumps(config, ensure_ascii=False))}">'
        f'<p class="bias-explorer-title"><strong>{escape(str(TITLE))}</strong></p>'
        f'<div class="bias-explorer-controls">'
        f'{_slider("bias", BIAS, start["bias"])}{_slider("tau", DISTANCE, start["tau"])}</div>'
        f'<dl class="bias-explorer-values" aria-live="polite">{rows}</dl>'
        f'<svg class="bias-explorer-plot" viewBox="0 0 360 150" role="img"'
        f' aria-label="{escape(str(PLOT))}">'
        f"<title>{escape(str(PLOT))}</title><desc>{escape(description)}</desc>"
        f'<g class="bias-explorer-axes"><path d="M40 10V120H350"/>'
        f'<text x="350" y="138" text-anchor="end">{escape(str(AXES[0]))}</text>'
        f'<text x="36" y="14" text-anchor="end">1</text><text x="36" y="124" text-anchor="end">0</text>'
        f'<text x="10" y="70" transform="rotate(-90 10 70)" text-anchor="middle">{escape(str(AXES[1]))}</text></g>'
        f'<path class="bias-explorer-kept" d=""/><path class="bias-explorer-plain" d=""/></svg>'
        f'<ul class="bias-explorer-legend">{legend}</ul>'
        "</div>\n"
    )
