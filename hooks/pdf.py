"""The chapter as a PDF in each language: print/ printed by Chromium, with page numbers, contents that give each
section's page, the PDF's outline (its bookmarks) and tags for screen readers.

When a language's print page is written (hooks/printable.py), this hook serves the built site on a local port
and, in the background while the next language builds, opens print/ in Chromium through Playwright, waits until
MathJax has set every formula (docs/javascripts/scrolling.js marks the page then), and prints it twice with
`page.pdf(outline=True, tagged=True)`: the first print's outline says on which sheet each section and subsection
starts (read with pypdf), those numbers go into the contents' empty slots, and the second print is the PDF. The
slots keep their width whether empty or filled, so filling them moves no page break; a second print whose outline
disagrees with the first fails the build.

Chromium stamps the PDF with the moment it printed it (its creation and modification dates) and names each tag by
the number its renderer gave the element (`/ID (node00001636)`), which depends on how many elements the renderer
made before. `steady` takes both out, in place and at the same width, so the file's offsets stand: the dates
become the commit's (SOURCE_DATE_EPOCH, hooks/dates.py) and the tags are numbered in their order. A rebuild of the
same commit on another day writes the same bytes.

The PDF is print/gated-recurrence.pdf beside the print page (ru/print/… in Russian). Every page links to it
(overrides/partials/copyright.html) and print/ offers it for download (overrides/main.html), while
`config.extra.pdf` names it, which this hook sets when it will make one: in `mkdocs build` (scripts/serve build,
and the suite's one build, which CI publishes) when Chromium is there. It says in one line why it makes none:
under `mkdocs serve`, with GATED_PDF=off (the suite's other builds), without Chromium, or after a warning (the
strict build fails then anyway).
"""

from __future__ import annotations

import concurrent.futures
import functools
import http.server
import io
import logging
import os
import re
import shutil
import threading
import time
from html import escape
from pathlib import Path

import shared
from mkdocs.plugins import event_priority

from gated.render import Text

log = logging.getLogger("mkdocs.hooks.pdf")

NAME = "gated-recurrence.pdf"  # beside each language's print page
PRINT = ("print.md", "print.ru.md")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")  # Debian's; scripts/test installs it with apt
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
CHAPTER = Text("Chapter", "Глава")
MARGIN = {"top": "16mm", "bottom": "18mm", "left": "16mm", "right": "16mm"}
READY = "() => 'scrollersChecked' in document.documentElement.dataset"  # the formulas are set (scrolling.js)


class Warnings(logging.Handler):
    """Counts the build's warnings: a build that has one fails, strict, and makes no PDF."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


_state: dict[str, object] = {"why_not": None, "said": False}
_warnings = Warnings()
_made: dict[str, tuple[Path, int, float]] = {}  # language -> the PDF, its pages and the seconds it took
_printing: dict[str, object] = {}  # language -> (its PDF's url and path, the job printing it); "pool": the printer


def why_not(command: str) -> str | None:
    """Why this run makes no PDF, or None when it makes one."""
    if command != "build":
        return f"mkdocs {command} skips the PDF of the chapter; scripts/serve build makes it"
    if os.environ.get("GATED_PDF", "").lower() in ("off", "0", "no", "false"):
        return "GATED_PDF=off: the PDF of the chapter is skipped"
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        return (f"no Chromium at {CHROMIUM}: the PDF of the chapter is skipped"
                " (apt-get install chromium, or set CHROMIUM)")
    try:
        import playwright.sync_api  # noqa: F401
        import pypdf  # noqa: F401
    except ImportError as e:
        return f"{e.name} is not installed (pip install -r requirements.txt): the PDF of the chapter is skipped"
    return None


# ---------------------------------------------------------------- printing

DATE = re.compile(rb"(/(?:CreationDate|ModDate) \(D:)(\d{14})")
TAG = re.compile(rb"\(node(\d{8})\)")


def steady(pdf: bytes, epoch: int | None = None) -> bytes:
    """`pdf` without the moment and the renderer's numbering of its printing: the dates those of `epoch` (by default
    SOURCE_DATE_EPOCH, else left as they are), the tags' ids renumbered from 1 in the order of the old ones (the
    tags' name tree stays sorted). Every replacement has the width of what it replaces."""
    if epoch is None and os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        epoch = int(os.environ["SOURCE_DATE_EPOCH"])
    if epoch is not None:
        when = time.strftime("%Y%m%d%H%M%S", time.gmtime(epoch)).encode()
        pdf = DATE.sub(lambda m: m.group(1) + when, pdf)
    rank = {old: b"%08d" % k for k, old in enumerate(sorted(set(TAG.findall(pdf))), start=1)}
    return TAG.sub(lambda m: b"(node" + rank[m.group(1)] + b")", pdf)



class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def outline(pdf: bytes) -> list[tuple[str, int]]:
    """The PDF's outline, depth first (the document's order): each entry's title and its page, from 1."""
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(pdf))
    found: list[tuple[str, int]] = []

    def walk(items) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                found.append((" ".join(str(item.title).split()), reader.get_destination_page_number(item) + 1))

    walk(reader.outline)
    return found


def starts(entries: list[str], marks: list[tuple[str, int]]) -> list[int | None]:
    """The page each of the contents' `entries` starts on: the next outline mark with its title, in order."""
    pages, at = [], 0
    for title in entries:
        k = next((i for i in range(at, len(marks)) if marks[i][0] == title), None)
        pages.append(None if k is None else marks[k][1])
        at = at if k is None else k + 1
    return pages


def title(lang: str, config) -> str:
    """The book's title: 'Chapter 13 · Gated recurrence: LSTM and GRU', the PDF's own and its footer's."""
    return f"{CHAPTER(lang)} {(config.extra or {}).get('chapter', '')} · {config.site_name}"


def footer(book: str) -> str:
    """Chromium's footer template: the book's title on the left, the page's number on the right."""
    chapter = escape(book)
    style = "width:100%;margin:0 16mm;font:8pt sans-serif;color:#555;display:flex;justify-content:space-between"
    return f'<div style="{style}"><span>{chapter}</span><span class="pageNumber"></span></div>'


def make(root: Path, url: str, out: Path, book: str) -> int:
    """Print the print page at `url` of the site in `root` to `out`, titled `book`; returns the number of pages."""
    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = dict(format="A4", print_background=True, outline=True, tagged=True, display_header_footer=True,
                   header_template="<span></span>", footer_template=footer(book), margin=MARGIN)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{server.server_address[1]}/{url}")
                page.wait_for_function(READY, timeout=300_000)
                page.emulate_media(media="print")
                page.evaluate("title => { document.title = title; }", book)  # the PDF's title
                entries = page.eval_on_selector_all(".print-contents__page", "slots => slots.map(s => s.dataset.title)")
                fill = "(slots, pages) => slots.forEach((s, k) => { s.textContent = pages[k]; })"
                page.eval_on_selector_all(".print-contents__page", fill, ["00"] * len(entries))  # as wide as a page's
                first = page.pdf(**options)
                pages = starts(entries, outline(first))
                if missing := [e for e, n in zip(entries, pages, strict=True) if n is None]:
                    raise RuntimeError(f"the PDF's outline lacks {len(missing)} entries of the contents: {missing[:3]}")
                page.eval_on_selector_all(".print-contents__page", fill, pages)
                final = page.pdf(**options)
                if starts(entries, outline(final)) != pages:
                    raise RuntimeError("the contents' page numbers moved the pages they number")
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    out.write_bytes(steady(final))
    import pypdf

    return len(pypdf.PdfReader(io.BytesIO(final)).pages)


# ---------------------------------------------------------------- MkDocs events


def on_startup(command: str, dirty: bool) -> None:
    _state.update(why_not=why_not(command), said=False)
    _made.clear()
    logging.getLogger("mkdocs").removeHandler(_warnings)
    _warnings.count = 0
    logging.getLogger("mkdocs").addHandler(_warnings)


@event_priority(-150)  # after mkdocs-static-i18n (-100) has made this language's nav
def on_nav(nav, config, files):
    """Name this language's PDF for the templates' links, when the build makes one."""
    config.extra.pop("pdf", None)
    if _state["why_not"] is None:
        page = next((p for p in nav.pages if p.file.src_uri in PRINT), None)
        if page is not None:
            config.extra["pdf"] = page.url + NAME
    return nav


def languages(config) -> list[str]:
    """The languages this run builds, in the order mkdocs-static-i18n builds them (BUILD_ONLY_LOCALE builds one)."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return [shared.building(config)]
    only = i18n.config.build_only_locale
    return [x.locale for x in i18n.config.languages if x.build and (not only or x.locale == only)]


@event_priority(-70)  # after hooks/printable.py (-50) has written print/, before i18n (-100) builds the next language
def on_post_build(config) -> None:
    """Print this language's PDF in the background, while mkdocs-static-i18n builds the next language: Chromium on
    one core, the build on the other. The last language's build waits for every PDF, so that a failure to print
    fails the build, naming the print page."""
    why = _state["why_not"] or (f"the build has {_warnings.count} warnings: the PDF of the chapter is skipped"
                                if _warnings.count else None)
    if why:
        if not _state["said"]:
            log.info(why)
            _state["said"] = True
        return
    lang = shared.building(config)
    pdf = config.extra.get("pdf")
    if pdf:
        site = Path(config.site_dir)
        root = site.parent if lang != shared.DEFAULT and site.name == lang else site  # i18n builds it below
        if _printing.get("pool") is None:  # a language at a time; Playwright's sync API away from any event loop
            _printing["pool"] = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="pdf")
        book = title(lang, config)  # now: i18n gives the same config the next language's settings
        job = _printing["pool"].submit(_timed, make, root, pdf.rsplit("/", 1)[0] + "/", root / pdf, book)
        _printing[lang] = (pdf, root / pdf, job)
    if lang == languages(config)[-1]:
        _wait()


def _timed(f, *args):
    start = time.perf_counter()
    return f(*args), time.perf_counter() - start


def _wait() -> None:
    """Every PDF printed, each said on a line of its own, or the build fails naming its language's print page."""
    pool = _printing.pop("pool", None)
    for lang, (pdf, out, job) in list(_printing.items()):
        try:
            pages, seconds = job.result()
        except Exception as e:  # noqa: BLE001 - any failure to print is the build's failure, named
            log.warning(f"docs/{PRINT[lang != shared.DEFAULT]}:1: the PDF of the chapter could not be made: {e}")
            continue
        _made[lang] = (out, pages, seconds)
        log.info(f"the chapter as a PDF: {pdf}, {pages} pages, {out.stat().st_size / 1e6:.1f} MB, in {seconds:.1f} s")
    _printing.clear()
    if pool is not None:
        pool.shutdown()
