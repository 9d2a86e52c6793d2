"""The drift guards, broken on purpose in copies of the site.

Each case types one fault into a copy, as a careless or a hurried author would,
and asserts that the strict build fails with a message that names the file and
the line, and, under GitHub Actions, prints it as an annotation on that line.
Most cases share one broken copy and one build; each asserts its own message.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
# one worker runs the module: its module-scoped fixture is an expensive build
pytestmark = [pytest.mark.build, pytest.mark.xdist_group("drift")]

ROOT = Path(__file__).resolve().parents[2]
NBSP = "\u00a0"


def output(result) -> str:
    return result.stdout + result.stderr


def line_of(path: Path, text: str) -> int:
    source = path.read_text(encoding="utf-8")
    assert text in source, f"{text!r} is not in {path}"
    return source[: source.index(text)].count("\n") + 1


# ---------------------------------------------------------------- one copy, many faults


@pytest.fixture(scope="module")
def broken(tmp_path_factory, built, copy_site, build, edit):
    """A copy with every fault below typed in, built once under GITHUB_ACTIONS=true: (output, {case: (file, line)})."""
    root = copy_site(tmp_path_factory.mktemp("broken"))
    docs = root / "docs"
    at: dict[str, tuple[str, int]] = {}

    marks: dict[str, tuple[str, str]] = {}  # case -> (page, the text that starts on the line of its message)

    def put(case: str, page: str, old: str, new: str) -> None:
        """Replace `old` by `new` on a page."""
        edit(docs / page, old, new)
        marks[case] = (page, new)

    def add(case: str, page: str, paragraph: str, mark: str | None = None) -> None:
        """A paragraph of its own before the page's first second-level heading."""
        edit(docs / page, "\n## ", f"\n{paragraph}\n\n## ")
        marks[case] = (page, mark or paragraph)

    # A swap in one language: the values exchanged, the names left.
    put("swap", "forget-bias.md", "[0.5000]{bias.sigma0}", "[0.8808]{bias.sigma0}")
    # A swap on another page, names and values exchanged: each literal is right, the order is not.
    put("swap-names", "gru.md", "$z = [0.6011]{gru2.z1}$, so", "$z = [0.4576]{gru2.z2}$, so")
    edit(docs / "gru.md", "at $z = [0.4576]{gru2.z2}$, leans", "at $z = [0.6011]{gru2.z1}$, leans")
    # Another figure's value.
    put("misattribution", "cost.md", "[300,500]{cost.saved}", "[901,500]{cost.saved}")
    # Settings integers, a year-like number, numbers followed by a letter, all in prose.
    add("settings", "highway.md", "A GRU has 4 blocks and an LSTM 3.")
    add("year-like", "highway.md", "It has 2048 parameters.")
    add("letters", "bidirectional.md", "It costs 132k, or 10.5M, and runs 4x slower.")
    # A result in math, changed in both languages; numbers in math that nothing binds.
    put("math", "step-by-step.md", "$c_t = [2.948]{worked.c}$", "$c_t = [2.949]{worked.c}$")
    put("math-ru", "step-by-step.ru.md", "$c_t = [2.948]{worked.c}$", "$c_t = [2.949]{worked.c}$")
    put("math-unbound", "lstm.md", "$\\tanh(c_t) = [0.9945]{worked.tanh_c}$", "$\\tanh(c_t) = 0.9946$")
    add("display-math-ru", "lstm.ru.md", "$$\nh_t = 0.7\n$$", "h_t = 0.7")
    # Unread places: inline code, a raw HTML block, loose <details> text, an admonition, alt text, a title.
    add("inline-code", "code.md", "Set `lr = 0.0123` first.")
    add("html", "from-scratch.md", '<div class="note"><p>It has 12 parameters.</p></div>')
    add("details", "from-scratch.ru.md", "<details><summary>Ещё</summary>\nРовно 17 шагов.\n</details>", "Ровно 17")
    put("admonition", "cost.md", "[8,380,474]{seq2seq.total}", "[8,380,475]{seq2seq.total}")
    add("alt", "summary.md", "![A gate at 0.42](vendor/mathjax/LICENSE)")
    add("title", "summary.ru.md", '<abbr title="в 3 раза">x</abbr>')
    # A paragraph with a class: no attribute switches the guard off.
    add("exec-class", "highway.md", "A rate of 0.0123.\n{.exec}")
    # A stale figure in a hand-written table.
    put("table", "index.md", "| [The LSTM cell](lstm.md) | four quantities",
        "| [The LSTM cell](lstm.md) | a forget gate of [0.996]{worked.f}; four quantities")
    # The wrong separator in Russian: an ASCII space before the percent sign, bound and unbound.
    put("separator", "cost.ru.md", f"[75{NBSP}%]{{cost.gru_share}}", "[75 %]{cost.gru_share}")
    add("separator-unbound", "highway.ru.md", "Это 75 % от LSTM.")
    # A source constant backs nothing, not even by name; a block's named value backs its own name only.
    snippet = root / "snippets/cost/params.py"
    snippet.write_text(snippet.read_text("utf-8") + 'lr = 0.0123\nprint(named("rows", 3, "d"))\n', "utf-8")
    edit(snippet, "from gated import markdown\n", "from gated import markdown, named\n")
    add("constant", "cost.md", "We train at 0.0123.")
    add("constant-by-name", "cost.md", "We train at [0.0123]{params:lr}.")
    add("named-right", "cost.md", "It has [3]{params:rows} rows.")
    add("named-wrong", "cost.md", "It has [4]{params:rows} rows.")
    # Results in words, in both languages; a phrase bound to a figure it does not state; a count passes.
    add("words", "highway.md", "The GRU runs at three quarters of the cost.")
    add("words-ru", "cost.ru.md", "Параметров втрое больше, а гейта у GRU три.")
    put("words-bound", "summary.md", "[three quarters]{cost.gru_share} of an LSTM's",
        "[two thirds]{cost.gru_share} of an LSTM's")
    add("words-count", "bidirectional.md", "An LSTM has three gates and two state vectors.")
    # Every place a reader sees text: a front-matter description, an attribute list's title, a text fence, another
    # form of digit, and (below) mkdocs.yml's description and a nav translation.
    home = docs / "index.md"
    home.write_text("---\ndescription: Four blocks, and 3 of them in a GRU.\n---\n" + home.read_text("utf-8"), "utf-8")
    at["description"] = ("docs/index.md", 2)
    add("attr-title", "lstm.md", 'A paragraph.\n{#a-note title="a gate at 0.5"}', '{#a-note title=')
    add("text-fence", "from-scratch.md", "```text\nloss 0.52\n```", "loss 0.52")
    add("superscript", "gru.ru.md", "Это 10¹¹ шагов.")
    edit(root / "mkdocs.yml", "site_description: \"Chapter [13]{chapter}:", "site_description: \"Chapter 13:")
    edit(root / "mkdocs.yml", "Overview: Обзор", "Overview: Обзор, вдвое короче")
    # A block that raises, one that calls sys.exit, and a doctest whose expected output is wrong: each failure
    # is named at the snippet's line, once for both languages (the snippet is shared), with both pages' lines
    # beside it; the build goes on to the end.
    counts = root / "snippets/cost/counts.py"
    counts.write_text("raise ValueError('boom')\n" + counts.read_text("utf-8"), "utf-8")
    exits = root / "snippets/bidirectional/ex_stacked.py"
    exits.write_text("import sys\nsys.exit(3)\n" + exits.read_text("utf-8"), "utf-8")
    session = root / "snippets/lstm/session.pycon"
    edit(session, "('f', 'i', 'c_tilde', 'o', 'c', 'h')", "('f', 'i')")
    for case, snippet, line, page, block in (("block", counts, 1, "cost", "counts"),
                                             ("sys.exit", exits, 2, "bidirectional", "ex-bi-stack"),
                                             ("doctest", session, line_of(session, "('f', 'i')"), "lstm", "session")):
        at[case] = (snippet.relative_to(root).as_posix(), line)
        at[case + "-pages"] = tuple((f"docs/{twin}", line_of(docs / twin, f'id="{block}"'))
                                    for twin in (f"{page}.md", f"{page}.ru.md"))
    # Exercises' fields: one asks for an answer no block prints; an answer no field asks for, which the twin asks for.
    add("field-missing", "summary.md", 'A share:\n{: .answer data-answer="ex-share:nothing" }',
        '{: .answer data-answer="ex-share:nothing" }')
    edit(docs / "gru.md", '{: .answer data-answer="ex-gru-clock:t" }\n', "")
    marks["field-unasked"] = ("gru.md", 'id="ex-gru-clock"')
    marks["field-twins"] = ("gru.ru.md", 'data-answer="ex-gru-clock:t"')
    # Labels and references (hooks/numbering.py, hooks/references.py): a reference to a label no page has, a label
    # defined twice (the second is named, the first beside it), a reference that one twin makes and the other does
    # not; and a label that nothing refers to any more, which is reported, not failed.
    add("reference-missing", "history.md", "The cell is drawn in @fig-nowhere.")
    add("label-twice", "step-by-step.md", "| a |\n| --- |\n| b |\n\n: A table labelled again {#tbl-decay}",
        ": A table labelled again")
    marks["label-twice"] = ("highway.md", "{#tbl-decay}")  # after step-by-step in the nav: the second one
    add("reference-one-language", "gru.ru.md", "См. @eq-gru.")
    edit(docs / "cost.md", "@tbl-cost-cells gives", "the table of the three cells gives")
    edit(docs / "cost.ru.md", "@tbl-cost-cells её", "таблице трёх ячеек её")
    marks["unreferenced"] = ("cost.md", "{#tbl-cost-cells}")
    # English digit grouping on a Russian page.
    put("grouping", "cost.ru.md", f"[132{NBSP}096]", "[132,096]")
    # Pages in one language: one English page in the nav, one Russian page outside it.
    (docs / "appendix.md").write_text("# Appendix\n\nThe forget gate is [0.997]{worked.f}.\n", encoding="utf-8")
    edit(root / "mkdocs.yml", "  - code.md\n", "  - code.md\n  - appendix.md\n")
    (docs / "одинокая.ru.md").write_text("# Одинокая\n\nНет английской версии.\n", encoding="utf-8")
    at["no-twin"], at["no-twin-ru"] = ("docs/appendix.md", 1), ("docs/одинокая.ru.md", 1)
    # A block left out of the Russian twin.
    gru = (docs / "gru.ru.md").read_text(encoding="utf-8")
    block = re.search(r'```python exec="on"[^\n]*id="comparison"[^\n]*\n.*?```\n', gru, re.S)
    gru = gru[: block.start()] + gru[block.end():]
    (docs / "gru.ru.md").write_text(gru, encoding="utf-8")
    # parity names the block that now stands in its place
    at["missing-block"] = ("docs/gru.ru.md", gru[: gru.index('exec="on"', block.start())].count("\n") + 1)
    # A hand-written table left out of the Russian home page.
    home = (docs / "index.ru.md").read_text(encoding="utf-8")
    table = re.search(r"\n(\|.*\|\n)+", home)
    (docs / "index.ru.md").write_text(home[: table.start()] + "\n" + home[table.end():], encoding="utf-8")
    # The notebook's text.
    notebook = root / "notebooks/gradient-highway.py"
    edit(notebook, "the tables of chapter [13]{chapter}", "the tables of chapter 13")
    at["notebook"] = ("notebooks/gradient-highway.py", line_of(notebook, "the tables of chapter 13"))
    # A notebook in docs/, which MkDocs would publish as its raw JSON.
    for name in ("stray.ipynb", "stray.ru.ipynb"):
        (docs / name).write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    # The copyright line that every page shows.
    edit(root / "mkdocs.yml", "Chapter [13]{chapter} of the course notes", "Chapter 14 of the course notes")
    at["config"] = ("mkdocs.yml", line_of(root / "mkdocs.yml", "Chapter 14 of"))
    at["nav-translation"] = ("mkdocs.yml", line_of(root / "mkdocs.yml", "Обзор, вдвое короче"))
    at["site-description"] = ("mkdocs.yml", line_of(root / "mkdocs.yml", "site_description: \"Chapter 13:"))
    at["swap-names-ru"] = ("docs/gru.ru.md", line_of(docs / "gru.ru.md", "{gru2.z1}"))
    at["stale-twin"] = ("docs/code.ru.md", 1)  # what code.md gained above, its Russian first section lacks
    for case, (page, mark) in marks.items():
        at[case] = (f"docs/{page}", line_of(docs / page, mark))

    result = build(root, env={"GITHUB_ACTIONS": "true"})
    assert result.returncode == 1
    return output(result), at


CASES = {
    "swap": r"bias\.sigma0 is '0\.5000' in English, but the page says '0\.8808'",
    "swap-names": r"does not match docs/gru\.md in its quoted figures: item \d+ is gru2\.z1 where docs/gru\.md:\d+ has"
                  r" gru2\.z2",
    "misattribution": r"cost\.saved is '300,500' in English, but the page says '901,500'",
    "settings": r"the number '4' is not bound",
    "year-like": r"the number '2048' is not bound",
    "letters": r"the number '132k' is not bound",
    "math": r"worked\.c is '2\.948' in English, but the page says '2\.949'",
    "math-ru": r"worked\.c is '2\.948' in Russian, but the page says '2\.949'",
    "math-unbound": r"the number '0\.9946' in math is not bound",
    "display-math-ru": r"the number '0\.7' in math is not bound",
    "inline-code": r"the number '0\.0123' is not bound",
    "html": r"the number '12' is not bound",
    "details": r"the number '17' is not bound",
    "admonition": r"seq2seq\.total is '8,380,474' in English, but the page says '8,380,475'",
    "alt": r"the number '0\.42' is not bound",
    "title": r"the number '3' is not bound",
    "exec-class": r"the number '0\.0123' is not bound",
    "table": r"worked\.f is '0\.997' in English, but the page says '0\.996'",
    "separator": r"cost\.gru_share is '75\\xa0%' in Russian, but the page says '75 %'",
    "separator-unbound": r"the number '75 %' is not bound",
    "constant": r"the number '0\.0123' is not bound",
    "constant-by-name": r"\[0\.0123\]\{params:lr\}: block 'params' on this page prints no value named 'lr'",
    "named-wrong": r"params:rows is '3' as the block printed it, but the page says '4'",
    "block": r"block 'counts' raised ValueError: boom \(",
    "sys.exit": r"block 'ex-bi-stack' called sys\.exit\(3\); a block must not end the build \(",
    "doctest": r"block 'session': 1 of \d+ examples do not print what the session says \(",
    "grouping": r"cost\.lstm128 is '132\\xa0096' in Russian, but the page says '132,096'",
    "no-twin": r"has no Russian twin: docs/appendix\.ru\.md",
    "no-twin-ru": r"has no English twin: docs/одинокая\.md",
    "missing-block": r"does not match docs/gru\.md in its executed blocks: item \d+ is .* where docs/gru\.md:\d+ has "
                     r"```python exec=\"on\"[^\n]*id=\"comparison\"",
    "config": r"the number '14' is not bound",
    "words": r"«three quarters» states a fraction in words \(0\.75\) that nothing checks: bind it",
    "words-ru": r"«втрое» states a multiple in words \(3\) that nothing checks",
    "words-bound": r"\[two thirds\]\{cost\.gru_share\}: «two thirds» is 0\.666667, which cost\.gru_share's format",
    "attr-title": r"the number '0\.5' is not bound",
    "text-fence": r"the number '0\.52' is not bound",
    "superscript": r"the number '10¹¹' is not bound \(U\+00B9 SUPERSCRIPT ONE",
    "site-description": r"the number '13' is not bound",
    "description": r"the number '3' is not bound",
    "nav-translation": r"«вдвое» states a multiple in words",
    "stale-twin": r"«# [^»]*» is behind its twin docs/code\.md:1 «# ",
    "field-missing": r"the field asks for ex-share:nothing, but block 'ex-share' on this page prints no answer 'nothing'",
    "field-unasked": r"block 'ex-gru-clock' prints the answer 't', but no field asks for it",
    "field-twins": r"asks for ex-gru-clock:t where docs/gru\.md asks for nothing more: twins ask for the same answers",
    "notebook": r"the number '13' is not bound",
    "reference-missing": r"@fig-nowhere refers to nothing: no page of the chapter labels \{#fig-nowhere\}",
    "label-twice": r"tbl-decay is labelled twice: here and at docs/step-by-step\.md:\d+",
    "reference-one-language": r"refers to @eq-gru, and its twin docs/gru\.md does not in this section",
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_fault_fails_the_build_naming_its_line(broken, case):
    text, at = broken
    file, line = at["swap-names-ru" if case == "swap-names" else case]  # parity names the twin that parts
    assert re.search(rf"{re.escape(file)}:{line}\b[^\n]*{CASES[case]}", text), f"{case}: no message at {file}:{line}"
    annotation = CASES[case].replace("%", "%25")  # as a workflow command escapes it
    assert re.search(rf"^::error file={re.escape(file)},line={line}::[^\n]*{annotation}", text, re.M), case


@pytest.mark.parametrize("case", ["block", "sys.exit", "doctest"])
def test_a_failing_block_is_reported_once_with_both_pages_lines(broken, case):
    text, at = broken
    (en, en_line), (ru, ru_line) = at[case + "-pages"]
    said = re.findall(rf"^WARNING[^\n]*{CASES[case]}([^\n]*)", text, re.M)
    assert said == [f"{en}:{en_line} in English, {ru}:{ru_line} in Russian)"], said


# Faults with no line of their own: a table that is not there (the message points where the twin's tables end),
# a notebook published whole.
UNLINED = {
    "table-deleted": r"docs/index\.ru\.md:\d+: does not match docs/index\.md in its tables and images",
    "raw-notebook": r"docs/stray\.ipynb would be published as raw JSON",
    "raw-notebook-ru": r"docs/stray\.ru\.ipynb would be published as raw JSON",
}


@pytest.mark.parametrize("case", list(UNLINED))
def test_a_fault_fails_the_build_naming_its_file(broken, case):
    assert re.search(UNLINED[case], broken[0]), case


def test_the_copyright_line_shows_its_number_plainly(built):
    assert "Chapter 13 of the course notes" in (built / "index.html").read_text(encoding="utf-8")
    assert "Глава 13 конспекта курса" in (built / "ru" / "index.html").read_text(encoding="utf-8")


def test_a_label_that_nothing_refers_to_is_reported_not_failed(broken):
    text, at = broken
    file, line = at["unreferenced"]
    said = re.search(rf"^(\w+) +- +{re.escape(file)}:{line}: Table\s13\.\d+ \(tbl-cost-cells\) is numbered, but no page"
                     rf" refers to it", text, re.M)
    assert said, "no report of the label that nothing refers to"
    assert said.group(1) == "INFO"


def test_a_block_value_bound_by_its_name_passes(broken):
    text, at = broken
    file, line = at["named-right"]
    assert f"{file}:{line}:" not in text


def test_a_count_in_words_passes(broken):
    text, at = broken
    file, line = at["words-count"]
    assert f"{file}:{line}:" not in text


# ---------------------------------------------------------------- faults that need a build of their own


def test_changing_a_worked_example_weight_fails_the_build(copy, build, edit):
    """Built where the importable `gated` is the unmodified original (as an installed or editable one would
    be found): the build computes with the copy's own."""
    edit(copy / "gated/chapter/examples.py", "f=_scalar(1.63, 2.70, 1.62)", "f=_scalar(1.93, 2.70, 1.62)")
    result = build(copy, env={"GITHUB_ACTIONS": "true", "PYTHONPATH": str(ROOT)})
    assert result.returncode == 1
    text = output(result)
    line = line_of(copy / "gated/chapter/published.py", '"worked.f":')
    assert re.search(rf"gated/chapter/published\.py:{line}: worked\.f: published 0\.997, computed now 0\.998; quoted at ", text)
    assert re.search(rf"^::error file=gated/chapter/published\.py,line={line}::[^\n]*worked\.f: published 0\.997", text, re.M)
    quoted = re.search(r"worked\.f: .*; quoted at (.*)", text).group(1)
    for page in ("docs/lstm.md", "docs/lstm.ru.md", "docs/step-by-step.md", "docs/step-by-step.ru.md"):
        assert re.search(rf"{re.escape(page)}:\d+", quoted), page
    assert "worked.c: published 2.948" in text
