"""What a reader sees: of a page's Markdown, and of the site's settings in mkdocs.yml.

hooks/quotes.py checks numbers, and hooks/words.py numbers in words, in what this
module leaves of a page: everything a reader sees, as text or as a tooltip, with
the rest blanked (positions and lines kept). Seen:

- prose, math, inline code, tables, admonitions and their titles, raw HTML;
- the attributes a reader sees or hears, in HTML and in attribute lists alike
  (SHOWN: alt, title, aria-label, …; `{#id title="…"}`, `{data-toc-label="…"}`),
  and the titles of links, images and reference definitions;
- a fence that shows text rather than code (TEXT_FENCES: ```text, ```console,
  ```output, a fence with no language): pasted output is read like prose.

Not seen: fenced code, link targets, comments, other attributes, the label of a
footnote and the number of an ordered-list item, which the Markdown numbers.

`settings` lists the strings of mkdocs.yml that every page shows: the site's
name, description and copyright line, the navigation's titles and their
translations, the colour-scheme toggles' tooltips and the languages' names.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import NamedTuple

import yaml

SHOWN = ("alt", "title", "aria-label", "aria-description", "aria-roledescription", "aria-valuetext",
         "aria-placeholder", "placeholder", "label", "data-toc-label")
TEXT_FENCES = {"", "text", "txt", "plain", "plaintext", "console", "output", "log", "shell-session", "none"}

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n]*)\n.*?^(?P=indent)(?P=fence)[ \t]*$",
                   re.S | re.M)
COMMENT = re.compile(r"<!--.*?-->", re.S)
LINK_TARGET = re.compile(r"(?<=\]\()\s*(?:<[^>\n]*>|[^\s()]+)")  # the URL; a title in quotes stays
REFERENCE = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*\S+", re.M)  # [label]: url; a title after it stays
FOOTNOTE = re.compile(r"\[\^[^\]\n]+\]")  # the label; the reader sees a number the footnote extension counts
TAG = re.compile(r"</?[A-Za-z][^>]*>")
_VALUE = r"""(?:"[^"\n]*"|'[^'\n]*'|[^\s"'}]+)"""
ATTRIBUTE = re.compile(rf"""(?P<key>[\w:-]+)\s*=\s*(?:"(?P<d>[^"]*)"|'(?P<s>[^']*)'|(?P<bare>[^\s"'}}>]+))""")
_ATTR = rf"(?:[#.][\w-]+|[\w:-]+={_VALUE})"
ATTR_LIST = re.compile(rf"\{{:[^}}\n]*\}}|\{{[ \t]*{_ATTR}(?:[ \t]+{_ATTR})*[ \t]*\}}")
LIST_ITEM = re.compile(r"^[ \t]*\d+[.)](?=[ \t])", re.M)
ENTITY = re.compile(r"&#?\w+;")
CODE_SPAN = re.compile(r"(`+)[^`\n]+?\1")
# The digits of other forms and scripts: superscripts, fractions, circled and Roman numerals, fullwidth and
# other scripts' digits. A number written in them is a number too.
OTHER_DIGITS = "".join(chr(c) for c in range(0x80, 0x30000) if chr(c).isnumeric())
OTHER_DIGIT = re.compile(f"[{re.escape(OTHER_DIGITS)}]")


def blank(text: str, start: int, end: int, filler: str = " ") -> str:
    """Replace text[start:end] by `filler`, keeping newlines, so positions and lines stay put."""
    return text[:start] + re.sub(r"[^\n]", filler, text[start:end]) + text[end:]


def blank_all(text: str, pattern: re.Pattern, filler: str = " ") -> str:
    for m in reversed(list(pattern.finditer(text))):
        text = blank(text, m.start(), m.end(), filler)
    return text


def fences(text: str) -> list[re.Match]:
    """The fenced blocks: code samples, executed blocks, and text."""
    return list(FENCE.finditer(text))


def code(text: str) -> list[re.Match]:
    """The fenced blocks a reader reads as code, not as text: all but TEXT_FENCES."""
    return [m for m in fences(text) if (m["info"].split() or [""])[0].lstrip(".{").lower() not in TEXT_FENCES]


def _unshown(match: re.Match) -> list[tuple[int, int]]:
    """The parts of an HTML tag or an attribute list that a reader does not see: all but the SHOWN values."""
    spans, at = [], match.start()
    for m in ATTRIBUTE.finditer(match.group()):
        if m["key"].lower() not in SHOWN:
            continue
        group = next(g for g in ("d", "s", "bare") if m[g] is not None)
        spans.append((at, match.start() + m.start(group)))
        at = match.start() + m.end(group)
    spans.append((at, match.end()))
    return spans


def reader_view(visible: str, bound: re.Pattern) -> tuple[str, list[tuple[int, str]]]:
    """What a reader sees of Markdown without its code, literals (`bound`) blanked; and the entities that are digits."""
    seen = blank_all(visible, bound, "#")  # not a space: `$x = [1]{param}$` stays math
    for pattern in (COMMENT, LINK_TARGET, REFERENCE, FOOTNOTE, LIST_ITEM):
        seen = blank_all(seen, pattern)
    for pattern in (ATTR_LIST, TAG):
        for m in reversed(list(pattern.finditer(seen))):
            for start, end in reversed(_unshown(m)):
                seen = blank(seen, start, end)
    digits = [(m.start(), m.group()) for m in ENTITY.finditer(seen) if _numeric(_unescape(m.group()))]
    return blank_all(seen, ENTITY), digits


def _unescape(entity: str) -> str:
    import html

    return html.unescape(entity)


def _numeric(text: str) -> bool:
    return bool(text) and all(ch.isnumeric() for ch in text)


def described(token: str) -> str:
    """The characters of a number that are not ASCII digits, named: 'U+00B9 SUPERSCRIPT ONE'."""
    odd = dict.fromkeys(ch for ch in token if ch.isnumeric() and not ("0" <= ch <= "9"))
    return ", ".join(f"U+{ord(ch):04X} {unicodedata.name(ch, '?')}" for ch in odd)


# ---------------------------------------------------------------- mkdocs.yml


class Setting(NamedTuple):
    """A string of mkdocs.yml that the site shows, with its line and the language it is shown in."""

    line: int
    lang: str
    key: str
    text: str


class _Loader(yaml.SafeLoader):
    """Composes mkdocs.yml into nodes, whatever its tags (!ENV, !relative, python objects): nothing is constructed."""


def settings(path: Path, default: str) -> list[Setting]:
    """The strings of mkdocs.yml a reader sees: the site's name, description and copyright, nav titles and
    their translations, the colour toggles' names and the languages' names, each in its language."""
    root = yaml.compose(path.read_text(encoding="utf-8"), Loader=_Loader)
    found: list[Setting] = []

    def scalar(node, lang: str, key: str) -> None:
        if isinstance(node, yaml.ScalarNode) and isinstance(node.value, str) and node.tag.endswith(":str"):
            found.append(Setting(node.start_mark.line + 1, lang, key, node.value))

    def mapping(node) -> dict:
        return {k.value: v for k, v in node.value} if isinstance(node, yaml.MappingNode) else {}

    def nav(node, lang: str) -> None:
        for item in node.value if isinstance(node, yaml.SequenceNode) else []:
            for title, target in item.value if isinstance(item, yaml.MappingNode) else []:
                scalar(title, lang, "nav")
                nav(target, lang)

    def toggles(theme, lang: str) -> None:
        palettes = mapping(theme).get("palette")
        for palette in palettes.value if isinstance(palettes, yaml.SequenceNode) else [palettes]:
            scalar(mapping(mapping(palette).get("toggle")).get("name"), lang, "theme.palette.toggle.name")

    def site(node, lang: str) -> None:
        top = mapping(node)
        for key in ("site_name", "site_description", "copyright"):
            scalar(top.get(key), lang, key)
        nav(top.get("nav"), lang)
        toggles(top.get("theme"), lang)
        for _, translated in mapping(top.get("nav_translations")).items():
            scalar(translated, lang, "nav_translations")

    site(root, default)
    for plugin in mapping(root).get("plugins", yaml.SequenceNode("", [])).value:
        i18n = mapping(plugin).get("i18n")
        for language in mapping(i18n).get("languages", yaml.SequenceNode("", [])).value:
            entry = mapping(language)
            lang = entry["locale"].value if "locale" in entry else default
            scalar(entry.get("name"), lang, "name")
            site(language, lang)
    return found
