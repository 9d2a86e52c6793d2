"""The drift guards, broken on purpose in copies of the site.

Each test changes one thing that a careless edit could change, and asserts that
the strict build fails with a message naming what drifted and where.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.build

ROOT = Path(__file__).resolve().parents[2]


def output(result) -> str:
    return result.stdout + result.stderr


def drift_hook():
    spec = importlib.util.spec_from_file_location("drift_hook", ROOT / "hooks" / "drift.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------- in copies of the site


def test_changing_a_worked_example_weight_fails_the_build(copy, build, edit):
    edit(copy / "gated/examples.py", "f=_scalar(1.63, 2.70, 1.62)", "f=_scalar(1.93, 2.70, 1.62)")
    result = build(copy)
    assert result.returncode == 1
    text = output(result)
    assert "worked.f: published 0.997, computed now 0.998" in text
    quoted = re.search(r"worked\.f: .*; quoted in (.*)", text).group(1)
    for page in ("docs/lstm.md", "docs/lstm.ru.md", "docs/step-by-step.md", "docs/step-by-step.ru.md"):
        assert page in quoted
    assert "worked.c: published 2.948" in text


def test_a_wrong_number_in_a_russian_paragraph_fails_the_build(copy, build, edit):
    edit(copy / "docs/highway.ru.md", "7.105e-15", "7.106e-15")
    result = build(copy)
    assert result.returncode == 1
    assert re.search(r"docs/highway\.ru\.md: the number '7\.106e-15' is not a published figure .*«.*7\.106e-15.*»",
                     output(result))


def test_english_grouping_on_a_russian_page_fails_the_build(copy, build, edit):
    edit(copy / "docs/cost.ru.md", "132\u00a0096", "132,096")
    result = build(copy)
    assert result.returncode == 1
    assert "docs/cost.ru.md: the number '132,096' is grouped the English way on a Russian page" in output(result)


def test_deleting_a_table_from_a_russian_page_fails_the_build(copy, build):
    page = copy / "docs/index.ru.md"
    text = page.read_text(encoding="utf-8")
    table = re.search(r"\n(\|.*\|\n)+", text)
    assert table, "the Russian home page has a hand-written table"
    page.write_text(text[: table.start()] + "\n" + text[table.end():], encoding="utf-8")
    result = build(copy)
    assert result.returncode == 1
    assert "docs/index.ru.md does not match docs/index.md in its tables and figures" in output(result)


def test_a_missing_block_in_a_russian_page_fails_the_build(copy, build):
    page = copy / "docs/gru.ru.md"
    text = page.read_text(encoding="utf-8")
    block = re.search(r'```python exec="on"[^\n]*id="comparison"[^\n]*\n.*?```\n', text, re.S)
    page.write_text(text[: block.start()] + text[block.end():], encoding="utf-8")
    result = build(copy)
    assert result.returncode == 1
    assert "docs/gru.ru.md does not match docs/gru.md in its executed blocks" in output(result)


def test_an_english_page_without_a_russian_twin_fails_the_build(copy, build, edit):
    (copy / "docs/appendix.md").write_text("# Appendix\n\nThe forget gate is 0.997.\n", encoding="utf-8")
    edit(copy / "mkdocs.yml", "  - code.md\n", "  - code.md\n  - appendix.md\n")
    result = build(copy)
    assert result.returncode == 1
    assert "docs/appendix.md has no Russian twin: docs/appendix.ru.md" in output(result)


# ---------------------------------------------------------------- the checks themselves

PUBLISHED = {"0.997", "132096", "75%", "2.565e-03"}


@pytest.mark.parametrize(
    ("lang", "html", "problem"),
    [
        ("en", "<p>The gate is 0.997 and costs 132,096.</p>", None),
        ("ru", "<p>Гейт равен 0.997 и стоит 132\u00a0096, это 75\u00a0%.</p>", None),
        ("en", "<p>Hochreiter and Schmidhuber (1997), in chapter 13; eqs. 5–8; volume 9(8).</p>", None),
        ("en", '<p>A formula <span class="arithmatex">\\(f = 0.42\\)</span> and <code>0.42</code>.</p>', None),
        ("en", '<div class="exec"><table><tr><td>0.123</td></tr></table></div><p>It is 0.123.</p>', None),
        ("en", "<p>The gate is 0.996.</p>", "'0.996' is not a published figure"),
        ("en", "<p>It costs 132\u00a0096.</p>", "grouped the Russian way"),
        ("ru", "<p>Стоит 132,096.</p>", "grouped the English way"),
        ("en", "<p>It costs 132096.</p>", "needs its thousands grouped"),
        ("en", "<ul><li>Twelve is 12.</li></ul>", "'12' is not a published figure"),
        ("ru", "<p>Ровно 0,997.</p>", "has a decimal comma"),
    ],
)
def test_prose_numbers(lang, html, problem):
    problems, _ = drift_hook().check_prose(html, "docs/page.md", lang, PUBLISHED)
    if problem is None:
        assert problems == []
    else:
        assert len(problems) == 1 and problem in problems[0] and problems[0].startswith("docs/page.md: ")
