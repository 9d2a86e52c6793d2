"""Rendering: numbers in both languages, Markdown tables and terminal tables."""

from __future__ import annotations

import re

import numpy as np
import pytest

import gated
from gated import render
from gated.chapter import tables
from gated.render import NBSP, Column, Formula, Table, Text

TABLES = {
    "worked": tables.worked,
    "decay": tables.decay,
    "bias": tables.bias,
    "lstm_step": tables.lstm_step,
    "lstm_update": tables.lstm_update,
    "gru_step": tables.gru_step,
    "params": tables.params,
    "counts": tables.counts,
}
LANGS = ("en", "ru")


# ---------------------------------------------------------------- numbers


def test_thousands():
    assert render.number(132096, ",d", "en") == "132,096"
    assert render.number(132096, ",d", "ru") == "132\u00a0096"
    assert render.number(1202000, ",d", "ru") == "1\u00a0202\u00a0000"
    assert render.number(500, ",d", "ru") == "500"
    assert NBSP == "\u00a0"


def test_percent():
    assert render.number(0.75, ".0%", "en") == "75%"
    assert render.number(0.75, ".0%", "ru") == "75\u00a0%"


def test_scientific_and_fixed_are_the_same_in_both_languages():
    for lang in LANGS:
        assert render.number(7.105427357601002e-15, ".3e", lang) == "7.105e-15"
        assert render.number(3.6e11, ".1e", lang) == "3.6e+11"
        assert render.number(0.88079707797788, ".4f", lang) == "0.8808"
        assert render.number(-0.2, "+.2f", lang) == "\u22120.20"


def test_powers_of_ten_for_prose_read_back():
    nbsp = "\u00a0"
    for lang in LANGS:
        assert render.number(3.6e11, ".1×", lang) == f"3.6{nbsp}×{nbsp}10¹¹"
        assert render.number(7.105427357601002e-15, ".1×", lang) == f"7.1{nbsp}×{nbsp}10⁻¹⁵"
    for x in (3.6e11, 7.1e-15, 2.6e-3, 1.0):
        assert render.parse(render.number(x, ".1×")) == x


MINUS = "\u2212"


@pytest.mark.parametrize("lang", LANGS)
def test_a_negative_number_has_a_minus_sign_not_a_hyphen(lang):
    """The sign of a negative number is U+2212 in every format, both languages; an exponent keeps its hyphen."""
    nbsp = "\u00a0"
    grouped = {"en": ",", "ru": nbsp}[lang]
    assert render.number(-0.32, ".2f", lang) == MINUS + "0.32"
    assert render.number(-4.24, "+.2f", lang) == MINUS + "4.24"
    assert render.number(-132096, ",d", lang) == MINUS + "132" + grouped + "096"
    assert render.number(-0.75, ".0%", lang) == MINUS + "75" + ("%" if lang == "en" else nbsp + "%")
    assert render.number(-7.105427357601002e-15, ".3e", lang) == MINUS + "7.105e-15"
    assert render.number(-3.6e11, ".1×", lang) == f"{MINUS}3.6{nbsp}×{nbsp}10¹¹"
    assert render.number(-0.5, "g", lang) == MINUS + "0.5"
    assert render.number(-0.0001, ".3f", lang) == "0.000"  # a number that rounds to zero has no sign
    assert render.number(0.32, ".2f", lang) == "0.32" and render.number(0.32, "+.2f", lang) == "+0.32"
    assert render.named("a", -0.32, ".2f", lang) == f'<span data-name="a">{MINUS}0.32</span>'
    assert render.vector([0.1, -0.2], ".1f", lang) == f"(0.1, {MINUS}0.2)"
    table = Table((Column("x", ".2f"),), ((-0.32,), (0.5,)))
    assert render.markdown(table, lang).splitlines()[2] == f"| {MINUS}0.32 |"
    assert f"{MINUS}0.32" in render.text(table, lang)
    assert not any("-" in render.number(x, spec, lang) for x in (-1.5, -2, -1e5) for spec in (".1f", ",.0f", "+.3f"))


@pytest.mark.parametrize("x", [-0.32, -4.24, -132096, -0.75, -7.105e-15, -3.6e11, 0.32, 0.0])
@pytest.mark.parametrize("spec", [".2f", "+.3f", ",.0f", ".3e", ".1×", ".0%"])
def test_parse_reads_back_what_number_printed_with_either_sign(x, spec):
    printed = render.number(x, spec, "en")
    plain = format(x, spec[:-1] + "e" if spec.endswith("×") else spec)  # what format() prints, with a hyphen
    for shown in (printed, printed.replace(MINUS, "-")):
        assert render.parse(shown) == render.parse(plain), shown


def test_parse_reads_a_minus_sign():
    assert render.parse(MINUS + "0.32") == -0.32 == render.parse("-0.32")
    assert render.parse(MINUS + "132,096") == -132096 and isinstance(render.parse(MINUS + "132,096"), int)
    assert render.parse(MINUS + "75%") == -0.75
    assert render.parse(MINUS + "7.105e-15") == -7.105e-15


def test_vectors():
    assert render.vector(np.array([0.80376, 0.69636]), "+.4f", "en") == "(+0.8038, +0.6964)"
    assert render.vector([0.1, -0.2], "+.2f", "ru") == "(+0.10, \u22120.20)"
    assert render.vector(np.array([[1.0], [2.0]]), ".1f") == "(1.0, 2.0)"
    assert render.vector([1234.0, 5.0], ",.0f", "ru") == "(1\u00a0234, 5)"


def test_the_current_language_is_used_when_none_is_given():
    assert gated.language() == "en"
    assert render.number(132096, ",d") == "132,096"
    with gated.using_language("ru"):
        assert gated.language() == "ru"
        assert render.number(132096, ",d") == "132\u00a0096"
        assert str(Text("cell", "ячейка")) == "ячейка"
        assert render.number(132096, ",d", "en") == "132,096"  # an explicit language wins
    assert str(Text("cell", "ячейка")) == "cell"


def test_using_language_rejects_unknown_languages():
    with pytest.raises(ValueError, match="'de'"):
        with gated.using_language("de"):
            pass  # pragma: no cover
    assert gated.language() == "en"


def test_using_language_restores_the_previous_language():
    with gated.using_language("ru"):
        with gated.using_language("en"):
            assert gated.language() == "en"
        assert gated.language() == "ru"
        with pytest.raises(RuntimeError):
            with gated.using_language("en"):
                raise RuntimeError
        assert gated.language() == "ru"
        with pytest.raises(ValueError):
            with gated.using_language("fr"):
                pass  # pragma: no cover
        assert gated.language() == "ru"
    assert gated.language() == "en"


# ---------------------------------------------------------------- cells


def test_cell_kinds():
    assert render.cell(Formula("\\sigma", "sigma"), None) == "$\\sigma$"
    assert render.cell(Text("a", "б"), None, "ru") == "б"
    assert render.cell("1×", None) == "1×"
    assert render.cell(np.float64(0.5), ".4f") == "0.5000"
    assert render.cell(np.int64(30522), ",d", "ru") == "30\u00a0522"
    assert render.cell(np.array([0.5, 0.25]), ".2f") == "(0.50, 0.25)"


def test_a_number_in_a_text_column_is_an_error():
    with pytest.raises(TypeError):
        render.cell(3.0, None)


# ---------------------------------------------------------------- Markdown


def md_cells(line: str) -> list[str]:
    assert line.startswith("| ") and line.endswith(" |"), line
    return line[2:-2].split(" | ")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(TABLES))
def test_markdown_shape_and_alignment(name, lang):
    t = TABLES[name]()
    lines = render.markdown(t, lang).rstrip("\n").split("\n")
    assert len(lines) == 2 + len(t.rows)
    for line in lines:
        assert len(md_cells(line)) == len(t.columns), line
    rule = md_cells(lines[1])
    for c, r in zip(t.columns, rule, strict=True):
        assert r == ("---:" if c.spec else ":---")
    assert any(c.spec for c in t.columns)  # every chapter table has a column of numbers
    head = md_cells(lines[0])
    assert head == [render.cell(c.title, None, lang) for c in t.columns]
    for row, line in zip(t.rows, lines[2:], strict=True):
        for value, c, shown in zip(row, t.columns, md_cells(line), strict=True):
            assert shown == render.cell(value, c.spec, lang)


def test_markdown_numbers_follow_the_language():
    en, ru = render.markdown(tables.params(), "en"), render.markdown(tables.params(), "ru")
    assert "| 1,202,000 |" in en
    assert "| 1\u00a0202\u00a0000 |" in ru
    assert "," not in ru.split("\n", 2)[2].replace(", ", "")  # no thousands comma left in the body
    assert "ячейка" in ru and "cell" in en


def test_markdown_of_a_small_table():
    t = Table((Column(Text("name", "имя")), Column("n", ",d")), ((Text("a", "а"), 1000), ("b", 2)))
    assert render.markdown(t, "en") == "| name | n |\n| :--- | ---: |\n| a | 1,000 |\n| b | 2 |\n"
    assert render.markdown(t, "ru") == "| имя | n |\n| :--- | ---: |\n| а | 1\u00a0000 |\n| b | 2 |\n"


# ---------------------------------------------------------------- terminal text


def spans(line: str, cells: list[str], start: int) -> list[tuple[int, int]]:
    """Where each cell's text sits in a line, searching left to right."""
    out, pos = [], start
    for s in cells:
        i = line.index(s, pos)
        out.append((i, i + len(s)))
        pos = i + len(s)
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(TABLES))
def test_text_lines_align(name, lang):
    t = TABLES[name]()
    indent = "  "
    lines = render.text(t, lang, indent=indent).rstrip("\n").split("\n")
    assert len(lines) == 2 + len(t.rows)
    head = [render.cell(c.title if c.plain is None else c.plain, None, lang) for c in t.columns]
    body = [
        [
            v.plain if isinstance(v, Formula) else render.cell(v, render.terminal(c.spec), lang)
            for v, c in zip(row, t.columns, strict=True)
        ]
        for row in t.rows
    ]
    rows = [head, *body]
    where = [spans(line, cells, len(indent)) for line, cells in zip([lines[0], *lines[2:]], rows, strict=True)]
    for j, c in enumerate(t.columns):
        if c.spec:  # numbers: right edges line up
            edges = {w[j][1] for w, cells in zip(where, rows, strict=True)}
        else:  # text: left edges line up, wherever there is text
            edges = {w[j][0] for w, cells in zip(where, rows, strict=True) if cells[j]}
        assert len(edges) == 1, (render.cell(c.title, None, "en"), edges)
    rule = lines[1]
    assert rule.startswith(indent) and set(rule[len(indent) :]) == {"-"}
    assert len(rule) == max(len(line) for line in lines)
    for line in lines:
        assert line.startswith(indent) and line == line.rstrip()
    # nothing in the terminal is TeX, and a power of ten is in e-notation
    assert not any("$" in line for line in lines)
    assert not any(render.TIMES in line for line in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_a_title_may_be_one_string_for_both_languages(lang):
    t = Table((Column(Text("name", "имя")), Column("$\\sigma(b_f)$", ".2f", "sigma(b_f)"), Column("$n$", "d")),
              (("a", 0.5, 3),))
    assert render.markdown(t, lang).splitlines()[0] == f"| {Text('name', 'имя')(lang)} | $\\sigma(b_f)$ | $n$ |"
    assert render.text(t, lang, indent="").splitlines()[0].split() == [Text("name", "имя")(lang), "sigma(b_f)", "$n$"]
    assert render.text(Table((Column("$x$", "d", ""),), ((1,),)), lang, indent="").splitlines()[0] == ""


@pytest.mark.parametrize("lang", LANGS)
def test_a_power_of_ten_is_written_out_on_the_page_and_in_e_notation_in_the_terminal(lang):
    """A column whose spec ends in "×": the page writes 7.105 × 10⁻¹⁵ (no-break spaces), the terminal the same
    digits in e-notation, 7.105e-15, as the same spec ending in "e" prints them; a bound (`Below`) in it too."""
    from gated.render import TIMES, Below

    t = Table((Column("x", ".3×"), Column("y", ".1×")),
              ((7.105427357601002e-15, Below(2e-16, 1e-12)), (-2.565e-3, 3.6e11)))
    assert render.markdown(t, lang).splitlines()[2:] == [
        f"| 7.105{TIMES}⁻¹⁵ | <{NBSP}1.0{TIMES}⁻¹² |",
        f"| {MINUS}2.565{TIMES}⁻³ | 3.6{TIMES}¹¹ |",
    ]
    assert render.text(t, lang, indent="").splitlines()[2:] == [
        f" 7.105e-15   <{NBSP}1.0e-12",
        f"{MINUS}2.565e-03     3.6e+11",
    ]
    same = Table((Column("x", ".3e"), Column("y", ".1e")), t.rows)
    assert render.text(t, lang) == render.text(same, lang)  # the terminal's table does not change


def test_a_terminal_prints_a_power_of_ten_spec_in_e_notation():
    assert [render.terminal(s) for s in (".3×", ".0×", "+.1×", ".2e", ".4f", ",d", "g", None)] == [
        ".3e", ".0e", "+.1e", ".2e", ".4f", ",d", "g", None]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_chapter_tables_write_powers_of_ten_as_prose_does(name, lang):
    """No page table prints e-notation; the terminal's prints it wherever the page writes × 10ⁿ."""
    t = TABLES[name]()
    assert not any(c.spec and c.spec.endswith("e") for c in t.columns), name
    page, terminal = render.markdown(t, lang), render.text(t, lang)
    assert not re.search(r"\de[-+]\d", page), page
    assert page.count("×" + NBSP + "10") == len(re.findall(r"\de[-+]\d", terminal))


def test_text_of_a_small_table():
    t = Table((Column(Text("name", "имя")), Column("n", ",d")), (("a", 1000), ("bcdef", 2)))
    assert render.text(t, "en", indent="") == (
        "name" + " " * 8 + "n\n" + "-" * 13 + "\n" + "a" + " " * 7 + "1,000\n" + "bcdef" + " " * 7 + "2\n"
    )
    assert render.text(t, "ru", indent="").split("\n")[2] == "a" + " " * 7 + "1\u00a0000"


# ---------------------------------------------------------------- differences that only rounding makes


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_rounding_difference_shows_its_bound_not_its_last_bits(lang):
    from gated.render import NBSP, TIMES, Below, below, cell

    assert below(4.8e-18, 1e-12, lang=lang) == "<" + NBSP + "1" + TIMES + "⁻¹²"
    assert below(-3e-17, 1e-15, ".0e", lang=lang) == "<" + NBSP + "1e-15"  # a difference of either sign
    assert below(0.0, 1e-12, key="tol", lang=lang) == "<" + NBSP + '<span data-name="tol">1' + TIMES + "⁻¹²</span>"
    assert cell(Below(2e-16, 1e-10), ".1e", lang) == "<" + NBSP + "1.0e-10"  # in a table, at its column's format
    assert cell(Below(2e-16, 1e-10), ".1×", lang) == "<" + NBSP + "1.0" + TIMES + "⁻¹⁰"
    for more in (1e-12, 2e-12, float("nan")):  # at or above its bound it is not rounding: it is refused
        with pytest.raises(AssertionError, match="not below"):
            below(more, 1e-12)


def test_recording_collects_every_number_printed_and_only_inside_the_block():
    from gated.render import number, recording

    number(1.5, ".1f")
    with recording() as printed:
        number(0.123456, ".3f")
        number(132096, ",d", "ru")
    number(2.5, ".1f")
    assert printed == [(0.123456, ".3f"), (132096, ",d")]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_folded_puts_tables_under_a_collapsed_note_in_the_page_language(lang):
    table = render.markdown(render.Table((render.Column("x", ".1f"),), ((0.5,),)), lang)
    out = render.folded(render.Text("Data", "Данные"), table, "after", lang=lang)
    head, blank, *body = out.splitlines()
    assert head == f'??? note "{"Data" if lang == "en" else "Данные"}"' and blank == ""
    assert body == ["    | x |", "    | ---: |", "    | 0.5 |", "", "    after"]
