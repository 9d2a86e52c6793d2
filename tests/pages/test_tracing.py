"""hooks/tracing.py: what a block is recorded as having used."""

from __future__ import annotations

import shutil
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tracing(hook):
    """The hook, and `gated` as it was: a trace imports the package afresh, which this process must not keep."""
    kept = {name: module for name, module in sys.modules.items() if name == "gated" or name.startswith("gated.")}
    yield hook("tracing")
    for name in [n for n in sys.modules if n == "gated" or n.startswith("gated.")]:
        del sys.modules[name]
    sys.modules.update(kept)


def test_a_block_is_not_charged_with_what_the_experiments_threads_read(tracing):
    """Experiments started before a block check their kept results beside it, in threads of their own: the files
    they read are not the block's. A thread the block starts is the block's."""

    def read(name: str) -> None:
        (ROOT / name).read_bytes()

    with tracing.traced() as used:
        for name, thread in (("gated/chapter/diagram.py", "gated.torch.pinned_0"), ("gated/cost.py", "the block's")):
            reader = threading.Thread(target=read, args=(name,), name=thread)
            reader.start()
            reader.join()
    assert "gated/cost.py" in used
    assert "gated/chapter/diagram.py" not in used


# ---------------------------------------------------------------- programs a block starts, and those a library does


def library_function(tmp_path: Path, tracing, body: str):
    """A function whose code says it lives in a third-party package, as the tracer reads a caller's file."""
    source = f"import subprocess, sys\ndef run():\n    {body}\n"
    namespace: dict = {}
    exec(compile(source, f"{tracing.LIBRARIES[0]}/a_library_{tmp_path.name}.py", "exec"), namespace)
    return namespace["run"]


def test_a_program_the_block_starts_may_depend_on_anything(tracing):
    block = compile("import subprocess\nsubprocess.run(['true'], check=True)\n", "<docs/page.md, block 'b'>", "exec")
    with tracing.traced() as used:
        exec(block, {})
    assert "*" in used


@pytest.mark.parametrize("body", [
    "subprocess.run([sys.executable, '-c', 'pass'], check=True)",  # Python: it may import the project
    f"subprocess.run(['cat', {str(ROOT / 'gated' / 'cost.py')!r}], check=True, capture_output=True)",
    f"subprocess.run('cat {ROOT / 'gated' / 'cost.py'}', shell=True, check=True, capture_output=True)",
])
def test_a_program_a_library_starts_on_the_projects_files_may_depend_on_anything(tmp_path, tracing, body):
    run = library_function(tmp_path, tracing, body)
    with tracing.traced() as used:
        run()
    assert "*" in used


def test_a_program_a_library_starts_for_itself_is_not_the_blocks(tmp_path, tracing):
    run = library_function(tmp_path, tracing, "subprocess.run(['uname', '-m'], check=True, capture_output=True)")
    with tracing.traced() as used:
        run()
    assert "*" not in used


def test_matplotlibs_first_run_on_a_machine_is_not_the_blocks(tmp_path, tracing, monkeypatch):
    """The first plot on a machine builds matplotlib's font cache, starting fc-list: what the block records
    must be what it records on a machine whose cache exists (issue 32)."""
    if shutil.which("fc-list") is None:
        pytest.skip("no fontconfig here: matplotlib starts no program to find fonts")
    from matplotlib import font_manager

    started: list[str] = []
    sys.addaudithook(lambda event, args: started.append(str(args[0])) if event == "subprocess.Popen" else None)
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path))
    font_manager._get_fontconfig_fonts.cache_clear()  # as in a process that has never listed the fonts
    with tracing.traced() as used:
        font_manager.FontManager()
    assert any("fc-list" in program for program in started)  # the first run did start it
    assert "*" not in used
