"""Run an experiment with its numerics pinned: the same floats on any x86-64 CPU.

A float32 training run is chaotic. The same wheel, seed and code take different
paths through the CPU's vector units on different machines (AVX-512 here, AVX2
there), round differently, and after a few hundred steps of Adam land somewhere
else. So every experiment runs in a fresh Python process whose numerics are
fixed before torch computes anything:

- one thread, so no reduction depends on how work was split;
- ATen's portable kernels (``ATEN_CPU_CAPABILITY=default``), read once, when
  torch loads;
- MKL's conditional numerical reproducibility (``MKL_CBWR=COMPATIBLE``), the
  code path every x86-64 CPU runs the same way;
- oneDNN off. It picks its code for the CPU it finds and no variable of ATen
  or MKL controls it, so it is switched off in the process itself, the moment
  torch has loaded (a call that never imports torch never loads it);
- deterministic algorithms, switched on at the same moment.

The process imports `gated` from the same place as its caller. It receives the
keyword arguments and returns the function's result, both pickled.

A result is computed once. It is kept under .cache/experiments, filed under
the call and the versions of Python, numpy and torch and the CPU architecture,
and it records what it used: every file of `gated` (module or data) that the
process imported or opened, traced while it ran, with a hash of each. It is reused
while all of those files are unchanged, so an edit to a module the experiment
never loaded re-runs nothing, an edit to one it did re-runs it, and undoing
the edit finds the earlier result again. ``EXEC_CACHE=off`` keeps nothing.
A call that another process is running (a build beside a test run, say) waits
for its result instead of computing it a second time.

    >>> runs = pinned.run("gated.chapter.experiments.forget_bias:train_all")  # doctest: +SKIP
    >>> later = pinned.submit("gated.chapter.experiments.scratch:train_both")  # doctest: +SKIP
    >>> later.result()  # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.util
import json
import os
import pickle
import platform
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

from filelock import FileLock  # a dependency of torch

# Set in the child's environment, over whatever the caller's environment says.
ENVIRONMENT = {
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "ATEN_CPU_CAPABILITY": "default",
    "MKL_CBWR": "COMPATIBLE",
    "PYTHONHASHSEED": "0",
}

ROOT = Path(__file__).resolve().parents[2]  # the folder that holds this `gated`
CACHE = ROOT / ".cache" / "experiments"

# Its threads carry this module's name: the site's build does not count what they read as a block's reading.
_pool = ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1)), thread_name_prefix=__name__)
_started: dict[str, Future] = {}  # call -> its (files used, result pickled), started or finished
_recording: ContextVar[dict[str, str] | None] = ContextVar("pinned_recording", default=None)


class ExperimentError(RuntimeError):
    """An experiment failed in its pinned process; the message carries its traceback."""


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _versions() -> list[str]:
    from importlib.metadata import version  # reads the installed metadata: imports neither numpy nor torch

    return [platform.python_version(), platform.machine(), *(version(p) for p in ("numpy", "torch"))]


def _key(target: str, kwargs: dict[str, Any]) -> str:
    return hashlib.sha256(repr((target, sorted(kwargs.items()), _versions())).encode()).hexdigest()


def _unchanged(used: dict[str, str]) -> bool:
    """Whether every file a result used still has the content it had."""
    try:
        return all(digest(ROOT / name) == sha for name, sha in used.items())
    except OSError:
        return False


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
        A run with `env` is neither taken from the cache nor kept in it.
    pin : bool
        False runs the process with the numerics it finds, for measuring how
        far a claim holds on other code paths (`benchmarks/experiments.py`).
    **kwargs
        Passed to the function; they and the result must pickle.
    """
    used, result = _run(target, env, pin, kwargs, pickle.dumps(kwargs))
    if (recorder := _recording.get()) is not None:
        recorder.update(used)
    return pickle.loads(result)


def _run(target: str, env: dict[str, str] | None, pin: bool, kwargs: dict[str, Any],
         payload: bytes) -> tuple[dict[str, str], bytes]:
    """`run`'s work: the files the call used, and its result, pickled.

    The arguments come pickled in the caller's thread, and the result goes back pickled, to be read in the
    thread that asks for it: unpickling imports the classes of what it reads, and a thread of the pool must
    not import modules of `gated` while the site's build re-imports them for a block it traces."""
    keep = pin and not env and os.environ.get("EXEC_CACHE", "on") != "off"
    if not keep:
        return _compute(target, env, pin, payload, None)
    folder = CACHE / _key(target, kwargs)
    folder.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(folder.with_suffix(".lock")):  # one process computes a call; the others wait and reuse it
        return _compute(target, env, pin, payload, folder)


def environment(env: dict[str, str] | None = None, pin: bool = True) -> dict[str, str]:
    """The environment a process started by `run` gets: the caller's, `env` over it, and the pins over both."""
    environ = {**os.environ, **(env or {}), **(ENVIRONMENT if pin else {})}
    environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [environ.get("PYTHONPATH")])])
    return environ


def _compute(target: str, env: dict[str, str] | None, pin: bool, payload: bytes,
             folder: Path | None) -> tuple[dict[str, str], bytes]:
    """The kept result that fits what it used, if there is one in `folder`; else the process's."""
    for path in sorted(folder.glob("*.result")) if folder and folder.is_dir() else ():
        used, result = pickle.loads(path.read_bytes())  # a dict of hashes, and bytes: nothing is imported
        if _unchanged(used):
            path.touch()
            return used, result
    done = subprocess.run(
        [sys.executable, "-m", "gated.torch.pinned", target, *([] if pin else ["--free"])],
        input=payload,
        capture_output=True,
        env=environment(env, pin),
        cwd=ROOT,
    )
    if done.returncode != 0:
        raise ExperimentError(f"{target} failed in its pinned process:\n{done.stderr.decode(errors='replace')}")
    used, result = pickle.loads(done.stdout)
    if folder:  # one entry per version of what it used: undoing an edit finds the old result again
        if folder.is_file():
            folder.unlink()  # an entry in the older one-file-per-key layout
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{hashlib.sha256(repr(sorted(used.items())).encode()).hexdigest()[:16]}.result"
        partial = path.with_suffix(f".{os.getpid()}.partial")
        partial.write_bytes(done.stdout)
        partial.replace(path)  # whole or not at all, even with another build writing beside it
    return used, result


class Pending:
    """A call started by `submit`. `result()` waits for it, and reads its result in the thread that asks."""

    def __init__(self, started: Future, recorder: dict[str, str] | None, key: str) -> None:
        self._started, self._recorder, self.key = started, recorder, key

    def done(self) -> bool:
        return self._started.done()

    def result(self) -> Any:
        used, result = self._started.result()
        if self._recorder is not None:
            self._recorder.update(used)
        return pickle.loads(result)


def submit(target: str, /, **kwargs: Any) -> Pending:
    """Start `run(target, **kwargs)` now, beside whatever else runs; `.result()` waits for it.

    The same call submitted twice in one process is run once: the second waits for the first's process.
    """
    call = repr((target, sorted(kwargs.items())))
    if call not in _started:
        _started[call] = _pool.submit(_run, target, None, True, kwargs, pickle.dumps(kwargs))
    return Pending(_started[call], _recording.get(), _key(target, kwargs))


def remember(record: Path, started: list[Pending]) -> None:
    """Write down which calls were started, so that `kept(record)` can later tell whether all of them are
    kept and current without importing what they run."""
    record.parent.mkdir(parents=True, exist_ok=True)
    partial = record.with_suffix(f".{os.getpid()}.partial")
    partial.write_text(json.dumps({"versions": _versions(), "calls": sorted(p.key for p in started)}))
    partial.replace(record)


def kept(record: Path) -> bool:
    """Whether every call `remember` wrote down in `record` has a kept result that is still current: then
    starting them again would only find those results. False when nothing is kept (EXEC_CACHE=off)."""
    if os.environ.get("EXEC_CACHE", "on") == "off":
        return False
    try:
        said = json.loads(record.read_text())
    except (OSError, ValueError):
        return False
    if said.get("versions") != _versions():
        return False
    return all(any(_unchanged(pickle.loads(path.read_bytes())[0]) for path in (CACHE / key).glob("*.result"))
               for key in said["calls"])


# ---------------------------------------------------------------- the pinned process


def _used(opened: set[str]) -> dict[str, str]:
    """The files of `gated` (modules and data) this process imported or opened, each with its hash."""
    files = {Path(m.__file__).resolve() for m in list(sys.modules.values()) if getattr(m, "__file__", None)}
    files |= {Path(name).resolve() for name in opened}
    package = ROOT / "gated"
    mine = sorted(f for f in files if f.is_file() and f.is_relative_to(package) and "__pycache__" not in f.parts)
    return {f.relative_to(ROOT).as_posix(): digest(f) for f in mine}


def _pin(torch: ModuleType) -> None:
    """Fix the numerics that torch decides inside the process, and check those its environment decided."""
    torch.backends.mkldnn.enabled = False
    # torch.use_deterministic_algorithms(True) also sets the flag in the compiler's config, and importing
    # that config loads the compiler: half of this process's start. Nothing here compiles; the flag the
    # kernels read is this one, and the check below fails loudly if torch ever moves it.
    torch._C._set_deterministic_algorithms(True)
    if not torch.are_deterministic_algorithms_enabled():
        raise ExperimentError("deterministic algorithms could not be switched on")
    torch.set_num_threads(1)
    capability = torch.backends.cpu.get_cpu_capability()
    if capability != "DEFAULT":
        raise ExperimentError(f"ATen runs its {capability} kernels; ATEN_CPU_CAPABILITY was not read in time")


class _PinsTorch(importlib.abc.MetaPathFinder):
    """Pins torch the moment it has loaded, before any code that imported it can use it. So a call that never
    imports torch (the tests' small ones) does not pay the second and a half that loading it costs."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if name != "torch":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        load = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            load(module)
            _pin(module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _child(target: str, pin: bool) -> None:
    """Pin torch when it loads, call the target, write its pickled (files used, result) to stdout."""
    opened: set[str] = set()
    sys.addaudithook(lambda event, args: opened.add(os.fsdecode(args[0]))
                     if event == "open" and isinstance(args[0], (str, bytes)) else None)
    if pin:
        if "torch" in sys.modules:  # loaded already, by whatever imported this module
            _pin(sys.modules["torch"])
        else:
            sys.meta_path.insert(0, _PinsTorch())
    module, function = target.split(":")
    kwargs = pickle.loads(sys.stdin.buffer.read())
    out, sys.stdout = sys.stdout, sys.stderr  # what the experiment prints must not corrupt the result
    result = getattr(importlib.import_module(module), function)(**kwargs)
    out.buffer.write(pickle.dumps((_used(opened), pickle.dumps(result))))
    out.flush()


if __name__ == "__main__":
    _child(sys.argv[1], pin="--free" not in sys.argv[2:])
