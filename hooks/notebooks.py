"""The notebooks: generated per language from one source, rendered by mkdocs-jupyter, checked.

notebooks/<name>.py is a jupytext percent script and the only source of the
notebook <name>. Its Markdown cells come in pairs, one with lang="en" and its
translation with lang="ru"; its code cells serve both languages. For each
language the build writes the .ipynb the reader downloads:

- the Markdown cells of that language;
- the cell tagged "parameters" set to ``LANG = "<lang>"``;
- the cell tagged "gated", a list of what the notebook calls from the
  package (``tables.decay``, ...), replaced by one ``%%writefile`` cell per
  module of gated/ holding only the definitions those calls need, each
  copied verbatim (`slice_package`), so that the notebook runs where only
  numpy is installed and carries no other page's code.

mkdocs-static-i18n would publish a notebook in docs/ as raw JSON
(mkdocs-static-i18n#198), so the notebooks live outside docs/ and this hook
adds each one to the files of its language's build after i18n has sorted them.
mkdocs-jupyter then renders and executes it like any notebook page. After each
page, the hook checks that a notebook was rendered and not published as JSON.
"""

from __future__ import annotations

import ast
import logging
import os
import re
import sys
from html import unescape
from pathlib import Path

import jupytext
import nbformat
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File
from mkdocs.structure.toc import get_toc
from pymdownx.slugs import slugify

import parity
import quotes
import shared

log = logging.getLogger("mkdocs.hooks.notebooks")

ROOT, LANGUAGES, DEFAULT = shared.ROOT, shared.LANGUAGES, shared.DEFAULT
SOURCES = ROOT / "notebooks"
PACKAGE = ROOT / "gated"
OUT = ROOT / ".cache" / "notebooks"

# nbconvert reads notebooks/jupyter/jupyter_nbconvert_config.json: it quiets the
# kernel's warning that it talks to nbconvert over local TCP.
os.environ["JUPYTER_CONFIG_PATH"] = os.pathsep.join(
    p for p in (str(SOURCES / "jupyter"), os.environ.get("JUPYTER_CONFIG_PATH")) if p
)


class NotebookPage(File):
    """A generated .ipynb that MkDocs treats as a page, for mkdocs-jupyter to render."""

    def is_documentation_page(self) -> bool:
        return True


# ---------------------------------------------------------------- generating


def _defined(stmt: ast.stmt) -> set[str]:
    """The names a top-level statement binds, imports aside."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return set()


class _Module:
    """One module of gated/: its source, its top-level statements and what each binds."""

    def __init__(self, name: str):
        path = PACKAGE / f"{name}.py"
        if not path.is_file():
            raise ValueError(f"notebook source asks for gated/{name}.py, which does not exist")
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
    """The modules of gated/ cut down to what `entries` ("tables.decay", ...) need, in their own order.

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
    todo = [tuple(e.split(".", 1)) for e in entries]
    seen: set[tuple[str, str]] = set()
    while todo:
        name, attr = todo.pop()
        if (name, attr) in seen:
            continue
        seen.add((name, attr))
        m = modules.get(name) or modules.setdefault(name, _Module(name))
        statements = [k for k, alias in m.binds.get(attr, []) if alias is None]
        if not statements:
            raise ValueError(f"the notebook needs gated.{name}.{attr}, which gated/{name}.py does not define")
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
                        if imp.module:  # from .gate import sigmoid
                            todo.append((imp.module, alias.name))
                        else:  # from . import highway, then highway.decay
                            todo += [(alias.name, a) for base, a in dotted if base == used]
    return {name: _write(modules[name], kept[name], aliases.get(name, set())) for name in sorted(modules)}


def _write(m: _Module, kept: set[int], aliases: set[int]) -> str:
    lines = m.source.splitlines(keepends=True)
    first = ast.get_docstring(ast.Module(body=m.body, type_ignores=[])) or m.name
    head = [f'"""{first.splitlines()[0]}\n\nOnly the parts of gated/{m.name}.py that this notebook uses.\n"""\n']
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
                        raise ValueError(f"gated/{m.name}.py imports {top}; the notebook may need numpy alone")
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


def _inline(entries: list[str]) -> list[nbformat.NotebookNode]:
    """%%writefile cells holding the parts of gated/ that `entries` need, copied from the package."""
    cells = [
        nbformat.v4.new_code_cell('from pathlib import Path\n\nPath("gated").mkdir(exist_ok=True)',
                                  metadata={"tags": ["gated"]}),
        nbformat.v4.new_code_cell(
            '%%writefile gated/__init__.py\n"""The parts of the gated package that this notebook needs."""\n',
            metadata={"tags": ["gated"]},
        ),
    ]
    for name, source in slice_package(entries).items():
        cells.append(nbformat.v4.new_code_cell(f"%%writefile gated/{name}.py\n{source}", metadata={"tags": ["gated"]}))
    return cells


def where_of(source: Path) -> str:
    """How messages name a notebook's source: notebooks/name.py."""
    return source.relative_to(ROOT).as_posix() if source.is_relative_to(ROOT) else source.name


def generate(source: Path, lang: str) -> nbformat.NotebookNode:
    """The notebook of `source` in `lang`."""
    nb = jupytext.read(source)
    cells, languages = [], []
    lines = source.read_text(encoding="utf-8").splitlines()
    starts = iter(n + 2 for n, line in enumerate(lines) if line.startswith("# %% [markdown]"))
    for cell in nb.cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "markdown":
            cell_lang = cell.metadata.pop("lang", None)
            if cell_lang not in LANGUAGES:
                raise ValueError(f'{source.name}: a Markdown cell needs lang="en" or lang="ru": {cell.source[:60]!r}')
            languages.append(cell_lang)
            first_line = next(starts, 1)
            if cell_lang == lang:  # its numbers bound and checked as on the pages
                cell.source, problems, _ = quotes.check(cell.source, where_of(source), lang, first_line)
                for problem in problems:
                    log.warning(problem)
                cells.append(cell)
        elif "parameters" in tags:
            cell.source = f'LANG = "{lang}"  # the language of the tables; "en" or "ru"'
            cells.append(cell)
        elif "gated" in tags:
            cells.extend(_inline(cell.source.split()))
        else:
            cells.append(cell)
    if lang == DEFAULT:  # checked once per build: the notebook's source holds both languages
        for problem in parity.notebook(source, where_of(source)):
            log.warning(problem)
    pairs = languages == ["en", "ru"] * (len(languages) // 2)
    if not pairs:
        raise ValueError(f"{source.name}: Markdown cells must come in pairs, English then its Russian translation")
    for k, cell in enumerate(cells):
        cell.metadata.pop("lines_to_next_cell", None)
        cell.id = f"cell-{k}"  # stable ids: the same source gives the same file, and mkdocs-jupyter's cache holds
    nb.cells = cells
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    return nb


# ---------------------------------------------------------------- the build


_language = shared.building


@event_priority(-110)  # after mkdocs-static-i18n has set this build's language
def on_config(config):
    """Keep mkdocs-jupyter's execution cache per language, so one language's build cannot evict the other's."""
    jupyter = config.plugins["mkdocs-jupyter"].config
    jupyter["cache_dir"] = str(ROOT / ".cache" / "mkdocs-jupyter" / _language(config))
    return config


@event_priority(-110)  # after mkdocs-static-i18n (-100) has sorted the files of this language
def on_files(files, config):
    lang = _language(config)
    prefix = "" if lang == DEFAULT else f"{lang}/"
    for f in files:
        if f.src_uri.endswith(".ipynb") and not f.is_documentation_page():
            log.warning(f"docs/{f.src_uri} would be published as raw JSON: notebooks belong in notebooks/ as .py")
    for source in sorted(SOURCES.glob("*.py")):
        name = source.stem
        filename = f"{name}.ipynb" if lang == DEFAULT else f"{name}.{lang}.ipynb"
        out = OUT / lang / filename
        out.parent.mkdir(parents=True, exist_ok=True)
        text = nbformat.writes(generate(source, lang))
        if not out.is_file() or out.read_text(encoding="utf-8") != text:
            out.write_text(text, encoding="utf-8")
        page = NotebookPage(
            filename, str(out.parent), config.site_dir, config.use_directory_urls, dest_uri=f"{prefix}{name}/index.html"
        )
        # What mkdocs-static-i18n records on the pages it sorts, for its language switcher.
        page.locale = page.locale_alternate_of = lang
        page.localization = None if lang == DEFAULT else lang
        page.norm_src_uri = f"{name}.ipynb"
        page.alternates = {
            other: File(
                f"{name}.ipynb",
                None,
                config.site_dir,
                config.use_directory_urls,
                dest_uri=("" if other == DEFAULT else f"{other}/") + f"{name}/index.html",
            )
            for other in LANGUAGES
        }
        files.append(page)
        # mkdocs-static-i18n's sitemap lists the pages it sorted in its on_files (private:
        # I18n.i18n_files_per_language); without this entry the notebook is missing from sitemap.xml,
        # and Material's instant navigation reloads the whole page to reach it.
        config.plugins["i18n"].i18n_files_per_language.setdefault(lang, []).append(page)
    return files


_slug = slugify(case="lower")  # what mkdocs.yml gives the pages' headings
HEADING = re.compile(r'<h([1-6]) id="[^"]*">(.*?)<a class="anchor-link" href="#[^"]*">¶</a></h\1>', re.S)


def on_page_content(html: str, page, config, files) -> str:
    """Give a notebook's headings the anchors the pages' headings get, and keep its library out of search.

    mkdocs-jupyter drops every non-ASCII letter from an anchor, so a Russian
    heading got an empty id and its table-of-contents entry pointed nowhere.
    """
    if not page.file.src_uri.endswith(".ipynb"):
        return html
    tokens: list[dict] = []
    seen: set[str] = set()

    def anchor(m: re.Match) -> str:
        level, inner = int(m.group(1)), m.group(2)
        name = unescape(re.sub(r"<[^>]+>", "", inner)).strip()
        slug = base = _slug(name, "-")
        k = 0
        while slug in seen:
            k += 1
            slug = f"{base}_{k}"
        seen.add(slug)
        token = {"level": level, "id": slug, "name": name, "children": []}
        parent = tokens
        while parent and parent[-1]["level"] < level:
            parent = parent[-1]["children"]
        parent.append(token)
        return f'<h{level} id="{slug}">{inner}<a class="anchor-link" href="#{slug}">¶</a></h{level}>'

    html = HEADING.sub(anchor, html)
    page.toc = get_toc(tokens)
    # nbconvert's template imports Mermaid from a CDN when a cell holds a diagram: the site loads nothing
    # from another host, and the notebook has no diagram.
    html, dropped = MERMAID.subn("", html)
    if not dropped and "mermaid" in html:
        log.warning(f"{page.file.src_uri}: nbconvert's Mermaid script changed shape; it names another host")
    # nbconvert's MathJax 2 set-up: the site's own MathJax 3 typesets the notebook. The browser skips a
    # text/x-mathjax-config script, but instant navigation runs it, and it fails on MathJax 3.
    html, dropped = MATHJAX2.subn("", html)
    if not dropped:
        log.warning(f"{page.file.src_uri}: nbconvert's MathJax set-up changed shape")
    # The package's modules, written out for the download, are not what a reader searches for.
    return re.sub(r'(<div class="[^"]*\bcelltag_gated\b[^"]*")', r"\1 data-search-exclude", html)


MERMAID = re.compile(r'<script type="module">(?:(?!</script>).)*?\bmermaid\b.*?</script>', re.S)
MATHJAX2 = re.compile(r'<script type="text/x-mathjax-config">.*?</script>', re.S)
CELL = re.compile(r'<div class="jp-Cell [^"]*"[^>]*>')
COLLAPSED = {
    "en": "The code that writes the package into gated/: {cells} cells, {lines} lines ({files})",
    "ru": "Код, который записывает пакет в gated/: ячеек — {cells}, строк — {lines} ({files})",
}




def fold(html: str, notebook: nbformat.NotebookNode, lang: str) -> str:
    """The page with the cells tagged "gated" inside one <details>, labelled with what they write.

    mkdocs-jupyter wraps each code cell's div in another of the same classes,
    so a cell opens one or two ``<div class="jp-Cell ...">``: the fold runs
    from the first that carries the tag to the first after it that does not.
    """
    starts = [(m.start(), "celltag_gated" in m.group()) for m in CELL.finditer(html)]
    tagged = [k for k, (_, gated) in enumerate(starts) if gated]
    if not tagged:
        return html
    first, last = tagged[0], tagged[-1]
    if tagged != list(range(first, last + 1)):
        raise ValueError("the cells that write the package must follow one another")
    if last + 1 >= len(starts):
        raise ValueError("the cells that write the package cannot end the notebook")
    begin, end = starts[first][0], starts[last + 1][0]
    cells = [c for c in notebook.cells if "gated" in c.metadata.get("tags", [])]
    written = [c.source for c in cells if c.source.startswith("%%writefile")]
    names = [s.split("\n", 1)[0].split("/")[-1] for s in written]
    lines = sum(len(s.splitlines()) - 1 for s in written)
    label = COLLAPSED[lang].format(cells=len(cells), lines=lines, files=", ".join(names))
    return (
        f'{html[:begin]}<details class="notebook-package"><summary>{label}</summary>\n'
        f"{html[begin:end]}</details>\n{html[end:]}"
    )


@event_priority(-60)  # after hooks/drift.py: the label is generated, not prose to check
def on_post_page(output: str, page, config) -> str:
    """A notebook page must be rendered HTML, never the notebook's JSON; its package cells are folded."""
    src = page.file.src_uri
    if src.endswith(".ipynb") and 'class="jupyter-wrapper"' in output:
        output = fold(output, nbformat.read(page.file.abs_src_path, as_version=4), _language(config))
    if src.endswith(".ipynb") and 'class="jupyter-wrapper"' not in output:
        log.warning(f"{src}: the notebook page was not rendered by mkdocs-jupyter")
    if re.search(r'"nbformat"\s*:', output) and "jupyter-wrapper" not in output:
        log.warning(f"{page.url or src}: a page holds raw notebook JSON")
    return output
