"""The example sessions on the pages, doctested by pytest with the build's own runner."""

from __future__ import annotations

import importlib
import sys
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```pycon([^\n]*)\n(.*?)^```", re.M | re.S)
INCLUDE = re.compile(r'^--8<-- "([^"]+)"$', re.M)


def _hook():
    """hooks/execution.py, imported as MkDocs does: with hooks/ on sys.path, for `import shared`."""
    path = sys.path.copy()
    sys.path.insert(0, str(ROOT / "hooks"))
    try:
        return importlib.import_module("execution")
    finally:
        sys.path[:] = path


def sessions() -> list[tuple[str, str, str, str]]:
    """(page, block id, language, session) for every executed pycon block of every page."""
    found = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for attrs, body in FENCE.findall(text):
            if 'exec="on"' not in attrs:
                continue
            block = re.search(r'id="([^"]+)"', attrs)
            body = INCLUDE.sub(lambda m: (ROOT / m.group(1)).read_text(encoding="utf-8").rstrip("\n"), body)
            lang = "ru" if page.name.endswith(".ru.md") else "en"
            found.append((page.relative_to(ROOT).as_posix(), block.group(1) if block else "", lang, body))
    return found


SESSIONS = sessions()


def test_the_pages_hold_sessions():
    assert SESSIONS, "no executed pycon block found on any page"


@pytest.mark.parametrize(("page", "block", "lang", "session"), SESSIONS, ids=[f"{p}:{b}" for p, b, _, _ in SESSIONS])
def test_session(page, block, lang, session):
    _hook().run_doctest(session, f"{page}, block '{block}'", lang)


def test_a_wrong_session_fails():
    hook = _hook()
    with pytest.raises(hook.ExecutionError, match=r"1 of 1 examples do not print what the session says"):
        hook.run_doctest(">>> 1 + 1\n3\n", "a test, block 'wrong'", "en")
