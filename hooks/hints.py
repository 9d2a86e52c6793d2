"""Hints for a number or a phrase that is not bound: the figures it may state, those bound nearby first.

When hooks/quotes.py meets a number or a number in words that is not bound, its message offers up to three names
to bind it to. First the figures and blocks' values that the same paragraph already binds, then those the same
page binds, then every other published figure; within each, by closeness to the number. A number is offered the
figures it equals as printed or comes within a tenth of; a phrase the figures it agrees with (hooks/words.py),
and a figure that agrees only the other way up (σ(0) = 0.5 for "twice") only for a multiple, and only after every
figure that agrees as written.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

import words
from literals import computed

MOST = 3  # names offered
NEAR = 0.1  # a number within this share of a figure is near it


class Bound(NamedTuple):
    """A name the page binds, its value as the page prints it, and whether it is in the same paragraph."""

    name: str
    value: str
    here: bool


def _value(printed: str) -> float | None:
    """The value of a number as a page prints it, in either language: '132 096', '75 %', '0.997'."""
    render = importlib.import_module("gated.render")
    try:
        return render.parse(printed if "×" in printed else printed.replace("\u00a0", "").replace(" ", ""))
    except ValueError:
        return None


def _candidates(lang: str, figures: dict, bound: list[Bound]) -> list[tuple[int, str, str, str | None]]:
    """(rank, name, value as printed, spec): the page's own names first (0 in the paragraph, 1 on the page), then
    the published figures (2)."""
    rank = {}
    for b in bound:
        rank[b.name] = min(rank.get(b.name, 2), 0 if b.here else 1)
    found = []
    for b in dict((b.name, b) for b in bound).values():  # a block's value: as the page quotes it
        if b.name not in figures and computed(b.name):
            found.append((rank[b.name], b.name, b.value, words.spec_of(b.value)))
    for name, figure in figures.items():
        found.append((rank.get(name, 2), name, figure.printed(lang), figure.spec))
    return found


def _named(offered: list[tuple[int, str, str]], value_shown: bool) -> str:
    where = {0: " (in this paragraph)", 1: " (on this page)", 2: ""}
    return ", ".join(f"{name}{f' = {printed}' if value_shown else ''}{where[rank]}"
                     for rank, name, printed in offered)


def for_number(token: str, lang: str, figures: dict, bound: list[Bound]) -> str:
    """What the message for the unbound number `token` offers: '' or ' (figures of that value: ...)'."""
    x = _value(token)
    if x is None:
        return ""
    scored = []
    for rank, name, printed, _ in _candidates(lang, figures, bound):
        v = _value(printed)
        if v is None:
            continue
        exact = printed == token or v == x
        distance = abs(v - x) / abs(x) if x else abs(v)
        if exact or distance <= NEAR:
            scored.append(((0 if exact else 1, rank, distance, name), (rank, name, printed)))
    scored.sort()
    exact = [o for key, o in scored if key[0] == 0][:MOST]
    if exact:
        return f" (figures of that value: {_named(sorted(exact), False)})"
    near = [o for _, o in scored][:MOST]
    return f" (figures near it: {_named(near, True)})" if near else ""


def for_phrase(p: words.Phrase, lang: str, figures: dict, bound: list[Bound]) -> str:
    """What the message for the unbound phrase `p` offers: '' or ' (figures of that value: ...)'."""
    if p.value is None:
        return ""
    written = p._replace(kind="count")  # the same value, read one way up only
    scored = []
    for rank, name, printed, spec in _candidates(lang, figures, bound):
        if not spec or not words.agrees(p, printed, spec, lang):
            continue
        inverse = not words.agrees(written, printed, spec, lang)
        v = _value(printed) or 0.0
        target = 1 / p.value if inverse and p.value else p.value
        scored.append(((inverse, rank, abs(v - target) / abs(target or 1), name), (rank, name, printed)))
    offered = [o for _, o in sorted(scored)][:MOST]
    return f" (figures of that value: {_named(offered, False)})" if offered else ""
