"""Translations that cannot fall behind (hooks/translations.py): each section against what its twin said when the
two were last recorded as in line. First the rules on copies of docs/ without a build, then the strict build and
the record command on a copy of the site."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def translations():
    from conftest import load_hook

    return load_hook("translations")


@pytest.fixture
def docs(tmp_path) -> Path:
    """A copy of the pages and their record (and the notebook script, beside it as in the repository)."""
    shutil.copytree(ROOT / "docs", tmp_path / "docs", ignore=shutil.ignore_patterns("vendor", "javascripts"))
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks", ignore=shutil.ignore_patterns("jupyter"))
    return tmp_path / "docs"


def line_of(path: Path, text: str) -> int:
    source = path.read_text(encoding="utf-8")
    assert text in source, f"{text!r} is not in {path}"
    return source[: source.index(text)].count("\n") + 1


def heading_before(path: Path, text: str) -> int:
    """The line of the heading of the section that holds `text`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    n = line_of(path, text)
    return next(k for k in range(n, 0, -1) if re.match(r"#{1,6} ", lines[k - 1]))


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_repository_is_recorded_in_line(translations):
    assert translations.problems(ROOT, ROOT / "docs") == []


def test_sections_split_at_headings_outside_fences(translations):
    text = "---\ntitle: T\n---\n# Page\n\nIntro.\n\n```python\n# not a heading\n```\n\n## Two\n\nText.\n"
    found = translations.sections(text)
    assert [(s.line, s.heading) for s in found] == [(4, "# Page"), (12, "## Two")]
    assert translations.sections(text.replace("title: T", "title: U"))[0].said != found[0].said  # front matter counts


def test_what_a_section_says(translations):
    said = translations.said
    base = "The GRU costs [75%]{cost.gru_share} of an LSTM, with $b_f = [2]{param}$."
    reflowed = "The GRU costs\n  [75%]{cost.gru_share} of an   LSTM,\nwith $b_f = [2]{param}$."
    assert said(base) == said(reflowed)
    assert said(base) == said(base.replace("[75%]", "[80%]"))  # a figure that changed: both print it from one figure
    assert said(base) != said(base.replace("[2]{param}", "[3]{param}"))  # a parameter is what the text says
    assert said(base) != said(base.replace("costs", "saves"))


def test_an_english_edit_makes_the_russian_section_stale_until_recorded(translations, docs):
    en, ru = docs / "highway.md", docs / "highway.ru.md"
    edit(en, "the measurement follows the prediction at first", "the measurement follows the prediction at the start")
    problems = translations.problems(docs.parent, docs)
    assert len(problems) == 1, problems
    ru_line, en_line = heading_before(ru, "Кривые показаны на"), heading_before(en, "follows the prediction at the start")
    assert problems[0].startswith(f"docs/highway.ru.md:{ru_line} «"), problems[0]
    assert f"is behind its twin docs/highway.md:{en_line} «" in problems[0]
    assert problems[0].endswith("then record: python hooks/translations.py record docs/highway.md")
    assert translations.record(docs.parent, docs, ["docs/highway.md"]) == ["highway.md"]
    assert translations.problems(docs.parent, docs) == []


def test_a_russian_edit_makes_the_english_section_stale(translations, docs):
    edit(docs / "cost.ru.md", "Три ячейки различаются", "Эти три ячейки различаются")
    (problem,) = translations.problems(docs.parent, docs)
    assert re.match(r"docs/cost\.md:\d+ «## .*» is behind its twin docs/cost\.ru\.md:\d+ «", problem), problem


def test_a_reflow_and_a_changed_figure_pass(translations, docs):
    en = docs / "cost.md"
    edit(en, "A GRU therefore has\n[75%]{cost.gru_share} of the parameters",
         "A GRU\n  therefore has    [80%]{cost.gru_share} of the parameters")
    # re-flowed, and the figure changed (hooks/quotes.py reports a value that is not the figure's)
    assert translations.problems(docs.parent, docs) == []


def test_both_sides_changed_wait_for_a_record(translations, docs):
    edit(docs / "gru.md", "The two units move by different amounts.", "The two units move differently.")
    edit(docs / "gru.ru.md", "Нейроны сдвигаются на разную величину.", "Нейроны сдвигаются по-разному.")
    (problem,) = translations.problems(docs.parent, docs)
    assert re.match(r"docs/gru\.md:\d+ «.*» and docs/gru\.ru\.md:\d+ «.*» both changed since", problem), problem
    translations.record(docs.parent, docs, ["docs/gru.ru.md"])  # either twin names the pair
    assert translations.problems(docs.parent, docs) == []


def test_a_section_in_one_language_only(translations, docs):
    edit(docs / "summary.md", "\n## What to remember", "\n## A new section\n\nText.\n\n## What to remember")
    (problem,) = translations.problems(docs.parent, docs)
    assert problem.startswith(f"docs/summary.md:{line_of(docs / 'summary.md', '## A new section')}:"
                              " «## A new section» has no twin section"), problem


def test_a_pair_never_recorded(translations, docs):
    for lang, title in (("", "# Appendix\n\nText.\n"), (".ru", "# Приложение\n\nТекст.\n")):
        (docs / f"appendix{lang}.md").write_text(title, encoding="utf-8")
    (problem,) = translations.problems(docs.parent, docs)
    assert problem.startswith("docs/appendix.md:1: docs/appendix.md and docs/appendix.ru.md have no record")


def test_the_notebooks_cells_are_paired_too(translations, docs):
    script = docs.parent / "notebooks" / "gradient-highway.py"
    edit(script, "# All it needs is Python with numpy", "# All that it needs is Python with numpy")
    (problem,) = translations.problems(docs.parent, docs)
    ru = line_of(script, '# %% [markdown] lang="ru"')
    assert problem.startswith(f"notebooks/gradient-highway.py:{ru} «# Ноутбук «Градиентная магистраль»» is behind its twin"
                              " notebooks/gradient-highway.py:"), problem


def test_recording_an_unknown_pair_says_so(translations, docs):
    with pytest.raises(SystemExit, match="no such pair of twins: nowhere.md"):
        translations.record(docs.parent, docs, ["docs/nowhere.md"])


# ---------------------------------------------------------------- the build, on a copy of the site


@pytest.mark.build
def test_the_strict_build_fails_on_a_stale_twin_until_the_pair_is_recorded(copy, build):
    """An English paragraph edited alone fails the build naming its Russian twin; a re-flowed paragraph elsewhere
    does not; after the record command the build passes."""
    en, ru = copy / "docs" / "highway.md", copy / "docs" / "highway.ru.md"
    edit(en, "the measurement follows the prediction at first", "the measurement follows the prediction at the start")
    cost = copy / "docs" / "cost.md"
    edit(cost, "A GRU therefore has\n[75%]{cost.gru_share} of the parameters",
         "A GRU therefore has [75%]{cost.gru_share}\nof the parameters")  # re-flow
    result = build(copy, env={"GITHUB_ACTIONS": "true"})
    out = result.stdout + result.stderr
    assert result.returncode == 1
    ru_line, en_line = heading_before(ru, "Кривые показаны на"), heading_before(en, "follows the prediction at the start")
    said = rf"docs/highway\.ru\.md:{ru_line} «[^»]*» is behind its twin docs/highway\.md:{en_line} «"
    assert re.search(rf"WARNING[^\n]*{said}", out), out[-3000:]
    assert re.search(rf"^::error file=docs/highway\.ru\.md,line={ru_line}::", out, re.M)
    assert "docs/cost" not in "\n".join(line for line in out.splitlines() if "WARNING" in line)
    for page in ("ru/highway/index.html", "highway/index.html"):  # a built page shows no problem: mkdocs serve
        assert "gated-problem" not in (copy / "site" / page).read_text(encoding="utf-8")  # does (hooks/overlay.py)

    recorded = subprocess.run([sys.executable, "hooks/translations.py", "record", "docs/highway.md"], cwd=copy,
                              capture_output=True, text=True, env={"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin"})
    assert recorded.returncode == 0 and recorded.stdout == "recorded as in line: highway.md\n", recorded.stderr
    again = build(copy)
    assert again.returncode == 0, again.stderr[-3000:]
