"""Translations that cannot fall behind: each section of a page remembers what its twin's section said when the
two were last brought into line.

docs/translations.json (beside the pages, and not published: `exclude_docs`) records, for every pair of twins
and for the notebook's paired Markdown cells, a hash of each section in each language. A section runs from one
heading to the next (the first from the top of the page); in the notebook it is a Markdown cell. The hash is of
what the section says, not how it is laid out: its whitespace collapsed, so a paragraph re-flowed onto other
lines is the same paragraph, and each bound literal of a figure or a block's value by its name alone
(`{cost.gru_share}`), since both languages print it from the same figure.

When the build renders a page, each pair of sections is compared with the record:

- neither side changed: in line;
- one side changed: the other is behind. The build fails naming both sections, the stale one first (several
  stale sections of one pair in one message), and `mkdocs serve` shows it at both sections (hooks/overlay.py);
- both changed: they are not known to be in line until they are recorded.

After bringing twins into line, record it:

    python hooks/translations.py record [docs/page.md ... notebooks/name.py]   # the pairs named, or every pair
    python hooks/translations.py check                                         # what the build would say
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import sys
from pathlib import Path
from typing import NamedTuple

if __name__ == "__main__":  # run as a command: the hooks' folder is on the path, the package beside it
    sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import seen
import shared
from literals import BOUND, computed
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.translations")

RECORD = "translations.json"  # in docs/
COMMAND = "python hooks/translations.py record"
HEADING = re.compile(r"^ {0,3}#{1,6}(?:[ \t][^\n]*)?$", re.M)
FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
CELL = re.compile(r'^# %% \[markdown\] lang="(?P<lang>\w+)"[^\n]*\n(?P<body>(?:(?!# %%)#[^\n]*\n|\n)*)', re.M)


class Section(NamedTuple):
    line: int  # of its heading, or 1
    heading: str
    said: str  # its hash


def said(text: str) -> str:
    """A hash of what a section says: whitespace collapsed, a figure's or a block's value by its name only."""
    text = BOUND.sub(lambda m: f"{{{m['name']}}}" if computed(m["name"]) else m.group(), text)
    return hashlib.sha256(" ".join(text.split()).encode()).hexdigest()[:16]


def sections(text: str) -> list[Section]:
    """A page's sections, split at its headings outside fenced blocks; front matter belongs to the first."""
    front = FRONT_MATTER.match(text)
    body = text[front.end():] if front else text
    offset = text.count("\n", 0, front.end()) if front else 0
    visible = body
    for m in seen.fences(body):
        visible = seen.blank(visible, m.start(), m.end())
    starts = [0] + [m.start() for m in HEADING.finditer(visible) if m.start()]
    found = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(body)
        chunk = body[start:end]
        line = offset + body.count("\n", 0, start) + 1
        heading = chunk.split("\n", 1)[0].strip() if HEADING.match(chunk) else ""
        found.append(Section(line, heading, said((front.group() if front and not k else "") + chunk)))
    return found


def cells(text: str) -> dict[str, list[Section]]:
    """A notebook script's Markdown cells, by language (hooks/notebooks.py: `# %% [markdown] lang="en"`)."""
    found: dict[str, list[Section]] = {lang: [] for lang in shared.LANGUAGES}
    for m in CELL.finditer(text):
        body = re.sub(r"^# ?", "", m["body"], flags=re.M)
        first = next((line.strip() for line in body.splitlines() if line.strip()), "")
        found.setdefault(m["lang"], []).append(Section(text.count("\n", 0, m.start()) + 1, first[:60], said(body)))
    return found


# ---------------------------------------------------------------- the pairs and their record


class Pair(NamedTuple):
    key: str  # its name in the record: the default page's name in docs/, or notebooks/name.py
    where: dict[str, str]  # language -> how messages name the file
    sections: dict[str, list[Section]]  # language -> its sections


def pair(docs: Path, src: str) -> Pair | None:
    """The twins of the page `src` (either language's name), if both exist."""
    key = shared.twin(src, shared.DEFAULT)
    twins = {lang: docs / shared.twin(key, lang) for lang in shared.LANGUAGES}
    if not all(p.is_file() for p in twins.values()):
        return None
    return Pair(key, {lang: f"docs/{shared.twin(key, lang)}" for lang in twins},
                {lang: sections(p.read_text(encoding="utf-8")) for lang, p in twins.items()})


def pairs(root: Path, docs: Path) -> list[Pair]:
    """Every pair of twins in docs/ and every notebook script's paired cells."""
    found = [p for page in sorted(docs.rglob("*.md")) if shared.language(page.name) == shared.DEFAULT
             and (p := pair(docs, page.relative_to(docs).as_posix()))]
    for script in sorted((root / "notebooks").glob("*.py")):
        key = script.relative_to(root).as_posix()
        found.append(Pair(key, dict.fromkeys(shared.LANGUAGES, key), cells(script.read_text(encoding="utf-8"))))
    return found


def load(docs: Path) -> dict[str, list[dict]]:
    path = docs / RECORD
    return json.loads(path.read_text(encoding="utf-8"))["pairs"] if path.is_file() else {}


def record(root: Path, docs: Path, names: list[str]) -> list[str]:
    """Record the pairs named (any twin's path, or a notebook's) as in line, or every pair: what was recorded."""
    wanted = {shared.twin(Path(n).as_posix().removeprefix("docs/"), shared.DEFAULT) for n in names}
    kept, done, every = load(docs), [], pairs(root, docs)
    unknown = wanted - {p.key for p in every}
    if unknown:
        raise SystemExit(f"no such pair of twins: {', '.join(sorted(unknown))}")
    for twins in every:
        if names and twins.key not in wanted:
            continue
        kept[twins.key] = [{"heading": e.heading, **{lang: twins.sections[lang][k].said for lang in shared.LANGUAGES}}
                           for k, e in enumerate(twins.sections[shared.DEFAULT])
                           if all(k < len(twins.sections[lang]) for lang in shared.LANGUAGES)]
        done.append(twins.key)
    about = json.dumps("Each section of each pair of twins, hashed as it read when the pair was last brought into"
                       f" line. Written by `{COMMAND}` (hooks/translations.py); do not edit.")
    entries = ",\n".join(f"  {json.dumps(key)}: [\n"
                         + ",\n".join(f"   {json.dumps(e, ensure_ascii=False)}" for e in kept[key]) + "\n  ]"
                         for key in sorted(kept))
    (docs / RECORD).write_text(f'{{\n "about": {about},\n "pairs": {{\n{entries}\n }}\n}}\n', encoding="utf-8")
    return done


class Stale(NamedTuple):
    lang: str  # the language of the section that is behind (both, when both changed)
    index: int  # the section's index
    message: str


def compare(pair: Pair, kept: list[dict] | None) -> list[Stale]:
    """How a pair's sections stand against its record."""
    default, other = shared.DEFAULT, shared.LANGUAGES[1]
    ours, theirs = pair.sections[default], pair.sections[other]
    here, there = pair.where[default], pair.where[other]
    how = f"{COMMAND} {here}"
    if kept is None:
        return [Stale("", 0, f"{here}:1: {here} and {there} have no record of being in line; when they say the same,"
                             f" record it: {how}")]
    by = {lang: {entry[lang]: entry for entry in kept} for lang in (default, other)}
    if len(ours) != len(theirs):  # name the first section that no longer pairs as recorded
        k = next((k for k, (a, b) in enumerate(zip(ours, theirs)) if by[default].get(a.said) is None
                  or by[default].get(a.said) is not by[other].get(b.said)), min(len(ours), len(theirs)))
        longer, at = (here, ours[k]) if len(ours) > len(theirs) else (there, theirs[k])
        return [Stale("", k, f"{longer}:{at.line}: «{at.heading}» has no twin section: {here} has {len(ours)} sections,"
                             f" {there} {len(theirs)}; split both at the same headings, then record: {how}")]
    stale = []
    for k, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        same = by[default].get(a.said)
        if same is not None and same[other] == b.said:
            continue
        names = {default: f"{here}:{a.line} «{a.heading}»", other: f"{there}:{b.line} «{b.heading}»"}
        if same is not None and b.said not in by[other]:
            stale.append(Stale(default, k, f"{names[default]} is behind its twin {names[other]}, which changed since"
                                           f" the two were last brought into line; bring this section up to date"
                                           f" (or, if the change needs none here, say so), then record: {how}"))
        elif same is None and b.said in by[other] and a.said not in by[default]:
            stale.append(Stale(other, k, f"{names[other]} is behind its twin {names[default]}, which changed since"
                                         f" the two were last brought into line; bring this section up to date,"
                                         f" then record: {how}"))
        else:
            stale.append(Stale("", k, f"{names[default]} and {names[other]} both changed since they were last"
                                      f" recorded as in line; when they say the same, record it: {how}"))
    return stale


def problems(root: Path, docs: Path) -> list[str]:
    """Every pair's stale sections, as the build reports them."""
    kept = load(docs)
    return [s.message for twins in pairs(root, docs) for s in compare(twins, kept.get(twins.key))]


# ---------------------------------------------------------------- MkDocs events

def folded(stale: list[Stale]) -> str:
    """A pair's stale sections in one message: the first in full, each other one named on a line of its own."""
    first, *more = [s.message for s in stale]
    return first + "".join(f"\n  and {m.split('; ', 1)[0]}" for m in more)


@event_priority(-50)
def on_page_markdown(markdown: str, page, config, files) -> str:
    """Warn of a pair's stale sections, once for the pair, when its default page is rendered. `mkdocs serve` shows
    each at its section, on both twins (hooks/overlay.py; hooks/dirty.py renders the twin of an edited page)."""
    src = page.file.src_uri
    if not src.endswith(".md") or not page.file.abs_src_path or shared.language(src) != shared.DEFAULT:
        return markdown
    docs = Path(config.docs_dir)
    twins = pair(docs, src)
    if twins is None:
        return markdown  # a page without a twin: hooks/parity.py reports it
    stale = compare(twins, load(docs).get(twins.key))
    if stale:
        log.warning(folded(stale))
    return markdown


def on_files(files, config):
    """The notebooks' paired cells, checked once per build (in the default language's)."""
    if shared.building(config) == shared.DEFAULT:
        kept = load(Path(config.docs_dir))
        for script in pairs(shared.ROOT, Path(config.docs_dir)):
            if script.key.startswith("notebooks/"):
                for s in compare(script, kept.get(script.key)):
                    log.warning(s.message)
    return files


def main(argv: list[str]) -> int:
    docs = shared.ROOT / "docs"
    if argv[:1] == ["record"]:
        for key in record(shared.ROOT, docs, argv[1:]):
            print(f"recorded as in line: {key}")
        return 0
    if argv[:1] == ["check"]:
        found = problems(shared.ROOT, docs)
        print("\n".join(found) or "every pair of twins is in line")
        return 1 if found else 0
    print(__doc__.split("After bringing twins into line, record it:")[1].strip("\n"))
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
