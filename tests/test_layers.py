"""The package's structure, read from its imports: the library at the bottom, the chapter above it,
the snippets on top; no arrow back down, no circle, no module over about 300 lines. The build's hooks too:
no circle among them, so that each reads straight down."""

from __future__ import annotations

import ast
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "gated"
MOST_LINES = 330  # "about 300"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The modules of `gated` that a file imports, at any depth of its code, as dotted names."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            found.add(module)
            found |= {f"{module}.{a.name}" for a in node.names}  # `from . import tables` imports a module
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module" and node.args \
                and isinstance(node.args[0], (ast.Constant, ast.JoinedStr)):  # importlib.import_module("gated...")
            first = node.args[0].value if isinstance(node.args[0], ast.Constant) else node.args[0].values[0].value
            found.add(str(first).rstrip("."))
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    return {m for m in found if m in modules and m != name}


MODULES = sorted(PACKAGE.rglob("*.py"))
LIBRARY = [p for p in MODULES if "chapter" not in p.relative_to(PACKAGE).parts and p.name != "__main__.py"]


def test_the_library_and_the_chapter_are_both_there():
    names = {module_name(p) for p in LIBRARY}
    assert {"gated.lstm", "gated.gru", "gated.render", "gated.svg", "gated.torch.weights"} <= names
    assert (PACKAGE / "chapter" / "published.py").is_file() and (PACKAGE / "chapter" / "experiments").is_dir()


@pytest.mark.parametrize("path", LIBRARY, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_library_module_imports_the_chapter(path):
    upward = sorted(m for m in imports(path) if m == "gated.chapter" or m.startswith("gated.chapter."))
    assert not upward, f"{path.relative_to(ROOT)} imports {upward}: the library must not know the chapter"


def test_the_rule_can_fail(tmp_path, monkeypatch):
    """The check above sees a relative import of the chapter, and one through importlib."""
    fake = tmp_path / "gated"
    (fake / "chapter").mkdir(parents=True)
    for f in ("__init__.py", "chapter/__init__.py", "chapter/tables.py"):
        (fake / f).write_text("")
    (fake / "lstm.py").write_text("from .chapter import tables\n")
    (fake / "gru.py").write_text("import importlib\nimportlib.import_module('gated.chapter.tables')\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    assert "gated.chapter.tables" in imports(fake / "lstm.py")
    assert "gated.chapter.tables" in imports(fake / "gru.py")


def test_the_imports_have_no_circle():
    graph = {module_name(p): imports(p) - {module_name(p)} for p in MODULES}
    # a package's __init__ is imported before its modules: `from . import x` in __init__ is not a circle
    for name in graph:
        graph[name] = {m for m in graph[name] if not name.startswith(m + ".")}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as e:
        pytest.fail(f"import circle: {' -> '.join(e.args[1])}")


HOOKS = ROOT / "hooks"


def hook_imports(path: Path, hooks: set[str]) -> set[str]:
    """The hooks that a hook imports, at any depth of its code. A hook imports another by its bare name (MkDocs puts
    hooks/ on sys.path while it loads a hook): `import shared`, `from literals import BOUND`."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module)
    return (found & hooks) - {path.stem}


def hook_circle(folder: Path) -> list[str] | None:
    """A circle of imports among the hooks in `folder`, if there is one."""
    names = {p.stem for p in folder.glob("*.py")}
    graph = {p.stem: hook_imports(p, names) for p in folder.glob("*.py")}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as e:
        return list(e.args[1])
    return None


def test_the_hooks_have_no_circle():
    assert (HOOKS / "literals.py").is_file()
    circle = hook_circle(HOOKS)
    assert circle is None, f"import circle among the hooks: {' -> '.join(circle)}"


def test_a_circle_among_hooks_is_found(tmp_path):
    """The check above sees a circle that closes through an import inside a function, as quotes and words did."""
    (tmp_path / "quotes.py").write_text("import shared\nimport words\n")
    (tmp_path / "words.py").write_text("def main():\n    from quotes import BOUND\n")
    (tmp_path / "shared.py").write_text("import os\n")
    assert sorted(hook_circle(tmp_path)) == ["quotes", "words", "words"]
    (tmp_path / "words.py").write_text("def main():\n    from shared import os\n")
    assert hook_circle(tmp_path) is None


def test_import_gated_loads_the_library_alone():
    code = "import sys, gated; print(' '.join(sorted(m for m in sys.modules if m.startswith('gated'))))"
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert not [m for m in out.split() if m.startswith("gated.chapter") or m.startswith("gated.torch")], out


@pytest.mark.parametrize("path", [*MODULES, *sorted((ROOT / "hooks").glob("*.py"))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_much_over_300_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by concern"
