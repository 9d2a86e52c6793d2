"""`mkdocs serve --dirty` over a copy of the site, as scripts/serve runs it: for the tests of authoring
(test_serve.py, test_overlay.py), which share one server (`served`, a fixture of conftest.py) and run on one worker
(the xdist group "serve"), each edit in turn."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

PROBLEMS = "gated-problems.json"  # what hooks/overlay.py writes after each build


class Served(NamedTuple):
    copy: Path  # the copy of the site's sources it serves
    url: str  # its root, no slash at the end
    log: Path  # what it prints


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> str:
    # mkdocs serve answers once a rebuild it is in has ended: on a loaded machine that has taken over 5 s
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read().decode()


def wait_for(url: str, text: str, timeout: float) -> float:
    """Seconds until the page at `url` contains `text`."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        try:
            if text in get(url):
                return time.monotonic() - start
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"{url} did not show {text!r} within {timeout} s")


def problems(served: Served) -> list[dict]:
    """The site's open problems, as the served pages' script reads them."""
    return json.loads(get(f"{served.url}/{PROBLEMS}"))["problems"]


def wait_until(served: Served, holds, timeout: float = 120) -> list[dict]:
    """The open problems, once `holds(problems)` is true (after the rebuild an edit started)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            found = problems(served)
            if holds(found):
                return found
        except (OSError, ValueError):  # busy rebuilding, or the file half written
            pass
        assert time.monotonic() < deadline, f"no rebuild brought what was awaited:\n{served.log.read_text()[-3000:]}"
        time.sleep(0.2)


@contextmanager
def serve(copy: Path):
    """Start `mkdocs serve --livereload --dirty` over `copy`; yield it once its first build has ended."""
    port = free_port()
    log = copy / "serve.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "--livereload", "--dirty", "-a", f"127.0.0.1:{port}"],
            cwd=copy, env={**os.environ, "PYTHONPATH": str(copy), "NO_MKDOCS_2_WARNING": "1"},
            stdout=out, stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(f"{url}/lstm/", 'data-exec="two-unit"', timeout=300)
        yield Served(copy, url, log)
    finally:
        process.terminate()
        process.wait(timeout=30)
