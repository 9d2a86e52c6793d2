"""Run every executed block at build time, in the page's language, loudly and never stale.

markdown-exec finds the ```python exec="on"``` and ```pycon exec="on"``` blocks;
this hook supplies the runners it calls.

- python: the block runs in a fresh namespace with `gated.render` set to the
  page's language; what it prints is its result. An exception, a warning or
  a call to `sys.exit` fails the block with a message naming the page and the
  block.
- pycon: the session is a doctest. What the code prints is compared with the
  expected output written under each ``>>>`` line; a mismatch fails the block.

Blocks compile with their assertions kept, whatever PYTHONOPTIMIZE says: an
assert in a block is a claim the build checks.

The build computes with the `gated` of the checkout it builds: this folder's
parent goes first on sys.path, and a `gated` imported from anywhere else stops
the build with both paths.

Results are reused, within a build and across builds. The key is the code
(snippets included), the page's language, the versions of Python, numpy,
torch and matplotlib, and the kind of CPU (blocks that compute in-process may
round differently on another one; the experiments run pinned, see
`gated.torch.pinned`). Each result also records what it used, traced while
it ran: the project's modules it called into, the files it opened and the
files its experiments used, each with a hash. It is reused while all of them
are unchanged, so an edit re-runs exactly the blocks that used what changed.
A block that starts a process other than a pinned experiment may depend on
anything, and re-runs on any edit to `gated`. Results live in memory and in
the result store (`gated.store`: .cache/exec, or GATED_STORE's; EXEC_CACHE=off
keeps them in memory only). `gated` is re-imported before any build that
follows an edit to it. Each language's build says which blocks ran (and
hooks/provenance.py, at the end, where all of the build's results came from).

EXECUTE=off renders the pages without running anything: the benchmark's floor.
"""

from __future__ import annotations

import contextlib
import doctest
import hashlib
import importlib
import io
import json
import linecache
import logging
import os
import re
import sys
import warnings
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

import failures
import shared
import tracing
from markdown_exec import ExecutionError, base_format, default_tabs, formatters  # noqa: F401 - what runners raise
from markupsafe import Markup, escape
from mkdocs.exceptions import PluginError

log = logging.getLogger("mkdocs.hooks.execution")

ROOT = shared.ROOT
PACKAGE = ROOT / "gated"
KIND = "exec"  # the blocks' results in the store

EXECUTE = os.environ.get("EXECUTE", "on") != "off"
TABS = {"en": ("Source", "Result"), "ru": ("Код", "Результат")}


_page: Any = None  # the page being rendered
_started = False  # whether this build of this import of gated has started the experiments
_source: str | None = None  # hash of gated/ as last imported
_results: dict[str, list[dict]] = {}  # key -> entries {"used": {file: hash}, "output": ...}
_ran: dict[str, bool] = {}  # block -> whether it ran in this build (or was reused)
_lines: dict[str, int] = {}  # block id ("" for none) -> the line of its fence on the page being rendered
FENCE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[^\n]*\bexec=\"on\"[^\n]*", re.M)
# Python-Markdown reads HTML indented in a tab as a paragraph's text, so a figure a block prints comes back as
# <p><figure>…</figure></p>: the figure ends the paragraph, and the </p> closes nothing. Such a paragraph goes.
WRAPPED = re.compile(r"<p>(<(figure|div)\b.*?</\2>)</p>$", re.S | re.M)


# ---------------------------------------------------------------- MkDocs events


def on_startup(command: str, dirty: bool) -> None:
    """Forget kept results that no build has used for shared.STALE_DAYS."""
    shared.store().forget_unused([KIND], shared.STALE_DAYS)


def on_config(config):
    # The checkout this build belongs to computes its pages, not a `gated` installed from elsewhere.
    # (Not at import: MkDocs restores sys.path after it has loaded a hook.)
    if str(ROOT) in sys.path:
        sys.path.remove(str(ROOT))
    sys.path.insert(0, str(ROOT))
    formatters["python"] = format_python
    formatters["pycon"] = format_pycon
    if not EXECUTE:
        config.plugins["mkdocs-jupyter"].config["execute"] = False
    return config


def on_pre_build(config) -> None:
    """Re-import `gated` when its source has changed since it was imported; check it is ours."""
    global _source, _started
    tracing.forget()
    current = tracing.source_hash()
    if current != _source:
        if _source is not None:
            log.info("gated/ changed: re-importing it")
        for name in [n for n in sys.modules if n == "gated" or n.startswith("gated.")]:
            del sys.modules[name]
        imported = Path(importlib.import_module("gated").__file__).resolve().parent
        if imported != PACKAGE:
            raise PluginError(
                f"this build would compute with the gated package at {imported}, not with the one it builds, "
                f"{PACKAGE}; uninstall the other one or build from its checkout"
            )
        _source = current
        _started = False


def _start_experiments() -> None:
    """Start every experiment, so that they train on the other cores while the pages render.

    Called when a build first meets a block that has to run: in a cold build, on its first page. A build
    whose blocks are all reused starts nothing, and does not import torch at all."""
    global _started
    if _started or not EXECUTE:
        return
    _started = True
    try:
        importlib.import_module("gated.chapter.experiments").start()
    except Exception:  # noqa: BLE001 - the block that needs the experiment runs it again and reports the error
        log.debug("starting the experiments early failed", exc_info=True)


def on_page_markdown(markdown: str, page, config, files) -> None:
    global _page
    _page = page
    tracing.page_begins(page.file.src_uri)
    _lines.clear()
    before = shared.lines_above(page)  # any front matter
    for m in reversed(list(FENCE.finditer(markdown))):  # the first fence of an id wins
        block = re.search(r'\bid="([^"]*)"', m.group())
        _lines[block.group(1) if block else ""] = before + markdown.count("\n", 0, m.start()) + 1


# ---------------------------------------------------------------- the runners


def run_python(code: str, where: str, lang: str) -> str:
    """Run a block; return what it printed. Raise ExecutionError if it fails in any way."""
    render = importlib.import_module("gated.render")
    name = "block_" + re.sub(r"\W+", "_", where)
    filename = f"<{where}>"
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    module = sys.modules[name] = ModuleType(name)
    output = io.StringIO()
    try:
        with (
            warnings.catch_warnings(record=True) as caught,
            contextlib.redirect_stdout(output),
            render.using_language(lang),
        ):
            warnings.simplefilter("always")
            exec(compile(code, filename, "exec", optimize=0), module.__dict__)  # asserts stay, always
    except SystemExit as exit:
        raise failures.exited(exit, where, lang, code) from None
    except Exception as error:
        raise failures.raised(error, where, lang, code) from error
    finally:
        del sys.modules[name]
    if caught:
        raise failures.warned(caught, where, lang, code)
    return output.getvalue()


@contextlib.contextmanager
def _asserts_kept(module: ModuleType):
    """Make `module` compile with assertions kept: doctest's runner calls the built-in compile
    with the interpreter's optimisation level, and offers no way to pass another."""
    module.compile = partial(compile, optimize=0)
    try:
        yield
    finally:
        del module.compile


def run_doctest(session: str, where: str, lang: str) -> None:
    """Check a ``>>>`` session: raise ExecutionError unless every output matches."""
    render = importlib.import_module("gated.render")
    test = doctest.DocTestParser().get_doctest(session, {"__name__": "__main__"}, where, None, 0)
    if not test.examples:
        raise failures.refused(where, lang, session, "is a pycon block with no >>> example")
    runner = failures.Runner(optionflags=doctest.NORMALIZE_WHITESPACE)
    with warnings.catch_warnings(record=True) as caught, render.using_language(lang), _asserts_kept(doctest):
        warnings.simplefilter("always")
        result = runner.run(test, out=io.StringIO().write)  # failures.Runner keeps what failed
    if result.failed:
        raise failures.differs(runner, result.attempted, where, lang, session)
    if caught:
        raise failures.warned(caught, where, lang, session)


def _cached(kind: str, code: str, lang: str, where: str, run) -> str:
    """The block's output: reused while everything it used is unchanged, else run (and traced) now.

    A key holds one entry per version of what the block used, so undoing an edit finds the old result.
    """
    key = hashlib.sha256(json.dumps([kind, code, lang, tracing.VERSIONS]).encode()).hexdigest()
    if key not in _results:
        _results[key] = [{"used": e.used, "output": e.content.decode()} for e in shared.store().entries(KIND, key)]
    for entry in _results[key]:
        if tracing.unchanged(entry["used"]):
            _ran.setdefault(where, False)
            if _page is not None:
                tracing.page_used(_page.file.src_uri, entry["used"])
            shared.store().touch(KIND, key, entry["used"])  # in use: on_startup forgets only what no build has used
            shared.outputs[where] = entry["output"], entry["used"]
            return entry["output"]
    _start_experiments()  # before tracing's fresh import of gated, which must not race with its imports
    _ran[where] = True  # a block that fails ran too, and runs again on the next build: nothing is kept
    with tracing.traced() as used:
        output = run()
    if _page is not None:
        tracing.page_used(_page.file.src_uri, used)
    _results[key].append({"used": used, "output": output})
    shared.outputs[where] = output, used
    shared.store().put(KIND, key, used, output.encode(), tracing.VERSIONS)
    return output


def on_post_build(config) -> None:
    """One line on what ran: an author sees what an edit cost."""
    ran = sorted(where for where, did in _ran.items() if did)
    log.info(f"execution: {len(ran)} blocks ran, {len(_ran) - len(ran)} reused" + (f": {'; '.join(ran)}" if ran else ""))
    shared.results.update({"blocks ran": len(ran), "blocks reused": len(_ran) - len(ran)})  # hooks/provenance.py
    _ran.clear()


def _python(code: str, *, where: str, lang: str, session: str | None = None, **_: Any) -> str:
    if session:
        raise failures.refused(where, lang, code, "uses a session; blocks here are self-contained")
    if not EXECUTE:
        return ""
    return _cached("python", code, lang, where, lambda: run_python(code, where, lang))


def _pycon(code: str, *, where: str, lang: str, session: str | None = None, **_: Any) -> str:
    if session:
        raise failures.refused(where, lang, code, "uses a session; blocks here are self-contained")
    if EXECUTE:
        _cached("pycon", code, lang, where, lambda: run_doctest(code, where, lang) or "ok")
    return code


# ---------------------------------------------------------------- the formatters markdown-exec calls


def _format(language: str, run, code: str, md, **options: Any) -> Markup:
    page = f"docs/{_page.file.src_uri}" if _page else "a page"
    lang = shared.language(_page.file.src_uri) if _page else shared.DEFAULT
    block = options.get("id") or ""
    page = f"{page}:{_lines.get(block, 1)}"
    if not block:
        log.warning(f"{page}: an executed {language} block has no id; add id=\"...\" so that failures can name it")
    if tuple(options.get("tabs") or default_tabs) == tuple(default_tabs):
        options["tabs"] = TABS[lang]
    where = f"{page}, block '{block}'"
    html = base_format(language=language, run=partial(run, where=where, lang=lang), code=code, md=md, **options)
    html = WRAPPED.sub(r"\1", str(html))  # as str: Markup would escape the group it puts back
    if re.search(r"\|\s*:?-{3,}:?\s*\|", html):
        log.warning(f"{where} printed a Markdown table that did not render; end the HTML before it with a blank line")
    digest = hashlib.sha256(code.encode()).hexdigest()[:12]
    return Markup(f'<div class="exec" data-exec="{escape(block)}" data-code="{digest}">{html}</div>')


def format_python(code: str, md, **options: Any) -> Markup:
    return _format("python", _python, code, md, **options)


def format_pycon(code: str, md, **options: Any) -> Markup:
    options["result"] = options.get("result") or "pycon"
    return _format("pycon", _pycon, code, md, **options)
