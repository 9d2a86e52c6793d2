"""The notebooks' rendered pages, executed once and kept in the result store.

mkdocs-jupyter executes a notebook and renders it to HTML when MkDocs renders its page. This hook wraps that
rendering (mkdocs-jupyter's own cache is off, in mkdocs.yml): the page's HTML is an entry of the store
(`gated.store`: .cache/notebooks-html, or GATED_STORE's), keyed on everything it is made of: the generated
notebook's bytes (its text, its parameters and the slices of `gated` it carries, hooks/notebooks.py), the
settings of mkdocs-jupyter and of nbconvert that shape the page, and the versions of Python, numpy, the CPU and the packages
that execute and render it. The notebook imports only what it writes itself, so the key is all it used. A
machine that shares the store renders a notebook that another has rendered without starting a kernel.

Both languages' notebooks run in one kernel. Their code cells are the same; the parameters cell sets LANG,
and the tables print in that language. So when a language's page is rendered and the store lacks it, that
notebook and every other language's that this build makes and the store lacks are generated and executed in
one kernel, one after another. Each language's cells run in its own folder, which holds no package before they
write it, with the package's modules imported afresh and the execution count starting at 1, exactly as a kernel
of its own would run them (tests/pages/test_notebook.py compares the two). Each page is then rendered from its
executed notebook: one kernel start and one import of numpy for the whole site, not one a language. The .ipynb
that readers download stays the generated one, without outputs.
"""

from __future__ import annotations

import hashlib
import json
import logging
import tempfile
from importlib.metadata import version
from pathlib import Path

import nbformat
import notebooks
import shared
import tracing
from mkdocs.plugins import event_priority
from mkdocs_jupyter import convert
from nbclient import NotebookClient

KIND = "notebooks-html"  # the rendered notebooks in the store
RENDERING = ("mkdocs-jupyter", "nbconvert", "nbclient", "ipykernel", "mistune", "Pygments")
SETTINGS = ("execute", "kernel_name", "theme", "allow_errors", "show_input", "no_input", "no_prompt",
            "remove_tag_config", "highlight_extra_classes", "include_requirejs", "custom_mathjax_url", "toc_depth")
VERSIONS = [*tracing.VERSIONS, *(f"{p} {version(p)}" for p in RENDERING)]
# nbconvert's and nbclient's settings (the kernel's quiet log; each cell's stream outputs merged into one, as a
# kernel may send a line and its newline apart): part of what a page is made of, so part of its key.
CONFIG = (notebooks.SOURCES / "jupyter" / "jupyter_nbconvert_config.json").read_text()


def on_startup(command: str, dirty: bool) -> None:
    shared.store().forget_unused([KIND], shared.STALE_DAYS)


_executed: dict[str, nbformat.NotebookNode] = {}  # a generated notebook's text -> that notebook, executed
# Before each language's notebook, in the same kernel: its own folder, holding no package yet (as a reader's
# download does: the notebook writes it, and says "Writing", never "Overwriting"), the package imported afresh
# from there, and the count of executions from 1 again.
BETWEEN = """import os, shutil, sys
os.chdir({folder!r})
shutil.rmtree("gated", ignore_errors=True)
for _name in [n for n in sys.modules if n == "gated" or n.startswith("gated.")]:
    del sys.modules[_name]
get_ipython().execution_count = 1"""


def generated(source: Path) -> dict[str, str]:
    """Every language's notebook of `source`, as hooks/notebooks.py writes it, by language."""
    quiet = notebooks.log.disabled
    notebooks.log.disabled = True  # its problems are said when its own language's build generates it
    try:
        return {lang: nbformat.writes(notebooks.generate(source, lang)) for lang in shared.LANGUAGES}
    finally:
        notebooks.log.disabled = quiet


def execute_together(texts: dict[str, str], jupyter, where: Path = notebooks.OUT) -> dict[str, nbformat.NotebookNode]:
    """The notebooks `texts` (by language) executed one after another in one kernel, each in its language's folder
    of `where`; by their text."""
    folders = {lang: where / lang for lang in texts}
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True)
    runs = {lang: nbformat.reads(text, as_version=4) for lang, text in texts.items()}
    first = next(iter(texts))
    settings = json.loads(CONFIG)
    client = NotebookClient(runs[first], kernel_name=jupyter["kernel_name"] or "python3",
                            allow_errors=jupyter["allow_errors"], resources={"metadata": {"path": str(folders[first])}},
                            **settings["NotebookClient"])  # what nbconvert reads there (the kernel's quiet log)
    with client.setup_kernel():
        for lang, run in runs.items():
            between = nbformat.v4.new_code_cell(BETWEEN.format(folder=str(folders[lang])))
            client.nb = nbformat.v4.new_notebook(cells=[between])  # nbclient keeps a cell it ran in client.nb
            client.execute_cell(between, 0, store_history=False)
            client.nb = run
            for index, cell in enumerate(run.cells):
                client.execute_cell(cell, index)
    return {texts[lang]: run for lang, run in runs.items()}


def render_executed(executed: nbformat.NotebookNode, jupyter) -> str:
    """The page mkdocs-jupyter makes of a notebook that has run: its converter, told not to execute it again."""
    with tempfile.TemporaryDirectory(prefix="notebook-") as folder:
        path = Path(folder) / "executed.ipynb"
        path.write_text(nbformat.writes(executed), encoding="utf-8")
        return convert.nb2html(
            str(path), execute=False, kernel_name=jupyter["kernel_name"], theme=jupyter["theme"],
            allow_errors=jupyter["allow_errors"], show_input=jupyter["show_input"], no_input=jupyter["no_input"],
            no_prompt=jupyter["no_prompt"], remove_tag_config=jupyter["remove_tag_config"],
            highlight_extra_classes=jupyter["highlight_extra_classes"],
            include_requirejs=jupyter["include_requirejs"], custom_mathjax_url=jupyter["custom_mathjax_url"])


@event_priority(-10)  # after mkdocs-jupyter's on_pre_page has given the notebook's page its rendering
def on_pre_page(page, config, files):
    if not page.file.src_uri.endswith(".ipynb"):
        return page
    render = page.render
    jupyter = config.plugins["mkdocs-jupyter"].config
    settings = {name: repr(jupyter[name]) for name in SETTINGS}

    def key(notebook: str) -> str:
        return hashlib.sha256(json.dumps([notebook, settings, CONFIG, VERSIONS]).encode()).hexdigest()

    notebook = Path(page.file.abs_src_path).read_bytes().decode()
    source = notebooks.SOURCES / f"{Path(page.file.src_uri).name.split('.')[0]}.py"

    def kept_render(config, files) -> None:
        entry = shared.store().find(KIND, key(notebook), lambda used: True)  # the key is all it depends on
        if entry is not None:
            page.content = entry.content.decode()  # its headings' anchors and contents: hooks/notebooks.py
            shared.results["notebooks reused"] += 1
            return
        if notebook not in _executed and source.is_file():  # this language's and every other's that is missing
            built = config.plugins["i18n"].build_languages  # BUILD_ONLY_LOCALE builds one
            missing = {lang: text for lang, text in generated(source).items() if text == notebook or (
                lang in built and shared.store().find(KIND, key(text), lambda used: True) is None)}
            if notebook in missing.values():
                _executed.update(execute_together(missing, jupyter))
        if notebook in _executed:
            page.content = render_executed(_executed.pop(notebook), jupyter)
        else:  # not what hooks/notebooks.py generates: mkdocs-jupyter executes and renders it
            render(config, files)
        shared.store().put(KIND, key(notebook), {}, page.content.encode(), VERSIONS)
        shared.results["notebooks rendered"] += 1

    page.render = kept_render
    return page
