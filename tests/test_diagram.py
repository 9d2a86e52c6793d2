"""The step-by-step figure: valid SVG, the worked example's numbers, both languages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from gated.chapter import diagram, examples
from gated.chapter.published import FIGURES
from gated.gate import Gate
from gated.render import number, using_language

SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "ru")


def draw(lang: str) -> str:
    with using_language(lang):
        return diagram.lstm_step()


def texts(svg: str) -> list[str]:
    """The figure's words and numbers, one string per <text> element."""
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]


def expected_numbers(lang: str = "en") -> list[str]:
    """Every number the figure must print: the example's inputs, and its published figures."""
    e = examples.WORKED
    return [
        *(number(float(a[0]), "g", lang) for a in (e.c, e.h, e.x)),
        *(FIGURES[f"worked.{name}"].computed(lang)
          for name in ("f", "i", "c_tilde", "o", "kept", "added", "c", "h", "tanh_c")),
    ]


# ---------------------------------------------------------------- a valid, self-contained SVG


@pytest.mark.parametrize("lang", LANGS)
def test_parses_as_svg(lang):
    svg = draw(lang)
    assert svg.startswith("<svg")
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img" and root.get("aria-label")
    assert root.get("viewBox") and root.get("width") == "100%"
    assert "max-width" in root.get("style")


@pytest.mark.parametrize("lang", LANGS)
def test_title_and_description(lang):
    root = ET.fromstring(draw(lang))
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and title.text == root.get("aria-label")
    assert desc is not None
    for n in range(1, 7):
        assert f"{n}, " in desc.text


@pytest.mark.parametrize("lang", LANGS)
def test_self_contained(lang):
    svg = draw(lang)
    root = ET.fromstring(svg)
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert all(i.startswith("lstm-step-") for i in ids)
    assert re.findall(r"https?://[^\s\"')]*", svg) == ["http://www.w3.org/2000/svg"]
    assert not any(el.tag in (f"{SVG}image", f"{SVG}a", f"{SVG}use") for el in root.iter())
    assert "@import" not in svg and "url(" not in svg
    assert all(line.strip() for line in svg.splitlines())  # a blank line would end a Markdown HTML block


def test_follows_the_theme():
    style = ET.fromstring(draw("en")).find(f"{SVG}style").text
    assert "var(--md-default-fg-color" in style and "var(--md-default-bg-color" in style
    assert "font-family: inherit" in style
    # every rule is scoped to the figure: the style sits inline in the page
    selectors = [rule.split("{")[0] for rule in style.split("}") if "{" in rule]
    assert all(".lstm-step" in s for s in selectors)


def test_text_is_legible_on_a_phone():
    style = ET.fromstring(draw("en")).find(f"{SVG}style").text
    sizes = [float(px) for px in re.findall(r"font-size:\s*([\d.]+)px", style)]
    assert min(sizes) >= 13


# ---------------------------------------------------------------- the numbers and the words


def test_six_stations():
    badges = [t for t in texts(draw("en")) if t.isdigit()]
    assert sorted(badges) == [str(n) for n in range(1, 7)]


@pytest.mark.parametrize("lang", LANGS)
def test_worked_numbers_on_the_figure(lang):
    printed = " ".join(texts(draw(lang)))
    for value in expected_numbers(lang):
        assert re.search(rf"= {re.escape(value)}(?![\d.])", printed), value


def test_numbers_identical_in_both_languages():
    def numbers(lang):
        return re.findall(r"\d+(?:\.\d+)?", " ".join(texts(draw(lang))))

    assert numbers("en") == numbers("ru")


def test_labels_follow_the_language():
    en, ru = (set(texts(draw(lang))) for lang in LANGS)
    assert {"forget gate", "keep", "write", "read", "memory line"} <= en
    assert {"гейт забывания", "сохранить", "записать", "прочитать", "линия памяти"} <= ru
    assert not re.search("[а-яё]", " ".join(en), re.I)
    words = {t for t in en ^ ru if not re.search(r"\d", t)}
    assert words, "the labels should differ between the languages"


# ---------------------------------------------------------------- computed, never typed


def test_changing_the_example_changes_the_figure(monkeypatch):
    def forget_value() -> str:
        (label,) = [t for t in texts(draw("en")) if t.startswith("f = ")]
        return label.removeprefix("f = ")

    before = forget_value()
    assert before == FIGURES["worked.f"].computed()
    w = examples.WORKED
    f = Gate(np.array([[0.0]]), np.array([[0.0]]), np.array([-1.0]))  # σ(−1) = 0.269
    monkeypatch.setattr(examples, "WORKED", w._replace(params=w.params._replace(f=f)))
    after = forget_value()
    assert after != before
    assert after == number(1 / (1 + np.exp(1.0)), ".3f")


# ---------------------------------------------------------------- the GRU's step figure


@pytest.mark.parametrize("lang", LANGS)
def test_gru_figure_is_valid_scoped_svg_with_its_numbers(lang: str) -> None:
    from gated.chapter import examples, gru_diagram

    with using_language(lang):
        svg = gru_diagram.gru_step_figure()
    root = ET.fromstring(svg)
    assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}desc") is not None
    assert "id=" not in svg and "\n\n" not in svg
    assert all(c.startswith("gru-step") for e in root.iter() for c in e.get("class", "").split())
    s, e = examples.worked_gru(), examples.WORKED_GRU
    shown = " ".join(texts(svg))
    desc = "".join(root.find(f"{SVG}desc").itertext())
    for x in (s.z[0], s.r[0], s.h_tilde[0], (1 - s.z[0]) * e.h[0], s.z[0] * s.h_tilde[0], s.h[0]):
        assert number(float(x), ".3f", lang) in shown and number(float(x), ".3f", lang) in desc
    assert np.isclose(s.h[0], (1 - s.z[0]) * e.h[0] + s.z[0] * s.h_tilde[0])
    assert "⊙" in shown and "·" not in shown


# ---------------------------------------------------------------- the counterfactual: the same wiring, other numbers


@pytest.mark.parametrize("lang", LANGS)
def test_the_counterfactual_has_the_same_wiring(lang):
    with using_language(lang):
        worked, other = ET.fromstring(diagram.lstm_step()), ET.fromstring(diagram.counterfactual())
    shape = lambda root: [(el.tag, el.attrib) for el in root.iter() if el.tag != f"{SVG}title"]  # noqa: E731
    assert shape(worked)[1:] == shape(other)[1:]  # every element where it was; only the root's aria-label differs
    shown = "\n".join(texts(ET.tostring(other, encoding="unicode")))
    for name in ("kept", "c", "h"):
        assert FIGURES[f"counterfactual.{name}"].computed(lang) in shown
    assert FIGURES["worked.c"].computed(lang) not in shown and FIGURES["worked.i"].computed(lang) in shown
