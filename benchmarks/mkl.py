"""Which switch of MKL, ATen or glibc changes an experiment's bits on this machine: the hunt for the vendor path.

    python benchmarks/mkl.py [--dtype float32 float64]

Runs the forget-bias published training (seeds 0 to 2, each b_f) in a process pinned as the build pins it, but
with one setting changed, and prints the mode MKL says it ran its matrix products in (MKL_VERBOSE's CNR field) and
a digest of the result per dtype (equal digests, equal bits). For float32 the digest is the one
`benchmarks/experiments.py` printed until `4b44a6f`, of the accuracies, which other machines' logs give: so a
setting that reproduces another machine's digest is that machine's code path.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gated.chapter.experiments import forget_bias  # noqa: E402
from gated.torch.pins import ENVIRONMENT  # noqa: E402

# name -> (variables set over the pins, variables removed)
SETTINGS = {
    "pinned, as the build runs it": ({}, ()),
    "MKL_CBWR unset (MKL's AUTO)": ({}, ("MKL_CBWR",)),
    "MKL_CBWR=COMPATIBLE,STRICT": ({"MKL_CBWR": "COMPATIBLE,STRICT"}, ()),
    "MKL_CBWR=SSE2": ({"MKL_CBWR": "SSE2"}, ()),
    "MKL_CBWR=AVX2": ({"MKL_CBWR": "AVX2"}, ()),
    "MKL_CBWR=AVX512": ({"MKL_CBWR": "AVX512"}, ()),
    "MKL_ENABLE_INSTRUCTIONS=SSE4_2": ({"MKL_ENABLE_INSTRUCTIONS": "SSE4_2"}, ()),
    "MKL_DEBUG_CPU_TYPE=5": ({"MKL_DEBUG_CPU_TYPE": "5"}, ()),
    "glibc without AVX2, FMA, AVX-512": ({"GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2,-FMA,-AVX512F"}, ()),
}  # ATen's kernels and the threads are not here: the pinned process refuses other kernels, and sets its threads
PROBE = "import torch; torch.backends.mkldnn.enabled = False; torch.randn(64, 32) @ torch.randn(32, 128)"


def environment(over: dict[str, str], without: tuple[str, ...]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ENVIRONMENT}
    env.update({**ENVIRONMENT, **over, "PYTHONPATH": str(ROOT)})
    for name in without:
        env.pop(name, None)
    return env


def digest(task: forget_bias.Task, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-m", "gated.torch.pinned", f"{forget_bias.__name__}:train_all"],
                          input=pickle.dumps({"task": task}), capture_output=True, env=env, cwd=ROOT)
    if done.returncode:
        return "failed: " + done.stderr.decode(errors="replace").strip().splitlines()[-1]
    result = pickle.loads(done.stdout)[1]
    if task.dtype == "float32":  # the earlier benchmark's digest, of the accuracies alone
        return hashlib.sha256(pickle.dumps(pickle.loads(result).accuracy, protocol=4)).hexdigest()[:12]
    return hashlib.sha256(result).hexdigest()[:12]


def mode(env: dict[str, str]) -> str:
    """The CNR mode MKL reports for one single-precision product, and its instruction set if it names one."""
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          env={**env, "MKL_VERBOSE": "1"}, cwd=ROOT)
    found = re.search(r"SGEMM\(.*?CNR:(\S+)", done.stdout + done.stderr)
    return found.group(1) if found else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dtype", nargs="+", default=["float32", "float64"])
    args = parser.parse_args()
    print(f"| setting | MKL's mode | {' | '.join(args.dtype)} |\n| --- | --- |{' --- |' * len(args.dtype)}")
    for name, (over, without) in SETTINGS.items():
        env = environment(over, without)
        found = [digest(forget_bias.Task(dtype=d), env) for d in args.dtype]
        print(f"| {name} | {mode(env)} | " + " | ".join(f"`{d}`" for d in found) + " |", flush=True)


if __name__ == "__main__":
    main()
