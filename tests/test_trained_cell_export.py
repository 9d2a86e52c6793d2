"""The trained cell's export: the run's float32 weights read back exactly, and the numpy trace the page's script
is checked against is the trained-gates trace of those weights."""

import json

import numpy as np

from gated.chapter import trained_cell, trained_gates
from gated.chapter.experiments import forget_bias
from test_trained_gates import random_weights


def test_the_export_reads_back_as_the_weights_and_its_reference_is_their_trace():
    task = forget_bias.Task()
    w, _ = random_weights(task.K, 6, seed=5)
    w = {name: np.asarray(a, dtype=np.float32) for name, a in w.items()}  # as a trained run's are
    traces = trained_gates.traces(w, task)
    units = trained_gates.carriers(traces, 3)
    exported = json.loads(json.dumps(trained_cell.export(w, units)))
    H = exported["H"]
    for name, gate in (("i", 0), ("f", 1), ("c", 2), ("o", 3)):  # nn.LSTM stacks i, f, g, o
        for part in "WUb":  # each float32 written so that it reads back as itself
            assert np.array_equal(np.float32(exported["cell"][name][part]), w[part][gate * H:(gate + 1) * H])
    reference = trained_cell.reference(exported, task.T)
    for name in trained_cell.SHOWN:
        seen = np.stack([getattr(t, name)[:, units] for t in traces])  # (K, T, units)
        # The shortest decimal of a float32 reads back as it, but is not its exact value: the page's cell is the
        # run's within that rounding, a few parts in 10⁸ of each weight.
        np.testing.assert_allclose(np.array(reference[name]), seen, rtol=0, atol=1e-6, err_msg=name)


def test_the_markup_is_labelled_in_the_pages_language_and_hidden_until_the_script_runs():
    from gated.render import using_language

    task = forget_bias.Task()
    w, _ = random_weights(task.K, 4, seed=1)
    for lang, word in (("en", "first symbol"), ("ru", "первый символ")):
        with using_language(lang):
            markup = trained_cell.html(w, np.array([0, 1]), task.T)
        assert markup.startswith('<div class="trained-cell" hidden') and word in markup
        assert 'aria-live="polite"' in markup and '<label for="trained-cell-symbol">' in markup
