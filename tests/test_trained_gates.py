"""The trained-gates reader: float64 numpy steps that agree with nn.LSTM on the same weights."""

import numpy as np
import torch
from torch import nn

from gated.chapter import trained_gates
from gated.chapter.experiments import forget_bias


def random_weights(K: int, H: int, seed: int) -> tuple[dict[str, np.ndarray], nn.LSTM]:
    torch.manual_seed(seed)
    lstm = nn.LSTM(K, H).double()
    with torch.no_grad():
        w = {"W": lstm.weight_ih_l0.numpy().copy(), "U": lstm.weight_hh_l0.numpy().copy(),
             "b": (lstm.bias_ih_l0 + lstm.bias_hh_l0).numpy().copy(),
             "V": np.eye(K, H), "c": np.zeros(K)}
    return w, lstm


def test_trace_is_what_nn_lstm_computes():
    task = forget_bias.Task()
    w, lstm = random_weights(task.K, 5, seed=3)
    for k in range(task.K):
        x = trained_gates.sequence(k, task)
        t = trained_gates.trace(w, x)
        with torch.no_grad():
            h, (_, c) = lstm(torch.from_numpy(x)[:, None])
        np.testing.assert_allclose(t.h, h[:, 0].numpy(), rtol=0, atol=1e-12)
        np.testing.assert_allclose(t.c[-1], c[0, 0].numpy(), rtol=0, atol=1e-12)
        assert t.f.shape == (task.T, 5) and np.isclose(t.p.sum(), 1)


def test_carriers_are_the_units_whose_memory_differs_most():
    task = forget_bias.Task(T=3)
    w, _ = random_weights(task.K, 6, seed=1)
    ts = trained_gates.traces(w, task)
    last = np.stack([t.c[-1] for t in ts])
    spread = last.max(axis=0) - last.min(axis=0)
    (u,) = trained_gates.carriers(ts, 1)
    assert spread[u] == spread.max()


def test_export_is_plain_json():
    import json

    task = forget_bias.Task(T=4)
    w, _ = random_weights(task.K, 3, seed=0)
    out = json.loads(json.dumps(trained_gates.export(w, task)))
    assert out["order"] == ["i", "f", "g", "o"] and len(out["W"]) == 12 and out["T"] == 4


def test_line_is_the_most_the_carriers_forget_gates_keep_over_the_blanks():
    task = forget_bias.Task(T=4)
    w, _ = random_weights(task.K, 6, seed=2)
    ts = trained_gates.traces(w, task)
    units = trained_gates.carriers(ts)
    kept = [t.f[1, u] * t.f[2, u] * t.f[3, u] for t in ts for u in units]  # steps 2 to T, by hand
    assert np.isclose(trained_gates.line(ts), max(kept), rtol=1e-14, atol=0) and 0 < max(kept) < 1


def test_lowest_is_the_smallest_forget_gate_of_a_carrier_over_the_blanks():
    task = forget_bias.Task(T=4)
    w, _ = random_weights(task.K, 6, seed=2)
    ts = trained_gates.traces(w, task)
    units = trained_gates.carriers(ts)
    gates = [t.f[s, u] for t in ts for u in units for s in (1, 2, 3)]  # steps 2 to T, by hand; step 1 is not a blank
    assert trained_gates.lowest(ts) == min(gates)
    assert trained_gates.lowest(ts) ** 3 <= trained_gates.line(ts)  # no carrier keeps less than its smallest gate cubed
