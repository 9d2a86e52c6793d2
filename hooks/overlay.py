"""What `mkdocs serve` shows in the page: each open problem in a box at its place, and a bar that counts them.

Only while serving: a strict build, and so the published site, has none of it (its script and stylesheet are not
even copied). After each build this hook writes `gated-problems.json` beside the served pages: the site's open
problems (hooks/problems.py, kept across dirty rebuilds), each with what is wrong and its fix in both languages
(hooks/advice.py), its `file:line`, what the build said, and, for each place on a page, the element it is shown
beside (hooks/places.py, which finds it among the elements this hook numbers in each rendered article).

docs/javascripts/problems.js reads it on every page, and on every page that instant navigation or a reload
brings: a bar at the top of the page (a landmark) says how many problems the site has and that a strict build
would fail, and links to each; each problem on the page shows in a box beside its place, in the page's language,
and what is at fault is marked. The boxes go beside what they are about (after a paragraph or a table, at the
end of a list item, before a block): no list is renumbered, no table gains a row, no number of the page changes.
A problem that is fixed is gone from the next build's file, so from the page the reload brings.

GATED_OVERLAY=off serves without it (benchmarks/build.py measures what it costs).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from urllib.parse import unquote

import advice
import places
import problems
import shared
from mkdocs.plugins import event_priority

SCRIPT, STYLE = "javascripts/problems.js", "stylesheets/problems.css"
DATA = "gated-problems.json"

_on = False
_pages: dict[str, tuple[str, str, str]] = {}  # page (src_uri) -> (url, output file, source file), every language
_read: dict[str, list[places.Element]] = {}  # a hash of a rendered page -> its numbered elements


def on_startup(command: str, dirty: bool) -> None:
    global _on
    _on = command == "serve" and os.environ.get("GATED_OVERLAY", "on") != "off"


def on_config(config):
    if _on:
        if SCRIPT not in [str(s) for s in config.extra_javascript]:
            config.extra_javascript.append(SCRIPT)
        if STYLE not in config.extra_css:
            config.extra_css.append(STYLE)
    return config


@event_priority(-1000)  # after every plugin has made this language's files
def on_files(files, config):
    for f in files.documentation_pages():
        _pages[f.src_uri] = (unquote(f.url), f.abs_dest_path, f.abs_src_path)
    if not _on:  # never in a built site
        for f in [f for f in files if f.src_uri in (SCRIPT, STYLE)]:
            files.remove(f)
    return files


@event_priority(-1000)  # last: the page as it is written
def on_post_page(output: str, page, config) -> str:
    return places.stamp(output) if _on else output


def _place(src: str, line: int, mark: str | None) -> places.Place | None:
    _, dest, source = _pages[src]
    if not os.path.isfile(dest) or not source:
        return None
    html = Path(dest).read_text(encoding="utf-8")
    key = hashlib.sha256(html.encode()).hexdigest()  # a page rendered again as it was is not read again
    if key not in _read:
        _read[key] = places.elements(html)
    return places.locate(Path(source).read_text(encoding="utf-8"), line, _read[key], mark)


def shown(found: list[problems.Problem]) -> dict:
    """What the page's script shows: every open problem, and where each shows on which page."""
    listed = []
    for n, p in enumerate(found, 1):
        said = advice.advise(p.message)
        where = []
        for file, line in p.places:
            src = file.removeprefix("docs/")
            if not file.startswith("docs/") or src not in _pages:
                continue
            place = _place(src, line, said.mark)
            where.append({"page": _pages[src][0], "lang": shared.language(src), "where": f"{file}:{line}",
                          **({"at": place.at, "how": place.how, "mark": place.mark} if place else {})})
        listed.append({"n": n, "where": p.where, "said": p.message, "what": said.what, "fix": said.fix,
                       "mark": said.mark, "places": where})
    return {"problems": listed}


@event_priority(-300)  # after hooks/problems.py has said its line
def on_post_build(config) -> None:
    if not _on or config.plugins["i18n"].building:
        return
    data = shown(problems.current())
    for key in list(_read)[:-64]:  # the pages read for this build and the last few
        del _read[key]
    Path(config.site_dir, DATA).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
