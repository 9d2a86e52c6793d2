"""Options shared by the whole suite."""

from __future__ import annotations

import pytest

# Fixtures that build the site again (a copy, the drift guard's broken copy, the cache tests' warm copy) or
# make a clean Python (numpy alone; a bare Jupyter kernel): the quick tier leaves their tests to the whole suite.
AGAIN = {"copy", "broken", "warm", "served", "python", "clean_python", "fresh"}


def _order(item) -> tuple:
    """The tests that drive Chromium come in two groups, a language each: one worker runs a group, page by
    page, so that a page's readers share its load. The English group comes first, and waits for the site's
    build (tests/pages/conftest.py starts it when collection ends) while the other worker runs the tests that
    need no built site; then the Russian group, then the tests that build the site again, then short reads of
    the built site. Of the tests that build it again, those that share an expensive fixture (a group, one
    worker's) come first, and those that build on their own (a few seconds each) after them, where they fill in
    for a worker that would otherwise wait for the other at the end. A test that acts on a page (`acts_on`)
    comes after the tests that only read it."""
    uses = set(getattr(item, "fixturenames", ()))
    group = _group(item)
    if group in BROWSER.values():
        params = getattr(getattr(item, "callspec", None), "params", {})
        acts = item.get_closest_marker("acts_on")  # comes after the page's readers: it changes the page
        return (0 if group == BROWSER["en"] else 2), acts.args[0] if acts else params.get("path", ""), bool(acts)
    if "built" not in uses:
        return (1,)
    return (3, group is None) if uses & AGAIN else (4,)


def _group(item) -> str | None:
    marks = [mark.args[0] for mark in item.iter_markers("xdist_group")]
    return marks[0] if marks else None


BROWSER = {"en": "browser-en", "ru": "browser-ru"}  # a test with no language runs with the English pages


def pytest_addoption(parser):
    parser.addoption(
        "--screenshots",
        action="store_true",
        help="keep a screenshot of every page, light and dark, in tests/screenshots/ (failures are kept anyway)",
    )


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's, which names each test's group in its node id
def pytest_collection_modifyitems(config, items):
    """The authors' quick tier (`-m "not slow"`) builds the site once and skips what builds it again, makes
    a clean Python, drives a browser or serves it.

    pytest-xdist hands out the tests in this order (`--no-loadscope-reorder`), a group at a time."""
    for item in items:
        uses = set(getattr(item, "fixturenames", ()))
        lang = getattr(getattr(item, "callspec", None), "params", {}).get("lang")
        if "browser" in uses and _group(item) is None:
            acts = item.get_closest_marker("acts_on")
            item.add_marker(pytest.mark.xdist_group(BROWSER[lang or (acts and acts.kwargs.get("lang")) or "en"]))
        elif "soups" in uses:  # a language's parsed pages: one worker parses them, beside the other language's
            item.add_marker(pytest.mark.xdist_group(f"soups-{lang or 'en'}"))
    items.sort(key=_order)
    for item in items:
        uses = set(getattr(item, "fixturenames", ()))
        if uses & AGAIN or item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.slow)
