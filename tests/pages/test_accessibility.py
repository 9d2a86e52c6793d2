"""For readers who do not see the page or use no mouse: axe-core on every page, named figures, readable
formulas, and the tabs, the language switch and the notebook download from the keyboard alone.

axe-core comes inside the axe-playwright-python wheel (pinned in requirements.txt) and is injected into
the page from disk: nothing is downloaded while the tests run.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from browsing import PAGES, lang_url

pytestmark = [pytest.mark.build, pytest.mark.browser]

ALL_PAGES = [*PAGES, "print/"]
SERIOUS = ("serious", "critical")
# Rules turned off, each with its reason. None: every rule of axe-core runs.
DISABLED: dict[str, str] = {}
# The dark scheme changes colours, not markup: in dark, axe runs the rules whose verdict depends on colour.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]

# print/ is every other page, one after another: axe checks its colours on those pages, and on print/ what
# putting them together can break (ids, landmarks, headings, labels), in the light scheme.
CASES = [(lang, path, scheme) for lang in ("en", "ru") for path in ALL_PAGES for scheme in ("light", "dark")
         if not (path == "print/" and scheme == "dark")] + [
    ("en", "404.html", scheme) for scheme in ("light", "dark")  # one 404 page, at the site's root, for both
]


@pytest.fixture(scope="module")
def axe():
    """axe(page, options): the violations axe-core finds on the page. The script goes into a page once, not
    before every run as Axe.run does, and only the violations come back."""
    script = Axe().axe_script

    def run(page, options: dict) -> list[dict]:
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(script)
        return page.evaluate("options => axe.run(document, options).then(results => results.violations)", options)

    return run


@pytest.mark.parametrize(("lang", "path", "scheme"), CASES,
                         ids=[f"{lang}:{scheme}:/{path}" for lang, path, scheme in CASES])
def test_axe_finds_nothing_serious(shown, axe, lang, path, scheme):
    visit = shown(lang, path, scheme)
    options = {"resultTypes": ["violations"], "rules": {rule: {"enabled": False} for rule in DISABLED}}
    if scheme == "dark":
        options["runOnly"] = {"type": "rule", "values": [r for r in COLOUR_RULES if r not in DISABLED]}
    elif path == "print/":
        options["rules"].update({rule: {"enabled": False} for rule in COLOUR_RULES})
    found = axe(visit.page, options)
    serious = [
        f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}; first: {v['nodes'][0]['html'][:160]}"
        for v in found
        if v["impact"] in SERIOUS
    ]
    assert serious == [], f"{visit.page.url} ({scheme}):\n  " + "\n  ".join(serious)


def test_axe_finds_a_fault_put_in_on_purpose(browser, axe):
    """The check above can fail: on a page with an image without a name and a button without text, axe says so."""
    page = browser.new_page()
    try:
        page.set_content('<html lang="en"><title>t</title><main><img src="data:,"><button></button></main></html>')
        found = {v["id"]: v["impact"] for v in axe(page, {"resultTypes": ["violations"]})}
        assert found.get("image-alt") in SERIOUS and found.get("button-name") in SERIOUS, found
    finally:
        page.close()


FIGURED = [(lang, path) for lang in ("en", "ru") for path in ("step-by-step/", "highway/", "forget-bias/",
                                                                "from-scratch/")]


@pytest.mark.parametrize(("lang", "path"), FIGURED, ids=[f"{path}-{lang}" for lang, path in FIGURED])
def test_every_figure_has_a_name_and_a_description_in_the_page_language(shown, lang, path):
    visit = shown(lang, path)
    images = visit.page.evaluate("""() => [...document.querySelectorAll('article figure svg, article svg')]
        .filter(s => !s.parentElement.closest('svg'))
        .map(s => ({role: s.getAttribute('role'), label: s.getAttribute('aria-label') || '',
                    title: s.querySelector(':scope > title')?.textContent || '',
                    desc: s.querySelector(':scope > desc')?.textContent || ''}))""")
    assert images, "no figure on the page"
    for image in images:
        assert image["role"] == "img" and image["label"] and image["title"], image
        assert len(image["desc"]) > 40 and re.search(r"\d\.\d", image["desc"]), image  # says its numbers
        cyrillic = bool(re.search("[а-яё]", image["label"] + image["desc"], re.I))
        assert cyrillic == (lang == "ru"), image


@pytest.mark.parametrize(("lang", "path"), [("en", "lstm/"), ("ru", "lstm/")], ids=["en", "ru"])
def test_formulas_carry_mathml_for_screen_readers(shown, lang, path):
    visit = shown(lang, path)
    counts = visit.page.evaluate("""() => ({
        formulas: document.querySelectorAll('article mjx-container').length,
        mathml: document.querySelectorAll('article mjx-container > mjx-assistive-mml > math').length,
        hidden: document.querySelectorAll('article mjx-container > mjx-math[aria-hidden="true"]').length,
        shown: [...document.querySelectorAll('mjx-container')].filter(e => e.checkVisibility()).length})""")
    assert counts["formulas"] > 10 and counts["mathml"] == counts["formulas"] == counts["hidden"], counts
    # What a screen reader gets: Chromium's accessibility tree holds one formula for each formula on view.
    tree = visit.context.new_cdp_session(visit.page).send("Accessibility.getFullAXTree")["nodes"]
    read = sum(1 for node in tree if not node.get("ignored") and node.get("role", {}).get("value") == "MathMLMath")
    assert read == counts["shown"], counts | {"in the accessibility tree": read}


def _tab_to(page, matches: str, limit: int = 150) -> bool:
    """Press Tab until the focused element matches the JS predicate `matches(el)`; True if it did."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const el = document.activeElement; return !!el && ({matches})(el); }}"):
            return True
    return False


@pytest.mark.acts_on("highway/")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_tabs_switch_from_the_keyboard(shown, lang):
    page = shown.act(lang, "highway/").page
    assert _tab_to(page, "el => el.matches('.tabbed-set > input')"), "Tab never reaches a block's tabs"
    name = page.evaluate("() => document.activeElement.name")
    before = page.evaluate(f"() => [...document.getElementsByName('{name}')].findIndex(i => i.checked)")
    page.keyboard.press("ArrowRight")
    after = page.evaluate(f"() => [...document.getElementsByName('{name}')].findIndex(i => i.checked)")
    assert after == before + 1
    visible = page.evaluate(f"""() => {{
        const input = [...document.getElementsByName('{name}')][{after}];
        const block = input.closest('.tabbed-set').querySelector(`.tabbed-content > :nth-child({after + 1})`);
        return block.offsetHeight > 0; }}""")
    assert visible, "the tab chosen from the keyboard does not show its content"


@pytest.mark.acts_on("gru/")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_language_switch_works_from_the_keyboard(shown, server, lang):
    other = "en" if lang == "ru" else "ru"
    page = shown.act(lang, "gru/").page
    assert _tab_to(page, f"el => el.matches('a.md-select__link[hreflang=\"{other}\"]')"), "no switch by Tab"
    # Not expect_navigation: it also ends at a same-document navigation, and navigation.tracking makes one
    # (history.replaceState, the URL's anchor following the heading in view) whenever the Tabs above have
    # scrolled the page, a moment later on a loaded machine: it ended the wait before Enter's load began.
    page.keyboard.press("Enter")
    page.wait_for_url(lang_url(server, other, "gru/"), wait_until="load")
    assert page.evaluate("() => document.documentElement.lang") == other


@pytest.mark.acts_on("gradient-highway/")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_notebook_downloads_from_the_keyboard(shown, lang):
    page = shown.act(lang, "gradient-highway/").page  # Playwright's contexts accept downloads unless told not to
    assert _tab_to(page, "el => el.matches('a.notebook-download')"), "Tab never reaches the download"
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    assert download.value.suggested_filename.endswith(".ipynb")
    assert '"nbformat"' in Path(download.value.path()).read_text(encoding="utf-8")
