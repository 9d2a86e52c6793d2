"""A failing block, reported where its author wrote it: at the snippet's own line, once for every language.

hooks/execution.py runs each block once per language. When one fails, this hook
makes its report:

- at the line the author edits: the snippet's own file and line
  (`snippets/cost/params.py:3`; for a doctest session, the first line of the
  output that differs, `snippets/cost/lstm128.pycon:8`), with the page's line
  beside it (`docs/cost.md:40`). A block written in the page is reported at the
  page's line. pymdownx.snippets includes a snippet whole, so the block's line k
  is the snippet's line k: `origins` maps each line, and checks the mapping
  against the code the block ran;
- with its traceback from the author's frame on: the frames of the hooks that
  ran the block are left out, and the block's frames name the snippet;
- once, when the build ends, for every language the same failure happened in
  ("docs/cost.md:40 in English, docs/cost.ru.md:42 in Russian"), instead of
  markdown-exec's warning in each language, which echoes the whole block.

The page shows the failure in place of the block, in the page's language
(what markdown-exec renders from the error).

hooks/execution.py imports this module by name and MkDocs loads it as a hook
by its path: two copies of one code, so what they share is `shared.failed`.
"""

from __future__ import annotations

import doctest
import logging
import re
import traceback
from typing import NamedTuple

import seen
import shared
from markdown_exec import ExecutionError
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.failures")

INCLUDE = re.compile(r'^[ \t]*-{1,}8<-{1,}[ \t]+"(?P<path>[^":]+)"[ \t]*$')  # a whole snippet, no section or lines
WHERE = re.compile(r"(?P<page>docs/.+?):(?P<line>\d+), block '(?P<block>[^']*)'")  # hooks/execution.py's `where`
LANGUAGE = {"en": "English", "ru": "Russian"}
FAILS = {"en": "This block fails", "ru": "Этот блок завершается с ошибкой"}


def origins(page: str, fence: int, code: str) -> list[tuple[str, int]] | None:
    """Where each line of a block's code comes from, (file, line): the snippet it includes, or the page, whose
    fence starts at line `fence`. None if the fence and its snippets do not make the code the block ran."""
    if not (shared.ROOT / page).is_file():
        return None
    text = (shared.ROOT / page).read_text(encoding="utf-8")
    match = next((m for m in seen.fences(text) if text.count("\n", 0, m.start()) + 1 == fence), None)
    if match is None:
        return None
    found: list[tuple[str, int]] = []
    lines: list[str] = []
    for k, line in enumerate(match.group().split("\n")[1:-1], start=fence + 1):
        line = line[len(match["indent"]):]
        include = INCLUDE.match(line)
        if include and (shared.ROOT / include["path"]).is_file():
            snippet = (shared.ROOT / include["path"]).read_text(encoding="utf-8").split("\n")
            found += [(include["path"], n) for n in range(1, len(snippet) + 1)]
            lines += snippet
        else:
            found.append((page, k))
            lines.append(line)
    ran = code.rstrip("\n").split("\n")
    if [s.rstrip() for s in lines[: len(ran)]] != [s.rstrip() for s in ran]:
        return None
    return found


class Block(NamedTuple):
    """The block that failed: its page, the line of its fence there, its id, and the name its code ran under."""

    page: str
    line: int
    id: str
    filename: str

    @classmethod
    def of(cls, where: str) -> Block:
        m = WHERE.fullmatch(where)
        return cls(m["page"], int(m["line"]), m["block"], f"<{where}>") if m else cls(where, 1, "", f"<{where}>")

    def at(self, code: str, line: int | None) -> str:
        """`file:line` of the block's code line `line` (from 1), or of its fence."""
        lines = origins(self.page, self.line, code) if line else None
        file, n = lines[line - 1] if lines and 0 < line <= len(lines) else (self.page, self.line)
        return f"{file}:{n}"


class Failure(NamedTuple):
    block: Block
    lang: str
    at: str  # file:line of what the author edits
    said: str  # what failed, one line
    detail: str  # a traceback, a session's difference: after the line


def _trace(error: BaseException, block: Block, code: str) -> str:
    """The traceback from the block's first frame on, its frames naming the snippet's file and line."""
    lines = origins(block.page, block.line, code) or []
    te = traceback.TracebackException.from_exception(error)
    for exc in _chain(te):
        frames = list(exc.stack)
        first = next((k for k, f in enumerate(frames) if f.filename == block.filename), 0)
        shown = []
        for f in frames[first:]:
            if f.filename == block.filename and f.lineno and f.lineno <= len(lines):
                file, n = lines[f.lineno - 1]
                f = traceback.FrameSummary(file, n, f.name, lookup_line=False, line=f.line)
            elif f.filename.startswith(f"{shared.ROOT}/"):  # the project's files by their folder, as the author does
                f = traceback.FrameSummary(f.filename[len(f"{shared.ROOT}/"):], f.lineno, f.name, lookup_line=False,
                                           line=f.line)
            shown.append(f)
        exc.stack = traceback.StackSummary.from_list(shown)
    return "".join(te.format())


def _chain(te: traceback.TracebackException):
    while te is not None:
        yield te
        te = te.__cause__ or te.__context__


def _deepest(error: BaseException, block: Block) -> int | None:
    """The line of the block's code where `error` was raised: its innermost frame in the block."""
    found = None
    for frame, line in traceback.walk_tb(error.__traceback__):
        if frame.f_code.co_filename == block.filename:
            found = line
    return found


def _failed(where: str, lang: str, code: str, line: int | None, said: str, detail: str,
            fence: str = "pytb") -> ExecutionError:
    """Keep the failure for the build's report; return the error whose text the page shows in the block's place."""
    block = Block.of(where)
    at = block.at(code, line)
    shared.failed.append(Failure(block, lang, at, said, detail))
    body = "\n".join("    " + s if s else "" for s in f"{said.removeprefix(': ')}\n\n{detail}".rstrip().split("\n"))
    return ExecutionError(f'!!! failure "{FAILS.get(lang, FAILS["en"])}: {at}"\n\n    ```{fence}\n{body}\n    ```\n')


def raised(error: Exception, where: str, lang: str, code: str) -> ExecutionError:
    block = Block.of(where)
    said = f"raised {type(error).__name__}" + (f": {error}" if str(error) else "")
    return _failed(where, lang, code, _deepest(error, block), said.split("\n")[0], _trace(error, block, code))


def exited(exit: SystemExit, where: str, lang: str, code: str) -> ExecutionError:
    line = _deepest(exit, Block.of(where))
    return _failed(where, lang, code, line, f"called sys.exit({exit.code!r}); a block must not end the build", "")


def warned(caught: list, where: str, lang: str, code: str) -> ExecutionError:
    block = Block.of(where)
    first = next((w.lineno for w in caught if w.filename == block.filename), None)
    said = "\n".join(f"{w.category.__name__}: {w.message}"
                     + ("" if w.filename == block.filename else f" ({w.filename}:{w.lineno})") for w in caught)
    return _failed(where, lang, code, first, "warned: " + said.split("\n")[0], said)


def refused(where: str, lang: str, code: str, said: str) -> ExecutionError:
    """A block this project does not run as written (a session, a pycon block without >>>)."""
    return _failed(where, lang, code, None, said, "")


class Runner(doctest.DocTestRunner):
    """A doctest runner that keeps each example that failed, with what it printed instead."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.failed_examples: list[tuple[doctest.Example, str, int]] = []  # (example, got, its line, from 1)

    def report_failure(self, out, test, example, got) -> None:
        # the first line of the output it expected
        self.failed_examples.append((example, got, example.lineno + example.source.count("\n") + 1))
        super().report_failure(out, test, example, got)

    def report_unexpected_exception(self, out, test, example, exc_info) -> None:
        got = "".join(traceback.format_exception_only(exc_info[0], exc_info[1]))
        self.failed_examples.append((example, got, example.lineno + 1))  # the >>> line that raised
        super().report_unexpected_exception(out, test, example, exc_info)


def differs(runner: Runner, attempted: int, where: str, lang: str, session: str) -> ExecutionError:
    """A session whose examples do not print what it says: at the first line of the first output that differs."""
    example, got, line = runner.failed_examples[0]
    said = f": {len(runner.failed_examples)} of {attempted} examples do not print what the session says"
    shown = "\n".join(f">>> {example.source.rstrip()}".replace("\n", "\n... ").split("\n")
                      + ["expected:"] + [f"    {s}" for s in (example.want.rstrip() or "(nothing)").split("\n")]
                      + ["got:"] + [f"    {s}" for s in (got.rstrip() or "(nothing)").split("\n")])
    return _failed(where, lang, session, line, said, shown, "text")


# ---------------------------------------------------------------- the report, once the build ends


def on_startup(command: str, dirty: bool) -> None:
    """markdown-exec's own warning for a failed block, with the block echoed, is this hook's report."""
    logging.getLogger("mkdocs.plugins.markdown_exec._internal.formatters.base").addFilter(
        lambda record: not record.getMessage().startswith("markdown_exec: Execution of "))


@event_priority(100)
def on_pre_build(config) -> None:
    if not config.plugins["i18n"].building:  # a new build, not another language of this one
        shared.failed.clear()


def on_post_build(config) -> None:
    """Once the last language is built: a strict build still counts the warnings, even if it stops there."""
    if not shared.last_language(config):
        return
    for message, pages in report(shared.failed):
        log.warning(message, extra={"owners": pages})
    shared.failed.clear()


def report(failures: list[Failure]) -> list[tuple[str, list[str]]]:
    """One message per failure, however many languages it happened in, and the pages (src_uri) it was on."""
    alike: dict[tuple, list[Failure]] = {}
    for f in failures:  # the same failure in another language: its traceback may pass through other frames
        alike.setdefault((f.at, f.block.id, f.said), []).append(f)
    found = []
    for (at, block, said), each in alike.items():
        detail = each[0].detail
        where = ", ".join(f"{f.block.page}:{f.block.line} in {LANGUAGE.get(f.lang, f.lang)}" for f in each)
        trace = "".join(f"\n  {line}" for line in detail.rstrip().split("\n")) if detail else ""
        found.append((f"{at}: block '{block}'{'' if said.startswith(':') else ' '}{said} ({where}){trace}",
                      [f.block.page.removeprefix("docs/") for f in each]))
    return found
