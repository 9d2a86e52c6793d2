"""The trained cell on forget-bias/: what the page's script computes from the exported weights is what the
numpy cell computed from them at build time, for every symbol and step, in both languages; the keyboard alone
steps through it; axe finds nothing in it."""

from __future__ import annotations

import json

import numpy as np
import pytest
from axe_playwright_python.sync_playwright import Axe

from gated.chapter import trained_cell

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
    assert step == "t = 3"
    first = root.locator('[data-show="f-0"]').inner_text()
    assert abs(float(first) - reference(page.evaluate(DATA))["f"][1][3][0]) < 5e-4
    live = root.locator('[data-show="live"]')
    assert live.get_attribute("aria-live") == "polite" and live.inner_text().strip()
    page.keyboard.press("End")
    config = json.loads(page.evaluate(DATA)["config"])
    assert root.locator('[data-show="step"]').inner_text() == f"t = {config['T'] - 1}"
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_script)
    found = page.evaluate("() => axe.run('.trained-cell').then(r => r.violations.map(v => v.id + ': ' + v.help))")
    assert found == []
    assert visit.errors == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_without_javascript_the_cell_stays_hidden(browser, server, lang):
    from browsing import lang_url

    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(lang_url(server, lang, PAGE))
        assert not page.locator(".trained-cell").is_visible()
        assert page.locator("figure.computed svg").first.is_visible()
    finally:
        context.close()
