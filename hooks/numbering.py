"""Numbers: every page a numbered section of the chapter, and every labelled figure, table and equation numbered.

The chapter's number is mkdocs.yml's `extra.chapter`. Its pages, in the nav's order, are its sections,
13.1, 13.2, …, and each page's second-level headings its subsections, 13.1.1, …: in the page's title, the
nav, the page's table of contents, print/ and the PDF. A page whose title carries `{.unnumbered}` stands
outside the numbers: the overview, which opens the chapter as the text under a chapter's title does in a
book, before its first section; the code page and print/, which are the book's back matter.

A figure, table or displayed equation is numbered when it is labelled (hooks/labels.py: the ones the
text refers to), per chapter and in the order of the pages and of the labels on each: Figure 13.3,
Table 13.2, (13.4). Nothing is numbered by hand, so moving a page or an element renumbers everything, in
both languages alike (hooks/references.py checks that twins label the same elements in the same order).

The numbers are added after hooks/quotes.py has checked the page's numbers: they are the build's, not
the author's. A table gets its caption above it, in a `<figure>` with the table; a figure drawn by
`gated` brings its caption (gated.render.figure) and gets the number in front; an equation gets its
number as MathJax's `\\tag`, and its `<div>` the label as its id.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import NamedTuple

import labels
import shared
from mkdocs.plugins import event_priority
from mkdocs.utils import meta

from gated.render import Text

log = logging.getLogger("mkdocs.hooks.numbering")

# What a caption calls its element, and how its number and its text are joined: "Figure 13.3. …" in English;
# in Russian as GOST 2.105 sets it, «Рисунок 13.3 — …», with a no-break space before the dash.
CAPTIONS = {"fig": Text("Figure", "Рисунок"), "tbl": Text("Table", "Таблица")}
AFTER_NUMBER = {"en": (".", " "), "ru": ("", "\u00a0— ")}  # inside the number's emphasis, and after it


class Target(NamedTuple):
    """A labelled element as the chapter numbers it."""

    label: str
    kind: str
    number: str  # 13.3
    url: str  # the page's url, as MkDocs gives it ("lstm/", "ru/lstm/")
    where: str  # docs/lstm.md:12, where it is labelled


class Chapter(NamedTuple):
    sections: dict[str, str]  # a numbered page's url -> its number, 13.1
    targets: dict[str, Target]  # label -> what it labels
    labels: dict[str, list[labels.Label]]  # a page's src_uri -> its labels, in order
    references: dict[str, list[labels.Reference]]  # a page's src_uri -> its references
    problems: list[str]


def number_of(config) -> int:
    """The chapter's number, mkdocs.yml's `extra.chapter`."""
    value = (config.extra or {}).get("chapter")
    if not isinstance(value, int):
        raise ValueError("mkdocs.yml: extra.chapter must be the chapter's number, the first part of every number")
    return value


def source(page) -> tuple[str, int]:
    """A page's Markdown as the hooks see it (front matter off) and the line of the file it starts on."""
    raw = Path(page.file.abs_src_path).read_text(encoding="utf-8")
    return meta.get_data(raw)[0], shared.lines_above(page) + 1


def chapter(pages, n: int) -> Chapter:
    """Number the chapter whose pages are `pages` (the nav's, in order), reading their Markdown."""
    sections: dict[str, str] = {}
    targets: dict[str, Target] = {}
    found: dict[str, list[labels.Label]] = {}
    references: dict[str, list[labels.Reference]] = {}
    problems: list[str] = []
    count = {"sec": 0, "fig": 0, "tbl": 0, "eq": 0}
    for page in pages:
        src = page.file.src_uri
        if not src.endswith(".md"):  # the notebook: a section with no labels of its own
            count["sec"] += 1
            sections[page.url] = f"{n}.{count['sec']}"
            continue
        text, first = source(page)
        where = f"docs/{src}"
        own, refs, wrong = labels.find(text, first)
        found[src], references[src] = own, refs
        problems += [f"{where}:{line}: {message}" for line, message in wrong]
        numbered = not labels.unnumbered(text)
        if numbered:
            count["sec"] += 1
            sections[page.url] = f"{n}.{count['sec']}"
        h2 = labels.sections(text)
        for label in own:
            if label.kind == "sec":
                if not numbered:
                    problems.append(f"{where}:{label.line}: {label.label} labels a section of a page outside the"
                                    f" numbers ({{.unnumbered}}): a reference would have no number to show")
                    continue
                if label.level == 1:
                    number = sections[page.url]
                elif label.level == 2:
                    number = f"{sections[page.url]}.{h2.index(label.start) + 1}"
                else:
                    problems.append(f"{where}:{label.line}: {label.label} labels a heading of level {label.level};"
                                    f" only a page's title and its second-level headings are numbered")
                    continue
            else:
                count[label.kind] += 1
                number = f"{n}.{count[label.kind]}"
            if label.label in targets:
                problems.append(f"{where}:{label.line}: {label.label} is labelled twice: here and at"
                                f" {targets[label.label].where}")
                continue
            targets[label.label] = Target(label.label, label.kind, number, page.url, f"{where}:{label.line}")
    return Chapter(sections, targets, found, references, problems)


# ---------------------------------------------------------------- the page's Markdown: labels become numbers

_chapter: list[Chapter] = []  # this language's, from on_nav


def rewrite(text: str, own: list[labels.Label], targets: dict[str, Target]) -> str:
    """The page's Markdown with its equations' labels made MathJax tags and its captions made placeholders,
    which `content` moves into place. Lines stay where they were."""
    for label in reversed(own):
        if label.label not in targets:
            continue
        number = targets[label.label].number
        if label.kind == "eq":  # `$$ {#eq-x}` -> `\tag{13.4} $$`
            text = f"{text[: label.start - 2]}\\tag{{{number}}} $${text[label.end:]}"
        elif label.kind in ("fig", "tbl"):
            indent = re.match(r"[ \t]*", text[label.start:]).group()
            block = f' data-block="{label.block}"' if label.block else ""
            text = (f'{text[: label.start]}{indent}<div class="numbered-caption" data-label="{label.label}"{block}'
                    f' markdown="span">{label.caption}</div>{text[label.end:]}')
    return text


# ---------------------------------------------------------------- the page's HTML: numbers in place

HEADING = re.compile(r'<h(?P<level>[12])\b[^>]*?\sid="(?P<id>[^"]*)"[^>]*>')
CAPTION = re.compile(r'(?:<p>)?<div class="numbered-caption"(?P<attributes>[^>]*)>(?P<caption>.*?)</div>(?:</p>)?',
                     re.S)
ATTRIBUTE = re.compile(r'\s(?P<key>[\w-]+)="(?P<value>[^"]*)"')
FIGCAPTION = re.compile(r"<figcaption>(?P<caption>.*?)</figcaption>", re.S)


def headings(html: str, number: str) -> tuple[str, dict[str, str]]:
    """Number the page's title `number` and its second-level headings number.1, … in order; returns the HTML
    and each numbered heading's id with its number."""
    numbers: dict[str, str] = {}
    k = 0

    def numbered(m: re.Match) -> str:
        nonlocal k
        if m["level"] == "1":
            if numbers:  # one title per page
                return m.group()
            n = number
        else:
            k += 1
            n = f"{number}.{k}"
        numbers[m["id"]] = n
        return f'{m.group()}<span class="section-number">{n}</span> '

    return HEADING.sub(numbered, html), numbers


def caption(kind: str, number: str, text: str, lang: str) -> str:
    """A caption's words: 'Figure 13.3. ' and the text, «Рисунок 13.3 — » and the text."""
    inside, after = AFTER_NUMBER[lang]
    return f'<span class="caption-number">{CAPTIONS[kind](lang)}\u00a0{number}{inside}</span>{after}{text}'


def content(html: str, where: str, targets: dict[str, Target], lang: str) -> tuple[str, list[str]]:
    """Put each caption with its table or figure, numbered, and give each numbered equation its id."""
    problems: list[str] = []
    while m := CAPTION.search(html):  # one at a time, each found afresh: placing one moves what follows it
        attributes = {a["key"]: a["value"] for a in ATTRIBUTE.finditer(m["attributes"])}
        label, block, text = attributes.get("data-label", ""), attributes.get("data-block"), m["caption"].strip()
        html = html[: m.start()] + html[m.end():]
        target = targets.get(label)
        if target is None:  # labelled twice: on_nav has said so
            continue
        what = {"tbl": "table", "fig": "figure"}[target.kind]
        # a table or figure not yet numbered: a block's first table, then its second, …
        tag = re.compile(r"<table(?![^>]*data-numbered)\b" if what == "table" else r"<figure(?![^>]*\bid=)\b")
        if block:
            start = html.find(f'data-exec="{block}"')
            end = html.find('data-exec="', start + 1)
            element = tag.search(html, start, end if end > 0 else len(html)) if start >= 0 else None
        else:  # the table that the caption follows
            tables = list(tag.finditer(html[: m.start()]))
            element = tables[-1] if tables else None
        if element is None:
            source = f"block {block!r}" if block else "the Markdown above it"
            problems.append(f"{target.where}: {label} captions a {what}, but {source} has none")
            continue
        at = element.start()
        if what == "table":
            close = html.index("</table>", at) + len("</table>")
            if not text:
                problems.append(f"{target.where}: {label} has no caption: write what the table shows before the label")
            table = html[at:close].replace("<table", "<table data-numbered", 1)
            html = (f'{html[:at]}<figure class="numbered-table" id="{label}">\n'
                    f"<figcaption>{caption('tbl', target.number, text, lang)}</figcaption>\n"
                    f"{table}\n</figure>{html[close:]}")
        else:
            close = html.index("</figure>", at)
            own = FIGCAPTION.search(html, at, close)
            if own and text:
                problems.append(f"{target.where}: {label}: the figure brings its caption from the code that draws"
                                f" it; the page adds none (write `: {{#{label}}}`)")
            if not own and not text:
                problems.append(f"{target.where}: {label}: the figure has no caption, and the page gives none")
            if own:
                numbered = caption("fig", target.number, own["caption"], lang)
                html = f"{html[:own.start('caption')]}{numbered}{html[own.end('caption'):]}"
            else:
                numbered = caption("fig", target.number, text, lang)
                html = f"{html[:close]}<figcaption>{numbered}</figcaption>{html[close:]}"
            html = html[:at] + re.sub(r"^<figure\b", f'<figure id="{label}"', html[at:], count=1)
    for target in targets.values():
        if target.kind == "eq":
            tag = f"\\tag{{{target.number}}}"
            m = re.search(r'<div class="arithmatex">(?=(?:(?!</div>).)*?' + re.escape(tag) + ")", html, re.S)
            if m:
                html = f'{html[: m.start()]}<div class="arithmatex" id="{target.label}">{html[m.end():]}'
    return html, problems


# ---------------------------------------------------------------- MkDocs events


@event_priority(-150)  # after mkdocs-static-i18n (-100) has made this language's nav
def on_nav(nav, config, files):
    _chapter[:] = [chapter(nav.pages, number_of(config))]
    for problem in _chapter[0].problems:
        log.warning(problem)
    return nav


@event_priority(90)  # after hooks/quotes.py (100) has checked the numbers the author wrote
def on_page_markdown(markdown: str, page, config, files) -> str:
    if not _chapter or page.file.src_uri not in _chapter[0].labels:
        return markdown
    own, _, _ = labels.find(markdown)  # where they are now: hooks/quotes.py has written its literals' values
    return rewrite(markdown, own, _chapter[0].targets)


def on_page_content(html: str, page, config, files) -> str:
    if not _chapter:
        return html
    ours = _chapter[0]
    lang = shared.language(page.file.src_uri)
    html, problems = content(html, f"docs/{page.file.src_uri}", ours.targets, lang)
    for problem in problems:
        log.warning(problem)
    number = ours.sections.get(page.url)
    if number is None:
        return html
    html, numbers = headings(html, number)
    page.title = f"{number} {page.title}"
    for link in _links(page.toc):
        if link.id in numbers:
            link.title = f"{numbers[link.id]} {link.title}"
    return html


def _links(toc):
    for link in toc or []:
        yield link
        yield from _links(link.children)
