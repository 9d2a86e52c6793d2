"""The modules of gated/ cut down to what a notebook calls, so that it runs with numpy alone.

A notebook names what it calls ("chapter.tables.decay", "render.markdown"). A
top-level definition is kept when an entry or a kept definition names it; each
kept definition is copied verbatim with the comment right above it, and
imports are cut to the names still used.
"""

from __future__ import annotations

import ast
import sys

import shared

PACKAGE = shared.ROOT / "gated"


def _defined(stmt: ast.stmt) -> set[str]:
    """The names a top-level statement binds, imports aside."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return set()


def file_of(name: str) -> str:
    """Where a module of gated/ lives: "chapter.tables" -> "chapter/tables.py"."""
    return name.replace(".", "/") + ".py"


def _resolve(name: str, level: int, module: str | None) -> str:
    """The module that ``from <level dots><module> import ...`` names, inside the module `name` of gated/."""
    base = name.split(".")[: len(name.split(".")) - level]
    return ".".join(base + ([module] if module else []))


class _Module:
    """One module of gated/: its source, its top-level statements and what each binds."""

    def __init__(self, name: str):
        path = PACKAGE / file_of(name)
        if not path.is_file():
            raise ValueError(f"notebook source asks for gated/{file_of(name)}, which does not exist")
        self.name, self.source = name, path.read_text(encoding="utf-8")
        self.body = ast.parse(self.source).body
        self.binds: dict[str, list[tuple[int, ast.alias | None]]] = {}  # name -> (statement, import alias)
        for k, stmt in enumerate(self.body):
            for name_ in _defined(stmt):
                self.binds.setdefault(name_, []).append((k, None))
            if isinstance(stmt, (ast.Import, ast.ImportFrom)) and getattr(stmt, "module", None) != "__future__":
                for alias in stmt.names:
                    self.binds.setdefault(alias.asname or alias.name.split(".")[0], []).append((k, alias))


def slice_package(entries: list[str]) -> dict[str, str]:
    """The modules of gated/ cut down to what `entries` ("chapter.tables.decay", ...) need, in their own order.

    A top-level definition is kept when an entry or a kept definition names
    it (a name the definition binds itself, a local or an argument, does not
    count): directly, through ``from .module import name``, or as
    ``module.name`` after ``from . import module``. Each kept definition is
    copied verbatim with the comments right above it; imports are cut to the
    names still used.
    """
    modules: dict[str, _Module] = {}
    kept: dict[str, set[int]] = {}
    aliases: dict[str, set[int]] = {}  # module -> ids of the import aliases still used
    todo = [tuple(e.rsplit(".", 1)) for e in entries]
    seen: set[tuple[str, str]] = set()
    while todo:
        name, attr = todo.pop()
        if (name, attr) in seen:
            continue
        seen.add((name, attr))
        m = modules.get(name) or modules.setdefault(name, _Module(name))
        statements = [k for k, alias in m.binds.get(attr, []) if alias is None]
        if not statements:
            raise ValueError(f"the notebook needs gated.{name}.{attr}, which gated/{file_of(name)} does not define")
        for k in statements:
            if k in kept.setdefault(name, set()):
                continue
            kept[name].add(k)
            stmt = m.body[k]
            dotted = [(n.value.id, n.attr) for n in ast.walk(stmt)
                      if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)]
            names = [n for n in ast.walk(stmt) if isinstance(n, ast.Name)]
            local = {n.id for n in names if isinstance(n.ctx, ast.Store)} | {a.arg for a in ast.walk(stmt)
                                                                            if isinstance(a, ast.arg)}
            for used in sorted({n.id for n in names if isinstance(n.ctx, ast.Load)} - local):
                for j, alias in m.binds.get(used, []):
                    if alias is None:
                        todo.append((name, used))
                        continue
                    aliases.setdefault(name, set()).add(id(alias))
                    imp = m.body[j]
                    if isinstance(imp, ast.ImportFrom) and imp.level:
                        if imp.module:  # from ..render import number
                            todo.append((_resolve(name, imp.level, imp.module), alias.name))
                        else:  # from .. import highway, then highway.decay
                            todo += [(_resolve(name, imp.level, alias.name), a) for base, a in dotted if base == used]
    return {name: _write(modules[name], kept[name], aliases.get(name, set())) for name in sorted(modules)}


def _write(m: _Module, kept: set[int], aliases: set[int]) -> str:
    lines = m.source.splitlines(keepends=True)
    first = ast.get_docstring(ast.Module(body=m.body, type_ignores=[])) or m.name
    head = [f'"""{first.splitlines()[0]}\n\nOnly the parts of gated/{file_of(m.name)} that this notebook uses.\n"""\n']
    imports, definitions = [], []
    for k, stmt in enumerate(m.body):
        if isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__":
            imports.append(ast.unparse(stmt))
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            names = [a for a in stmt.names if id(a) in aliases]
            if names:
                if not (isinstance(stmt, ast.ImportFrom) and stmt.level):  # not another module of gated/
                    top = (stmt.module if isinstance(stmt, ast.ImportFrom) else names[0].name).split(".")[0]
                    if top != "numpy" and top not in sys.stdlib_module_names:
                        raise ValueError(f"gated/{file_of(m.name)} imports {top}; the notebook may need numpy alone")
                if isinstance(stmt, ast.ImportFrom):
                    stmt = ast.ImportFrom(stmt.module, names, stmt.level)
                else:
                    stmt = ast.Import(names)
                imports.append(ast.unparse(stmt))
        elif k in kept:
            start = (stmt.decorator_list[0] if getattr(stmt, "decorator_list", None) else stmt).lineno - 1
            while start and lines[start - 1].startswith("#") and not lines[start - 1].startswith("# ---"):
                start -= 1  # the comment that explains it
            definitions.append("".join(lines[start : stmt.end_lineno]).rstrip() + "\n")
    return "\n".join([*head, "\n".join(imports) + "\n", *("\n" + d for d in definitions)])
