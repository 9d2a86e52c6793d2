"""Every parameter-count formula against the count of a real torch module."""

from __future__ import annotations

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from torch import nn

import gated
from gated.chapter.experiments import seq2seq

MODULES = {"rnn": nn.RNN, "gru": nn.GRU, "lstm": nn.LSTM}


def module(cell: str, d: int, H: int, layers: int = 1, bidirectional: bool = False) -> nn.Module:
    return MODULES[cell](d, H, num_layers=layers, bidirectional=bidirectional, device="meta")


def second_biases(m: nn.Module) -> int:
    """The numbers in PyTorch's second bias vectors, b_hh, of every layer and direction."""
    return sum(p.numel() for name, p in m.named_parameters() if name.startswith("bias_hh"))


shapes = dict(
    cell=st.sampled_from(sorted(MODULES)),
    d=st.integers(1, 300),
    H=st.integers(1, 300),
    layers=st.integers(1, 3),
    bidirectional=st.booleans(),
)


@settings(max_examples=100, deadline=None)
@given(**shapes)
def test_count_with_two_biases_is_the_torch_count(cell, d, H, layers, bidirectional):
    m = module(cell, d, H, layers, bidirectional)
    assert gated.count(cell, d, H, biases=2, layers=layers, bidirectional=bidirectional) == gated.n_parameters(m)


@settings(max_examples=100, deadline=None)
@given(**shapes)
def test_count_with_one_bias_drops_the_second_bias_vectors(cell, d, H, layers, bidirectional):
    m = module(cell, d, H, layers, bidirectional)
    want = gated.n_parameters(m) - second_biases(m)
    assert gated.count(cell, d, H, biases=1, layers=layers, bidirectional=bidirectional) == want
    if layers == 1 and not bidirectional:  # the default is the chapter's one bias
        assert gated.count(cell, d, H) == want


@settings(max_examples=50, deadline=None)
@given(d=st.integers(1, 300), H=st.integers(1, 300))
def test_chapter_formulas(d, H):
    block = H * d + H * H + H
    assert gated.block(d, H) == block == H * (H + d) + H
    assert gated.count("rnn", d, H) == block
    assert gated.count("gru", d, H) == 3 * block
    assert gated.count("lstm", d, H) == 4 * block
    assert gated.count("lstm", d, H, biases=2) == 4 * (H * d + H * H + 2 * H)
    assert gated.count("gru", d, H, biases=2) == 3 * (H * d + H * H + 2 * H)


def test_n_parameters_of_the_rnn_module_counts_every_tensor():
    m = nn.LSTM(5, 7, num_layers=2, bidirectional=True, device="meta")
    assert gated.n_parameters(m) == sum(p.numel() for p in m.parameters())
    assert len(list(m.parameters())) == 2 * 2 * 4  # layers × directions × (W_ih, W_hh, b_ih, b_hh)


@pytest.mark.parametrize(
    "args, kwargs, match",
    [
        (("transformer", 3, 4), {}, "unknown cell"),
        (("LSTM", 3, 4), {}, "unknown cell"),
        (("lstm", 3, 4), {"biases": 0}, "biases"),
        (("lstm", 3, 4), {"biases": 3}, "biases"),
        (("lstm", 0, 4), {}, "d must be"),
        (("lstm", 3, 0), {}, "H must be"),
        (("lstm", 3, -4), {}, "H must be"),
        (("lstm", 3, 4), {"layers": 0}, "layers must be"),
        (("lstm", 1.5, 4), {}, "d must be"),
        (("lstm", "3", 4), {}, "d must be"),
        (("lstm", 3, 4.0), {}, "H must be"),
    ],
)
def test_bad_arguments_raise_value_error(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        gated.count(*args, **kwargs)


# ---------------------------------------------------------------- the chapter's models


def test_two_layer_bidirectional_lstm_at_512():
    formula = gated.count("lstm", 512, 512, biases=2, layers=2, bidirectional=True)
    assert formula == 10_502_144
    m = nn.LSTM(512, 512, num_layers=2, bidirectional=True)
    assert gated.n_parameters(m) == formula
    assert m.weight_ih_l1.shape == (4 * 512, 1024)  # the second layer reads 2H inputs


def test_ag_news_gru():
    formula = gated.count("gru", 100, 128, biases=2)
    assert formula == 88_320
    assert gated.n_parameters(nn.GRU(100, 128)) == formula


def test_lstm_128_per_direction():
    formula = gated.count("lstm", 128, 128, biases=2)
    assert formula == 132_096
    assert gated.n_parameters(nn.LSTM(128, 128)) == formula
    assert gated.n_parameters(nn.LSTM(128, 128, bidirectional=True)) == 2 * formula


def test_seq2seq_core_and_total():
    assert seq2seq.core() == 492_602
    assert seq2seq.total() == 8_380_474


def test_seq2seq_breakdown_sums_to_core():
    parts = seq2seq.breakdown()
    assert set(parts) == {"encoder", "decoder", "projections", "output bias"}
    assert sum(parts.values()) == seq2seq.core()
    lstm = gated.count("lstm", 128, 128, biases=2)
    assert parts["encoder"] == 2 * lstm
    assert parts["decoder"] == lstm
    assert parts["projections"] == 2 * (256 * 128 + 128) == 65_792
    assert parts["output bias"] == seq2seq.TARGET_VOCAB == 30_522


def test_seq2seq_counts_the_tied_weight_once():
    m = seq2seq.Seq2Seq()
    assert m.output.weight is m.target_embedding.weight
    with_duplicates = sum(p.numel() for _, p in m.named_parameters(remove_duplicate=False))
    tied = m.output.weight.numel()
    assert tied == seq2seq.TARGET_VOCAB * seq2seq.EMBEDDING
    assert gated.n_parameters(m) == with_duplicates - tied == seq2seq.total()
    # the reconstruction: the core plus one source and one target embedding matrix
    embeddings = (seq2seq.SOURCE_VOCAB + seq2seq.TARGET_VOCAB) * seq2seq.EMBEDDING
    assert seq2seq.total() == seq2seq.core() + embeddings


def test_seq2seq_runs_and_starts_the_decoder_from_the_projections():
    torch.manual_seed(0)
    m = seq2seq.Seq2Seq(source_vocab=11, target_vocab=13)
    source, target = torch.randint(0, 11, (6, 2)), torch.randint(0, 13, (4, 2))
    logits = m(source, target)
    assert logits.shape == (4, 2, 13)
    logits.sum().backward()
    for name in ("h_proj", "c_proj", "encoder"):
        grads = [p.grad for p in getattr(m, name).parameters()]
        assert all(g is not None and g.abs().sum() > 0 for g in grads), name
