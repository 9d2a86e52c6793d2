"""Run an experiment with its numerics pinned: the same floats on any x86-64 CPU.

Each call runs in a fresh process whose numerics are fixed before torch computes anything (`gated.torch.pins` says
how); it receives the keyword arguments and returns the function's result, both pickled.

A result is computed once. It is kept in the result store (`gated.store`: .cache/ or GATED_STORE), filed under the
call and the versions of Python, numpy and torch and the CPU architecture, and it records what it used: every file
of `gated` (module or data) that the process imported or opened, traced while it ran, with a hash of each. It is
reused while all of those files are unchanged, so an edit to a module the experiment never loaded re-runs nothing,
an edit to one it did re-runs it, and undoing the edit finds the earlier result again. ``EXEC_CACHE=off`` keeps
nothing. A call that another process on this machine is running (a build beside a test run, say) waits for its
result instead of computing it a second time.

With ``GATED_NUMERICS=free`` every call runs unpinned on another code path (`pins.FREE`) and is neither taken from
the store nor kept in it: the check that the pages do not depend on how the arithmetic rounds.

An experiment whose module says it is heavy (``HEAVY = "wants a GPU"``) is computed only where `publishing` is set
(``python -m PACKAGE publish NAME``): anywhere else its result comes from the store, or the call fails with
`Unpublished`, naming what changed since the stored version and that command.

The processes run here, or on a Dask cluster when one is named (DASK_SCHEDULER_ADDRESS, or `scheduler`): see
`gated.torch.cluster`.

    >>> runs = pinned.run("gated.chapter.experiments.forget_bias:train_all")  # doctest: +SKIP
    >>> later = pinned.submit("gated.chapter.experiments.scratch:train_both")  # doctest: +SKIP
    >>> later.result()  # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import pickle
import platform
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from filelock import FileLock  # a dependency of torch

from .pins import (  # noqa: F401
    ENVIRONMENT, FREE, HEAVY, PUBLISHING, ROOT, ExperimentError, child, digest, environment, free)

CACHE = ROOT / ".cache" / "experiments"  # this machine's locks on calls, and its record of what was started
KIND = "experiments"  # the results' kind in the store
SCHEDULER = "DASK_SCHEDULER_ADDRESS"  # Dask's own variable: the cluster's scheduler, when there is one

scheduler: str | None = None  # a cluster's scheduler named by a command's option, over SCHEDULER
publishing = False  # set by the command that computes and publishes experiments: heavy ones are computed too
tally: Counter[str] = Counter()  # how this process's kept calls got their results: "computed", "stored"
raw: dict[str, str] = {}  # call's key -> digest of its pickled result, for every call this process got a result of
_pool: ThreadPoolExecutor | None = None  # made when first needed, as wide as where the calls run
_started: dict[str, Future] = {}  # call -> its (files used, result pickled, where from), started or finished
_modules: dict[str, Any] = {}  # the modules of `gated` the pool's threads use, imported by the threads that submit
_recording: ContextVar[dict[str, str] | None] = ContextVar("pinned_recording", default=None)


class Unpublished(ExperimentError):
    """A heavy experiment whose current version the store lacks: only its publish command computes it."""


def cluster_address() -> str | None:
    """The Dask scheduler that kept calls run on, if one is named."""
    return scheduler or os.environ.get(SCHEDULER) or None


def heavy(target: str) -> str | None:
    """Why the experiment of `target` is heavy (its module's HEAVY, "wants a GPU"), if the caller has imported
    that module (every experiment's `start` and `run` live in it). The pinned process checks it in any case."""
    return getattr(sys.modules.get(target.split(":")[0]), "HEAVY", None)


def _versions() -> list[str]:
    from importlib.metadata import version  # reads the installed metadata: imports neither numpy nor torch

    return [platform.python_version(), platform.machine(), *(version(p) for p in ("numpy", "torch"))]


def _key(target: str, kwargs: dict[str, Any]) -> str:
    return hashlib.sha256(repr((target, sorted(kwargs.items()), _versions())).encode()).hexdigest()


def _changed(used: dict[str, str]) -> list[str]:
    """The files a result used that no longer have the content they had (or are gone)."""
    changed = []
    for name, sha in sorted(used.items()):
        try:
            if digest(ROOT / name) != sha:
                changed.append(name)
        except OSError:
            changed.append(name)
    return changed


def _unchanged(used: dict[str, str]) -> bool:
    """Whether every file a result used still has the content it had."""
    return not _changed(used)


@contextmanager
def recording() -> Iterator[dict[str, str]]:
    """Collect, in the dict it yields, the files that the results obtained inside the block used.

    The site's build wraps each block in it: a page's result depends on what its experiments used.
    """
    used: dict[str, str] = {}
    token = _recording.set(used)
    try:
        yield used
    finally:
        _recording.reset(token)


def run(target: str, /, *, env: dict[str, str] | None = None, pin: bool = True, **kwargs: Any) -> Any:
    """Call ``module:function(**kwargs)`` in a pinned process and return its result.

    Parameters
    ----------
    target : str
        ``"package.module:function"``.
    env : dict, optional
        Extra environment for the process, set under the pinned variables (a
        test uses it to imitate another machine; it cannot unpin anything).
        A run with `env` (or unpinned) is neither taken from the store nor kept in it.
    pin : bool
        False runs the process with the numerics it finds, for measuring how
        far a claim holds on other code paths (`benchmarks/experiments.py`).
    **kwargs
        Passed to the function; they and the result must pickle.
    """
    used, result, _ = _run(target, env, pin, kwargs, pickle.dumps(kwargs), heavy(target))
    if (recorder := _recording.get()) is not None:
        recorder.update(used)
    return pickle.loads(result)


def _run(target: str, env: dict[str, str] | None, pin: bool, kwargs: dict[str, Any], payload: bytes,
         heavy: str | None) -> tuple[dict[str, str], bytes, str]:
    """`run`'s work: the files the call used, its result pickled, and where it came from ("computed",
    "stored"). A call as the build makes it (pinned, in no imitated environment) is kept in the store.

    The arguments come pickled in the caller's thread, and the result goes back pickled, to be read in the
    thread that asks for it: unpickling imports the classes of what it reads, and a thread of the pool must
    not import modules of `gated` while the site's build re-imports them for a block it traces."""
    if pin and not env and free():
        used, result = _compute(target, FREE, False, payload)
        tally["computed"] += 1
        raw[_key(target, kwargs)] = fingerprint(result)
        return used, result, "computed"
    if not pin or env:
        return *_compute(target, env, pin, payload), "computed"
    store, key = _module("store").default(), _key(target, kwargs)
    CACHE.mkdir(parents=True, exist_ok=True)
    with FileLock(CACHE / f"{key}.lock"):  # one process computes a call; the others wait and reuse it
        entry = store.find(KIND, key, _unchanged)
        if entry is not None:
            tally["stored"] += 1
            raw[key] = fingerprint(entry.content)
            return entry.used, entry.content, "stored"
        try:
            if heavy and not publishing:
                raise Unpublished(heavy)
            used, result = _compute(target, env, pin, payload)
        except Unpublished as refused:
            raise Unpublished(_unpublished(target, str(refused), store, key)) from None
        store.put(KIND, key, used, result, _versions())  # one entry per version of what it used
        tally["computed"] += 1
        raw[key] = fingerprint(result)
        return used, result, "computed"


def fingerprint(result: bytes) -> str:
    """A short digest of a pickled result: equal digests, equal bits."""
    return hashlib.sha256(result).hexdigest()[:12]


def digests(record: Path) -> dict[str, str]:
    """Per experiment (the module of a call `remember` wrote down in `record`), one digest of the raw results of its
    calls (`combined`): from this process when it got them, else from the store, read but not unpickled (nothing is
    imported). An experiment whose result is neither here nor kept is left out."""
    try:
        said = json.loads(record.read_text())
    except (OSError, ValueError):
        return {}
    store = _module("store")
    parts: dict[str, list[str]] = {}
    for key, target in zip(said["calls"], said.get("targets", []), strict=False):
        found = raw.get(key)
        if found is None and (entry := store.default().find(KIND, key, _unchanged)) is not None:
            found = fingerprint(entry.content)
        parts.setdefault(target.split(":")[0].rpartition(".")[2], []).append(found or "")
    return {name: combined(ds) for name, ds in sorted(parts.items()) if all(ds)}


def combined(fingerprints: list[str]) -> str:
    """One digest for the results of an experiment's calls, in the order of their keys: a single call's own."""
    return fingerprints[0] if len(fingerprints) == 1 else hashlib.sha256(" ".join(fingerprints).encode()).hexdigest()[:12]


def _unpublished(target: str, heavy: str, store: Any, key: str) -> str:
    """Why a heavy call cannot be had, what changed since its stored version, and the command that computes it."""
    package, _, name = target.split(":")[0].rpartition(".")
    kept = store.entries(KIND, key)
    corrupt = [where for where in store.corrupt if f"/{key}/" in where]
    if kept:
        since = "changed since the stored version: " + ", ".join(min((_changed(e.used) for e in kept), key=len))
    else:
        since = f"the store holds no version of it for these settings and versions ({', '.join(_versions())})"
    since += "".join(f"; {where} does not match its hash and is not served" for where in corrupt)
    return (f"{target} is heavy ({heavy}): a build never computes it, and {store.name} lacks its current "
            f"version; {since}. Compute and publish it with: python -m {package} publish {name}")


def _compute(target: str, env: dict[str, str] | None, pin: bool, payload: bytes) -> tuple[dict[str, str], bytes]:
    """The call computed in its pinned process, here or, for a kept call when a cluster is named, on a worker."""
    address = cluster_address() if pin and not env else None
    if address is None:
        return pickle.loads(process(target, env, pin, payload, publishing)[1])
    versions, out = _module("torch.cluster").run(address, process, target, env, pin, payload, publishing)
    if versions != _versions():
        raise ExperimentError(f"{target}: the worker at {address} runs {versions}, this checkout {_versions()};"
                              " its result would not be this call's")
    used, result = pickle.loads(out)
    if changed := _changed(used):
        raise ExperimentError(f"{target}: the worker at {address} computed with files other than this checkout's"
                              f" ({', '.join(changed)}); give it the same checkout")
    return used, result


def process(target: str, env: dict[str, str] | None, pin: bool, payload: bytes,
            publish: bool = False) -> tuple[list[str], bytes]:
    """Run the call in a pinned process of this machine: the versions it ran with, and its pickled (files used,
    result pickled). A cluster's worker runs this, with its own checkout of `gated`. A heavy experiment runs
    only if `publish`; otherwise this raises Unpublished with the reason its module gives."""
    done = subprocess.run(
        [sys.executable, "-m", "gated.torch.pinned", target, *([] if pin else ["--free"])],
        input=payload,
        capture_output=True,
        env={**environment(env, pin), PUBLISHING: "1" if publish else "0"},
        cwd=ROOT,
    )
    if done.returncode == HEAVY:
        raise Unpublished(done.stderr.decode(errors="replace").strip().splitlines()[-1])
    if done.returncode != 0:
        raise ExperimentError(f"{target} failed in its pinned process:\n{done.stderr.decode(errors='replace')}")
    return _versions(), done.stdout


class Pending:
    """A call started by `submit`. `result()` waits for it, and reads its result in the thread that asks."""

    def __init__(self, started: Future, recorder: dict[str, str] | None, key: str, target: str) -> None:
        self._started, self._recorder, self.key, self.target = started, recorder, key, target

    def done(self) -> bool:
        return self._started.done()

    def origin(self) -> str:
        """Where the result came from: "computed" or "stored" (waits for it)."""
        return self._started.result()[2]

    def result(self) -> Any:
        used, result, _ = self._started.result()
        if self._recorder is not None:
            self._recorder.update(used)
        return pickle.loads(result)


def _module(name: str) -> Any:
    """`gated.<name>`, imported when first asked for (not at import: the pinned process must not record the store as
    used) and never first by a thread of the pool, which `submit` spares: the site's build deletes `gated`'s modules
    before every block it traces, and an import beside that fails at random (KeyError: 'gated.torch.cluster')."""
    if name not in _modules:
        _modules[name] = importlib.import_module(f"{__package__.rpartition('.')[0]}.{name}")
    return _modules[name]


def submit(target: str, /, **kwargs: Any) -> Pending:
    """Start `run(target, **kwargs)` now, beside whatever else runs; `.result()` waits for it.

    The same call submitted twice in one process is run once: the second waits for the first's process.
    """
    global _pool
    call = repr((target, sorted(kwargs.items())))
    if call not in _started:
        _module("store")
        if cluster_address():
            _module("torch.cluster")  # only with a cluster: distributed is an extra
        if _pool is None:  # a cluster's calls wait on its workers; local ones take a core each
            width = 32 if cluster_address() else max(1, min(4, os.cpu_count() or 1))
            _pool = ThreadPoolExecutor(max_workers=width, thread_name_prefix=__name__)
        _started[call] = _pool.submit(_run, target, None, True, kwargs, pickle.dumps(kwargs), heavy(target))
    return Pending(_started[call], _recording.get(), _key(target, kwargs), target)


def remember(record: Path, started: list[Pending]) -> None:
    """Write down which calls were started, so that `kept(record)` can later tell whether all of them are
    kept and current without importing what they run."""
    record.parent.mkdir(parents=True, exist_ok=True)
    partial = record.with_suffix(f".{os.getpid()}.partial")
    calls = sorted((p.key, p.target) for p in started)
    partial.write_text(json.dumps({"versions": _versions(), "calls": [k for k, _ in calls],
                                   "targets": [t for _, t in calls]}))
    partial.replace(record)


def kept(record: Path) -> bool:
    """Whether every call `remember` wrote down in `record` has a kept result that is still current: then
    starting them again would only find those results. False when nothing is kept (EXEC_CACHE=off)."""
    if os.environ.get("EXEC_CACHE", "on") == "off" or free():
        return False
    try:
        said = json.loads(record.read_text())
    except (OSError, ValueError):
        return False
    if said.get("versions") != _versions():
        return False
    return all(_module("store").default().find(KIND, key, _unchanged) is not None for key in said["calls"])


if __name__ == "__main__":  # the pinned process: python -m gated.torch.pinned TARGET [--free]
    child(sys.argv[1], pin="--free" not in sys.argv[2:])
