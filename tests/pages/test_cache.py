"""Reused results are never stale: an edit to the package changes every page it affects."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

pytestmark = pytest.mark.build

ROOT = Path(__file__).resolve().parents[2]


def test_an_edit_to_gated_changes_the_rebuilt_pages(copy, edit, run_mkdocs):
    mkdocs = run_mkdocs
    site = copy / "out"
    # Not strict: a changed weight stops a strict build (the drift guard), and here we want the page.
    assert mkdocs(copy, "build", "--site-dir", str(site)).returncode == 0
    before = (site / "lstm/index.html").read_text()
    assert "0.997" in before
    edit(copy / "gated/examples.py", "f=_scalar(1.63, 2.70, 1.62)", "f=_scalar(1.93, 2.70, 1.62)")
    result = mkdocs(copy, "build", "--site-dir", str(site))
    assert result.returncode == 0, result.stderr
    for page in ("lstm/index.html", "ru/lstm/index.html"):
        html = BeautifulSoup((site / page).read_text(), "html.parser")
        table = html.select_one('div.exec[data-exec="worked"] table').get_text(" ")
        assert "0.998" in table and "0.997" not in table, page
    figure = (site / "step-by-step/index.html").read_text()
    assert "f = 0.998" in figure and "f = 0.997" not in figure  # the figure's description


def test_no_cache_lands_in_the_repository(built):
    assert (ROOT / ".cache" / "exec").is_dir()
    for path in (".cache/exec", ".cache/mkdocs-jupyter", ".cache/notebooks"):
        assert subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT).returncode == 0, path
    untracked = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all", ".cache"], cwd=ROOT,
                               capture_output=True, text=True).stdout
    assert untracked == ""
