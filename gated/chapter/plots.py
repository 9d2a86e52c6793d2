"""The chapter's plots, drawn with matplotlib as inline SVG.

Each function takes computed data and returns an SVG string labelled in the
current language. Text is drawn as paths, so no font is fetched, and the
plot sits on a light card of its own, so it reads the same on a light page
and a dark one. Needs matplotlib (``pip install gated[plots]``).
"""

from __future__ import annotations

import io
import re
from html import escape
from collections.abc import Iterator
from contextlib import contextmanager

import matplotlib as mpl
import numpy as np

mpl.use("svg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the back end)

from ..render import Text, below, number  # noqa: E402

# Okabe–Ito colours: distinguishable with every common colour-vision deficiency.
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9")
GREY = "#555555"
CARD = "#fcfcfa"

_STYLE = {
    "svg.fonttype": "path",
    "font.family": "DejaVu Sans",
    "font.size": 10,
    "axes.facecolor": CARD,
    "figure.facecolor": CARD,
    "savefig.facecolor": CARD,
    "axes.edgecolor": GREY,
    "axes.labelcolor": "#222222",
    "xtick.color": "#222222",
    "ytick.color": "#222222",
    "text.color": "#222222",
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.6,
    "legend.frameon": False,
}


@contextmanager
def _figure(name: str, size: tuple[float, float] = (6.4, 3.6)) -> Iterator[tuple[plt.Figure, plt.Axes]]:
    with mpl.rc_context({**_STYLE, "svg.hashsalt": name}):
        fig, ax = plt.subplots(figsize=size, layout="constrained")
        fig.set_label(name)  # the prefix of the SVG's ids
        try:
            yield fig, ax
        finally:
            plt.close(fig)


def _svg(fig: plt.Figure, title: str, description: str) -> str:
    """The figure as an inline SVG image, named by `title` and described in words by `description`.

    The description says what the plot shows with its key numbers, computed
    from the same data as the lines, so that a screen reader hears the plot.
    """
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Title": title})
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg") :]  # drop the XML prologue and doctype: the SVG goes inline
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{escape(title)}" class="plot" ', 1)
    end = svg.index("</title>") + len("</title>")  # matplotlib writes the title as the SVG's first child
    return _stable_ids(f"{svg[:end]}\n <desc>{escape(description)}</desc>{svg[end:]}", fig.get_label())


def _stable_ids(svg: str, prefix: str) -> str:
    """Number the SVG's ids in order of appearance: matplotlib derives some from object addresses,
    which differ from one run to the next, and a rebuilt page must be the same bytes."""
    ids = {old: f"{prefix}-{k}" for k, old in enumerate(dict.fromkeys(re.findall(r'\bid="([^"]+)"', svg)))}
    return re.sub(r'(\bid="|url\(#|href="#)([^")]+)', lambda m: m.group(1) + ids.get(m.group(2), m.group(2)), svg)


def _join(parts: list[str]) -> str:
    return "; ".join(parts)


def gradient_norms(data: dict[str, np.ndarray], biases=(0.0, 1.0, 2.0)) -> str:
    """Measured gradient norms against distance, next to σ(b_f)^τ.

    `data` is what `gated.chapter.experiments.gradients.measure` returns.
    """
    title = str(Text("Gradient norm against distance, measured at two initialisations beside the small-weight prediction",
                     "Норма градиента в зависимости от расстояния: измерение при двух инициализациях рядом "
                     "с предсказанием для малых весов"))
    taus = data["tau"]
    with _figure("gradient_norms", (6.4, 4.0)) as (fig, ax):
        for colour, b_f in zip(COLOURS, biases, strict=False):
            ax.semilogy(taus, data[f"lstm pytorch {b_f:g}"], color=colour, lw=2, label=f"LSTM, $b_f = {b_f:g}$")
            ax.semilogy(taus, data[f"predicted {b_f:g}"], color=colour, lw=1.2, ls="--")
            ax.semilogy(taus, data[f"lstm textbook {b_f:g}"], color=colour, ls="none", marker="o", ms=4)
        ax.semilogy(taus, data["rnn pytorch"], color=GREY, lw=2, label=str(Text("plain RNN", "обычная RNN")))
        # what the line styles mean, as entries of their own: solid, dashed, dots
        ax.plot([], [], color="black", lw=2,
                label=str(Text("PyTorch's default initialisation", "инициализация PyTorch по умолчанию")))
        ax.plot([], [], color="black", ls="--", lw=1.2,
                label=str(Text(r"prediction $\sigma(b_f)^\tau$", r"предсказание $\sigma(b_f)^\tau$")))
        ax.plot([], [], color="black", ls="none", marker="o", ms=4,
                label=str(Text(r"small weights $N(0,\,0.01^2)$", r"малые веса $N(0,\,0.01^2)$")))
        ax.set_xlabel(str(Text(r"distance $\tau$, steps", r"расстояние $\tau$, шагов")))
        ax.set_ylabel(r"$\|\partial L/\partial c_0\|$ (RNN: $\|\partial L/\partial h_0\|$)")
        ax.set_xlim(0, taus[-1])
        ax.set_ylim(1e-32, 2)
        ax.legend(loc="lower left", fontsize=8.5, ncols=2)
    i = list(taus).index(47) if 47 in taus else len(taus) - 1  # the distance the pages quote
    at = int(taus[i])
    described = Text(
        "Gradient norms over τ = 1 to {n} steps, on a log scale: solid lines measured with PyTorch's LSTM at its"
        " default initialisation, dashed lines the prediction σ(b_f)^τ, dots the LSTM with small weights, grey the"
        " plain RNN at PyTorch's default initialisation. At τ = {at}: {lstm};"
        " plain RNN {rnn}.",
        "Нормы градиента при τ от 1 до {n} шагов, в логарифмической шкале: сплошные линии — LSTM из PyTorch"
        " с инициализацией по умолчанию, штриховые — предсказание σ(b_f)^τ, точки — LSTM с малыми весами, серая — обычная"
        " RNN с инициализацией PyTorch по умолчанию. При τ = {at}: {lstm};"
        " обычная RNN {rnn}.",
    )
    lstm = _join([
        str(Text("b_f = {b} measured {m}, predicted {p}", "b_f = {b}: измерено {m}, предсказано {p}")).format(
            b=f"{b_f:g}", m=number(data[f"lstm pytorch {b_f:g}"][i], ".1×"),
            p=number(data[f"predicted {b_f:g}"][i], ".1×"))
        for b_f in biases
    ])
    description = str(described).format(n=int(taus[-1]), at=at, lstm=lstm, rnn=number(data["rnn pytorch"][i], ".1×"))
    return _svg(fig, title, description)


def accuracy(runs) -> str:
    """Accuracy on the test sequences against training step, one colour per b_f, one line per seed.

    `runs` is what `gated.chapter.experiments.forget_bias.run` returns: `runs.accuracy` maps
    b_f to (seeds, evaluations), measured at `runs.task.measured_at`.
    """
    title = str(Text("Accuracy during training", "Точность во время обучения"))
    steps, chance = runs.task.measured_at, runs.task.chance
    with _figure("accuracy") as (fig, ax):
        for colour, (b_f, acc) in zip(COLOURS, runs.accuracy.items(), strict=False):
            for k, run in enumerate(acc):
                ax.plot(steps, run, color=colour, lw=1.8, alpha=0.85,
                        label=f"$b_f = {b_f:g}$" if k == 0 else None)
        ax.axhline(chance, color=GREY, ls=":", lw=1.2)
        ax.annotate(str(Text("chance", "угадывание")), (steps[-1], chance), xytext=(0, 4),
                    textcoords="offset points", ha="right", va="bottom", color=GREY, fontsize=9)
        ax.set_xlabel(str(Text("training step", "шаг обучения")))
        ax.set_ylabel(str(Text("accuracy on the test sequences", "точность на проверочных последовательностях")))
        ax.set_ylim(0, 1.05)
        ax.set_xlim(0, steps[-1])
        ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=3)  # above the axes: clear of every curve
    final = _join([
        f"b_f = {b_f:g}: " + ", ".join(number(float(run[-1]), ".2f") for run in acc)
        for b_f, acc in runs.accuracy.items()
    ])
    description = str(Text(
        "Accuracy on the test sequences over {n} training steps, one line per seed, one colour per b_f; chance is"
        " {chance}. Final accuracy by seed: {final}.",
        "Точность на проверочных последовательностях за {n} шагов обучения: каждый запуск — отдельная линия, цвет"
        " задаёт b_f; угадывание даёт {chance}. Итоговая точность по запускам: {final}.",
    )).format(n=int(steps[-1]), chance=number(chance, ".2f"), final=final)
    return _svg(fig, title, description)


def losses(scratch: np.ndarray, library: np.ndarray, agree: float) -> str:
    """Training loss of the from-scratch LSTM and of `nn.LSTM`, step by step; they differ by less than `agree` at
    every step, a difference that rounding alone makes, shown as that bound (its last bits depend on the CPU)."""
    title = str(Text("Training loss of the two implementations", "Потери двух реализаций при обучении"))
    steps = np.arange(1, len(scratch) + 1)
    gap = below(float(np.max(np.abs(scratch - library))), agree)
    with _figure("losses") as (fig, ax):
        ax.plot(steps, scratch, color=COLOURS[0], lw=3, alpha=0.5, label=str(Text("from scratch", "с нуля")))
        ax.plot(steps, library, color=COLOURS[1], lw=1.2, ls="--", label="nn.LSTM")
        ax.set_xlabel(str(Text("training step", "шаг обучения")))
        ax.set_ylabel(str(Text("cross-entropy, nats per character", "перекрёстная энтропия, нат на символ")))
        ax.set_xlim(0, steps[-1])
        ax.legend(loc="upper right", title=f"max |Δ| {gap}")
    description = str(Text(
        "Training loss of the LSTM written from scratch and of nn.LSTM over {n} steps, in nats per character:"
        " the two curves lie on each other, less than {gap} apart. The loss falls from {first} to {last}.",
        "Функция потерь LSTM, написанной с нуля, и nn.LSTM за {n} шагов, в натах на символ: кривые совпадают,"
        " расходясь меньше чем на {gap}. Потери падают с {first} до {last}.",
    )).format(n=len(steps), gap=number(agree, ".0×"), first=number(float(scratch[0]), ".3f"),
              last=number(float(scratch[-1]), ".3f"))
    return _svg(fig, title, description)
