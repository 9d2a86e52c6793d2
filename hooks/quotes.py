"""Numbers on pages: every number a reader sees states a named figure, or is marked as what it is.

In what a reader sees of a page (hooks/seen.py: prose, math, inline code, tables,
admonitions, raw HTML, tooltips and alt text, text fences; everywhere but code)
a number is written as a bound literal

    [VALUE]{NAME}

VALUE is the number exactly as the page's language prints it (132,096 and 75%
in English; 132 096 and 75 % with U+00A0 in Russian; a decimal point in both).
NAME is one of:

- a published figure of `gated.chapter.published.FIGURES` (its name has a dot):
  `[0.997]{worked.f}`; VALUE must be the figure, printed in the page's language;
- `block:key`, a value that the executed block `id="block"` on the same page
  prints with `gated.named("key", ...)`: `[0.42]{training:best}`; VALUE must be
  what it printed;
- a kind of number that states no result (KINDS): `[1997]{year}`,
  `[5–8]{eq}`, `[13]{chapter}`, `[2]{param}`.

VALUE may be a number in words (hooks/words.py): `[three quarters]{cost.gru_share}`
is checked by its value, 0.75, at the figure's precision.

Before Markdown sees the page, each literal is checked and replaced by VALUE.
Every other digit that a reader would see, in any form (⁷, ７, ½, ③), and every
multiple or share in words ("twice", «втрое») fails the build, with exceptions
for structure: the number of an ordered-list item; in math, an integer that
MATH_STRUCTURE or INTERVAL describes (`H^2`, `2H`, `1 - z`, `t-1`, `(0, 1)`);
and the counts and parts hooks/words.py lets through ("three gates").

What mkdocs.yml shows on every page (the site's name, description and copyright
line, the nav's titles, tooltips) follows the same rules, and so do a page's
front-matter title and description. Each failure is a warning that names
`docs/page.md:LINE` (or `mkdocs.yml:LINE`), so the strict build fails.
"""

from __future__ import annotations

import html
import importlib
import logging
import re
from pathlib import Path
from typing import NamedTuple

import hints
import seen
import shared
import words
from literals import BLOCK_REF, BOUND, FIGURE, line_of
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.quotes")

# ---------------------------------------------------------------- the syntax (BOUND, FIGURE, BLOCK_REF: hooks/literals.py)

NUMBER = r"[-−]?\d+(?:\.\d+)?"
# The kinds of number that state no result, each with the form its VALUE must have.
KINDS = {
    "year": re.compile(r"1[5-9]\d\d|20\d\d"),  # a year in a citation
    "eq": re.compile(r"\d+(?:[–-]\d+)?"),  # a cited paper's equation number, or a range of them
    "chapter": re.compile(r"\d+"),  # a chapter of the course
    "cite": re.compile(r"\d+(?:\(\d+\))?(?:[–-]\d+)?"),  # a cited work's volume(issue) or pages
    "param": re.compile(NUMBER),  # a parameter of an example: its input, not a result
}

# ---------------------------------------------------------------- numbers as a reader sees them (hooks/seen.py)

_blank, _blank_all = seen.blank, seen.blank_all
FRONT_MATTER = ("title", "description", "subtitle")  # the keys of a page's front matter that a reader sees
SNIPPET = re.compile(r"^[ \t]*;?-{1,}8<-{1,}.*$", re.M)  # pymdownx.snippets, which would add unread text
DIGIT = rf"[\d{re.escape(seen.OTHER_DIGITS)}]"  # a digit in any form: 7, ⁷, ７, ½

MATH = re.compile(r"\$\$.+?\$\$|\\\[.+?\\\]|\\\(.+?\\\)|(?<![\\$])\$(?![\s$])[^$\n]*?(?<!\s)\$", re.S)
# A number as a reader sees it, with whatever letters follow it (132k, 4x); a word that begins with a letter
# (float32, seq2seq) is a name, not a number.
WORD_WITH_DIGIT = re.compile(rf"(?<!\w)(?<!\d[.,]){DIGIT}(?:[eE][-+−](?=\d)|\w|[.,\u00a0](?=\d)|[ \u00a0]?%"
                             rf"|[⁻⁺](?={DIGIT})|[ \u00a0]×[ \u00a0](?={DIGIT}))*")
# In math, an integer is structure, not a statement, when it is
MATH_STRUCTURE = re.compile(
    r"(?<=[\^_])\{?-?\d(?![\d.])"  # a one-digit exponent or subscript: H^2, e^{-1}, W_2
    r"|(?<![\d.])\d(?![\d.])(?=(?:\\[,;!])?[A-Za-z(])"  # a one-digit coefficient of a symbol or a bracket: 2H, 4\,(…)
    r"|(?<![\d.])[01](?![\d.])(?=\s*[-−+/])"  # 0 or 1 before + − /: 1 - z, 1/\sqrt H
    r"|(?<=[-−+/])\s*[01](?![\d.])"  # 0 or 1 after + − /: t-1, t + 1, (1 + e^{-a}), -1
)
INTERVAL = re.compile(r"[(\[]\s*(?:0|-1)\s*,\s*1\s*[)\]]")  # the range of σ or of tanh: (0, 1), [0, 1], (-1, 1)


class Quote(NamedTuple):
    """A bound literal on a page."""

    line: int
    value: str
    name: str


# ---------------------------------------------------------------- checking a page's Markdown


def _check_literal(value: str, name: str, lang: str, figures) -> str | None:
    """What is wrong with the literal [value]{name}, if anything; block references are checked later."""
    if name in KINDS:
        if not KINDS[name].fullmatch(value) and not (name == "param" and words.value(value, lang)):
            return f"[{value}]{{{name}}} is not a {name}: the form of a {name} is {KINDS[name].pattern}"
        return None
    if BLOCK_REF.fullmatch(name):
        return None
    if FIGURE.fullmatch(name):
        if name not in figures:
            return f"[{value}]{{{name}}} names no published figure; gated/chapter/published.py has none called {name!r}"
        expected = figures[name].printed(lang)
        if value != expected and (phrase := words.value(value, lang)):
            return _disagrees(value, name, phrase, expected, figures[name].spec, lang)
        if value != expected and re.search(r"[^\W\d_]", value):
            return (f"[{value}]{{{name}}}: «{value}» is not a number in {_LANGUAGE[lang]} words: bind the number alone,"
                    f" without the words around it (about [half]{{{name}}}, not [about half]{{{name}}})")
        if value != expected:
            hint = "; write U+00A0 (no-break space), not a space" if value.replace(" ", "\u00a0") == expected else ""
            return (f"{name} is {expected!r} in {'English' if lang == 'en' else 'Russian'}, but the page says"
                    f" {value!r}{hint}")
        return None
    return (f"[{value}]{{{name}}}: {name!r} is neither a published figure (a name with a dot), a block's value"
            f" (block:key) nor one of the kinds {', '.join(KINDS)}")


_LANGUAGE = {"en": "English", "ru": "Russian"}


def _disagrees(value: str, name: str, phrase, expected: str, spec: str | None, lang: str) -> str | None:
    """What is wrong with a number in words bound to a value printed as `expected`, if anything."""
    if spec and words.agrees(phrase, expected, spec, lang):
        return None
    said = f"{phrase.value:g}" + (f" (or {1 / phrase.value:g}, a ratio either way up)" if phrase.reciprocal else "")
    return (f"[{value}]{{{name}}}: «{value}» is {said}, which {name}'s format ({spec or 'unknown'}) does not print"
            f" as {expected!r}, the value of {name}: bind the phrase to the figure it states, or write the figure")


def check(text: str, where: str, lang: str, first_line: int = 1) -> tuple[str, list[str], list[Quote]]:
    """Check the numbers of a page's Markdown.

    Returns the Markdown with every bound literal replaced by its value, the
    problems (each naming `where:LINE`), and the page's bound literals in order.
    """
    figures = importlib.import_module("gated.chapter.published").FIGURES
    line = line_of(text)
    at = lambda pos: f"{where}:{line(pos) + first_line - 1}"  # noqa: E731
    problems: list[str] = []
    quotes: list[Quote] = []

    code = seen.code(text)
    visible = text
    for m in code:
        visible = _blank(visible, m.start(), m.end())
    replacements = []
    for m in BOUND.finditer(visible):
        value, name = m["value"], m["name"]
        wrong = _check_literal(value, name, lang, figures)
        if wrong:
            problems.append(f"{at(m.start())}: {wrong}")
        quotes.append(Quote(line(m.start()) + first_line - 1, value, name))
        replacements.append((m.start(), m.end(), value))
    for m in SNIPPET.finditer(visible):
        problems.append(f"{at(m.start())}: a snippet included outside a fenced block is text the guard cannot read;"
                        f" include snippets in executed blocks only")
    visible = _blank_all(visible, SNIPPET)
    shown, entities = seen.reader_view(visible, BOUND)
    for pos, entity in entities:
        problems.append(f"{at(pos)}: the entity {entity!r} is a digit; write the number as a bound literal")

    def around(pos: int) -> list[hints.Bound]:  # the page's names, those of the paragraph at `pos` marked
        start, end = visible.rfind("\n\n", 0, pos), (visible.find("\n\n", pos) + 1 or len(visible) + 1) - 1
        return [hints.Bound(q.name, q.value, start < r[0] < end) for q, r in zip(quotes, replacements)]

    problems += [f"{at(p.start)}: {words.message(p, lang, hints.for_phrase(p, lang, figures, around(p.start)))}:"
                 f" «{_excerpt(visible, p.start)}»" for p in words.unbound(_blank_all(shown, seen.CODE_SPAN), lang)]
    for pos, token, in_math in _unbound(shown):
        odd = seen.described(token)
        odd = f" ({odd}: a number in another form; write its value as the figure prints it)" if odd else ""
        if in_math:
            problems.append(f"{at(pos)}: the number {token!r} in math is not bound{odd}; write [{token}]{{figure.name}}"
                            f" for a result, or [{token}]{{param}} for a parameter of an example:"
                            f" «{_excerpt(visible, pos)}»")
        else:
            problems.append(f"{at(pos)}: the number {token!r} is not bound{odd}; write [{token}]{{figure.name}} for a"
                            f" result, or mark what it is ({', '.join(f'{{{k}}}' for k in KINDS)})"
                            f"{hints.for_number(token, lang, figures, around(pos))}: «{_excerpt(visible, pos)}»")

    for start, end, value in reversed(replacements):
        text = text[:start] + value + text[end:]
    return text, problems, quotes


def _unbound(shown: str) -> list[tuple[int, str, bool]]:
    """The numbers left in what a reader sees, literals and unseen parts blanked: (position, token, in math)."""
    found = []
    math = list(MATH.finditer(shown))
    for m in math:
        structure = _blank_all(_blank_all(m.group(), INTERVAL, "#"), MATH_STRUCTURE)
        for d in re.finditer(rf"{DIGIT}+(?:\.{DIGIT}+)?", structure):
            found.append((m.start() + d.start(), m.group()[d.start():d.end()], True))
    prose = shown
    for m in math:
        prose = _blank(prose, m.start(), m.end())
    for m in WORD_WITH_DIGIT.finditer(prose):
        found.append((m.start(), m.group(), False))
        prose = _blank(prose, m.start(), m.end())
    for m in re.finditer(f"[{re.escape(seen.OTHER_DIGITS)}⁻⁺]+", prose):  # in a name: H², x₁, float３２
        if seen.OTHER_DIGIT.search(m.group()):
            found.append((m.start(), m.group(), False))
    return sorted(found)


def _excerpt(text: str, pos: int, width: int = 50) -> str:
    return " ".join(text[max(0, pos - width): pos + width].split())


# ---------------------------------------------------------------- blocks' named values

NAMED = re.compile(r'<span data-name="(?P<key>[^"]*)">(?P<value>[^<]*)</span>')
EXEC = re.compile(r'<div class="exec" data-exec="(?P<block>[^"]*)"')

_pending: dict[str, list[Quote]] = {}  # page -> its literals bound to blocks' values, checked in on_page_content


def check_block_values(html_text: str, where: str, quotes: list[Quote], lang: str = shared.DEFAULT) -> list[str]:
    """Problems with the literals bound to what the page's blocks printed."""
    starts = [(m.start(), m["block"]) for m in EXEC.finditer(html_text)]
    printed: dict[tuple[str, str], str] = {}
    for m in NAMED.finditer(html_text):
        block = next((b for s, b in reversed(starts) if s < m.start()), None)
        if block is not None:
            printed[block, m["key"]] = html.unescape(m["value"])
    problems = []
    for q in quotes:
        ref = BLOCK_REF.fullmatch(q.name)
        if not ref:
            continue
        found = printed.get((ref["block"], ref["key"]))
        if found is None and any(f.block.page == where and f.block.id == ref["block"] for f in shared.failed):
            continue  # the block failed, which hooks/failures.py reports: it printed nothing
        if found is None:
            problems.append(f"{where}:{q.line}: [{q.value}]{{{q.name}}}: block {ref['block']!r} on this page"
                            f" prints no value named {ref['key']!r} (print it with gated.named)")
        elif found != q.value and (phrase := words.value(q.value, lang)):
            wrong = _disagrees(q.value, q.name, phrase, found, words.spec_of(found), lang)
            problems += [f"{where}:{q.line}: {wrong}"] if wrong else []
        elif found != q.value:
            problems.append(f"{where}:{q.line}: {q.name} is {found!r} as the block printed it,"
                            f" but the page says {q.value!r}")
    return problems


# ---------------------------------------------------------------- MkDocs events


def on_startup(command: str, dirty: bool) -> None:
    shared.annotate()


@event_priority(-110)  # after mkdocs-static-i18n (-100) has applied this language's settings (hooks/shared.py)
def on_config(config):
    """What every page shows of mkdocs.yml (hooks/seen.py: the site's name, description and copyright line, the
    nav's titles and their translations, tooltips) binds its numbers as a page does; each language's build checks
    its own, and shows them with their literals replaced."""
    lang = shared.building(config)
    if config.config_file_path:
        for setting in seen.settings(Path(config.config_file_path), shared.DEFAULT):
            if setting.lang == lang:
                for problem in check(setting.text, "mkdocs.yml", lang, setting.line)[1]:
                    log.warning(problem)
    for key in ("site_name", "site_description", "copyright"):
        if isinstance(config[key], str):
            config[key] = _shown(config[key])
    for palette in config.theme["palette"] or []:
        if isinstance(palette, dict) and isinstance(palette.get("toggle", {}).get("name"), str):
            palette["toggle"]["name"] = _shown(palette["toggle"]["name"])
    return config


def _shown(text: str) -> str:
    """A setting as the reader sees it: its bound literals replaced by their values (checked in on_config)."""
    return BOUND.sub(lambda m: m["value"], text)


@event_priority(-200)  # after mkdocs-static-i18n has translated the titles
def on_nav(nav, config, files):
    """A title in the nav shows its bound literals as values (mkdocs.yml's titles are checked in on_config)."""
    def walk(items) -> None:
        for item in items:
            if isinstance(getattr(item, "title", None), str):
                item.title = _shown(item.title)
            walk(getattr(item, "children", None) or [])

    walk(nav.items)
    return nav


@event_priority(100)  # before any other hook or plugin reads the page's Markdown
def on_page_markdown(markdown: str, page, config, files) -> str:
    src = page.file.src_uri
    if not src.endswith(".md"):
        return markdown
    where = f"docs/{src}"
    raw = Path(page.file.abs_src_path).read_text(encoding="utf-8") if page.file.abs_src_path else markdown
    first_line = shared.lines_above(page) + 1  # after any front matter
    lang = shared.language(src)
    markdown, problems, quotes = check(markdown, where, lang, first_line)
    for key in FRONT_MATTER:  # seen in the nav, the tab, search results and link previews
        if isinstance(page.meta.get(key), str):
            at = re.search(rf"^{key}\s*:", raw, re.M)
            line = raw.count("\n", 0, at.start()) + 1 if at else 1
            page.meta[key], more, _ = check(page.meta[key], where, lang, line)
            problems += more
    for problem in problems:
        log.warning(problem)
    _pending[src] = [q for q in quotes if BLOCK_REF.fullmatch(q.name)]
    return markdown


def on_page_content(html_text: str, page, config, files) -> str:
    src = page.file.src_uri
    for problem in check_block_values(html_text, f"docs/{src}", _pending.pop(src, []), shared.language(src)):
        log.warning(problem)
    return html_text
