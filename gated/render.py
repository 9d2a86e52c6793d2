"""Rendering records for readers: numbers, text and tables, in English or Russian.

Data comes first and is rendered second. A `Table` holds raw values and a
format for each column; `markdown` and `text` turn it into a page's table or a
terminal's. The language is an argument, or the current one, which is English
unless `using_language` says otherwise.

English groups thousands with a comma (132,096). Russian groups them with a
no-break space (132 096) and puts one before a percent sign (75 %). Both use a
decimal point, and both write a negative number with the minus sign, U+2212
(−0.32), not the hyphen that `format` prints; `parse` reads either. A spec
that ends in "×" instead of "e" writes the power of ten as a reader reads it:
".1×" gives 3.6 × 10¹¹ where ".1e" gives 3.6e+11. Pages write every power of
ten that way, in prose and in tables alike; the terminal keeps e-notation,
whose exponent keeps its hyphen (7.1e-15): `text` prints a column whose spec
ends in "×" with the same spec ending in "e" (`terminal`), and `markdown`
prints it as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from numbers import Real
from typing import Any, NamedTuple

import numpy as np

LANGUAGES = ("en", "ru")
NBSP = "\u00a0"
MINUS = "\u2212"  # the minus sign, as typesetting writes a negative number; `format` writes a hyphen

_language: ContextVar[str] = ContextVar("gated_language", default="en")
_printed: ContextVar[list | None] = ContextVar("gated_printed", default=None)


def language() -> str:
    """The current language, "en" or "ru"."""
    return _language.get()


@contextmanager
def using_language(lang: str) -> Iterator[None]:
    """Render in `lang` inside the block."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    token = _language.set(lang)
    try:
        yield
    finally:
        _language.reset(token)


class Text(NamedTuple):
    """A piece of text in both languages; `str()` gives the current one."""

    en: str
    ru: str

    def __call__(self, lang: str | None = None) -> str:
        return getattr(self, lang or language())

    def __str__(self) -> str:
        return self()


# ---------------------------------------------------------------- numbers


@contextmanager
def recording() -> Iterator[list[tuple[Any, str]]]:
    """Collect, in the list it yields, every number `number` prints inside the block, with its spec: what a page
    shows of a result, for measuring how far from a change of its last digit each number is
    (`benchmarks/experiments.py`)."""
    printed: list[tuple[Any, str]] = []
    token = _printed.set(printed)
    try:
        yield printed
    finally:
        _printed.reset(token)


SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
TIMES = f"{NBSP}×{NBSP}10"  # the no-break spaces keep "3.6 × 10¹¹" on one line


def number(x: Any, spec: str, lang: str | None = None) -> str:
    """Format one number with a `format` spec, in a language's convention.

    >>> number(132096, ",d", "ru") == "132" + NBSP + "096"
    True
    >>> number(3.6e11, ".1×") == "3.6" + TIMES + "¹¹"
    True
    >>> number(-0.32, ".2f") == MINUS + "0.32"
    True
    >>> number(-0.0004, ".3f")  # a number that rounds to zero has no sign
    '0.000'
    """
    if (printed := _printed.get()) is not None:
        printed.append((x, spec))
    if isinstance(x, (float, np.floating)):  # Python's "z": a float that rounds to zero is printed without a sign
        spec = re.sub(r"^((?:.?[<>=^])?[-+ ]?)", r"\1z", spec, count=1)
    if spec.endswith("×"):
        mantissa, exponent = format(x, spec[:-1] + "e").split("e")
        return _signed(mantissa) + TIMES + str(int(exponent)).translate(SUPERSCRIPT)
    s = _signed(format(x, spec))
    if (lang or language()) == "ru":
        s = s.replace(",", NBSP)
        if s.endswith("%"):
            s = s[:-1] + NBSP + "%"
    return s


def _signed(s: str) -> str:
    """A number as `format` printed it, its sign a minus sign: "-0.32" -> "−0.32"; "7.1e-15" keeps its exponent."""
    return MINUS + s[1:] if s.startswith("-") else s


def parse(published: str) -> int | float:
    """Read back what `number` printed in English: "132,096" -> 132096, "75%" -> 0.75, "3.6 × 10¹¹" -> 3.6e11,
    "−0.32" (or "-0.32") -> -0.32."""
    published = published.replace(MINUS, "-")
    if TIMES in published:
        mantissa, exponent = published.split(TIMES)
        return float(f"{mantissa}e{exponent.translate({v: k for k, v in SUPERSCRIPT.items()})}")
    s = published.replace(",", "")
    if s.endswith("%"):
        return float(s[:-1]) / 100
    return int(s) if s.lstrip("+-").isdigit() else float(s)


class Below:
    """A difference that only rounding makes, shown as the bound it is checked to be under, "< 1 × 10⁻¹²" on a page
    ("< 1e-12" in a terminal), never as its last bits: those depend on the CPU and the code path, the bound does not.
    Making one checks it."""

    __slots__ = ("x", "bound")

    def __init__(self, x: float, bound: float) -> None:
        if not abs(float(x)) < bound:
            raise AssertionError(f"{float(x)!r} is not below {bound!r}: more than rounding")
        self.x, self.bound = float(x), bound

    def __repr__(self) -> str:
        return f"Below({self.x!r}, {self.bound!r})"

    def __call__(self, spec: str, lang: str | None = None) -> str:
        return "<" + NBSP + number(self.bound, spec, lang)


def below(x: float, bound: float, spec: str = ".0×", key: str | None = None, lang: str | None = None) -> str:
    """A difference that only rounding makes, checked to be under `bound`, as a reader sees it: "< 1 × 10⁻¹²"; with
    `key`, the bound is printed as `named` so that the page can quote it.

    >>> below(4.8e-18, 1e-12) == "<" + NBSP + "1" + TIMES + "⁻¹²"
    True
    """
    if key is None:
        return Below(x, bound)(spec, lang)
    Below(x, bound)
    return "<" + NBSP + named(key, bound, spec, lang)


def named(key: str, x: Any, spec: str, lang: str | None = None) -> str:
    """A number that a block prints under a name, so that its page can quote it as ``[VALUE]{block:key}``.

    >>> named("best", 0.4213, ".2f")
    '<span data-name="best">0.42</span>'
    """
    if not key.replace("_", "").replace("-", "").replace(".", "").isalnum():
        raise ValueError(f"a value's name is letters, digits, '_', '-' and '.': {key!r}")
    return f'<span data-name="{key}">{number(x, spec, lang)}</span>'


def vector(v: Any, spec: str, lang: str | None = None) -> str:
    """Format a vector as (a, b, ...), each entry with `spec`."""
    return "(" + ", ".join(number(float(a), spec, lang) for a in np.ravel(v)) + ")"


def figure(svg: str) -> str:
    """An SVG as a page's figure, captioned with its own title, followed by the blank line that ends an HTML block
    in Markdown.

    The caption is the name that the code which drew the figure gave it in its ``<title>``, in the page's
    language; the build puts the figure's number in front when the page labels it (hooks/numbering.py).

    >>> figure('<svg><title>A plot</title></svg>')
    '<figure class="computed"><svg><title>A plot</title></svg><figcaption>A plot</figcaption></figure>\\n'
    """
    title = re.search(r"<title>(.*?)</title>", svg, re.S)
    if title is None:
        raise ValueError("a figure is drawn with a <title>, its name, which is also its caption")
    return f'<figure class="computed">{svg}<figcaption>{title.group(1).strip()}</figcaption></figure>\n'


# ---------------------------------------------------------------- tables


class Formula(NamedTuple):
    """A formula: TeX for the page, plain text for the terminal."""

    tex: str
    plain: str


class Column(NamedTuple):
    """A table column: its title and how to format its numbers.

    `title` may hold TeX between dollars for the page; `plain`, when given,
    is the title the terminal shows instead. Either is a `Text`, or a `str`
    that both languages share (a formula, a name). A column without `spec`
    holds text.
    """

    title: Text | str
    spec: str | None = None
    plain: Text | str | None = None


class Table(NamedTuple):
    """Rows of raw values under titled columns."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[Any, ...], ...]

    def column(self, i: int) -> list[Any]:
        """The raw values of column `i`."""
        return [row[i] for row in self.rows]


def terminal(spec: str | None) -> str | None:
    """A column's spec as the terminal prints it: a power of ten in e-notation, so ".3×" is ".3e"; any other spec
    as it is.

    >>> terminal(".3×"), terminal(".4f"), terminal(None)
    ('.3e', '.4f', None)
    """
    return spec[:-1] + "e" if spec is not None and spec.endswith("×") else spec


def cell(value: Any, spec: str | None, lang: str | None = None) -> str:
    """One table cell: a number, a vector, a `Text`, a `Formula` or a string."""
    if isinstance(value, Formula):
        return f"${value.tex}$"
    if isinstance(value, Text):
        return value(lang)
    if isinstance(value, str):
        return value
    if isinstance(value, Below) and spec is not None:
        return value(spec, lang)
    if spec is None:
        raise TypeError(f"a text column holds {value!r}")
    if isinstance(value, (Real, np.number)):
        return number(value, spec, lang)
    return vector(value, spec, lang)


def markdown(table: Table, lang: str | None = None) -> str:
    """The table as Markdown, numbers right-aligned, each at its column's spec: a "×" spec writes its power of ten
    as prose does (7.105 × 10⁻¹⁵), the number's spaces no-break."""
    head = [cell(c.title, None, lang) for c in table.columns]
    rule = ["---:" if c.spec else ":---" for c in table.columns]
    body = [[cell(v, c.spec, lang) for v, c in zip(row, table.columns, strict=True)] for row in table.rows]
    for text in (*head, *(s for row in body for s in row)):
        if "|" in text:
            raise ValueError(f"a Markdown table cell cannot hold '|': {text!r}; write \\lvert or \\lVert in TeX")
    return "\n".join("| " + " | ".join(r) + " |" for r in [head, rule, *body]) + "\n"


def text(table: Table, lang: str | None = None, indent: str = "  ") -> str:
    """The table as plain text for a terminal: padded columns under a rule, a power of ten in e-notation
    (`terminal`: 7.105e-15 where the page writes 7.105 × 10⁻¹⁵)."""
    head = [cell(c.title if c.plain is None else c.plain, None, lang) for c in table.columns]
    body = [
        [v.plain if isinstance(v, Formula) else cell(v, terminal(c.spec), lang)
         for v, c in zip(row, table.columns, strict=True)]
        for row in table.rows
    ]
    widths = [max(len(s) for s in col) for col in zip(head, *body, strict=True)]

    def line(cells: Sequence[str]) -> str:
        parts = []
        for s, w, c in zip(cells, widths, table.columns, strict=True):
            parts.append(s.rjust(w) if c.spec else s.ljust(w))
        return (indent + "   ".join(parts)).rstrip()

    rule = indent + "-" * (sum(widths) + 3 * (len(widths) - 1))
    return "\n".join([line(head), rule, *(line(r) for r in body)]) + "\n"


def folded(title: Text | str, *parts: str, lang: str | None = None) -> str:
    """Markdown `parts` (tables, a claims table) folded under `title` in a collapsed note, for a block whose page
    keeps them at hand but out of the way."""
    body = "\n".join(parts)
    indented = "\n".join("    " + line if line else "" for line in body.splitlines())
    title = title(lang) if isinstance(title, Text) else title
    return f'??? note "{title}"\n\n{indented}\n'
