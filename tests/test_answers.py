"""gated.answers: an exercise's answer as a block prints it, and the field that checks a reader's number."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from gated.answers import ANSWER, WORDS, answer, field, unit
from gated.render import NBSP, TIMES, LANGUAGES, named, using_language


@pytest.mark.parametrize(("printed", "expected"), [
    ("90", 1.0), ("132,096", 1.0), ("0.9046", 1e-4), ("2.29", 0.01), ("75%", 0.01), ("7.5%", 0.001),
    ("7.1e-15", 1e-16), ("2.565e-03", 1e-6), ("3.6" + TIMES + "¹¹", 1e10), ("1.5" + TIMES + "⁻⁴", 1e-5),
    ("\u22124.24", 0.01), ("-4.24", 0.01), ("\u22121.5" + TIMES + "⁻⁴", 1e-5), ("\u22127.1e-15", 1e-16),
])
def test_the_unit_of_the_last_digit_printed(printed, expected):
    assert unit(printed) == expected


def test_an_answer_shows_as_its_named_value_and_carries_the_exact_value():
    """The page's prose binds it as it binds any named value; the field reads the value behind the digits."""
    x = 0.904649
    printed = answer("share", x, ".4f")
    assert named("share", x, ".4f") in printed
    m = ANSWER.search(printed)
    assert m and m["key"] == "share" and float(m["value"]) == x and float(m["within"]) == 5e-5
    assert m["percent"] is None


def test_a_negative_answer_shows_with_the_minus_sign_and_carries_its_signed_value():
    """−4.24 as the page prints it (U+2212); the field checks the value itself, which JSON and the page's script
    read with an ordinary minus, within half a unit of the last digit shown."""
    printed = answer("b_f", -4.2437, ".2f")
    assert '<span data-name="b_f">\u22124.24</span>' in printed
    m = ANSWER.search(printed)
    assert float(m["value"]) == -4.2437 and float(m["within"]) == pytest.approx(0.005)


def test_whole_numbers_must_be_exact_and_shares_say_so():
    assert float(ANSWER.search(answer("n", 132096, ",d"))["within"]) == 0
    m = ANSWER.search(answer("s", 0.7512, ".0%"))
    assert float(m["within"]) == 0.005 and m["percent"] is not None
    assert float(ANSWER.search(answer("g", 7.105e-15, ".1×"))["within"]) == 5e-17
    assert float(ANSWER.search(answer("w", 0.9, ".4f", within=0.01))["within"]) == 0.01


def test_an_answer_prints_in_the_current_language():
    with using_language("ru"):
        assert f'<span data-name="n">132{NBSP}096</span>' in answer("n", 132096, ",d")


def test_a_tolerance_is_a_distance():
    with pytest.raises(ValueError, match="distance"):
        answer("x", 1.0, ".2f", within=-0.1)


class _Form(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_field_is_a_labelled_form_with_a_live_region(lang):
    form = _Form()
    form.feed(field("ex-one-percent:tau", "Steps, <em>τ</em>:", 90.0, 0.0, False, lang))
    tags = {tag: attrs for tag, attrs in form.tags}
    assert "hidden" in tags["form"]  # shown by answers.js: without it, the folded answer stays
    ident = tags["input"]["id"]
    assert tags["label"]["for"] == ident and tags["output"]["for"] == ident
    assert tags["output"]["aria-live"] == "polite" and tags["input"]["aria-describedby"] == tags["output"]["id"]
    assert tags["button"]["type"] == "submit"
    config = json.loads(tags["form"]["data-config"])
    assert config["lang"] == lang and config["value"] == 90.0 and config["within"] == 0.0
    assert config["words"] == {k: t(lang) for k, t in WORDS.items() if k != "check"}


def test_the_ids_of_two_answers_differ_and_are_names():
    a, b = (re.search(r'id="([^"]+)"', field(ref, "x", 1.0, 0.0)).group(1) for ref in ("ex-a:tau", "ex-a:tau2"))
    assert a != b and re.fullmatch(r"[\w-]+", a)


def test_the_words_hold_no_digits_and_every_placeholder_is_filled_in():
    """What the field says holds no number of its own: answers.js puts the reader's and the distance in."""
    for key, text in WORDS.items():
        for lang in LANGUAGES:
            assert not re.search(r"\d", text(lang)), (key, lang)
            assert set(re.findall(r"\{(\w+)\}", text(lang))) == set(re.findall(r"\{(\w+)\}", text("en")))
