"""Answers a reader can check: the number an exercise asks for, and the field where the reader types theirs.

A block computes the answer and prints it with `answer`, which prints it as
`named` does (so the page's prose quotes it as ``[VALUE]{block:key}``) and
writes beside it the exact value and how far from it a reader's number may be
and still be right: a whole number exactly, any other half a unit of the last
digit printed (``0.7500`` accepts 0.74995 to 0.75005). The page asks for it with a field, a
paragraph that names the value and whose text is the field's label:

    How many steps, $\\tau$?
    { .answer data-answer="ex-one-percent:tau" }

`field` writes the form that replaces that paragraph (hooks/answers.py puts it
there): the label, an input, a button and a live region, in the page's
language, hidden until docs/javascripts/answers.js, which reads what the
reader types and says whether it is right or how far off, shows it. The
answer is written into the page when the site is built; nothing is asked of a
server.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from .render import SUPERSCRIPT, TIMES, Text, language, named, number

# What the field says, in each language. {typed} is the reader's number as the page reads it, {off} how far it is
# from the answer; answers.js fills both in, in the page's number format.
WORDS = {
    "check": Text("Check", "Проверить"),
    "right": Text("Right: {typed}.", "Верно: {typed}."),
    "high": Text("Not yet: {typed} is too high, by {off}.", "Пока нет: {typed} больше ответа на {off}."),
    "low": Text("Not yet: {typed} is too low, by {off}.", "Пока нет: {typed} меньше ответа на {off}."),
    "unread": Text("“{typed}” is not a number this field can read.", "Не удаётся прочитать «{typed}» как число."),
    "empty": Text("Type a number first.", "Сначала введите число."),
}


def unit(printed: str) -> float:
    """The value of one unit of the last digit of a number as `number` prints it in English.

    >>> unit("132,096"), unit("0.9046"), unit("75%"), unit("7.1e-15"), unit("3.6" + TIMES + "¹¹")
    (1.0, 0.0001, 0.01, 1e-16, 10000000000.0)
    """
    mantissa, power = printed.replace(",", ""), 0
    if TIMES in mantissa:
        mantissa, exponent = mantissa.split(TIMES)
        power = int(exponent.translate({v: k for k, v in SUPERSCRIPT.items()}))
    elif "e" in mantissa:
        mantissa, exponent = mantissa.split("e")
        power = int(exponent)
    if mantissa.endswith("%"):
        mantissa, power = mantissa[:-1], power - 2
    return float(f"1e{power - len(mantissa.partition('.')[2])}")


def answer(key: str, x: Any, spec: str, *, within: float | None = None) -> str:
    """The answer to an exercise, printed as `named(key, x, spec)` prints it, for a field to check.

    Parameters
    ----------
    key : str
        Its name in the block: the page quotes it as ``[VALUE]{block:key}`` and asks for it with
        ``data-answer="block:key"``.
    x : number
        The exact answer.
    spec : str
        Its format, as for `gated.render.number`.
    within : float, optional
        How far from `x` a reader's number may be and still be right; by default none for a whole number
        (`spec` ends in "d") and half a unit of the last digit that `spec` prints for any other.
    """
    value = float(x)
    if within is None:
        within = 0.0 if spec.endswith("d") else unit(number(x, spec, "en")) / 2
    if not within >= 0:
        raise ValueError(f"an answer's tolerance is a distance, not {within!r}")
    share = ' data-percent=""' if spec.endswith("%") else ""
    return f'<span class="answer" data-value="{value!r}" data-within="{within!r}"{share}>{named(key, x, spec)}</span>'


ANSWER = re.compile(r'<span class="answer" data-value="(?P<value>[^"]+)" data-within="(?P<within>[^"]+)"'
                    r'(?P<percent> data-percent="")?><span data-name="(?P<key>[^"]*)">')


def field(ref: str, label: str, value: float, within: float, percent: bool = False, lang: str | None = None) -> str:
    """The form in which a reader checks an answer: `label` (HTML) names an input; a button and the Enter key
    check what is typed, and a live region says the verdict, in `lang` (the current language by default).

    `ref` is the answer's ``block:key``; the ids come from it, so one page holds one field per answer.
    """
    lang = lang or language()
    ident = "answer-" + re.sub(r"[^\w-]", "-", ref)
    config = {"lang": lang, "value": value, "within": within, "percent": percent,
              "words": {k: t(lang) for k, t in WORDS.items() if k != "check"}}
    return (
        f'<form class="answer" hidden data-answer="{escape(ref)}"'
        f' data-config="{escape(json.dumps(config, ensure_ascii=False))}">'
        f'<label for="{ident}">{label}</label>'
        f'<span class="answer-entry"><input id="{ident}" type="text" autocomplete="off" spellcheck="false"'
        f' aria-describedby="{ident}-said"><button type="submit">{escape(WORDS["check"](lang))}</button></span>'
        f'<output id="{ident}-said" for="{ident}" aria-live="polite"></output></form>'
    )
