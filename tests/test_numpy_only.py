"""`gated` on a fresh Python with numpy alone: the command line runs and imports neither torch nor matplotlib.

The package is installed from a copy of the project, so that building it
leaves nothing (build/, *.egg-info) in the working tree.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
WHEELHOUSE = Path(sys.prefix) / "wheelhouse"  # filled by scripts/setup.sh: no test downloads anything
SKIP = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", "build", "dist", "site", "tests", "docs",
                              ".hypothesis", ".pytest_cache")


def sh(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PYTHONIOENCODING"] = "utf-8"
    result = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True, encoding="utf-8",
                            env=env, timeout=300, check=False)
    assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
    return result


pytestmark = pytest.mark.xdist_group("numpy-only")  # one worker, so the module-scoped `python` is made once


@pytest.fixture(scope="module")
def python(tmp_path_factory) -> Path:
    """The Python of a fresh venv holding numpy and `gated`, and nothing else."""
    root = tmp_path_factory.mktemp("numpy-only")
    source = root / "source"
    shutil.copytree(PROJECT, source, ignore=SKIP)
    sh(sys.executable, "-m", "venv", "--without-pip", root / "venv", cwd=root)
    python = root / "venv" / "bin" / "python"
    assert WHEELHOUSE.is_dir(), f"{WHEELHOUSE} is missing: set up with scripts/test"
    # this Python's pip installs into the venv (pip's --python), which so holds no pip of its own
    pip = (sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-compile", "--no-index",
           "--find-links", WHEELHOUSE)
    sh(*pip, "numpy", cwd=root)
    sh(*pip, "--no-deps", source, cwd=root)
    return python


def test_only_numpy_is_installed(python, tmp_path):
    listed = sh(python, "-c", "from importlib.metadata import distributions as d; print(*{x.name for x in d()})",
                cwd=tmp_path).stdout.lower()
    assert set(listed.split()) == {"numpy", "gated"}


def test_gated_is_the_installed_copy(python, tmp_path):
    out = sh(python, "-c", "import gated; print(gated.__file__)", cwd=tmp_path).stdout.strip()
    assert Path(out).is_relative_to(python.parents[1])
    data = "from importlib.resources import files; print(files('gated.chapter.experiments').joinpath('data/corpus.txt').is_file())"
    assert sh(python, "-c", data, cwd=tmp_path).stdout.strip() == "True"


def test_python_m_gated_prints_all_four_sections(python, tmp_path):
    out = sh(python, "-m", "gated", cwd=tmp_path).stdout
    for heading in ("HIGHWAY", "BIAS", "STEP", "PARAMETERS"):
        assert any(line.startswith(heading + " ") for line in out.splitlines()), heading
    assert "2.565e-03" in out and "(0.0936, 0.0168)" in out and "1,202,000" in out


def test_the_script_runs(python, tmp_path):
    out = sh(python.parent / "gated", "--params", "--lang", "ru", cwd=tmp_path).stdout
    assert "ПАРАМЕТРЫ" in out and "1\u00a0202\u00a0000" in out


def test_import_needs_neither_torch_nor_matplotlib(python, tmp_path):
    sh(python, "-c", "import gated, sys; assert 'torch' not in sys.modules and 'matplotlib' not in sys.modules",
       cwd=tmp_path)
    # and everything the command line touches stays numpy-only too
    sh(python, "-c", "import sys; from gated.chapter import cli, published; cli.main([]); "
       "published.FIGURES['cost.lstm'].computed(); "
       "assert 'torch' not in sys.modules and 'matplotlib' not in sys.modules", cwd=tmp_path)
