"""What the build's hooks share: where the project is, its languages, how a failure is reported, and the store.

The hooks import this module as `shared`: MkDocs puts a hook's own folder on
`sys.path` while it loads the hook.

A page's language comes from its file name, as mkdocs-static-i18n's documented
suffix layout (`docs_structure: suffix`) names it: `lstm.md` is English,
`lstm.ru.md` Russian. No hook asks i18n which language it is building.
"""

from __future__ import annotations

import importlib
import logging
import os
import re
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from mkdocs.utils import meta

from gated.render import LANGUAGES  # ("en", "ru"); a test checks that mkdocs.yml builds these

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = LANGUAGES[0]  # the language at /, of the file without a suffix

_SUFFIX = re.compile(r"(.*)\.(" + "|".join(LANGUAGES) + r")(\.\w+)")


def language(src_uri: str) -> str:
    """The language of a page from its file name: 'ru' for 'lstm.ru.md', 'en' for 'lstm.md'."""
    m = _SUFFIX.fullmatch(src_uri)
    return m.group(2) if m else DEFAULT


def twin(src_uri: str, lang: str) -> str:
    """The file name of the same page in `lang`: twin('lstm.md', 'ru') == 'lstm.ru.md'."""
    m = _SUFFIX.fullmatch(src_uri)
    base = m.group(1) + m.group(3) if m else src_uri
    if lang == DEFAULT:
        return base
    stem, ext = base.rsplit(".", 1)
    return f"{stem}.{lang}.{ext}"


def lines_above(page) -> int:
    """How many lines of the page's file precede the Markdown the hooks get: MkDocs takes off its front matter and
    the blank lines after it (mkdocs.utils.meta.get_data). A line the hooks count in that Markdown is that many
    lines further down the file."""
    if not page.file.abs_src_path:
        return 0
    raw = Path(page.file.abs_src_path).read_text(encoding="utf-8")
    front = meta.YAML_RE.match(raw)
    if not front:
        return 0
    rest = raw[front.end():]
    return raw.count("\n", 0, front.end()) + len(rest) - len(rest.lstrip("\n"))


def building(config) -> str:
    """The language that this run of the build renders.

    The one private detail of mkdocs-static-i18n that the hooks rely on: it builds
    the site once per language and, in its `on_config` (priority -100), applies
    that language's settings (site_name, copyright, ...) and, with
    `reconfigure_material: true`, sets `theme.language` to that language. tests/pages/test_quotes.py::test_each_language_build_knows_its_language
    fails if that changes.
    """
    return config.theme["language"]


def last_language(config) -> bool:
    """Whether this run of the build renders the last language: mkdocs-static-i18n builds the others inside the
    first one's (in its on_post_build), one after another, and a strict build stops at the end of the first of them
    that warned, before the outer build's own last hooks run."""
    i18n = config.plugins["i18n"]
    return i18n.current_language == i18n.build_languages[-1]


# ---------------------------------------------------------------- failures on the line

WHERE = re.compile(r"(?P<file>(?:docs|notebooks|gated|snippets)/[\w./-]+|mkdocs\.yml):(?P<line>\d+)")


class Annotations(logging.Handler):
    """Under GitHub Actions, print each warning that names `file:line` as an `::error` annotation too."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        m = WHERE.search(message)
        if not m:
            return
        text = message.strip().replace("%", "%25").replace("\r", "").replace("\n", "%0A")
        print(f"::error file={m['file']},line={m['line']}::{text}", flush=True)


def annotate() -> None:
    """Install the annotations once, when the build runs under GitHub Actions."""
    logger = logging.getLogger("mkdocs")
    if os.environ.get("GITHUB_ACTIONS") == "true" and not any(isinstance(h, Annotations) for h in logger.handlers):
        logger.addHandler(Annotations())


STALE_DAYS = 14  # a result in a folder store that no build has used (touched) for this long goes when MkDocs starts


def forget_unused(paths: Iterable[Path]) -> None:
    """Delete the files among `paths` that no build has used (touched) for STALE_DAYS (the result store forgets
    its own entries: `gated.store.Store.forget_unused`)."""
    limit = time.time() - STALE_DAYS * 86400
    for path in paths:
        if path.stat().st_mtime < limit:
            path.unlink()


# ---------------------------------------------------------------- where results are kept, and came from


def store():
    """The result store (`gated.store`: .cache/, or GATED_STORE's), as `gated` is imported now; hooks/tracing.py
    keeps that module across the blocks' fresh imports of `gated`, so its record of corrupt entries holds."""
    return importlib.import_module("gated.store").default()


results: Counter[str] = Counter()  # what this build did with its results ("blocks ran", ...): hooks/provenance.py
# Every block's output in this build, run or reused, with what it used: where -> (output, files used), for
# the digest of what the pages show of each experiment (hooks/provenance.py).
outputs: dict[str, tuple[str, dict[str, str]]] = {}
failed: list = []  # this build's failing blocks, in every language (hooks/failures.py reports them once)
problems: dict[str, list[str]] = {}  # page (src_uri), or "" for the build -> its open problems (hooks/problems.py)
