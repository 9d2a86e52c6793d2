"""Pages of the built site in Chromium: a Visit records what a page asked for and complained about.

Tests that only read a page share one load of it (`shown`, a fixture of conftest.py): the cases of one page
name the same xdist_group (`per_page`), so one worker runs them in a row and loads the page once per scheme.
"""

from __future__ import annotations

import re

import pytest

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
    """Loaded pages that tests only read, at 1280×900 in the light or the dark scheme, settled: the page
    asked for last stays open, in each scheme, until a test asks for another."""

    def __init__(self, browser, server: str):
        self.browser, self.server = browser, server
        self.page: tuple[str, str] | None = None
        self.visits: dict[str, Visit] = {}

    def __call__(self, lang: str, path: str, scheme: str = "light") -> Visit:
        if self.page != (lang, path):
            self.close()
            self.page = (lang, path)
        if scheme not in self.visits:
            self.visits[scheme] = Visit(self.browser, lang_url(self.server, lang, path), settle=True,
                                        color_scheme=scheme, **DESKTOP)
        return self.visits[scheme]

    def close(self) -> None:
        for visit in self.visits.values():
            visit.close()
        self.visits.clear()


def per_page(names: tuple[str, ...], cases: list[tuple], ids: list[str]) -> pytest.MarkDecorator:
    """parametrize(names, cases), where `names` hold "lang" and "path": the cases of one page share an
    xdist_group, so that one worker runs them in a row and they read the page's one load."""
    lang, path = names.index("lang"), names.index("path")

    def group(case: tuple) -> pytest.MarkDecorator:
        return pytest.mark.xdist_group(f"page-{case[lang]}-{case[path].strip('/') or 'index'}")

    return pytest.mark.parametrize(names, [pytest.param(*case, id=name, marks=group(case))
                                           for case, name in zip(cases, ids, strict=True)])
