"""The chapter as a PDF (hooks/pdf.py), opened and read with pypdf, in both languages: every page's title with
its number, in the text and in the outline; each page's bound figures on that page's sheets; sheets numbered, and
contents that give the sheet each section starts on; formulas typeset, not TeX; a sane number of sheets."""

from __future__ import annotations

import io
import os
import re
import time
from functools import cache
from pathlib import Path

import pypdf
import pytest
from bs4 import BeautifulSoup

from browsing import PAGES

pytestmark = pytest.mark.build

ROOT = Path(__file__).resolve().parents[2]
PDF = {"en": "print/gated-recurrence.pdf", "ru": "ru/print/gated-recurrence.pdf"}
# TeX that MathJax left unset: its delimiters, or a command with one backslash (the code that the PDF prints as
# well writes TeX in Python strings, with two).
TEX = re.compile(r"(?<!\\)\\(?:[()\[\]]|begin\{|frac\b|sigma\b|tilde\b|odot\b)")
FOOTER = {"en": "Chapter 13 · Gated recurrence: LSTM and GRU",
          "ru": "Глава 13 · Рекуррентные сети с гейтами: LSTM и GRU"}


def words(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def squeezed(text: str) -> str:
    """Text without its spaces: a formula's glyphs come out of the PDF spaced as they were set, not as typed."""
    return re.sub(r"\s+", "", text.replace("−", "-"))


@cache
def read(site: Path, lang: str) -> tuple[list[str], list[tuple[str, int]]]:
    """The PDF's sheets as text, and its outline (title, sheet from 1), depth first."""
    reader = pypdf.PdfReader(io.BytesIO((site / PDF[lang]).read_bytes()))
    sheets = [words(page.extract_text()) for page in reader.pages]
    marks: list[tuple[str, int]] = []

    def walk(items) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                marks.append((words(str(item.title)), reader.get_destination_page_number(item) + 1))

    walk(reader.outline)
    return sheets, marks


def titles(site: Path, lang: str) -> list[str]:
    """Every page's title as the page shows it: its first heading, with the section's number."""
    found = []
    for path in PAGES:
        html = (site / ("ru" if lang == "ru" else "") / path / "index.html").read_text(encoding="utf-8")
        article = BeautifulSoup(html, "html.parser").select_one("article.md-content__inner")
        h1 = article.find("h1")
        found.append(words(h1.get_text().replace("¶", "")))
    return found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pdf_has_every_pages_title_with_its_number_in_its_text_and_outline(built, lang):
    sheets, marks = read(built, lang)
    text = " ".join(sheets)
    outline = [title for title, _ in marks]
    shown = titles(built, lang)
    numbered = [t for t in shown if re.match(r"13\.\d+ ", t)]
    assert len(numbered) == len(PAGES) - 2, shown  # all but the overview and the code page
    for title in shown:
        assert title in outline, f"the PDF's outline lacks {title!r}"
        assert title in text, f"the PDF's text lacks {title!r}"
    assert [t for t in outline if t in shown] == shown, "the outline does not follow the chapter's order"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pdfs_sheets_are_numbered_and_its_contents_give_them(built, lang):
    sheets, marks = read(built, lang)
    assert 40 <= len(sheets) <= 160, f"the PDF has {len(sheets)} sheets"
    for k, sheet in enumerate(sheets, 1):
        assert sheet.endswith(f"{FOOTER[lang]} {k}"), f"sheet {k} does not end with its footer: {sheet[-80:]!r}"
    starts = dict(reversed(marks))  # the first mark of a title
    contents = " ".join(sheets[:3])
    for title in titles(built, lang):
        assert title in starts, f"the PDF's outline lacks {title!r}"
        assert f"{title} {starts[title]}" in contents, f"the contents do not give {title!r} its sheet {starts[title]}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_pages_bound_figures_are_on_its_sheets_typeset(built, lang, hook):
    """Each figure a page quotes, in prose or in a formula, is on the sheets of that page's section; no formula is
    left as TeX. (A formula's characters come from MathJax's fonts; the PDF maps them back to text.)"""
    quotes, seen = hook("quotes"), hook("seen")
    sheets, marks = read(built, lang)
    shown = titles(built, lang)
    starts = dict(reversed(marks))
    assert all(t in starts for t in shown), "the PDF's outline lacks a page's title"
    bounds = [starts[t] for t in shown] + [len(sheets) + 1]
    text = " ".join(sheets)
    raw = [text[max(m.start() - 30, 0): m.end() + 30] for m in TEX.finditer(text)]
    assert raw == [], f"TeX in the PDF: {raw[:5]}"
    checked = 0
    for k, path in enumerate(PAGES):
        name = (path.strip("/") or "index") + (".ru.md" if lang == "ru" else ".md")
        if not (ROOT / "docs" / name).is_file():
            continue  # the notebook
        source = (ROOT / "docs" / name).read_text(encoding="utf-8")
        for m in seen.fences(source):
            source = seen.blank(source, m.start(), m.end())
        own = squeezed(" ".join(sheets[bounds[k] - 1: bounds[k + 1] - 1]))
        values = [m["value"] for m in quotes.BOUND.finditer(source)
                  if quotes.FIGURE.fullmatch(m["name"]) or quotes.BLOCK_REF.fullmatch(m["name"])]
        missing = [v for v in values if squeezed(v) not in own]
        assert missing == [], f"/{path}: not on its sheets {bounds[k]}–{bounds[k + 1] - 1}: {missing[:10]}"
        checked += len(values)
    assert checked > 300, f"only {checked} bound figures found on the pages"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_page_links_to_the_pdf(built, soups, lang):
    pages = soups.pages(lang)
    for page in pages:
        if page.name != "index.html":
            continue  # 404.html, which Material writes without a page
        link = soups[page].select_one("a.chapter-pdf-link")
        assert link is not None, f"{page.relative_to(built)} has no link to the PDF"
        assert (page.parent / link["href"]).resolve() == (built / PDF[lang]).resolve()
        assert link.has_attr("download")
    printable = soups[built / PDF[lang].replace("gated-recurrence.pdf", "index.html")]
    assert printable.select_one("a.chapter-pdf[download]") is not None, "print/ offers no download of the PDF"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pdf_is_tagged_in_its_language_and_titled(built, lang):
    reader = pypdf.PdfReader(io.BytesIO((built / PDF[lang]).read_bytes()))
    root = reader.trailer["/Root"]
    assert root.get("/Lang") == lang
    assert root["/MarkInfo"]["/Marked"] and "/StructTreeRoot" in root, "the PDF is not tagged for screen readers"
    assert reader.metadata.title == FOOTER[lang]


@pytest.mark.parametrize(("command", "env", "said"), [
    ("serve", {}, "mkdocs serve skips the PDF of the chapter; scripts/serve build makes it"),
    ("build", {"GATED_PDF": "off"}, "GATED_PDF=off: the PDF of the chapter is skipped"),
    ("build", {"CHROMIUM": "/no/such/chromium"}, "no Chromium at /no/such/chromium: the PDF of the chapter is skipped"
                                                 " (apt-get install chromium, or set CHROMIUM)"),
])
def test_a_build_that_makes_no_pdf_says_why_in_one_line(hook, monkeypatch, command, env, said):
    monkeypatch.delenv("GATED_PDF", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    pdf = hook("pdf")
    monkeypatch.setattr(pdf, "CHROMIUM", os.environ.get("CHROMIUM", pdf.CHROMIUM))
    assert pdf.why_not(command) == said
    monkeypatch.setenv("GATED_PDF", "on")
    if command == "build" and "CHROMIUM" not in env:
        assert pdf.why_not(command) is None  # Chromium is there, and Playwright and pypdf with the site


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pdf_is_dated_by_the_commit_and_a_print_on_another_day_gives_its_bytes(built, hook, lang):
    """Chromium stamps the moment of printing and numbers the tags as its renderer happened to count elements;
    the build's PDF carries the commit's date instead, and a print made at another moment whose renderer counted
    differently (here: its dates and tag ids moved) comes out as the same bytes."""
    pdf, dates = hook("pdf"), hook("dates")
    built_bytes = (built / PDF[lang]).read_bytes()
    epoch = int(dates.commit_time())
    when = time.strftime("D:%Y%m%d%H%M%S", time.gmtime(epoch))
    reader = pypdf.PdfReader(io.BytesIO(built_bytes))
    assert reader.metadata["/CreationDate"].startswith(when), "the PDF is not dated by the commit"
    assert reader.metadata["/ModDate"].startswith(when)
    tags = pdf.TAG.findall(built_bytes)
    assert len(tags) > 1000 and min(tags) == b"00000001", "the tags are not numbered from 1"
    other = pdf.DATE.sub(lambda m: m.group(1) + b"20310101120000", built_bytes)
    other = pdf.TAG.sub(lambda m: b"(node%08d)" % (int(m.group(1)) + 4321), other)
    assert other != built_bytes
    assert pdf.steady(other, epoch) == built_bytes
