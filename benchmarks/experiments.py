"""The build-time experiments over many seeds and numeric code paths: their margins, and digests.

    python benchmarks/experiments.py [--seeds 20] [--paths 'pinned;free'] [--only forget_bias] [--jobs 2]

The pages claim only what this measurement shows with a wide margin. For each
experiment (the forget-bias training, the from-scratch training, the measured
gradient norms) and each code path, it runs the published configuration with
`--seeds` seeds and reports:

- forget_bias: per b_f, how many seeds solve the task;
- scratch and gradients: per claim the page makes, how many seeds bear it out,
  and the worst measurement;

and a digest of the published seed's result, to compare builds on other machines
with. `pinned` is what the build uses. The `pinned, imitating …` paths set what
another CPU would change; their digests must equal `pinned`'s (the test suite
checks that too). The `free …` paths run unpinned, as a machine would without
the pins, to show the claims do not hang on one code path.
"""

from __future__ import annotations

import argparse
import hashlib
import pickle
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gated import claims  # noqa: E402
from gated.chapter.experiments import forget_bias, gradients, scratch  # noqa: E402
from gated.torch import pinned  # noqa: E402

# name -> (pin, environment)
PATHS = {
    "pinned": (True, {}),
    # What another CPU changes: MKL's and oneDNN's instruction sets, glibc's libm variants, threads.
    "pinned, imitating another CPU": (True, {"MKL_ENABLE_INSTRUCTIONS": "SSE4_2", "ONEDNN_MAX_CPU_ISA": "SSE41",
                                             "GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2,-FMA,-AVX512F",
                                             "OMP_NUM_THREADS": "2", "ATEN_CPU_CAPABILITY": "avx2"}),
    "free": (False, {"OMP_NUM_THREADS": "1"}),
    "free, ATen default": (False, {"OMP_NUM_THREADS": "1", "ATEN_CPU_CAPABILITY": "default"}),
    "free, ATen avx2": (False, {"OMP_NUM_THREADS": "1", "ATEN_CPU_CAPABILITY": "avx2"}),
    "free, MKL compatible": (False, {"OMP_NUM_THREADS": "1", "MKL_CBWR": "COMPATIBLE"}),
    "free, oneDNN AVX2, 2 threads": (False, {"OMP_NUM_THREADS": "2", "ONEDNN_MAX_CPU_ISA": "AVX2"}),
}


def digest(result) -> str:
    """A short hash of a result's numbers, the same wherever the result is the same."""
    return hashlib.sha256(pickle.dumps(result, protocol=4)).hexdigest()[:12]


def forget_bias_rates(path: str, seeds: int, jobs: int) -> tuple[str, str]:
    pin, env = PATHS[path]
    task = forget_bias.Task()
    chunks = [tuple(range(seeds))[k::jobs] for k in range(jobs)]
    with ThreadPoolExecutor(jobs) as pool:
        parts = list(pool.map(lambda s: pinned.run(f"{forget_bias.__name__}:train_all", task=task._replace(seeds=s),
                                                    pin=pin, env={**env, "BENCHMARK": path}), chunks))
    solved = {b: sum(p.solved(b) for p in parts) for b in task.biases}
    published = pinned.run(f"{forget_bias.__name__}:train_all", task=task, pin=pin, env={**env, "BENCHMARK": path})
    rates = ", ".join(f"b_f = {b:g}: {solved[b]} of {seeds}" for b in task.biases)
    return rates, digest(published.accuracy)


def claim_rates(module, target: str, settings: str, path: str, seeds: int, jobs: int) -> tuple[str, str]:
    pin, env = PATHS[path]
    default = getattr(module, settings)()

    def one(seed: int):
        return pinned.run(f"{module.__name__}:{target}", **{settings.lower(): default._replace(seed=seed)},
                          pin=pin, env={**env, "BENCHMARK": path})

    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(one, range(seeds)))
    lines = []
    for k in range(len(module.claims(results[0]))):
        held = [module.claims(r)[k] for r in results]
        lines.append(f"{sum(c.holds for c in held)} of {seeds}: {held[0].says.en}\n"
                     + "".join(f"        seed {s}: {claims._plain(c.measured)[:110]}\n" for s, c in enumerate(held)))
    return "    " + "    ".join(lines), digest(results[default.seed])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--paths", default="pinned;pinned, imitating another CPU;free;free, ATen default",
                        help=f"code paths, separated by ';', from: {'; '.join(PATHS)}")
    parser.add_argument("--only", default="forget_bias,scratch,gradients")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    task = forget_bias.Task()
    print(f"forget_bias: T = {task.T}, H = {task.H}, Adam lr {task.lr:g}, {task.steps} steps; solved: final "
          f"accuracy >= {task.solved:g}. Seeds 0 to {args.seeds - 1}. Digest: the published configuration.")
    for path in (p.strip() for p in args.paths.split(";")):
        for name in args.only.split(","):
            start = time.perf_counter()
            if name == "forget_bias":
                report, hashed = forget_bias_rates(path, args.seeds, args.jobs)
            elif name == "scratch":
                report, hashed = claim_rates(scratch, "train_both", "Setup", path, args.seeds, args.jobs)
            else:
                report, hashed = claim_rates(gradients, "measure", "Setup", path, args.seeds, args.jobs)
            seconds = time.perf_counter() - start
            print(f"[{path}] {name}: digest {hashed}, {seconds:.0f} s\n    {report.strip()}", flush=True)


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    main()
