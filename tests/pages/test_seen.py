"""Every place a reader sees text (hooks/seen.py) is read by the guard on numbers, in digits of any form and in
words: tooltips however they are set, text fences, mkdocs.yml's shown strings, the site's own scripts. No build."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def quotes():
    from conftest import load_hook

    return load_hook("quotes")


@pytest.fixture(scope="module")
def seen():
    from conftest import load_hook

    return load_hook("seen")


# A number or a phrase where a reader sees it as a tooltip, a label, pasted output or another form of digit.
FAILING = [
    ("en", 'A paragraph.\n{title="a gate at 0.5"}', "'0.5' is not bound", 4),
    ("en", 'A paragraph.\n{#anchor title="a gate at 0.5"}', "'0.5' is not bound", 4),
    ("en", 'A paragraph.\n{: .note title="three quarters of it" }', "«three quarters»", 4),
    ("en", "## Step 4 {#step data-toc-label='Step 4'}", "'4' is not bound", 3),
    ("en", '![gate](x.png){ alt="7 gates" }', "'7' is not bound", 3),
    ("en", '<span aria-description="twice as fast">x</span>', "«twice»", 3),
    ("en", '<input placeholder="0.5">', "'0.5' is not bound", 3),
    ("en", '[a link][ref]\n\n[ref]: page.md "a factor of ten"', "«a factor of ten»", 5),
    ("en", '[a link](page.md "0.25 of it")', "'0.25' is not bound", 3),
    ("en", "*[GRU]: a cell with 3 blocks", "'3' is not bound", 3),
    ("en", "```text\nloss 0.52\n```", "'0.52' is not bound", 4),
    ("en", "```console\n$ gated table\nhalf of it\n```", "«half»", 5),
    ("en", "```\nloss 0.52\n```", "'0.52' is not bound", 4),
    ("en", "~~~output\nloss 0.52\n~~~", "'0.52' is not bound", 4),
    ("en", "The gate is ０.５.", "U+FF10 FULLWIDTH DIGIT ZERO", 3),
    ("en", "It is 10¹¹ times larger.", "U+00B9 SUPERSCRIPT ONE", 3),
    ("en", "It costs ¾ of an LSTM.", "U+00BE VULGAR FRACTION THREE QUARTERS", 3),
    ("en", "See station ③.", "U+2462 CIRCLED DIGIT THREE", 3),
    ("en", "Chapter Ⅻ.", "U+216B ROMAN NUMERAL TWELVE", 3),
    ("en", "It grows as H² does.", "U+00B2 SUPERSCRIPT TWO", 3),
    ("en", "The index is x₁.", "U+2081 SUBSCRIPT ONE", 3),
    ("en", "It is ٣ in Arabic-Indic digits.", "U+0663 ARABIC-INDIC DIGIT THREE", 3),
    ("en", "$x = ½$", "U+00BD VULGAR FRACTION ONE HALF", 3),
    ("en", "It is 3.6 × 10¹¹.", "'3.6 × 10¹¹' is not bound", 3),
    ("ru", "Гейт равен ⁰⋅⁵.", "SUPERSCRIPT ZERO", 3),
    ("ru", '<abbr title="в три раза">x</abbr>', "«в три раза»", 3),
]


@pytest.mark.parametrize(("lang", "markdown", "problem", "line"), FAILING, ids=[c[1][:40] for c in FAILING])
def test_what_a_reader_sees_is_read(quotes, lang, markdown, problem, line):
    problems = quotes.check("# Page\n\n" + markdown + "\n", "docs/page.md", lang)[1]
    assert problems and all(p.startswith(f"docs/page.md:{line}: ") for p in problems), problems
    assert any(problem in p for p in problems), problems


PASSING = [
    ("en", 'A paragraph.\n{#anchor .note data-id="7"}'),  # an id, a class, an attribute no reader sees
    ("en", '<div class="c7" data-n="7" id="x7">text</div>'),
    ("en", "```python\nx = 0.52  # half\n```"),  # code
    ("en", "```pycon\n>>> 0.52\n```"),
    ("en", "[a link](page-2.md#step-3 \"the second step\")"),
    ("en", "A literal in a text fence is replaced:\n\n```text\nloss [0.997]{worked.f}\n```"),
    ("en", "It is [3.6 × 10¹¹]{test.prose}, as the figure prints it."),
    ("ru", "Это [3.6 × 10¹¹]{test.prose}."),
]


@pytest.mark.parametrize(("lang", "markdown"), PASSING)
def test_what_a_reader_does_not_see_or_is_bound_passes(quotes, lang, markdown, monkeypatch):
    from gated.chapter import published

    prose = published.Figure("3.6\u00a0×\u00a010¹¹", lambda: 3.6e11, ".1×")  # a figure printed for prose
    monkeypatch.setitem(published.FIGURES, "test.prose", prose)
    text, problems, _ = quotes.check(markdown.replace(" × ", "\u00a0×\u00a0"), "docs/page.md", lang)
    assert problems == []
    assert "]{" not in text


def test_the_settings_every_page_shows_are_listed_with_their_lines_and_languages(seen):
    found = seen.settings(ROOT / "mkdocs.yml", "en")
    keys = {(s.key, s.lang) for s in found}
    assert {("site_name", "en"), ("site_description", "en"), ("copyright", "en"), ("nav", "en"),
            ("theme.palette.toggle.name", "en"), ("site_name", "ru"), ("site_description", "ru"),
            ("copyright", "ru"), ("nav_translations", "ru"), ("theme.palette.toggle.name", "ru")} <= keys
    lines = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    for s in found:
        assert s.text in lines[s.line - 1] or s.text.split()[0] in lines[s.line - 1], s


def test_a_number_in_a_setting_fails_on_its_line(seen, quotes, tmp_path):
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("  - Overview: index.md", "  - Overview, in 3 parts: index.md")
    config = config.replace(': "Ноутбук «Градиентная', ': "Вдвое ноутбук «Градиентная')
    config = config.replace("name: Switch to dark mode", "name: Switch to dark mode (2 clicks)")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    problems = [p for s in seen.settings(tmp_path / "mkdocs.yml", "en")
                for p in quotes.check(s.text, "mkdocs.yml", s.lang, s.line)[1]]
    line = {needle: next(n for n, text in enumerate(config.splitlines(), 1) if needle in text)
            for needle in ("in 3 parts", "Вдвое", "(2 clicks)")}
    assert len(problems) == 3, problems
    assert problems[0].startswith(f"mkdocs.yml:{line['in 3 parts']}: the number '3' is not bound")
    assert problems[1].startswith(f"mkdocs.yml:{line['(2 clicks)']}: the number '2' is not bound")
    assert problems[2].startswith(f"mkdocs.yml:{line['Вдвое']}: «Вдвое» states a multiple")


def test_the_sites_own_scripts_and_templates_show_no_unbound_number(quotes):
    """The text docs/javascripts/ and overrides/ show a reader (their strings, the templates' text) is read too."""
    for path in sorted((ROOT / "docs" / "javascripts").glob("*.js")):
        source = re.sub(r"//[^\n]*|/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        strings = re.findall(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`([^`]*)`', source)
        for text in ("".join(s) for s in strings):
            text = re.sub(r"\$\{[^}]*\}", " ", text)  # a template's code
            if not re.search(r"[^\W\d_]{2,}\s+[^\W\d_]{2,}", text):
                continue  # a selector, a format, a constant: no text a reader reads
            for lang in ("en", "ru"):
                assert quotes.check(text, str(path), lang)[1] == [], (path.name, text)
    for path in sorted((ROOT / "overrides").rglob("*.html")):
        template = re.sub(r"\{[{%#].*?[}%#]\}", " ", path.read_text(encoding="utf-8"), flags=re.S)
        for lang in ("en", "ru"):
            assert quotes.check(template, str(path), lang)[1] == [], path.name
