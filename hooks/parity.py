"""Translation parity: every page exists in every language, and its twins say the same things in the same order.

Twins are compared in their Markdown sources, so the check depends on no
language's build having run before another's: when MkDocs renders a page of the
default language, this hook reads its twins from docs/ (the suffix layout:
`lstm.md`, `lstm.ru.md`) and compares, in order:

- the executed blocks: the same fences, the same code;
- the hand-written tables (rows × columns) and images;
- the bound names: the sequence of figures and blocks' values that the page
  quotes as `[VALUE]{name}` (hooks/literals.py). A swap in one language fails.

A page of another language whose default twin is missing is reported when it is rendered.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import NamedTuple

import seen
import shared
from literals import BOUND, computed, line_of

log = logging.getLogger("mkdocs.hooks.parity")

TABLE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$")
IMAGE = re.compile(r"!\[[^\]\n]*\]\(|<img\b|<figure\b|<svg\b")


class Item(NamedTuple):
    line: int
    what: str


def signature(text: str) -> dict[str, list[Item]]:
    """What twins must share, each item with its line in `text`."""
    line = line_of(text)
    code = seen.fences(text)
    blocks = [Item(line(m.start()), m.group().strip()) for m in code if 'exec="on"' in m.group().split("\n", 1)[0]]
    visible = text
    for m in code:
        visible = seen.blank(visible, m.start(), m.end())
    structure: list[Item] = []
    rows: list[str] = []
    for n, row in enumerate(visible.split("\n") + [""], 1):
        if TABLE_ROW.match(row):
            rows.append(row)
            continue
        if rows:
            columns = len(re.split(r"(?<!\\)\|", rows[0].strip())) - 2
            structure.append(Item(n - len(rows), f"table {len(rows)}×{columns}"))
            rows = []
        structure += [Item(n, "image") for _ in IMAGE.finditer(row)]
    names = [Item(line(m.start()), m["name"]) for m in BOUND.finditer(visible) if computed(m["name"])]
    return {"executed blocks": blocks, "tables and images": structure, "quoted figures": names}


def compare(page: str, text: str, twin: str, twin_text: str) -> list[str]:
    """How `twin` (docs/page.ru.md) differs from `page` (docs/page.md), each naming the line where they part."""
    ours, theirs = signature(text), signature(twin_text)
    problems = []
    for key in ours:
        a, b = ours[key], theirs[key]
        k = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x.what != y.what), min(len(a), len(b)))
        if k == len(a) == len(b):
            continue
        here = f"{twin}:{b[k].line}" if k < len(b) else f"{twin}:{twin_text.count(chr(10)) + 1}"
        there = f"{page}:{a[k].line}" if k < len(a) else f"the end of {page}"
        found = _short(b[k].what) if k < len(b) else "nothing more"
        expected = _short(a[k].what) if k < len(a) else "nothing more"
        problems.append(f"{here}: does not match {page} in its {key}: item {k + 1} is {found}"
                        f" where {there} has {expected}")
    return problems


def notebook(source: Path, where: str) -> list[str]:
    """How a notebook's Russian Markdown cells differ from its English ones in the order of quoted figures.

    `source` is a jupytext script (hooks/notebooks.py) whose Markdown cells are marked lang="en" or lang="ru".
    """
    names: dict[str, list[Item]] = {lang: [] for lang in shared.LANGUAGES}
    lang = None
    for n, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("# %%"):
            cell = re.match(r'# %% \[markdown\] lang="(\w+)"', line)
            lang = cell.group(1) if cell else None
        elif lang in names:
            names[lang] += [Item(n, m["name"]) for m in BOUND.finditer(line) if computed(m["name"])]
    problems = []
    ours = names[shared.DEFAULT]
    for other in shared.LANGUAGES[1:]:
        theirs = names[other]
        k = next((i for i, (x, y) in enumerate(zip(ours, theirs, strict=False)) if x.what != y.what),
                 min(len(ours), len(theirs)))
        if k == len(ours) == len(theirs):
            continue
        here = f"{where}:{theirs[k].line}" if k < len(theirs) else f"{where}:{theirs[-1].line if theirs else 1}"
        found = theirs[k].what if k < len(theirs) else "nothing more"
        expected = f"{ours[k].what} at line {ours[k].line}" if k < len(ours) else "nothing more"
        problems.append(f"{here}: the {other} cells do not match the {shared.DEFAULT} cells in their quoted"
                        f" figures: item {k + 1} is {found} where the {shared.DEFAULT} cells have {expected}")
    return problems


def _short(what: str) -> str:
    return what.split("\n", 1)[0]


def on_page_markdown(markdown: str, page, config, files) -> str:
    src = page.file.src_uri
    if not src.endswith(".md") or not page.file.abs_src_path:
        return markdown
    path = Path(page.file.abs_src_path)
    docs = Path(config.docs_dir)
    lang = shared.language(src)
    if lang != shared.DEFAULT:
        default = shared.twin(src, shared.DEFAULT)
        if not (docs / default).is_file():
            log.warning(f"docs/{src}:1: has no English twin: docs/{default}")
        return markdown
    text = path.read_text(encoding="utf-8")
    for other in shared.LANGUAGES[1:]:
        name = shared.twin(src, other)
        if not (docs / name).is_file():
            log.warning(f"docs/{src}:1: has no {'Russian' if other == 'ru' else other} twin: docs/{name}")
            continue
        for problem in compare(f"docs/{src}", text, f"docs/{name}", (docs / name).read_text(encoding="utf-8")):
            log.warning(problem)
    return markdown
