"""The whole chapter on one page, to print: print/ in each language, made from the pages already built.

docs/print.md (and print.ru.md) is a short page that holds a placeholder,
``<div class="print-chapter"></div>``. While a language builds, this hook
keeps the article of every other page in the nav as MkDocs renders it; after
the build it puts them into the placeholder in nav order, one
``<section class="print-page">`` each, and writes the print page again.
Nothing is executed twice: the sections are the rendered pages.

So that the pages can sit in one document, each page's ids (headings, tabs,
footnotes, the glyphs and clip paths inside its SVG figures), radio-group
names and references to ids get the page's slug in front
(``lstm--two-units``), a link to another chapter page becomes a link
into its section, and every other relative link is re-based on print/.
Scripts and the notebook's copy buttons stay out: the print page runs the
site's own scripts once, and the interactive explorer is hidden in print.
Before the sections comes the chapter's contents: every page's title and second-level headings, with the
numbers hooks/numbering.py gave them, each a link into its section, and an empty slot for the page it starts
on, which hooks/pdf.py fills in the PDF. On paper a cover (the chapter's number and name) stands above it, in
place of the page's own title and introduction, which speak to the screen.
Each section is kept in the result store (`gated.store`: .cache/print, or
GATED_STORE's), keyed on the article, its place and this file, so a rebuild
re-parses only the pages that changed.

In a dirty build (`mkdocs serve --dirty`), hooks/dirty.py renders the print
page again whenever a page of its language is rendered, and a page that was
not rendered gives the article of its output, which is then current.
"""

from __future__ import annotations

import hashlib
import json
import logging
import posixpath
import re
from html import escape
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import bs4
import shared
from bs4 import BeautifulSoup
from mkdocs.plugins import event_priority

from gated.render import Text

log = logging.getLogger("mkdocs.hooks.printable")

PRINT = "print.md"
PLACEHOLDER = '<div class="print-chapter"></div>'
ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*)</article>', re.S)

KIND = "print"  # the sections in the store
_VERSION = hashlib.sha256(Path(__file__).read_bytes() + bs4.__version__.encode()).hexdigest()

_articles: dict[str, str] = {}  # page url -> its article's HTML
_order: list[str] = []  # the nav's page urls, in order
_print: dict[str, object] = {}  # the print page: its url, output and file
_written: dict[str, str] = {}  # the nav's page urls -> their output files
_dirty = False


def _twin(src_uri: str) -> str:
    return re.sub(r"\.ru(\.\w+)$", r"\1", src_uri)


def _slug(url: str) -> str:
    """'lstm/' -> 'lstm', 'ru/lstm/' -> 'lstm', '' or 'ru/' -> 'overview'."""
    parts = [p for p in url.strip("/").split("/") if p and p != "ru"]
    return parts[-1] if parts else "overview"


def on_startup(command: str, dirty: bool) -> None:
    """Note whether builds are dirty; forget sections that no build has used for shared.STALE_DAYS."""
    global _dirty
    _dirty = dirty
    shared.store().forget_unused([KIND], shared.STALE_DAYS)


def on_nav(nav, config, files):
    _articles.clear()
    _print.clear()
    _order[:] = [p.url for p in nav.pages if _twin(p.file.src_uri) != PRINT]
    _written.clear()
    _written.update((p.url, p.file.abs_dest_path) for p in nav.pages)
    return nav


@event_priority(-100)  # last: after every other hook has finished the page
def on_post_page(output: str, page, config) -> str:
    if _twin(page.file.src_uri) == PRINT:
        if PLACEHOLDER not in output:
            log.warning(f"docs/{page.file.src_uri} lost its placeholder {PLACEHOLDER}")
        _print.update(url=page.url, output=output, path=page.file.abs_dest_path)
    elif page.url in _order:
        m = ARTICLE.search(output)
        if m is None:
            log.warning(f"{page.url or 'the home page'}: no article to put into the printable chapter")
        else:
            _articles[page.url] = m.group(1)
    return output


def section(html: str, url: str, print_url: str, pages: dict[str, str]) -> str:
    """A page's article as a section of the print page at `print_url`; `pages` maps page urls to slugs."""
    slug = pages[url]
    soup = BeautifulSoup(html, "html.parser")
    for tag in soup.find_all(["script", "noscript"]):
        tag.decompose()
    for tag in soup.select(".zeroclipboard-container"):  # the notebook's copy buttons: nothing to press on paper
        tag.decompose()
    for tag in soup.find_all(id=True):
        tag["id"] = f"{slug}--{tag['id']}"
    for tag in soup.find_all(attrs={"for": True}):  # an <output>'s `for` is a list of ids
        ids = tag["for"] if isinstance(tag["for"], list) else [tag["for"]]
        tag["for"] = " ".join(f"{slug}--{i}" for i in ids)
    for tag in soup.find_all(True):
        for attr in ("aria-labelledby", "aria-describedby", "aria-controls"):
            if tag.get(attr):
                tag[attr] = " ".join(f"{slug}--{i}" for i in tag[attr].split())
        if str(tag.get("xlink:href", "")).startswith("#"):  # an SVG's glyphs and shapes
            tag["xlink:href"] = f"#{slug}--{tag['xlink:href'][1:]}"
        for attr, value in list(tag.attrs.items()):
            if isinstance(value, str) and "url(#" in value:  # clip paths, gradients, markers
                tag[attr] = value.replace("url(#", f"url(#{slug}--")
    for tag in soup.find_all("input", attrs={"name": True}):
        tag["name"] = f"{slug}--{tag['name']}"
    here = "/" + url
    for attr in ("href", "src"):
        for tag in soup.find_all(attrs={attr: True}):
            value = tag[attr]
            if urlsplit(value).scheme or value.startswith(("//", "data:")):
                continue
            target, fragment = urldefrag(value)
            if not target:  # same page
                tag[attr] = f"#{slug}--{fragment}" if fragment else f"#page-{slug}"
                continue
            absolute = posixpath.normpath(posixpath.join(posixpath.dirname(here), target))
            absolute += "/" if target.endswith("/") and not absolute.endswith("/") else ""
            other = absolute.lstrip("/")
            if attr == "href" and other in pages:
                tag[attr] = f"#{pages[other]}--{fragment}" if fragment else f"#page-{pages[other]}"
            else:
                relative = posixpath.relpath(absolute, posixpath.dirname("/" + print_url))
                tag[attr] = relative + ("/" if absolute.endswith("/") and relative != "." else "")
                tag[attr] += f"#{fragment}" if fragment else ""
    return f'<section class="print-page" id="page-{slug}">\n{soup}\n</section>\n'


def _section(html: str, url: str, print_url: str, pages: dict[str, str]) -> str:
    """`section`, computed once for the same article, place and code."""
    key = hashlib.sha256(json.dumps([_VERSION, html, url, print_url, pages]).encode()).hexdigest()
    entry = shared.store().find(KIND, key, lambda used: True)  # the key is all it depends on
    if entry is not None:
        return entry.content.decode()
    out = section(html, url, print_url, pages)
    shared.store().put(KIND, key, {}, out.encode(), [bs4.__version__])
    return out


CONTENTS = Text("Contents", "Содержание")
CHAPTER = Text("Chapter", "Глава")
HEADING = re.compile(r'<h(?P<level>[12])\b[^>]*?\sid="(?P<id>[^"]+)"[^>]*>(?P<title>.*?)</h(?P=level)>', re.S)


def _words(html: str) -> str:
    """A heading's text: no tags, no permalink sign, whitespace collapsed."""
    text = re.sub(r'<a class="headerlink"[^>]*>.*?</a>', "", html, flags=re.S)
    return " ".join(BeautifulSoup(text, "html.parser").get_text().replace("\u00b6", "").split())


def contents(articles: list[tuple[str, str]], lang: str) -> str:
    """The chapter's contents for `articles`, (slug, article) in order: each page's title and second-level headings,
    linked into the print page's sections (which `section` gives ids prefixed with the slug), each with a slot
    for its page in the PDF."""
    items = []
    for slug, html in articles:
        entries = [(m["level"], m["id"], _words(m["title"])) for m in HEADING.finditer(html)]
        titles = [e for e in entries if e[0] == "1"][:1]
        subs = [e for e in entries if e[0] == "2"]
        if not titles:
            continue
        sub = "".join(f'<li>{_entry(f"#{slug}--{i}", t)}</li>' for _, i, t in subs)
        items.append(f'<li>{_entry(f"#page-{slug}", titles[0][2])}' + (f"<ol>{sub}</ol>" if sub else "") + "</li>")
    return (f'<nav class="print-contents" aria-labelledby="print-contents">\n'
            f'<h2 id="print-contents">{CONTENTS(lang)}</h2>\n<ol>{"".join(items)}</ol>\n</nav>\n')


def _entry(href: str, title: str) -> str:
    return (f'<a href="{href}"><span class="print-contents__title">{escape(title)}</span>'
            f'<span class="print-contents__page" data-title="{escape(title)}"></span></a>')


def cover(config, lang: str) -> str:
    """What the first sheet says above the contents: the chapter's number and name (hidden on screen)."""
    number = (config.extra or {}).get("chapter", "")
    return (f'<header class="print-cover"><p class="print-cover__chapter">{CHAPTER(lang)} {number}</p>'
            f'<p class="print-cover__title">{escape(str(config.site_name))}</p></header>\n')


@event_priority(-50)  # before mkdocs-static-i18n (-100) goes on to build the next language
def on_post_build(config) -> None:
    """Fill this language's print page with its pages, in nav order."""
    if not _print:
        return
    for url in _order if _dirty else ():  # not rendered in this dirty build: its output is current
        if url not in _articles and Path(_written[url]).is_file():
            m = ARTICLE.search(Path(_written[url]).read_text(encoding="utf-8"))
            if m:
                _articles[url] = m.group(1)
    missing = [u or "/" for u in _order if u not in _articles]
    if missing:
        log.warning(f"the printable chapter lacks pages: {', '.join(missing)}")
    pages = {u: _slug(u) for u in _order}
    body = "".join(_section(_articles[u], u, str(_print["url"]), pages) for u in _order if u in _articles)
    lang = shared.building(config)
    front = cover(config, lang) + contents([(pages[u], _articles[u]) for u in _order if u in _articles], lang)
    output = str(_print["output"]).replace(PLACEHOLDER, f'{front}<div class="print-chapter">\n{body}</div>', 1)
    Path(str(_print["path"])).write_text(output, encoding="utf-8")
    _articles.clear()
    _print.clear()
