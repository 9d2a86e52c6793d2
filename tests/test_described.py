"""Figures a screen reader can read: each plot's SVG has a title and a description in the page's language
that states its key numbers, computed from the same data as its lines; and the forget-bias explorer's
markup, its labels and its starting numbers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from gated import highway
from gated.chapter import explorer, plots
from gated.render import TIMES, number, using_language

SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "ru")


def _described(svg: str) -> tuple[str, str, str]:
    root = ET.fromstring(svg)
    return root.get("aria-label"), root.find(f"{SVG}title").text, root.find(f"{SVG}desc").text


def _russian(text: str) -> bool:
    return bool(re.search("[а-яё]", text, re.I))


@pytest.mark.parametrize("lang", LANGS)
def test_the_gradient_plot_states_the_norms_at_47_steps(lang):
    rng = np.random.default_rng(0)
    taus = np.array([1, 2, 5, 10, 20, 47, 60, 100])  # measured at a few distances, as gradients.Setup does
    i = list(taus).index(47)
    data = {"tau": taus, "rnn pytorch": 0.5 ** taus}
    for b_f in (0.0, 1.0, 2.0):
        data[f"lstm pytorch {b_f:g}"] = rng.uniform(0.1, 1, len(taus)) ** taus
        data[f"predicted {b_f:g}"] = highway.retained(b_f, taus)
        data[f"lstm textbook {b_f:g}"] = data[f"predicted {b_f:g}"] * 1.1
    with using_language(lang):
        label, title, desc = _described(plots.gradient_norms(data))
    assert label == title and _russian(title + desc) == (lang == "ru")
    for b_f in (0.0, 1.0, 2.0):
        assert number(data[f"lstm pytorch {b_f:g}"][i], ".1×") in desc
        assert number(data[f"predicted {b_f:g}"][i], ".1×") in desc
    assert number(data["rnn pytorch"][i], ".1×") in desc and "100" in desc


@pytest.mark.parametrize("lang", LANGS)
def test_the_accuracy_plot_states_every_final_accuracy(lang):
    from gated.chapter.experiments.forget_bias import Runs, Task

    task = Task(steps=300, every=10)
    n = len(task.measured_at)
    runs = Runs(task, {b_f: np.linspace(0.25, end, n)[None, :] + np.zeros((3, 1)) + np.arange(3)[:, None] * 0.01
                       for b_f, end in ((0.0, 0.25), (1.0, 0.26), (2.0, 0.97))})
    with using_language(lang):
        label, title, desc = _described(plots.accuracy(runs))
    assert label == title and _russian(title + desc) == (lang == "ru")
    for acc in runs.accuracy.values():
        for run in acc:
            assert number(float(run[-1]), ".2f") in desc
    assert "300" in desc and "0.25" in desc


@pytest.mark.parametrize("lang", LANGS)
def test_the_loss_plot_states_the_bound_on_the_gap_not_its_last_bits(lang):
    scratch = np.linspace(3.2, 1.4, 200)
    library = scratch + np.linspace(0, 3e-6, 200)
    with using_language(lang):
        label, title, desc = _described(plots.losses(scratch, library, 1e-5))
    assert label == title and _russian(title + desc) == (lang == "ru")
    assert number(1e-5, ".0×") in desc and "3.200" in desc and "1.400" in desc
    assert number(3e-6, ".1×") not in desc  # the gap's own digits are the machine's, not the result
    with pytest.raises(AssertionError, match="not below"):
        plots.losses(scratch, library, 1e-6)  # a gap above its bound is more than rounding: the figure refuses


@pytest.mark.parametrize("lang", LANGS)
def test_the_explorer_starts_at_its_numbers_in_the_page_language(lang):
    with using_language(lang):
        html = explorer.html()
    start = explorer.shown(explorer.BIAS.start, explorer.DISTANCE.start, lang)
    assert html.startswith('<div class="bias-explorer" hidden')  # shown by its script, so absent without one
    for key, value in start.items():
        assert f'data-show="{key}">{value}</output>' in html
    assert _russian(html) == (lang == "ru")
    assert start == {"gate": "0.8808", "kept": f"2.565{TIMES}⁻³", "plain": f"7.105{TIMES}⁻¹⁵", "bias": "+2.00", "tau": "47"}


def test_the_explorer_prints_like_the_page():
    """Russian groups with a no-break space and keeps the decimal point, as gated.render does."""
    assert explorer.shown(2.0, 47, "ru") == explorer.shown(2.0, 47, "en")  # no grouping needed at these formats
    assert explorer.values(0.0, 6) == {"gate": 0.5, "kept": 0.5**6, "plain": 0.5**6}
    for lang in LANGS:  # a negative bias with the minus sign, U+2212, as gated.render.number prints it
        assert explorer.shown(-0.75, 47, lang)["bias"] == "\u22120.75"
        assert explorer.shown(explorer.BIAS.low, 47, lang)["bias"] == "\u22122.00"


def test_a_plot_is_the_same_bytes_in_another_process():
    """matplotlib derives some SVG ids from object addresses; a rebuilt page must not change for that."""
    import subprocess
    import sys

    code = ("import numpy as np; from gated.chapter import plots; "
            "print(plots.losses(np.linspace(3, 1, 50), np.linspace(3, 1, 50) + 1e-7, 1e-6), end='')")
    here = plots.losses(np.linspace(3, 1, 50), np.linspace(3, 1, 50) + 1e-7, 1e-6)
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert here == there and 'id="losses-0"' in here


def test_the_plots_write_a_negative_number_with_the_minus_sign():
    """Tick labels: matplotlib's unicode_minus, which the chapter's style keeps; descriptions: gated.render.number."""
    import matplotlib as mpl

    from gated.chapter import trained_gates

    with plots._figure("minus"):
        assert mpl.rcParams["axes.unicode_minus"] is True
    T, H = 5, 3
    c = np.linspace(-0.5, 0.5, T)[:, None] * np.array([1.0, 2.0, 0.1])  # unit 1 differs most between symbols
    ts = [trained_gates.Trace(*(np.full((T, H), 0.5) for _ in "ifgo"), c * (k - 1.5), np.zeros((T, H)),
                              np.full(4, 0.25)) for k in range(4)]
    for lang in LANGS:
        with using_language(lang):
            _, _, desc = _described(trained_gates.plot(ts))
        assert f"0: {number(-1.5, '.2f')}" in desc and "\u22121.50" in desc and "-1.50" not in desc


@pytest.mark.parametrize("lang", LANGS)
def test_the_drawings_over_time_state_their_key_numbers(lang):
    """The unrolled LSTM's description gives every share on its lines; the two directions' says what the examined
    output depends on, in the page's language."""
    from gated.chapter import directions, unrolled

    with using_language(lang):
        label, title, desc = _described(unrolled.memory_line())
        assert label == title and _russian(title + desc) == (lang == "ru")
        left = unrolled.shares()
        for line in "ch":
            assert ", ".join(number(float(v), unrolled.SPEC[line]) for v in left[line]) in desc
        label, title, desc = _described(directions.two_directions())
    assert label == title and _russian(title + desc) == (lang == "ru")
    forward, backward = directions.reads()
    assert directions.span(forward, "x({})") in desc and directions.span(backward, "x({})") in desc
