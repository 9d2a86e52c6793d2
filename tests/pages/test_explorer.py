"""The forget-bias explorer: every number it shows, at every slider position tried, is gated.highway's,
printed the page's way; from the keyboard too; and without JavaScript the page keeps its static table."""

from __future__ import annotations

import pytest

from gated import highway
from gated.chapter import explorer, tables
from gated.render import MINUS, TIMES, markdown, number
from browsing import lang_url

pytestmark = [pytest.mark.build, pytest.mark.browser]

# The table's biases and distances, the sliders' ends, and positions in between.
BIASES = [explorer.BIAS.low, -0.75, *highway.BIASES, 0.25, 4.5, explorer.BIAS.high]
DISTANCES = [int(explorer.DISTANCE.low), 6, *highway.POWERS, 123, int(explorer.DISTANCE.high)]
SHOWN = """() => Object.fromEntries([...document.querySelectorAll('.bias-explorer output[data-show]')]
    .map(o => [o.dataset.show, o.textContent]))"""


@pytest.mark.acts_on("forget-bias/")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_explorer_shows_what_gated_computes_at_every_position(shown, lang):
    visit = shown.act(lang, "forget-bias/")
    page = visit.page
    root = page.locator(".bias-explorer")
    assert root.is_visible()
    assert page.evaluate(SHOWN) == explorer.shown(explorer.BIAS.start, explorer.DISTANCE.start, lang)
    wrong = []
    for b_f in BIASES:
        root.locator('input[data-role="bias"]').fill(f"{b_f:g}")
        for tau in DISTANCES:
            root.locator('input[data-role="tau"]').fill(str(tau))
            now, expected = page.evaluate(SHOWN), explorer.shown(b_f, tau, lang)
            if now != expected:
                wrong.append(f"b_f={b_f}, τ={tau}: shows {now}, gated.highway gives {expected}")
            description = page.evaluate("() => document.querySelector('.bias-explorer desc').textContent")
            if description != str(explorer.DESCRIBE(lang)).format(**expected):
                wrong.append(f"b_f={b_f}, τ={tau}: the plot says {description!r}")
            if b_f < 0 and not now["bias"].startswith("\u2212"):
                wrong.append(f"b_f={b_f}: shows {now['bias']!r}, not with the minus sign U+2212")
    assert wrong == [], "\n".join(wrong)
    assert visit.errors == []


NUMBERS = [0.0, -0.0, 0.32, -0.32, -4.24, -0.0004, 0.0625, -0.0625, 2.5, -3.5, 0.88079707797788, -132096.0,
           7.105427357601002e-15, -7.105427357601002e-15, 1234567.891]
SPECS = [".3f", "+.2f", ".4f", ".0f", ",.0f", ".3e", "+.1e", ".3×", ".0×"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pages_scripts_print_numbers_as_gated_render_number(shown, lang):
    """number.js, which explorer.js and trained-cell.js print with, is gated.render.number: Python's rounding (half
    to even on the exact double), grouping in the page's language, and the minus sign U+2212 for a negative number,
    but none for one that rounds to zero (−0.0004 at .3f is 0.000, as is −0.0)."""
    page = shown(lang, "forget-bias/").page
    cases = [[x, spec] for x in NUMBERS for spec in SPECS] + [[x, ",d"] for x in (0, 7, -7, 132096, -1202000)]
    got = page.evaluate("([cases, lang]) => cases.map(([x, spec]) => window.gatedNumber(x, spec, lang))",
                        [cases, lang])
    expected = [number(int(x) if spec == ",d" else x, spec, lang) for x, spec in cases]
    assert [(c, g, e) for c, g, e in zip(cases, got, expected) if g != e] == []
    assert any(MINUS in e for e in expected) and not any("-" in g.split("e")[0] for g in got)
    assert number(-0.0004, ".3f", lang) == "0.000" and number(-0.0, ".0×", lang).startswith("0")  # no signed zero
    assert any("10⁻¹⁵" in e for e in expected) and any("10⁰" in e for e in expected)  # the × specs were tried


def test_the_explorer_agrees_with_the_static_table():
    """Where a slider position is a row and column of the page's table, the two print the same numbers, each power
    of ten as prose writes it (2.565 × 10⁻³), in both languages; the table's b_f is a whole number (2, not 2.0)."""
    for lang in ("en", "ru"):
        table = markdown(tables.bias(), lang)
        for b_f in highway.BIASES:
            row = next(line for line in table.splitlines() if line.startswith(f"| {b_f:.0f} |"))
            cells = [cell.strip() for cell in row.strip("|").split("|")]
            for i, tau in enumerate(highway.POWERS):
                shown = explorer.shown(b_f, tau, lang)
                assert shown["gate"] == cells[1] and shown["kept"] == cells[2 + i], (b_f, tau, row)
                assert TIMES in shown["kept"]


@pytest.mark.acts_on("forget-bias/")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_sliders_move_from_the_keyboard(shown, lang):
    page = shown.act(lang, "forget-bias/").page
    bias = page.locator('.bias-explorer input[data-role="bias"]')
    bias.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    b_f = explorer.BIAS.start + 2 * explorer.BIAS.step
    assert page.evaluate(SHOWN) == explorer.shown(b_f, explorer.DISTANCE.start, lang)
    assert bias.get_attribute("aria-valuetext") == explorer.shown(b_f, 1, lang)["bias"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_without_javascript_the_page_shows_its_static_table(browser, server, lang):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(lang_url(server, lang, "forget-bias/"))
        assert not page.locator(".bias-explorer").is_visible()
        first = page.locator("article table").first
        assert first.is_visible() and "0.8808" in first.inner_text()
    finally:
        context.close()
