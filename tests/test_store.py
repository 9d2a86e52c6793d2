"""The result store: entries kept under what made them, found while it is current, never served corrupt; and
the heavy-experiment rule, which lets only the publish command compute a heavy experiment."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from gated import store
from gated.torch import pinned

USED = {"gated/lstm.py": "1" * 64, "gated/gate.py": "2" * 64}


def current(files: dict[str, str]):
    """`find`'s test of an entry against files that have these hashes now."""
    return lambda used: all(files.get(name) == sha for name, sha in used.items())


@pytest.fixture(params=["folder", "file-url", "memory"])
def kept(request, tmp_path) -> store.Store:
    """A store in a folder, the same through a file:// URL, and one through fsspec (its memory filesystem)."""
    if request.param == "memory":
        yield store.Store(f"memory://{tmp_path.name}")
        import fsspec

        fsspec.filesystem("memory").rm(f"/{tmp_path.name}", recursive=True)
    else:
        yield store.Store(tmp_path if request.param == "folder" else tmp_path.as_uri())


def test_an_entry_is_found_while_what_it_used_is_unchanged(kept):
    kept.put("exec", "k" * 64, USED, b"<p>0.997</p>", ["3.11.2", "x86_64 avx2"])
    (entry,) = kept.entries("exec", "k" * 64)
    assert entry.used == USED and entry.content == b"<p>0.997</p>"
    assert entry.made["versions"] == ["3.11.2", "x86_64 avx2"] and entry.made["kind"] == "exec"
    assert entry.made["sha256"] == store.sha256(b"<p>0.997</p>")
    assert kept.find("exec", "k" * 64, current(USED)).content == b"<p>0.997</p>"
    assert kept.find("exec", "k" * 64, current({**USED, "gated/lstm.py": "3" * 64})) is None  # a file changed
    assert kept.find("exec", "j" * 64, current(USED)) is None  # another key
    assert kept.find("print", "k" * 64, current(USED)) is None  # another kind


def test_each_version_of_what_was_used_is_an_entry_of_its_own(kept):
    """Undoing an edit finds the result from before it."""
    edited = {**USED, "gated/lstm.py": "3" * 64}
    kept.put("exec", "k" * 64, USED, b"before")
    kept.put("exec", "k" * 64, edited, b"while edited")
    assert len(kept.entries("exec", "k" * 64)) == 2
    assert kept.find("exec", "k" * 64, current(edited)).content == b"while edited"
    assert kept.find("exec", "k" * 64, current(USED)).content == b"before"
    kept.put("exec", "k" * 64, USED, b"again")  # the same version: replaced
    assert kept.find("exec", "k" * 64, current(USED)).content == b"again"


def corrupt(kept: store.Store, name: str, change) -> None:
    """Change the bytes of the entry `name` in place."""
    if kept.name.startswith("memory://"):
        import fsspec

        fs, path = fsspec.core.url_to_fs(f"{kept.name}/{name}")
        fs.pipe_file(path, change(fs.cat_file(path)))
    else:
        path = Path(store.url2pathname(kept.name[len("file://"):])) if kept.name.startswith("file://") \
            else Path(kept.name)
        (path / name).write_bytes(change((path / name).read_bytes()))


@pytest.mark.parametrize("change", [
    lambda data: data[:-1] + bytes([data[-1] ^ 1]),  # one bit of the content
    lambda data: data[:-3],  # a torn write
    lambda data: data.replace(b'"1111', b'"0000', 1),  # what it says it used
    lambda data: b"not an entry",
], ids=["a bit flipped", "cut short", "its record edited", "not an entry"])
def test_an_entry_that_does_not_match_its_hash_is_never_served(kept, change):
    kept.put("exec", "k" * 64, USED, b"<p>0.997</p>")
    name = kept.where("exec", "k" * 64, USED)
    corrupt(kept, name, change)
    assert kept.find("exec", "k" * 64, current(USED)) is None
    assert kept.entries("exec", "k" * 64) == []
    assert kept.corrupt == [f"{kept.name}/{name}"]  # reported, for the build's summary
    kept.put("exec", "k" * 64, USED, b"<p>0.997</p>")  # computed again: the entry is replaced
    assert kept.find("exec", "k" * 64, current(USED)).content == b"<p>0.997</p>"


def test_a_store_that_keeps_nothing(monkeypatch):
    monkeypatch.setenv("EXEC_CACHE", "off")
    nothing = store.default()
    nothing.put("exec", "k" * 64, USED, b"x")
    assert nothing.find("exec", "k" * 64, current(USED)) is None and not nothing.keep


def test_the_default_store_is_the_checkout_s_cache_unless_gated_store_names_one(monkeypatch, tmp_path):
    monkeypatch.delenv(store.VARIABLE, raising=False)
    assert store.default().name == ".cache" and store.default()._files.path == store.ROOT / ".cache"
    monkeypatch.setenv(store.VARIABLE, tmp_path.as_uri())
    assert store.default()._files.path == tmp_path


def test_only_a_store_at_a_url_imports_fsspec():
    """`import gated` stays numpy-only, and a build with no store configured imports nothing new."""
    code = ("import sys, gated, gated.store as s; s.default().find('exec', 'k' * 64, bool); "
            "s.Store('/tmp').find('exec', 'k' * 64, bool); print('fsspec' in sys.modules)")
    environ = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(store.ROOT)}
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environ,
                          check=True).stdout.strip() == "False"


# ---------------------------------------------------------------- heavy experiments


@pytest.fixture
def heavy(tmp_path, monkeypatch):
    """A heavy experiment in a module of its own, and a store of the test's own."""
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "__init__.py").write_text("")
    (tmp_path / "lab" / "probe.py").write_text('HEAVY = "wants a GPU"\n\n\ndef f():\n    return 7\n')
    (tmp_path / "lab" / "unimported.py").write_text('HEAVY = "trains for an hour"\n\n\ndef f():\n    return 8\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setattr(pinned, "CACHE", tmp_path / "locks")
    monkeypatch.setenv(store.VARIABLE, str(tmp_path / "store"))
    import lab.probe  # noqa: F401 - the caller has imported it, as an experiment's own `run` has

    yield store.default()
    for name in [n for n in sys.modules if n == "lab" or n.startswith("lab.")]:
        del sys.modules[name]


def test_a_heavy_experiment_is_computed_by_its_publish_command_alone(heavy, monkeypatch):
    computed = pinned.tally["computed"]
    with pytest.raises(pinned.Unpublished) as refused:
        pinned.run("lab.probe:f")
    said = str(refused.value)
    assert "lab.probe:f is heavy (wants a GPU)" in said and "store holds no version of it" in said
    assert said.endswith("Compute and publish it with: python -m lab publish probe")
    assert pinned.tally["computed"] == computed
    monkeypatch.setattr(pinned, "publishing", True)
    assert pinned.run("lab.probe:f") == 7  # the command computes it, and keeps it
    monkeypatch.setattr(pinned, "publishing", False)
    assert pinned.run("lab.probe:f") == 7  # a build reads it
    (entry,) = heavy.entries(pinned.KIND, pinned._key("lab.probe:f", {}))
    real = pinned.digest
    monkeypatch.setattr(pinned, "digest", lambda path: "edited" if path.name == "render.py" else real(path))
    with pytest.raises(pinned.Unpublished, match=r"changed since the stored version: gated/render\.py\. "):
        pinned.run("lab.probe:f")  # never a stale result, never a silent recompute


def test_the_pinned_process_refuses_a_heavy_experiment_its_caller_did_not_know(heavy, monkeypatch):
    """A call whose module the caller never imported: the pinned process reads HEAVY itself, before computing."""
    assert "lab.unimported" not in sys.modules
    with pytest.raises(pinned.Unpublished, match=r"is heavy \(trains for an hour\).*python -m lab publish unimported"):
        pinned.run("lab.unimported:f")
    monkeypatch.setattr(pinned, "publishing", True)
    assert pinned.run("lab.unimported:f") == 8


def test_a_heavy_experiment_whose_entry_is_corrupt_stops_and_says_so(heavy, monkeypatch):
    monkeypatch.setattr(pinned, "publishing", True)
    pinned.run("lab.probe:f")
    monkeypatch.setattr(pinned, "publishing", False)
    key = pinned._key("lab.probe:f", {})
    (entry,) = heavy.entries(pinned.KIND, key)
    path = Path(heavy.name) / heavy.where(pinned.KIND, key, entry.used)
    path.write_bytes(path.read_bytes()[:-1] + b"\x00")
    with pytest.raises(pinned.Unpublished, match="does not match its hash and is not served"):
        pinned.run("lab.probe:f")
