"""The glossary in README.md, applied to the Russian text: its terms are used, the words it rejects are not.

The Russian text is every docs/*.ru.md page and the notebook's Russian Markdown
cells; the rejected words are also looked for in the Russian half of every
`Text(en, ru)` in gated/ and snippets/, which the pages show in tables, plots and
claims. Russian inflects, so a term matches in any of its usual case forms: each
word's ending is dropped and a common ending may follow (гейт забывания matches
«гейта забывания», смещение matches «смещений»). A match starts and ends at a
word boundary, so «сид» is not found in «инсидент».
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
NOTEBOOK = ROOT / "notebooks" / "gradient-highway.py"

VOWELS = "аяоеиыуюйь"
ENDINGS = sorted(
    {"", "а", "я", "у", "ю", "е", "и", "ы", "о", "й", "ь", "ой", "ей", "ом", "ем", "ам", "ям", "ами", "ями",
     "ах", "ях", "ов", "ев", "ая", "яя", "ое", "ее", "ые", "ие", "ый", "ий", "ую", "юю", "ых", "их", "ым", "им",
     "ыми", "ими", "ого", "его", "ому", "ему", "ью", "ия", "ии", "ию", "ием", "иям", "иями", "иях"},
    key=len,
    reverse=True,
)


class Entry(NamedTuple):
    english: str
    russian: tuple[str, ...]
    avoid: tuple[str, ...]


def glossary() -> list[Entry]:
    """The rows of the README's glossary table."""
    text = README.read_text(encoding="utf-8")
    section = re.search(r"^## Glossary\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert section, "README.md has no '## Glossary' section"
    rows = [line for line in section.group(1).splitlines() if line.startswith("|")]
    header = [c.strip() for c in rows[0].strip("|").split("|")]
    assert header == ["English", "Russian", "avoid"], header
    split = lambda cell: tuple(t.strip() for t in cell.split(",") if t.strip())  # noqa: E731
    entries = []
    for row in rows[2:]:
        english, russian, avoid = (c.strip() for c in row.strip().strip("|").split("|"))
        entries.append(Entry(english, split(russian), split(avoid)))
    return entries


def pattern(term: str) -> re.Pattern:
    """A term in any of its usual forms, as whole words."""
    words = []
    for word in term.lower().split():
        stem = word
        for _ in range(2):
            if len(stem) > 3 and stem[-1] in VOWELS:
                stem = stem[:-1]
        words.append(re.escape(stem) + "(?:" + "|".join(ENDINGS) + ")")
    return re.compile(r"(?<![\w-])" + r"\s+".join(words) + r"(?![\w-])", re.I)


def russian_texts() -> dict[str, str]:
    """Every Russian text of the chapter, by where it is."""
    texts = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in sorted(ROOT.glob("docs/*.ru.md"))}
    cells = re.findall(r'^# %% \[markdown\] lang="ru"\n((?:#[^\n]*\n?)*)', NOTEBOOK.read_text(encoding="utf-8"), re.M)
    texts[f"{NOTEBOOK.relative_to(ROOT)} (Russian cells)"] = "\n".join(
        re.sub(r"^# ?", "", line) for cell in cells for line in cell.splitlines()
    )
    return texts


def _literal(node: ast.expr) -> str | None:
    """The text of a string literal, an f-string's literal parts joined around "{…}", or None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{…}" for v in node.values)
    return None


def russian_strings() -> Iterator[tuple[str, int, str]]:
    """The Russian half of every `Text(en, ru)` in gated/ and snippets/ whose halves are string literals (f-strings
    included, their fields as "{…}"): (file, line, text), the line where the Russian half starts."""
    for path in sorted([*ROOT.glob("gated/**/*.py"), *ROOT.glob("snippets/**/*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and len(node.args) == 2 and not node.keywords):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name == "Text" and _literal(node.args[0]) is not None and (ru := _literal(node.args[1])) is not None:
                yield str(path.relative_to(ROOT)), node.args[1].lineno, ru


ENTRIES = glossary()
TEXTS = russian_texts()
STRINGS = list(russian_strings())


def test_the_glossary_is_read():
    assert len(ENTRIES) >= 10
    assert {"gate", "forget gate", "vanishing gradient", "batch", "seed"} <= {e.english for e in ENTRIES}
    assert len(TEXTS) > 2 and all(TEXTS.values())
    # the code's Russian: the tables', plots' and claims' words, in every module that has any
    assert len(STRINGS) >= 200, len(STRINGS)
    assert {"gated/chapter/plots.py", "gated/chapter/tables.py", "gated/variants.py"} <= {f for f, _, _ in STRINGS}
    assert ("gated/claims.py", "что показывают запуски") in {(f, t) for f, _, t in STRINGS}


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.english)
def test_no_russian_page_uses_a_rejected_word(entry):
    found = [f"{where}:{text.count(chr(10), 0, m.start()) + 1}: «{m.group()}»"
             for word in entry.avoid for where, text in TEXTS.items() for m in pattern(word).finditer(text)]
    found += [f"{where}:{line}: «{m.group()}» in Text(…, {text!r})"
              for word in entry.avoid for where, line, text in STRINGS for m in pattern(word).finditer(text)]
    assert not found, f"the glossary says {entry.russian[0]!r} for {entry.english!r}, not: " + "; ".join(found)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.english)
def test_every_russian_term_is_used(entry):
    missing = [term for term in entry.russian if not any(pattern(term).search(t) for t in TEXTS.values())]
    assert not missing, f"no Russian page uses {missing} ({entry.english!r}); use it, or drop it from the glossary"


@pytest.mark.parametrize(
    "term, text, found",
    [
        ("гейт забывания", "смещение гейта забывания", True),
        ("смещение", "два вектора смещений", True),
        ("память", "вдоль памяти", True),
        ("сид", "с разными сидами", True),
        ("сид", "инсидент", False),
        ("сид", "он сидит", False),
        ("батч", "мини-батч", False),
        ("мини-батч", "на мини-батчах", True),
        ("пакетная форма", "в пакетной форме", True),
        ("угасание", "Угасание градиента", True),
        ("заметок", "из прошлых заметок", True),  # a fleeting vowel: its own entry in the glossary
        ("заметка", "из прошлых заметок", False),
    ],
)
def test_the_pattern(term, text, found):
    assert bool(pattern(term).search(text)) is found


# ---------------------------------------------------------------- Russian typography
#
# What a Russian editor asks of the typesetting, in the text a reader sees: code, formulas, markup and the
# figures a binding prints are masked first (each character by an "x", lines kept, so that a line number is the
# page's). Each rule names the line it fails on.

NBSP = "\u00a0"
MASKED = re.compile(
    r"^(?P<q>```|~~~)[^\n]*\n.*?^(?P=q)[ \t]*$"  # fenced blocks
    r"|`[^`\n]+`"  # inline code
    r"|\$\$.*?\$\$|\$[^$\n]+\$|\\\(.*?\\\)"  # formulas
    r"|<[^>\n]+>"  # HTML tags
    r"|\[[^\]\n]*\]\{[^}\n]*\}|\{:[^}\n]*\}|\{\s*[.#][^}\n]*\}"  # bindings (the figure prints them), attribute lists
    r"|\]\([^)\n]*\)"  # link targets
    r"|^--8<--[^\n]*$",
    re.S | re.M,
)


def masked(text: str) -> str:
    """`text` with code, formulas, markup and names of figures masked, as described above."""
    return MASKED.sub(lambda m: re.sub(r"[^\n]", "x", m.group()), text)


ONE_LETTER = re.compile(r"(?<![\w\-.])([вксуоиаВКСУОИА])[ \t\n]+(?=[^\s|\-–—])")
# After a number, or a binding's figure ("[3.6]{…} млн", masked): the unit stays on its line.
UNITS = re.compile(r"(?:\d|x)[ \t\n]+(?=(?:млн|млрд|тыс\.|мс|мин|КБ|МБ|ГБ|Гц)(?!\w))")
DECIMAL_COMMA = re.compile(r"(?<![\d,])\d+,\d+(?![\d,])")
# People's names stay in Latin script, as in the references: these are the chapter's authors in Cyrillic.
CYRILLIC_NAMES = ("Хохрайтер", "Шмидхубер", "Герс", "Камминс", "Юзефович", "Заремба", "Суцкевер", "Грефф",
                  "Паскану", "Миколов", "Бенджио", "Шустер", "Паливал", "Липтон", "Смола", "Олах", "Чон", "Чанг")
NAMES = re.compile(r"(?<![\w-])(?:" + "|".join(CYRILLIC_NAMES) + r")\w{0,3}(?![\w-])")
# «модуль nn.LSTM»: the modules are masculine, so an adjective before one never ends as a feminine does.
FEMININE = re.compile(r"(?<![\w-])\w+(?:ая|яя|ую|юю)\s+(?=`nn\.)", re.I)  # read unmasked
# A dash keeps the word before it on its line: «память — это», never a space or a line break before «—». A cell
# of a table that holds only a dash («| — |») is not prose.
DASH = re.compile(r"(?<=[^\s|])[ \t]*\n?[ \t]*—")
# A negative number is written with the minus sign, U+2212, not a hyphen: «−0.32», «= −4.24».
MINUS = re.compile(r"(?<![\w.\-−+)\]}])-(?=\d)")
# The pages write 6.6 × 10⁻³ in Russian prose; e-notation is for code.
E_NOTATION = re.compile(r"(?<![\w.])\d+(?:\.\d+)?[eE][+\-−]?\d+(?![\w.])")


def offences(pattern: re.Pattern, text: str) -> list[tuple[int, str]]:
    seen = text if pattern is FEMININE else masked(text)
    return [(seen.count("\n", 0, m.start()) + 1, text[max(0, m.start() - 12):m.end() + 12].replace("\n", "⏎"))
            for m in pattern.finditer(seen)]


RULES = {
    "a one-letter word keeps the next word on its line (U+00A0, not a space)": ONE_LETTER,
    "a unit or «млн» keeps its number on its line (U+00A0)": UNITS,
    "the course writes a decimal point in both languages": DECIMAL_COMMA,
    "people's names are written in Latin script": NAMES,
    "an adjective before nn.LSTM or nn.GRU is masculine («модуль nn.LSTM»)": FEMININE,
    "a dash keeps the word before it on its line (U+00A0 before «—»)": DASH,
    "a negative number takes the minus sign, U+2212, not a hyphen": MINUS,
    "Russian prose writes × 10⁻³, not e-notation": E_NOTATION,
}


@pytest.mark.parametrize("rule", RULES)
def test_the_russian_typography(rule):
    found = [f"{where}:{line}: «{context}»" for where, text in TEXTS.items() for line, context in
             offences(RULES[rule], text)]
    assert not found, f"{rule}; {len(found)} places:\n" + "\n".join(found[:40])


CLI = "gated/chapter/cli.py"


@pytest.mark.parametrize("rule", RULES)
def test_the_russian_typography_of_the_code(rule):
    """The same rules for the Russian words the package and the snippets print on the pages: tables, plots, claims,
    figures (not the terminal's: `python -m gated` prints plain spaces)."""
    found = [f"{where}:{line + at - 1}: «{context}»" for where, line, text in STRINGS if where != CLI
             for at, context in offences(RULES[rule], text)]
    assert not found, f"{rule}; {len(found)} places:\n" + "\n".join(found[:40])


@pytest.mark.parametrize(
    "rule, text, fails",
    [
        ("one-letter", "Гейт и память", True),
        ("one-letter", f"Гейт и{NBSP}память", False),
        ("one-letter", "В начале", True),
        ("one-letter", "слово в\nконце строки", True),
        ("one-letter", "в `nn.LSTM`", True),
        ("one-letter", "```python\nx = а + в б\n```", False),  # code is not prose
        ("one-letter", "$a и b$", False),
        ("one-letter", "т. е. и т. д.", True),
        ("one-letter", "| и |", False),
        ("units", "[10.5]{cost.total} млн", True),
        ("units", f"10{NBSP}тыс. шагов", False),
        ("units", "7 минут", False),
        ("decimal", "равно 0,5", True),
        ("decimal", "равно 0.5, а не 1", False),
        ("decimal", "`x[0,1]`", False),
        ("names", "Хохрайтер и Шмидхубер (1997)", True),
        ("names", "Hochreiter and Schmidhuber", False),
        ("names", "работы Герса", True),
        ("feminine", "Настоящая `nn.LSTM`", True),
        ("feminine", "Настоящий модуль `nn.LSTM`", False),
        ("dash", "память — это", True),
        ("dash", f"память{NBSP}— это", False),
        ("dash", "память\n— это", True),
        ("dash", "| — | 3 |", False),
        ("dash", "[0.997]{worked.f} — гейт", True),
        ("dash", "`a — b` и $x — y$", False),
        ("minus", "равно -4.24", True),
        ("minus", "равно −4.24", False),
        ("minus", "(-0.32)", True),
        ("minus", "строки 1-2 и e-3", False),
        ("minus", "`x[-1]`", False),
        ("e-notation", "разница 6.570e-03", True),
        ("e-notation", "около 3.6e+11 раз", True),
        ("e-notation", f"6.6{NBSP}×{NBSP}10⁻³", False),
        ("e-notation", "`1e-3` в коде", False),
    ],
)
def test_each_typography_rule_fails_what_it_names(rule, text, fails):
    pattern = {"one-letter": ONE_LETTER, "units": UNITS, "decimal": DECIMAL_COMMA, "names": NAMES,
               "feminine": FEMININE, "dash": DASH, "minus": MINUS, "e-notation": E_NOTATION}[rule]
    assert bool(offences(pattern, text)) is fails
