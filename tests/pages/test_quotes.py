"""The rules for numbers on pages (hooks/quotes.py), one case at a time, without a build."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
NBSP = "\u00a0"


@pytest.fixture(scope="module")
def quotes():
    from conftest import load_hook

    return load_hook("quotes")


@pytest.mark.parametrize(
    ("lang", "markdown"),
    [
        ("en", "The gate is [0.997]{worked.f} and costs [132,096]{cost.lstm128}, [75%]{cost.gru_share}."),
        ("ru", f"Гейт [0.997]{{worked.f}}, [132{NBSP}096]{{cost.lstm128}}, [75{NBSP}%]{{cost.gru_share}}."),
        ("en", "Cho et al. ([2014]{year}, eqs. [5–8]{eq}), chapter [13]{chapter}, *Neural Comp.*, [9(8)]{cite}."),
        ("en", "$f_t = \\sigma([5.95]{worked.a_f}) = [0.997]{worked.f}$ with $b_f = [2]{param}$."),
        # the math rule: exponents, subscripts, coefficients, 0 and 1 beside + − /, the ends of an interval
        ("en", "$4\\,(Hd + H^2 + H)$, $2H$, $3(Hd)$, $1 - z$, $h_{t-1}$, $t + 1$, $(0, 1)$, $(-1, 1)$, $[H, 2H)$"),
        ("en", "$$\n\\sigma(a) = 1 / (1 + e^{-a}), \\quad W \\in \\mathbb R^{1 \\times h}\n$$"),
        ("en", "1. A numbered item.\n2. Another.\n\n[a link](page-2.md#step-3) and ![a picture](x9.png)[^1]"),
        ("en", "```python\nx = 12345\n```\n\nA name: float32, seq2seq.\n\n<div data-n=\"7\">text</div>\n{: #id-9 }"),
    ],
)
def test_numbers_that_pass(quotes, lang, markdown):
    _, problems, _ = quotes.check(markdown, "docs/page.md", lang)
    assert problems == []


@pytest.mark.parametrize(
    ("lang", "markdown", "problem"),
    [
        ("en", "The gate is [0.996]{worked.f}.", "worked.f is '0.997' in English, but the page says '0.996'"),
        ("ru", "Стоит [132,096]{cost.lstm128}.", "cost.lstm128 is '132\\xa0096' in Russian"),
        ("ru", "Это [75 %]{cost.gru_share}.",
         "cost.gru_share is '75\\xa0%' in Russian, but the page says '75 %'; write U+00A0"),
        ("en", "It is [0.5]{no.such}.", "names no published figure"),
        ("en", "It is [0.5]{nodot}.", "is neither a published figure"),
        ("en", "In [97]{year}.", "is not a year"),
        ("en", "It has 2048 parameters.", "the number '2048' is not bound"),
        ("en", "It is 132k.", "the number '132k' is not bound"),
        ("en", "It is 10.5M.", "the number '10.5M' is not bound"),
        ("en", "Set `lr = 0.0123`.", "the number '0.0123' is not bound"),
        ("en", "<p>It is 12.</p>", "the number '12' is not bound"),
        ("en", '<img alt="a gate at 0.5" src="x.png">', "the number '0.5' is not bound"),
        ("en", '![x](x.png "step 3")', "the number '3' is not bound"),
        ("en", "It is &#55;.", "the entity '&#55;' is a digit"),
        ("en", "!!! note \"Note 4\"\n    Text.", "the number '4' is not bound"),
        ("en", "| a | b |\n| --- | --- |\n| x | 0.997 |", "the number '0.997' is not bound"),
        ("en", "$f_t = 0.997$", "the number '0.997' in math is not bound"),
        ("en", "$b_f = 2$", "the number '2' in math is not bound"),
        ("en", "$b_f = (1, [1]{param})$", "the number '1' in math is not bound"),
        ("en", "$10^{-3}$", "the number '10' in math is not bound"),
        ("en", "$x^{47}$", "the number '47' in math is not bound"),
        ("en", "$128H$", "the number '128' in math is not bound"),
        ("en", "$$\nh = 0.5\n$$", "the number '0.5' in math is not bound"),
        ("en", "$\\sigma(0)$", "the number '0' in math is not bound"),
        ("en", "$N(0, \\sigma^2)$", "the number '0' in math is not bound"),
        ("en", "A paragraph, 17.\n{.exec}", "the number '17' is not bound"),
    ],
)
def test_numbers_that_fail(quotes, lang, markdown, problem):
    _, problems, _ = quotes.check("# Page\n\n" + markdown, "docs/page.md", lang)
    assert len(problems) == 1, problems
    quoted = re.search(r"'([^']*)'", problem)
    token = quoted.group(1).replace("\\xa0", NBSP) if quoted else None
    line = 3 + (markdown[: markdown.index(token)].count("\n") if token and token in markdown else 0)
    assert problem in problems[0] and problems[0].startswith(f"docs/page.md:{line}: ")


def test_a_literal_is_replaced_by_its_value_and_recorded_in_order(quotes):
    text, problems, quoted = quotes.check("a [0.997]{worked.f}\nb `[1]{param}` c [0.986]{worked.h}", "p", "en")
    assert problems == [] and text == "a 0.997\nb `1` c 0.986"
    assert [(q.line, q.name) for q in quoted] == [(1, "worked.f"), (2, "param"), (2, "worked.h")]


def test_a_literal_inside_a_fence_is_code(quotes):
    fenced = "```python\n[0.5]{worked.f}\n```\n"
    assert quotes.check(fenced, "p", "en")[:2] == (fenced, [])


def test_the_languages_are_the_ones_mkdocs_builds():
    from conftest import load_hook

    shared = load_hook("shared")
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    assert tuple(lang["locale"] for lang in i18n["languages"]) == shared.LANGUAGES
    assert next(lang["locale"] for lang in i18n["languages"] if lang.get("default")) == shared.DEFAULT
    assert i18n["docs_structure"] == "suffix"  # shared.language reads a page's language from its file name
    assert (shared.language("lstm.ru.md"), shared.language("lstm.md")) == ("ru", "en")
    assert (shared.twin("lstm.md", "ru"), shared.twin("lstm.ru.md", "en")) == ("lstm.ru.md", "lstm.md")


class _Loader(yaml.SafeLoader):
    """mkdocs.yml with its tags (!ENV, !relative, python objects) read as plain values."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)


@pytest.mark.build
def test_each_language_build_knows_its_language(built):
    """shared.building relies on i18n setting theme.language per build: each notebook gets its language's LANG."""
    english = (built / "gradient-highway" / "gradient-highway.ipynb").read_text(encoding="utf-8")
    russian = (built / "ru" / "gradient-highway" / "gradient-highway.ru.ipynb").read_text(encoding="utf-8")
    assert 'LANG = \\"en\\"' in english and 'LANG = \\"ru\\"' in russian


def test_a_snippet_included_into_prose_is_refused(quotes):
    problems = quotes.check('Text.\n\n--8<-- "snippets/notes.md"\n', "docs/page.md", "en")[1]
    assert len(problems) == 1 and problems[0].startswith("docs/page.md:3: a snippet included outside a fenced block")


def test_a_negative_value_is_quoted_with_the_minus_sign_not_a_hyphen(quotes):
    """gated.render.number prints −4.24 (U+2212); a page that quotes it as -4.24 fails, naming its line, in both
    languages, and the minus sign passes."""
    from gated import named

    html = f'<div class="exec" data-exec="ex-keep"><p>{named("b_f", -4.2437, ".2f")}</p></div>'
    for lang in ("en", "ru"):
        hyphen = quotes.check_block_values(html, "docs/lstm.md", [quotes.Quote(198, "-4.24", "ex-keep:b_f")], lang)
        assert hyphen == ["docs/lstm.md:198: ex-keep:b_f is '−4.24' as the block printed it, but the page says '-4.24'"]
        assert quotes.check_block_values(html, "docs/lstm.md", [quotes.Quote(198, "−4.24", "ex-keep:b_f")], lang) == []
