"""Published figures: before a build, every figure in `gated.chapter.published` is recomputed.

The figures depend on `gated/` and on the versions and CPU its results depend on (`tracing.VERSIONS`), and
on nothing else: once they have all been reproduced for one state of both, a build with the same state
(the next language, the next rebuild after a prose edit, another build of the same checkout) does not
compute them again. The state is kept in memory and, unless EXEC_CACHE=off, as an empty file named after
it under .cache/figures. An edit anywhere in `gated/` recomputes them all.

A figure that its computation no longer reproduces stops the strict build. The
message names the figure's line in gated/chapter/published.py, the published and the new
value, and every place on the pages and in the notebook that quotes it as
`[VALUE]{name}`. To change a published figure on purpose: change the
computation, build, and edit that one line.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
import os
import re
import time

import shared
import tracing
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.figures")

REGISTRY = "gated/chapter/published.py"
CACHE = shared.ROOT / ".cache" / "figures"
DISK_CACHE = os.environ.get("EXEC_CACHE", "on") != "off"
STALE_DAYS = 14  # states no build has met for this long are forgotten

_reproduced: set[str] = set()  # the states whose figures were all reproduced, in this process


def quoted_at(name: str) -> list[str]:
    """Where the pages and the notebook quote the figure `name`: 'docs/page.md:LINE'."""
    places = []
    sources = sorted((shared.ROOT / "docs").rglob("*.md")) + sorted((shared.ROOT / "notebooks").glob("*.py"))
    literal = re.compile(r"\]\{" + re.escape(name) + r"\}")
    for path in sources:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if literal.search(line):
                places.append(f"{path.relative_to(shared.ROOT).as_posix()}:{n}")
    return places


def registry_line(name: str) -> int:
    """The line of gated/chapter/published.py that publishes `name`."""
    for n, line in enumerate((shared.ROOT / REGISTRY).read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith(f'"{name}":'):
            return n
    return 1


def on_startup(command: str, dirty: bool) -> None:
    if CACHE.is_dir():
        limit = time.time() - STALE_DAYS * 86400
        for path in CACHE.iterdir():
            if path.stat().st_mtime < limit:
                path.unlink()


def _state() -> str:
    """What the figures depend on: every file of gated/, and the versions and CPU."""
    return hashlib.sha256(json.dumps([tracing.source_hash(), tracing.VERSIONS]).encode()).hexdigest()


@event_priority(-50)  # after hooks/execution.py has re-imported gated
def on_pre_build(config) -> None:
    state = _state()
    if state not in _reproduced and DISK_CACHE and (CACHE / state).is_file():
        _reproduced.add(state)
    if state in _reproduced:
        if DISK_CACHE and (CACHE / state).is_file():
            (CACHE / state).touch()  # in use: on_startup deletes only states unused for STALE_DAYS
        return
    drifted = importlib.import_module("gated.chapter.published").check()
    if not drifted:
        _reproduced.add(state)
        if DISK_CACHE:
            CACHE.mkdir(parents=True, exist_ok=True)
            (CACHE / state).touch()
        return
    for name, fig, new in drifted:
        places = ", ".join(quoted_at(name)) or "no page"
        log.warning(f"{REGISTRY}:{registry_line(name)}: {name}: published {fig.published}, computed now {new};"
                    f" quoted at {places}")
    message = (f"{len(drifted)} published figure(s) no longer reproduced (above). Fix the computation, or, if the"
               f" new value is right, edit the figure's line in {REGISTRY}.")
    if config.strict:
        raise PluginError(message)
    log.warning(message)
