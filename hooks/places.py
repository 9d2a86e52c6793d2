"""Where a line of a page's source shows in the rendered page: the element beside which a problem is shown.

While serving, hooks/overlay.py numbers the elements of each rendered article that a line of Markdown becomes
(`stamp`: paragraphs, list items, headings, tables and their cells, admonitions, executed blocks, formulas), and
`locate` finds the one that shows a given line of the source:

- a line of an executed block's fence: the block (`div.exec`, by its id);
- a heading: the heading of the same text;
- any other line: within its section, the element whose text shares most words with the line (the number or
  phrase at fault counting most), outside the blocks' output.

The answer says where the box goes, so that no list is renumbered and no table gains a row: after a paragraph,
a heading or a table (a cell's box goes after its table), at the end of a list item, before a block.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import NamedTuple

import seen
from literals import BOUND

ATTRIBUTE = "data-gated-at"
STAMPED = re.compile(r"<(?P<tag>p|li|h[1-6]|table|t[dh]|d[td]|summary|blockquote|pre|figure|details)(?=[\s>])"
                     r"|<(?P<div>div)(?= class=\"(?:exec|arithmatex|admonition)\b)")
ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.S)
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(?P<text>.*?)[ \t#]*(?:\{[^}]*\})?[ \t]*$")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def stamp(html: str) -> str:
    """A rendered page with each element of its article that a line becomes numbered (data-gated-at)."""
    count = iter(range(1, 1 << 30))

    def number(article: re.Match) -> str:
        body = STAMPED.sub(lambda m: f'{m.group()} {ATTRIBUTE}="{next(count)}"', article[2])
        return article[1] + body + article[3]

    return ARTICLE.sub(number, html, count=1)


class Element(NamedTuple):
    at: int  # its stamp
    tag: str
    classes: tuple[str, ...]
    block: str | None  # data-exec, for an executed block
    within: tuple[int, ...]  # the stamps of the elements it is in, outermost first
    in_output: bool  # inside an executed block
    text: str


class _Reader(HTMLParser):
    """The stamped elements of a page, in order, each with its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, int | None, list[str]]] = []  # (tag, stamp, text so far)
        self.found: dict[int, Element] = {}

    def handle_starttag(self, tag, attrs) -> None:
        if tag in VOID:
            return
        attrs = dict(attrs)
        at = int(attrs[ATTRIBUTE]) if attrs.get(ATTRIBUTE, "").isdigit() else None
        if at is not None:
            within = tuple(s for _, s, _ in self.open if s is not None)
            in_output = any(self.found[s].block is not None for s in within)
            self.found[at] = Element(at, tag, tuple((attrs.get("class") or "").split()), attrs.get("data-exec"),
                                     within, in_output, "")
        self.open.append((tag, at, []))

    def handle_endtag(self, tag) -> None:
        if tag not in [name for name, _, _ in self.open]:
            return  # it closes nothing (a stray </p>)
        while self.open:
            name, at, text = self.open.pop()
            if at is not None:
                self.found[at] = self.found[at]._replace(text=" ".join("".join(text).split()))
            if name == tag:
                break

    def handle_data(self, data) -> None:
        for _, at, text in self.open:
            if at is not None:
                text.append(data)


def elements(html: str) -> list[Element]:
    """The stamped elements of a rendered page's article, in document order."""
    reader = _Reader()
    article = ARTICLE.search(html)
    reader.feed(article[2] if article else html)
    reader.close()
    while reader.open:
        reader.handle_endtag(reader.open[-1][0])
    return [reader.found[k] for k in sorted(reader.found)]


def _words(text: str) -> list[str]:
    """The words of a line of Markdown or of an element's text, as compared: lower case, literals by value."""
    text = BOUND.sub(lambda m: m["value"], text)
    return [w.lower() for w in re.findall(r"\w[\w.,%\u00a0]*\w|\w", text)]


class Place(NamedTuple):
    at: int  # the stamp of the element the box goes beside
    how: str  # "after", "before" or "append"
    mark: int  # the stamp of the element in which to mark what is at fault


def _placed(e: Element, found: dict[int, Element]) -> Place:
    if e.tag in ("td", "th"):
        table = next((found[s] for s in reversed(e.within) if found[s].tag == "table"), e)
        return Place(table.at, "after", e.at)
    if e.block is not None:
        return Place(e.at, "before", e.at)
    if e.tag in ("li", "dd", "summary"):
        return Place(e.at, "append" if e.tag != "summary" else "after", e.at)
    return Place(e.at, "after", e.at)


def locate(source: str, line: int, rendered: list[Element], token: str | None = None) -> Place | None:
    """Where line `line` of the page's Markdown `source` shows in its rendered page (`elements` of it)."""
    found = {e.at: e for e in rendered}
    order = list(found.values())
    headings = [e for e in order if re.fullmatch(r"h[1-6]", e.tag) and not e.in_output]
    if not order:
        return None
    top = _placed(headings[0], found) if headings else Place(order[0].at, "before", order[0].at)
    lines = source.split("\n")
    if not 0 < line <= len(lines):
        return top
    fenced = seen.fences(source)
    for m in fenced:
        first, last = source.count("\n", 0, m.start()) + 1, source.count("\n", 0, m.end()) + 1
        block = re.search(r'\bid="([^"]*)"', m.group().split("\n", 1)[0])
        if first <= line <= last and block and 'exec="on"' in m.group().split("\n", 1)[0]:
            div = next((e for e in order if e.block == block[1]), None)
            return _placed(div, found) if div else top
    visible = source
    for m in fenced:
        visible = seen.blank(visible, m.start(), m.end())
    shown = visible.split("\n")
    above = [k for k in range(line, 0, -1) if HEADING.match(shown[k - 1])]
    section = None
    if above:
        wanted = _words(HEADING.match(shown[above[0] - 1])["text"])
        section = next((h for h in headings if _words(h.text) == wanted), None) \
            or next((h for h in headings if wanted and all(w in _words(h.text) for w in wanted)), None)
    if above and above[0] == line:
        return _placed(section, found) if section else top
    start = order.index(section) + 1 if section else 0
    end = next((k for k in range(start, len(order)) if order[k] in headings), len(order))
    wanted = set(_words(lines[line - 1]))
    best, score = None, 0
    for e in order[start:end]:
        if e.in_output or e.tag in ("table", "details", "figure") or e.block is not None:
            continue
        have = set(_words(e.text))
        points = len(wanted & have) + (5 if token and token.lower() in e.text.lower() else 0)
        if points > score or (points == score and best is not None and len(e.text) < len(best.text)):
            best, score = e, points
    if best is not None and score:
        return _placed(best, found)
    return _placed(section, found) if section else top
