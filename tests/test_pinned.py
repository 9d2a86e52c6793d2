"""Pinned experiments give the same floats whatever the machine says about itself.

One machine imitates others: each setting below changes a code path that a
different CPU, thread count or library would choose. `sensor` is a float32
computation that notices: unpinned, several of these settings change its bits.
Pinned, none may, and neither may they change a real experiment's result. A
setting that a pin sets over never reaches the pinned process, whose input is
then the reference run's: that is checked without starting it again.
"""

from __future__ import annotations

import importlib
import json
import pickle
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import pytest
import torch
from torch import nn

from gated import store
from gated.chapter.experiments import scratch
from gated.torch import pinned

HERE = {"PYTHONPATH": str(Path(__file__).resolve().parent)}  # so that the pinned process finds `sensor`
SENSOR = f"{Path(__file__).stem}:sensor"

ELSEWHERE = {
    "ATen default": {"ATEN_CPU_CAPABILITY": "default"},
    "ATen avx2": {"ATEN_CPU_CAPABILITY": "avx2"},
    "oneDNN AVX2": {"ONEDNN_MAX_CPU_ISA": "AVX2"},
    "oneDNN SSE4.1": {"ONEDNN_MAX_CPU_ISA": "SSE41"},
    "MKL compatible": {"MKL_CBWR": "COMPATIBLE"},
    "MKL without AVX": {"MKL_ENABLE_INSTRUCTIONS": "SSE4_2"},
    "libm without FMA or AVX2": {"GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2,-FMA,-AVX512F"},
    "two threads": {"OMP_NUM_THREADS": "2", "MKL_NUM_THREADS": "2"},
}
# The settings a pin sets over: the pinned process gets the very environment the reference run got.
PINNED_OVER = ["ATen default", "ATen avx2", "MKL compatible", "two threads"]
REFERENCE = HERE | {"OMP_NUM_THREADS": "1"}
EVERYWHERE_AT_ONCE = {k: v for setting in ELSEWHERE.values() for k, v in setting.items()} | {"ATEN_CPU_CAPABILITY": "default"}


def sensor() -> bytes:
    """A float32 LSTM's outputs and gradients and a few elementwise functions, as raw bytes."""
    g = torch.Generator().manual_seed(0)
    lstm = nn.LSTM(64, 64)
    with torch.no_grad():
        for p in lstm.parameters():
            p.copy_(torch.randn(p.shape, generator=g) * 0.3)
    x = torch.randn(40, 16, 64, generator=g)
    y, _ = lstm(x)
    y.square().sum().backward()
    z = torch.sigmoid(3 * x).exp().tanh().sum(dim=0)
    return b"".join(t.detach().numpy().tobytes() for t in (y, z, *(p.grad for p in lstm.parameters())))


@pytest.fixture(scope="module")
def pinned_reference() -> bytes:
    return pinned.run(SENSOR, env=REFERENCE)


@pytest.mark.parametrize("setting", PINNED_OVER, ids=str)
def test_a_setting_the_pins_set_over_reaches_no_pinned_process(setting):
    """So the process computes what the reference run computed: it is the same process, with the same input."""
    assert pinned.environment(HERE | ELSEWHERE[setting]) == pinned.environment(REFERENCE)
    assert pinned.environment(HERE | ELSEWHERE[setting], pin=False) != pinned.environment(REFERENCE, pin=False)


@pytest.mark.slow
@pytest.mark.parametrize("setting", [s for s in ELSEWHERE if s not in PINNED_OVER], ids=str)
def test_pinned_numerics_are_bit_identical_under(setting, pinned_reference):
    assert pinned.run(SENSOR, env=HERE | ELSEWHERE[setting]) == pinned_reference


def test_pinned_numerics_are_bit_identical_under_every_setting_at_once(pinned_reference):
    assert pinned.run(SENSOR, env=HERE | EVERYWHERE_AT_ONCE) == pinned_reference


@pytest.mark.slow
def test_unpinned_these_settings_change_the_bits():
    if torch.backends.cpu.get_cpu_capability() == "DEFAULT":
        pytest.skip("this CPU offers no vector kernels, so these settings choose no other code path")
    free = [pinned.run(SENSOR, pin=False, env=HERE | {"OMP_NUM_THREADS": "1"} | setting)
            for setting in ({}, EVERYWHERE_AT_ONCE)]
    assert free[0] != free[1]


@pytest.mark.slow
def test_a_real_experiment_is_bit_identical_imitating_another_machine():
    """`here` is run as the build runs an experiment, and kept: a later run of the suite reads what an earlier
    process computed (while what it used is unchanged), and compares it with a process imitating another CPU."""
    short = scratch.Setup(steps=6, H=16, sample=8)
    target = f"{scratch.__name__}:train_both"
    here = pinned.run(target, setup=short)
    there = pinned.run(target, setup=short, env=EVERYWHERE_AT_ONCE)
    assert pickle.dumps(there) == pickle.dumps(here)


def test_the_pinned_process_refuses_to_run_unpinned_kernels(monkeypatch):
    if torch.backends.cpu.get_cpu_capability() == "DEFAULT":
        pytest.skip("this CPU has no vector kernels to refuse")
    monkeypatch.setitem(pinned.ENVIRONMENT, "ATEN_CPU_CAPABILITY", "avx2")
    with pytest.raises(pinned.ExperimentError, match="ATEN_CPU_CAPABILITY was not read in time"):
        pinned.run(SENSOR, env=HERE)


def test_torch_is_pinned_when_it_loads_and_loads_only_when_imported(tmp_path, monkeypatch):
    """A call that imports torch, at the top of its module or inside the function, finds it pinned; a call that
    never imports it does not load it."""
    (tmp_path / "probes.py").write_text(
        "import sys\n\n\n"
        "def loaded():\n    return 'torch' in sys.modules\n\n\n"
        "def pins():\n    import torch\n\n"
        "    return torch.backends.mkldnn.enabled, torch.are_deterministic_algorithms_enabled(), "
        "torch.get_num_threads()\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    kept_in(tmp_path, monkeypatch)
    assert pinned.run("probes:loaded") is False
    assert pinned.run("probes:pins") == (False, True, 1)
    assert (torch.backends.mkldnn.enabled, torch.are_deterministic_algorithms_enabled()) == (True, False)  # unpinned


def test_a_failing_experiment_reports_its_traceback():
    with pytest.raises(pinned.ExperimentError, match="ZeroDivisionError"):
        pinned.run("fractions:Fraction", numerator=1, denominator=0)


def kept_in(tmp_path: Path, monkeypatch) -> store.Store:
    """A store of the test's own, and a place for the locks: the tests' calls are kept there alone."""
    monkeypatch.setattr(pinned, "CACHE", tmp_path / "locks")
    monkeypatch.setenv(store.VARIABLE, str(tmp_path / "store"))
    return store.default()


def test_results_are_kept_and_reused_while_what_they_used_is_unchanged(tmp_path, monkeypatch):
    kept, key = kept_in(tmp_path, monkeypatch), pinned._key("fractions:Fraction", {"numerator": 2, "denominator": 3})
    assert pinned.run("fractions:Fraction", numerator=2, denominator=3) == Fraction(2, 3)
    (entry,) = kept.entries(pinned.KIND, key)
    used = entry.used
    assert "gated/torch/pinned.py" in used and "gated/render.py" in used  # traced: `gated` imports render
    assert "gated/chapter/diagram.py" not in used  # never imported by this call
    kept.put(pinned.KIND, key, used, pickle.dumps("as it was"))  # the same name: it replaces the entry
    assert pinned.run("fractions:Fraction", numerator=2, denominator=3) == "as it was"
    assert pinned.run("fractions:Fraction", numerator=2, denominator=5) == Fraction(2, 5)  # another call
    # a second entry for the same call, made while gated/render.py read differently
    other = {**used, "gated/render.py": "edited"}
    kept.put(pinned.KIND, key, other, pickle.dumps("while edited"))

    real = pinned.digest
    edited: set[str] = set()
    monkeypatch.setattr(pinned, "digest", lambda path: "edited" if path.relative_to(pinned.ROOT).as_posix()
                        in edited else real(path))
    edited.add("gated/chapter/diagram.py")
    assert pinned.run("fractions:Fraction", numerator=2, denominator=3) == "as it was"  # unused: reused
    edited.add("gated/render.py")
    assert pinned.run("fractions:Fraction", numerator=2, denominator=3) == "while edited"  # the entry that fits
    edited.clear()
    assert pinned.run("fractions:Fraction", numerator=2, denominator=3) == "as it was"  # undone: found again
    (tmp_path / "store" / kept.where(pinned.KIND, key, other)).unlink()
    edited.add("gated/render.py")
    assert pinned.run("fractions:Fraction", numerator=2, denominator=3) == Fraction(2, 3)  # no entry fits: run


def test_an_experiment_records_the_data_files_it_read(tmp_path, monkeypatch):
    kept = kept_in(tmp_path, monkeypatch)
    pinned.run(f"{scratch.__name__}:corpus")
    (entry,) = kept.entries(pinned.KIND, pinned._key(f"{scratch.__name__}:corpus", {}))
    assert {"gated/chapter/experiments/data/corpus.txt", "gated/chapter/experiments/scratch.py"} <= set(entry.used)
    assert pickle.loads(entry.content) == scratch.corpus()
    assert entry.made["versions"] == pinned._versions()  # what made it: the versions and the architecture


def test_a_call_running_elsewhere_is_waited_for_not_run_again(tmp_path, monkeypatch):
    """Two callers at once (a build beside a test run): one process computes, the other reuses its result."""
    # An experiment that notes each time it runs, in a module of its own: this one imports torch, which it needs not.
    (tmp_path / "counting.py").write_text(
        "import time\n\n\n"
        "def counted(log):\n    with open(log, 'a') as f:\n        f.write('ran\\n')\n"
        "    time.sleep(0.5)\n    return 42\n")
    kept_in(tmp_path, monkeypatch)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # so that the pinned process finds `counting`
    log = tmp_path / "calls"
    with ThreadPoolExecutor(2) as both:  # two threads hold two locks on the file, as two processes would
        results = list(both.map(lambda _: pinned.run("counting:counted", log=str(log)), range(2)))
    assert results == [42, 42]
    assert log.read_text() == "ran\n"


def test_a_started_call_is_read_by_the_thread_that_asks_for_its_result(tmp_path, monkeypatch):
    """Reading a result imports its classes. The pool's threads must not: the site's build re-imports `gated`
    for every block it traces, and an import beside that fails at random (KeyError: 'gated.claims')."""
    (tmp_path / "kinds.py").write_text("class Kind:\n    pass\n\n\ndef make():\n    return Kind()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    kept_in(tmp_path, monkeypatch)
    pending = pinned.submit("kinds:make")
    deadline = time.monotonic() + 60
    while not pending.done():
        assert time.monotonic() < deadline, "the call did not finish"
        time.sleep(0.05)
    assert "kinds" not in sys.modules, "a thread of the pool imported the result's module"
    assert type(pending.result()).__name__ == "Kind" and "kinds" in sys.modules


def test_a_thread_of_the_pool_imports_nothing_of_gated_even_for_a_cluster(tmp_path, monkeypatch):
    """The site's build deletes `gated`'s modules before every block it traces (all but the pinned runner and the
    store). A call started before that must not import one: on a cluster it imported `gated.torch.cluster` in its
    thread, and CI failed at random (KeyError: 'gated.torch.cluster'). Here the thread waits until the modules are
    gone, then runs the whole cluster path (the worker is this process), and nothing of `gated` comes back."""
    import threading

    cluster = importlib.import_module("gated.torch.cluster")
    kept_in(tmp_path, monkeypatch)
    monkeypatch.setattr(pinned, "scheduler", "tcp://127.0.0.1:1")  # a cluster is named: the cluster path
    monkeypatch.setattr(cluster, "run", lambda address, task, *args: task(*args))  # its worker: here
    gone, real_free = threading.Event(), pinned.free
    monkeypatch.setattr(pinned, "free", lambda: gone.wait(60) and real_free())  # the call's first step waits
    ours = {n: m for n, m in sys.modules.items() if n == "gated" or n.startswith("gated.")}
    try:
        pending = pinned.submit("fractions:Fraction", numerator=5, denominator=13)
        for name in ours:  # as hooks/tracing.py does before a block
            if name != pinned.__name__:
                del sys.modules[name]
        gone.set()
        deadline = time.monotonic() + 60
        while not pending.done():
            assert time.monotonic() < deadline, "the call did not finish"
            time.sleep(0.05)
        imported = sorted(n for n in sys.modules if n == "gated" or n.startswith("gated."))
        assert imported == [pinned.__name__], f"a thread of the pool imported {imported}"
        assert pending.result() == Fraction(5, 13) and pending.origin() == "computed"
    finally:
        sys.modules.update(ours)


def test_what_was_started_is_known_to_be_kept_without_importing_it(tmp_path, monkeypatch):
    """`kept` reads only hashes: the site's build asks it before importing the experiments (and torch)."""
    kept_in(tmp_path, monkeypatch)
    record = tmp_path / "started.json"
    assert not pinned.kept(record)  # nothing written down
    started = [pinned.submit("fractions:Fraction", numerator=1, denominator=k) for k in (7, 11)]
    pinned.remember(record, started)
    assert [call.result() for call in started] == [Fraction(1, 7), Fraction(1, 11)]
    assert pinned.kept(record)
    real = pinned.digest
    monkeypatch.setattr(pinned, "digest", lambda path: "edited" if path.name == "render.py" else real(path))
    assert not pinned.kept(record)  # a file they used has changed
    monkeypatch.setattr(pinned, "digest", real)
    monkeypatch.setenv("EXEC_CACHE", "off")
    assert not pinned.kept(record)  # nothing is kept


# ---------------------------------------------------------------- the free code path, and the experiments' digests


def test_gated_numerics_free_runs_every_call_unpinned_on_the_free_path_and_keeps_nothing(tmp_path, monkeypatch):
    """GATED_NUMERICS=free: the check that the pages do not depend on rounding runs each experiment unpinned, with
    the free path's settings, and neither serves a pinned result nor keeps its own."""
    from gated.torch import pins

    kept = kept_in(tmp_path, monkeypatch)
    key = pinned._key("fractions:Fraction", {"numerator": 2, "denominator": 3})
    assert pinned.run("fractions:Fraction", numerator=2, denominator=3) == Fraction(2, 3)  # pinned: kept
    monkeypatch.setenv(pins.NUMERICS, "free")
    calls = []
    real = pinned.process
    monkeypatch.setattr(pinned, "process", lambda target, env, pin, payload, publish=False:
                        calls.append((env, pin)) or real(target, env, pin, payload, publish))
    assert pinned.run("fractions:Fraction", numerator=2, denominator=3) == Fraction(2, 3)
    assert calls == [(pins.FREE, False)]  # computed again, unpinned, though a pinned result is kept
    assert not store.default().keep and len(kept.entries(pinned.KIND, key)) == 1  # and nothing more is kept
    assert not pinned.kept(tmp_path / "any.json")
    monkeypatch.setenv(pins.NUMERICS, "fast")
    with pytest.raises(ValueError, match="GATED_NUMERICS='fast'"):
        pinned.run("fractions:Fraction", numerator=2, denominator=3)


def test_an_unpinned_process_drops_the_caller_s_own_pins(monkeypatch):
    monkeypatch.setenv("MKL_CBWR", "COMPATIBLE")
    monkeypatch.setenv("ATEN_CPU_CAPABILITY", "default")
    free = pinned.environment({"OMP_NUM_THREADS": "2"}, pin=False)
    assert "MKL_CBWR" not in free and "ATEN_CPU_CAPABILITY" not in free and free["OMP_NUM_THREADS"] == "2"
    assert pinned.environment({}, pin=True)["MKL_CBWR"] == "COMPATIBLE"


def test_each_experiment_s_digest_is_read_from_this_process_or_the_store_without_unpickling(tmp_path, monkeypatch):
    kept_in(tmp_path, monkeypatch)
    record = tmp_path / "started.json"
    started = [pinned.submit("fractions:Fraction", numerator=1, denominator=k) for k in (3, 5)]
    pinned.remember(record, started)
    for call in started:
        call.result()
    here = pinned.digests(record)
    assert list(here) == ["fractions"] and len(here["fractions"]) == 12
    monkeypatch.setattr(pinned, "raw", {})  # another process: from the store's entries alone
    assert pinned.digests(record) == here
    said = json.loads(record.read_text())
    record.write_text(json.dumps({**said, "calls": [*said["calls"], "0" * 64], "targets": [*said["targets"],
                                                                                      "fractions:Fraction"]}))
    assert pinned.digests(record) == {}  # a call neither here nor kept: no digest rather than a wrong one
