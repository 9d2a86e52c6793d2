"""Claims an experiment makes about its results, stated in both languages and checked.

An experiment's module lists what its page says about a run as `Claim`s: the
statement, whether the run bears it out, and what was measured. The page's
block shows them with `shown`, which checks them first, and the experiment's
test calls `check`, so a claim that fails is named once, with its
measurement, wherever it is checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .render import Column, Table, Text, markdown


class Claim(NamedTuple):
    says: Text  # the statement, as the page makes it
    holds: bool
    measured: str  # what the run gave, to show when it does not hold


class ClaimFailed(AssertionError):
    """A result no longer bears out what its page says."""


def check(claims: Sequence[Claim]) -> None:
    """Raise `ClaimFailed`, naming every claim that does not hold and its measurement."""
    failed = [f"{claim.says('en')} (measured: {claim.measured})" for claim in claims if not claim.holds]
    if failed:
        raise ClaimFailed("; ".join(failed))


def table(claims: Sequence[Claim]) -> Table:
    """The claims as the page shows them: each statement and whether the run bears it out."""
    yes, no = Text("holds", "выполнено"), Text("FAILS", "НЕ ВЫПОЛНЕНО")
    return Table(
        (Column(Text("claim, checked on every build", "утверждение, проверяемое при каждой сборке")),
         Column(Text("", ""))),
        tuple((claim.says, yes if claim.holds else no) for claim in claims),
    )


def shown(claims: Sequence[Claim]) -> str:
    """The claims' table in Markdown, in the current language, once `check` has found that every one holds."""
    check(claims)
    return markdown(table(claims))
