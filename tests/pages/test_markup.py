"""Valid markup of our own: no page of the built site, the printable chapter included, closes a paragraph it
never opened. html5lib parses each page as a browser does (the WHATWG algorithm) and reports every parse
error; a `</p>` with no open `p` is the one the Nu HTML checker counted around the figures that blocks print.
The other errors the checker reports come from the theme, nbconvert and matplotlib (README, "Valid markup")."""

from __future__ import annotations

import html5lib
import pytest

pytestmark = pytest.mark.build


def stray_ends(html: str) -> list[tuple[int, int]]:
    """Where each `</p>` that closes no paragraph ends, (line, column), as the HTML parsing algorithm finds them."""
    parser = html5lib.HTMLParser(strict=False)
    parser.parse(html)
    return [where for where, code, data in parser.errors if code == "unexpected-end-tag" and data.get("name") == "p"]


def test_the_check_finds_a_stray_end_tag():
    """A figure inside a paragraph ends it, so the paragraph's own </p> closes nothing: the check says where."""
    assert stray_ends("<!doctype html><title>t</title><p><figure><svg></svg></figure></p>\n<p>fine</p>") == [(1, 66)]
    assert stray_ends("<!doctype html><title>t</title><p><span>fine</span></p>") == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_page_has_a_stray_paragraph_end(built, soups, lang):
    found, escaped = [], []
    for page in soups.pages(lang):
        text = page.read_text(encoding="utf-8")
        lines = text.splitlines()
        for line, column in stray_ends(text):
            found.append(f"{page.relative_to(built)}:{line}: …{lines[line - 1][max(0, column - 80):column]}")
        if "&lt;figure" in text or "&lt;svg" in text:
            escaped.append(str(page.relative_to(built)))
    assert found == [], f"{len(found)} </p> that close no paragraph:\n" + "\n".join(found)
    assert escaped == [], f"a figure printed as text, not markup: {escaped}"
    figures = [f for p in soups.pages(lang) for f in soups[p].select("figure.computed > svg")]
    assert len(figures) >= 6, "the blocks' figures (the step figure, the plots, the explorer's) are elements"
