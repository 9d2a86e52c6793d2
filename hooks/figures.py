"""Published figures: before each build, every figure in `gated.chapter.published` is recomputed.

A figure that its computation no longer reproduces stops the strict build. The
message names the figure's line in gated/chapter/published.py, the published and the new
value, and every place on the pages and in the notebook that quotes it as
`[VALUE]{name}`. To change a published figure on purpose: change the
computation, build, and edit that one line.
"""

from __future__ import annotations

import importlib
import logging
import re

import shared
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.figures")

REGISTRY = "gated/chapter/published.py"


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


@event_priority(-50)  # after hooks/execution.py has re-imported gated
def on_pre_build(config) -> None:
    drifted = importlib.import_module("gated.chapter.published").check()
    if not drifted:
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
