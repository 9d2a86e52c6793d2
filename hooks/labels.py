"""Labels and references: how a page names a section, figure, table or equation, and how it refers to one.

A label is written where the element is, the same in both languages, and its prefix says what it labels
(the prefixes are Quarto's, the places Pandoc's):

    ## Two units, all four gates {#sec-two-units}      a section: the heading's id, set by attr_list
    $$ c_t = f_t \\odot c_{t-1} + … $$ {#eq-memory}     a displayed equation: right after its closing $$
    : How much of the gradient is left. {#tbl-decay}   a table: its caption, on the line after the table
                                                       or after the executed block that prints it
    : {#fig-step}                                      a figure that the executed block above draws: the
                                                       caption is the drawing's own (gated.render.figure)

A reference is the label after an @, anywhere a reader reads (not in code): `see @fig-step`, `by @eq-memory`,
and with a capital at the start of a sentence, `@Fig-step`. hooks/numbering.py numbers what is labelled, in
the order of the nav's pages and of the elements on each; hooks/references.py writes each reference as a link
that says the number ("Figure 13.3", «рис. 13.3», "(13.4)").

This module is the syntax alone: it finds labels and references in a page's Markdown, with their lines.
"""

from __future__ import annotations

import bisect
import re
from typing import NamedTuple

import seen

KINDS = ("sec", "fig", "tbl", "eq")  # section, figure, table, equation
NAME = r"[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*"  # every part starts with a letter: a label holds no number
LABEL = rf"(?P<label>(?P<kind>{'|'.join(KINDS)})-{NAME})"

HEADING = re.compile(rf"^(?P<hashes>#{{1,6}})[ \t]+(?P<title>.*?)[ \t]*\{{[^}}\n]*#{LABEL}\b[^}}\n]*\}}[ \t]*$", re.M)
EQUATION = re.compile(rf"(?<=\$\$)[ \t]*\{{#{LABEL}\}}")
CAPTION = re.compile(rf"^(?P<indent>[ \t]*):[ \t]+(?P<caption>(?:.*?[^ \t])?)[ \t]*\{{#{LABEL}\}}[ \t]*$", re.M)
REFERENCE = re.compile(rf"(?<![\w@/.`-])@(?P<label>(?P<kind>{'|'.join(KINDS)}|Sec|Fig|Tbl)-{NAME})(?![\w-])")
UNNUMBERED = re.compile(r"^#[ \t]+.*\{[^}\n]*\.unnumbered\b[^}\n]*\}[ \t]*$", re.M)  # a page outside the numbers
H2 = re.compile(r"^##[ \t]+\S", re.M)
SOMETHING = re.compile(rf"\{{#(?:{'|'.join(KINDS)})-[^}}\n]*\}}"  # what looks like a label or a reference
                       rf"|(?<![\w@/.`])@(?:{'|'.join(KINDS)}|Sec|Fig|Tbl|Eq)-[^\s.,;:!?)\]]*")
TABLE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$")
BLOCK_ID = re.compile(r'\bid="(?P<id>[^"]+)"')


class Label(NamedTuple):
    """A labelled element of a page: what it is, where it is labelled, and (a table or figure) what it captions."""

    label: str  # fig-step
    kind: str  # fig
    line: int
    start: int  # the offset of what `replace` rewrites: the caption line, or the equation's label
    end: int
    caption: str | None = None  # a table's or figure's caption line, as written (Markdown)
    block: str | None = None  # the id of the executed block whose output it captions, if any
    level: int = 0  # a section's heading level


class Reference(NamedTuple):
    label: str  # fig-step, whatever the case it was written in
    capital: bool  # @Fig-step: at the start of a sentence
    line: int
    start: int
    end: int


def _line_of(text: str):
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    return lambda pos: bisect.bisect_right(starts, pos)


def visible(text: str) -> str:
    """`text` with its fences (code and text), code spans and comments blanked, offsets kept."""
    for m in seen.fences(text):
        text = seen.blank(text, m.start(), m.end())
    return seen.blank_all(seen.blank_all(text, seen.CODE_SPAN), seen.COMMENT)


def find(text: str, first_line: int = 1) -> tuple[list[Label], list[Reference], list[tuple[int, str]]]:
    """A page's labels in order, its references, and its problems of syntax as (line, message)."""
    shown = visible(text)
    at = _line_of(text)
    line = lambda pos: at(pos) + first_line - 1  # noqa: E731
    labels: list[Label] = []
    problems: list[tuple[int, str]] = []
    for m in HEADING.finditer(shown):
        if m["kind"] != "sec":
            problems.append((line(m.start()), f"a heading's label is a section's, sec-…, not {m['label']}"))
        labels.append(Label(m["label"], m["kind"], line(m.start()), m.start(), m.end(), level=len(m["hashes"])))
    for m in EQUATION.finditer(shown):
        if m["kind"] != "eq":
            problems.append((line(m.start()), f"an equation's label is eq-…, not {m['label']}"))
        labels.append(Label(m["label"], "eq", line(m.start()), m.start(), m.end()))
    fences = seen.fences(text)
    for m in CAPTION.finditer(shown):
        if m["kind"] not in ("tbl", "fig"):
            problems.append((line(m.start()), f"a caption labels a table (tbl-…) or a figure (fig-…),"
                                              f" not {m['label']}"))
        # after a block: nothing between, or other captions of what the same block prints
        block = next((f for f in fences if f.end() <= m.start()
                      and not CAPTION.sub("", text[f.end():m.start()]).strip()), None)
        first = block.group().split("\n", 1)[0] if block else ""
        found = BLOCK_ID.search(first) if 'exec="on"' in first else None
        block_id = found["id"] if found else None
        last = CAPTION.sub("", text[: m.start()]).rstrip().rsplit("\n", 1)[-1]
        if block_id is None and not TABLE_ROW.match(last):
            problems.append((line(m.start()), f"the caption of {m['label']} stands neither after a table nor after"
                                              f" the executed block that prints it"))
        labels.append(Label(m["label"], m["kind"], line(m.start()), m.start(), m.end(), m["caption"], block_id))
    labels.sort(key=lambda x: x.start)
    references = [Reference(m["label"][0].lower() + m["label"][1:], m["label"][0].isupper(), line(m.start()),
                            m.start(), m.end()) for m in REFERENCE.finditer(shown)]
    known = {(x.start, x.end) for x in labels} | {(r.start, r.end) for r in references}
    for m in SOMETHING.finditer(shown):  # what looks like a label or a reference, and is neither
        if not any(s <= m.start() < e for s, e in known) and not any(x.start <= m.start() < x.end for x in labels):
            problems.append((line(m.start()), f"{m.group()!r} is not a label or a reference: a label is"
                                              f" {{#kind-name}} and a reference @kind-name, kind one of"
                                              f" {', '.join(KINDS)}, the name lowercase words joined by hyphens"
                                              f" (an equation's reference, its number in brackets, has no capital)"))
    return labels, references, problems


def unnumbered(text: str) -> bool:
    """Whether the page stands outside the chapter's numbers: its title carries `{.unnumbered}`."""
    return bool(UNNUMBERED.search(visible(text)))


def sections(text: str) -> list[int]:
    """The offsets of a page's second-level headings, which are its numbered subsections."""
    return [m.start() for m in H2.finditer(visible(text))]
