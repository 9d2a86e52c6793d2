"""A result store that machines share: fresh copies of the site read what another computed, in a folder and in
S3 (moto's server on localhost, through s3fs); experiments computed on a Dask cluster are the same bits as the
local run's; a corrupt entry is reported and not served; a heavy experiment is never computed by a build."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.build

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("mkdocs.yml", "pyproject.toml", "docs", "snippets", "gated", "hooks", "notebooks", "overrides")


@pytest.fixture
def fresh(tmp_path_factory, built):
    """fresh(name): a copy of the site's sources in a folder of its own, with no .cache: a new machine's clone."""
    def make(name: str) -> Path:
        dest = tmp_path_factory.mktemp(name)
        for part in SOURCES:
            if (ROOT / part).is_dir():
                shutil.copytree(ROOT / part, dest / part, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(ROOT / part, dest / part)
        return dest

    return make


def summary(result) -> str:
    """The build's last line about its results."""
    lines = [line for line in result.stderr.splitlines() if "results: " in line and " blocks ran, " in line]
    assert len(lines) == 1, result.stderr[-3000:]
    return lines[0]


def test_a_fresh_copy_elsewhere_builds_from_the_repository_s_store_running_nothing(fresh, build):
    """The repository's build computed its results into .cache/, a folder store; another copy, in another
    folder, with GATED_STORE naming that folder, builds strictly with no block run and no experiment computed:
    what a result used is recorded relative to the checkout."""
    copy = fresh("elsewhere")
    result = build(copy, env={"GATED_STORE": (ROOT / ".cache").as_uri()})
    assert result.returncode == 0, result.stderr[-3000:]
    said = summary(result)
    assert "results: 0 blocks ran, " in said and "experiments: 0 computed" in said, said
    assert not list((copy / ".cache").glob("exec/*/*/*.entry")), "the copy kept results of its own"


# ---------------------------------------------------------------- S3, and experiments on a Dask cluster


@pytest.fixture(scope="module")
def bucket():
    """moto's S3 server on localhost, with a bucket; yields the environment that points s3fs at it."""
    from moto.server import ThreadedMotoServer

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # a line for each request otherwise
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    env = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_DEFAULT_REGION": "us-east-1",
           "AWS_ENDPOINT_URL": f"http://{host}:{port}", "GATED_STORE": "s3://course/results"}
    import s3fs

    s3fs.S3FileSystem(endpoint_url=env["AWS_ENDPOINT_URL"], key="testing", secret="testing").mkdir("course")
    yield env
    server.stop()


@pytest.fixture(scope="module")
def s3(bucket):
    import s3fs

    return s3fs.S3FileSystem(endpoint_url=bucket["AWS_ENDPOINT_URL"], key="testing", secret="testing")


def local_entry(where: str) -> Path:
    """The repository's own entry at the same place in its store, .cache/."""
    return ROOT / ".cache" / where.split("course/results/", 1)[1]


STARTED = 6  # the runs the build starts: gated.chapter.experiments.PUBLISHED, forget_bias three of them

@pytest.mark.xdist_group("s3")
def test_a_second_machine_builds_from_s3_what_the_first_computed_on_a_cluster(fresh, build, bucket, s3):
    """Machine A, a fresh copy, builds against the bucket, its experiments on a Dask cluster (a LocalCluster:
    a scheduler and worker processes, each task in its own pinned process); it computes everything and
    publishes it. The experiments' results are the same bits as the repository's local run's. Machine B, another
    fresh copy with an empty .cache/, builds strictly from the bucket, running no block and no experiment, and
    gives the same pages. (English only: the rule is the same for both languages, and so is the store.)"""
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        a = fresh("machine-a")
        first = build(a, env={**bucket, "BUILD_ONLY_LOCALE": "en", "DASK_SCHEDULER_ADDRESS": cluster.scheduler_address})
    assert first.returncode == 0, first.stderr[-3000:]
    said = summary(first)
    published = s3.find("course/results/experiments")
    # the six runs the build starts (the three biases, scratch, gradients and practice), and nothing else: the
    # trained gates' and the trained cell's blocks read the b_f = 2 runs' weights from that same training
    assert len(published) == STARTED
    assert re.search(rf"results: [1-9]\d* blocks ran, \d+ reused; experiments: {STARTED} computed, 0 from "
                     r"s3://course/results", said), said
    for where in published:  # equal digests, equal bits: the cluster's result is the local run's
        here = local_entry(where)
        assert here.is_file(), f"the repository's build kept no entry at {here}"
        assert hashlib.sha256(s3.cat_file(where)).hexdigest() == hashlib.sha256(here.read_bytes()).hexdigest(), where

    b = fresh("machine-b")
    second = build(b, env={**bucket, "BUILD_ONLY_LOCALE": "en"})
    assert second.returncode == 0, second.stderr[-3000:]
    said = summary(second)
    assert "results: 0 blocks ran, " in said and "experiments: 0 computed, 0 from s3://course/results" in said, said
    assert not (b / ".cache" / "exec").exists() and not (b / ".cache" / "experiments").exists()
    pages = lambda site: {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*.html")}  # noqa: E731
    assert pages(b / "site") == pages(a / "site")


@pytest.mark.xdist_group("s3")
def test_a_corrupt_object_in_the_bucket_is_reported_and_not_served(fresh, build, bucket, s3):
    """After the test above: the result of a block that shows an experiment loses a bit in the bucket. The next
    build names the object and runs that block again, which reads its experiment from the bucket (the build starts
    them all: all six are read, none computed), and puts a sound entry back."""
    def uses_gradients(where: str) -> bool:
        return "gated/chapter/experiments/gradients.py" in json.loads(s3.cat_file(where).split(b"\n", 1)[0])["used"]

    where = next(w for w in sorted(s3.find("course/results/exec")) if uses_gradients(w))
    data = s3.cat_file(where)
    s3.pipe_file(where, data[:-1] + bytes([data[-1] ^ 1]))
    copy = fresh("machine-c")
    result = build(copy, env={**bucket, "BUILD_ONLY_LOCALE": "en"})
    assert result.returncode == 0, result.stderr[-3000:]
    assert f"results: s3://{where} does not match its hash: not served, computed again and replaced" in result.stderr
    said = summary(result)
    assert "results: 1 blocks ran, " in said and f"experiments: 0 computed, {STARTED} from s3://course/results" in said, \
        said
    assert s3.cat_file(where) == data  # the block's output is the same bits: the entry is whole again


# ---------------------------------------------------------------- heavy experiments


HEAVY = ("from ...torch import pinned\n", 'from ...torch import pinned\n\nHEAVY = "wants a GPU"\n')


def test_a_heavy_experiment_is_read_from_the_store_and_never_computed_by_a_build(copy, build, edit):
    """The gradients experiment declared heavy in a copy: a strict build stops, naming the experiment, the file
    that changed since its stored version and the command that computes it, and computes nothing. That command
    publishes it; the next strict build reads it from the store."""
    from gated.chapter.experiments import gradients
    from gated.torch import pinned

    module = "gated/chapter/experiments/gradients.py"
    edit(copy / module, *HEAVY)
    key = pinned._key(f"{gradients.__name__}:measure", {"setup": gradients.Setup()})
    kept = copy / ".cache" / "experiments" / key[:2] / key
    before = sorted(kept.glob("*.entry"))
    assert before, "the copy came without the repository's gradients"
    failed = build(copy)
    assert failed.returncode != 0
    assert re.search(r"gated\.chapter\.experiments\.gradients:measure is heavy \(wants a GPU\): a build never "
                     rf"computes it, and \.cache lacks its current version; changed since the stored version: "
                     rf"{re.escape(module)}\. Compute and publish it with: "
                     r"python -m gated\.chapter\.experiments publish gradients", failed.stderr), failed.stderr[-3000:]
    assert re.search(r"block '\w[\w-]*' raised Unpublished[^\n]*\(docs/highway\.md:\d+ in English", failed.stderr), \
        failed.stderr[-3000:]
    assert sorted(kept.glob("*.entry")) == before  # nothing was computed
    environ = {k: v for k, v in os.environ.items() if k not in ("GATED_STORE", "DASK_SCHEDULER_ADDRESS")}
    published = subprocess.run([sys.executable, "-m", "gated.chapter.experiments", "publish", "gradients"],
                               cwd=copy, capture_output=True, text=True, env={**environ, "PYTHONPATH": str(copy)})
    assert published.returncode == 0, published.stderr[-3000:]
    assert published.stdout.startswith("gradients: 1 computed on local processes, 0 current already; 1 in .cache")
    result = build(copy)
    assert result.returncode == 0, result.stderr[-3000:]
    said = summary(result)
    assert re.search(r"results: [1-9]\d* blocks ran, \d+ reused; experiments: 0 computed, [1-9]", said), said
    assert len(list(kept.glob("*.entry"))) == len(before) + 1
