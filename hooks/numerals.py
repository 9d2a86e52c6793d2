"""Number words of English and Russian, and their values: the vocabulary that hooks/words.py reads phrases with.

`cardinal` reads a number in words, 'twenty-five' or «двадцати пяти», in any case form; EN_NUMBER and RU_NUMBER
are the patterns that find one; the denominators and ordinal stems make fractions of them ('a fifth',
«одна пятая»).
"""

from __future__ import annotations

import re

EN_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
EN_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
EN_CARDINALS = {w: n for n, w in enumerate(EN_ONES)} | {w: 20 + 10 * k for k, w in enumerate(EN_TENS)}
EN_SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
EN_DENOMINATORS = {"third": 3, "fourth": 4, "quarter": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
                   "ninth": 9, "tenth": 10, "twelfth": 12, "twentieth": 20, "hundredth": 100, "thousandth": 1000,
                   "millionth": 10**6}


def _russian() -> dict[str, float]:
    forms: dict[str, float] = {}
    table = {
        0: "ноль нуль ноля нуля нолю нулю нолём нулём нолем нулем", 1: "один одна одно одного одной одному одним "
        "одном одну одною", 2: "два две двух двум двумя", 3: "три трёх трех трём трем тремя",
        4: "четыре четырёх четырех четырём четырем четырьмя", 8: "восемь восьми восемью восьмью",
        40: "сорок сорока", 90: "девяносто девяноста", 100: "сто ста", 200: "двести двухсот", 300: "триста трёхсот",
        400: "четыреста четырёхсот", 500: "пятьсот пятисот", 1.5: "полтора полторы полутора",
        1000: "тысяча тысячи тысячу тысячей тысячею тысяч тысячам тысячами тысячах",
        10**6: "миллион миллиона миллиону миллионом миллионе миллионы миллионов",
    }
    for n, words in table.items():
        forms.update(dict.fromkeys(words.split(), n))
    stems = {5: "пят", 6: "шест", 7: "сем", 9: "девят", 10: "десят", 11: "одиннадцат", 12: "двенадцат",
             13: "тринадцат", 14: "четырнадцат", 15: "пятнадцат", 16: "шестнадцат", 17: "семнадцат",
             18: "восемнадцат", 19: "девятнадцат", 20: "двадцат", 30: "тридцат"}
    for n, stem in stems.items():
        forms.update({stem + "ь": n, stem + "и": n, stem + "ью": n})
    for n, (nom, obl) in {50: ("пятьдесят", "пятидесяти"), 60: ("шестьдесят", "шестидесяти"),
                          70: ("семьдесят", "семидесяти"), 80: ("восемьдесят", "восьмидесяти")}.items():
        forms.update({nom: n, obl: n})
    return forms


RU_CARDINALS = _russian()
RU_ORDINAL_STEMS = {"трет": 3, "четвёрт": 4, "четверт": 4, "пят": 5, "шест": 6, "седьм": 7, "восьм": 8, "девят": 9,
                    "десят": 10, "двенадцат": 12, "двадцат": 20, "сот": 100, "тысячн": 1000, "миллионн": 10**6}


def alternatives(words) -> str:
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


EN_SCALE = alternatives(EN_SCALES)
EN_NUMBER = (rf"(?:(?:{alternatives(EN_TENS)})(?:[\s-]+(?:{alternatives(EN_ONES[1:10])}))?"
              rf"|{alternatives(EN_ONES)})(?:[\s-]+(?:{EN_SCALE}))*|an?[\s-]+(?:{EN_SCALE})(?:[\s-]+(?:{EN_SCALE}))*")
EN_A_NUMBER = rf"(?:{EN_NUMBER}|an?)"  # "a" counts as one before a fraction: a quarter
RU_NUMBER = rf"(?:{alternatives(RU_CARDINALS)})(?:\s+(?:{alternatives(RU_CARDINALS)}))*"


def cardinal(words: str) -> float | None:
    """The value of a number in words, in either language: 'twenty-five' 25, 'a hundred' 100, «двух» 2."""
    total, current, seen = 0.0, 0.0, False
    for token in re.split(r"[\s-]+", words.lower()):
        if token in ("a", "an"):
            current, seen = max(current, 1), True
        elif token in EN_CARDINALS:
            current, seen = current + EN_CARDINALS[token], True
        elif token in EN_SCALES or RU_CARDINALS.get(token) in (1000, 10**6):
            scale = EN_SCALES.get(token) or RU_CARDINALS[token]
            total, current, seen = total + max(current, 1) * scale, 0, True
        elif token in RU_CARDINALS:
            current, seen = current + RU_CARDINALS[token], True
        elif token:
            return None
    return total + current if seen else None
