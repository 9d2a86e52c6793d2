"""The chapter as a handout: print/ holds every page in nav order, prints to a sane number of sheets in
Chromium with every formula set, and the site links to it."""

from __future__ import annotations

import re

import pytest
from bs4 import Tag

from browsing import PAGES, RAW_TEX

pytestmark = pytest.mark.build

PRINT = {"en": "print/index.html", "ru": "ru/print/index.html"}


LEFT_OUT = ("script", "style", "svg")


def _text(tag: Tag) -> str:
    """The words a reader reads in `tag`: not its scripts, styles, drawings or copy buttons (left out of print).
    It reads the shared tree, and changes nothing in it."""
    words = [s for s in tag.strings
             if not any(p.name in LEFT_OUT or "zeroclipboard-container" in p.get("class", ()) for p in s.parents)]
    return " ".join(" ".join(words).split())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_printable_chapter_holds_every_page_in_order(built, soups, lang):
    printable = soups[built / PRINT[lang]]
    sections = printable.select("div.print-chapter > section.print-page")
    assert len(sections) == len(PAGES)
    prefix = "ru/" if lang == "ru" else ""
    for section, path in zip(sections, PAGES, strict=True):
        page = _text(soups[built / prefix / path / "index.html"].select_one("article.md-content__inner"))
        assert _text(section) == page, f"the printable chapter's section for /{prefix}{path} differs from it"
    ids = [tag["id"] for tag in printable.find_all(id=True)]
    assert len(ids) == len(set(ids)), "two elements of the printable chapter share an id"
    chapter = str(printable.select_one("div.print-chapter"))
    references = set(re.findall(r'(?:xlink:href|href|for)="#?([^"#]+)"|url\(#([^)]+)\)', chapter))
    dangling = sorted({a or b for a, b in references if (a or b).split("--")[0] in {p.strip("/") or "overview"
                       for p in PAGES}} - set(ids))
    assert dangling == [], f"references to ids the printable chapter lacks: {dangling[:10]}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_page_offers_the_printable_chapter(built, lang):
    prefix = "ru/" if lang == "ru" else ""
    html = (built / prefix / "lstm/index.html").read_text(encoding="utf-8")
    assert 'href="../print/"' in html


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "path"), [("en", "print/"), ("ru", "print/")], ids=["en", "ru"])
def test_the_printable_chapter_prints(shown, lang, path):
    page = shown(lang, path).page  # as axe saw it: the media type goes back to screen afterwards
    try:
        page.emulate_media(media="print")
        text = page.evaluate("""() => {
            const chapter = document.querySelector('.print-chapter').cloneNode(true);
            chapter.querySelectorAll('pre, code, script, style, .jp-InputArea, mjx-container').forEach(e => e.remove());
            return chapter.innerText;
        }""")
        raw = [text[max(m.start() - 30, 0) : m.end() + 30] for m in RAW_TEX.finditer(text)]
        assert raw == [], f"raw TeX in the printable chapter: {raw[:5]}"
        untypeset = page.evaluate("""() => [...document.querySelectorAll('.print-chapter .arithmatex')]
            .filter(e => !e.querySelector('mjx-container')).length""")
        assert untypeset == 0
        hidden = page.evaluate("""() => ['.md-header', '.md-sidebar--primary', '.md-footer', '.bias-explorer']
            .filter(s => [...document.querySelectorAll(s)].some(e => e.offsetParent !== null))""")
        assert hidden == [], f"printed although it should not be: {hidden}"
        cut = page.evaluate("""() => [...document.querySelectorAll('.print-chapter pre > code, .print-chapter table')]
            .filter(e => e.scrollWidth > e.clientWidth + 2).length""")
        assert cut == 0, f"{cut} code blocks or tables are cut at the page's edge"
        pdf = page.pdf(format="A4", print_background=True)
        sheets = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert 25 <= sheets <= 120, f"the printable chapter is {sheets} A4 pages"
    finally:
        page.emulate_media(media="screen")
