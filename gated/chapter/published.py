"""The registry of published figures: every number the chapter states.

Each entry pairs the value as the chapter prints it (in English) with the
computation that must reproduce it and the format that prints it. The site's
build recomputes every entry and fails when one no longer matches, naming the
pages that quote it. To change a published figure on purpose, edit its line.

Numbers in a page's prose are checked against these figures, in the page's own
number format: 132,096 in English is 132 096 in Russian.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from . import examples
from .. import highway
from ..cost import block, count
from ..render import number, parse
from ..variants import count as variant


class Figure(NamedTuple):
    """A published figure: as printed, how it is computed, how it is printed."""

    published: str
    compute: Callable[[], Any]
    spec: str

    def computed(self, lang: str = "en") -> str:
        """The computation's value, printed in `lang`."""
        return number(self.compute(), self.spec, lang)

    def printed(self, lang: str = "en") -> str:
        """The published value, printed in `lang`."""
        return number(parse(self.published), self.spec, lang)


def _torch(module: str) -> Any:
    """A module of the torch side of the package, imported only when a figure needs it."""
    return importlib.import_module(f"gated.chapter.experiments.{module}")


_w = examples.worked
_lstm2 = examples.two_unit_lstm
_gru2 = examples.two_unit_gru


def _pre(gate: str) -> float:
    e = examples.WORKED
    return float(getattr(e.params, gate)(e.x, e.h)[0])


FIGURES: dict[str, Figure] = {
    # ---- the worked example (one coordinate, one step)
    "worked.a_f": Figure("5.95", lambda: _pre("f"), ".2f"),
    "worked.a_i": Figure("4.27", lambda: _pre("i"), ".2f"),
    "worked.a_c": Figure("2.03", lambda: _pre("c"), ".2f"),
    "worked.a_o": Figure("4.78", lambda: _pre("o"), ".2f"),
    "worked.f": Figure("0.997", lambda: _w().f[0], ".3f"),
    "worked.i": Figure("0.986", lambda: _w().i[0], ".3f"),
    "worked.c_tilde": Figure("0.966", lambda: _w().c_tilde[0], ".3f"),
    "worked.o": Figure("0.992", lambda: _w().o[0], ".3f"),
    "worked.kept": Figure("1.995", lambda: _w().f[0] * examples.WORKED.c[0], ".3f"),
    "worked.added": Figure("0.953", lambda: _w().i[0] * _w().c_tilde[0], ".3f"),
    "worked.c": Figure("2.948", lambda: _w().c[0], ".3f"),
    "worked.tanh_c": Figure("0.9945", lambda: np.tanh(_w().c[0]), ".4f"),
    "worked.h": Figure("0.986", lambda: _w().h[0], ".3f"),
    "counterfactual.f": Figure("0.1", lambda: examples.COUNTERFACTUAL_F, ".1f"),
    "counterfactual.kept": Figure("0.2", lambda: examples.COUNTERFACTUAL_F * examples.WORKED.c[0], ".1f"),
    "counterfactual.added": Figure("0.953", lambda: _w().i[0] * _w().c_tilde[0], ".3f"),
    "counterfactual.c": Figure("1.15", examples.counterfactual, ".2f"),
    "counterfactual.h": Figure("0.812", lambda: _w().o[0] * np.tanh(examples.counterfactual()), ".3f"),
    # ---- the two-unit steps
    "lstm2.f1": Figure("0.8038", lambda: _lstm2().f[0], ".4f"),
    "lstm2.f2": Figure("0.6964", lambda: _lstm2().f[1], ".4f"),
    "lstm2.i1": Figure("0.5300", lambda: _lstm2().i[0], ".4f"),
    "lstm2.i2": Figure("0.5769", lambda: _lstm2().i[1], ".4f"),
    "lstm2.c_tilde1": Figure("0.0997", lambda: _lstm2().c_tilde[0], ".4f"),
    "lstm2.c_tilde2": Figure("0.2449", lambda: _lstm2().c_tilde[1], ".4f"),
    "lstm2.o1": Figure("0.4651", lambda: _lstm2().o[0], ".4f"),
    "lstm2.o2": Figure("0.5842", lambda: _lstm2().o[1], ".4f"),
    "lstm2.c1": Figure("0.4547", lambda: _lstm2().c[0], ".4f"),
    "lstm2.c2": Figure("0.3502", lambda: _lstm2().c[1], ".4f"),
    "lstm2.h1": Figure("0.1980", lambda: _lstm2().h[0], ".4f"),
    "lstm2.h2": Figure("0.1966", lambda: _lstm2().h[1], ".4f"),
    "gru2.z1": Figure("0.6011", lambda: _gru2().z[0], ".4f"),
    "gru2.z2": Figure("0.4576", lambda: _gru2().z[1], ".4f"),
    "gru2.r1": Figure("0.5300", lambda: _gru2().r[0], ".4f"),
    "gru2.r2": Figure("0.5769", lambda: _gru2().r[1], ".4f"),
    "gru2.h_tilde1": Figure("0.0894", lambda: _gru2().h_tilde[0], ".4f"),
    "gru2.h_tilde2": Figure("0.2739", lambda: _gru2().h_tilde[1], ".4f"),
    "gru2.h1": Figure("0.0936", lambda: _gru2().h[0], ".4f"),
    "gru2.h2": Figure("0.0168", lambda: _gru2().h[1], ".4f"),
    # ---- the gradient highway
    "decay.rnn_47": Figure("7.105e-15", lambda: highway.decay((0.5,), (47,))[0, 0], ".3e"),
    "decay.lstm99_500": Figure("6.570e-03", lambda: highway.decay((0.99,), (500,))[0, 0], ".3e"),
    # ---- the gradient highway, as its prose prints it (a power of ten, not e-notation)
    "decay.rnn_47_prose": Figure("7.1\u00a0×\u00a010⁻¹⁵", lambda: highway.decay((0.5,), (47,))[0, 0], ".1×"),
    "decay.lstm99_500_prose": Figure("6.57\u00a0×\u00a010⁻³", lambda: highway.decay((0.99,), (500,))[0, 0], ".2×"),
    # ---- the forget-gate bias
    "bias.sigma0": Figure("0.5000", lambda: highway.retained(0, 1), ".4f"),
    "bias.sigma1": Figure("0.7311", lambda: highway.retained(1, 1), ".4f"),
    "bias.sigma2": Figure("0.8808", lambda: highway.retained(2, 1), ".4f"),
    "bias.sigma3": Figure("0.9526", lambda: highway.retained(3, 1), ".4f"),
    "bias.sigma5": Figure("0.9933", lambda: highway.retained(5, 1), ".4f"),
    "bias.b2_47": Figure("2.565e-03", lambda: highway.retained(2, 47), ".3e"),
    "bias.b0_47": Figure("7.105e-15", lambda: highway.retained(0, 47), ".3e"),
    "bias.b2_47_short": Figure("2.6e-03", lambda: highway.retained(2, 47), ".1e"),
    "bias.b0_47_short": Figure("7.1e-15", lambda: highway.retained(0, 47), ".1e"),
    "bias.ratio": Figure("3.6e+11", lambda: highway.retained(2, 47) / highway.retained(0, 47), ".1e"),
    # ---- the measured gradients' set-up
    "gradients.b_f0": Figure("0", lambda: _torch("gradients").BIASES[0], ".0f"),
    "gradients.b_f1": Figure("1", lambda: _torch("gradients").BIASES[1], ".0f"),
    "gradients.b_f2": Figure("2", lambda: _torch("gradients").BIASES[2], ".0f"),
    "gradients.tau_end": Figure("100", lambda: _torch("gradients").Setup().taus[-1], "d"),
    # ---- what the measured gradients' claims check (gradients.Bounds), bound in the page's prose
    "gradients.tau": Figure("47", lambda: _torch("gradients").Bounds().tau, "d"),
    "gradients.factor": Figure("10", lambda: _torch("gradients").Bounds().factor, ".0f"),
    "gradients.step": Figure("0.05", lambda: _torch("gradients").Bounds().step, ".2f"),
    "gradients.plain_low": Figure("0.4", lambda: _torch("gradients").Bounds().plain_low, ".1f"),
    "gradients.plain_high": Figure("0.7", lambda: _torch("gradients").Bounds().plain_high, ".1f"),
    "gradients.line": Figure("25%", lambda: _torch("gradients").Bounds().line, ".0%"),
    # ---- the training experiment's set-up
    "task.T": Figure("30", lambda: _torch("forget_bias").Task().T, "d"),
    "task.K": Figure("4", lambda: _torch("forget_bias").Task().K, "d"),
    "task.H": Figure("32", lambda: _torch("forget_bias").Task().H, "d"),
    "task.batch": Figure("64", lambda: _torch("forget_bias").Task().batch, "d"),
    "task.steps": Figure("300", lambda: _torch("forget_bias").Task().steps, "d"),
    "task.seeds": Figure("3", lambda: len(_torch("forget_bias").Task().seeds), "d"),
    "task.chance": Figure("25%", lambda: _torch("forget_bias").Task().chance, ".0%"),
    # ---- what the training's claims check, bound in the page's prose
    "task.solved": Figure("0.99", lambda: _torch("forget_bias").Task().solved, ".2f"),
    "task.b_f0": Figure("0", lambda: min(_torch("forget_bias").Task().biases), ".0f"),
    "task.b_f2": Figure("2", lambda: max(_torch("forget_bias").Task().biases), ".0f"),
    # ---- from scratch and with the library
    "scratch.H": Figure("64", lambda: _torch("scratch").Setup().H, "d"),
    "scratch.T": Figure("32", lambda: _torch("scratch").Setup().T, "d"),  # characters per training window
    "scratch.sample": Figure("80", lambda: _torch("scratch").Setup().sample, "d"),  # characters sampled after the prefix
    # ---- what the from-scratch claims check (scratch.Bounds), bound in the page's prose
    "scratch.before": Figure("1\u00a0×\u00a010⁻¹²", lambda: _torch("scratch").Bounds().before, ".0×"),
    "scratch.agree": Figure("1\u00a0×\u00a010⁻¹⁰", lambda: _torch("scratch").Bounds().agree, ".0×"),
    "scratch.window": Figure("50", lambda: _torch("scratch").Bounds().window, "d"),
    "scratch.drop": Figure("0.5", lambda: _torch("scratch").Bounds().drop, ".1f"),
    "scratch.near": Figure("0.2", lambda: _torch("scratch").Bounds().near, ".1f"),
    "scratch.early_from": Figure("10", lambda: _torch("scratch").Bounds().early_from, "d"),
    "scratch.early_to": Figure("40", lambda: _torch("scratch").Bounds().early_to, "d"),
    # ---- forget bias and from scratch, the editor's fixes (T14, T15, prose powers of ten)
    "fb.b0_47": Figure("7.1\u00a0×\u00a010⁻¹⁵", lambda: highway.retained(0, 47), ".1×"),
    "fb.b2_47": Figure("2.6\u00a0×\u00a010⁻³", lambda: highway.retained(2, 47), ".1×"),
    "fb.ratio": Figure("3.6\u00a0×\u00a010¹¹", lambda: highway.retained(2, 47) / highway.retained(0, 47), ".1×"),
    "task.lr": Figure("0.001", lambda: _torch("forget_bias").Task().lr, ".3f"),
    "task.held_out": Figure("256", lambda: _torch("forget_bias").Task().held_out, "d"),
    "scratch.lr": Figure("0.01", lambda: _torch("scratch").Setup().lr, ".2f"),
    "scratch.clip": Figure("1.0", lambda: _torch("scratch").Setup().clip, ".1f"),
    "scratch.V": Figure("35", lambda: _torch("corpus").vocabulary_size(), "d"),
    "gates.growth": Figure("10", lambda: importlib.import_module("gated.chapter.trained_gates").Bounds().growth, ".0f"),
    "scratch.baseline": Figure("3.56", lambda: float(np.log(_torch("corpus").vocabulary_size())), ".2f"),
    # ---- what a gate costs
    "cost.lstm128": Figure("132,096", lambda: count("lstm", 128, 128, biases=2), ",d"),
    "cost.block": Figure("300,500", lambda: block(100, 500), ",d"),
    "cost.rnn": Figure("300,500", lambda: count("rnn", 100, 500), ",d"),
    "cost.gru": Figure("901,500", lambda: count("gru", 100, 500), ",d"),
    "cost.lstm": Figure("1,202,000", lambda: count("lstm", 100, 500), ",d"),
    "cost.gru_share": Figure("75%", lambda: count("gru", 100, 500) / count("lstm", 100, 500), ".0%"),
    "cost.saved": Figure("300,500", lambda: count("lstm", 100, 500) - count("gru", 100, 500), ",d"),
    "cost.bilstm": Figure("10,502,144", lambda: count("lstm", 512, 512, biases=2, layers=2, bidirectional=True), ",d"),
    "cost.bilstm_millions": Figure(
        "10.5", lambda: count("lstm", 512, 512, biases=2, layers=2, bidirectional=True) / 1e6, ".1f"
    ),
    "cost.ag_news": Figure("88,320", lambda: count("gru", 100, 128, biases=2), ",d"),
    # ---- where the LSTM came from, and its variants (gated.variants), at d = 100, H = 500
    "variants.lstm1997": Figure("901,500", lambda: variant("lstm1997", 100, 500), ",d"),
    "variants.peephole": Figure("1,203,500", lambda: variant("peephole", 100, 500), ",d"),
    "variants.peephole_extra": Figure("1,500", lambda: variant("peephole", 100, 500) - variant("lstm", 100, 500), ",d"),
    "variants.cifg": Figure("901,500", lambda: variant("cifg", 100, 500), ",d"),
    # ---- in practice: the set-up (practice.Setup) and what its claims check (practice.Bounds)
    "practice.gain": Figure("16", lambda: _torch("practice").Setup().gain, ".0f"),
    "practice.T": Figure("60", lambda: _torch("practice").Setup().T, "d"),
    "practice.max_norm": Figure("1", lambda: _torch("practice").Setup().max_norm, ".0f"),
    "practice.longest": Figure("6", lambda: max(_torch("practice").Setup().lengths), "d"),
    "practice.shortest": Figure("2", lambda: min(_torch("practice").Setup().lengths), "d"),
    "practice.p": Figure("0.5", lambda: _torch("practice").Setup().p, ".1f"),
    "practice.seeds": Figure("20", lambda: _torch("practice").Setup().seeds, "d"),
    "practice.explode": Figure("100", lambda: _torch("practice").Bounds().explode, ".0f"),
    "practice.tol": Figure("1\u00a0×\u00a010⁻¹⁰", lambda: _torch("practice").Bounds().tol, ".0×"),
    "practice.gap": Figure("1\u00a0×\u00a010⁻³", lambda: _torch("practice").Bounds().gap, ".0×"),
    # ---- what a gate costs, as the pages say it in words (hooks/words.py)
    "cost.lstm_rnn": Figure("4", lambda: count("lstm", 100, 500) / count("rnn", 100, 500), ".0f"),
    "cost.doubled_h": Figure(
        "3.7", lambda: count("lstm", 100, 1000, biases=2) / count("lstm", 100, 500, biases=2), ".1f"
    ),
    "cost.bi_factor": Figure("2", lambda: count("lstm", 100, 500, bidirectional=True) / count("lstm", 100, 500), ".0f"),
    "seq2seq.projections": Figure("65,792", lambda: _torch("seq2seq").breakdown()["projections"], ",d"),
    "seq2seq.output_bias": Figure("30,522", lambda: _torch("seq2seq").breakdown()["output bias"], ",d"),
    "seq2seq.source_vocab": Figure("31,102", lambda: _torch("seq2seq").SOURCE_VOCAB, ",d"),
    "seq2seq.target_vocab": Figure("30,522", lambda: _torch("seq2seq").TARGET_VOCAB, ",d"),
    "seq2seq.core": Figure("492,602", lambda: _torch("seq2seq").core(), ",d"),
    "seq2seq.total": Figure("8,380,474", lambda: _torch("seq2seq").total(), ",d"),
    # ---- the cost page: PyTorch's second bias, per block (gru branch)
    "cost.rnn_torch": Figure("301,000", lambda: count("rnn", 100, 500, biases=2), ",d"),
    "cost.lstm_torch": Figure("1,204,000", lambda: count("lstm", 100, 500, biases=2), ",d"),
    "cost.lstm_torch_wide": Figure("4,408,000", lambda: count("lstm", 100, 1000, biases=2), ",d"),
    # ---- the cost page: a second direction in a stack of two layers
    "cost.lstm2": Figure("4,202,496", lambda: count("lstm", 512, 512, biases=2, layers=2), ",d"),
    "cost.bi_stack": Figure(
        "2.5",
        lambda: count("lstm", 512, 512, biases=2, layers=2, bidirectional=True)
        / count("lstm", 512, 512, biases=2, layers=2),
        ".1f",
    ),
    "cost.bias_hh": Figure("500", lambda: count("rnn", 100, 500, biases=2) - block(100, 500), ",d"),
}


def check() -> list[tuple[str, Figure, str]]:
    """The figures whose computation no longer reproduces them: (name, figure, new value)."""
    return [(name, fig, fig.computed()) for name, fig in FIGURES.items() if fig.computed() != fig.published]
