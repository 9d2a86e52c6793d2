"""The trained cell's export: the run's float32 weights read back exactly, and the numpy trace the page's script
is checked against is the trained-gates trace of those weights."""

import json
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from gated.chapter import trained_cell, trained_gates
from gated.chapter.experiments import forget_bias
from gated.render import MINUS, number
from test_trained_gates import random_weights


def test_the_export_reads_back_as_the_weights_and_its_reference_is_their_trace():
    task = forget_bias.Task()
    w, _ = random_weights(task.K, 6, seed=5)
    w = {name: np.asarray(a, dtype=np.float32) for name, a in w.items()}  # as a trained run's are
    traces = trained_gates.traces(w, task)
    units = trained_gates.carriers(traces, 3)
    exported = json.loads(json.dumps(trained_cell.export(w, units)))
    H = exported["H"]
    for name, gate in (("i", 0), ("f", 1), ("c", 2), ("o", 3)):  # nn.LSTM stacks i, f, g, o
        for part in "WUb":  # each float32 written so that it reads back as itself
            assert np.array_equal(np.float32(exported["cell"][name][part]), w[part][gate * H:(gate + 1) * H])
    reference = trained_cell.reference(exported, task.T)
    for name in trained_cell.SHOWN:
        seen = np.stack([getattr(t, name)[:, units] for t in traces])  # (K, T, units)
        # The shortest decimal of a float32 reads back as it, but is not its exact value: the page's cell is the
        # run's within that rounding, a few parts in 10⁸ of each weight.
        np.testing.assert_allclose(np.array(reference[name]), seen, rtol=0, atol=1e-6, err_msg=name)


def _markup(lang: str, H: int = 4, seed: int = 1, units=(0, 1)):
    from gated.render import using_language

    task = forget_bias.Task()
    w, _ = random_weights(task.K, H, seed=seed)
    with using_language(lang):
        markup = trained_cell.html(w, np.array(units), task.T)
    return markup, trained_cell.reference(trained_cell.export(w, np.array(units)), task.T), task


def test_the_markup_is_labelled_in_the_pages_language_its_controls_hidden_until_the_script_runs():
    for lang, words in (("en", ("first symbol", "next step", "memory c, unit 0", "symbol 3", "The whole trace")),
                        ("ru", ("первый символ", "следующий шаг", "память c, нейрон 0", "символ 3", "Весь ход"))):
        markup, _, _ = _markup(lang)
        assert markup.startswith('<div class="trained-cell" data-config=')  # the frame stands without the script
        assert all(word in markup for word in words), lang
        assert '<div class="trained-cell-controls" hidden>' in markup  # the controls come with the script
        assert 'aria-live="polite"' in markup and '<label for="trained-cell-symbol">' in markup
        assert markup.count("<button type=\"button\"") == 4 and 'role="group"' in markup
        assert bool(re.search("[а-яё]", re.sub(r'data-config="[^"]*"', "", markup), re.I)) == (lang == "ru")


SVG = "{http://www.w3.org/2000/svg}"


def _plots(markup: str) -> list[ET.Element]:
    return [ET.fromstring(svg.replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))
            for svg in re.findall(r'<svg class="trained-cell-plot".*?</svg>', markup)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_plot_draws_the_build_s_trace_of_its_unit_for_every_symbol(lang):
    """One source of numbers: the plots' lines are `reference`'s memory, point for point, to the tenth of a unit
    the coordinates are written to; their descriptions quote it as number prints it."""
    markup, trace, task = _markup(lang)
    c = np.asarray(trace["c"])  # (K, T, units)
    plots = _plots(markup)
    assert [int(p.get("data-unit")) for p in plots] == [0, 1]
    for n, plot in enumerate(plots):
        s = trained_cell.scale(c[:, :, n])
        lines = [el for el in plot.iter(f"{SVG}polyline")]
        assert [int(el.get("data-symbol")) for el in lines] == list(range(task.K))
        for k, line in enumerate(lines):
            points = np.array([[float(v) for v in pair.split(",")] for pair in line.get("points").split()])
            assert len(points) == task.T
            np.testing.assert_allclose(points[:, 0], [s.x(t) for t in range(1, task.T + 1)], atol=0.05)
            np.testing.assert_allclose([s.c(y) for y in points[:, 1]], c[k, :, n],
                                       atol=0.05 * (s.high - s.low) / (trained_cell.BOTTOM - trained_cell.TOP))
        desc = plot.find(f"{SVG}desc").text
        for k in range(task.K):
            for at in (0, task.T - 1):
                assert f"{k}: {number(c[k, at, n], '.3f', lang)}" in desc
        assert plot.get("aria-label") == plot.find(f"{SVG}title").text
        ticks = [t.text for t in plot.iter(f"{SVG}text")]
        assert number(0.0, ".2f") in ticks and str(task.T) in ticks


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_folded_trace_is_the_build_s_trace_printed_by_number(lang):
    markup, trace, task = _markup(lang)
    tables = re.findall(r"<table class=\"trained-cell-trace-table\">(.*?)</table>", markup)
    assert len(tables) == task.K
    for k, table in enumerate(tables):
        rows = re.findall(r'<tr><th scope="row">(\d+)</th>(.*?)</tr>', table)
        assert [int(t) for t, _ in rows] == list(range(1, task.T + 1))
        for t, (_, cells) in enumerate(rows):
            expected = [number(trace[name][k][t][j], ".3f", lang) for j in range(2) for name in ("f", "i", "c")]
            assert re.findall(r"<td>([^<]*)</td>", cells) == expected
    negative = [v for name in ("c",) for v in np.ravel(trace[name]) if v < -0.0005]
    assert negative and MINUS + number(-negative[0], ".3f") in markup and "<td>-" not in markup


def test_a_plot_s_scale_holds_every_value_and_zero_and_inverts():
    s = trained_cell.scale(np.array([[0.2, 0.5, 1.5], [0.1, 0.3, 0.9]]))
    assert s.low < 0 < 0.1 and s.high > 1.5 and s.T == 3
    assert s.y(s.low) == trained_cell.BOTTOM and s.y(s.high) == trained_cell.TOP
    assert s.c(s.y(0.7)) == pytest.approx(0.7) and s.x(1) == trained_cell.LEFT and s.x(3) == trained_cell.RIGHT
