"""Fixtures for the tests that build the site: the strict build of the repository
as it is, and copies of the site's sources to break on purpose."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"  # Debian's; scripts/test installs it, and nothing downloads a browser
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
SOURCES = ("mkdocs.yml", "pyproject.toml", "docs", "snippets", "gated", "hooks", "notebooks", "overrides")


def load_hook(name: str):
    """A module of hooks/, imported as MkDocs imports a hook: with hooks/ on sys.path while it loads."""
    path = sys.path.copy()
    sys.path.insert(0, str(ROOT / "hooks"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path[:] = path


def copy_site(dest: Path) -> Path:
    """A copy of the site's sources in `dest`, with the execution caches of the repository."""
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, dest / name)
    if (ROOT / ".cache").is_dir():
        shutil.copytree(ROOT / ".cache", dest / ".cache", ignore=shutil.ignore_patterns("notebooks"))
    return dest


def mkdocs(root: Path, *args: str, env: dict[str, str] | None = None, timeout: int = 900):
    """Run mkdocs in `root`, importing `gated` from `root`; return the finished process."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", *args],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root), "NO_MKDOCS_2_WARNING": "1", **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def strict_build(root: Path, site: Path | None = None, **kwargs):
    site = site or root / "site"
    return mkdocs(root, "build", "--strict", "--site-dir", str(site), **kwargs)


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """The site as the repository builds it, strictly, in both languages."""
    site = tmp_path_factory.mktemp("site")
    result = strict_build(ROOT, site)
    if result.returncode:  # every test that needs the site reports this: keep it to what went wrong
        said = [line for line in (result.stdout + result.stderr).splitlines() if line.startswith(("ERROR", "WARNING"))]
        pytest.fail("the strict build of the site failed:\n" + "\n".join(dict.fromkeys(said)), pytrace=False)
    return site


@pytest.fixture
def copy(tmp_path: Path, built: Path) -> Path:
    """A copy of the site's sources to break, with the execution caches of the session's build."""
    return copy_site(tmp_path)


def _edit(path: Path, old: str, new: str) -> int:
    """Replace the first `old` in a file, insisting that it is there; return the line where `new` starts."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


@pytest.fixture(scope="session")
def edit():
    """edit(path, old, new): replace the first `old` in a file, insisting that it is there; returns its line."""
    return _edit


@pytest.fixture(scope="session", name="copy_site")
def copy_site_fixture():
    """copy_site(dest): a copy of the site's sources in `dest`, with the repository's execution caches."""
    return copy_site


@pytest.fixture
def hook():
    """hook(name): a module of hooks/, imported as MkDocs imports it."""
    return load_hook


@pytest.fixture
def run_mkdocs():
    """run_mkdocs(root, *args, env=None): any mkdocs command in `root`; returns the finished process."""
    return mkdocs


@pytest.fixture(scope="session")
def build():
    """build(root, **kwargs): a strict build of the site in `root`; returns the finished process."""
    return strict_build


@pytest.fixture(scope="session")
def browser():
    """Chromium, driven by Playwright: one for the whole session, as Playwright's sync API allows one at a time."""
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()
