"""The build-time experiments over many seeds and numeric code paths: their claims, digests and margins.

    python benchmarks/experiments.py [--seeds 20] [--paths 'pinned;free'] [--only forget_bias,...] [--jobs 2]

The pages claim only what this measurement shows with a wide margin. For each
experiment and each code path, it runs the published configuration once per
seed (seed 0 to `--seeds` - 1) and reports:

- how many seeds bear out each claim the page makes, and the worst measurement;
- the digest of the published seed's raw result (equal digests, equal bits), and
  the digest of what the pages show of it: its tables and claims in both
  languages and its plots (`SHOWN`), as the build renders them.

With two paths or more it compares them, seed by seed: whether what the pages
show is the same on both, and its margin. The margin of a printed number is how
far it is from changing its last printed digit, over how far the two paths put it
apart; the smallest over every number the pages print from a seed's result is
the factor by which another CPU's rounding would have to exceed this machine's
other path before a page changed. "exact" means the two paths computed the same
bits. `pinned` is what the build runs; `free` is GATED_NUMERICS=free, the code
path of the build that checks the pages do not depend on rounding
(`tests/pages/test_numerics.py`). The `pinned, imitating …` path sets what
another CPU would change; its digests must equal `pinned`'s (the test suite
checks that too).
"""

from __future__ import annotations

import argparse
import hashlib
import math
import pickle
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gated import claims, render  # noqa: E402
from gated.chapter import plots, trained_cell, trained_gates  # noqa: E402
from gated.chapter.experiments import forget_bias, gradients, practice, scratch  # noqa: E402
from gated.torch import pinned  # noqa: E402

# name -> (pin, environment)
PATHS = {
    "pinned": (True, {}),
    # What another CPU changes: MKL's and oneDNN's instruction sets, glibc's libm variants, threads.
    "pinned, imitating another CPU": (True, {"MKL_ENABLE_INSTRUCTIONS": "SSE4_2", "ONEDNN_MAX_CPU_ISA": "SSE41",
                                             "GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2,-FMA,-AVX512F",
                                             "OMP_NUM_THREADS": "2", "ATEN_CPU_CAPABILITY": "avx2"}),
    "free": (False, pinned.FREE),  # GATED_NUMERICS=free
    "free, as found": (False, {}),
    "free, ATen default": (False, {"OMP_NUM_THREADS": "1", "ATEN_CPU_CAPABILITY": "default"}),
    "free, MKL compatible": (False, {"OMP_NUM_THREADS": "1", "MKL_CBWR": "COMPATIBLE"}),
    "free, oneDNN AVX2, 2 threads": (False, {"OMP_NUM_THREADS": "2", "ONEDNN_MAX_CPU_ISA": "AVX2"}),
}


def digest(result: Any) -> str:
    """A short hash of a result's numbers, the same wherever the result is the same."""
    return hashlib.sha256(pickle.dumps(result, protocol=4)).hexdigest()[:12]


# ---------------------------------------------------------------- what the pages show of each experiment


def _both(render_one: Callable[[], str]) -> str:
    out = []
    for lang in render.LANGUAGES:
        with render.using_language(lang):
            out.append(render_one())
    return "\n".join(out)


def _trained(runs: forget_bias.Runs) -> str:
    """What the forget-bias page shows of the b_f = 2 runs' weights: the trained gates and the trained cell."""
    b_f = max(runs.task.biases)
    if b_f not in runs.weights:
        return ""
    traced = [trained_gates.traces(w) for w in runs.weights[b_f]]
    units = trained_gates.carriers(traced[0])
    return (trained_gates.plot(traced[0]) + render.markdown(trained_gates.memory_table(traced[0]))
            + claims.shown(trained_gates.claims(traced)) + trained_cell.html(runs.weights[b_f][0], units, runs.task.T))


class Experiment(NamedTuple):
    target: str  # module:function, as the build calls it
    settings: Callable[[int], dict]  # seed -> keyword arguments of the call
    claims: Callable[[Any], list]
    shown: Callable[[Any], str]  # what the pages print of a result, in the current language
    seeded: bool = True  # False: one call measures every seed itself (practice's twenty)
    detail: Callable[[list], str] | None = None  # a summary over the seeds' results, beyond the claims


def _forget_bias_detail(results: list) -> str:
    """Per b_f: the final accuracies, how many symbols each run names right, how many different answers it gives."""
    lines = []
    for b_f in forget_bias.Task().biases:
        finals = [float(r.final(b_f)[0]) for r in results]
        named = [int(r.named(b_f)[0]) for r in results]
        distinct = [int(r.distinct(b_f)[0]) for r in results]
        count = lambda xs: ", ".join(f"{v}: {xs.count(v)}" for v in sorted(set(xs)))  # noqa: E731
        lines.append(f"b_f = {b_f:g}: finals {min(finals):.3f} to {max(finals):.3f}; symbols named right {{{count(named)}}};"
                     f" different answers {{{count(distinct)}}}; of the runs that do not solve, named right "
                     f"{{{count([n for n, f in zip(named, finals) if f < forget_bias.Task().solved])}}}")
    return "\n    ".join(lines)


EXPERIMENTS = {
    "forget_bias": Experiment(
        f"{forget_bias.__name__}:train_all", lambda s: {"task": forget_bias.Task(seeds=(s,))}, forget_bias.claims,
        lambda r: (render.markdown(forget_bias.table(r)) + render.markdown(claims.table(forget_bias.claims(r)))
                   + plots.accuracy(r) + _trained(r)), detail=_forget_bias_detail),
    "scratch": Experiment(
        f"{scratch.__name__}:train_both", lambda s: {"setup": scratch.Setup(seed=s)}, scratch.claims,
        lambda r: (render.markdown(scratch.table(r)) + render.markdown(scratch.samples(r))
                   + render.markdown(claims.table(scratch.claims(r)))
                   + plots.losses(r.loss_scratch, r.loss_library, scratch.Bounds().agree)),
        detail=lambda rs: (f"largest difference before training {max(r.before for r in rs):.1e}, of the losses "
                           f"{max(float(np.abs(r.loss_scratch - r.loss_library).max()) for r in rs):.1e}, over "
                           f"{len(rs)} seeds (the pages show only the bounds)")),
    "gradients": Experiment(
        f"{gradients.__name__}:measure", lambda s: {"setup": gradients.Setup(seed=s)}, gradients.claims,
        lambda r: (render.markdown(gradients.table(r)) + render.markdown(claims.table(gradients.claims(r)))
                   + plots.gradient_norms(r))),
    "practice": Experiment(
        f"{practice.__name__}:measure", lambda s: {"setup": practice.Setup()}, practice.claims,
        lambda r: render.markdown(practice.table(r)) + render.markdown(claims.table(practice.claims(r))), False),
}


def published(name: str, results: list) -> Any:
    """The published run, as the build computes it, from the seeds' results: seed 0 (forget_bias: seeds 0 to 2,
    each b_f trained in a process of its own, which gives the same bits as training them in one)."""
    if name != "forget_bias":
        return results[0]
    task, parts = forget_bias.Task(), results[: len(forget_bias.Task().seeds)]
    assert [p.task.seeds for p in parts] == [(s,) for s in task.seeds]
    field = lambda f: {b: np.concatenate([getattr(p, f)[b] for p in parts]) for b in task.biases}  # noqa: E731
    return forget_bias.Runs(task, field("accuracy"), {b: sum((p.weights[b] for p in parts), ()) for b in task.biases},
                            field("answers"))


def shown(name: str, result: Any) -> tuple[str, list[tuple[float, str]]]:
    """What the pages show of `result`, in both languages, and every number printed in it with its format."""
    with render.recording() as printed:
        text = _both(lambda: EXPERIMENTS[name].shown(result))
    return text, printed


# ---------------------------------------------------------------- margins


def _unit(x: float, spec: str) -> float:
    """The size of one unit in the last digit `spec` prints of x; infinite for an integer format."""
    kind = spec.rstrip("×")[-1:] if spec.endswith("×") else spec[-1:]
    digits = spec.split(".")[1].rstrip("fe%g×") if "." in spec else None
    if kind in "d" or not spec.strip(",") or x == 0 and kind in "e×g":
        return math.inf
    places = int(digits) if digits else 6
    if spec.endswith("×") or kind == "e":
        return 10.0 ** (math.floor(math.log10(abs(x))) - places) if x else math.inf
    if kind == "g":
        return 10.0 ** (math.floor(math.log10(abs(x))) - places + 1) if x else math.inf
    if kind == "%":
        return 10.0 ** (-places - 2)
    return 10.0 ** -places


def margin(a: tuple[float, str], b: tuple[float, str]) -> float:
    """How many times further apart two paths' values of one printed number could be before its last printed digit
    changed: the distance of the value from the nearest rounding boundary, over the two values' distance."""
    (x, spec), (y, _) = a, b
    x, y = float(x), float(y)
    if x == y:
        return math.inf
    unit = _unit(x, spec)
    if math.isinf(unit):
        return math.inf
    boundary = abs((x / unit) % 1 - 0.5) * unit  # from x to the nearest half-unit, where the printed digit flips
    return boundary / abs(x - y)


# ---------------------------------------------------------------- running


class Seed(NamedTuple):
    result: Any
    holds: list[bool]
    measured: list[str]
    raw: str  # digest of the raw result
    shown: str  # digest of what the pages show
    printed: list[tuple[float, str]]
    text: str  # what the pages show


def build_digest(name: str, result: Any) -> str:
    """The digest the build prints for the published run (`gated.torch.pinned.digests`): of each call's pickled
    result, in the order of the calls' keys; the forget-bias training is one call per b_f."""
    if name != "forget_bias":
        return pinned.fingerprint(pickle.dumps(result))
    calls = []
    for b_f in result.task.biases:
        task = result.task._replace(biases=(b_f,))
        part = forget_bias.Runs(task, {b_f: result.accuracy[b_f]}, {b_f: result.weights[b_f]},
                                {b_f: result.answers[b_f]})
        calls.append((pinned._key(EXPERIMENTS[name].target, {"task": task}), pinned.fingerprint(pickle.dumps(part))))
    return pinned.combined([f for _, f in sorted(calls)])


def seen(name: str, result: Any) -> Seed:
    said = EXPERIMENTS[name].claims(result)
    text, printed = shown(name, result)
    return Seed(result, [c.holds for c in said], [claims._plain(c.measured) for c in said], digest(result),
                hashlib.sha256(text.encode()).hexdigest()[:12], printed, text)


def measure(name: str, path: str, seeds: int, jobs: int) -> list[Seed]:
    pin, env = PATHS[path]
    experiment = EXPERIMENTS[name]

    def one(seed: int) -> Seed:
        return seen(name, pinned.run(experiment.target, pin=pin, env={**env, "BENCHMARK": path},
                                     **experiment.settings(seed)))

    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(one, range(seeds if experiment.seeded else 1)))


def compared(x: Seed, y: Seed) -> str:
    """Whether what the pages show of two paths' results is the same, and the smallest margin of its numbers."""
    if len(x.printed) != len(y.printed):
        return f"DIFFERENT (printed {len(x.printed)} numbers against {len(y.printed)})"
    worst = min((margin(p, q) for p, q in zip(x.printed, y.printed)), default=math.inf)
    same = "same" if x.shown == y.shown else "DIFFERENT"
    said = f"{same}, margin " + ("exact" if x.raw == y.raw else f"{worst:.1e}" if math.isfinite(worst) else
                                 "no printed number moved")
    if x.shown != y.shown:  # where: the first line that differs, around its first differing character
        a, b = next((p, q) for p, q in zip(x.text.splitlines(), y.text.splitlines()) if p != q)
        k = next(i for i, (c, d) in enumerate(zip(a + "\0", b + "\1")) if c != d)
        said += f"; first at «{a[max(0, k - 60):k + 20]}» against «{b[max(0, k - 60):k + 20]}»"
    return said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--paths", default="pinned;free",
                        help=f"code paths, separated by ';', from: {'; '.join(PATHS)}")
    parser.add_argument("--only", default=",".join(EXPERIMENTS))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    paths = [p.strip() for p in args.paths.split(";")]
    task = forget_bias.Task()
    print(f"Seeds 0 to {args.seeds - 1} on each path: {'; '.join(paths)}. forget_bias: T = {task.T}, H = {task.H}, "
          f"{task.dtype}, Adam lr {task.lr:g}, {task.steps} steps, one seed of each b_f per run.\n", flush=True)
    for name in args.only.split(","):
        per_path = {}
        for path in paths:
            start = time.perf_counter()
            per_path[path] = measure(name, path, args.seeds, args.jobs)
            seconds = time.perf_counter() - start
            result = published(name, [s.result for s in per_path[path]])
            first = seen(name, result)
            print(f"[{path}] {name}: published run: raw {build_digest(name, result)} (as the build prints it), shown "
                  f"{first.shown}; {seconds:.0f} s", flush=True)
            for k, claim in enumerate(EXPERIMENTS[name].claims(per_path[path][0].result)):
                held = [s.holds[k] for s in per_path[path]]
                print(f"    {sum(held)} of {len(held)}: {claim.says.en}")
                for s, seed in enumerate(per_path[path]):
                    print(f"        seed {s}: {seed.measured[k][:150]}")
            if EXPERIMENTS[name].detail:
                print("    " + EXPERIMENTS[name].detail([s.result for s in per_path[path]]))
        for a, b in zip(paths, paths[1:]):
            print(f"[{a} against {b}] {name}: what the pages show, and its margin; the published run, then seed by seed")
            pub = [seen(name, published(name, [s.result for s in per_path[p]])) for p in (a, b)]
            for label, (x, y) in [("published", pub), *((f"seed {s}", xy) for s, xy in enumerate(
                    zip(per_path[a], per_path[b], strict=True)))]:
                print(f"    {label}: {compared(x, y)}")
        print(flush=True)


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    main()
