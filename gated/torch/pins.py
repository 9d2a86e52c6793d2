"""The pins: a process whose numerics are fixed before torch computes anything, and what it runs.

A float32 training run is chaotic. The same wheel, seed and code take different
paths through the CPU's vector units on different machines (AVX-512 here, AVX2
there), round differently, and after a few hundred steps of Adam land somewhere
else. The experiments train in float64, where such differences stay far below
what a page prints, and every experiment runs in a fresh Python process whose
numerics are fixed before torch computes anything:

- one thread, so no reduction depends on how work was split;
- ATen's portable kernels (``ATEN_CPU_CAPABILITY=default``), read once, when
  torch loads;
- MKL's conditional numerical reproducibility (``MKL_CBWR=COMPATIBLE``). It
  makes the bits the same on CPUs of one vendor (two AMD EPYCs, AVX2 and
  AVX-512, agree), not across vendors: on AMD it runs other code than on Intel
  (README, "The same pages on every CPU"), and no setting of MKL's gives one code
  path on both. The pages do not depend on it (`tests/pages/test_numerics.py`);
- oneDNN off. It picks its code for the CPU it finds and no variable of ATen
  or MKL controls it, so it is switched off in the process itself, the moment
  torch has loaded (a call that never imports torch never loads it);
- deterministic algorithms, switched on at the same moment.

The process imports `gated` from the same place as its caller. It receives the
keyword arguments and returns the function's result, both pickled.

``GATED_NUMERICS=free`` runs the same experiments on another code path, as a
machine without the pins would (`FREE`): ATen's vector kernels, oneDNN on, MKL
free to choose its own, two threads. The pages must come out byte for byte the
same (`tests/pages/test_numerics.py`): that is what makes them independent of
how a CPU rounds, which the pins alone cannot promise across CPU vendors.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.util
import os
import pickle
import sys
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

# Set in the child's environment, over whatever the caller's environment says.
ENVIRONMENT = {
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "ATEN_CPU_CAPABILITY": "default",
    "MKL_CBWR": "COMPATIBLE",
    "PYTHONHASHSEED": "0",
}

# GATED_NUMERICS=free: the experiments unpinned, on this code path (the caller's own pins dropped).
# Idle threads sleep (OMP_WAIT_POLICY): two processes of two spinning threads each on two busy cores crawl.
NUMERICS = "GATED_NUMERICS"
FREE = {"OMP_NUM_THREADS": "2", "MKL_NUM_THREADS": "2", "ATEN_CPU_CAPABILITY": "avx2", "OMP_WAIT_POLICY": "PASSIVE"}
# A whole build on other code paths than a default build takes on any x86-64 machine: the experiments free, and the
# build's own process (the blocks that compute in it, and the notebook's kernel) on ATen's portable kernels, MKL's
# reproducible mode, OpenBLAS's AVX kernels without FMA and numpy's loops without AVX-512.
ELSEWHERE = {NUMERICS: "free", "ATEN_CPU_CAPABILITY": "default", "MKL_CBWR": "COMPATIBLE", "OMP_NUM_THREADS": "1",
             "OPENBLAS_CORETYPE": "Sandybridge", "NPY_DISABLE_CPU_FEATURES": "X86_V4,AVX512_ICL"}

ROOT = Path(__file__).resolve().parents[2]  # the folder that holds this `gated`
# A heavy experiment (its module's HEAVY) runs only in a process whose environment sets PUBLISHING to 1;
# any other exits with HEAVY, having written the module's reason, before it computes anything.
PUBLISHING, HEAVY = "GATED_PUBLISHING", 75


class ExperimentError(RuntimeError):
    """An experiment failed in its pinned process; the message carries its traceback."""


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def free() -> bool:
    """Whether this process's experiments run on the free code path (GATED_NUMERICS=free) instead of pinned."""
    mode = os.environ.get(NUMERICS, "pinned")
    if mode not in ("pinned", "free"):
        raise ValueError(f"{NUMERICS}={mode!r}: it is 'pinned' (the default) or 'free'")
    return mode == "free"


def environment(env: dict[str, str] | None = None, pin: bool = True) -> dict[str, str]:
    """The environment a pinned process gets: the caller's, `env` over it, and the pins over both. Unpinned, the
    caller's own settings of the pinned variables are dropped too, unless `env` sets them."""
    caller = os.environ if pin else {k: v for k, v in os.environ.items() if k not in ENVIRONMENT}
    environ = {**caller, **(env or {}), **(ENVIRONMENT if pin else {})}
    environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [environ.get("PYTHONPATH")])])
    return environ


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


def child(target: str, pin: bool) -> None:
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
    imported = importlib.import_module(module)
    if getattr(imported, "HEAVY", None) and os.environ.get(PUBLISHING) != "1":
        sys.stderr.write(imported.HEAVY)  # its reason: the caller names it, and the command that computes it
        sys.exit(HEAVY)
    result = getattr(imported, function)(**kwargs)
    out.buffer.write(pickle.dumps((_used(opened), pickle.dumps(result))))
    out.flush()


