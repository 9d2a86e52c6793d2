"""The frame: a strict build passes in both languages, and every kind of fault fails it loudly.

Each fault is injected into a copy of the site; the test asserts that the strict
build fails and that its message names the page (and the block, where there is one).
The faults that leave the build running to its end (a block that raises or exits, a
failed doctest, a page without its twin) share one broken copy in test_drift.py; here
are those that stop a language's build, or need a build of their own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.build

ROOT = Path(__file__).resolve().parents[2]


def output(result) -> str:
    return result.stdout + result.stderr


def fence(root, page: str, block: str) -> str:
    """'docs/page.md:LINE', where the executed block `block` starts on the page."""
    text = (root / "docs" / page).read_text(encoding="utf-8")
    line = text[: text.index(f'id="{block}"')].count("\n") + 1
    return f"docs/{page}:{line}"


def test_the_site_builds_in_both_languages(built):
    en, ru = (built / "index.html").read_text(), (built / "ru" / "index.html").read_text()
    assert '<html lang="en"' in en and '<html lang="ru"' in ru
    # the same page paths in both languages
    english = {p.relative_to(built).as_posix() for p in built.glob("*/index.html") if p.parent.name != "ru"}
    russian = {p.relative_to(built / "ru").as_posix() for p in (built / "ru").glob("*/index.html")}
    assert english == russian


def test_the_themes_words_on_a_russian_page_are_russian(built):
    """The headings' permanent links (hooks/permalinks.py) and the footer (overrides/partials/language.html) speak
    the page's language: no "Permanent link" on a Russian page, «Вперёд» with its ё."""
    pages = sorted((built / "ru").glob("**/index.html"))
    assert len(pages) > 12
    for page in pages:
        html = page.read_text(encoding="utf-8")
        where = page.relative_to(built)
        assert 'title="Permanent link"' not in html, f"{where}: a heading's link titled in English"
        assert "Вперед" not in html, f"{where}: «Вперед» without ё"
    lstm = (built / "ru" / "lstm" / "index.html").read_text(encoding="utf-8")
    assert 'class="headerlink"' in lstm and 'title="Постоянная ссылка"' in lstm
    assert "Вперёд" in lstm
    english = (built / "lstm" / "index.html").read_text(encoding="utf-8")
    assert 'title="Permanent link"' in english and "Next" in english


def test_a_missing_snippet_fails_the_build(copy, build, edit):
    edit(copy / "docs/gru.ru.md", "snippets/gru/comparison.py", "snippets/gru/no-such-file.py")
    result = build(copy, env={"BUILD_ONLY_LOCALE": "ru"})  # the fault is in Russian
    assert result.returncode == 1
    assert "no-such-file.py" in output(result)
    assert "gru.ru.md" in output(result)


def test_a_failing_notebook_cell_fails_the_build(copy, build, edit):
    edit(copy / "notebooks/gradient-highway.py", "from gated.chapter import tables\n",
         "from gated.chapter import tables\nraise RuntimeError('a cell fails on purpose')\n")
    result = build(copy, env={"BUILD_ONLY_LOCALE": "en"})  # both notebooks come from this source; English is first
    assert result.returncode == 1
    assert "a cell fails on purpose" in output(result)
    assert "gradient-highway.ipynb" in output(result)


def test_an_assert_in_a_block_fails_the_build_under_pythonoptimize(copy, build, edit):
    edit(copy / "snippets/gru/comparison.py", "print(", "assert 1 + 1 == 3, 'on purpose'\nprint(", )
    page = copy / "docs/gru.md"  # front matter, which MkDocs takes off before the hooks see the page, counts
    page.write_text("---\nsearch:\n  boost: 2\n---\n" + page.read_text(encoding="utf-8"), encoding="utf-8")
    session = copy / "snippets/index/session.pycon"
    session.write_text(session.read_text() + ">>> assert 2 + 2 == 5, 'a session asserts on purpose'\n")
    result = build(copy, env={"PYTHONOPTIMIZE": "1", "BUILD_ONLY_LOCALE": "en"})  # the faults are in English
    assert result.returncode == 1
    snippet = (copy / "snippets/gru/comparison.py").read_text(encoding="utf-8")
    at = f"snippets/gru/comparison.py:{snippet[: snippet.index('assert 1 + 1')].count(chr(10)) + 1}"
    assert (f"{at}: block 'comparison' raised AssertionError: on purpose ({fence(copy, 'gru.md', 'comparison')}"
            f" in English)") in output(result)
    assert "a session asserts on purpose" in output(result)


def test_a_gated_that_cannot_be_displaced_stops_the_build_naming_both(copy, build, tmp_path_factory):
    """An import hook that serves another checkout's `gated` ahead of sys.path, as some installs do."""
    site = tmp_path_factory.mktemp("elsewhere")
    (site / "sitecustomize.py").write_text(
        "import importlib.machinery, sys\n"
        "class Elsewhere(importlib.machinery.PathFinder):\n"
        "    @classmethod\n"
        "    def find_spec(cls, name, path=None, target=None):\n"
        "        if name == 'gated':\n"
        f"            return importlib.machinery.PathFinder.find_spec(name, [{str(ROOT)!r}])\n"
        "        return None\n"
        "sys.meta_path.insert(0, Elsewhere)\n"
    )
    result = build(copy, env={"PYTHONPATH": f"{site}"})
    assert result.returncode == 1
    assert f"this build would compute with the gated package at {ROOT / 'gated'}, not with the one it builds, " \
           f"{copy / 'gated'}" in output(result)
