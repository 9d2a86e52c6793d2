"""References: `@fig-step` on a page becomes a link that says the number, "Figure 13.3", and the build checks
that every reference lands.

A reference (hooks/labels.py) names a label on the same page or on another; hooks/numbering.py gives the
number. It reads, in the page's language:

    @sec-x   Section 13.2    разд. 13.2        (a capital, @Sec-x: the same in English, «Разд. 13.2»)
    @fig-x   Figure 13.3     рис. 13.3         (@Fig-x: «Рис. 13.3»)
    @tbl-x   Table 13.2      табл. 13.2        (@Tbl-x: «Табл. 13.2»)
    @eq-x    (13.4)          (13.4)

Russian abbreviates, as its technical books do: «рис.», «табл.», «разд.» need no case ending, so «на рис. 13.3»
and «в табл. 13.2» read right; a no-break space keeps the word with its number. An equation's reference is
its number in brackets, in both languages: «по формуле (13.4)».

The strict build fails, naming `file:line`, on a reference to a label that no page of the chapter has, a
label defined twice (hooks/numbering.py), twins that label different elements or in another order, and a
reference that one twin makes and the other does not. A label that nothing refers to is reported, not
failed: its number does not earn its place, so the label or a reference should change.

The links are written before Markdown sees the page, after hooks/quotes.py has checked the page's numbers:
the numbers in them are the build's.
"""

from __future__ import annotations

import difflib
import logging
import re
from collections import Counter
from pathlib import Path

import labels
import numbering
import shared
from mkdocs.plugins import event_priority
from mkdocs.utils import get_relative_url

from gated.render import Text

log = logging.getLogger("mkdocs.hooks.references")

WORDS = {
    "sec": (Text("Section", "разд."), Text("Section", "Разд.")),
    "fig": (Text("Figure", "рис."), Text("Figure", "Рис.")),
    "tbl": (Text("Table", "табл."), Text("Table", "Табл.")),
}

_chapter: list[numbering.Chapter] = []  # this language's, from on_nav


def text(kind: str, number: str, capital: bool, lang: str) -> str:
    """What a reference says: 'Figure 13.3', «рис. 13.3», '(13.4)'."""
    if kind == "eq":
        return f"({number})"
    return f"{WORDS[kind][capital](lang)}\u00a0{number}"


def link(reference: labels.Reference, target: numbering.Target, url: str, lang: str) -> str:
    """The reference as a link from the page at `url` to its target."""
    page = "" if target.url == url else get_relative_url(target.url, url)
    words = text(target.kind, target.number, reference.capital, lang)
    return f'<a class="reference" href="{page}#{target.label}">{words}</a>'


def rewrite(markdown: str, references: list[labels.Reference], chapter: numbering.Chapter, where: str, url: str,
            lang: str) -> tuple[str, list[str]]:
    """The page's Markdown with every reference a link; and the references that land nowhere."""
    problems = []
    for r in reversed(references):
        target = chapter.targets.get(r.label)
        if target is None:
            near = difflib.get_close_matches(r.label, chapter.targets, 3)
            hint = f"; did you mean {', '.join('@' + n for n in near)}?" if near else ""
            problems.append(f"{where}:{r.line}: @{r.label} refers to nothing: no page of the chapter labels"
                            f" {{#{r.label}}}{hint}")
            continue
        markdown = markdown[: r.start] + link(r, target, url, lang) + markdown[r.end:]
    return markdown, problems


def twins(page: str, text: str, twin: str, twin_text: str) -> list[str]:
    """How the twin `twin` differs from `page` in what it labels (the same elements, in the same order, so that
    both number alike) and in what it refers to (the same references, however a sentence orders them)."""
    ours, our_refs, _ = labels.find(text)
    theirs, their_refs, _ = labels.find(twin_text)
    problems = []
    for k, (a, b) in enumerate(zip(ours, theirs, strict=False)):
        if a.label != b.label:
            problems.append(f"{twin}:{b.line}: labels {b.label} where {page}:{a.line} labels {a.label}: twins"
                            f" label the same elements in the same order, so that their numbers agree")
            break
    else:
        for a in ours[len(theirs):]:
            problems.append(f"{twin}: lacks the label {a.label} of {page}:{a.line}")
        for b in theirs[len(ours):]:
            problems.append(f"{twin}:{b.line}: labels {b.label}, which {page} does not")
    problems += _unmatched(page, text, our_refs, twin, twin_text, their_refs)
    return problems


def _sections(text: str) -> list[int]:
    """Where a page's sections start (its headings, outside code): twins have the same sections, in order."""
    return [0] + [m.start() for m in re.finditer(r"^#{1,6}[ \t]", labels.visible(text), re.M)]


def _unmatched(page: str, text: str, ours: list[labels.Reference], twin: str, twin_text: str,
               theirs: list[labels.Reference]) -> list[str]:
    """The references one twin makes and the other does not, compared section by section where the twins have the
    same sections (else over the page), each named at its first place in the section that has it once more."""
    a, b = _sections(text), _sections(twin_text)
    if len(a) != len(b):
        a, b = [0], [0]
    where = lambda refs, starts: [[r for r in refs if starts[k] <= r.start < (starts + [1 << 62])[k + 1]]  # noqa: E731
                                  for k in range(len(starts))]
    problems = []
    for mine, yours in zip(where(ours, a), where(theirs, b), strict=True):
        for refs, other, name, other_name in ((mine, yours, page, twin), (yours, mine, twin, page)):
            extra = Counter(r.label for r in refs) - Counter(r.label for r in other)
            for label, k in extra.items():
                r = [r for r in refs if r.label == label][-k]
                more = " as often" if k < sum(x.label == label for x in refs) else ""
                problems.append(f"{name}:{r.line}: refers to @{label}, and its twin {other_name} does not{more}"
                                f" in this section")
    return problems


def unreferenced(chapter: numbering.Chapter) -> list[str]:
    """The labels that no page refers to, each with where it is."""
    referred = {r.label for refs in chapter.references.values() for r in refs}
    return [f"{t.where}: {text(t.kind, t.number, True, shared.DEFAULT)} ({t.label}) is numbered, but no page"
            f" refers to it: refer to it (@{t.label}), or take its label off" for t in chapter.targets.values()
            if t.label not in referred]


# ---------------------------------------------------------------- MkDocs events


@event_priority(-150)  # after mkdocs-static-i18n (-100) has made this language's nav
def on_nav(nav, config, files):
    _chapter[:] = [numbering.chapter(nav.pages, numbering.number_of(config))]
    if shared.building(config) == shared.DEFAULT:  # the twins label and refer alike: once is enough
        for message in unreferenced(_chapter[0]):
            log.info(message)
    return nav


@event_priority(80)  # after hooks/quotes.py (100) has checked the numbers the author wrote
def on_page_markdown(markdown: str, page, config, files) -> str:
    src = page.file.src_uri
    if not _chapter or src not in _chapter[0].references:
        return markdown
    where, lang = f"docs/{src}", shared.language(src)
    _, references, _ = labels.find(markdown, shared.lines_above(page) + 1)
    markdown, problems = rewrite(markdown, references, _chapter[0], where, page.url, lang)
    if lang == shared.DEFAULT and page.file.abs_src_path:
        docs = Path(config.docs_dir)
        text = Path(page.file.abs_src_path).read_text(encoding="utf-8")
        for other in shared.LANGUAGES[1:]:
            twin = shared.twin(src, other)
            if (docs / twin).is_file():
                problems += twins(where, text, f"docs/{twin}", (docs / twin).read_text(encoding="utf-8"))
    for problem in problems:
        log.warning(problem)
    return markdown
