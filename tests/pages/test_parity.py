"""Twins compared in their sources (hooks/parity.py), without a build."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EN = "# Page\n\nIt is [0.997]{worked.f}, then [2.948]{worked.c}.\n\n| a | b |\n| --- | --- |\n| x | y |\n"
RU = "# Страница\n\nЭто [0.997]{worked.f}, затем [2.948]{worked.c}.\n\n| a | b |\n| --- | --- |\n| x | y |\n"


@pytest.fixture(scope="module")
def parity():
    from conftest import load_hook

    return load_hook("parity")


def test_twins_that_agree(parity):
    assert parity.compare("docs/p.md", EN, "docs/p.ru.md", RU) == []


def test_a_swap_in_one_language_names_the_line(parity):
    swapped = RU.replace("[0.997]{worked.f}, затем [2.948]{worked.c}", "[2.948]{worked.c}, затем [0.997]{worked.f}")
    assert parity.compare("docs/p.md", EN, "docs/p.ru.md", swapped) == [
        "docs/p.ru.md:3: does not match docs/p.md in its quoted figures: item 1 is worked.c where docs/p.md:3 has"
        " worked.f"
    ]


def test_a_kind_is_not_a_quoted_figure(parity):
    assert parity.compare("docs/p.md", EN + "\n[1997]{year}\n", "docs/p.ru.md", RU) == []


def test_a_table_with_a_row_less(parity):
    problems = parity.compare("docs/p.md", EN, "docs/p.ru.md", RU.replace("| x | y |\n", ""))
    assert problems == ["docs/p.ru.md:5: does not match docs/p.md in its tables and images: item 1 is table 2×2"
                        " where docs/p.md:5 has table 3×2"]


def test_the_notebook_cells_keep_their_order(parity, tmp_path):
    source = (ROOT / "notebooks" / "gradient-highway.py").read_text(encoding="utf-8")
    assert parity.notebook(ROOT / "notebooks" / "gradient-highway.py", "nb") == []
    ru_cell = source.index('lang="ru"', source.index("[0.8038]{lstm2.f1}"))
    swapped = source[:ru_cell] + source[ru_cell:].replace("[0.8038]{lstm2.f1}", "[0.6964]{lstm2.f2}", 1)
    (tmp_path / "nb.py").write_text(swapped, encoding="utf-8")
    (problem,) = parity.notebook(tmp_path / "nb.py", "nb")
    assert "the ru cells do not match the en cells in their quoted figures" in problem
    assert problem.startswith(f"nb:{swapped[: swapped.index('[0.6964]{lstm2.f2}', ru_cell)].count(chr(10)) + 1}:")
