"""The chapter's numbers in the built site (hooks/numbering.py, hooks/references.py): every page a numbered section in
its title, the nav and print/; captions with their numbers; references that say the number of what they land on;
the same numbers in both languages; and, in Chromium, references that land on their target, and captions that wrap
and numbers that stay whole at 320 px."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from bs4 import BeautifulSoup

from browsing import PAGES

pytestmark = pytest.mark.build

NUMBERED = [p for p in PAGES if p not in ("", "code/")]  # the overview opens the chapter; the code page closes it
SECTION = re.compile(r"^13\.\d+(?:\.\d+)?$")


def _words(tag) -> str:
    return " ".join(tag.get_text().replace("¶", "").replace("\u00a0", " ").split())


def article(soups, built: Path, lang: str, path: str) -> BeautifulSoup:
    return soups[built / ("ru" if lang == "ru" else "") / path / "index.html"].select_one("article.md-content__inner")


def numbers(tag) -> list[str]:
    """What a page numbers, in order: its headings, its captions and its references."""
    found = [_words(n) for n in tag.select(".section-number, .caption-number, a.reference")]
    return [re.sub(r"^[^\d(]*", "", n).rstrip(".") for n in found]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_page_is_a_numbered_section_in_its_title_and_the_nav(built, soups, lang):
    home = soups[built / ("ru" if lang == "ru" else "") / "lstm" / "index.html"]
    nav = [_words(a) for a in home.select("nav.md-nav--primary .md-ellipsis")]
    for k, path in enumerate(NUMBERED, 1):
        page = soups[built / ("ru" if lang == "ru" else "") / path / "index.html"]
        h1 = article(soups, built, lang, path).find("h1")
        number = h1.select_one(".section-number")
        assert number is not None and _words(number) == f"13.{k}", f"/{path}: its title is not section 13.{k}"
        title = page.title.get_text()
        assert title.startswith(f"13.{k} "), f"/{path}: <title> {title!r}"
        assert ("\u00a0— " if lang == "ru" else " – ") in title, f"/{path}: <title> {title!r} joins with a hyphen"
        assert any(entry.startswith(f"13.{k} ") for entry in nav), f"the nav has no section 13.{k}: {nav}"
        subsections = [_words(n) for n in article(soups, built, lang, path).select("h2 > .section-number")]
        assert subsections == [f"13.{k}.{j}" for j in range(1, len(subsections) + 1)], f"/{path}: {subsections}"
    for path in ("", "code/"):
        assert article(soups, built, lang, path).select(".section-number") == [], f"/{path} is numbered"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_reference_says_the_number_of_what_it_lands_on(built, soups, lang):
    prefix = built / ("ru" if lang == "ru" else "")
    count = 0
    for path in PAGES:
        for link in article(soups, built, lang, path).select("a.reference"):
            target, _, anchor = link["href"].partition("#")
            page = (prefix / path / target / "index.html").resolve() if target else prefix / path / "index.html"
            element = soups[page].find(id=anchor)
            assert element is not None, f"/{path}: {link['href']} lands on nothing"
            said = re.sub(r"^[^\d(]*", "", _words(link))
            if element.name == "figure":
                shown = numbers(element.find("figcaption"))[0]
            elif element.name in ("h1", "h2"):
                shown = numbers(element)[0]
            else:  # an equation: its number is MathJax's \tag
                shown = re.search(r"\\tag\{([\d.]+)\}", element.get_text()).group(1)
            assert said.strip("()") == shown, f"/{path}: {_words(link)!r} lands on {anchor}, numbered {shown}"
            count += 1
    assert count >= 20, f"only {count} references in the chapter"


def test_both_languages_show_the_same_numbers(built, soups):
    for path in PAGES:
        en, ru = numbers(article(soups, built, "en", path)), numbers(article(soups, built, "ru", path))
        assert en == ru, f"/{path}: the twins' numbers differ"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_print_shows_the_pages_numbers(built, soups, lang):
    printable = soups[built / ("ru" if lang == "ru" else "") / "print" / "index.html"]
    sections = printable.select("div.print-chapter > section.print-page")
    for section, path in zip(sections, PAGES, strict=True):
        assert numbers(section) == numbers(article(soups, built, lang, path)), f"print/'s section for /{path}"
    contents = [_words(a) for a in printable.select("nav.print-contents a")]
    assert [c for c in contents if re.match(r"13\.\d+ ", c) and c.count(".") == 1][:2] == [
        _words(article(soups, built, lang, p).find("h1")) for p in NUMBERED[:2]]
    for a in printable.select("nav.print-contents a"):
        assert printable.find(id=a["href"][1:]) is not None, f"the contents' {a['href']} lands on nothing"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_figure_has_a_caption_and_the_referred_ones_a_number(built, soups, lang):
    for path in PAGES:
        for figure in article(soups, built, lang, path).select("figure"):
            caption = figure.find("figcaption")
            assert caption is not None and _words(caption), f"/{path}: a figure without a caption"
            if figure.get("id", "").startswith(("fig-", "tbl-")):
                word = {"en": ("Figure", "Table"), "ru": ("Рисунок", "Таблица")}[lang]
                assert _words(caption.select_one(".caption-number")).startswith(word), f"/{path}: {_words(caption)}"


# ---------------------------------------------------------------- in Chromium


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "path"), [
    pytest.param("en", "lstm/", marks=pytest.mark.acts_on("lstm/")),
    pytest.param("ru", "gru/", marks=pytest.mark.acts_on("gru/", lang="ru")),
])
def test_a_reference_is_a_link_that_lands_on_its_target(shown, lang, path):
    """A reference to another page, followed from the keyboard, opens that page (instant navigation) on an element
    whose caption has the reference's number; each reference, opened as its address, shows its target."""
    visit = shown.act(lang, path).settled()  # instant navigation is ready once the page has its sitemap
    page = visit.page
    # Material's instant navigation writes each link's href out in full: tell them apart by path.
    listed = """() => [...document.querySelectorAll('article a.reference')].map((a, k) =>
        ({k, here: a.pathname === location.pathname, href: a.href, anchor: a.hash.slice(1), said: a.textContent}))"""
    refs = page.evaluate(listed)
    there = next(r for r in refs if not r["here"] and r["anchor"].startswith("fig-"))
    page.locator("article a.reference").nth(there["k"]).focus()
    page.keyboard.press("Enter")
    anchor, target = there["anchor"], urlsplit(there["href"]).path
    page.wait_for_function(f"() => location.pathname === '{target}' && !!document.getElementById('{anchor}')",
                           polling=100)
    caption = page.locator(f"#{anchor} figcaption .caption-number").inner_text()
    assert caption.split()[-1].rstrip(".") == there["said"].split()[-1], f"{there['said']!r} landed on {caption!r}"
    # Where instant navigation leaves the window on arrival depends on Material's timing (its navigation.tracking
    # rewrites the address as the page scrolls), whatever the link. A reference's address is its own: opened,
    # it shows its target, whether on another page or on this one.
    for ref in [there] + [r for r in refs if r["here"]][:3]:
        visit.load(ref["href"])
        _wait_in_view(page, ref["anchor"])


def _wait_in_view(page, anchor: str) -> None:
    """Wait until the element `anchor` is in the window (a link's scroll may be smooth), or fail saying so."""
    try:
        page.wait_for_function(f"""() => {{ const r = document.getElementById('{anchor}').getBoundingClientRect();
            return r.top < innerHeight && r.bottom > 0; }}""", polling=100, timeout=5000)
    except Exception:  # noqa: BLE001 - Playwright's timeout, said as what it means
        where = page.evaluate(f"() => [scrollY, innerHeight, document.getElementById('{anchor}')"
                              f".getBoundingClientRect().top]")
        pytest.fail(f"{anchor} is not in view after its reference was followed (scrollY, height, its top: {where})")


E_NOTATION = re.compile(r"(?<![\w.])\d+(?:\.\d+)?[eE][+\-−]\d+(?![\w.])")
CODE = ("pre", "code", "script", "style", "textarea")


def e_notation(soup: BeautifulSoup) -> list[str]:
    """Every number in e-notation a reader sees in `soup`'s article, outside code: with a few words around it."""
    found = []
    for article in soup.select("article"):
        for s in article.find_all(string=True):
            if s.find_parent(CODE) is None and s.find_parent(class_="clipboard-copy-txt") is None:  # a cell's copy
                found += [s[max(0, m.start() - 30):m.end() + 10].strip() for m in E_NOTATION.finditer(s)]
    return found


def test_the_e_notation_check_sees_prose_tables_and_figures_not_code():
    soup = BeautifulSoup("<article><p>kept 2.565e-03 of it</p><table><tr><td>7.1e-15</td></tr></table>"
                         "<svg><desc>down to 1e-10</desc></svg><pre><code>tol = 1e-10</code></pre>"
                         "<p>7.105\u00a0×\u00a010⁻¹⁵ and <code>1e-3</code></p>"
                         '<div class="clipboard-copy-txt">x = 1e-3</div></article>', "html.parser")
    assert e_notation(soup) == ["kept 2.565e-03 of it", "7.1e-15", "down to 1e-10"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_page_writes_a_power_of_ten_in_e_notation(built, soups, lang):
    """Prose, tables, captions, the figures' descriptions and the explorer write 7.105 × 10⁻¹⁵ in both languages
    (gated.render.number's × specs); e-notation is for code and the terminal."""
    found = [f"{page.relative_to(built)}: «{where}»" for page in soups.pages(lang) for where in e_notation(soups[page])]
    assert found == [], f"{len(found)} numbers in e-notation:\n" + "\n".join(found[:30])
