"""Pages of the built site in Chromium: a Visit records what a page asked for and complained about.

Tests that only read a page share one load of it (`shown`, a fixture of conftest.py). One worker runs every
test that drives Chromium, page by page (tests/conftest.py), so a page's readers come in a row and it is loaded
once per scheme, while the other worker builds.
"""

from __future__ import annotations

import re

PAGES = [
    "",
    "lstm/",
    "step-by-step/",
    "highway/",
    "forget-bias/",
    "cost/",
    "gru/",
    "bidirectional/",
    "from-scratch/",
    "summary/",
    "gradient-highway/",
    "code/",
]
RAW_TEX = re.compile(r"\\\(|\\\)|\\\[|\\\]|\$\$|\\begin\{|\\frac|\\sigma|\\tilde|\\odot")
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


class Visit:
    """One page load, with everything the page asked for and complained about."""

    def __init__(self, browser, url: str, settle: bool = False, **context):
        self.context = browser.new_context(**context)
        self.page = self.context.new_page()
        self.requests, self.failed, self.errors = [], [], []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        self.page.on("response", lambda r: r.status >= 400 and self.failed.append(f"{r.url} ({r.status})"))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url, wait_until="load")
        self.page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
        self.page.evaluate("() => MathJax.startup.promise.then(() => document.fonts.ready)")
        if settle:  # wait for everything the page asks for after loading (fonts, the search index)
            self.page.wait_for_load_state("networkidle")
            # and for scrolling.js, which gives what scrolls sideways its tab stop 100 ms after the formulas are set
            self.page.evaluate("() => new Promise(r => setTimeout(r, 150))")

    def close(self):
        self.context.close()

    def __enter__(self) -> Visit:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def lang_url(server: str, lang: str, path: str) -> str:
    return server + ("ru/" if lang == "ru" else "") + path


def open_page(browser, server: str, lang: str, path: str, **context) -> Visit:
    """A page of the built site in `lang`, at 1280×900 unless `context` says otherwise, for a test to act on;
    closed after `with`."""
    return Visit(browser, lang_url(server, lang, path), **{**DESKTOP, **context})


class Shown:
    """Loaded pages that tests only read, at 1280×900: the page asked for last stays open until a test asks
    for another. It loads in the light scheme, settled (test_page reads everything the page asked for); a test
    that asks for the dark one gets the same page switched with the palette toggle, as a reader switches it.
    (test_browser checks that a reader whose system prefers dark gets it on loading.)"""

    SCHEMES = {"light": ("default", 0), "dark": ("slate", 1)}  # Material's scheme, and its palette input

    def __init__(self, browser, server: str):
        self.browser, self.server = browser, server
        self.page: tuple[str, str] | None = None
        self.visit: Visit | None = None

    def __call__(self, lang: str, path: str, scheme: str = "light") -> Visit:
        if self.page != (lang, path):
            self.close()
            self.visit = Visit(self.browser, lang_url(self.server, lang, path), settle=True, color_scheme="light",
                               **DESKTOP)
            self.page = (lang, path)
        name, palette = self.SCHEMES[scheme]
        page = self.visit.page
        if page.evaluate("() => document.body.getAttribute('data-md-color-scheme')") != name:
            page.locator(f'form[data-md-component="palette"] label[for="__palette_{palette}"]').click()
            page.wait_for_function(f"() => document.body.getAttribute('data-md-color-scheme') === '{name}'")
        return self.visit

    def close(self) -> None:
        if self.visit is not None:
            self.visit.close()
        self.page = self.visit = None
