"""Cheap checks of the torch experiments, without retraining (the site build trains)."""

from __future__ import annotations

import re

import numpy as np
import pytest
import torch
from torch import nn

import gated
from gated.highway import retained
from gated.torch.weights import gate_rows
from gated.chapter.experiments import bidirectional, conventions, forget_bias, gradients, scratch, seq2seq

# ---------------------------------------------------------------- from scratch and with the library


def random_scratch(d: int, H: int, seed: int) -> scratch.LSTM:
    torch.manual_seed(seed)
    model = scratch.LSTM(d, H, std=0.5)
    with torch.no_grad():
        for b in model.b.values():  # biases too, so that their order is tested
            b.copy_(torch.randn_like(b))
    return model


@pytest.mark.parametrize("seed", range(3))
def test_to_library_computes_what_the_scratch_cell_computes(seed):
    d, H, T, B = 5, 6, 7, 3
    model = random_scratch(d, H, seed)
    lstm = scratch.to_library(model)
    assert isinstance(lstm, nn.LSTM) and (lstm.input_size, lstm.hidden_size) == (d, H)
    X = torch.randn(T, B, d)
    state = (torch.randn(1, B, H), torch.randn(1, B, H))
    with torch.no_grad():
        for start in (None, state):
            Y_s, (h_s, c_s) = model(X, start)
            Y_l, (h_l, c_l) = lstm(X, start)
            assert Y_s.shape == Y_l.shape == (T, B, H)
            torch.testing.assert_close(Y_l, Y_s, rtol=1e-5, atol=1e-6)
            torch.testing.assert_close(h_l, h_s, rtol=1e-5, atol=1e-6)
            torch.testing.assert_close(c_l, c_s, rtol=1e-5, atol=1e-6)
            assert Y_s.abs().max() > 0.05  # the weights are large enough to mean something


def test_scratch_cell_is_the_chapter_lstm():
    """Copied into numpy through `from_torch`, the library LSTM gives the numpy cells' answer."""
    model = random_scratch(4, 3, seed=7)
    lstm = scratch.to_library(model)
    X = torch.randn(5, 2, 4)
    with torch.no_grad():
        Y, _ = model(X)
    ours, _ = gated.run(gated.from_torch(lstm), X.numpy().astype(np.float64))
    np.testing.assert_allclose(ours, Y.numpy(), rtol=1e-5, atol=1e-6)
    cell = gated.from_torch(lstm)[0][0]
    for k, gate in (("f", cell.f), ("i", cell.i), ("g", cell.c), ("o", cell.o)):
        np.testing.assert_array_equal(gate.b, model.b[k].detach().numpy())
        np.testing.assert_array_equal(gate.W, model.W[k].detach().numpy())
        np.testing.assert_array_equal(gate.U, model.U[k].detach().numpy())


def test_to_library_freezes_the_second_bias_at_zero():
    lstm = scratch.to_library(random_scratch(3, 4, seed=0))
    assert not lstm.bias_hh_l0.requires_grad
    assert torch.count_nonzero(lstm.bias_hh_l0) == 0
    trainable = {name for name, p in lstm.named_parameters() if p.requires_grad}
    assert trainable == {"weight_ih_l0", "weight_hh_l0", "bias_ih_l0"}


def test_scratch_starts_from_small_weights_and_zero_biases():
    torch.manual_seed(0)
    model = scratch.LSTM(50, 64)
    for name, p in model.named_parameters():
        if name.startswith("b."):
            assert torch.count_nonzero(p) == 0, name
        else:
            assert 0.005 < p.std().item() < 0.02, name


def test_scratch_experiment_runs_a_few_steps():
    setup = scratch.Setup(steps=3, H=8, sample=5)
    r = scratch.train_both(setup)
    assert r.setup == setup and r.loss_scratch.shape == r.loss_library.shape == (3,)
    assert len(r.sample_scratch) == len(setup.prefix) + 5
    assert r.V == len(set(scratch.corpus())) and r.N == len(scratch.corpus())
    assert [c.says.en for c in scratch.claims(r)]  # claims are stated for any run
    assert gated.markdown(scratch.table(r))


# ---------------------------------------------------------------- reading in both directions


def test_bidirectional_shapes():
    c = bidirectional.check()
    s = c.setup
    assert c.shapes.input == (s.T, s.batch, s.d)
    assert c.shapes.output == (s.T, s.batch, 2 * s.H)
    assert c.shapes.h_n == c.shapes.c_n == (2, s.batch, s.H)
    assert c.params == gated.count("lstm", s.d, s.H, biases=2, bidirectional=True)


def test_bidirectional_shapes_table_says_what_each_tensor_is_in_the_readers_language():
    c = bidirectional.check()
    en, ru = (gated.markdown(bidirectional.shapes(c), lang) for lang in ("en", "ru"))
    for name, shape in (("x", c.shapes.input), ("y", c.shapes.output), ("h_n", c.shapes.h_n), ("c_n", c.shapes.c_n)):
        assert f"| `{name}` | {tuple(shape)} |" in en and f"| `{name}` | {tuple(shape)} |" in ru
    assert "input" in en and "вход" in ru
    assert not re.search("[а-яё]", en) and not re.search(r"\b(?:input|output|final)\b", ru)


def test_forward_half_sees_only_the_past_and_backward_half_only_the_future():
    c = bidirectional.check()
    s = c.setup
    assert c.forward.shape == c.backward.shape == (s.T,)
    positions = np.arange(s.T)
    assert np.all(c.forward[positions > s.t] == 0)
    assert np.all(c.forward[positions <= s.t] > 0)
    assert np.all(c.backward[positions < s.t] == 0)
    assert np.all(c.backward[positions >= s.t] > 0)
    assert 0 < s.t < s.T - 1  # both halves have something to ignore


# ---------------------------------------------------------------- the forget-gate bias


@pytest.mark.parametrize("b_f", [0.0, 1.0, 2.0])
def test_set_forget_bias(b_f):
    torch.manual_seed(0)
    H = 5
    lstm = nn.LSTM(3, H)
    before = {name: p.detach().clone() for name, p in lstm.named_parameters()}
    forget_bias.set_forget_bias(lstm, b_f)
    f = slice(H, 2 * H)
    assert torch.all(lstm.bias_ih_l0[f] == b_f)
    assert torch.all(lstm.bias_hh_l0[f] == 0)
    rest = torch.ones(4 * H, dtype=torch.bool)
    rest[f] = False
    for name in ("bias_ih_l0", "bias_hh_l0"):
        assert torch.equal(getattr(lstm, name)[rest], before[name][rest]), name
    for name in ("weight_ih_l0", "weight_hh_l0"):
        assert torch.equal(getattr(lstm, name), before[name]), name
    # read back as the chapter's cell: the whole forget bias is b_f
    np.testing.assert_allclose(gated.from_torch(lstm)[0][0].f.b, b_f, rtol=0, atol=1e-7)


def test_memory_task_batch():
    task = forget_bias.Task()
    x, y = forget_bias.batch(task, 16, torch.Generator().manual_seed(0))
    assert x.shape == (task.T, 16, task.K) and y.shape == (16,)
    assert torch.equal(x[0].argmax(dim=-1), y)
    assert torch.all(x[0].sum(dim=-1) == 1)
    assert torch.count_nonzero(x[1:]) == 0


def test_forget_bias_experiment_runs_a_few_steps():
    task = forget_bias.Task(T=5, steps=4, every=2, held_out=8, seeds=(0, 1), biases=(0.0, 3.0))
    runs = forget_bias.train_all(task)
    assert list(runs.accuracy) == [0.0, 3.0]
    assert all(a.shape == (2, 2) for a in runs.accuracy.values())
    assert list(task.measured_at) == [2, 4]
    assert all(a.shape == (2, task.K) for a in runs.answers.values())  # the final answer to each sequence
    assert all(w["U"].dtype == np.float64 for ws in runs.weights.values() for w in ws)  # trained in float64
    assert len(forget_bias.claims(runs)) == 4
    assert gated.markdown(forget_bias.table(runs))
    # each run's parameters are kept from the same training: the bits a training of that run alone ends with
    for b_f in task.biases:
        for seed, kept in zip(task.seeds, runs.weights[b_f], strict=True):
            alone = forget_bias.weights(b_f, seed, task)
            assert kept.keys() == alone.keys() and all(np.array_equal(kept[k], alone[k]) for k in kept)


def test_the_trained_gates_read_the_published_runs_weights_and_train_nothing_again(monkeypatch):
    """trained_gates.weights of a run the forget-bias page trains reads it from that training (forget_bias.run,
    for that bias alone, as the page's block starts it); only another seed is trained for it."""
    from gated.chapter import trained_gates

    task = forget_bias.Task(T=5, steps=4, every=2, held_out=8, seeds=(0, 1), biases=(0.0, 2.0))
    asked: list = []
    kept = [{"W": np.full((4, 1), float(seed))} for seed in task.seeds]
    monkeypatch.setattr(forget_bias, "run", lambda t: asked.append(t) or forget_bias.Runs(t, {}, {2.0: tuple(kept)}))
    trained = []
    monkeypatch.setattr(trained_gates.pinned, "run", lambda target, **kw: trained.append((target, kw)) or {})
    assert trained_gates.weights(1, 2.0, task) is kept[1]
    assert asked == [task._replace(biases=(2.0,))] and trained == []
    trained_gates.weights(7, 2.0, task)
    assert trained == [(f"{forget_bias.__name__}:weights", {"b_f": 2.0, "seed": 7, "task": task})]


def test_counting_solved_runs_and_first_steps():
    task = forget_bias.Task(steps=50, every=10, seeds=(0, 1), biases=(0.0, 2.0))
    runs = forget_bias.Runs(task, {0.0: np.full((2, 5), 0.25),
                                   2.0: np.array([[0.3, 0.5, 1.0, 1.0, 1.0], [0.3, 0.5, 0.75, 1.0, 0.98]])},
                            answers={0.0: np.array([[2, 2, 2, 2], [1, 1, 1, 1]]), 2.0: np.array([[0, 1, 2, 3],
                                                                                                 [0, 1, 2, 2]])})
    assert runs.solved(0.0) == 0 and runs.solved(2.0) == 1
    assert runs.first_reaching(2.0, 0, 0.99) == 30 and runs.first_reaching(2.0, 1, 0.99) == 40
    assert runs.first_reaching(0.0, 0, 0.99) is None
    assert list(runs.named(0.0)) == [1, 1] and list(runs.named(2.0)) == [4, 3]
    assert list(runs.distinct(0.0)) == [1, 1] and list(runs.distinct(2.0)) == [4, 3]
    said = {c.says.en: c.holds for c in forget_bias.claims(runs)}
    assert said == {("with $b_f = 0$, none of the 2 runs solves the task, that is, names each of the 4 symbols "
                     "(a final accuracy of at least 0.99 on the test sequences)"): True,
                    "with $b_f = 2$, all 2 runs solve it": False,
                    "$b_f = 0$ solves it in fewer runs than $b_f = 2$": True,
                    ("every run with $b_f = 0$ gives one and the same answer whatever the first step showed, so it "
                     "names one symbol right"): True}
    runs.answers[0.0][1, 3] = 3  # a run that tells one sequence apart fails the last claim
    assert not forget_bias.claims(runs)[-1].holds


def test_the_accuracy_on_the_test_set_is_that_of_its_distinct_sequences_weighted_by_their_counts():
    """Every test sequence is one of the K: the accuracy from the K answers is the share of all the test sequences
    that a network names right, counted one by one."""
    task = forget_bias.Task(T=3, H=8, held_out=64)  # a short task: the first step still shows at the end
    torch.manual_seed(8)
    lstm, head = nn.LSTM(task.K, 8, dtype=torch.float64), nn.Linear(8, task.K, dtype=torch.float64)
    with torch.no_grad():
        for p in (lstm.weight_ih_l0, head.weight):
            p.mul_(10)  # large enough weights that the first step changes the answer
        answers = head(lstm(forget_bias.symbols(task))[0][-1]).argmax(-1).numpy()
        x, y = forget_bias.test_set(task)
        one_by_one = (head(lstm(x)[0][-1]).argmax(-1) == y).double().mean().item()
    assert len(set(answers.tolist())) > 1  # the check means something: not every answer alike
    assert forget_bias.accuracy(answers, task) == one_by_one


# ---------------------------------------------------------------- the gradient highway, measured


pytestmark = pytest.mark.xdist_group("experiments")  # one worker, so the module-scoped `measured` is made once


@pytest.fixture(scope="module")
def measured():
    return gradients.measure(gradients.Setup(taus=(1, 2, 5, 10, 20, 47)))


def test_measurement_has_every_curve(measured):
    taus = measured["tau"]
    expected = {f"{path} {init} {b:g}" for path in ("lstm", "line") for init in gradients.INITS
                for b in gradients.BIASES}
    expected |= {"tau", "rnn pytorch"} | {f"predicted {b:g}" for b in gradients.BIASES}
    assert set(measured) == expected
    for name, curve in measured.items():
        assert curve.shape == (len(taus),), name
        assert np.all(np.isfinite(curve)) and np.all(curve >= 0), name
    for b in gradients.BIASES:
        np.testing.assert_allclose(measured[f"predicted {b:g}"], retained(b, taus), rtol=1e-15)


def test_the_memory_line_alone_is_the_product_of_the_forget_gates():
    """With the forget gate's weights zeroed, every f_t is σ(b_f): the line alone is σ(b_f)^τ, whatever the rest of
    the cell does; the whole cell's gradient, through h too, is not."""
    s = gradients.Setup(H=4, batch=3, taus=(1, 5, 20))
    torch.manual_seed(0)
    cell = gradients._cell(torch.nn.LSTMCell, "pytorch", 1.0, s)
    with torch.no_grad():
        for weight in (cell.weight_ih, cell.weight_hh):
            weight[gate_rows(s.H, "f")] = 0
    whole, line = gradients._norms(cell, lstm=True, s=s)
    np.testing.assert_allclose(line, retained(1.0, np.array(s.taus)), rtol=1e-12)
    assert not np.allclose(whole, line)


def test_small_weights_follow_the_forget_gate_for_one_step(measured):
    for b in gradients.BIASES:
        assert gradients.at(measured, f"lstm textbook {b:g}", 1) == pytest.approx(retained(b, 1), rel=0.01)


def test_a_larger_forget_bias_keeps_more_gradient(measured):
    for init in gradients.INITS:
        curves = [measured[f"lstm {init} {b:g}"] for b in sorted(gradients.BIASES)]
        for smaller, larger in zip(curves, curves[1:]):
            assert np.all(larger > smaller), init


def test_rate_is_the_geometric_mean_factor_per_step():
    data = {"tau": np.array([1, 5]), "c": np.array([0.5, 0.5 ** 5])}
    assert gradients.rate(data, "c", 5) == pytest.approx(0.5)


# ---------------------------------------------------------------- every experiment, briefly, with its own table


def _brief(name: str):
    """A short run of one experiment and its own table of it: (result, table)."""
    if name == "forget_bias":
        runs = forget_bias.train_all(forget_bias.Task(T=5, steps=2, every=1, held_out=4, seeds=(0,), biases=(1.0,)))
        return runs, forget_bias.table(runs)
    if name == "scratch":
        r = scratch.train_both(scratch.Setup(steps=2, H=4, sample=3))
        return r, scratch.table(r)
    if name == "gradients":
        data = gradients.measure(gradients.Setup(taus=(1, 2, 3), batch=4))
        return data, gradients.table(data, taus=(1, 3))
    if name == "bidirectional":
        c = bidirectional.check(bidirectional.Setup(T=4, t=1))
        return c, bidirectional.table(c)
    if name == "conventions":
        c = conventions.compare(d=2, H=3)
        return c, conventions.table(c)
    parts = seq2seq.breakdown()
    return parts, seq2seq.table(parts, seq2seq.total())


@pytest.mark.parametrize("name", ["forget_bias", "scratch", "gradients", "bidirectional", "conventions", "seq2seq"])
def test_every_experiment_runs_briefly_and_renders_its_table_in_both_languages(name):
    _, table = _brief(name)
    en, ru = gated.markdown(table, "en"), gated.markdown(table, "ru")
    assert en.count("\n") == ru.count("\n") > 2  # the same rows
    assert re.search("[а-яё]", ru, re.I) and not re.search("[а-яё]", en, re.I)
    assert not re.search(r"\de[-+]?\d", en + ru), en  # a power of ten as prose writes it, × 10ⁿ
