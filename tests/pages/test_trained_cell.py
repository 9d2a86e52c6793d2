"""The trained cell on forget-bias/: what the page's script computes from the exported weights is what the
numpy cell computed from them at build time, for every symbol and step, in both languages, and what the build's
plots draw; the script marks the step it is on in them; its buttons are buttons, apart and labelled; the keyboard
alone steps through it; axe finds nothing in it; at 320 px nothing sticks out; without JavaScript the frame shows
the plots and the trace."""

from __future__ import annotations

import json

import numpy as np
import pytest
from axe_playwright_python.sync_playwright import Axe

from gated.chapter import trained_cell
from gated.render import number

pytestmark = [pytest.mark.build, pytest.mark.browser]
PAGE = "forget-bias/"
DATA = """() => { const r = document.querySelector('.trained-cell');
    return {config: r.dataset.config, trace: r.dataset.trace}; }"""


def reference(data: dict) -> dict:
    """What the numpy cell computes from the weights the page carries: the build's trace, computed here."""
    config = json.loads(data["config"])
    return trained_cell.reference(config, config["T"])


@pytest.fixture(scope="module")
def axe_script():
    return Axe().axe_script


@pytest.mark.acts_on(PAGE)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_page_computes_what_the_build_computed_for_every_symbol(shown, lang):
    visit = shown.act(lang, PAGE)
    page = visit.page
    root = page.locator(".trained-cell")
    assert root.is_visible()
    data = page.evaluate(DATA)
    config, built = json.loads(data["config"]), reference(data)
    assert config["lang"] == lang
    for k in range(config["K"]):
        root.locator('select[data-role="symbol"]').select_option(str(k))
        trace = json.loads(page.evaluate(DATA)["trace"])
        for name in ("f", "i", "c"):
            # the page's trace is (T, units); the build's is (K, T, units)
            np.testing.assert_allclose(np.array(trace[name]), np.array(built[name])[k], rtol=0, atol=1e-9,
                                       err_msg=f"symbol {k}, {name}")
    assert visit.errors == []


@pytest.mark.acts_on(PAGE)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_cell_steps_from_the_keyboard_alone_and_is_axe_clean(shown, axe_script, lang):
    visit = shown.act(lang, PAGE)
    page = visit.page
    root = page.locator(".trained-cell")
    root.locator('select[data-role="symbol"]').focus()
    page.keyboard.press("ArrowDown")  # the next symbol, chosen from the keyboard
    assert root.locator('select[data-role="symbol"]').input_value() == "1"
    page.keyboard.press("Tab")  # to the first button
    page.keyboard.press("Tab")  # to "previous"
    page.keyboard.press("Tab")  # to "next"
    assert page.evaluate("() => document.activeElement.dataset.move") == "next"
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    step = root.locator('[data-show="step"]').inner_text()
    assert step == "t = 4"  # from step 1, three steps on
    first = root.locator('[data-show="f-0"]').inner_text()
    assert abs(float(first) - reference(page.evaluate(DATA))["f"][1][3][0]) < 5e-4
    live = root.locator('[data-show="live"]')
    assert live.get_attribute("aria-live") == "polite" and live.inner_text().strip()
    page.keyboard.press("End")
    config = json.loads(page.evaluate(DATA)["config"])
    assert root.locator('[data-show="step"]').inner_text() == f"t = {config['T']}"
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_script)
    found = page.evaluate("() => axe.run('.trained-cell').then(r => r.violations.map(v => v.id + ': ' + v.help))")
    assert found == []
    assert visit.errors == []


MARKS = """() => [...document.querySelectorAll('.trained-cell-plot')].map(plot => {
    const chosen = [...plot.querySelectorAll('.trained-cell-line.trained-cell-chosen')].map(l => l.dataset.symbol);
    const now = plot.querySelector('.trained-cell-now'), dot = plot.querySelector('.trained-cell-dot');
    const points = [...plot.querySelectorAll('.trained-cell-line')]
        .map(l => l.getAttribute('points').split(' ').map(p => p.split(',').map(Number)));
    return {chosen, now: now.getAttribute('d'), shown: now.getAttribute('display') === null,
            dot: [Number(dot.getAttribute('cx')), Number(dot.getAttribute('cy'))], points};
})"""


@pytest.mark.acts_on(PAGE)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_plots_are_the_page_s_trace_and_mark_the_step_and_symbol(shown, lang):
    """The build drew the plots from its trace; the script's trace lands on their lines, and as the reader moves,
    the current step and the chosen symbol are marked on every plot."""
    visit = shown.act(lang, PAGE)
    page = visit.page
    root = page.locator(".trained-cell")
    config = json.loads(page.evaluate(DATA)["config"])
    built = reference(page.evaluate(DATA))
    for k, moves in ((0, 0), (2, 5), (3, config["T"] - 1)):
        root.locator('select[data-role="symbol"]').select_option(str(k))
        for _ in range(moves):
            root.locator('button[data-move="next"]').click()
        trace = json.loads(page.evaluate(DATA)["trace"])
        for n, plot in enumerate(page.evaluate(MARKS)):
            assert plot["chosen"] == [str(k)] and plot["shown"]
            x, y = plot["points"][k][moves]
            assert plot["now"].startswith(f"M{x:g},") and plot["dot"] == pytest.approx([x, y])
            s = trained_cell.scale(np.asarray(built["c"])[:, :, n])
            drawn = [s.c(py) for _, py in plot["points"][k]]
            resolution = 0.05 * (s.high - s.low) / (trained_cell.BOTTOM - trained_cell.TOP)
            np.testing.assert_allclose(drawn, np.asarray(trace["c"])[:, n], rtol=0, atol=resolution)
    assert visit.errors == []


BOXES = """() => [...document.querySelectorAll('.trained-cell button[data-move]')].map(b => {
    const r = b.getBoundingClientRect(), s = getComputedStyle(b);
    return {name: b.textContent.trim(), left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            border: s.borderTopWidth, cursor: s.cursor};
})"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_buttons_are_framed_apart_and_named(shown, lang):
    """Four real buttons, each with its own border and words, none touching the next (they read as one run of text
    before: "first stepprevious step…"), in a labelled group, inside the titled frame."""
    page = shown(lang, PAGE).page
    boxes = page.evaluate(BOXES)
    names = [str(trained_cell.LABELS[m](lang)) for m in ("first", "previous", "next", "last")]
    assert [b["name"] for b in boxes] == names
    assert all(b["border"] != "0px" for b in boxes) and [b["cursor"] for b in boxes][2:] == ["pointer"] * 2  # at step 1
    assert page.locator('.trained-cell button[data-move="first"]').get_attribute("aria-disabled") == "true"
    for a, b in zip(boxes, boxes[1:]):
        assert b["left"] >= a["right"] + 4 or b["top"] >= a["bottom"] + 4, f"{a['name']} touches {b['name']}"
    group = page.locator(".trained-cell [role=group]")
    assert group.get_attribute("aria-label") == str(trained_cell.LABELS["moves"](lang))
    frame = page.evaluate("""() => { const r = document.querySelector('.trained-cell'), s = getComputedStyle(r);
        return [s.borderTopStyle, r.querySelector('.trained-cell-title').textContent]; }""")
    assert frame == ["solid", str(trained_cell.TITLE(lang))]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_cell_fits_a_phone(shown, lang):
    """At 320 CSS pixels nothing of the cell sticks out of its frame: the values' headings shrink to f, i and c,
    the buttons wrap, the plots scale, the trace's tables scroll in their own boxes."""
    page = shown(lang, PAGE).page
    page.set_viewport_size({"width": 320, "height": 256})
    try:
        out = page.evaluate("""() => { const frame = document.querySelector('.trained-cell').getBoundingClientRect();
            return [...document.querySelectorAll('.trained-cell *')]
                .filter(e => e.checkVisibility() && !e.closest('.trained-cell-scroll, .trained-cell-long'))
                .filter(e => e.getBoundingClientRect().right > frame.right + 0.5)
                .map(e => e.tagName + '.' + e.className.baseVal + e.className); }""")
        assert out == []
        widths = page.evaluate("""() => [...document.querySelectorAll('.trained-cell-values .trained-cell-long')]
            .map(e => [e.textContent, e.getBoundingClientRect().width])""")
        assert [w for _, w in widths] == [1, 1, 1]  # read out, not seen: the headings show f, i and c
        assert [word for word, _ in widths] == [str(trained_cell.LABELS[q](lang))[:-1] for q in ("f", "i", "c")]
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_without_javascript_the_frame_shows_the_plots_and_the_trace(browser, server, lang):
    """E14: no empty table. Without the script the frame holds its title, the two plots of the memory, their key
    and the folded trace, whose tables hold the build's numbers; the controls, which need the script, stay away."""
    from browsing import lang_url

    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(lang_url(server, lang, PAGE))
        root = page.locator(".trained-cell")
        assert root.is_visible() and root.locator(".trained-cell-title").inner_text() == str(trained_cell.TITLE(lang))
        assert not root.locator(".trained-cell-controls").is_visible()
        assert root.locator("svg.trained-cell-plot").count() == 2
        assert all(root.locator("svg.trained-cell-plot").nth(n).is_visible() for n in range(2))
        root.locator(".trained-cell-trace summary").click()
        tables = root.locator("table.trained-cell-trace-table")
        config = json.loads(root.get_attribute("data-config"))
        built = trained_cell.reference(config, config["T"])
        assert tables.count() == config["K"] and tables.first.is_visible()
        first = tables.nth(1).locator("tbody tr").first.locator("td").all_inner_texts()
        assert first == [number(built[q][1][0][j], ".3f", lang) for j in range(2) for q in ("f", "i", "c")]
    finally:
        context.close()
