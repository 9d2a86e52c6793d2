"""Benchmark the site's build: what an author waits for, and what CI waits for.

    python benchmarks/build.py [--runs 3] [--chapters 10] [--large-runs 1] [--skip-tests]

Builds in temporary copies of the site, and runs the tests with the repository's
caches set aside (then put back), so those caches are left as they were. Prints
the median of several runs of:

    (a) a cold strict build of both languages (no cached results)
    (c) the same site with code execution switched off: rendering alone, the floor
    (d) a `mkdocs serve` rebuild after an edit to a page's prose, from save to reloaded
    (d') the same with `mkdocs serve --dirty`, which renders only what the edit changed (hooks/dirty.py)
    (d'x) the same without the author's overlay (GATED_OVERLAY=off): what hooks/overlay.py costs a reload
    (e) the same after an edit to gated/chapter/diagram.py, which only the step figure uses; (e') with --dirty
    (f) the same after an edit to gated/chapter/experiments/forget_bias.py, which retrains; (f') with --dirty
    (g) the forget-bias training alone: pinned, in one process, one thread, uncached
    (wp) a warm strict build that makes the PDF of the chapter in both languages, against (w0) one that does not
        (every other build here makes none: GATED_PDF=off), and the two PDFs' size (`--pdf-only` alone)
    (h) the test suite, whole and its quick tier (one run each), as an author runs them: the repository's
        caches current (a run from a clean state comes first and leaves them so); of the whole, (hb) the
        summed time of the tests that drive Chromium, which one worker runs one after another, and (ho) that
        of all the others
    (hc) the whole suite as CI runs it, in a clean clone: no cached result, so its one build runs every
        block and trains every experiment (the repository's .cache is set aside meanwhile, and put back)
    (hw), (hcw) the work each of those two runs did: the CPU-seconds the machine's cores were busy meanwhile
        (/proc/stat, so everything the run started, Chromium and the pinned processes included). A machine
        with two cores ends the suite by 180 s only if that stays under 360, however fast it is that hour

then (a), a warm build, (c), (d) and (d') again for a course of `--chapters` chapters:
copies of this chapter under other paths, each with blocks of its own; and two machines that share a
result store in a folder (GATED_STORE), each a fresh copy of that course:

    (A10) machine A's cold strict build, which computes everything and publishes it to the store
    (wA10) machine A's warm strict build, with no edit
    (B10) machine B's strict build, with an empty .cache/: everything comes from the store

(`--store-only` measures these alone; `--chapter-only` stops before them, after the one chapter's
measurements); CI on that course (`--ci-only` alone):

    (w10ci) a warm strict build with no edit
    (ci10) CI's build: a fresh checkout with the last run's .cache/ restored, one snippet edited

and (aen), a cold strict build of English alone, against (a) (`--languages-only` alone); and (d') against (d'x),
interleaved (`--overlay-only` alone). Last, the ratios the project's targets are stated in; the prose reload's with
the way scripts/serve serves.

`--against REF` measures only a cold build of this checkout side by side with one of another commit (a tag, a
branch, a hash), interleaved, each run in a fresh copy:

    (a) cold build, en + ru, this checkout     (a@REF) the same, at REF

Both are built without --strict, so that a commit whose strict build fails on this machine (an experiment that
another CPU sends elsewhere) is still timed doing the same work.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import itertools
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
# How scripts/serve runs `mkdocs serve`: the ten-chapter target is for that reload.
EDITS = itertools.count()  # numbers the benchmark's edits, so each is new
SERVES_DIRTY = "--dirty" in (ROOT / "scripts" / "serve").read_text(encoding="utf-8")


def copy_site(into: Path, source: Path = ROOT) -> Path:
    """The site's sources (of `source`) in `into`, without results: no cache, no built site, no environment."""
    skip = shutil.ignore_patterns(".git", ".venv", ".cache", "site", "*.egg-info", "__pycache__", "tests", "benchmarks")
    shutil.copytree(source, into, ignore=skip, dirs_exist_ok=True)
    return into


def add_chapters(root: Path, n: int) -> None:
    """Make the course n chapters long: copies of this one under ch02/ ... with blocks of their own."""
    pages = [p for p in sorted((root / "docs").glob("*.md"))
             if not p.name.endswith(".ru.md") and p.stem not in ("code", "print")]
    nav = []
    for k in range(2, n + 1):
        folder = f"ch{k:02d}"
        for page in pages:
            for source in (page, page.with_name(page.stem + ".ru.md")):
                text = source.read_text(encoding="utf-8")
                # a comment in every executed block: the same code, but a block (and a cache entry) of its own
                text = re.sub(r'^([ \t]*)(```(?:python|pycon) exec="on"[^\n]*\n)', rf"\1\2\1# chapter {k}\n", text,
                              flags=re.M)  # indented as its fence, inside an exercise's answer too
                text = text.replace("](gradient-highway.ipynb", "](../gradient-highway.ipynb").replace(
                    "](code.md", "](../code.md")
                # labels of its own: a label is the chapter's, and a course of copies would define each ten times
                text = re.sub(r"(\{#|@)(sec|fig|tbl|eq|Sec|Fig|Tbl)-", rf"\1\2-ch{k:02d}-", text)
                (root / "docs" / folder).mkdir(exist_ok=True)
                (root / "docs" / folder / source.name).write_text(text, encoding="utf-8")
        nav.append(f'  - "Chapter [{k}]{{chapter}}":\n' + "".join(f"    - {folder}/{p.name}\n" for p in pages))
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("  - code.md\n", "  - code.md\n" + "".join(nav), 1), encoding="utf-8")
    # the copies' twins are in line as the chapter's are: recorded as such (hooks/translations.py)
    subprocess.run([sys.executable, "hooks/translations.py", "record"], cwd=root, env=env(root), check=True,
                   capture_output=True)


def env(root: Path, **extra: str) -> dict[str, str]:
    """The builds' environment: no PDF of the chapter (hooks/pdf.py), except where (wp) measures it."""
    return {**os.environ, "PYTHONPATH": str(root), "NO_MKDOCS_2_WARNING": "1", "GATED_PDF": "off", **extra}


LAST = {"cpu": 0.0, "summary": ""}  # the last build's CPU-seconds (itself and every process it waited for), summary


def timed_build(root: Path, *args: str, cold: bool = True, said: tuple[str, ...] = (), **extra: str) -> float:
    """Seconds of one build of `root` (after emptying its .cache/ if `cold`); it must log each of `said`. Its
    CPU-seconds and the line that says what it ran are left in LAST."""
    if cold:
        shutil.rmtree(root / ".cache", ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--site-dir", str(root / "site"), *args],
                            cwd=root, env=env(root, **extra), capture_output=True, text=True)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    LAST["cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    LAST["summary"] = next((line for line in result.stderr.splitlines() if "results: " in line), "")
    if result.returncode:
        said = [line for line in result.stderr.splitlines() if line.startswith(("ERROR", "WARNING"))]
        sys.exit("build failed:\n" + ("\n".join(said[:20]) or result.stderr[-3000:]))
    if missing := [s for s in said if s not in result.stderr]:
        sys.exit(f"the build did not say {missing}:\n{result.stderr[-3000:]}")
    return seconds


def against(ref: str, runs: int, note) -> None:
    """(a) for this checkout and for commit `ref`, interleaved, each run cold in a fresh copy."""
    with tempfile.TemporaryDirectory(prefix="gated-bench-") as tmp:
        other = Path(tmp) / "ref"
        other.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(other)], input=archive, check=True)
        here, there, cpu_here, cpu_there = [], [], [], []
        for k in range(runs):
            for root, times, cpu in ((copy_site(Path(tmp) / f"here{k}"), here, cpu_here),
                                     (copy_site(Path(tmp) / f"there{k}", other), there, cpu_there)):
                times.append(timed_build(root))
                cpu.append(LAST["cpu"])
                print(f"  {root.name}: {times[-1]:.1f} s, {cpu[-1]:.1f} CPU-s; {LAST['summary'].split('-  ')[-1]}",
                      file=sys.stderr, flush=True)
        note("(a) cold build, en + ru, this checkout", statistics.median(here))
        note(f"(a@{ref}) cold build, en + ru, at {ref}", statistics.median(there))
        note("(acpu) its CPU-seconds, this checkout", statistics.median(cpu_here))
        note(f"(acpu@{ref}) its CPU-seconds, at {ref}", statistics.median(cpu_there))


def two_machines(chapters: int, runs: int, note) -> None:
    """Machines A and B, fresh copies of a course of `chapters` chapters, share a result store in a folder: A
    computes and publishes everything, then builds again with no edit; B, its .cache/ empty each time, builds
    from the store, running no block and computing no experiment. A's warm builds and B's alternate."""
    with tempfile.TemporaryDirectory(prefix="gated-bench-") as tmp:
        a, b = copy_site(Path(tmp) / "a"), copy_site(Path(tmp) / "b")
        for root in (a, b):
            add_chapters(root, chapters)
        shared = {"GATED_STORE": (Path(tmp) / "store").as_uri()}
        n = chapters
        note(f"(A{n}) machine A: cold strict build, publishing to a folder store", timed_build(a, "--strict", **shared))
        nothing = ("results: 0 blocks ran, ", "experiments: 0 computed", "notebooks: 0 executed")
        warm, fresh = [], []
        for _ in range(runs):
            warm.append(timed_build(a, "--strict", cold=False, said=nothing, **shared))
            fresh.append(timed_build(b, "--strict", said=nothing, **shared))
        note(f"(wA{n}) machine A: warm strict build, no edit", statistics.median(warm))
        note(f"(B{n}) machine B: strict build from the store, .cache/ empty", statistics.median(fresh))


def ci_rebuilds(chapters: int, runs: int, note) -> None:
    """CI on a course of `chapters` chapters: the last run's .cache/ restored into a fresh checkout, one snippet
    edited, a strict build; against a warm strict build with no edit. The snippet is the bidirectional
    page's check, which every chapter's copy of that page includes: its blocks, and no others, run again."""
    with tempfile.TemporaryDirectory(prefix="gated-bench-") as tmp:
        last = copy_site(Path(tmp) / "last")
        add_chapters(last, chapters)
        timed_build(last, "--strict")  # the last CI run, which left its .cache/ for the next
        nothing = ("results: 0 blocks ran, ", "experiments: 0 computed", "notebooks: 0 executed")
        edited = (f"results: {2 * chapters} blocks ran, ", "experiments: 0 computed", "notebooks: 0 executed")
        warm, ci = [], []
        for k in range(runs):  # interleaved, so that both see the same hour
            warm.append(timed_build(last, "--strict", cold=False, said=nothing))
            run = copy_site(Path(tmp) / f"ci{k}", last)  # the same sources, whatever the checkout holds now
            shutil.copytree(last / ".cache", run / ".cache")  # actions/cache's restore-keys
            snippet = run / "snippets" / "bidirectional" / "check.py"
            snippet.write_text(snippet.read_text(encoding="utf-8") + f"# an edit in CI, number {next(EDITS)}\n",
                               encoding="utf-8")
            ci.append(timed_build(run, "--strict", cold=False, said=edited))
            shutil.rmtree(run)
        note(f"(w{chapters}ci) warm strict build, no edit", statistics.median(warm))
        note(f"(ci{chapters}) CI: the last run's cache restored, one snippet edited", statistics.median(ci))


def languages(runs: int, note) -> None:
    """Cold strict builds of both languages and of English alone (BUILD_ONLY_LOCALE), interleaved."""
    with tempfile.TemporaryDirectory(prefix="gated-bench-") as tmp:
        root = copy_site(Path(tmp))
        both, english = [], []
        for _ in range(runs):
            both.append(timed_build(root, "--strict"))
            english.append(timed_build(root, "--strict", BUILD_ONLY_LOCALE="en"))
        note("(a) cold strict build, en + ru", statistics.median(both))
        note("(aen) cold strict build, English alone", statistics.median(english))


def pdf_cost(root: Path, runs: int, note) -> None:
    """(wp) a warm strict build that also makes the PDF of the chapter in both languages (hooks/pdf.py: Chromium
    prints print/ twice), against (w0) the same build without it, interleaved; and the two PDFs' size and sheets.
    `root` is a copy whose caches are warm."""
    without, made = [], []
    said = ("the chapter as a PDF: print/gated-recurrence.pdf", "the chapter as a PDF: ru/print/gated-recurrence.pdf")
    for _ in range(runs):
        without.append(timed_build(root, "--strict", cold=False))
        made.append(timed_build(root, "--strict", cold=False, said=said, GATED_PDF="on"))
    note("(w0) warm strict build, no PDF", statistics.median(without))
    note("(wp) the same, making the PDF in both languages", statistics.median(made))
    import pypdf

    for lang, path in (("en", "print"), ("ru", "ru/print")):
        pdf = root / "site" / path / "gated-recurrence.pdf"
        sheets = len(pypdf.PdfReader(pdf).pages)
        print(f"(pdf-{lang}) {pdf.stat().st_size / 1e6:.1f} MB, {sheets} sheets", file=sys.stderr, flush=True)
        note(f"(pdf-{lang}) the {'English' if lang == 'en' else 'Russian'} PDF's size, MB (not seconds)",
             pdf.stat().st_size / 1e6)


PROSE = ("docs/lstm.md", "\n\n", "\n\nA sentence added by the benchmark, number {}.\n\n",
         "A sentence added by the benchmark, number {}.", "lstm/")  # after the page's title


def overlay(runs: int, note) -> None:
    """(d') against (d'x): the dirty prose reload with the author's overlay (hooks/overlay.py) and without it, on
    two servers at once, each over a warm copy of its own, edited in turn (so that both see the machine's same
    load), `runs` times three edits each."""
    with tempfile.TemporaryDirectory(prefix="gated-bench-") as tmp:
        on = copy_site(Path(tmp) / "on")
        timed_build(on, "--strict", cold=False)  # every result computed, for the servers to reuse
        off = copy_site(Path(tmp) / "off", on)
        shutil.copytree(on / ".cache", off / ".cache")
        edit, old, new, shown, page = PROSE
        original = (on / edit).read_text(encoding="utf-8")
        times: dict[Path, list[float]] = {on: [], off: []}
        with serving(on, page, "--dirty") as with_it, serving(off, page, "--dirty", extra={"GATED_OVERLAY": "off"}) \
                as without:
            for _ in range(3 * runs):
                times[on] += reloads(on / edit, original, old, new, shown, with_it, 1)
                times[off] += reloads(off / edit, original, old, new, shown, without, 1)
        note("(d') serve --dirty reload after a prose edit", statistics.median(times[on]))
        note("(d'x) the same without the author's overlay", statistics.median(times[off]))


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _page(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode()
    except (OSError, http.client.HTTPException):
        return ""


@contextlib.contextmanager
def serving(root: Path, url_path: str, *flags: str, extra: dict[str, str] | None = None) -> Iterator[str]:
    """`mkdocs serve` over `root` (`flags` to it, `extra` to its environment), once its first build has ended: the
    url of its page `url_path`."""
    port = _port()
    log = (root / "serve.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--livereload", *flags,
                               "-a", f"127.0.0.1:{port}"],
                              cwd=root, env=env(root, **(extra or {})), stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/{url_path}"
    try:
        deadline = time.monotonic() + 600
        while "<article" not in _page(url):
            if time.monotonic() > deadline or server.poll() is not None:
                sys.exit(f"mkdocs serve did not come up at {url}:\n{(root / 'serve.log').read_text()[-3000:]}")
            time.sleep(0.5)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def reloads(edit: Path, original: str, old: str, new: str, shown: str, url: str, runs: int) -> list[float]:
    """Seconds from saving an edit of `original` (`old` -> `new`) to the page at `url` showing `shown`, once per
    run. `new` and `shown` are formatted with the edit's number, so every edit is a new one."""
    assert old in original, f"{old!r} is not in {edit}"
    times = []
    for _ in range(runs):
        k = next(EDITS)  # never an edit seen before: no cached result may answer it
        edit.write_text(original.replace(old, new.format(k), 1), encoding="utf-8")
        start = time.perf_counter()
        while shown.format(k) not in _page(url):
            time.sleep(0.05)
        times.append(time.perf_counter() - start)
        time.sleep(1.0)  # let the server settle before the next edit
    return times


def serve_rebuilds(root: Path, edit: Path, old: str, new: str, shown: str, url_path: str, runs: int,
                   *flags: str, extra: dict[str, str] | None = None) -> list[float]:
    """Seconds from saving an edit (`old` -> `new`) to the served page showing `shown`, once per run, on a server
    of its own (`flags` go to `mkdocs serve`, `extra` to its environment)."""
    original = edit.read_text(encoding="utf-8")
    with serving(root, url_path, *flags, extra=extra) as url:
        try:
            return reloads(edit, original, old, new, shown, url, runs)
        finally:
            edit.write_text(original, encoding="utf-8")


def training_alone(root: Path) -> float:
    """The forget-bias training, pinned, in one process and one thread, nothing cached: the experiment's own
    time, which an edit to it costs at least. (The build runs it as one process per bias, on both cores.)"""
    code = 'from gated.torch import pinned; pinned.run("gated.chapter.experiments.forget_bias:train_all")'
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=root, env=env(root, EXEC_CACHE="off"), check=True)
    return time.perf_counter() - start


@contextlib.contextmanager
def caches_aside() -> Iterator[None]:
    """The repository without its .cache while the block runs, as a clean clone has it; the one it had comes
    back afterwards (and what the block's runs cached goes), or, if it had none, what they cached stays."""
    cache = ROOT / ".cache"
    with tempfile.TemporaryDirectory(prefix="gated-bench-cache-", dir=ROOT.parent) as tmp:
        aside = Path(tmp) / ".cache"
        if cache.exists():
            cache.rename(aside)
        try:
            yield
        finally:
            if aside.exists():
                shutil.rmtree(cache, ignore_errors=True)
                aside.rename(cache)


def busy() -> float:
    """CPU-seconds the machine's cores have been busy since boot (all but idle and I/O wait), from /proc/stat."""
    ticks = [int(field) for field in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def suite(*args: str) -> tuple[float, float, float, float]:
    """One run of the test suite: its wall time; the CPU-seconds the machine was busy meanwhile; then the summed
    time (set-up included) of the tests that drive Chromium, two groups of one language each (tests/conftest.py),
    and of all the others. A failing run stops the benchmark: the time of a suite that fails is not a
    measurement."""
    with tempfile.TemporaryDirectory(prefix="gated-bench-") as tmp:
        report = Path(tmp) / "junit.xml"
        start, cpu = time.perf_counter(), busy()
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               f"--junitxml={report}", *args], cwd=ROOT, capture_output=True, text=True)
        seconds, cpu = time.perf_counter() - start, busy() - cpu
        if done.returncode != 0:
            sys.exit(f"the test suite failed (pytest {' '.join(args)}):\n{done.stdout[-4000:]}{done.stderr[-2000:]}")
        cases = [(case.get("name"), float(case.get("time"))) for case in ElementTree.parse(report).iter("testcase")]
    browser = sum(t for name, t in cases if re.search(r"@browser(-\w+)?$", name))
    return seconds, cpu, browser, sum(t for _, t in cases) - browser


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (default 3)")
    parser.add_argument("--chapters", type=int, default=10, help="chapters in the large course (default 10)")
    parser.add_argument("--large-runs", type=int, default=1,
                        help="runs per measurement of the large course, each ten times as long (default 1)")
    parser.add_argument("--skip-tests", action="store_true", help="do not time the test suite")
    parser.add_argument("--store-only", action="store_true", help="measure only the two machines that share a store")
    parser.add_argument("--ci-only", action="store_true", help="measure only CI's rebuild after an edit")
    parser.add_argument("--languages-only", action="store_true",
                        help="measure only a cold build of both languages against English alone")
    parser.add_argument("--pdf-only", action="store_true",
                        help="measure only what the PDF of the chapter adds to a warm strict build, and its size")
    parser.add_argument("--against", metavar="REF", help="measure only a cold build against one at commit REF")
    parser.add_argument("--overlay-only", action="store_true",
                        help="measure only the dirty prose reload with the author's overlay and without it")
    parser.add_argument("--chapter-only", action="store_true",
                        help="measure only the one chapter: (a), (aen), (c), (g), (w) and the reloads (d) to (f')")
    args = parser.parse_args()

    rows: dict[str, float] = {}

    def note(name: str, seconds: float) -> None:
        rows[name] = seconds
        print(f"{name}: {seconds:.1f} s", file=sys.stderr, flush=True)

    if args.store_only:
        two_machines(args.chapters, args.runs, note)
        return report(rows, args)
    if args.ci_only:
        ci_rebuilds(args.chapters, args.runs, note)
        return report(rows, args)
    if args.languages_only:
        languages(args.runs, note)
        return report(rows, args)
    if args.pdf_only:
        with tempfile.TemporaryDirectory(prefix="gated-bench-") as tmp:
            root = copy_site(Path(tmp))
            timed_build(root, "--strict")  # every cache warm, for what follows
            pdf_cost(root, args.runs, note)
        return report(rows, args)
    if args.against:
        against(args.against, args.runs, note)
        return report(rows, args)
    if args.overlay_only:
        overlay(args.runs, note)
        return report(rows, args)

    median = lambda f: statistics.median(f() for _ in range(args.runs))  # noqa: E731
    large = lambda f: statistics.median(f() for _ in range(args.large_runs))  # noqa: E731
    prose = PROSE
    with tempfile.TemporaryDirectory(prefix="gated-bench-") as tmp:
        root = copy_site(Path(tmp))
        languages(args.runs, note)
        note("(c) build without execution, en + ru", median(lambda: timed_build(root, EXECUTE="off")))
        note("(g) forget-bias training alone, one thread", median(lambda: training_alone(root)))
        timed_build(root, "--strict", cold=False)  # every cache warm, for what follows
        note("(w) warm strict build, en + ru", median(lambda: timed_build(root, "--strict", cold=False)))
        pdf_cost(root, args.runs, note)
        edit, old, new, shown, page = prose
        note("(d) serve reload after a prose edit", statistics.median(serve_rebuilds(
            root, root / edit, old, new, shown, page, args.runs)))
        note("(d') serve --dirty reload after a prose edit", statistics.median(serve_rebuilds(
            root, root / edit, old, new, shown, page, args.runs, "--dirty")))
        note("(d'x) the same without the author's overlay", statistics.median(serve_rebuilds(
            root, root / edit, old, new, shown, page, args.runs, "--dirty", extra={"GATED_OVERLAY": "off"})))
        diagram = (root / "gated/chapter/diagram.py", 'Text("keep", "сохранить")', 'Text("keep{0}", "сохранить{0}")',
                   "keep{}", "step-by-step/")
        training = (root / "gated/chapter/experiments/forget_bias.py", '"seeds that name every symbol"',
                    '"seeds that name every symbol{}"', "seeds that name every symbol{}", "forget-bias/")
        for flags, mark in (((), ""), (("--dirty",), "'")):
            how = "serve --dirty" if flags else "serve"
            note(f"(e{mark}) {how} reload after an edit to gated/chapter/diagram.py",
                 statistics.median(serve_rebuilds(root, *diagram, args.runs, *flags)))
            note(f"(f{mark}) {how} reload after an edit to the forget-bias training",
                 statistics.median(serve_rebuilds(root, *training, args.runs, *flags)))
    if args.chapter_only:
        return report(rows, args)
    with tempfile.TemporaryDirectory(prefix="gated-bench-") as tmp:
        root = copy_site(Path(tmp))
        add_chapters(root, args.chapters)
        n = args.chapters
        note(f"(a{n}) cold strict build, {n} chapters", large(lambda: timed_build(root, "--strict")))
        note(f"(c{n}) build without execution, {n} chapters", large(lambda: timed_build(root, EXECUTE="off")))
        timed_build(root, "--strict", cold=False)
        note(f"(w{n}) warm strict build, {n} chapters", large(lambda: timed_build(root, "--strict", cold=False)))
        edit, old, new, shown, page = prose
        note(f"(d{n}) serve reload after a prose edit, {n} chapters", statistics.median(serve_rebuilds(
            root, root / edit, old, new, shown, page, args.runs)))
        note(f"(d'{n}) serve --dirty reload after a prose edit, {n} chapters", statistics.median(serve_rebuilds(
            root, root / edit, old, new, shown, page, args.runs, "--dirty")))
    two_machines(args.chapters, args.runs, note)
    ci_rebuilds(args.chapters, args.runs, note)
    if not args.skip_tests:
        with caches_aside():
            clean, clean_cpu, *_ = suite()
            note("(hc) test suite, whole, from a clean clone (one run)", clean)
            note("(hcw) its work, CPU-seconds on all cores", clean_cpu)
            whole, cpu, browser, others = suite()
            note("(h) test suite, whole (one run)", whole)
            note("(hw) its work, CPU-seconds on all cores", cpu)
            note("(hb) of which the tests that drive Chromium, summed", browser)
            note("(ho) and all the other tests, summed over two workers", others)
            note("(q) test suite, quick tier (one run)", suite("-m", "not slow")[0])
    return report(rows, args)


def report(rows: dict[str, float], args: argparse.Namespace) -> int:
    """The table of measurements, and the targets met or not."""
    print(f"\nmedian of {args.runs} runs, {os.cpu_count()} cores, Python {sys.version.split()[0]}\n")
    print(f"| {'measurement':<58} | {'seconds':>8} |\n| {'-' * 58} | {'-' * 7}: |")
    for name, seconds in rows.items():
        print(f"| {name:<58} | {seconds:8.1f} |")
    r = {k.split(")")[0].strip("("): v for k, v in rows.items()}
    n = args.chapters
    print("\n| target | measured | limit | met |\n| --- | ---: | ---: | :-: |")

    def target(name: str, measured: float, limit: float, unit: str = "") -> None:
        print(f"| {name} | {measured:.2f}{unit} | {limit:.2f}{unit} | {'yes' if measured <= limit else 'NO'} |")

    if f"B{n}" in r:
        target(f"(B{n}) / (wA{n}): machine B from the store against machine A warm", r[f"B{n}"] / r[f"wA{n}"], 1.3)
    if f"ci{n}" in r:
        target(f"(ci{n}) / (w{n}ci): CI after a one-snippet edit against a warm build", r[f"ci{n}"] / r[f"w{n}ci"], 1.2)
    if "aen" in r:
        target("(a) / (aen): both languages against English alone, cold", r["a"] / r["aen"], 1.15)
    if args.against:
        target(f"(a) / (a@{args.against}): this checkout's cold build against {args.against}'s",
               r["a"] / r[f"a@{args.against}"], 1.1)
        target(f"(acpu) / (acpu@{args.against}): the same in CPU-seconds, which other work on the machine moves "
               "less", r["acpu"] / r[f"acpu@{args.against}"], 1.1)
    if "d'x" in r:
        target("(d') / (d'x): a prose reload with the author's overlay against without", r["d'"] / r["d'x"], 1.10)
    if "e" not in r:
        return 0
    for m in ("", "'"):  # plain mkdocs serve, and --dirty (what scripts/serve runs)
        target(f"(e{m}) / (d{m}): diagram edit against prose edit", r[f"e{m}"] / r[f"d{m}"], 2.0)
        target(f"(f{m}) against (g) + (d{m}), + 20%", r[f"f{m}"], 1.2 * (r["g"] + r[f"d{m}"]), " s")
    target("(a) against the longest experiment (g) + (c), + 25%", r["a"], 1.25 * (r["g"] + r["c"]), " s")
    d = "d'" if SERVES_DIRTY else "d"  # the reload an author gets from scripts/serve
    if f"{d}{n}" in r:
        target(f"({d}{n}) / ({d}): prose reload, {n} chapters against one", r[f"{d}{n}"] / r[d], 3.0)
    if "h" in r:
        target("(h): whole suite", r["h"], 180, " s")
        target("(hc): whole suite, clean clone", r["hc"], 180, " s")
        target("(q): quick tier", r["q"], 60, " s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
