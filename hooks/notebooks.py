"""The notebooks: generated per language from one source, rendered by mkdocs-jupyter, checked.

notebooks/<name>.py is a jupytext percent script and the only source of the
notebook <name>. Its Markdown cells come in pairs, one with lang="en" and its
translation with lang="ru"; its code cells serve both languages. For each
language the build writes the .ipynb the reader downloads:

- the Markdown cells of that language;
- the cell tagged "parameters" set to ``LANG = "<lang>"``;
- the cell tagged "gated", a list of what the notebook calls from the
  package (``chapter.tables.decay``, ...), replaced by one ``%%writefile`` cell per
  module of gated/ holding only the definitions those calls need, each
  copied verbatim (hooks/slicing.py), so that the notebook runs where only
  numpy is installed and carries no other page's code.

mkdocs-static-i18n would publish a notebook in docs/ as raw JSON
(mkdocs-static-i18n#198), so the notebooks live outside docs/ and this hook
adds each one to the files of its language's build after i18n has sorted them.
mkdocs-jupyter then renders and executes it like any notebook page. After each
page, the hook checks that a notebook was rendered and not published as JSON.
"""

from __future__ import annotations

import logging
import os
import re
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
import slicing

log = logging.getLogger("mkdocs.hooks.notebooks")

ROOT, LANGUAGES, DEFAULT = shared.ROOT, shared.LANGUAGES, shared.DEFAULT
SOURCES = ROOT / "notebooks"
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


def _inline(entries: list[str]) -> list[nbformat.NotebookNode]:
    """%%writefile cells holding the parts of gated/ that `entries` need, copied from the package."""
    modules = slicing.slice_package(entries)
    packages = sorted({"/".join(["gated", *name.split(".")[:k]]) for name in modules
                       for k in range(len(name.split(".")))})
    mkdir = "\n".join(f'Path("{p}").mkdir(exist_ok=True)' for p in packages)
    cells = [nbformat.v4.new_code_cell(f"from pathlib import Path\n\n{mkdir}", metadata={"tags": ["gated"]})]
    for package in packages:
        cells.append(nbformat.v4.new_code_cell(
            f'%%writefile {package}/__init__.py\n"""The parts of {package.replace("/", ".")} that this notebook needs."""\n',
            metadata={"tags": ["gated"]}))
    for name, source in modules.items():
        cells.append(nbformat.v4.new_code_cell(f"%%writefile gated/{slicing.file_of(name)}\n{source}",
                                               metadata={"tags": ["gated"]}))
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
            cell.source = f'LANG = "{lang}"  # {PARAMETER[lang]}'
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


_slug = slugify(case="lower", normalize="NFKC")  # what mkdocs.yml gives the pages' headings
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
    html = clipboard(html, _language(config), page.file.src_uri)
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


def clipboard(html: str, lang: str, where: str) -> str:
    """nbconvert's copy button in the page's language: its label and the notice it shows once it has copied.

    The template writes them in English; a page whose template no longer holds them is named, since its
    button would then speak English on every page.
    """
    for english, words in CLIPBOARD.items():
        if english not in html:
            log.warning(f"{where}: nbconvert's copy button changed shape: {english!r} is not on the page")
        html = html.replace(english, words[lang])
    return html


PARAMETER = {  # the comment beside LANG in the parameters cell
    "en": 'the language of the tables: "en" or "ru"',
    "ru": 'язык таблиц: "en" или "ru"',
}
CLIPBOARD = {  # nbconvert's words on each code cell's copy button, as its template writes them
    'aria-label="Copy to Clipboard"': {"en": 'aria-label="Copy to Clipboard"',
                                       "ru": 'aria-label="Скопировать в буфер обмена"'},
    ">Copied!</span>": {"en": ">Copied!</span>", "ru": ">Скопировано!</span>"},  # the notice, once it has copied
}
MERMAID = re.compile(r'<script type="module">(?:(?!</script>).)*?\bmermaid\b.*?</script>', re.S)
MATHJAX2 = re.compile(r'<script type="text/x-mathjax-config">.*?</script>', re.S)
CELL = re.compile(r'<div class="jp-Cell [^"]*"[^>]*>')
COLLAPSED = {
    "en": "The code that writes the package into gated/: {cells} cells, {lines} lines ({files})",
    "ru": "Код, который записывает пакет в gated/: ячеек — {cells}, строк — {lines} ({files})",
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
