"""Claims an experiment makes about its results, stated in both languages and checked.

An experiment's module lists what its page says about a run as `Claim`s: the
statement, whether the run bears it out, and what was measured. The page's
block shows them with `shown`, which checks them first, and the experiment's
test calls `check`, so a claim that fails is named once, with its
measurement, wherever it is checked.

A claim's bounds (the 10 of "within a factor of 10") are the experiment's own
settings, each a published figure that the page's prose binds by name
(`gated/chapter/published.py`), so the prose cannot promise more than the claim
checks. What was measured may carry values the prose quotes, printed with
`gated.named`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from .render import Column, Table, Text, markdown


class Claim(NamedTuple):
    says: Text  # the statement, as the page makes it
    holds: bool
    measured: Text | str  # what the run gave, shown beside the claim and named when it does not hold


class ClaimFailed(AssertionError):
    """A result no longer bears out what its page says."""


def _plain(measured: Text | str) -> str:
    """What was measured, in English, without the markup of named values."""
    return re.sub(r"<[^>]+>", "", measured.en if isinstance(measured, Text) else measured)


def check(claims: Sequence[Claim]) -> None:
    """Raise `ClaimFailed`, naming every claim that does not hold and its measurement."""
    failed = [f"{claim.says('en')} (measured: {_plain(claim.measured)})" for claim in claims if not claim.holds]
    if failed:
        raise ClaimFailed("; ".join(failed))


def table(claims: Sequence[Claim]) -> Table:
    """The claims as the page shows them: each statement, and what the run measured."""
    return Table(
        (Column(Text("what the runs show", "что показывают запуски")), Column(Text("measured", "измерено"))),
        tuple((claim.says, claim.measured) for claim in claims),
    )


def shown(claims: Sequence[Claim]) -> str:
    """The claims' table in Markdown, in the current language, once `check` has found that every one holds."""
    check(claims)
    return markdown(table(claims))
