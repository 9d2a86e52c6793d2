"""Published figures: before a build, every figure in `gated.chapter.published` is recomputed.

The check is traced as a block is (hooks/tracing.py): it records every file of the project it used, each
with its hash. While all of those, and the versions and CPU (`tracing.VERSIONS`), are unchanged, a build
does not compute the figures again: not for the next language, not after a prose edit, and not after an
edit to a module no figure uses (gated/chapter/diagram.py, say). What each check that reproduced them all
used is kept in memory and, unless EXEC_CACHE=off, under .cache/figures.

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
from pathlib import Path

import shared
import tracing
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.figures")

REGISTRY = "gated/chapter/published.py"
CACHE = shared.ROOT / ".cache" / "figures"
DISK_CACHE = os.environ.get("EXEC_CACHE", "on") != "off"

_checks: dict[Path, list[dict[str, str]]] = {}  # folder -> what each check that reproduced every figure used


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
    shared.forget_unused(CACHE.glob("*/*.json"))


def _entry(used: dict[str, str]) -> str:
    return hashlib.sha256(json.dumps(sorted(used.items())).encode()).hexdigest()[:16] + ".json"


@event_priority(-50)  # after hooks/execution.py has re-imported gated, and tracing has forgotten the last build
def on_pre_build(config) -> None:
    folder = CACHE / hashlib.sha256(json.dumps(tracing.VERSIONS).encode()).hexdigest()[:16]
    if folder not in _checks:
        _checks[folder] = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))] \
            if DISK_CACHE else []
    for used in _checks[folder]:
        if tracing.unchanged(used):
            if DISK_CACHE and (path := folder / _entry(used)).is_file():
                path.touch()  # in use: on_startup deletes only checks unused for shared.STALE_DAYS
            return
    with tracing.traced() as used:
        drifted = importlib.import_module("gated.chapter.published").check()
    if not drifted:
        _checks[folder].append(used)
        if DISK_CACHE:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / _entry(used)).write_text(json.dumps(used), encoding="utf-8")
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
