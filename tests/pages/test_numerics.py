"""The same pages on every CPU: the site built with every computation on other code paths is, byte for byte, the
site the suite built.

A page must not depend on how the arithmetic rounds, and another vendor's CPU rounds differently in ways that
nothing here can imitate exactly. So this machine changes the rounding itself: `gated.torch.pins.ELSEWHERE` runs
the experiments unpinned (ATen's vector kernels, oneDNN, MKL free, two threads) and the build's own computations
on other kernels (ATen's portable ones, MKL's reproducible mode, OpenBLAS without FMA, numpy without AVX-512).
Every file of the site must come out the same, in both languages, the notebook and print/ included, while the
experiments' raw bits differ: the check has something to check. The chapter's PDFs (hooks/pdf.py) are compared by
what they say, sheet by sheet: Chromium writes into each its creation date and ids of its own for the tags.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest
from conftest import SITE_URL

from gated.torch import pins, pinned

pytestmark = [pytest.mark.build, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("mkdocs.yml", "pyproject.toml", "docs", "snippets", "gated", "hooks", "notebooks", "overrides")


def files(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in sorted(site.rglob("*")) if p.is_file()}


def first_difference(a: Path, b: Path) -> str:
    """Where two files first differ: the line, and the text around the first character that differs."""
    x, y = a.read_bytes(), b.read_bytes()
    k = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
    line = x.count(b"\n", 0, k) + 1
    show = lambda s: s[max(0, k - 120):k + 60].decode("utf-8", "replace")  # noqa: E731
    return f"  line {line}, byte {k}:\n  pinned:    …{show(x)}…\n  elsewhere: …{show(y)}…"


def pdf_text(pdf: Path) -> list[str]:
    """What a PDF says, sheet by sheet."""
    return [page.extract_text() for page in pypdf.PdfReader(pdf).pages]


def test_the_pages_are_the_same_bytes_when_the_arithmetic_rounds_otherwise(tmp_path, built, build):
    copy = tmp_path / "elsewhere"
    copy.mkdir()
    for part in SOURCES:  # no .cache: every block, experiment and notebook is computed again, elsewhere
        (shutil.copytree if (ROOT / part).is_dir() else shutil.copy2)(ROOT / part, copy / part)
    epoch = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True, text=True,
                           check=True).stdout.strip()  # the suite's build is dated by the commit (hooks/dates.py)
    result = build(copy, env={**pins.ELSEWHERE, "EXEC_CACHE": "off", "SITE_URL": SITE_URL,
                              "SOURCE_DATE_EPOCH": epoch, "GATED_PDF": "on"})  # as the suite's build
    assert result.returncode == 0, result.stderr[-4000:]
    ours, theirs = files(built), files(copy / "site")
    assert sorted(ours) == sorted(theirs), set(ours) ^ set(theirs)
    differ = [name for name in ours if (pdf_text(ours[name]) != pdf_text(theirs[name]) if name.endswith(".pdf")
                                        else ours[name].read_bytes() != theirs[name].read_bytes())]
    assert not differ, f"{len(differ)} files differ, first {differ[0]}:\n" + first_difference(
        ours[differ[0]], theirs[differ[0]]) + "\nall: " + ", ".join(differ)
    # and the experiments did compute other bits: their raw digests differ from the pinned build's
    said = re.search(r"^INFO\s+-\s+experiments: (\w+ raw .*)$", result.stderr, re.M).group(1)
    elsewhere = dict(re.findall(r"(\w+) raw (\w+)", said))
    pinned_raw = pinned.digests(ROOT / ".cache" / "experiments" / "published.json")
    assert set(elsewhere) == set(pinned_raw) == {"forget_bias", "gradients", "practice", "scratch"}, said
    assert any(elsewhere[k] != pinned_raw[k] for k in elsewhere), (elsewhere, pinned_raw)
