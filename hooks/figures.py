"""Published figures: before a build, every figure in `gated.chapter.published` is recomputed.

The check is traced as a block is (hooks/tracing.py): it records every file of the project it used, each
with its hash. While all of those, and the versions and CPU (`tracing.VERSIONS`), are unchanged, a build
does not compute the figures again: not for the next language, not after a prose edit, and not after an
edit to a module no figure uses (gated/chapter/diagram.py, say). What each check that reproduced them all
used is kept in memory and, unless EXEC_CACHE=off, in the result store (`gated.store`: .cache/figures, or
GATED_STORE's).

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
import re

import shared
import tracing
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.figures")

REGISTRY = "gated/chapter/published.py"
KIND = "figures"  # the checks in the store

_checks: dict[str, list[dict[str, str]]] = {}  # key (the versions) -> what each check that reproduced them all used


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
    shared.store().forget_unused([KIND], shared.STALE_DAYS)


@event_priority(-50)  # after hooks/execution.py has re-imported gated, and tracing has forgotten the last build
def on_pre_build(config) -> None:
    key = hashlib.sha256(json.dumps(tracing.VERSIONS).encode()).hexdigest()
    if key not in _checks:
        _checks[key] = [entry.used for entry in shared.store().entries(KIND, key)]
    for used in _checks[key]:
        if tracing.unchanged(used):
            shared.store().touch(KIND, key, used)  # in use: on_startup forgets only what no build has used
            return
    with tracing.traced() as used:
        drifted = importlib.import_module("gated.chapter.published").check()
    if not drifted:
        _checks[key].append(used)
        shared.store().put(KIND, key, used, b"every published figure reproduced", tracing.VERSIONS)
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
