"""The practice page's experiment: clipping, packing, dropout between layers, a cell against a layer.

The published run is pinned and kept in the store (the build makes it, so after a build this is free);
the small checks run in this process on a few seeds.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from torch import nn

from gated import claims
from gated.chapter.experiments import practice
from gated.chapter.published import FIGURES
from gated.render import parse

SMALL = practice.Setup(seeds=3, T=40)


@pytest.fixture(scope="module")
def small():
    return practice.measure(SMALL)


def test_the_published_run_bears_out_its_page():
    claims.check(practice.claims(practice.run()))


def test_a_small_run_bears_out_the_same_claims(small):
    claims.check(practice.claims(small, setup=SMALL))


def test_clipping_returns_the_norm_before_and_leaves_max_norm(small):
    assert (small["before"] > SMALL.max_norm).all()
    assert small["after"] == pytest.approx([SMALL.max_norm] * SMALL.seeds, rel=1e-6)


def test_packed_final_states_are_those_of_each_sequence_alone(small):
    packing = small["packing"]
    assert packing["packed"].max() < 1e-12 and packing["read"].max() < 1e-12 and packing["full"].max() < 1e-12
    assert packing["backward"].min() > 1e3 * 1e-12 and packing["forward"].min() > 1e3 * 1e-12


def test_packing_takes_a_batch_in_any_order():
    unsorted = practice.Setup(lengths=(4, 6, 2), seeds=1)
    torch.manual_seed(0)
    packing = practice._packing(unsorted)
    assert packing["packed"] < 1e-12 and packing["read"] < 1e-12 and packing["full"] < 1e-12
    assert packing["backward"] > 1e-3


def test_one_layer_dropout_warns_and_does_nothing(small):
    assert "num_layers greater than 1" in small["warning"] and "dropout=0.5" in small["warning"]
    assert (small["dropout one"] == 0).all() and (small["dropout two"] > 0).all()
    with pytest.warns(UserWarning, match="num_layers greater than 1"):
        nn.LSTM(2, 3, dropout=0.2)


def test_the_cell_is_one_step_of_the_layer(small):
    assert small["cell"].max() < 1e-12
    cell, lstm = nn.LSTMCell(3, 5), nn.LSTM(3, 5)
    assert {n for n, _ in cell.named_parameters()} == {n.removesuffix("_l0") for n, _ in lstm.named_parameters()}


def test_the_bounds_and_settings_are_figures_both_pages_bind():
    docs = Path(__file__).resolve().parents[1] / "docs"
    bounds, setup = practice.Bounds(), practice.Setup()
    published = {"explode": bounds.explode, "tol": bounds.tol, "gap": bounds.gap, "gain": setup.gain, "T": setup.T,
                 "max_norm": setup.max_norm, "p": setup.p, "seeds": setup.seeds,
                 "longest": max(setup.lengths), "shortest": min(setup.lengths)}
    for field, value in published.items():
        figure = f"practice.{field}"
        assert parse(FIGURES[figure].published) == pytest.approx(value), figure
        for page in ("practice.md", "practice.ru.md"):
            assert f"]{{{figure}}}" in (docs / page).read_text(encoding="utf-8"), f"docs/{page} never binds {figure}"


def test_measure_leaves_no_warning_behind():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        practice.measure(practice.Setup(seeds=1, T=5))
    assert torch.get_default_dtype() == torch.float32
