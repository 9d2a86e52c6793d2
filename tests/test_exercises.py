"""An answer's code shows every reader the same thing: the snippets of the exercises (`snippets/*/ex_*.py`) print
numbers and formulas, and no sentence of either language; the words of an answer are the page's."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = sorted(ROOT.glob("snippets/*/ex_*.py"))
# What a string may hold besides words: formulas, code, markup, and the names of things.
NOT_WORDS = re.compile(r"\$[^$]*\$|`[^`]*`|<[^>]*>|\{[^{}]*\}|\\[A-Za-z]+")
WORDS = re.compile(r"[A-Za-z]{2,}[ ,;:]+[A-Za-z]{2,}|[\u0400-\u04ff]")


def strings(path: Path) -> list[tuple[int, str]]:
    """The string literals of a snippet, f-strings' literal parts included, with their lines."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append((node.lineno, node.value))
    return found


def sentences(text: str) -> list[str]:
    return WORDS.findall(NOT_WORDS.sub(" ", text))


def test_the_check_finds_words_and_passes_formulas():
    assert sentences("The budget is $4H$ parameters") and sentences("Бюджет")
    assert not sentences("$\\sigma(b_f)$ = **{answer('b_f', b, '.2f')}**, `nn.LSTM`: $\\max \\sigma$ =")
    assert not sentences("- $W_{xf} = W_f^\\top$, $\\quad n$ =")


def test_there_are_exercises():
    assert len(SNIPPETS) >= 20


@pytest.mark.parametrize("path", SNIPPETS, ids=lambda p: str(p.relative_to(ROOT)))
def test_an_answer_s_code_says_nothing_in_words(path):
    source = path.read_text(encoding="utf-8")
    assert "language(" not in source, f"{path.relative_to(ROOT)} chooses what to say by language"
    found = [f"{path.relative_to(ROOT)}:{line}: {s!r}" for line, s in strings(path) if sentences(s)]
    assert found == [], "an answer's words belong on its page, in each language:\n" + "\n".join(found)
