"""The site's open problems: every warning a strict build would fail on, kept across `mkdocs serve --dirty` rebuilds.

A strict build fails on any warning. While serving, this hook keeps each one as an open problem of the page whose
rendering said it (a page's numbers, its blocks, its twin), or of the build (mkdocs.yml, the published figures,
the notebook), and forgets it only when that page is rendered again, or the next build begins, without it. So a
dirty rebuild that renders one page still knows what is wrong on every other page, and each rebuild ends with one
line for the whole site:

    WARNING -  problems: 2 open, a strict build would fail: docs/cost.md:33, snippets/cost/params.py:3
    INFO    -  problems: none open, a strict build would pass

The same list without serving, each problem in full (it builds the site once, not strictly, into a temporary
folder, and exits 1 if any problem is open):

    python hooks/problems.py            # or: scripts/serve check

hooks/overlay.py shows each problem in the served page. The list is `shared.problems`: MkDocs loads this hook by
its path, and other hooks import it by name.
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

if __name__ == "__main__":  # run as a command: the hooks' folder is on the path, the package beside it
    sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import shared
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.problems")

LIST = "GATED_PROBLEMS"  # a file to write the open problems to, as JSON, when the build ends (the command's)
BUILD = ""  # the owner of what the build as a whole says, not one page's rendering
DOC_FILE = re.compile(r"^Doc file '(?P<page>[^']+)'")  # how MkDocs names a page in its own warnings


class Problem(NamedTuple):
    """An open problem: what the build said, and the `file:line` places it names, the first where to fix it."""

    message: str
    places: tuple[tuple[str, int], ...]  # (file relative to the checkout, line; 0 for the whole file)

    @classmethod
    def of(cls, message: str) -> Problem:
        places = [(m["file"], int(m["line"])) for m in shared.WHERE.finditer(message)]
        if not places and (page := DOC_FILE.match(message)):
            places = [(f"docs/{page['page']}", 0)]
        return cls(message, tuple(dict.fromkeys(places)))

    @property
    def where(self) -> str:
        """Where it is, for a list: its first place, or the start of what the build said."""
        if self.places:
            file, line = self.places[0]
            return f"{file}:{line}" if line else file
        first = self.message.split("\n", 1)[0]
        return first if len(first) <= 60 else first[:59] + "…"


def current() -> list[Problem]:
    """The site's open problems, each once, in the order of their first place."""
    messages = dict.fromkeys(m for owned in shared.problems.values() for m in owned)
    found = [Problem.of(m) for m in messages]
    return sorted(found, key=lambda p: (p.places[0] if p.places else ("~", 0), p.message))


def summary(found: list[Problem]) -> str:
    """The line each rebuild ends with."""
    if not found:
        return "problems: none open, a strict build would pass"
    return f"problems: {len(found)} open, a strict build would fail: {', '.join(p.where for p in found)}"


# ---------------------------------------------------------------- collecting them, while MkDocs builds


class _Collector(logging.Handler):
    """Every warning MkDocs and its plugins log, kept as an open problem of its owner."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)

    def emit(self, record: logging.LogRecord) -> None:
        if record.name == log.name:
            return
        page = getattr(_config, "_current_page", None)  # MkDocs names the page it reads or renders
        owners = getattr(record, "owners", None) or [page.file.src_uri if page else BUILD]
        for owner in owners:
            shared.problems.setdefault(owner, []).append(record.getMessage())


_config = None  # this build's config, whose _current_page the collector reads
_listing = False  # whether builds end with the line: while serving, and for the command


def on_startup(command: str, dirty: bool) -> None:
    global _listing
    _listing = command == "serve" or LIST in os.environ
    logger = logging.getLogger("mkdocs")
    if _listing and not any(isinstance(h, _Collector) for h in logger.handlers):
        logger.addHandler(_Collector())


@event_priority(1000)  # before any hook checks mkdocs.yml
def on_config(config):
    global _config
    _config = config
    if not config.plugins["i18n"].building:  # a new build, not another language of this one: it says again
        shared.problems.pop(BUILD, None)  # what the build as a whole has to say
    return config


@event_priority(-1000)  # after every plugin has made this language's files
def on_files(files, config):
    """A page that is gone has no problems."""
    lang = shared.building(config)
    pages = {f.src_uri for f in files.documentation_pages()}
    for owner in [o for o in shared.problems if o and shared.language(o) == lang and o not in pages]:
        del shared.problems[owner]
    return files


@event_priority(1000)  # before any hook reads the page
def on_pre_page(page, config, files):
    """The page is rendered again: what its rendering says now replaces what it said before."""
    shared.problems.pop(page.file.src_uri, None)
    return page


@event_priority(-250)  # after every other hook has spoken (hooks/provenance.py's line is at -200)
def on_post_build(config) -> None:
    if not _listing or config.plugins["i18n"].building:
        return
    found = current()
    if found:
        log.warning(summary(found))
    else:
        log.info(summary(found))
    if LIST in os.environ:
        Path(os.environ[LIST]).write_text(json.dumps([p.message for p in found], ensure_ascii=False), "utf-8")


def on_build_error(error) -> None:
    if _listing:
        log.warning(f"problems: the build stopped ({type(error).__name__}: {error}); a strict build would fail")


# ---------------------------------------------------------------- the list without serving


def main(argv: list[str]) -> int:
    """Build the site once into a temporary folder and print its open problems, each in full, then the line."""
    root = shared.ROOT
    with tempfile.TemporaryDirectory(prefix="gated-check-") as tmp:
        listed = Path(tmp) / "problems.json"
        env = {**os.environ, LIST: str(listed), "PYTHONPATH": os.pathsep.join(
            [str(root), *filter(None, [os.environ.get("PYTHONPATH")])]), "NO_MKDOCS_2_WARNING": "1"}
        done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--site-dir", str(Path(tmp) / "site"),
                               *argv], cwd=root, env=env, capture_output=True, text=True)
        if not listed.is_file():
            print(done.stderr[-3000:] or done.stdout[-3000:], file=sys.stderr)
            print("problems: the build stopped before its end; a strict build would fail")
            return 1
        found = [Problem.of(m) for m in json.loads(listed.read_text(encoding="utf-8"))]
    for p in found:
        print(p.message)
    print(summary(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
