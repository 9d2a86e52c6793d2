"""navigation.instant: pages switch without a reload, and every switched-to page is whole."""

from __future__ import annotations

import time

import pytest

from browsing import lang_url

pytestmark = [pytest.mark.build, pytest.mark.browser]

# Five switches by clicking the navigation, each to a page with formulas, a figure, the explorer or the notebook.
ROUTE = ["lstm/", "step-by-step/", "forget-bias/", "gru/", "gradient-highway/"]

TYPESET = """() => {
    const pending = [...document.querySelectorAll('article .arithmatex')]
        .filter(e => !e.querySelector('mjx-container'));
    const raw = [...document.querySelectorAll('article .jp-MarkdownOutput, article .jp-RenderedMarkdown')]
        .some(e => /\\$[^$\\n]+\\$/.test(e.innerText));
    return pending.length === 0 && !raw;
}"""


def _switcher(page, want: set[str], seconds: float = 5.0) -> list[str]:
    """The language switcher's links, once they are `want` or after `seconds`: language.js retargets them
    when Material announces the new page, which can come after the page has been typeset."""
    deadline = time.monotonic() + seconds
    while True:
        links = page.locator("a.md-select__link[hreflang]").evaluate_all("(as) => as.map(a => a.href)")
        if set(links) == want or time.monotonic() > deadline:
            return links
        page.wait_for_timeout(100)


@pytest.mark.acts_on("")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_five_instant_switches_typeset_every_formula(shown, server, lang):
    visit = shown.act(lang, "")
    page = visit.page
    page.evaluate("() => { window.__sameDocument = true; }")  # gone if a page reloads
    for path in ROUTE:
        target = lang_url(server, lang, path)
        links = page.locator("nav.md-nav--primary a.md-nav__link[href]")
        hrefs = links.evaluate_all("(as) => as.map(a => a.href)")
        assert target in hrefs, f"no navigation link to {target}"
        page.evaluate("() => { window.__before = document.querySelector('article h1'); }")
        links.nth(hrefs.index(target)).click()
        page.wait_for_url(target)
        # the address changes before the content: wait for the new page's heading, not the old one's
        page.wait_for_function("""(t) => { const h1 = document.querySelector('article h1');
            return h1 && h1 !== window.__before && location.href === t; }""", arg=target)
        page.wait_for_function(TYPESET, timeout=20000)
        assert page.evaluate("() => window.__sameDocument") is True, f"{path} was a full reload"
        formulas = page.evaluate("() => document.querySelectorAll('article mjx-container').length")
        assert formulas > 0, f"{path}: no formula typeset"
        if path == "forget-bias/":
            explorer = page.locator(".bias-explorer")
            explorer.wait_for(state="visible", timeout=5000)  # explorer.js sets it up when the page is announced
            assert explorer.is_visible(), "the explorer is not set up after a switch"
        twins = {lang_url(server, "en", path), lang_url(server, "ru", path)}
        switch = _switcher(page, twins)
        assert set(switch) == twins, switch
    assert visit.errors == [], visit.errors


@pytest.mark.acts_on("cost/")  # a page that no other test changes: the switch costs no load of its own
def test_the_language_switch_after_an_instant_switch_loads_the_twin_in_full(shown, server):
    visit = shown.act("en", "cost/")
    page = visit.page
    links = page.locator("nav.md-nav--primary a.md-nav__link[href]")
    hrefs = links.evaluate_all("(as) => as.map(a => a.href)")
    links.nth(hrefs.index(lang_url(server, "en", "highway/"))).click()
    page.wait_for_url(lang_url(server, "en", "highway/"))
    page.locator(".md-select").first.hover()
    # not expect_navigation, which a same-document navigation (navigation.tracking's replaceState) also ends
    page.locator("a.md-select__link[hreflang='ru']").click()
    page.wait_for_url(lang_url(server, "ru", "highway/"), wait_until="load")
    assert page.evaluate("() => document.documentElement.lang") == "ru"
    assert "Поиск" in (page.locator("input.md-search__input").get_attribute("placeholder") or "")
