"""What an executed block used, traced while it ran, and whether all of it is unchanged.

Used means: a module of the project the block called into (a profile hook sees every
Python call), a file it opened (an audit hook sees every open), or a file that a pinned
experiment it waited for used (`gated.torch.pinned` records those). A block that starts
any other process may depend on anything: it gets "*", the hash of the whole package.

A process that a library starts for its own sake is not the block's: matplotlib runs fc-list to build
its font cache the first time it runs on a machine, and only then. Charging that to the block would make
what a block records depend on what the machine's HOME held before the build. So a program counts as
the block's when the block or the project started it (the first caller outside the standard library is
not a third-party package), or when it runs Python or names a file of the checkout, whoever started it.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import os
import platform
import re
import sys
import sysconfig
import threading
from importlib.metadata import version
from pathlib import Path

import shared

ROOT = shared.ROOT
PACKAGE = ROOT / "gated"


def _machine() -> str:
    """The CPU's architecture and the vector extensions that numerics dispatch on."""
    try:
        flags = re.search(r"^flags\s*:(.*)$", Path("/proc/cpuinfo").read_text(), re.M)
        have = sorted(set(flags.group(1).split()) & {"avx", "avx2", "fma", "avx512f", "avx512_bf16", "amx_tile"})
    except (OSError, AttributeError):
        have = ["unknown"]
    return f"{platform.machine()} {' '.join(have)}"


# What a result computed in this process also depends on: blocks that compute in-process may round
# differently on another kind of CPU (the experiments run pinned, see `gated.torch.pinned`).
VERSIONS = [
    platform.python_version(),
    *(f"{p} {version(p)}" for p in ("numpy", "torch", "matplotlib")),
    _machine(),
]


def source_hash() -> str:
    """A hash of every file in gated/: any edit changes it."""
    h = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            h.update(path.relative_to(PACKAGE).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()


_pages: dict[str, set[str]] = {}  # page (src_uri) -> the project files its blocks used when it was last rendered
_tracing: tuple[set[str], dict[str, bool]] | None = None  # (files touched, {"known": ...}) of the running block
_digests: dict[str, str] = {}  # path -> hash, within one build
# Not the project: caches, sites, environments, git, and an editable install's metadata (*.egg-info, which torch
# reads with every distribution's entry points when it loads; the versions are in VERSIONS).
IGNORED = (".cache", "site", ".venv", ".git")
PINNED = "gated.torch.pinned"  # the module that runs experiments, and the names of its threads


_paths = sysconfig.get_paths()
STDLIB = tuple({_paths["stdlib"], _paths["platstdlib"]})
LIBRARIES = tuple({_paths["purelib"], _paths["platlib"], *(p for p in sys.path if p.endswith("-packages"))})


def _library(filename: str) -> bool:
    return filename.startswith(LIBRARIES)


def _the_blocks(program, arguments) -> bool:
    """Whether a process being started may read what the block's result depends on (see the module's text)."""
    frame = sys._getframe(2)  # the caller of the audit hook's caller
    while frame is not None and frame.f_code.co_filename.startswith(STDLIB) \
            and not _library(frame.f_code.co_filename):
        frame = frame.f_back
    if frame is None or not _library(frame.f_code.co_filename):
        return True  # the block, the project, or nobody known
    words = [os.fsdecode(w) if isinstance(w, (str, bytes, os.PathLike)) else str(w)
             for w in [program, *(arguments or ())] if w is not None]
    for word in (piece for w in words for piece in w.split()):  # a shell's command line too
        path = Path(word)
        if path.name.startswith("python") or word == sys.executable:
            return True
        if path.is_absolute() and path.is_relative_to(ROOT) and path.relative_to(ROOT).parts[0] not in IGNORED:
            return True
    return False


# The audit events that start a program, and where their program and arguments are.
STARTS = {
    "subprocess.Popen": lambda a: (a[0], a[1]),
    "os.posix_spawn": lambda a: (a[0], a[1]),
    "os.exec": lambda a: (a[0], a[1]),
    "os.spawn": lambda a: (a[1], a[2]),
    "os.system": lambda a: (None, [a[0]]),
}


def _audit(event: str, args: tuple) -> None:
    """Files a running block opens, and processes it starts (only pinned experiments are known).

    Not those of the threads of `gated.torch.pinned`, which run experiments started before the block, for any
    block: what an experiment used is recorded by the block that waits for its result."""
    if _tracing is None or threading.current_thread().name.startswith(PINNED):
        return
    files, state = _tracing
    if event == "open" and isinstance(args[0], (str, bytes)):
        files.add(os.fsdecode(args[0]))
    elif event in STARTS:
        program, arguments = STARTS[event](args)
        if PINNED not in [str(a) for a in arguments or ()] and _the_blocks(program, arguments):
            state["known"] = False  # another program: what it reads cannot be known


sys.addaudithook(_audit)


def forget() -> None:
    """A new build: files may have changed since the last one."""
    _digests.clear()


def digest(name: str) -> str:
    """The hash of a project file (a path relative to the checkout), or of all of gated/ for \"*\"."""
    if name not in _digests:
        _digests[name] = source_hash() if name == "*" else hashlib.sha256((ROOT / name).read_bytes()).hexdigest()
    return _digests[name]


def unchanged(used: dict[str, str]) -> bool:
    """Whether every file a result used still has the hash it had."""
    try:
        return all(digest(name) == sha for name, sha in used.items())
    except OSError:  # a file it used is gone
        return False


@contextlib.contextmanager
def traced():
    """Yield a dict that, after the block, maps every project file the block used to its hash."""
    global _tracing
    files: set[str] = set()
    state = {"known": True}
    used: dict[str, str] = {}
    pinned = importlib.import_module("gated.torch.pinned")
    # A fresh import of `gated` for each block: a module the block reads a constant from is then
    # executed, and so traced, inside the block. The pinned runner stays: it holds the experiments;
    # and so does the result store, which holds what the build's summary reports.
    kept = (pinned.__name__, "gated.store")
    for name in [n for n in sys.modules if (n == "gated" or n.startswith("gated.")) and n not in kept]:
        del sys.modules[name]
    previous = sys.getprofile()
    _tracing = (files, state)
    sys.setprofile(lambda frame, event, arg: files.add(frame.f_code.co_filename) if event == "call" else None)
    try:
        with pinned.recording() as experiments:
            yield used
    finally:
        sys.setprofile(previous)
        _tracing = None
    if not state["known"]:
        used["*"] = digest("*")
        return
    for name in files:
        path = Path(name)
        if path.is_absolute() and path.is_relative_to(ROOT) and path.is_file():
            relative = path.relative_to(ROOT)
            if relative.parts[0] not in IGNORED and not relative.parts[0].endswith(".egg-info") \
                    and "__pycache__" not in relative.parts:
                used[relative.as_posix()] = digest(relative.as_posix())
    used.update(experiments)


# ---------------------------------------------------------------- which pages used what (for hooks/dirty.py)


def page_begins(page: str) -> None:
    """A page (its src_uri) is being rendered: what its blocks use is recorded afresh."""
    _pages[page] = set()


def page_used(page: str, used: dict[str, str]) -> None:
    """A block of `page` used these files (its result's record, whether it ran or was reused)."""
    _pages.setdefault(page, set()).update(used)


def pages_using(changed: set[str]) -> set[str]:
    """The pages whose blocks used any of `changed` (paths relative to the checkout), or may have ("*")."""
    return {page for page, used in _pages.items() if "*" in used or used & changed}


def known(page: str) -> bool:
    """Whether what `page`'s blocks use has been recorded in this process."""
    return page in _pages
