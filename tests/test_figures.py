"""The registry of published figures: every figure reproduces, prints and reports drift."""

from __future__ import annotations

import numpy as np
import pytest

from gated.chapter import examples, published
from gated.chapter.published import FIGURES, Figure
from gated.render import parse
from gated.render import NBSP


def test_every_figure_reproduces():
    assert published.check() == []


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_published_value_round_trips_through_printed(name):
    fig = FIGURES[name]
    assert fig.printed("en") == fig.published
    assert fig.computed("en") == fig.published


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_russian_printing(name):
    fig = FIGURES[name]
    ru = fig.printed("ru")
    assert fig.computed("ru") == ru
    assert "," not in ru
    if fig.published.endswith("%"):
        assert ru == fig.published[:-1] + NBSP + "%"
    else:
        assert ru == fig.published.replace(",", NBSP)


def test_russian_groups_thousands_with_no_break_spaces():
    grouped = [name for name, fig in FIGURES.items() if "," in fig.published]
    assert "cost.lstm128" in grouped and "seq2seq.total" in grouped
    assert FIGURES["cost.lstm128"].printed("ru") == "132\u00a0096"
    assert FIGURES["seq2seq.total"].printed("ru") == "8\u00a0380\u00a0474"
    assert FIGURES["cost.gru_share"].printed("ru") == "75\u00a0%"


def test_parse():
    assert parse("132,096") == 132096 and isinstance(parse("132,096"), int)
    assert parse("75%") == 0.75
    assert parse("7.105e-15") == 7.105e-15
    assert parse("-0.32") == -0.32
    assert parse("50") == 50 and isinstance(parse("50"), int)


def test_a_changed_computation_is_reported(monkeypatch):
    fig = FIGURES["cost.lstm128"]
    monkeypatch.setitem(FIGURES, "cost.lstm128", fig._replace(compute=lambda: 132_097))
    drift = published.check()
    assert [(name, new) for name, _, new in drift] == [("cost.lstm128", "132,097")]
    assert drift[0][1].published == "132,096"


def test_a_changed_example_is_reported_for_every_figure_it_feeds(monkeypatch):
    monkeypatch.setattr(examples, "COUNTERFACTUAL_F", 0.2)
    drift = {name: new for name, _, new in published.check()}
    assert drift == {
        "counterfactual.f": "0.2",
        "counterfactual.kept": "0.4",
        "counterfactual.c": format(examples.counterfactual(), ".2f"),
        "counterfactual.h": format(examples.worked().o[0] * np.tanh(examples.counterfactual()), ".3f"),
    }
    assert drift["counterfactual.c"] != FIGURES["counterfactual.c"].published


def test_a_changed_published_value_is_reported(monkeypatch):
    monkeypatch.setitem(FIGURES, "bias.ratio", Figure("3.5e+11", FIGURES["bias.ratio"].compute, ".1e"))
    assert [(name, new) for name, _, new in published.check()] == [("bias.ratio", "3.6e+11")]
