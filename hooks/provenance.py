"""The build's last line: where its results came from.

    results: 0 blocks ran, 102 reused; experiments: 0 computed, 3 from s3://course/results; notebooks: ...

Blocks are counted over every language (hooks/execution.py adds each language's to `shared.results`), and
experiments once per build, whichever language's block asked first (`gated.torch.pinned.tally`): computed
here (or on the cluster), or read from the result store; and the notebooks, executed or reused
(hooks/outputs.py). Then one line for each entry of the store that was
not served because its content did not match its hash; what used it was computed again and the entry
replaced (a heavy experiment's block fails instead, naming the command that publishes it).

Before it, one line with each experiment's digests, so that two machines' logs compare at a glance:

    experiments: forget_bias raw 0ab7cf24e2bd, shown 4e1f…; gradients raw …, shown …; …

`raw` is a digest of the experiment's published results, the bits its calls returned (`gated.torch.pinned.digests`:
from this build, or read from the store); `shown` a digest of what the pages show of them, the outputs of every
block that used the experiment's module, in both languages. On another CPU the raw bits may differ; what the
pages show must not (`tests/pages/test_numerics.py`).

mkdocs-static-i18n builds the other languages inside the first one's build (in its on_post_build, -100),
so this hook counts the builds under way and speaks when the outermost one ends.
"""

from __future__ import annotations

import hashlib
import logging
import sys

import shared
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.provenance")

_builds = 0  # the builds under way: the first language's, and inside it another language's


@event_priority(100)  # first: before anything of this build is counted
def on_pre_build(config) -> None:
    global _builds
    _builds += 1
    if _builds == 1:  # a new build, not another language of this one
        shared.results.clear()
        shared.outputs.clear()
        shared.store().corrupt.clear()
        if pinned := sys.modules.get("gated.torch.pinned"):
            pinned.tally.clear()


@event_priority(-200)  # last, after mkdocs-static-i18n has built the other languages
def on_post_build(config) -> None:
    global _builds
    _builds -= 1
    if _builds:
        return
    store, pinned = shared.store(), sys.modules.get("gated.torch.pinned")
    tally = pinned.tally if pinned else {}
    log.info(f"results: {shared.results['blocks ran']} blocks ran, {shared.results['blocks reused']} reused;"
             f" experiments: {tally.get('computed', 0)} computed, {tally.get('stored', 0)} from {store.name};"
             f" notebooks: {shared.results['notebooks rendered']} executed,"
             f" {shared.results['notebooks reused']} reused")
    if said := digests():
        log.info("experiments: " + "; ".join(f"{name} raw {raw}, shown {shown}" for name, (raw, shown) in said.items()))
    for where in store.corrupt:
        log.info(f"results: {where} does not match its hash: not served, computed again and replaced")


def digests() -> dict[str, tuple[str, str]]:
    """Per experiment: a digest of its published results' bits, and one of what the pages show of them (the outputs
    of the blocks that used its module, in a fixed order)."""
    try:
        from gated.torch import pinned  # reads the record and the store; imports neither torch nor the experiments
    except ImportError:
        return {}
    said = {}
    for name, raw in pinned.digests(pinned.CACHE / "published.json").items():
        module = f"gated/chapter/experiments/{name}.py"
        shown = hashlib.sha256()
        for where, (output, used) in sorted(shared.outputs.items()):
            if module in used:
                shown.update(f"{where}\n{output}\n".encode())
        said[name] = raw, shown.hexdigest()[:12]
    return said


def on_build_error(error) -> None:
    global _builds
    _builds = 0
