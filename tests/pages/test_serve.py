"""Authoring: with `mkdocs serve --dirty` running (scripts/serve), edits to a snippet, the package and the pages
show up without a restart, and nothing it serves is stale."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

# one worker runs the module: its module-scoped fixture is a server over a copy of the site
pytestmark = [pytest.mark.build, pytest.mark.browser, pytest.mark.xdist_group("serve")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    # mkdocs serve answers once a rebuild it is in has ended: on a loaded machine that has taken over 5 s
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read().decode()


def _wait_for(url: str, text: str, timeout: float) -> float:
    """Seconds until the page at `url` contains `text`."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        try:
            if text in _get(url):
                return time.monotonic() - start
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"{url} did not show {text!r} within {timeout} s")


@pytest.fixture(scope="module")
def served(built, tmp_path_factory, copy_site):
    """`mkdocs serve --livereload --dirty`, as scripts/serve runs it, over a copy of the site: (copy, url, log).

    One server for the module: its first build is a whole build, and each test edits files of its own."""
    copy = copy_site(tmp_path_factory.mktemp("served"))
    port = _free_port()
    log = copy / "serve.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "--livereload", "--dirty", "-a", f"127.0.0.1:{port}"],
            cwd=copy, env={**os.environ, "PYTHONPATH": str(copy), "NO_MKDOCS_2_WARNING": "1"},
            stdout=out, stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_for(f"{url}/lstm/", 'data-exec="two-unit"', timeout=300)
        yield copy, url, log
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_edits_show_up_in_the_served_page(served, edit, browser):
    copy, serve, _ = served
    page = f"{serve}/lstm/"
    tab = browser.new_page()  # a reader's open tab reloads by itself
    try:
        tab.goto(page)
        edit(
            copy / "snippets/lstm/two_unit.py",
            "print(markdown(tables.lstm_update()))",
            "print(markdown(tables.lstm_update()))\nprint('Edited while serving.')",
        )
        tab.wait_for_function(  # the body is briefly absent while the tab reloads
            "() => document.body !== null && document.body.innerText.includes('Edited while serving.')",
            timeout=180_000)
    finally:
        tab.close()
    _wait_for(page, "Edited while serving.", timeout=10)

    # An edit to a module of the package that one figure uses (edits to modules many blocks use cost more time,
    # not another kind of reload: test_cache checks which blocks an edit re-runs).
    figure = f"{serve}/step-by-step/"
    assert "keep after the edit" not in _get(figure)
    edit(copy / "gated/chapter/diagram.py", 'Text("keep", "сохранить")', 'Text("keep after the edit", "сохранить")')
    seconds = _wait_for(figure, "keep after the edit", timeout=180)  # gated was re-imported
    print(f"package edit shown after {seconds:.1f} s")


def test_a_dirty_serve_is_never_stale(served, edit):
    """`--dirty` renders only what an edit changed, and all of that (hooks/dirty.py)."""
    copy, serve, log = served
    # a prose edit: the page, and the print page made of it
    edit(copy / "docs/lstm.md", "\n\n", "\n\nA sentence added while serving dirty.\n\n")
    _wait_for(f"{serve}/lstm/", "A sentence added while serving dirty.", timeout=60)
    _wait_for(f"{serve}/print/", "A sentence added while serving dirty.", timeout=30)
    search = _get(f"{serve}/search/search_index.json")
    assert search.count("A sentence added while serving dirty.") == 1
    assert '"location":"gru/"' in search  # pages not rendered again stay in the index
    # a Russian edit is still compared with its English twin
    edit(copy / "docs/lstm.ru.md", "\n\n", "\n\n| а | б |\n| --- | --- |\n| в | г |\n\n")
    deadline = time.monotonic() + 60
    while "docs/lstm.ru.md:3: does not match docs/lstm.md" not in log.read_text(encoding="utf-8"):
        assert time.monotonic() < deadline, log.read_text(encoding="utf-8")[-3000:]
        time.sleep(0.2)


def test_a_stale_translation_shows_a_notice_until_recorded(served, edit):
    """An English edit shows a notice on the Russian twin's section (hooks/translations.py; hooks/dirty.py renders
    the twin); recording the pair as in line takes it away."""
    copy, serve, _ = served
    notice = "Этот раздел может отставать от перевода"
    assert notice not in _get(f"{serve}/ru/gru/")
    edit(copy / "docs/gru.md", "The two units move by different amounts.", "The two units move by unequal amounts.")
    _wait_for(f"{serve}/ru/gru/", notice, timeout=60)
    subprocess.run([sys.executable, "hooks/translations.py", "record", "docs/gru.md"], cwd=copy, check=True,
                   env={**os.environ, "PYTHONPATH": str(copy)})
    deadline = time.monotonic() + 120
    while True:
        try:
            if notice not in _get(f"{serve}/ru/gru/"):
                break
        except OSError:  # the server is busy rendering every page again
            pass
        assert time.monotonic() < deadline, "the notice stayed after the record"
        time.sleep(0.5)
