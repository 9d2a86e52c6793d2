"""The drawings over time in Chromium: the LSTM unrolled on highway/ and the two directions on bidirectional/ (their
geometry and numbers: tests/test_unrolled.py), in both languages and both schemes. As the browser lays them out, no
two labels overlap; at 320 CSS pixels (WCAG's Reflow width) each keeps its text legible and scrolls sideways in its
own box, reachable from the keyboard, while the page does not; and on a dark page it stays as readable as on a light
one."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from browsing import DESKTOP

pytestmark = [pytest.mark.build, pytest.mark.browser]

DRAWINGS = {"highway/": "svg.lstm-unrolled", "bidirectional/": "svg.bi-directions"}
CASES = [(lang, path, scheme) for lang in ("en", "ru") for path in DRAWINGS for scheme in ("light", "dark")]
PHONE = {"width": 320, "height": 256}
LEGIBLE = 10  # CSS pixels: the smallest a label's own font may be drawn (its subscripts are smaller)

OVERLAPS = """svg => {
    const boxes = [...svg.querySelectorAll('text')].map(t => [t.textContent, t.getBBox()]);
    const hit = [];
    boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
        if (p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height)
            hit.push(a + ' / ' + b);
    }));
    const [, , w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
    const out = boxes.filter(([, p]) => p.x < 0 || p.y < 0 || p.x + p.width > w || p.y + p.height > h).map(([a]) => a);
    return {hit, out, count: boxes.length};
}"""
SMALLEST = """svg => Math.min(...[...svg.querySelectorAll('text')].map(t =>
    parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a))"""


def _contrast(png: bytes) -> float:
    """How far the image's ink stands from its background, in grey levels (test_browser.py's measure)."""
    grey = np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=float)
    background = np.median(grey)
    darkest, lightest = np.percentile(grey, [1, 99])
    return float(max(lightest - background, background - darkest))


@pytest.mark.parametrize(("lang", "path", "scheme"), CASES, ids=[f"{lang}:/{path}:{s}" for lang, path, s in CASES])
def test_the_drawing_is_legible_at_a_phone_width_and_in_either_scheme(shown, lang, path, scheme):
    visit = shown(lang, path, scheme)
    page = visit.page
    svg = page.locator(f"article figure > {DRAWINGS[path]}")
    assert svg.count() == 1
    figure = page.locator(f"article figure:has(> {DRAWINGS[path]})")
    laid = svg.evaluate(OVERLAPS)
    assert laid["count"] > 20 and laid["hit"] == [] and laid["out"] == [], laid
    assert svg.evaluate(SMALLEST) >= LEGIBLE  # at 1280 px the figure is scaled down, not below legible
    assert _contrast(figure.screenshot()) >= 100, f"the drawing is faint in the {scheme} scheme"
    page.set_viewport_size(PHONE)
    try:
        page.wait_for_function("f => f.hasAttribute('tabindex')", arg=figure.element_handle())  # scrolling.js
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        box = figure.evaluate("f => [f.scrollWidth, f.clientWidth, f.getBoundingClientRect().right]")
        assert box[0] > box[1] and box[2] <= PHONE["width"], f"the figure does not scroll in its own box: {box}"
        assert svg.evaluate(SMALLEST) >= LEGIBLE
        figure.focus()
        page.keyboard.press("ArrowRight")  # scrolled from the keyboard alone
        page.wait_for_function("f => f.scrollLeft > 0", arg=figure.element_handle())
        figure.evaluate("f => f.scrollTo(0, 0)")
        assert _contrast(figure.screenshot()) >= 100
    finally:
        page.set_viewport_size(DESKTOP["viewport"])
    assert visit.errors == []
