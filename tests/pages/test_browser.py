"""What readers see: every page in both languages, in Debian's Chromium, over a local static server.

Run with `--screenshots` to keep a screenshot of every page in light and dark
themes in tests/screenshots/; a failing page's screenshot is kept anyway.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import numpy as np
import pytest
from PIL import Image

from browsing import DESKTOP, PAGES, RAW_TEX, Visit, lang_url

pytestmark = [pytest.mark.build, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "tests" / "screenshots"
TABLELESS = {"step-by-step/"}  # a figure


def _shot(visit: Visit, name: str) -> bytes:
    SHOTS.mkdir(exist_ok=True)
    png = visit.page.screenshot(full_page=True)
    (SHOTS / f"{name}.png").write_bytes(png)
    return png


CASES = [(lang, path) for lang in ("en", "ru") for path in PAGES]
IDS = [f"{lang}:/{path}" for lang, path in CASES]


@pytest.mark.parametrize(("lang", "path"), CASES, ids=IDS)
def test_page(shown, server, request, lang, path):
    url = lang_url(server, lang, path)
    visit = shown(lang, path).settled()
    name = f"{lang}-{path.strip('/') or 'index'}-light"
    try:
        page = visit.page
        problems = []
        host = urlsplit(server).netloc
        off_site = [
            u for u in visit.requests if urlsplit(u).scheme not in ("data", "blob") and urlsplit(u).netloc != host
        ]
        problems += [f"request off the site: {u}" for u in off_site]
        problems += [f"failed request: {f}" for f in visit.failed]
        problems += [f"console error: {e}" for e in visit.errors]

        # math: every formula typeset, no TeX left for the reader
        text = page.evaluate("""() => {
            const article = document.querySelector('article').cloneNode(true);
            article.querySelectorAll('pre, code, script, style, .jp-InputArea, .jp-OutputArea, mjx-container').forEach(e => e.remove());
            return article.innerText;
        }""")
        problems += [
            f"raw TeX visible: …{text[max(m.start() - 30, 0) : m.end() + 30]!r}…" for m in RAW_TEX.finditer(text)
        ]
        untypeset = page.evaluate(
            "() => [...document.querySelectorAll('.arithmatex')].filter(e => !e.querySelector('mjx-container')).length"
        )
        if untypeset:
            problems.append(f"{untypeset} formulas not typeset")
        if path == "gradient-highway/":
            dollars = page.evaluate(
                "() => [...document.querySelectorAll('.jp-MarkdownOutput, .jp-RenderedMarkdown')]"
                ".map(e => e.innerText).join(' ')"
            )
            if re.search(r"\$[^$\n]+\$", dollars):
                problems.append("raw $...$ left in the notebook's Markdown")
            if page.locator(".jp-MarkdownOutput mjx-container").count() == 0:
                problems.append("no math typeset in the notebook's Markdown")

        # figures, plots and tables: present and drawn
        for kind, selector in (("figure", "article figure"), ("plot", "article svg.plot"), ("table", "article table")):
            for k in range(page.locator(selector).count()):
                element = page.locator(selector).nth(k)
                if not element.is_visible():
                    continue  # in a tab that is not open
                box = element.bounding_box()
                if not box or box["width"] < 10 or box["height"] < 10:
                    problems.append(f"{kind} #{k} has no size: {box}")
        broken_images = page.evaluate(
            "() => [...document.images].filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)"
        )
        problems += [f"image not loaded: {src}" for src in broken_images]
        if path not in TABLELESS and page.locator("article table").count() == 0:
            problems.append("no table on the page")

        # the language switch leads to the same page in the other language
        other = "en" if lang == "ru" else "ru"
        links = page.locator(f"a.md-select__link[hreflang='{other}']")
        assert links.count() == 1, "no language switch"
        target = page.evaluate("(a) => a.href", links.first.element_handle())
        if target != lang_url(server, other, path):
            problems.append(f"language switch leads to {target}, not {lang_url(server, other, path)}")

        if request.config.getoption("--screenshots"):
            _shot(visit, name)
        assert problems == [], f"{url}:\n  " + "\n  ".join(problems)
    except BaseException:
        _shot(visit, name)
        raise


PHONE = {"width": 320, "height": 256}  # CSS pixels: WCAG 2.1's Reflow (1.4.10), 1280 × 1024 zoomed to 400%
# Every power of ten the article shows as gated.render.number writes it for a page (−7.105 × 10⁻¹⁵), and the
# lines it lies on: it returns those that lie on more than one, broken.
POWERS_BROKEN = r"""() => {
    const power = /[<\u2212]?[\d.,]+\u00a0×\u00a010[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+/g;
    const walker = document.createTreeWalker(document.querySelector("article") || document.body, NodeFilter.SHOW_TEXT);
    const broken = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement.checkVisibility()) continue;
        for (const m of node.data.matchAll(power)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom)));
            if (lines.size > 1) broken.push(m[0]);
        }
    }
    return broken;
}"""


@pytest.mark.parametrize(("lang", "path"), CASES, ids=IDS)
def test_the_page_reflows_to_a_phone_width(shown, lang, path):
    """The page loaded at 1280 px, its window then narrowed to 320 CSS pixels, which is how Reflow's own test
    checks it (or zooms 1280 px to 400 %): nothing may stick out sideways. The page's readers share one load.
    A formula's hidden MathML, a notebook cell's prompt and the explorer's numbers each failed this at 320 px
    before their fixes in extra.css."""
    visit = shown(lang, path)
    page = visit.page
    page.set_viewport_size(PHONE)
    try:
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= PHONE["width"], f"{page.url}: the page is {wide} px wide at {PHONE['width']} px"
        # A notebook's code has its cell's width: its prompt sits above it, not beside it.
        narrow = page.evaluate("""() => [...document.querySelectorAll('.jp-InputArea-editor')]
            .filter(e => e.checkVisibility() && e.offsetWidth < 0.9 * e.parentElement.offsetWidth).length""")
        assert narrow == 0, f"{page.url}: {narrow} notebook cells leave room beside their code at 320 px"
        # The explorer's numbers stay whole: 2.565 × 10⁻³, not 2.565 × and 10⁻³ on the next line.
        broken = page.evaluate("""() => [...document.querySelectorAll('output')]
            .filter(o => o.checkVisibility() && o.getClientRects().length > 1).map(o => o.textContent)""")
        assert broken == [], f"{page.url}: numbers broken across lines at 320 px: {broken}"
        # So does every power of ten the page writes, in a table's cell (7.105 × 10⁻¹⁵) or in prose: its spaces
        # are no-break, so a table too narrow for it scrolls inside its own container rather than break it.
        broken = page.evaluate(POWERS_BROKEN)
        assert broken == [], f"{page.url}: powers of ten broken across lines at 320 px: {broken}"
        # A section's, a caption's or a reference's number stays whole and with its word ("Figure 13.3"), and a
        # caption wraps at the column, even over a table that scrolls (hooks/numbering.py, references.py).
        broken = page.evaluate("""() => [...document.querySelectorAll('.section-number, .caption-number, a.reference')]
            .filter(n => n.checkVisibility() && n.getClientRects().length > 1).map(n => n.textContent)""")
        assert broken == [], f"{page.url}: numbers broken across lines at 320 px: {broken}"
        unwrapped = page.evaluate("""() => [...document.querySelectorAll('figcaption')].filter(c => c.checkVisibility()
            && (c.scrollWidth > c.clientWidth + 1 || c.getBoundingClientRect().right > innerWidth + 1))
            .map(c => c.textContent.slice(0, 40))""")
        assert unwrapped == [], f"{page.url}: captions wider than the column at 320 px: {unwrapped}"
    except BaseException:
        _shot(visit, f"{lang}-{path.strip('/') or 'index'}-phone")
        raise
    finally:
        page.set_viewport_size(DESKTOP["viewport"])


def _contrast(png: bytes) -> float:
    """How far an image's ink stands from its background, in grey levels 0..255.

    The background is the median pixel; the ink, whichever of the darkest and
    the lightest percent of the pixels is further from it. Black on black scores
    near zero; dark text on a light card, or light lines on a dark page, near 200.
    """
    grey = np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=float)
    background = np.median(grey)
    darkest, lightest = np.percentile(grey, [1, 99])
    return float(max(lightest - background, background - darkest))


@pytest.mark.parametrize(("lang", "path"), [
    pytest.param("en", "step-by-step/", marks=pytest.mark.acts_on("step-by-step/")),
    pytest.param("ru", "lstm/", marks=pytest.mark.acts_on("lstm/", lang="ru")),
])
def test_a_reader_whose_system_prefers_dark_gets_the_dark_scheme(shown, lang, path):
    """The same page, in the same tab, loaded again for a system that prefers dark (a tab of a context of its
    own would start a renderer of its own). The system's preference changes while no page is open: an open page
    of the site would note the scheme it shows, and the next load would keep that."""
    visit = shown.act(lang, path)  # loaded for a reader whose system prefers light
    assert shown.loaded_scheme == "default"
    url, page = visit.page.url, visit.page
    visit.park()
    page.emulate_media(color_scheme="dark")
    try:
        visit.load(url)
        assert page.evaluate("() => document.body.getAttribute('data-md-color-scheme')") == "slate"
    finally:
        visit.park()
        page.emulate_media(color_scheme="light")  # the shared tab's, for the tests after this one


@pytest.mark.parametrize(("lang", "path"), CASES, ids=IDS)
def test_dark_theme_keeps_figures_readable(shown, request, lang, path):
    visit = shown(lang, path, "dark")
    name = f"{lang}-{path.strip('/') or 'index'}-dark"
    try:
        page = visit.page
        assert page.evaluate("() => document.body.getAttribute('data-md-color-scheme')") == "slate"
        faint = []
        for k in range(page.locator("article figure").count()):
            figure = page.locator("article figure").nth(k)
            if figure.is_visible() and _contrast(figure.screenshot()) < 100:
                faint.append(k)
        if request.config.getoption("--screenshots"):
            _shot(visit, name)
        assert faint == [], f"{page.url}: figures {faint} are too faint in the dark theme"
    except BaseException:
        _shot(visit, name)
        raise


@pytest.mark.parametrize(("lang", "path"), [("en", "gradient-highway/"), ("ru", "gradient-highway/")], ids=["en", "ru"])
def test_the_notebook_page_shows_outputs_and_offers_the_notebook(shown, lang, path):
    page = shown(lang, path).page
    outputs = page.locator(".jp-OutputArea-output")
    shown = page.locator("article").inner_text()
    assert outputs.count() >= 6 and "2.565\u00a0×\u00a010⁻³" in shown and "2.565e-03" not in shown
    link = page.locator("a.notebook-download")
    assert link.count() == 1 and link.is_visible()
    response = page.request.get(page.evaluate("(a) => a.href", link.element_handle()))
    assert response.ok
    notebook = nbformat.reads(response.text(), as_version=4)
    nbformat.validate(notebook)
    assert json.loads(response.text())["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.acts_on("gradient-highway/")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_notebooks_first_table_is_within_two_screens(shown, lang):
    """The package's cells are folded under one label, so the first table comes early; the label opens them."""
    page = shown.act(lang, "gradient-highway/").page
    top = page.evaluate("() => document.querySelector('article table').getBoundingClientRect().top + scrollY")
    assert top < 2 * DESKTOP["viewport"]["height"], f"the first table starts at {top:.0f} px, below two screens"
    summary = page.locator("details.notebook-package > summary")
    assert summary.is_visible() and not page.locator("details.notebook-package .jp-Cell").first.is_visible()
    summary.click()
    assert page.locator("details.notebook-package .jp-Cell").first.is_visible()


def _search(shown, lang: str, path: str, query: str) -> list[str]:
    """The result links Material's search offers for `query`, best first, on the page `path` of `lang`, as paths
    from the site's root. Each search is made on a page that no other test changes, so that it costs no load of its
    own."""
    page = shown.act(lang, path).page
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    for _ in range(300):  # the index is built in a worker after the page loads
        box.press("End")  # Material searches on key presses
        if page.locator(".md-search-result__item").count():
            break
        page.wait_for_timeout(100)
    base = urlsplit(shown.server).path  # the site's root: "/" here, "/<repository>/" on GitHub Pages
    return ["/" + urlsplit(h).path.removeprefix(base)
            for h in page.eval_on_selector_all(".md-search-result__item > a", "els => els.map(e => e.href)")]


@pytest.mark.acts_on("summary/", lang="ru")
def test_a_russian_word_finds_the_russian_page(shown):
    hits = _search(shown, "ru", "summary/", "забывания")
    assert hits and hits[0].startswith("/ru/") and "/ru/forget-bias/" in hits, hits


@pytest.mark.acts_on("summary/")
def test_an_english_word_finds_the_english_page(shown):
    hits = _search(shown, "en", "summary/", "forget")
    assert hits and not hits[0].startswith("/ru/") and "/forget-bias/" in hits, hits


@pytest.mark.acts_on("bidirectional/")
@pytest.mark.parametrize(("word", "lang", "query"), [("en", "ru", "saturate"), ("ru", "en", "насыщение")],
                         ids=["en-word-on-ru", "ru-word-on-en"])
def test_a_word_of_one_language_offers_that_language_first(shown, word, lang, query):
    hits = _search(shown, lang, "bidirectional/", query)  # searched in the other language, `lang`
    assert hits, f"nothing found for {query!r}"
    assert hits[0].startswith("/ru/") == (word == "ru"), hits


@pytest.mark.parametrize(("background", "ink", "readable"), [(20, 30, False), (250, 20, True), (35, 220, True)])
def test_the_contrast_measure_tells_black_on_black(background, ink, readable):
    image = Image.new("L", (200, 100), background)
    image.paste(ink, (20, 40, 180, 48))  # a line of "text"
    png = io.BytesIO()
    image.save(png, format="PNG")
    assert (_contrast(png.getvalue()) >= 100) == readable
