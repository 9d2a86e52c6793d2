"""Authoring: with `mkdocs serve --dirty` running (scripts/serve), edits to a snippet, the package and the pages
show up without a restart, and nothing it serves is stale."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from serving import get, wait_for, wait_until

# one worker runs the module, and test_overlay.py: they share a server over a copy of the site (`served`)
pytestmark = [pytest.mark.build, pytest.mark.browser, pytest.mark.xdist_group("serve")]


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
    wait_for(page, "Edited while serving.", timeout=10)

    # An edit to a module of the package that one figure uses (edits to modules many blocks use cost more time,
    # not another kind of reload: test_cache checks which blocks an edit re-runs).
    figure = f"{serve}/step-by-step/"
    assert "keep after the edit" not in get(figure)
    edit(copy / "gated/chapter/diagram.py", 'Text("keep", "сохранить")', 'Text("keep after the edit", "сохранить")')
    seconds = wait_for(figure, "keep after the edit", timeout=180)  # gated was re-imported
    print(f"package edit shown after {seconds:.1f} s")


def test_a_dirty_serve_is_never_stale(served, edit):
    """`--dirty` renders only what an edit changed, and all of that (hooks/dirty.py)."""
    copy, serve, log = served
    # a prose edit: the page, and the print page made of it
    edit(copy / "docs/lstm.md", "\n\n", "\n\nA sentence added while serving dirty.\n\n")
    wait_for(f"{serve}/lstm/", "A sentence added while serving dirty.", timeout=60)
    wait_for(f"{serve}/print/", "A sentence added while serving dirty.", timeout=30)
    search = get(f"{serve}/search/search_index.json")
    assert search.count("A sentence added while serving dirty.") == 1
    assert '"location":"gru/"' in search  # pages not rendered again stay in the index
    # a Russian edit is still compared with its English twin
    edit(copy / "docs/lstm.ru.md", "\n\n", "\n\n| а | б |\n| --- | --- |\n| в | г |\n\n")
    deadline = time.monotonic() + 60
    while "docs/lstm.ru.md:3: does not match docs/lstm.md" not in log.read_text(encoding="utf-8"):
        assert time.monotonic() < deadline, log.read_text(encoding="utf-8")[-3000:]
        time.sleep(0.2)


def test_a_stale_translation_is_an_open_problem_until_recorded(served, edit):
    """An English edit leaves the Russian twin's section behind (hooks/translations.py; hooks/dirty.py renders the
    twin): an open problem at both sections, shown on both pages (tests/pages/test_overlay.py looks at them);
    recording the pair as in line takes it away."""
    copy, serve, _ = served
    stale = lambda found: [p for p in found if p["where"].startswith("docs/gru.ru.md:")]  # noqa: E731
    assert not stale(wait_until(served, lambda found: True))
    edit(copy / "docs/gru.md", "The two units move by different amounts.", "The two units move by unequal amounts.")
    found = stale(wait_until(served, stale))
    assert {p["page"] for p in found[0]["places"]} == {"gru/", "ru/gru/"}, found
    subprocess.run([sys.executable, "hooks/translations.py", "record", "docs/gru.md"], cwd=copy, check=True,
                   env={**os.environ, "PYTHONPATH": str(copy)})
    wait_until(served, lambda found: not stale(found))  # the server renders every page again
