"""Bound literals, `[VALUE]{NAME}`: their syntax, which names state a computed result, and the line of an offset.

The floor of the hooks that read a page's numbers: hooks/quotes.py checks each literal, hooks/words.py reads the
numbers in words, hooks/parity.py and hooks/translations.py compare twins by the names they quote. It imports no
other hook, so each of them reads straight down to it.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

BOUND = re.compile(r"\[(?P<value>[^\[\]\n]*)\]\{(?P<name>[^{}\s]*)\}")
FIGURE = re.compile(r"[a-z][\w]*(?:\.\w+)+")  # a published figure of gated/chapter/published.py: it has a dot
BLOCK_REF = re.compile(r"(?P<block>[\w-]+):(?P<key>[\w.-]+)")  # a value that the block `id="block"` prints


def computed(name: str) -> bool:
    """Whether a literal's NAME states a computed result (a published figure or a block's value), not a kind."""
    return bool(FIGURE.fullmatch(name) or BLOCK_REF.fullmatch(name))


def line_of(text: str) -> Callable[[int], int]:
    """A function from an offset in `text` to its line, counted from 1."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    return lambda pos: bisect.bisect_right(starts, pos)
