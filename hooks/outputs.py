"""The notebooks' rendered pages, executed once and kept in the result store.

mkdocs-jupyter executes a notebook and renders it to HTML when MkDocs renders its page. This hook wraps that
rendering (mkdocs-jupyter's own cache is off, in mkdocs.yml): the page's HTML is an entry of the store
(`gated.store`: .cache/notebooks-html, or GATED_STORE's), keyed on everything it is made of: the generated
notebook's bytes (its text, its parameters and the slices of `gated` it carries, hooks/notebooks.py), the
settings of mkdocs-jupyter that shape the page, and the versions of Python, numpy, the CPU and the packages
that execute and render it. The notebook imports only what it writes itself, so the key is all it used. A
machine that shares the store renders a notebook that another has rendered without starting a kernel.
"""

from __future__ import annotations

import hashlib
import json
from importlib.metadata import version
from pathlib import Path

import shared
import tracing
from mkdocs.plugins import event_priority

KIND = "notebooks-html"  # the rendered notebooks in the store
RENDERING = ("mkdocs-jupyter", "nbconvert", "nbclient", "ipykernel", "mistune", "Pygments")
SETTINGS = ("execute", "kernel_name", "theme", "allow_errors", "show_input", "no_input", "no_prompt",
            "remove_tag_config", "highlight_extra_classes", "include_requirejs", "custom_mathjax_url", "toc_depth")
VERSIONS = [*tracing.VERSIONS, *(f"{p} {version(p)}" for p in RENDERING)]


def on_startup(command: str, dirty: bool) -> None:
    shared.store().forget_unused([KIND], shared.STALE_DAYS)


@event_priority(-10)  # after mkdocs-jupyter's on_pre_page has given the notebook's page its rendering
def on_pre_page(page, config, files):
    if not page.file.src_uri.endswith(".ipynb"):
        return page
    render = page.render
    jupyter = config.plugins["mkdocs-jupyter"].config
    settings = {name: repr(jupyter[name]) for name in SETTINGS}
    notebook = Path(page.file.abs_src_path).read_bytes().decode()
    key = hashlib.sha256(json.dumps([notebook, settings, VERSIONS]).encode()).hexdigest()

    def kept_render(config, files) -> None:
        entry = shared.store().find(KIND, key, lambda used: True)  # the key is all it depends on
        if entry is not None:
            page.content = entry.content.decode()  # its headings' anchors and contents: hooks/notebooks.py
            shared.results["notebooks reused"] += 1
            return
        render(config, files)
        shared.store().put(KIND, key, {}, page.content.encode(), VERSIONS)
        shared.results["notebooks rendered"] += 1

    page.render = kept_render
    return page
