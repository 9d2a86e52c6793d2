"""Fixtures for the tests that build the site: the strict build of the repository
as it is, and copies of the site's sources to break on purpose."""

from __future__ import annotations

import atexit
import functools
import http.server
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from filelock import FileLock
from playwright.sync_api import sync_playwright

import browsing
import serving
from browsing import Shown

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


# The builds of a test run find matplotlib as a machine does where it has never run: with no font cache, which
# its first plot builds (starting fc-list). So the suite's verdict cannot depend on what this HOME holds.
FIRST_RUN = {"MPLCONFIGDIR": tempfile.mkdtemp(prefix="matplotlib-first-run-")}
atexit.register(shutil.rmtree, FIRST_RUN["MPLCONFIGDIR"], True)


def mkdocs(root: Path, *args: str, env: dict[str, str] | None = None, timeout: int = 900):
    """Run mkdocs in `root`, importing `gated` from `root`; return the finished process."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", *args],
        cwd=root,
        # Only the run's own build makes the PDF of the chapter (hooks/pdf.py): the copies broken on purpose and
        # the cache tests' builds would spend the seconds for nothing.
        env={**os.environ, "PYTHONPATH": str(root), "NO_MKDOCS_2_WARNING": "1", "GATED_PDF": "off", **FIRST_RUN,
             **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def strict_build(root: Path, site: Path | None = None, **kwargs):
    site = site or root / "site"
    return mkdocs(root, "build", "--strict", "--site-dir", str(site), **kwargs)


def _shared(factory, worker: str) -> Path:
    """The folder every worker of this run can see."""
    return factory.getbasetemp() if worker == "master" else factory.getbasetemp().parent


def _build_once(shared: Path) -> None:
    """The repository's strict build into `shared`/site, once for the whole run, whoever asks first.

    A failed build leaves its verdict, the build's ERROR and WARNING lines, in `shared`/site.failed.
    """
    site, verdict = shared / "site", shared / "site.failed"
    with FileLock(shared / "site.lock"):
        if not site.is_dir() and not verdict.exists():
            result = strict_build(ROOT, shared / "site.partial", env={"SITE_URL": SITE_URL, "GATED_PDF": "on"})
            if not result.returncode:
                (shared / "site.partial").rename(site)
                publish(site)
            else:  # keep it to what went wrong: every test that needs the site reports it
                said = [line for line in (result.stdout + result.stderr).splitlines()
                        if line.startswith(("ERROR", "WARNING"))]
                verdict.write_text("\n".join(dict.fromkeys(said)) or result.stderr[-3000:])


def publish(site: Path) -> None:
    """Keep the run's build where GATED_SITE_DIR says (relative to the checkout): CI publishes the very build
    the suite checked, and builds the site once."""
    if os.environ.get("GATED_SITE_DIR"):
        dest = ROOT / os.environ["GATED_SITE_DIR"]
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(site, dest)


def pytest_collection_finish(session):
    """Start the build as soon as the run is known to need it, while the workers run the package's tests
    (the root conftest puts them first)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "master")
    if worker in ("master", "gw0") and any("built" in getattr(i, "fixturenames", ()) for i in session.items):
        shared = _shared(session.config._tmp_path_factory, worker)  # what the tmp_path_factory fixture returns
        threading.Thread(target=_build_once, args=(shared,), name="site build", daemon=True).start()


@pytest.fixture(scope="session")
def built(tmp_path_factory, worker_id) -> Path:
    """The site as the repository builds it, strictly, in both languages: once per test run.

    Under pytest-xdist it is built once, in a folder all workers share; a test that needs it waits for it.
    """
    shared = _shared(tmp_path_factory, worker_id)
    _build_once(shared)
    verdict = shared / "site.failed"
    if verdict.exists():
        pytest.fail("the strict build of the site failed:\n" + verdict.read_text(), pytrace=False)
    return shared / "site"


class Soups:
    """The built site's HTML files, each parsed the first time a test reads it and kept for the worker's later
    tests. A test that changes a tree must parse its own."""

    def __init__(self, site: Path):
        self.site, self._trees = site, {}

    def __getitem__(self, path: Path) -> BeautifulSoup:
        if path not in self._trees:
            self._trees[path] = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        return self._trees[path]

    def pages(self, lang: str) -> list[Path]:
        """The HTML files of one language: the Russian ones under ru/, the English ones (and the 404 page that
        serves both) elsewhere."""
        return [page for page in sorted(self.site.rglob("*.html"))
                if (page.relative_to(self.site).parts[0] == "ru") == (lang == "ru")]


@pytest.fixture(scope="session")
def soups(built: Path) -> Soups:
    """The built site's pages, parsed once for the tests that read them all. Those tests take a language each,
    and tests/conftest.py puts a language's in one group (`soups-en`, `soups-ru`): one worker parses its
    language's pages, the other worker the other's, side by side."""
    return Soups(built)


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


@pytest.fixture(scope="session")
def served(built, tmp_path_factory):
    """`mkdocs serve --livereload --dirty`, as scripts/serve runs it, over a copy of the site: (copy, url, log).

    One server for the tests of authoring (one worker runs them: the xdist group "serve"): its first build is a
    whole build, and each test edits files in turn."""
    with serving.serve(copy_site(tmp_path_factory.mktemp("served"))) as server:
        yield server


@pytest.fixture
def hook():
    """hook(name): a module of hooks/, imported as MkDocs imports it."""
    return load_hook


@pytest.fixture(scope="session")
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


# The site_url of the run's build: where CI publishes it (GATED_SITE_URL, which only that build is given, as its
# SITE_URL), or mkdocs.yml's default. The other builds and `mkdocs serve` keep the default.
SITE_URL = os.environ.get("GATED_SITE_URL") or "http://127.0.0.1:8000/"


class _Site(http.server.SimpleHTTPRequestHandler):
    """Serves the built site as if it were published at this server's address.

    The sitemap names every page under site_url; Material's instant
    navigation follows only links to pages in the sitemap, and keeps the
    sitemap's port. So the sitemap is served with this server's address in
    place of site_url, as a site published here would have it.
    """

    def log_message(self, *args):
        pass

    def translate_path(self, path: str) -> str:
        """A published site lives under site_url's path (/course/ on GitHub Pages): so does this one."""
        prefix = urllib.parse.urlsplit(SITE_URL).path.rstrip("/")
        return super().translate_path(path.removeprefix(prefix) if path.startswith(prefix + "/") else path)

    def do_GET(self):
        path = self.translate_path(self.path)
        if not path.endswith("sitemap.xml") or not os.path.isfile(path):
            return super().do_GET()
        host, port = self.server.server_address[:2]
        with open(path, encoding="utf-8") as f:
            body = f.read().replace(SITE_URL, f"http://{host}:{port}{urllib.parse.urlsplit(SITE_URL).path}").encode()
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
    yield f"http://127.0.0.1:{httpd.server_address[1]}{urllib.parse.urlsplit(SITE_URL).path}"
    httpd.shutdown()
    httpd.server_close()


def pytest_runtest_teardown(item, nextitem):
    """A worker that goes on from the tests that drive Chromium to others leaves its pages for blank ones."""
    if item.get_closest_marker("browser") and not (nextitem and nextitem.get_closest_marker("browser")):
        browsing.park()


@pytest.fixture(scope="session")
def shown(browser, server):
    """shown(lang, path, scheme="light"): the page, loaded at 1280×900 with its formulas set, for a test that
    only reads it; the next test of the same page reads the same load (tests/conftest.py runs them in a row).
    shown.act(lang, path): the same load, for a test that changes the page; the next test gets it loaded again."""
    pages = Shown(browser, server)
    yield pages
    pages.close()
