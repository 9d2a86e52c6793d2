"""The drawings over time: the LSTM unrolled (gated.chapter.unrolled) and the two directions of a bidirectional
layer (gated.chapter.directions). Valid, self-contained SVG in each language; every number on them is the
computation's; nothing overlaps."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from gated import highway
from gated.chapter import directions, unrolled
from gated.render import MINUS, number, using_language

SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "ru")
DRAWINGS = {"lstm-unrolled": unrolled.memory_line, "bi-directions": directions.two_directions}


def draw(prefix: str, lang: str) -> str:
    with using_language(lang):
        return DRAWINGS[prefix]()


def texts(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(f"{SVG}text"))


def words(el: ET.Element) -> str:
    return "".join(el.itertext())


# ---------------------------------------------------------------- a valid, self-contained SVG in the page's language


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("prefix", sorted(DRAWINGS))
def test_a_described_self_contained_svg_in_the_page_language(prefix, lang):
    svg = draw(prefix, lang)
    root = ET.fromstring(svg)
    title, desc = root.find(f"{SVG}title").text, root.find(f"{SVG}desc").text
    assert root.get("role") == "img" and root.get("aria-label") == title and desc
    russian = re.compile("[а-яё]", re.I)
    assert bool(russian.search(title + desc + " ".join(words(t) for t in texts(svg)))) == (lang == "ru")
    assert "id=" not in svg and "\n\n" not in svg  # a blank line would end the page's HTML block
    assert all(c.startswith(prefix) for el in root.iter() for c in el.get("class", "").split())
    style = root.find(f"{SVG}style").text
    assert all(prefix in rule.split("{")[0] for rule in style.split("}") if "{" in rule)  # scoped to the figure
    sizes = [float(px) for px in re.findall(r"font-size:\s*([\d.]+)px", style)]
    least = float(re.search(r"min-width: ([\d.]+)px", root.get("style")).group(1))
    width = float(root.get("viewBox").split()[2])
    assert min(sizes) * least / width >= 10, "text under 10 px at the narrowest the figure is drawn"
    assert re.findall(r"https?://[^\s\"')]*", svg) == ["http://www.w3.org/2000/svg"]


@pytest.mark.parametrize("prefix", sorted(DRAWINGS))
def test_the_drawing_is_the_same_in_both_languages_but_for_its_words(prefix):
    def shape(svg: str) -> list:
        return [(el.tag, {k: v for k, v in el.attrib.items() if k not in ("aria-label", "x")})
                for el in ET.fromstring(svg).iter() if el.tag not in (f"{SVG}title", f"{SVG}desc", f"{SVG}text",
                                                                     f"{SVG}tspan")]

    assert shape(draw(prefix, "en")) == shape(draw(prefix, "ru"))


# ---------------------------------------------------------------- nothing overlaps


def _extent(el: ET.Element, size: float) -> tuple[float, float, float, float]:
    """A text's box, estimated generously: each character 0.62 of the font size wide, a subscript's 0.5."""
    x, y = float(el.get("x")), float(el.get("y"))
    wide = sum(0.5 if t.get("font-size") else 0.62 for t in el.iter() for _ in (t.text or "")) * size
    left = {"start": x, "middle": x - wide / 2, "end": x - wide}[el.get("text-anchor")]
    return left, y - 0.75 * size, left + wide, y + 0.3 * size


def _size(el: ET.Element, style: str) -> float:
    cls = (el.get("class") or "").split()
    sizes = {m[0]: float(m[1]) for m in re.findall(r"\.([\w-]+)\s*\{[^}]*?font-size:\s*([\d.]+)px", style)}
    return max([sizes[c] for c in cls if c in sizes], default=14.0)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("prefix", sorted(DRAWINGS))
def test_no_two_labels_overlap_and_all_are_inside(prefix, lang):
    svg = draw(prefix, lang)
    root = ET.fromstring(svg)
    style = root.find(f"{SVG}style").text
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    boxes = [(words(t), _extent(t, _size(t, style))) for t in texts(svg)]
    for name, (x0, y0, x1, y1) in boxes:
        assert 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height, f"{name!r} sticks out: {(x0, y0, x1, y1)}"
    clash = [(a, b) for i, (a, p) in enumerate(boxes) for b, q in boxes[i + 1:]
             if p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]]
    assert clash == []


def test_the_overlap_check_sees_an_overlap():
    """The estimate above is not vacuous: two labels drawn at one place clash, and a label off the edge sticks out."""
    a = ET.fromstring('<text xmlns="http://www.w3.org/2000/svg" x="10" y="20" text-anchor="start">step 1</text>')
    b = ET.fromstring('<text xmlns="http://www.w3.org/2000/svg" x="30" y="24" text-anchor="middle">0.656</text>')
    p, q = _extent(a, 14), _extent(b, 14)
    assert p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]
    assert _extent(b, 14)[0] < 30 - 14  # five characters, centred: more than a font size to the left


# ---------------------------------------------------------------- the unrolled LSTM: its numbers are computed


def _pills(svg: str) -> list[str]:
    return [words(t) for t in texts(svg) if t.get("class") == "lstm-unrolled-share"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_shares_on_the_lines_are_f_and_p_to_the_steps_crossed(lang):
    svg = draw("lstm-unrolled", lang)
    n, f, p = unrolled.STEPS, highway.FACTORS[1], highway.FACTORS[0]
    expected = {"c": [f ** (n - k) for k in range(n + 1)], "h": [p ** (n - k) for k in range(n + 1)]}
    left = unrolled.shares()
    for line in "ch":
        np.testing.assert_allclose(left[line], expected[line], rtol=1e-15)
    shown = [number(left[line][k], unrolled.SPEC[line], lang) for k in range(n + 1) for line in "ch"]
    assert _pills(svg) == shown  # state by state, c above h
    assert shown[::2] == ["0.656", "0.729", "0.810", "0.900", "1.000"]  # one number of decimals per line
    assert shown[1::2] == ["0.0625", "0.1250", "0.2500", "0.5000", "1.0000"]
    desc = ET.fromstring(svg).find(f"{SVG}desc").text
    assert ", ".join(shown[::2]) in desc and ", ".join(shown[1::2]) in desc
    labels = [words(t) for t in texts(svg)]
    assert labels.count(f"f = {number(f, 'g', lang)}") == n
    assert [lab for lab in labels if re.fullmatch(r"x\d", lab)] == [f"x{k}" for k in range(1, n + 1)]
    assert [lab for lab in labels if re.fullmatch(r"c\d", lab)] == [f"c{k}" for k in range(n + 1)]


def test_the_figure_follows_the_factors(monkeypatch):
    """Computed, never typed: other factors, other numbers on the figure and in its description."""
    monkeypatch.setattr(unrolled, "FORGET", 0.99)
    monkeypatch.setattr(unrolled, "PLAIN", 0.25)
    svg = draw("lstm-unrolled", "en")
    assert _pills(svg)[:2] == [number(0.99**4, ".3f"), number(0.25**4, ".4f")] == ["0.961", "0.0039"]
    assert "f = 0.99" in [words(t) for t in texts(svg)] and "× 0.25" in svg


def test_the_shares_print_with_the_minus_sign_if_ever_negative():
    assert number(-0.5**3, unrolled.SPEC["h"]) == MINUS + "0.1250"


# ---------------------------------------------------------------- the two directions: what each half depends on


def test_each_half_depends_on_its_side_of_the_sequence():
    forward, backward = directions.reads()
    assert forward == tuple(range(1, directions.AT + 1))
    assert backward == tuple(range(directions.AT, directions.T + 1))
    assert directions.reads(T=5, at=1) == ((1,), (1, 2, 3, 4, 5))
    assert directions.span((1, 2, 3)) == "x_1 … x_3" and directions.span((2,)) == "x_2"
    assert directions.span((4, 5), "x({})") == "x(4) … x(5)"


def test_the_drawing_is_the_sequence_the_page_checks_with_pytorch():
    """The drawing's sequence and examined position are the bidirectional page's check, and the inputs it marks
    are those with a gradient there: numpy's bidirectional run and PyTorch's autograd agree on what each half of
    the output depends on."""
    from gated.chapter.experiments import bidirectional

    check = bidirectional.check()
    assert (directions.T, directions.AT) == (check.setup.T, check.setup.t + 1)
    forward, backward = directions.reads()
    assert forward == tuple(int(s) + 1 for s in np.flatnonzero(check.forward))
    assert backward == tuple(int(s) + 1 for s in np.flatnonzero(check.backward))


@pytest.mark.parametrize("lang", LANGS)
def test_the_marks_under_the_inputs_are_what_each_half_depends_on(lang):
    svg = draw("bi-directions", lang)
    root = ET.fromstring(svg)
    forward, backward = directions.reads()

    def marked(cls: str) -> tuple[int, ...]:
        marks = [el for el in root.iter(f"{SVG}rect") if el.get("class") == f"bi-directions-mark-{cls}"][1:]  # key
        return tuple(round((float(el.get("x")) + 6 - directions.X0) / directions.STEP_X) + 1 for el in marks)

    assert marked("forward") == forward and marked("backward") == backward
    key = [words(t) for t in texts(svg)][:2]
    assert key[0].endswith("x1 … x4") and key[1].endswith("x4 … x7") and all("= 4" in k for k in key)
    desc = root.find(f"{SVG}desc").text
    assert "x(1) … x(4)" in desc and "x(4) … x(7)" in desc
    outputs = [el for el in root.iter(f"{SVG}rect") if el.get("class") == "bi-directions-examined"]
    assert len(outputs) == 1 and float(outputs[0].get("x")) < directions.column(directions.AT) < (
        float(outputs[0].get("x")) + float(outputs[0].get("width")))
