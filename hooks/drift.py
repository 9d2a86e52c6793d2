"""Drift guards: published figures, numbers in prose, and translations that keep up.

1. Published figures. `gated.figures.FIGURES` pins every figure the chapter
   states to the computation that must reproduce it. Before each build every
   figure is recomputed; one that no longer matches stops a strict build, with
   its name, the published and the new value, and the pages that quote it.
2. Numbers in prose. Every number in a page's prose (outside code, math and
   generated output) must be a published figure or a number this page's own
   blocks printed, written in the page language's format: 132,096 in English,
   132 096 (no-break space) in Russian. Numbers that are not results are
   exempt only by the context patterns in EXEMPT.
3. Translation parity. Every page exists in English and in Russian, and the
   two versions have the same executed blocks (same ids, same code), the same
   tables and figures in the same order, and quote the same figures.

Each failure is a warning naming the page, so `mkdocs build --strict` fails.
"""

from __future__ import annotations

import importlib
import logging
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup, NavigableString, Tag
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.drift")

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "ru")
DEFAULT = "en"

# ---------------------------------------------------------------- numbers

GROUP = "[,\u00a0\u202f]"
NUMBER = re.compile(
    r"(?<![\w.,\u00a0\u202f])"  # not the middle of a word or of another number
    r"[-−+]?(?:\d{1,3}(?:" + GROUP + r"\d{3})+|\d+)"  # integer part, grouped or not
    r"(?:\.\d+)?(?:[eE][-−+]?\d+)?"  # decimals, exponent
    r"(?:[\u00a0\u202f ]?%)?"  # percent
    r"(?![\w])"
)

# Numbers that are not results, recognised by their context; each says why.
EXEMPT = [
    (re.compile(r"(?<![\d,.\u00a0\u202f])(?:18|19|20)\d\d(?!\d|[,.\u00a0\u202f]\d)"),
     "a year: results of four digits are grouped"),
    (re.compile(r"\d+\(\d+\)"), "a journal's volume(issue)"),
    (re.compile(r"(?:[Cc]hapter|[Гг]лав[аеуыой]+)\s\d+"), "the chapter number"),
    (re.compile(r"§\s?\d+"), "a section number"),
    (re.compile(r"(?:eqs?\.|[Ee]quations?|уравнени[еяйи]+)\s\d+(?:[–-]\d+)?"), "a cited paper's equation numbers"),
]

MATH = re.compile(r"\$\$.+?\$\$|\$[^$]+\$|\\\(.+?\\\)|\\\[.+?\\\]", re.S)


def canonical(token: str) -> str:
    """A number as written, without its language's formatting: '132 096' -> '132096'."""
    s = re.sub(GROUP, "", token).replace("−", "-").replace(" ", "").lstrip("+")
    return s


def numbers(text: str) -> list[re.Match]:
    return list(NUMBER.finditer(text))


def format_error(token: str, lang: str) -> str | None:
    """What is wrong with how `token` is written on a page in `lang`, if anything."""
    integer = re.split(r"[.eE%]", token.lstrip("-−+"))[0]
    if lang == "en" and re.search("[\u00a0\u202f]", integer):
        return "is grouped the Russian way on an English page; write it with commas"
    if lang == "ru" and "," in integer:
        if re.fullmatch(r"0,\d+", integer):
            return "has a decimal comma; both languages write a decimal point"
        return "is grouped the English way on a Russian page; group it with no-break spaces"
    if not re.search(GROUP, integer) and len(integer) > 4:
        return "needs its thousands grouped"
    return None


# ---------------------------------------------------------------- 1. published figures


def _quoting_pages(text_en: str, text_ru: str) -> list[str]:
    pages = []
    for path in sorted((ROOT / "docs").rglob("*.md")) + sorted((ROOT / "notebooks").glob("*.py")):
        printed = text_ru if path.name.endswith(".ru.md") else text_en
        source = path.read_text(encoding="utf-8")
        if path.suffix == ".py":  # the notebook source holds both languages
            hit = any(re.search(rf"(?<![\d.,]){re.escape(p)}(?![\d])", source) for p in (text_en, text_ru))
        else:
            hit = re.search(rf"(?<![\d.,]){re.escape(printed)}(?![\d])", source)
        if hit:
            pages.append(path.relative_to(ROOT).as_posix())
    return pages


@event_priority(-50)  # after hooks/execution.py has re-imported gated
def on_pre_build(config) -> None:
    figures = importlib.import_module("gated.figures")
    drifted = figures.check()
    if not drifted:
        return
    lines = ["Published figures that the package no longer reproduces:"]
    for name, fig, new in drifted:
        pages = _quoting_pages(fig.printed("en"), fig.printed("ru")) or ["no page"]
        lines.append(f"  {name}: published {fig.published}, computed now {new}; quoted in {', '.join(pages)}")
    lines.append("Fix the computation, or, if the new value is right, edit the figure's line in gated/figures.py.")
    message = "\n".join(lines)
    if config.strict:
        raise PluginError(message)
    log.warning(message)


# ---------------------------------------------------------------- 2. numbers in prose

BLOCKS = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "figcaption", "summary",
          "blockquote", "caption"}
# Code, math, generated output, and the notebook's code and outputs.
NOT_PROSE_TAGS = {"pre", "code", "kbd", "script", "style", "svg", "math"}
NOT_PROSE_CLASSES = {"arithmatex", "exec", "headerlink", "footnote-ref", "footnote-backref", "jp-InputArea",
                     "jp-OutputArea", "jp-InputPrompt", "jp-OutputPrompt"}
GENERATED_CLASSES = ["exec", "jp-OutputArea"]
# What holds no prose and is most of a page's bytes: styles, scripts, the insides of SVG drawings, and a
# notebook's highlighted code with the copy of it kept for the copy button.
BULK = re.compile(
    r"<(style|script)\b[^>]*>.*?</\1>"
    r"|(<svg\b[^>]*>).*?</svg>"
    r'|(<div class="highlight-ipynb[^"]*">)<pre>.*?</pre>'
    r'|<div id="cell-\d+" class="clipboard-copy-txt">.*?</div>',
    re.S,
)


def _soup(html: str) -> BeautifulSoup:
    def keep(m: re.Match) -> str:
        return m.group(2) + "</svg>" if m.group(2) else m.group(3) or ""

    return BeautifulSoup(BULK.sub(keep, html), "html.parser")


def _own_text(el: Tag) -> str:
    """The text of `el` that is not inside a nested block."""
    parts = []
    for child in el.children:
        if isinstance(child, NavigableString):
            parts.append(str(child))
        elif isinstance(child, Tag) and child.name not in BLOCKS and not child.find(BLOCKS):
            parts.append(child.get_text())
    return "".join(parts)


def _sentence(text: str, start: int) -> str:
    pieces = re.split(r"(?<=[.!?])\s+(?=[A-ZА-ЯЁ(«])", text)
    at = 0
    for piece in pieces:
        at = text.find(piece, at)
        if at <= start < at + len(piece):
            return " ".join(piece.split())[:240]
    return " ".join(text.split())[:240]


def _not_prose(tag: Tag) -> bool:
    return tag.name in NOT_PROSE_TAGS or not NOT_PROSE_CLASSES.isdisjoint(tag.get("class", ()))


def _check_prose(soup: BeautifulSoup, page: str, lang: str, published: set[str]) -> tuple[list[str], set[str]]:
    generated = {canonical(m.group()) for el in soup.find_all(class_=GENERATED_CLASSES)
                 for m in numbers(el.get_text(" "))}
    for el in soup.find_all(_not_prose):
        el.decompose()
    problems, quoted = [], set()
    for el in soup.find_all(BLOCKS):
        text = MATH.sub(" ", _own_text(el))
        exempt = [span.span() for pattern, _ in EXEMPT for span in pattern.finditer(text)]
        for m in numbers(text):
            if any(a <= m.start() and m.end() <= b for a, b in exempt):
                continue
            token, value = m.group(), canonical(m.group())
            wrong = format_error(token, lang)
            if wrong:
                problems.append(f"{page}: the number {token!r} {wrong}: «{_sentence(text, m.start())}»")
            elif value in published:
                quoted.add(value)
            elif value not in generated:
                problems.append(
                    f"{page}: the number {token!r} is not a published figure nor printed by this page's blocks;"
                    f" compute it, or add it to gated/figures.py: «{_sentence(text, m.start())}»"
                )
    return problems, quoted


def check_prose(html: str, page: str, lang: str, published: set[str]) -> tuple[list[str], set[str]]:
    """Problems with the numbers in a page's prose, and the published figures it quotes."""
    return _check_prose(_soup(html), page, lang, published)


# ---------------------------------------------------------------- 3. translation parity

_signatures: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)


def _language(config) -> str:
    return config.theme["language"]


def _twin(src_uri: str) -> tuple[str, str]:
    """('lstm.md', 'ru') for 'lstm.ru.md'; ('lstm.md', 'en') for 'lstm.md'."""
    m = re.fullmatch(r"(.*)\.(ru)(\.\w+)", src_uri)
    return (m.group(1) + m.group(3), m.group(2)) if m else (src_uri, DEFAULT)


def on_files(files, config):
    """Every page has an English and a Russian version (checked once per build)."""
    if _language(config) != DEFAULT:
        return files
    pages = defaultdict(set)
    for f in files:
        if f.src_uri.endswith((".md", ".ipynb")) and f.abs_src_path and Path(f.abs_src_path).is_relative_to(
            ROOT / "docs"
        ):
            page, lang = _twin(f.src_uri)
            pages[page].add(lang)
    for page, langs in sorted(pages.items()):
        for lang in set(LANGUAGES) - langs:
            ru = page.rsplit(".", 1)[0] + ".ru." + page.rsplit(".", 1)[1]
            missing, present = (ru, page) if lang == "ru" else (page, ru)
            log.warning(f"docs/{present} has no {'Russian' if lang == 'ru' else 'English'} twin: docs/{missing}")
    return files


def _signature(soup: BeautifulSoup) -> dict[str, Any]:
    blocks = [(el["data-exec"], el.get("data-code", "")) for el in soup.find_all("div", class_="exec")]
    structure = []
    for el in soup.find_all(["table", "figure", "svg", "img"]):
        if el.name == "table":
            rows = el.find_all("tr")
            structure.append(f"table {len(rows)}×{max((len(r.find_all(['td', 'th'])) for r in rows), default=0)}")
        elif el.name == "figure" or not el.find_parent(["figure", "svg"]):
            structure.append(el.name)
    return {"blocks": blocks, "structure": structure}


def on_page_content(html: str, page, config, files) -> str:
    lang = getattr(page.file, "locale", None) or DEFAULT
    source = f"docs/{page.file.src_uri}"
    figures = importlib.import_module("gated.figures").FIGURES
    published = {canonical(f.printed(lang)) for f in figures.values()}
    soup = _soup(html)
    signature = _signature(soup)  # before the prose check takes the generated parts out
    problems, quoted = _check_prose(soup, source, lang, published)
    for problem in problems:
        log.warning(problem)
    signature["figures"] = sorted(quoted)
    _signatures[_twin(page.file.src_uri)[0]][lang] = signature
    return html


@event_priority(-200)  # after mkdocs-static-i18n has built every language
def on_post_build(config) -> None:
    built = [lang.locale for lang in config.plugins["i18n"].config.languages if lang.build]
    if _language(config) != built[-1]:
        return  # mkdocs-static-i18n builds the languages in order: compare after the last
    for page, by_lang in sorted(_signatures.items()):
        for lang in built[1:]:
            if DEFAULT not in by_lang or lang not in by_lang:
                continue  # a missing page: on_files has reported it
            en, other = by_lang[DEFAULT], by_lang[lang]
            twin = re.sub(r"(\.\w+)$", rf".{lang}\1", page)
            for key, what in (("blocks", "executed blocks"), ("structure", "tables and figures"),
                              ("figures", "quoted figures")):
                if en[key] != other[key]:
                    log.warning(
                        f"docs/{twin} does not match docs/{page} in its {what}:"
                        f" {_describe(other[key])} against {_describe(en[key])}"
                    )
    _signatures.clear()


def _describe(items: list) -> str:
    return "[" + ", ".join(str(i[0]) if isinstance(i, tuple) else str(i) for i in items) + "]"
