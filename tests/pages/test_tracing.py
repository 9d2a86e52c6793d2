"""hooks/tracing.py: what a block is recorded as having used."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tracing(hook):
    """The hook, and `gated` as it was: a trace imports the package afresh, which this process must not keep."""
    kept = {name: module for name, module in sys.modules.items() if name == "gated" or name.startswith("gated.")}
    yield hook("tracing")
    for name in [n for n in sys.modules if n == "gated" or n.startswith("gated.")]:
        del sys.modules[name]
    sys.modules.update(kept)


def test_a_block_is_not_charged_with_what_the_experiments_threads_read(tracing):
    """Experiments started before a block check their kept results beside it, in threads of their own: the files
    they read are not the block's. A thread the block starts is the block's."""

    def read(name: str) -> None:
        (ROOT / name).read_bytes()

    with tracing.traced() as used:
        for name, thread in (("gated/chapter/diagram.py", "gated.torch.pinned_0"), ("gated/cost.py", "the block's")):
            reader = threading.Thread(target=read, args=(name,), name=thread)
            reader.start()
            reader.join()
    assert "gated/cost.py" in used
    assert "gated/chapter/diagram.py" not in used
