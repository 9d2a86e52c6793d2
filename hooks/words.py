"""Numbers in words: the phrases that state a result as a multiple or a fraction, in English and Russian.

A result written in words ("twice", "a factor of three", "three quarters", «вдвое», «в три раза», «три четверти»)
is held to the rule for digits (hooks/quotes.py): it is bound to the figure it states, or the build fails. A bound
phrase, `[three quarters]{cost.gru_share}`, is checked by its value: three quarters is 0.75, which the figure's
format prints as 75%, the figure's value. A multiple states a ratio either way up, so "a factor of ten" agrees
with 10 and with 0.1; a fraction or a verb ("halves") states one value.

The phrases (PHRASES), in either language, whatever their case, hyphens or line breaks:

- multiples: twice, thrice; N times; a factor of N; N-fold, tenfold; double, triple, quadruple (any form);
  an order of magnitude, N orders of magnitude; вдвое … вдесятеро; в N раз(а); двукратный … стократный;
  удвоить, утроить, учетверить (any form); дважды, трижды; на порядок, на N порядка;
- fractions: half, one and a half, halve (any form); a third, two thirds, a quarter, three quarters, a fifth …
  a hundredth; one in ten, N out of M, N of (the) M; N per cent; половина, полтора, пол-…; треть, две трети,
  четверть, три четверти; одна пятая, три десятых; пятая часть, десятая доля; N из M; N процентов.

What stays free is structure, under a rule kept narrow on purpose (`free` says which rule let a phrase pass):

- a count or an ordinal on its own: "three gates", "two state vectors", "the third row", «два гейта»,
  «третья строка» (a number word is a phrase only inside the constructions above);
- a half that names a part, after a word that says which: "the forward half", "each half", "both halves",
  "the first half of the output"; «прямая половина», «каждая половина», «обе половины»;
- a repetition that ends its clause: "it answers twice, by …", "run three times."; «отвечает дважды:»;
- a pick: "one of its four blocks", «ни один из трёх запусков» (but "two of the three runs" is a share);
- "a third" before a noun, as an ordinal: "a third gate" (but "a third of", "a third more" are fractions);
- fixed terms: double precision, half precision, half-open, double-check.

A phrase with no number in it ("orders of magnitude", «в разы», «на порядки») states no value and is free.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from numerals import (EN_A_NUMBER, EN_DENOMINATORS, EN_NUMBER, RU_CARDINALS, RU_NUMBER, RU_ORDINAL_STEMS,
                      alternatives, cardinal)

# ---------------------------------------------------------------- the phrases


class Phrase(NamedTuple):
    """A number in words found in a text: where, what it says, its value, and the rule that frees it, if any."""

    start: int
    end: int
    text: str
    kind: str  # "multiple" or "fraction"
    value: float | None  # None when the words give no value ("in thirds")
    free: str | None  # the structural rule that lets it pass, or None: it must be bound

    @property
    def reciprocal(self) -> bool:
        """Whether the phrase states a ratio either way up (a factor of ten: 10 or 0.1)."""
        return self.kind == "multiple"


_END = r"(?=\s*(?:[,.;:!?)\]—–]|$))"  # the clause ends after the phrase
_WHICH_HALF = re.compile(r"\b(?:forward|backward|first|second|upper|lower|left|right|top|bottom|other|each|either|"
                         r"every|this|that|which|whichever|latter|former|front|back|own|both|two|the two|its two|"
                         r"their two|these|those)\s+$", re.I)
_WHICH_HALF_RU = re.compile(r"\b(?:(?:прям|обратн|перв|втор|верхн|нижн|лев|прав|друг|кажд|как|котор|последн|данн|"
                            r"ин|одн)(?:ая|ую|ой|ою|ые|ых|ым|ыми|ие|их|им|ими)|(?:эт|т)(?:а|у|ой|и|их)|"
                            r"сво(?:я|ю|ей|и|их)|обе|обеих|обеим|обеими)\s+$", re.I)
_FIXED = re.compile(r"\b(?:double|half)[\s-]+precision\b|\bhalf-(?:open|closed)\b|\bdouble-check\w*", re.I)
_ORDINAL_NEXT = re.compile(r"\s+(?!(?:of|more|less|fewer|larger|smaller|bigger|higher|lower|faster|slower|as|again|"
                           r"the|its|their|that|this|than)\b)[^\W\d_]", re.I)


def _value(words: str) -> float | None:
    return cardinal(words) if words else None


def _en(text: str) -> list[Phrase]:
    found: list[Phrase] = []

    def add(m: re.Match, kind: str, value, free: str | None = None) -> None:
        found.append(Phrase(m.start(), m.end(), m.group(), kind, value, free))

    number, a_number = EN_NUMBER, EN_A_NUMBER
    def repetition(m: re.Match) -> str | None:
        return "a repetition that ends its clause" if re.match(_END, text[m.end():]) else None

    for m in re.finditer(r"\b(twice|thrice)\b", text, re.I):
        add(m, "multiple", {"twice": 2, "thrice": 3}[m[1].lower()], repetition(m))
    for m in re.finditer(rf"\b({number})[\s-]+times\b", text, re.I):
        add(m, "multiple", _value(m[1]), repetition(m))
    for m in re.finditer(rf"\b(?:by\s+)?(?:an?\s+)?factor\s+of\s+(?:(?:about|around|roughly|nearly|almost|some|over|"
                         rf"under|only|just|at\s+least|at\s+most|more\s+than|less\s+than|up\s+to)\s+)?({a_number})\b", text, re.I):
        add(m, "multiple", _value(m[1]))
    for m in re.finditer(rf"\b({number})[\s-]?fold\b", text, re.I):
        add(m, "multiple", _value(m[1]))
    for m in re.finditer(rf"\b(?:(an|one|{number})\s+)?orders?\s+of\s+magnitude\b", text, re.I):
        n = _value(m[1]) if m[1] else None
        add(m, "multiple", None if n is None else 10.0**n, None if m[1] else "no number: it states no value")
    for m in re.finditer(r"\b(doubl|tripl|quadrupl|halv)(?:e|es|ed|ing)\b", text, re.I):
        stem = m[1].lower()
        free = None
        if _FIXED.match(text, m.start()):
            free = "a fixed term"
        elif stem == "halv" and m.group().lower() == "halves" and _WHICH_HALF.search(text[:m.start()]):
            free = "a half that names a part"
        value = {"doubl": 2, "tripl": 3, "quadrupl": 4, "halv": 0.5}[stem]
        add(m, "fraction" if stem == "halv" else "verb", value, free)
    for m in re.finditer(rf"\b(?:({number})\s+and\s+an?\s+half|(?:(an?|one)[\s-]+)?half)\b", text, re.I):
        free = None
        if _FIXED.match(text, m.start()):
            free = "a fixed term"
        elif not m[1] and not m[2] and _WHICH_HALF.search(text[:m.start()]):
            free = "a half that names a part"
        add(m, "fraction", (_value(m[1]) + 0.5) if m[1] else 0.5, free)
    dens = alternatives(EN_DENOMINATORS)
    for m in re.finditer(rf"\b(?:({a_number})[\s-]+)?({dens})(s?)\b", text, re.I):
        den, plural, numerator = EN_DENOMINATORS[m[2].lower()], bool(m[3]), m[1]
        if not numerator and not plural:
            continue  # an ordinal: the third row
        free = None
        if (numerator and numerator.lower() in ("a", "an") and not plural and m[2].lower() != "quarter"
                and _ORDINAL_NEXT.match(text, m.end())):
            free = "an ordinal before its noun"
        value = (_value(numerator) or 1) / den if numerator else None
        add(m, "fraction", value, free)
    for m in re.finditer(rf"\b({a_number})\s+(?:in|out\s+of)\s+(?:every\s+)?({number})\b", text, re.I):
        add(m, "fraction", _ratio(m[1], m[2]))
    for m in re.finditer(rf"\b({number})\s+of\s+(?:the\s+|its\s+|their\s+|these\s+|those\s+)?({number})\b", text, re.I):
        add(m, "fraction", _ratio(m[1], m[2]), "one of them: a pick, not a share" if m[1].lower() == "one" else None)
    for m in re.finditer(rf"\b({a_number})[\s-]*(?:per[\s-]?cent|percent)\b", text, re.I):
        add(m, "fraction", _value(m[1]) / 100 if _value(m[1]) is not None else None)
    return found


def _ratio(a: str, b: str) -> float | None:
    x, y = _value(a), _value(b)
    return x / y if x is not None and y else None


_RU_MULTIPLES = {"вдвое": 2, "втрое": 3, "вчетверо": 4, "впятеро": 5, "вшестеро": 6, "всемеро": 7, "ввосьмеро": 8,
                 "вдевятеро": 9, "вдесятеро": 10}
_RU_KRAT = {"дву": 2, "двух": 2, "трёх": 3, "трех": 3, "четырёх": 4, "четырех": 4, "пяти": 5, "шести": 6, "семи": 7,
            "восьми": 8, "девяти": 9, "десяти": 10, "сто": 100, "ста": 100, "тысяче": 1000, "полутора": 1.5}
_RU_VERBS = [(r"удво\w*|удваива\w*", 2), (r"утро(?:и|ен|я)\w*|утраива\w*", 3), (r"учетвер\w*|учетверя\w*", 4),
             (r"удесятер\w*", 10), (r"уполовин\w*", 0.5)]


def _ru(text: str) -> list[Phrase]:
    found: list[Phrase] = []

    def add(m: re.Match, kind: str, value, free: str | None = None) -> None:
        found.append(Phrase(m.start(), m.end(), m.group(), kind, value, free))

    number = RU_NUMBER
    for m in re.finditer(rf"\b({alternatives(_RU_MULTIPLES)})\b", text, re.I):
        add(m, "multiple", _RU_MULTIPLES[m[1].lower()])
    for m in re.finditer(r"\bвполовину\b", text, re.I):
        add(m, "fraction", 0.5)
    for m in re.finditer(rf"\bв\s+({number})\s+раза?\b", text, re.I):
        add(m, "multiple", _value(m[1]))
    for m in re.finditer(rf"\b({alternatives(_RU_KRAT)})[\s-]?кратн\w*|\bстократ\w*", text, re.I):
        add(m, "multiple", _RU_KRAT[m[1].lower()] if m[1] else 100)
    for pattern, value in _RU_VERBS:
        for m in re.finditer(rf"\b(?:{pattern})", text, re.I):
            add(m, "fraction" if value < 1 else "verb", value)
    for m in re.finditer(r"\b(дважды|трижды|четырежды)\b", text, re.I):
        add(m, "multiple", {"дважды": 2, "трижды": 3, "четырежды": 4}[m[1].lower()],
            "a repetition that ends its clause" if re.match(_END, text[m.end():]) else None)
    for m in re.finditer(rf"\bна\s+(?:({number})\s+)?порядк?(?:ок|а|ов)\b", text, re.I):
        n = _value(m[1]) if m[1] else 1
        add(m, "multiple", None if n is None else 10.0**n)
    for m in re.finditer(r"\bполовин\w*", text, re.I):
        add(m, "fraction", 0.5, "a half that names a part" if _WHICH_HALF_RU.search(text[:m.start()]) else None)
    for m in re.finditer(r"\bпол-\w+", text, re.I):
        add(m, "fraction", 0.5)
    for m in re.finditer(r"\b(?:полтора|полторы|полутора)\b", text, re.I):
        add(m, "multiple", 1.5)
    for m in re.finditer(rf"\b(?:({number})\s+)?(треть|трети|третей|третям|третями|третях|четверть|четверти|"
                         rf"четвертью|четвертей|четвертям|четвертями|четвертях)\b", text, re.I):
        numerator = _value(m[1]) if m[1] else 1
        add(m, "fraction", numerator / (3 if m[2].lower().startswith("трет") else 4) if numerator else None)
    stems = alternatives(RU_ORDINAL_STEMS)
    endings = r"(?:ая|ую|ой|ою|ых|ым|ыми|ые|ое|ья|ью|ьей|ьих|ьим|ьими|ьи)"
    for m in re.finditer(rf"\b(?:({number})\s+({stems}){endings}|({stems}){endings}\s+(?:част|дол)(?:ь|и|ью|ей|я|ю|"
                         rf"ям|ями|ях))\b", text, re.I):
        stem = (m[2] or m[3]).lower()
        if m[1] and m[3] is None and _value(m[1]) is not None:
            add(m, "fraction", _value(m[1]) / RU_ORDINAL_STEMS[stem])
        elif m[3]:
            add(m, "fraction", 1 / RU_ORDINAL_STEMS[stem])
    for m in re.finditer(rf"\b({number})\s+из\s+({number})\b", text, re.I):
        none = re.search(r"\bни\s+$", text[:m.start()], re.I)
        add(m, "fraction", _ratio(m[1], m[2]), "none of them: a count" if none else None)
    for m in re.finditer(rf"\b({number})\s+процент\w*|\b({alternatives(_RU_KRAT)})процентн\w*", text, re.I):
        n = _value(m[1]) if m[1] else _RU_KRAT[m[2].lower()]
        add(m, "fraction", n / 100 if n is not None else None)
    return found


PHRASES = {"en": _en, "ru": _ru}


def find(text: str, lang: str) -> list[Phrase]:
    """The numbers in words of `text` in `lang`, in order; of overlapping ones, the longest."""
    phrases = sorted(PHRASES[lang](text), key=lambda p: (p.start, -(p.end - p.start)))
    kept: list[Phrase] = []
    for p in phrases:
        if text[max(0, p.start - 1): p.start] == "\\":
            continue  # a TeX command: \times, \half
        if kept and p.start < kept[-1].end:
            continue
        kept.append(p)
    return kept


def unbound(text: str, lang: str) -> list[Phrase]:
    """The phrases of `text` that state a result and are not bound (bound literals are blanked before)."""
    return [p for p in find(text, lang) if p.free is None]


def value(words: str, lang: str) -> Phrase | None:
    """The phrase that `words` is, whole, as a bound literal's VALUE: `three quarters`, `вдвое`, `three`."""
    words = words.strip()
    phrases = find(words, lang)
    if len(phrases) == 1 and phrases[0].start == 0 and phrases[0].end == len(words) and phrases[0].value is not None:
        return phrases[0]._replace(free=None)
    n = cardinal(words) if re.fullmatch(r"[^\W\d_]+(?:[\s-]+[^\W\d_]+)*", words) else None
    if n is not None and (lang == "ru") == bool(re.search("[а-яё]", words, re.I)):
        return Phrase(0, len(words), words, "count", n, None)
    return None


# ---------------------------------------------------------------- a bound phrase against its figure


def spec_of(printed: str) -> str | None:
    """The format a printed number was written with, as far as its digits show: '0.510' '.3f', '75 %' '.0%'."""
    s = printed.replace("\u00a0", " ")
    if " × 10" in s:
        m = re.fullmatch(r"-?\d(?:\.(\d+))? × 10[⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+", s)
        return f".{len(m[1] or '')}×" if m else None
    if m := re.fullmatch(r"-?\d(?:\.(\d+))?e[-+]\d+", s):
        return f".{len(m[1] or '')}e"
    if m := re.fullmatch(r"-?\d{1,3}(?P<grouped>(?:[, ]\d{3})+)?(?:\.(?P<decimals>\d+))?(?P<percent> ?%)?|"
                         r"-?\d+(?:\.(?P<decimals2>\d+))?(?P<percent2> ?%)?", s):
        decimals = m["decimals"] or m["decimals2"] or ""
        percent = m["percent"] or m["percent2"]
        return f"{',' if m['grouped'] else ''}.{len(decimals)}{'%' if percent else 'f'}"
    return None


def agrees(phrase: Phrase, printed: str, spec: str, lang: str) -> bool:
    """Whether the phrase's value, printed with the figure's format `spec`, is the figure `printed`, and the
    figure as printed is that value to within a tenth of it: a coarse format cannot round a figure into
    agreement (three quarters is not 1, half is not 0)."""
    from gated.render import number, parse

    try:
        shown = parse(printed if "×" in printed else printed.replace("\u00a0", "").replace(" ", ""))
    except ValueError:
        return False
    values = [phrase.value] + ([1 / phrase.value] if phrase.reciprocal and phrase.value else [])
    for x in values:
        if x is None or abs(shown - x) > abs(x) / 10:
            continue
        if float(x).is_integer() and spec.rstrip("%×").endswith("d"):
            x = int(x)
        try:
            if number(x, spec, lang) == printed:
                return True
        except (ValueError, TypeError):
            continue
    return False


def message(p: Phrase, lang: str, offered: str = "") -> str:
    """What the build says about an unbound phrase: what it states, and how to bind it (with the figures that
    hooks/hints.py `offered`)."""
    words = " ".join(p.text.split())
    what = "a fraction" if p.kind == "fraction" else "a multiple"
    if p.value is None:
        return (f"«{words}» states {what} in words with no value to check; write the figure it states,"
                f" [VALUE]{{figure.name}}, or say it another way")
    return (f"«{words}» states {what} in words ({p.value:g}) that nothing checks: bind it as a number is bound,"
            f" [{words}]{{figure.name}} or [{words}]{{block:key}}, and the build checks {p.value:g} against the"
            f" figure at the figure's precision{offered}; [{words}]{{param}} for a parameter of an example;"
            f" a count is free, a multiple or a share is not (hooks/words.py)")


def main(argv: list[str]) -> int:
    """`python hooks/words.py [file ...]`: every number in words the pages (or the files named) hold, each bound,
    let through by a rule of structure (which), or unbound, with totals."""
    import sys
    from pathlib import Path

    sys.path.insert(1, str(Path(__file__).resolve().parent.parent))
    import seen
    import shared
    from literals import BOUND, line_of

    paths = [Path(a) for a in argv] or sorted((shared.ROOT / "docs").glob("*.md"))
    totals = {"bound": 0, "free": 0, "unbound": 0}
    for path in paths:
        text, lang = path.read_text(encoding="utf-8"), shared.language(path.name)
        line = line_of(text)
        visible = text
        for m in seen.code(text):
            visible = seen.blank(visible, m.start(), m.end())
        found = [(m.start(), "bound", m["value"]) for m in BOUND.finditer(visible)
                 if re.search(r"[^\W\d_]", m["value"]) and value(m["value"], lang)]
        shown = seen.blank_all(seen.reader_view(visible, BOUND)[0], seen.CODE_SPAN)
        found += [(p.start, f"free ({p.free})" if p.free else "unbound", p.text) for p in find(shown, lang)]
        for start, verdict, words in sorted(found):
            totals[verdict.split()[0]] += 1
            print(f"{path}:{line(start)}: {verdict}: {' '.join(words.split())}")
    print(f"{sum(totals.values())} numbers in words: " + ", ".join(f"{n} {k}" for k, n in totals.items()))
    return 1 if totals["unbound"] else 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
