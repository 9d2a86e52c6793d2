"""Fixtures for the tests that build the site: the strict build of the repository
as it is, and copies of the site's sources to break on purpose."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"  # Debian's; scripts/test installs it, and nothing downloads a browser
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
SOURCES = ("mkdocs.yml", "pyproject.toml", "docs", "snippets", "gated", "hooks", "notebooks", "overrides")


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
    assert result.returncode == 0, result.stdout + result.stderr
    return site


@pytest.fixture
def copy(tmp_path: Path, built: Path) -> Path:
    """A copy of the site's sources to break, with the execution caches of the session's build."""
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, tmp_path / name)
    if (ROOT / ".cache").is_dir():
        shutil.copytree(ROOT / ".cache", tmp_path / ".cache", ignore=shutil.ignore_patterns("notebooks"))
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def edit():
    """edit(path, old, new): replace the first `old` in a file, insisting that it is there."""
    return _edit


@pytest.fixture
def run_mkdocs():
    """run_mkdocs(root, *args, env=None): any mkdocs command in `root`; returns the finished process."""
    return mkdocs


@pytest.fixture
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


SITE_URL = "http://127.0.0.1:8000/"  # mkdocs.yml's site_url when SITE_URL is not set


class _Site(http.server.SimpleHTTPRequestHandler):
    """Serves the built site as if it were published at this server's address.

    The sitemap names every page under site_url; Material's instant
    navigation follows only links to pages in the sitemap, and keeps the
    sitemap's port. So the sitemap is served with this server's address in
    place of site_url, as a site published here would have it.
    """

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.translate_path(self.path)
        if not path.endswith("sitemap.xml") or not os.path.isfile(path):
            return super().do_GET()
        host, port = self.server.server_address[:2]
        with open(path, encoding="utf-8") as f:
            body = f.read().replace(SITE_URL, f"http://{host}:{port}/").encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="session")
def server(built):
    """The built site over a local static server; yields its root URL."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Site, directory=str(built)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()
