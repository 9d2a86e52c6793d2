"""Numbers, labels and references (hooks/numbering.py, hooks/labels.py, hooks/references.py), on their own: what the
syntax finds, how the chapter is numbered from its pages in the nav's order, where captions and ids go, and what a
reference says in each language. The built site's numbers are checked in test_numbers.py; the faults that fail
the build, in test_drift.py's broken copy."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
NBSP = "\u00a0"
NAV = ["index.md", "lstm.md", "step-by-step.md", "history.md", "highway.md", "forget-bias.md", "cost.md", "gru.md",
       "bidirectional.md", "from-scratch.md", "practice.md", "summary.md", "gradient-highway.ipynb", "code.md",
       "print.md"]


@pytest.fixture
def labels(hook):
    return hook("labels")


@pytest.fixture
def numbering(hook):
    return hook("numbering")


@pytest.fixture
def references(hook):
    return hook("references")


def page(path: Path, url: str):
    """What numbering.chapter reads of a page: its file and its url."""
    return SimpleNamespace(file=SimpleNamespace(src_uri=path.name, abs_src_path=str(path)), url=url)


def pages(folder: Path, names: list[str], lang: str = "en"):
    found = []
    for name in names:
        stem, ext = name.rsplit(".", 1)
        file = folder / (name if lang == "en" or ext != "md" else f"{stem}.{lang}.{ext}")
        url = "" if stem == "index" else f"{stem}/"
        found.append(page(file, url if lang == "en" else f"{lang}/{url}"))
    return found


# ---------------------------------------------------------------- the syntax


SAMPLE = """# A page {#sec-page}

Text that refers to @fig-step, to @Tbl-decay at a sentence's start, and to (see) @eq-update.

$$
c_t = f_t c_{t-1}
$$ {#eq-update}

## A part {#sec-part}

```python exec="on" id="decay"
print(table)
```

: What is left after $\\tau$ steps {#tbl-decay}
: {#fig-decay}

Code is not a reference: `@fig-step`, nor an address, me@fig-step.org.

| a |
| --- |
| b |
: A hand-written table {#tbl-hand}
"""


def test_the_syntax_finds_labels_and_references_with_their_lines(labels):
    found, refs, problems = labels.find(SAMPLE, first_line=3)
    assert problems == []
    assert [(x.label, x.kind, x.line) for x in found] == [
        ("sec-page", "sec", 3), ("eq-update", "eq", 9), ("sec-part", "sec", 11), ("tbl-decay", "tbl", 17),
        ("fig-decay", "fig", 18), ("tbl-hand", "tbl", 25)]
    assert [x.level for x in found if x.kind == "sec"] == [1, 2]
    decay = found[3]
    assert (decay.block, decay.caption) == ("decay", "What is left after $\\tau$ steps")
    assert (found[4].block, found[4].caption) == ("decay", "")  # a second caption of the same block's output
    assert found[5].block is None
    assert [(r.label, r.capital, r.line) for r in refs] == [("fig-step", False, 5), ("tbl-decay", True, 5),
                                                            ("eq-update", False, 5)]


@pytest.mark.parametrize(("text", "problem"), [
    ("See @fig-2x.", "is not a label or a reference"),
    ("See @Eq-update.", "is not a label or a reference"),
    ("## A heading {#fig-heading}", "a heading's label is a section's"),
    ("$$\nx\n$$ {#tbl-x}", "an equation's label is eq-"),
    ("Some prose.\n\n: A caption with nothing above {#tbl-orphan}", "stands neither after a table nor after"),
    ("| a |\n| --- |\n: A caption {#sec-table}", "a caption labels a table (tbl-…) or a figure (fig-…)"),
])
def test_what_is_neither_a_label_nor_a_reference_is_a_problem(labels, text, problem):
    problems = labels.find(text)[2]
    assert any(problem in message for _, message in problems), problems


def test_a_page_marked_unnumbered_stands_outside_the_numbers(labels):
    assert labels.unnumbered("# Overview {.unnumbered}\n\nText.\n")
    assert labels.unnumbered("# Print {.unnumbered .screen-only}\n")
    assert not labels.unnumbered("# The LSTM cell\n\n```text\n# x {.unnumbered}\n```\n")


# ---------------------------------------------------------------- numbering the chapter


def test_the_chapter_is_numbered_in_the_navs_order(numbering):
    chapter = numbering.chapter(pages(ROOT / "docs", NAV), 13)
    assert chapter.problems == []
    assert chapter.sections["lstm/"] == "13.1" and chapter.sections["summary/"] == "13.11"
    assert chapter.sections["gradient-highway/"] == "13.12"  # the notebook is a section too
    assert "" not in chapter.sections and "code/" not in chapter.sections and "print/" not in chapter.sections
    targets = chapter.targets
    assert targets["sec-lstm-worked"].number == "13.1.6" and targets["sec-lstm-worked"].url == "lstm/"
    assert targets["sec-lstm-pytorch"].number == "13.1.5"
    assert targets["eq-lstm-gates"].number == "13.1" and targets["eq-lstm-updates"].number == "13.2"
    assert targets["fig-lstm-step"].number == "13.1" and targets["tbl-lstm-worked"].number == "13.1"
    assert targets["fig-lstm-step"].where.startswith("docs/step-by-step.md:")


def test_moving_a_page_renumbers_everything_after_it(numbering):
    before = numbering.chapter(pages(ROOT / "docs", NAV), 13)
    moved = NAV[:1] + ["step-by-step.md", "lstm.md"] + NAV[3:]  # the step before the cell
    after = numbering.chapter(pages(ROOT / "docs", moved), 13)
    assert (after.sections["step-by-step/"], after.sections["lstm/"]) == ("13.1", "13.2")
    assert after.targets["sec-lstm-worked"].number == "13.2.6"  # after Notation, the plain cell, the four quantities, the batch form and nn.LSTM
    assert after.targets["fig-lstm-step"].number == before.targets["fig-lstm-step"].number  # still the first figure
    assert after.targets["tbl-lstm-worked"].number == before.targets["tbl-lstm-worked"].number
    highway = [t for t in before.targets.values() if t.url == "highway/"]
    assert all(after.targets[t.label].number == t.number for t in highway)


def test_both_languages_are_numbered_alike(numbering):
    en = numbering.chapter(pages(ROOT / "docs", NAV), 13)
    ru = numbering.chapter(pages(ROOT / "docs", NAV, "ru"), 13)
    assert ru.problems == []
    assert {k: t.number for k, t in ru.targets.items()} == {k: t.number for k, t in en.targets.items()}
    assert list(ru.sections.values()) == list(en.sections.values())


def test_a_label_twice_and_a_section_too_deep_are_problems(numbering, tmp_path):
    (tmp_path / "a.md").write_text("# A\n\n$$\nx\n$$ {#eq-x}\n\n### Deep {#sec-deep}\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("# B\n\n$$\ny\n$$ {#eq-x}\n", encoding="utf-8")
    chapter = numbering.chapter([page(tmp_path / "a.md", "a/"), page(tmp_path / "b.md", "b/")], 13)
    assert "docs/b.md:5: eq-x is labelled twice: here and at docs/a.md:5" in chapter.problems
    assert any(p.startswith("docs/a.md:7: sec-deep labels a heading of level 3") for p in chapter.problems)


# ---------------------------------------------------------------- numbers in a page's HTML


def target(numbering, label: str, number: str, url: str = "p/"):
    return numbering.Target(label, label.split("-")[0], number, url, "docs/p.md:9")


def test_a_tables_caption_goes_above_it_with_its_number(numbering):
    html = ('<div class="exec" data-exec="decay"><table><tr><td>1</td></tr></table></div>\n'
            '<div class="numbered-caption" data-block="decay" data-label="tbl-decay">What is left</div>')
    targets = {"tbl-decay": target(numbering, "tbl-decay", "13.2")}
    out, problems = numbering.content(html, "docs/p.md", targets, "en")
    assert problems == []
    assert ('<figure class="numbered-table" id="tbl-decay">\n<figcaption><span class="caption-number">'
            f'Table{NBSP}13.2.</span> What is left</figcaption>\n<table data-numbered>') in out
    assert "numbered-caption" not in out
    ru, _ = numbering.content(html, "docs/p.ru.md", targets, "ru")
    assert f'<span class="caption-number">Таблица{NBSP}13.2</span>{NBSP}— What is left' in ru


def test_a_figure_keeps_the_caption_its_drawing_gave_it_and_gets_its_number(numbering):
    html = ('<div class="exec" data-exec="plot"><figure class="computed"><svg><title>A plot</title></svg>'
            '<figcaption>A plot</figcaption></figure></div>\n'
            '<p><div class="numbered-caption" data-label="fig-plot" data-block="plot"></div></p>')
    targets = {"fig-plot": target(numbering, "fig-plot", "13.3")}
    out, problems = numbering.content(html, "docs/p.ru.md", targets, "ru")
    assert problems == []
    assert '<figure id="fig-plot" class="computed">' in out
    assert f'<figcaption><span class="caption-number">Рисунок{NBSP}13.3</span>{NBSP}— A plot</figcaption>' in out


def test_two_captions_of_one_block_each_find_their_own(numbering):
    html = ('<div class="exec" data-exec="run"><table><tr><td>1</td></tr></table>'
            '<figure class="computed"><svg><title>P</title></svg><figcaption>P</figcaption></figure>'
            '<pre><code>print(table, figure)</code></pre></div>\n'
            '<div class="numbered-caption" data-block="run" data-label="tbl-run">Runs</div>\n'
            '<div class="numbered-caption" data-block="run" data-label="fig-run"></div>\n<p>After.</p>')
    targets = {"tbl-run": target(numbering, "tbl-run", "13.4"), "fig-run": target(numbering, "fig-run", "13.5")}
    out, problems = numbering.content(html, "docs/p.md", targets, "en")
    assert problems == []
    assert f'<figcaption><span class="caption-number">Table{NBSP}13.4.</span> Runs</figcaption>' in out
    assert f'<figcaption><span class="caption-number">Figure{NBSP}13.5.</span> P</figcaption>' in out
    assert out.endswith("<pre><code>print(table, figure)</code></pre></div>\n\n\n<p>After.</p>")


def test_a_caption_on_a_block_that_prints_no_table_is_a_problem(numbering):
    html = ('<div class="exec" data-exec="plot"><figure class="computed"><figcaption>A plot</figcaption></figure>'
            '</div><div class="numbered-caption" data-label="tbl-plot" data-block="plot">Rows</div>')
    _, problems = numbering.content(html, "docs/p.md", {"tbl-plot": target(numbering, "tbl-plot", "13.1")}, "en")
    assert problems == ["docs/p.md:9: tbl-plot captions a table, but block 'plot' has none"]


def test_an_equation_gets_its_number_as_a_tag_and_its_label_as_an_id(numbering, labels):
    text = "Text.\n\n$$\nc_t = 1\n$$ {#eq-update}\n\nMore.\n"
    own = labels.find(text)[0]
    rewritten = numbering.rewrite(text, own, {"eq-update": target(numbering, "eq-update", "13.4")})
    assert rewritten == "Text.\n\n$$\nc_t = 1\n\\tag{13.4} $$\n\nMore.\n"  # the same lines
    html = '<div class="arithmatex">\\[\nc_t = 1\n\\tag{13.4} \\]</div>'
    out, _ = numbering.content(html, "docs/p.md", {"eq-update": target(numbering, "eq-update", "13.4")}, "en")
    assert out.startswith('<div class="arithmatex" id="eq-update">')


def test_headings_are_numbered_in_order(numbering):
    html = ('<h1 id="t">T</h1><p>x</p><h2 id="a">A</h2><h3 id="q">Q</h3>'
            '<h2 class="x" id="b">B<a class="headerlink" href="#b">¶</a></h2>')
    out, numbers = numbering.headings(html, "13.4")
    assert numbers == {"t": "13.4", "a": "13.4.1", "b": "13.4.2"}
    assert '<h2 class="x" id="b"><span class="section-number">13.4.2</span> B' in out
    assert '<h3 id="q">Q</h3>' in out


# ---------------------------------------------------------------- what a reference says


@pytest.mark.parametrize(("kind", "capital", "lang", "said"), [
    ("fig", False, "en", f"Figure{NBSP}13.3"),
    ("tbl", False, "en", f"Table{NBSP}13.2"),
    ("sec", False, "en", f"Section{NBSP}13.1.5"),
    ("eq", False, "en", "(13.4)"),
    ("fig", False, "ru", f"рис.{NBSP}13.3"),
    ("fig", True, "ru", f"Рис.{NBSP}13.3"),
    ("tbl", False, "ru", f"табл.{NBSP}13.2"),
    ("sec", False, "ru", f"разд.{NBSP}13.1.5"),
    ("eq", False, "ru", "(13.4)"),
])
def test_a_reference_says_its_number_in_the_pages_language(references, kind, capital, lang, said):
    number = {"fig": "13.3", "tbl": "13.2", "sec": "13.1.5", "eq": "13.4"}[kind]
    assert references.text(kind, number, capital, lang) == said


def test_a_reference_is_a_link_to_its_target_on_this_page_or_another(references, labels, numbering):
    chapter = numbering.Chapter({}, {"fig-step": numbering.Target("fig-step", "fig", "13.1", "ru/step-by-step/",
                                                                  "docs/step-by-step.ru.md:7"),
                                     "eq-x": numbering.Target("eq-x", "eq", "13.2", "ru/lstm/", "docs/lstm.ru.md:3")},
                                {}, {}, [])
    text = "Как на @fig-step и в @eq-x, но не @fig-stp.\n"
    out, problems = references.rewrite(text, labels.find(text)[1], chapter, "docs/lstm.ru.md", "ru/lstm/", "ru")
    assert f'<a class="reference" href="../step-by-step/#fig-step">рис.{NBSP}13.1</a>' in out
    assert '<a class="reference" href="#eq-x">(13.2)</a>' in out
    assert problems == ["docs/lstm.ru.md:1: @fig-stp refers to nothing: no page of the chapter labels"
                        " {#fig-stp}; did you mean @fig-step?"]


def test_twins_that_label_or_refer_differently_are_problems(references):
    en = "# P\n\nSee @fig-a and @fig-a.\n\n$$\nx\n$$ {#eq-a}\n\n$$\ny\n$$ {#eq-b}\n"
    ru = "# П\n\nСм. @fig-a.\n\n$$\ny\n$$ {#eq-b}\n\n$$\nx\n$$ {#eq-a}\n\nИ @tbl-c.\n"
    problems = references.twins("docs/p.md", en, "docs/p.ru.md", ru)
    assert ("docs/p.ru.md:7: labels eq-b where docs/p.md:7 labels eq-a: twins label the same elements in the same"
            " order, so that their numbers agree") in problems
    assert "docs/p.md:3: refers to @fig-a, and its twin docs/p.ru.md does not as often in this section" in problems
    assert "docs/p.ru.md:13: refers to @tbl-c, and its twin docs/p.md does not in this section" in problems
    assert references.twins("docs/p.md", en, "docs/p.ru.md", en) == []


def test_every_label_of_the_chapter_is_referred_to(numbering, references):
    """The chapter's own numbers earn their place: nothing is reported."""
    for lang in ("en", "ru"):
        assert references.unreferenced(numbering.chapter(pages(ROOT / "docs", NAV, lang), 13)) == []


def test_the_chapters_number_is_mkdocs_ymls(numbering):
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    number = int(re.search(r"^  chapter: (\d+)", text, re.M).group(1))
    assert numbering.number_of(SimpleNamespace(extra={"chapter": number})) == number
    with pytest.raises(ValueError, match="extra.chapter"):
        numbering.number_of(SimpleNamespace(extra={}))
