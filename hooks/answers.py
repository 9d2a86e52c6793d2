"""Exercises that answer back: each field a page asks for becomes a form that checks the reader's number.

A page asks for an answer with a paragraph whose text is the field's label:

    How many steps, $\\tau$?
    { .answer data-answer="ex-one-percent:tau" }

and the block `id="ex-one-percent"` prints that answer with `gated.answers.answer("tau", ...)`, inside the
folded answer below the paragraph. This hook replaces the paragraph by `gated.answers.field`: the form that
docs/javascripts/answers.js brings to life, with the value the block computed and its tolerance, so the field
checks what the answer shows. The strict build fails, naming `docs/page.md:LINE`, when

- a field names an answer that no block on its page prints, or a block prints an answer no field asks for;
- a field stands after the answer it checks, or that answer is not folded (`??? success`);
- two fields ask for the same answer, or a field has no label;
- twins ask for different answers, or in a different order (their labels are translations).
"""

from __future__ import annotations

import html
import importlib
import logging
import re
from pathlib import Path

import shared

log = logging.getLogger("mkdocs.hooks.answers")

ASK = re.compile(r'data-answer="(?P<ref>[^"]*)"')  # in a page's Markdown: the attribute list of a field
FIELD = re.compile(r'<p (?=[^>]*\bclass="answer")(?=[^>]*\bdata-answer="(?P<ref>[^"]*)")[^>]*>(?P<label>.*?)</p>', re.S)
EXEC = re.compile(r'<div class="exec" data-exec="(?P<block>[^"]*)"')

_asked: dict[str, dict[str, int]] = {}  # page -> {ref: line of its field in the page's Markdown}
_source: dict[str, str] = {}  # page -> its Markdown, to name the line of a block


def _refs(text: str) -> list[tuple[str, int]]:
    return [(m["ref"], text.count("\n", 0, m.start()) + 1) for m in ASK.finditer(text)]


def on_page_markdown(markdown: str, page, config, files) -> str:
    src = page.file.src_uri
    if not src.endswith(".md") or not page.file.abs_src_path:
        return markdown
    text = Path(page.file.abs_src_path).read_text(encoding="utf-8")
    _source[src] = text
    _asked[src] = {}
    for ref, line in _refs(text):
        if ref in _asked[src]:
            log.warning(f"docs/{src}:{line}: a second field asks for {ref}; one answer, one field")
        _asked[src].setdefault(ref, line)
    if shared.language(src) == shared.DEFAULT:  # the twins ask for the same answers, in the same order
        for other in shared.LANGUAGES[1:]:
            twin = Path(config.docs_dir) / shared.twin(src, other)
            if twin.is_file():
                ours, theirs = _refs(text), _refs(twin.read_text(encoding="utf-8"))
                k = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a[0] != b[0]), min(len(ours), len(theirs)))
                if k < max(len(ours), len(theirs)):
                    here = theirs[k][1] if k < len(theirs) else 1
                    log.warning(f"docs/{shared.twin(src, other)}:{here}: asks for "
                                f"{theirs[k][0] if k < len(theirs) else 'nothing more'} where docs/{src} asks for"
                                f" {ours[k][0] if k < len(ours) else 'nothing more'}: twins ask for the same answers")
    return markdown


def answers(html_text: str) -> dict[str, tuple[int, float, float, bool]]:
    """The answers the page's blocks print: 'block:key' -> (position, value, tolerance, whether a share)."""
    found = {}
    starts = [(m.start(), m["block"]) for m in EXEC.finditer(html_text)]
    for m in importlib.import_module("gated.answers").ANSWER.finditer(html_text):
        block = next((b for s, b in reversed(starts) if s < m.start()), None)
        if block is not None:
            found[f"{block}:{m['key']}"] = (m.start(), float(m["value"]), float(m["within"]), bool(m["percent"]))
    return found


def _folded_after(html_text: str, field: int, block: int) -> bool:
    """Whether the block at `block` sits in a <details> that opens after the field at `field`."""
    opened = html_text.rfind("<details", 0, block)
    return field < opened and "</details>" not in html_text[opened:block]


def on_page_content(html_text: str, page, config, files) -> str:
    src = page.file.src_uri
    where = f"docs/{src}"
    asked = _asked.pop(src, {})
    source = _source.pop(src, "")
    printed = answers(html_text)
    field = importlib.import_module("gated.answers").field
    lang = shared.language(src)
    used: set[str] = set()

    def replace(m: re.Match) -> str:
        ref, label = html.unescape(m["ref"]), m["label"].strip()
        at = f"{where}:{asked.get(ref, 1)}"
        if ref in used:  # reported with the Markdown's lines
            return m.group()
        if ref not in printed:
            block = ref.partition(":")[0]
            log.warning(f"{at}: the field asks for {ref}, but block {block!r} on this page prints no answer"
                        f" {ref.partition(':')[2]!r} (print it with gated.answers.answer)")
            return m.group()
        used.add(ref)
        position, value, within, percent = printed[ref]
        if not label:
            log.warning(f"{at}: the field for {ref} has no label: the paragraph's text names what to type")
        if not _folded_after(html_text, m.start(), position):
            log.warning(f"{at}: the field for {ref} must stand before the folded answer (??? success) that holds"
                        f" its block")
        return field(ref, label, value, within, percent, lang)

    html_text = FIELD.sub(replace, html_text)
    for ref in sorted(printed.keys() - used):
        block = ref.partition(":")[0]
        line = next((n for n, row in enumerate(source.splitlines(), 1) if f'id="{block}"' in row), 1)
        log.warning(f"{where}:{line}: block {block!r} prints the answer {ref.partition(':')[2]!r}, but no field asks"
                    f' for it: add a paragraph {{ .answer data-answer="{ref}" }} before its answer, or print it'
                    f" with gated.named")
    return html_text
