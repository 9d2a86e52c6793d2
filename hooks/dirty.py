"""`mkdocs serve --dirty`: re-render only the pages an edit changed, and never serve a stale one.

MkDocs' --dirty re-renders a page only when its source is newer than its
output. On this site that alone would serve stale pages without a word: an
edit to `gated/` or a snippet changes no page's source, an edited title stays
old in every other page's nav, print/ keeps the old text, and an edited
Russian page is not compared with its English twin. So in a dirty build this
hook marks more pages as modified, by ageing their output (MkDocs' own test,
`File.is_modified`, then says so):

- after an edit to gated/ or snippets/ alone: the pages whose blocks used a
  changed file when they were last rendered (hooks/tracing.py records what
  each block used), and the pages whose source names one (an included
  snippet or module);
- every page, when anything else but docs/'s pages changed since the last
  build began (what mkdocs.yml watches: notebooks/, hooks/, overrides/;
  mkdocs.yml itself; docs/'s other files);
- every page, when a page was added or removed (a removed page's output
  goes), or a page's headings, ids or front matter changed since the last
  build in this process (its first build renders every page): the nav, the
  footer's links and the anchors other pages link to show them;
- the twin of an edited page, in either language (hooks/parity.py compares
  twins when it renders the English one, and so does hooks/translations.py,
  whose stale sections `mkdocs serve` shows on either), and every page when
  docs/translations.json, the record of twins in line, changed;
- the pages an edited page links into with an anchor, so MkDocs checks it;
- the print page, when any page of its language is rendered
  (hooks/printable.py takes the others' articles from their output).

A page saved again while the build that renders it runs is rendered again
by the next build: its output is aged when the build ends.

It also writes the search index again after a dirty build, whole and
current: the last build's entries, with those of the pages it rendered
replaced. And it gives every page it does not render the title and front
matter it had when last rendered: MkDocs reads a page's title only while it
renders it, so after a dirty rebuild the navigation and the footer of the
pages it renders would name the others "None" (mkdocs/mkdocs#4047).

So MkDocs' own warning on every dirty build, that it "will likely lead to
inaccurate navigation and other links", is answered here, and silenced; so is
its note that `mkdocs serve`'s own folder "contains stale files", which this
hook keeps current.
"""

from __future__ import annotations

import json
import logging
import os
import posixpath
import re
import time
from pathlib import Path

import seen
import shared
import tracing
import translations
from literals import BOUND
from mkdocs.plugins import event_priority
from mkdocs.utils import meta

log = logging.getLogger("mkdocs.hooks.dirty")

PRINT = "print.md"
# What other pages show of a page, or link to: front matter, headings, explicit ids.
SHOWN = re.compile(r"\A---\n.*?\n---\n|^#{1,6}[ \t][^\n]*|\{[^}\n]*#[\w-]+[^}\n]*\}|\bid=\"[^\"]*\"", re.S | re.M)
ANCHORED_LINK = re.compile(r"\]\(<?([^)#\s<>]+\.md)#")

_dirty = False
_serving = False
_shown: dict[str, dict[str, list[str]]] = {}  # language -> page -> what other pages show of it, at the last build
_outputs: dict[str, dict[str, str]] = {}  # language -> page -> its output file, at the last build
_begun = 0.0  # when this build began
_started: dict[str, float] = {}  # language -> when its last build began
_sources: dict[str, list[tuple[str, str]]] = {}  # language -> its pages' sources and outputs, in this build


# MkDocs' words on a dirty build that this hook answers (see above).
ANSWERED = {"A 'dirty' build is being performed, this will likely lead to inaccurate navigation": lambda: _dirty,
            "The directory contains stale files. Use --clean": lambda: _dirty and _serving}


class _Answered(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not any(record.getMessage().startswith(said) and when() for said, when in ANSWERED.items())


logging.getLogger("mkdocs.commands.build").addFilter(_Answered())


def on_startup(command: str, dirty: bool) -> None:
    global _dirty, _serving
    _dirty, _serving = dirty, command == "serve"


@event_priority(100)  # first: before any hook reads what an edit may change (gated/ is imported in on_pre_build)
def on_config(config):
    global _begun
    _begun = time.time()
    return config


def _changed(paths: list[Path], since: float) -> list[Path]:
    """The files under `paths` modified at or after `since`."""
    found = []
    for path in paths:
        if path.is_file():
            found += [path] if path.stat().st_mtime >= since else []
        elif path.is_dir():
            for root, dirs, names in os.walk(path):
                dirs[:] = [d for d in dirs if d != "__pycache__"]
                found += [Path(root, n) for n in names if os.stat(os.path.join(root, n)).st_mtime >= since]
    return found


def _affected(changed: list[Path], pages: list) -> list | None:
    """The pages an edit to `changed` can change, when it is only code (gated/) and snippets (snippets/):
    a page whose blocks used a changed file when it was last rendered (hooks/tracing.py records that), or
    whose source names one (a snippet or a module it includes). None when that cannot be known: then every
    page is rendered."""
    paths = {c.resolve().relative_to(shared.ROOT).as_posix() for c in changed if c.resolve().is_relative_to(shared.ROOT)}
    if len(paths) < len(changed) or not all(p.startswith(("gated/", "snippets/")) for p in paths):
        return None
    sources = [f for f in pages if f.src_uri.endswith(".md")]
    if not all(tracing.known(f.src_uri) for f in sources):
        return None
    using = tracing.pages_using(paths)
    return [f for f in sources if f.src_uri in using
            or any(p in Path(f.abs_src_path).read_text(encoding="utf-8") for p in paths)]


def _shown_of(text: str) -> list[str]:
    """What other pages show of a page's Markdown: its front matter, headings and ids outside code."""
    for m in seen.fences(text):
        text = seen.blank(text, m.start(), m.end())
    return SHOWN.findall(text)


def _age(file) -> None:
    if os.path.isfile(file.abs_dest_path):
        os.utime(file.abs_dest_path, (0, 0))


@event_priority(-120)  # after mkdocs-static-i18n (-100) and hooks/notebooks.py (-110) have made this language's files
def on_files(files, config):
    if not _dirty:
        return files
    lang = shared.building(config)
    pages = [f for f in files.documentation_pages() if f.abs_src_path]
    docs = Path(config.docs_dir)
    shown = {f.src_uri: _shown_of(Path(f.abs_src_path).read_text(encoding="utf-8"))
             for f in pages if f.src_uri.endswith(".md")}
    previous, _shown[lang] = _shown.get(lang), shown
    for uri in set(_outputs.get(lang, {})) - {f.src_uri for f in pages}:  # a page that is gone is not served
        Path(_outputs[lang][uri]).unlink(missing_ok=True)
    _outputs[lang] = {f.src_uri: f.abs_dest_path for f in pages}
    _sources[lang] = [(f.abs_src_path, f.abs_dest_path) for f in pages]
    outside = [Path(p) for p in config.watch if Path(p).resolve() != docs.resolve()]
    outside += [Path(config.config_file_path)] if config.config_file_path else []
    outside += [docs / translations.RECORD]  # not published, but every pair's check reads it
    outside += [Path(f.abs_src_path) for f in files  # what a block might read: an image, a stylesheet
                if not f.is_documentation_page() and f.abs_src_path and Path(f.abs_src_path).is_relative_to(docs)]
    since, _started[lang] = _started.get(lang, 0.0), _begun
    changed = _changed(outside, since)

    def written(f) -> float:
        return os.path.getmtime(f.abs_dest_path) if os.path.isfile(f.abs_dest_path) else 0.0

    affected = _affected(changed, pages) if changed and shown == previous else []
    if shown != previous or affected is None:
        if previous is not None and shown != previous:
            log.info("dirty build: a page was added or removed, or its headings changed: rendering every page")
        elif previous is not None:
            log.info("dirty build: a file other than a page or the code of its blocks changed: rendering every page")
        for f in pages:
            _age(f)
        return files
    if changed:
        named = sorted(c.resolve().relative_to(shared.ROOT).as_posix() if c.resolve().is_relative_to(shared.ROOT)
                       else str(c) for c in changed)
        log.info(f"dirty build: {', '.join(named)} changed: rendering the "
                 f"{len(affected)} page(s) that use it")
    for f in affected:
        _age(f)
    by_uri = {f.src_uri: f for f in pages}
    modified = [f for f in pages if f.is_modified()]
    for f in pages:  # a page whose twin is newer: parity and translations are checked on the English page, and
        # their problems show on either
        if any((docs / shared.twin(f.src_uri, other)).is_file()
               and (docs / shared.twin(f.src_uri, other)).stat().st_mtime > written(f)
               for other in shared.LANGUAGES if other != shared.language(f.src_uri)):
            _age(f)
            modified.append(f)
    for f in list(modified):  # the pages it links into with an anchor
        for target in ANCHORED_LINK.findall(Path(f.abs_src_path).read_text(encoding="utf-8")):
            uri = posixpath.normpath(posixpath.join(posixpath.dirname(f.src_uri), target))
            uri = shared.twin(uri, lang)
            if uri in by_uri and by_uri[uri] not in modified:
                _age(by_uri[uri])
                modified.append(by_uri[uri])
    printable = by_uri.get(shared.twin(PRINT, lang))
    if printable and any(f is not printable for f in modified):
        _age(printable)
    return files


_index: dict[str, list[dict]] = {}  # page url -> its search entries, as the last build indexed them
_fresh: dict[str, list[dict]] = {}  # the same for the pages this build rendered, in either language
_urls: set[str] = set()  # the pages of this build's navs


_shown_as: dict[str, dict[str, tuple[str | None, dict]]] = {}  # language -> page -> (title, meta), last rendered


def on_nav(nav, config, files):
    """The pages this dirty build does not render keep the title and front matter of their last rendering."""
    _urls.update(p.url for p in nav.pages)
    if not _dirty:
        return nav
    kept = _shown_as.get(shared.building(config), {})
    for page in nav.pages:
        if page.file.is_modified():
            continue
        if page.file.src_uri in kept:
            page.title, page.meta = kept[page.file.src_uri]
        elif page.file.src_uri.endswith(".md") and page.title is None:  # not rendered in this process yet
            page.markdown, page.meta = meta.get_data(Path(page.file.abs_src_path).read_text(encoding="utf-8"))
            page.title = BOUND.sub(lambda m: m["value"], page.title or "")
    return nav


def on_pre_build(config) -> None:
    """Material's search plugin would add the last dirty build's entries to this one's: this hook does (below)."""
    if _dirty:
        config.plugins["material/search"].search_index_prev = None


@event_priority(-10)  # after Material's search plugin has indexed the page
def on_page_context(context, page, config, nav):
    _shown_as.setdefault(shared.building(config), {})[page.file.src_uri] = (page.title, page.meta)
    if _dirty:
        entries = getattr(config.plugins["material/search"].search_index, "entries", [])
        k = len(entries)
        while k and entries[k - 1]["location"].split("#")[0] == page.url:
            k -= 1
        _fresh[page.url] = entries[k:]
    return context


def _default(url: str) -> bool:
    """Whether a page's url is in the default language: 'lstm/', not 'ru/lstm/'."""
    return url.split("/", 1)[0] not in shared.LANGUAGES[1:]


@event_priority(-200)  # after mkdocs-static-i18n (-100) has built every language and written the search index
def on_post_build(config) -> None:
    """Age the output of a page saved during this build; write the search index again: the last build's
    entries, with those of the pages rendered since replaced.

    Material's search plugin keeps the entries of earlier dirty builds, and replaces those of one page
    only; mkdocs-static-i18n mixes each language's index into one. Neither is whole and current when a
    dirty build renders several pages in two languages.
    """
    if not _dirty:
        return
    lang = shared.building(config)
    for src, dest in _sources.pop(lang, ()):  # saved again while this build ran: the next build renders it
        if os.path.getmtime(src) >= _started[lang] and os.path.isfile(dest):
            os.utime(dest, (0, 0))
    i18n = config.plugins["i18n"]
    if i18n.building:  # the other languages' builds happen inside the default one's
        return
    _index.update(_fresh)
    for url in set(_index) - _urls:  # a page that is gone
        del _index[url]
    _fresh.clear()
    _urls.clear()
    # As mkdocs-static-i18n's reconfigure_search_duplicates does, in linear time: a Russian entry the same as
    # the English one goes.
    english = {(e["title"], e["location"], e["text"]) for url, page in _index.items()
               if _default(url) for e in page}
    entries = [e for url, page in _index.items() for e in page
               if _default(url)
               or (e["title"], e["location"].split("/", 1)[1], e["text"]) not in english]
    path = Path(config.site_dir) / "search" / "search_index.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["docs"] = entries
    path.write_text(json.dumps(data, separators=(",", ":"), default=str), encoding="utf-8")
