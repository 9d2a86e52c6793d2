"""Every value CHAPTER.md states in sections 2 to 6, computed by the package.

The literals here are the chapter's published values: they are the expected
values, copied from the content brief, and each is recomputed by `gated`.
"""

from __future__ import annotations

import numpy as np
import pytest

import gated
from gated import highway
from gated.chapter import examples, tables
from gated.cost import block, count
from gated.render import TIMES, markdown, text


def fmt(x, spec: str) -> str:
    return format(float(x), spec)


def vec(v, spec: str) -> tuple[str, ...]:
    return tuple(fmt(a, spec) for a in np.ravel(v))


# ---------------------------------------------------------------- §2 the worked example


def pre_activation(gate: str) -> float:
    e = examples.WORKED
    return float(getattr(e.params, gate)(e.x, e.h)[0])


def test_worked_example_inputs_and_weights():
    e = examples.WORKED
    assert (e.c[0], e.h[0], e.x[0]) == (2, 1, 1)
    weights = {gate: tuple(float(a.ravel()[0]) for a in getattr(e.params, gate)) for gate in "fico"}
    assert weights == {
        "f": (1.63, 2.70, 1.62),
        "i": (1.65, 2.00, 0.62),
        "c": (0.94, 1.41, -0.32),
        "o": (-0.19, 4.38, 0.59),
    }


@pytest.mark.parametrize("gate, published", [("f", "5.95"), ("i", "4.27"), ("c", "2.03"), ("o", "4.78")])
def test_worked_pre_activations(gate, published):
    assert fmt(pre_activation(gate), ".2f") == published


def test_worked_gate_values():
    s = examples.worked()
    assert fmt(s.f[0], ".3f") == "0.997"
    assert fmt(s.i[0], ".3f") == "0.986"
    assert fmt(s.c_tilde[0], ".3f") == "0.966"
    assert fmt(s.o[0], ".3f") == "0.992"
    # each value is its activation of the pre-activation
    assert s.f[0] == pytest.approx(gated.sigmoid(pre_activation("f")), rel=1e-15)
    assert s.c_tilde[0] == pytest.approx(np.tanh(pre_activation("c")), rel=1e-15)


def test_worked_memory_and_output():
    e, s = examples.WORKED, examples.worked()
    kept, added = s.f[0] * e.c[0], s.i[0] * s.c_tilde[0]
    assert fmt(kept, ".3f") == "1.995"
    assert fmt(added, ".3f") == "0.953"
    assert fmt(s.c[0], ".3f") == "2.948"
    assert s.c[0] == pytest.approx(kept + added, rel=1e-15)
    assert fmt(np.tanh(s.c[0]), ".4f") == "0.9945"
    assert fmt(s.h[0], ".3f") == "0.986"


def test_worked_counterfactual():
    assert examples.COUNTERFACTUAL_F == 0.1
    c = examples.counterfactual()
    assert fmt(c, ".2f") == "1.15"
    s = examples.worked()
    assert fmt(examples.COUNTERFACTUAL_F * examples.WORKED.c[0], ".1f") == "0.2"
    assert fmt(s.i[0] * s.c_tilde[0], ".3f") == "0.953"  # what the counterexample writes, as on the pages
    assert c == pytest.approx(0.1 * 2 + s.i[0] * s.c_tilde[0], rel=1e-15)


def test_worked_table_and_updates_show_the_same_numbers():
    t = tables.worked()
    assert [fmt(a, ".2f") for a in t.column(5)] == ["5.95", "4.27", "2.03", "4.78"]
    assert [fmt(a, ".3f") for a in t.column(7)] == ["0.997", "0.986", "0.966", "0.992"]
    tex = tables.worked_updates()
    for published in ("0.997", "0.986", "0.966", "1.995", "0.953", "2.948", "0.992", "0.9945"):
        assert published in tex


# ---------------------------------------------------------------- §2 the two-unit LSTM step


def test_two_unit_lstm_inputs():
    e = examples.TWO_UNIT_LSTM
    np.testing.assert_array_equal(e.h, [0.10, -0.20])
    np.testing.assert_array_equal(e.c, [0.50, 0.30])
    np.testing.assert_array_equal(e.x, [0.60, 0.40])
    # each block acts on q = [h, x]: U is the first H columns, W the rest
    W_f = [[0.3, -0.2, 0.5, 0.1], [0.1, 0.4, -0.3, 0.2]]
    np.testing.assert_array_equal(np.hstack([e.params.f.U, e.params.f.W]), W_f)
    np.testing.assert_array_equal(e.params.f.b, [1, 1])
    for gate in "ico":
        np.testing.assert_array_equal(getattr(e.params, gate).b, [0, 0])


def test_two_unit_lstm_step():
    s = examples.two_unit_lstm()
    assert vec(s.f, ".4f") == ("0.8038", "0.6964")
    assert vec(s.i, ".4f") == ("0.5300", "0.5769")
    assert vec(s.c_tilde, ".4f") == ("0.0997", "0.2449")
    assert vec(s.o, ".4f") == ("0.4651", "0.5842")
    assert vec(s.c, ".4f") == ("0.4547", "0.3502")
    assert vec(s.h, ".4f") == ("0.1980", "0.1966")


def test_two_unit_lstm_step_from_q():
    """The notebook's own form: one matrix on q = [h_{t-1}, x_t]."""
    e = examples.TWO_UNIT_LSTM
    q = np.concatenate([e.h, e.x])

    def on_q(gate):
        g = getattr(e.params, gate)
        return np.hstack([g.U, g.W]) @ q + g.b

    s = examples.two_unit_lstm()
    np.testing.assert_allclose(s.f, gated.sigmoid(on_q("f")), rtol=1e-14)
    np.testing.assert_allclose(s.c_tilde, np.tanh(on_q("c")), rtol=1e-14)


# ---------------------------------------------------------------- §3 the gradient highway


def test_decay_values():
    assert fmt(highway.decay((0.5,), (47,))[0, 0], ".3e") == "7.105e-15"
    assert fmt(highway.decay((0.99,), (500,))[0, 0], ".3e") == "6.570e-03"


def test_decay_table():
    t = tables.decay()
    assert t.column(0) == [1, 10, 47, 100, 500]
    row47 = t.rows[t.column(0).index(47)]
    row500 = t.rows[t.column(0).index(500)]
    assert fmt(row47[1], ".3e") == "7.105e-15"
    assert fmt(row500[3], ".3e") == "6.570e-03"
    assert [c.spec for c in t.columns[1:]] == [".3×"] * 3
    for lang in ("en", "ru"):  # the page writes the power of ten as prose does; the terminal keeps e-notation
        assert f"| 47 | 7.105{TIMES}⁻¹⁵ | 7.070{TIMES}⁻³ | 6.235{TIMES}⁻¹ |" in markdown(t, lang)
        assert f"| 500 | 3.055{TIMES}⁻¹⁵¹ | 1.322{TIMES}⁻²³ | 6.570{TIMES}⁻³ |" in markdown(t, lang)
        assert text(t, lang, indent="").splitlines()[-1].split() == ["500", "3.055e-151", "1.322e-23", "6.570e-03"]


# ---------------------------------------------------------------- §4 the forget-gate bias


def test_bias_table_sigmas():
    t = tables.bias()
    assert t.column(0) == [0, 1, 2, 3, 5]
    assert [fmt(a, ".4f") for a in t.column(1)] == ["0.5000", "0.7311", "0.8808", "0.9526", "0.9933"]
    assert [c.spec for c in t.columns[1:]] == [".4f", ".3×", ".3×", ".3×"]
    for lang in ("en", "ru"):  # b_f as the chapter writes a bias, a whole number: 2, not 2.0
        assert [line.split(" | ")[0] for line in markdown(t, lang).splitlines()[2:]] == [
            "| 0", "| 1", "| 2", "| 3", "| 5"]
        assert [line.split()[0] for line in text(t, lang, indent="").splitlines()[2:]] == ["0", "1", "2", "3", "5"]


def test_bias_at_47_steps():
    b2, b0 = highway.retained(2, 47), highway.retained(0, 47)
    assert fmt(b2, ".3e") == "2.565e-03"
    assert fmt(b0, ".3e") == "7.105e-15"
    assert fmt(b2 / b0, ".1e") == "3.6e+11"
    t = tables.bias()
    col47 = 2 + highway.POWERS.index(47)
    assert fmt(t.rows[2][col47], ".3e") == "2.565e-03"
    assert fmt(t.rows[0][col47], ".3e") == "7.105e-15"
    for lang in ("en", "ru"):
        page, terminal = markdown(t, lang).splitlines(), text(t, lang, indent="").splitlines()
        assert page[4] == f"| 2 | 0.8808 | 2.810{TIMES}⁻¹ | 2.565{TIMES}⁻³ | 3.073{TIMES}⁻⁶ |"
        assert page[2] == f"| 0 | 0.5000 | 9.766{TIMES}⁻⁴ | 7.105{TIMES}⁻¹⁵ | 7.889{TIMES}⁻³¹ |"
        assert terminal[4].split() == ["2", "0.8808", "2.810e-01", "2.565e-03", "3.073e-06"]
        assert terminal[2].split() == ["0", "0.5000", "9.766e-04", "7.105e-15", "7.889e-31"]


def test_zero_forget_bias_decays_like_the_plain_rnn():
    taus = np.array(highway.DISTANCES)
    np.testing.assert_allclose(highway.retained(0, taus), highway.decay((0.5,), taus)[:, 0], rtol=1e-12)


# ---------------------------------------------------------------- §5 what a gate costs


def test_costs():
    assert count("lstm", 128, 128, biases=2) == 132_096
    assert block(100, 500) == 300_500
    assert count("rnn", 100, 500) == 300_500
    assert count("gru", 100, 500) == 901_500
    assert count("lstm", 100, 500) == 1_202_000
    assert f"{count('gru', 100, 500) / count('lstm', 100, 500):.0%}" == "75%"
    assert count("lstm", 100, 500) - count("gru", 100, 500) == 300_500
    assert count("lstm", 512, 512, biases=2, layers=2, bidirectional=True) == 10_502_144
    assert count("gru", 100, 128, biases=2) == 88_320


def test_params_table():
    t = tables.params()
    assert t.column(1) == [1, 3, 4]
    assert t.column(2) == [300_500, 901_500, 1_202_000]
    assert t.column(3) == ["1×", "3×", "4×"]


# ---------------------------------------------------------------- §6 the GRU


def test_two_unit_gru_reuses_the_lstm_matrices_without_biases():
    lstm, gru = examples.TWO_UNIT_LSTM.params, examples.TWO_UNIT_GRU.params
    for ours, theirs in ((gru.z, lstm.f), (gru.r, lstm.i), (gru.h, lstm.c)):
        np.testing.assert_array_equal(ours.W, theirs.W)
        np.testing.assert_array_equal(ours.U, theirs.U)
        np.testing.assert_array_equal(ours.b, [0, 0])


def test_two_unit_gru_step():
    s = examples.two_unit_gru()
    assert vec(s.z, ".4f") == ("0.6011", "0.4576")
    assert vec(s.r, ".4f") == ("0.5300", "0.5769")
    assert vec(s.h_tilde, ".4f") == ("0.0894", "0.2739")
    assert vec(s.h, ".4f") == ("0.0936", "0.0168")


def test_two_unit_gru_candidate_reads_the_reset_state():
    e, s = examples.TWO_UNIT_GRU, examples.two_unit_gru()
    W = np.hstack([e.params.h.U, e.params.h.W])
    np.testing.assert_allclose(s.h_tilde, np.tanh(W @ np.concatenate([s.r * e.h, e.x])), rtol=1e-14)
