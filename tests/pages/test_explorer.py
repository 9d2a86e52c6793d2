"""The forget-bias explorer: every number it shows, at every slider position tried, is gated.highway's,
printed the page's way; from the keyboard too; and without JavaScript the page keeps its static table."""

from __future__ import annotations

import pytest

from gated import highway
from gated.chapter import explorer, tables
from gated.render import markdown
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
    assert wrong == [], "\n".join(wrong)
    assert visit.errors == []


def test_the_explorer_agrees_with_the_static_table():
    """Where a slider position is a row and column of the page's table, the two print the same numbers."""
    table = markdown(tables.bias(), "en")
    for b_f in highway.BIASES:
        for tau in highway.POWERS:
            shown = explorer.shown(b_f, tau, "en")
            row = next(line for line in table.splitlines() if line.startswith(f"| {b_f:.1f} |"))
            assert shown["gate"] in row and shown["kept"] in row


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
