"""Pages of the built site in Chromium: a Visit records what a page asked for and complained about.

Tests that only read a page share one load of it (`shown`, a fixture of conftest.py), and the first test that
acts on it (`Shown.act`) has it after them. The tests that drive Chromium come in two groups, a language each,
page by page (tests/conftest.py), so a page's readers come in a row and it is loaded once. A tab is kept from
one page to the next (see `Visit`).
"""

from __future__ import annotations

import re

PAGES = [
    "",
    "lstm/",
    "step-by-step/",
    "history/",
    "highway/",
    "forget-bias/",
    "cost/",
    "gru/",
    "bidirectional/",
    "from-scratch/",
    "practice/",
    "summary/",
    "gradient-highway/",
    "code/",
]
RAW_TEX = re.compile(r"\\\(|\\\)|\\\[|\\\]|\$\$|\\begin\{|\\frac|\\sigma|\\tilde|\\odot")
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


class Visit:
    """A tab of Chromium, and everything the page loaded in it last asked for and complained about.

    A tab is kept for the next page rather than closed: a new tab starts a renderer, which costs as much CPU as
    the page itself. The site's storage is cleared before the tab leaves a page, so each page starts as a first
    visit would. The tab's HTTP cache is kept, as a reader's browser keeps it from page to page: a page still
    asks for every file it uses, and each request and its answer (a 404 included) are recorded whether the
    cache or the server answers it. Scripts come compiled from the cache: 0.16 s less CPU per page.
    """

    def __init__(self, browser, **context):
        self.context = browser.new_context(**context)
        self.page = self.context.new_page()
        self.requests, self.failed, self.errors = [], [], []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        self.page.on("response", lambda r: r.status >= 400 and self.failed.append(f"{r.url} ({r.status})"))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def park(self) -> None:
        """Leave the page for a blank one, taking what it kept (the palette, say) with it. A page left open
        costs CPU while nothing reads it (0.03-0.06 s a second), which the other worker's tests need."""
        if self.page.url.startswith("http"):
            self.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        self.page.goto("about:blank")  # nothing the last page does from here on is put down to the next one
        self.context.clear_cookies()

    def load(self, url: str) -> Visit:
        """Load `url` in this tab as a first visit, and wait until its formulas are set in their fonts, and
        what then scrolls sideways has its tab stop (scrolling.js marks <html> when it has checked)."""
        self.park()
        self.requests, self.failed, self.errors = [], [], []
        self.page.goto(url, wait_until="load")
        self.page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
        self.page.evaluate("() => MathJax.startup.promise.then(() => document.fonts.ready)")
        self.page.wait_for_function("() => 'scrollersChecked' in document.documentElement.dataset")
        return self

    def settled(self) -> Visit:
        """This page once it has asked for all it asks for after loading (the search index, say): then what it
        asked for, failed to get and complained about is all recorded. Waiting for it (half a second with no
        request) costs a test that reads a page after others have read it nothing."""
        self.page.wait_for_load_state("networkidle")
        return self

    def close(self):
        self.context.close()


def lang_url(server: str, lang: str, path: str) -> str:
    return server + ("ru/" if lang == "ru" else "") + path


class Shown:
    """Loaded pages that tests read, at 1280×900: the page asked for last stays open until a test asks for
    another. It loads for a reader whose system prefers light (a test that reads what the page asked for asks
    for it `settled`), and `loaded_scheme` is the scheme it chose then; a test that asks for the dark one gets the same
    page switched with the palette toggle, as a reader switches it. A test that changes the page (`act`) comes
    after its readers (tests/conftest.py), and the next test to ask for the page gets it loaded again."""

    SCHEMES = {"light": ("default", 0), "dark": ("slate", 1)}  # Material's scheme, and its palette input

    def __init__(self, browser, server: str):
        self.browser, self.server = browser, server
        self.page: tuple[str, str] | None = None
        self.visit: Visit | None = None
        self.loaded_scheme: str | None = None
        _shown.append(self)

    def act(self, lang: str, path: str) -> Visit:
        """The page in the light scheme, for a test that moves its sliders, types into it or leaves it. As on a
        page just loaded, it is scrolled to the top, and the key Tab moves to its first link, whatever the tests
        before it focused (the palette toggle, say)."""
        visit = self(lang, path)
        self.page = None  # whatever the test does to it, the next test does not see
        visit.page.evaluate("""() => { const body = document.body; body.tabIndex = -1; body.focus();
            body.blur(); body.removeAttribute('tabindex'); window.scrollTo(0, 0); }""")
        return visit

    def __call__(self, lang: str, path: str, scheme: str = "light") -> Visit:
        if self.page != (lang, path):
            self.page = None
            if self.visit is None:
                self.visit = Visit(self.browser, color_scheme="light", **DESKTOP)
            self.visit.load(lang_url(self.server, lang, path))
            self.loaded_scheme = self.visit.page.evaluate("() => document.body.getAttribute('data-md-color-scheme')")
            self.page = (lang, path)
        name, palette = self.SCHEMES[scheme]
        page = self.visit.page
        if page.evaluate("() => document.body.getAttribute('data-md-color-scheme')") != name:
            page.locator(f'form[data-md-component="palette"] label[for="__palette_{palette}"]').click()
            page.wait_for_function(f"() => document.body.getAttribute('data-md-color-scheme') === '{name}'")
        return self.visit

    def park(self) -> None:
        """Put the page away when no test is left to read it: the next test that asks loads it again."""
        if self.visit is not None:
            self.visit.park()
        self.page = None

    def close(self) -> None:
        if self.visit is not None:
            self.visit.close()
        self.page = self.visit = None
        _shown.remove(self)


_shown: list[Shown] = []


def park() -> None:
    """Leave every shared page: a worker calls it when it goes on to tests that drive no browser."""
    for shown in _shown:
        shown.park()
