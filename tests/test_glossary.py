"""The glossary in README.md, applied to the Russian text: its terms are used, the words it rejects are not.

The Russian text is every docs/*.ru.md page and the notebook's Russian Markdown
cells. Russian inflects, so a term matches in any of its usual case forms: each
word's ending is dropped and a common ending may follow (гейт забывания matches
«гейта забывания», смещение matches «смещений»). A match starts and ends at a
word boundary, so «сид» is not found in «инсидент».
"""

from __future__ import annotations

import re
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


ENTRIES = glossary()
TEXTS = russian_texts()


def test_the_glossary_is_read():
    assert len(ENTRIES) >= 10
    assert {"gate", "forget gate", "vanishing gradient", "batch", "seed"} <= {e.english for e in ENTRIES}
    assert len(TEXTS) > 2 and all(TEXTS.values())


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.english)
def test_no_russian_page_uses_a_rejected_word(entry):
    found = [f"{where}:{text.count(chr(10), 0, m.start()) + 1}: «{m.group()}»"
             for word in entry.avoid for where, text in TEXTS.items() for m in pattern(word).finditer(text)]
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
    ],
)
def test_the_pattern(term, text, found):
    assert bool(pattern(term).search(text)) is found
