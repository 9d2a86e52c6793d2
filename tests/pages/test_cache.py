"""Reused results are never stale: an edit to the package changes every page it affects."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

# one worker runs the module: its module-scoped fixture is an expensive build
pytestmark = [pytest.mark.build, pytest.mark.xdist_group("cache")]

ROOT = Path(__file__).resolve().parents[2]


def test_no_cache_lands_in_the_repository(built):
    assert (ROOT / ".cache" / "exec").is_dir()
    for path in (".cache/exec", ".cache/notebooks-html", ".cache/notebooks"):
        assert subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT).returncode == 0, path
    untracked = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all", ".cache"], cwd=ROOT,
                               capture_output=True, text=True).stdout
    assert untracked == ""


# ---------------------------------------------------------------- an edit re-runs exactly what used it


def ran(result) -> set[str]:
    """The blocks the build says it ran, from its line about execution in each language."""
    lines = [line for line in result.stderr.splitlines() if "execution: " in line and " ran, " in line]
    assert len(lines) == 2, result.stderr[-2000:]  # English and Russian
    blocks = {block for line in lines if ": docs/" in line for block in line.split(": ", 2)[2].split("; ")}
    return {re.sub(r":\d+, block", ", block", block) for block in blocks}  # without the fence's line


def pages(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def warm(built, tmp_path_factory, copy_site, run_mkdocs):
    """A copy of the site built once, so that every block's result is cached with what it used. The copy
    comes with the caches of the session's build of the same sources, so this build reuses everything: its
    log, with every module it imported, is kept in first-build.log."""
    copy = copy_site(tmp_path_factory.mktemp("warm"))
    first = run_mkdocs(copy, "build", "--site-dir", str(copy / "out"), env={"PYTHONPROFILEIMPORTTIME": "1"})
    assert first.returncode == 0, first.stderr
    (copy / "first-build.log").write_text(first.stderr)
    return copy


def test_a_build_that_reuses_every_block_imports_no_torch(warm):
    """Nothing is computed again: no block, no published figure (checked for this very gated/), no experiment
    (every published run is kept and current), so torch, a second of every build, is never imported."""
    log = (warm / "first-build.log").read_text()
    assert log.count("execution: 0 blocks ran") == 2, log[-2000:]
    assert {"mkdocs", "gated"} <= imported(log)  # the log holds the imports
    assert "torch" not in imported(log)


@pytest.fixture
def edited(warm):
    """edited(path, old, new): edit a file of the warm copy for one test; it is put back afterwards."""
    saved: dict[Path, str] = {}

    def edit(name: str, old: str, new: str) -> None:
        path = warm / name
        saved.setdefault(path, path.read_text())
        assert old in path.read_text(), f"{old!r} is not in {path}"
        path.write_text(path.read_text().replace(old, new, 1))

    yield edit
    for path, text in saved.items():
        path.write_text(text)


def rebuild(warm, run_mkdocs, site: str = "out", env: dict[str, str] | None = None):
    result = run_mkdocs(warm, "build", "--site-dir", str(warm / site), env=env)
    assert result.returncode == 0, result.stderr
    return result


def imported(log: str) -> set[str]:
    """The modules a process imported, from its log under PYTHONPROFILEIMPORTTIME."""
    return {line.rsplit("|", 1)[1].strip() for line in log.splitlines() if line.startswith("import time:")}


def test_an_edit_to_the_diagram_reruns_the_figure_blocks_and_nothing_else(warm, edited, run_mkdocs):
    """Nothing else: no published figure is computed again (none uses the diagram) and no experiment is
    started (all are kept), so the rebuild does not even import torch."""
    edited("gated/chapter/diagram.py", '3: Text("keep", "сохранить"),', '3: Text("keep", "сохранить"),  # edited')
    result = rebuild(warm, run_mkdocs, env={"PYTHONPROFILEIMPORTTIME": "1"})
    assert ran(result) == {"docs/step-by-step.md, block 'figure'", "docs/step-by-step.ru.md, block 'figure'",
                           "docs/step-by-step.md, block 'counterfactual-figure'",
                           "docs/step-by-step.ru.md, block 'counterfactual-figure'",
                           # the GRU's figure draws in the LSTM figure's style (gru_diagram imports diagram.STYLE);
                           # its worked coordinate, whose weights are in examples, does not run
                           "docs/gru.md, block 'gru-figure'", "docs/gru.ru.md, block 'gru-figure'",
                           # so do the drawings over time (unrolled and directions import diagram.STYLE)
                           "docs/highway.md, block 'unrolled'", "docs/highway.ru.md, block 'unrolled'",
                           "docs/bidirectional.md, block 'directions'", "docs/bidirectional.ru.md, block 'directions'"}
    assert "gated.chapter.diagram" in imported(result.stderr) and "torch" not in imported(result.stderr)


def a_pages_own_snippet(root: Path) -> tuple[str, set[str]]:
    """A snippet that one page includes (in both languages) and no other, with the blocks that include it."""
    blocks: dict[str, set[str]] = {}
    fence = re.compile(r'^```\w+ exec="on"[^\n]*\bid="([^"]+)"[^\n]*\n--8<-- "(snippets/[^"]+)"', re.M)
    for page in sorted((root / "docs").glob("*.md")):
        for block, snippet in fence.findall(page.read_text(encoding="utf-8")):
            blocks.setdefault(snippet, set()).add(f"docs/{page.name}, block '{block}'")
    for snippet, where in blocks.items():
        if len({b.split(",")[0].replace(".ru.md", ".md") for b in where}) == 1 and len(where) == 2:
            return snippet, where
    raise AssertionError("no snippet belongs to one page alone")


def test_ci_with_the_last_runs_cache_reruns_only_the_edited_pages_blocks(warm, edited, run_mkdocs):
    """CI plays it so: the cache of the last run is restored (this copy's, built once), one page's snippet is
    edited, and the rebuild runs that page's blocks in both languages and nothing else: no other page's block,
    no experiment, no notebook."""
    snippet, blocks = a_pages_own_snippet(warm)
    edited(snippet, "\n", "\n# an edit in CI\n")
    result = rebuild(warm, run_mkdocs, site="ci")  # out/ keeps the pages of the unedited sources
    assert ran(result) == blocks, snippet
    summary = next(line for line in result.stderr.splitlines() if "results: " in line)
    assert f"results: {len(blocks)} blocks ran" in summary, summary
    assert "experiments: 0 computed" in summary and "notebooks: 0 executed" in summary, summary


def test_an_edit_to_what_the_training_uses_reruns_the_training(warm, edited, run_mkdocs):
    """The edit makes the training fail as it sets up its first LSTM: only a training that runs again can say so,
    and the rebuild costs a build, not a training (nor making the optimiser, which loads torch's compiler).
    A failed block keeps nothing, so the next test finds the old results; its pages go to a site of their own,
    so that out/ keeps the pages the cached results give."""
    doc = '    """Make every forget gate of layer 0 start at σ(b_f)."""\n'
    edited("gated/chapter/experiments/forget_bias.py", doc, doc + "    raise RuntimeError('the training ran again')\n")
    result = rebuild(warm, run_mkdocs, site="failed")
    rerun = ran(result)
    assert {"docs/forget-bias.md, block 'training'", "docs/forget-bias.ru.md, block 'training'"} <= rerun
    assert all(block.startswith("docs/forget-bias") for block in rerun), rerun  # its exercises use it too
    assert re.search(r"block 'training' raised ExperimentError[^\n]*\(docs/forget-bias\.md:\d+ in English,"
                     r" docs/forget-bias\.ru\.md:\d+ in Russian\)", result.stderr), result.stderr[-3000:]
    # each block that waits for a training says it once, for both languages: the training's, the trained gates'
    # and cell's, and the three models' table, whose third model is the trained cell
    failed = re.findall(r"^WARNING -  \S+: block '([^']+)' raised ExperimentError", result.stderr, re.M)
    assert sorted(failed) == ["models", "trained-cell", "trained-gates", "training"], result.stderr[-3000:]
    assert result.stderr.count("RuntimeError: the training ran again") == len(failed), result.stderr[-3000:]


def test_an_edit_to_a_module_no_block_uses_reruns_nothing_and_changes_no_byte(warm, edited, run_mkdocs):
    """And so does a rebuild with no edit at all: what this rebuild re-runs, that one would too."""
    before = pages(warm / "out")
    edited("gated/chapter/cli.py", "\n", "\n# an edit that no page can see\n")
    assert ran(rebuild(warm, run_mkdocs)) == set()
    assert pages(warm / "out") == before


def test_an_edit_to_gated_changes_the_rebuilt_pages(warm, edited, run_mkdocs):
    """Last in the module: the pages it rebuilds keep the edited weight."""
    assert "0.997" in (warm / "out/lstm/index.html").read_text()
    edited("gated/chapter/examples.py", "f=_scalar(1.63, 2.70, 1.62)", "f=_scalar(1.93, 2.70, 1.62)")
    rebuild(warm, run_mkdocs)  # not strict: a changed weight stops a strict build (the drift guard)
    for page in ("lstm/index.html", "ru/lstm/index.html"):
        html = BeautifulSoup((warm / "out" / page).read_text(), "html.parser")
        table = html.select_one('div.exec[data-exec="worked"] table').get_text(" ")
        assert "0.998" in table and "0.997" not in table, page
    figure = (warm / "out/step-by-step/index.html").read_text()
    assert "f = 0.998" in figure and "f = 0.997" not in figure  # the figure's description
