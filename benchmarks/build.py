"""Benchmark the site's build: what an author waits for, and what CI waits for.

    python benchmarks/build.py [--runs 3] [--skip-tests]

Works in a temporary copy of the site, so the repository's caches are left alone,
and prints the median of several runs of:

    (a) a cold strict build of both languages (no cached results)
    (b) the same build of English alone
    (c) the same site with code execution switched off: rendering alone, the floor
    (d) a `mkdocs serve` rebuild after an edit to a page's prose, from save to reloaded
    (e) the same after an edit to one module of gated/
    (f) the test suite's wall time (one run)

and the ratios the project's targets are stated in.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("mkdocs.yml", "pyproject.toml", "docs", "snippets", "gated", "hooks", "notebooks", "overrides")


def copy_site(into: Path) -> Path:
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, into / name)
    return into


def env(root: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(root), "NO_MKDOCS_2_WARNING": "1", **extra}


def timed_build(root: Path, *args: str, cold: bool = True, **extra: str) -> float:
    if cold:
        shutil.rmtree(root / ".cache", ignore_errors=True)
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--site-dir", str(root / "site"), *args],
                            cwd=root, env=env(root, **extra), capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode:
        sys.exit(f"build failed:\n{result.stderr[-3000:]}")
    return seconds


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


def serve_rebuilds(root: Path, edit: Path, old: str, new: str, shown: str, url_path: str, runs: int) -> list[float]:
    """Seconds from saving an edit (`old` -> `new`) to the served page showing `shown`, once per run.

    `new` and `shown` are formatted with the run's number, so every edit is a new one.
    """
    port = _port()
    log = (root / "serve.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--livereload", "-a", f"127.0.0.1:{port}"],
                              cwd=root, env=env(root), stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/{url_path}"
    try:
        deadline = time.monotonic() + 600
        while "<article" not in _page(url):
            if time.monotonic() > deadline or server.poll() is not None:
                sys.exit(f"mkdocs serve did not come up at {url}:\n{(root / 'serve.log').read_text()[-3000:]}")
            time.sleep(0.5)
        original = edit.read_text(encoding="utf-8")
        assert old in original, f"{old!r} is not in {edit}"
        times = []
        for k in range(runs):
            edit.write_text(original.replace(old, new.format(k), 1), encoding="utf-8")
            start = time.perf_counter()
            while shown.format(k) not in _page(url):
                time.sleep(0.05)
            times.append(time.perf_counter() - start)
            time.sleep(1.0)  # let the server settle before the next edit
        edit.write_text(original, encoding="utf-8")
        return times
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (default 3)")
    parser.add_argument("--skip-tests", action="store_true", help="do not time the test suite")
    args = parser.parse_args()

    rows: dict[str, float] = {}

    def note(name: str, seconds: float) -> None:
        rows[name] = seconds
        print(f"{name}: {seconds:.1f} s", file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="gated-bench-") as tmp:
        root = copy_site(Path(tmp))
        median = lambda f: statistics.median(f() for _ in range(args.runs))  # noqa: E731
        note("(a) cold strict build, en + ru", median(lambda: timed_build(root, "--strict")))
        note("(b) cold strict build, en only", median(lambda: timed_build(root, "--strict", BUILD_ONLY_LOCALE="en")))
        note("(c) build without execution, en + ru", median(lambda: timed_build(root, EXECUTE="off")))
        timed_build(root, "--strict")  # warm the caches for serve
        note("(d) serve rebuild after a prose edit", statistics.median(serve_rebuilds(
            root, root / "docs/lstm.md", "A plain recurrent cell rewrites", "A plain recurrent cell ({}) rewrites",
            "A plain recurrent cell ({}) rewrites", "lstm/", args.runs)))
        note("(e) serve rebuild after an edit to gated/", statistics.median(serve_rebuilds(
            root, root / "gated/tables.py", 'Text("new memory",', 'Text("new memory{}",', "new memory{}", "lstm/",
            args.runs)))
    if not args.skip_tests:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        note("(f) test suite (one run)", time.perf_counter() - start)

    print(f"\nmedian of {args.runs} runs, {os.cpu_count()} cores, Python {sys.version.split()[0]}\n")
    print(f"| {'measurement':<42} | {'seconds':>8} |\n| {'-' * 42} | {'-' * 7}: |")
    for name, seconds in rows.items():
        print(f"| {name:<42} | {seconds:8.1f} |")
    a, b, c = (rows[k] for k in list(rows)[:3])
    d = rows["(d) serve rebuild after a prose edit"]
    print("\n| ratio | value | target |\n| --- | ---: | --- |")
    print(f"| (a) / (b): two languages against one | {a / b:.2f} | at most 1.15 |")
    print(f"| (d) / (c): prose rebuild against rendering alone | {d / c:.2f} | at most 1.5 |")
    print(f"| (a): cold strict build | {a:.1f} s | under 60 s |")
    if "(f) test suite (one run)" in rows:
        print(f"| (f): test suite | {rows['(f) test suite (one run)']:.0f} s | under 600 s |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
