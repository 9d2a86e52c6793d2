"""Tables that report a check: computations side by side and how far apart they are, and
an experiment's settings as its code names them. Render them with `gated.render.markdown`."""

from __future__ import annotations

from ..render import Below, Column, Table, Text


def agreement(rows, tolerance: float = 1e-12) -> Table:
    """Pairs of computations and how far apart they are: (label, max |difference|) rows. A pair that agrees shows
    the tolerance it agrees within, not its difference, which is rounding and the CPU's."""
    agree, differ = Text("agree", "совпадают"), Text("differ", "различаются")
    return Table(
        (
            Column(Text("compared", "что сравниваем")),
            Column(
                "max $\\lvert\\Delta\\rvert$",
                ".1×",
                Text("max |diff|", "max |разность|"),
            ),
            Column(""),
        ),
        tuple((label, Below(gap, tolerance) if gap < tolerance else float(gap), agree if gap < tolerance else differ)
              for label, gap in rows),
    )


def settings(named: dict, meaning: dict[str, Text]) -> Table:
    """An experiment's settings, as its code names them, each with what it means in the reader's language."""
    if missing := [name for name in named if name not in meaning]:
        raise ValueError(f"settings without a meaning to show: {', '.join(missing)}")
    return Table(
        (Column(Text("setting", "настройка")), Column(Text("value", "значение")),
         Column(Text("what it sets", "что задаёт"))),
        tuple((f"`{name}`", f"`{value!r}`", meaning[name]) for name, value in named.items()),
    )
