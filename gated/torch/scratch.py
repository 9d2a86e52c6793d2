"""An LSTM written from scratch in PyTorch, the same model with `nn.LSTM`, and both trained.

The from-scratch cell keeps a parameter triple (W_x·, W_h·, b_·) for each of
the input gate, the forget gate, the output gate and the input node, in the
batched notation: X_t is (B, d), W_x· is (d, H), W_h· is (H, H) and the bias
(H,) is broadcast. Weights start from N(0, 0.01²) and biases from 0.

`nn.LSTM` stacks the same blocks in the order (i, f, g, o) as (4H, d) and
(4H, H) matrices, and keeps a second bias vector. Copied across, the two
compute the same function. To keep them the same *training* problem too, the
second bias stays frozen at zero: trained, it would move every bias twice.

Both learn to predict the next character of a text that ships with the
package, on the same batches from the same start.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import NamedTuple

import numpy as np
import torch
from torch import nn


class Setup(NamedTuple):
    """The training run's settings."""

    T: int = 32  # characters per training sequence
    batch: int = 32
    H: int = 64
    lr: float = 1e-2  # Adam
    steps: int = 400
    clip: float = 1.0  # gradient norm
    seed: int = 0
    prefix: str = "the forget gate "
    sample: int = 80  # characters to generate
    temperature: float = 0.6


SETUP = Setup()

# ---------------------------------------------------------------- the two cells


# --8<-- [start:scratch]
class LSTMScratch(nn.Module):
    """The LSTM written out, one parameter triple per block."""

    def __init__(self, d: int, H: int, sigma: float = 0.01) -> None:
        super().__init__()
        self.H = H

        def triple() -> tuple[nn.Parameter, nn.Parameter, nn.Parameter]:
            return (
                nn.Parameter(torch.randn(d, H) * sigma),
                nn.Parameter(torch.randn(H, H) * sigma),
                nn.Parameter(torch.zeros(H)),
            )

        self.W_xi, self.W_hi, self.b_i = triple()  # input gate
        self.W_xf, self.W_hf, self.b_f = triple()  # forget gate
        self.W_xo, self.W_ho, self.b_o = triple()  # output gate
        self.W_xc, self.W_hc, self.b_c = triple()  # input node

    def forward(
        self, X: torch.Tensor, state: tuple[torch.Tensor, torch.Tensor] | None = None
    ) -> tuple[torch.Tensor, tuple[torch.Tensor, torch.Tensor]]:
        """Outputs (T, B, H) and the final (H_T, C_T) for inputs X of shape (T, B, d)."""
        if state is None:
            H_t = C_t = torch.zeros(X.shape[1], self.H)  # (B, H)
        else:
            H_t, C_t = state[0][0], state[1][0]
        outputs = []
        for X_t in X:  # (B, d)
            I_t = torch.sigmoid(X_t @ self.W_xi + H_t @ self.W_hi + self.b_i)
            F_t = torch.sigmoid(X_t @ self.W_xf + H_t @ self.W_hf + self.b_f)
            O_t = torch.sigmoid(X_t @ self.W_xo + H_t @ self.W_ho + self.b_o)
            C_tilde = torch.tanh(X_t @ self.W_xc + H_t @ self.W_hc + self.b_c)
            C_t = F_t * C_t + I_t * C_tilde
            H_t = O_t * torch.tanh(C_t)
            outputs.append(H_t)
        return torch.stack(outputs), (H_t[None], C_t[None])
# --8<-- [end:scratch]


# --8<-- [start:library]
def to_library(scratch: LSTMScratch) -> nn.LSTM:
    """The `nn.LSTM` with the scratch cell's weights, stacked (i, f, g, o)."""
    d, H = scratch.W_xi.shape
    lstm = nn.LSTM(d, H)
    with torch.no_grad():
        lstm.weight_ih_l0.copy_(torch.cat([scratch.W_xi, scratch.W_xf, scratch.W_xc, scratch.W_xo], dim=1).T)
        lstm.weight_hh_l0.copy_(torch.cat([scratch.W_hi, scratch.W_hf, scratch.W_hc, scratch.W_ho], dim=1).T)
        lstm.bias_ih_l0.copy_(torch.cat([scratch.b_i, scratch.b_f, scratch.b_c, scratch.b_o]))
        lstm.bias_hh_l0.zero_()
    lstm.bias_hh_l0.requires_grad_(False)
    return lstm
# --8<-- [end:library]


# ---------------------------------------------------------------- the character task


def corpus() -> str:
    """The training text: a snapshot of the chapter's own English prose."""
    return files("gated").joinpath("data/corpus.txt").read_text(encoding="utf-8")


class Vocabulary(NamedTuple):
    chars: str

    def encode(self, text: str) -> torch.Tensor:
        return torch.tensor([self.chars.index(ch) for ch in text])

    def decode(self, ids: torch.Tensor) -> str:
        return "".join(self.chars[i] for i in ids.tolist())


class CharModel(nn.Module):
    """A recurrent layer over one-hot characters, and a linear read-out."""

    def __init__(self, rnn: nn.Module, H: int, V: int) -> None:
        super().__init__()
        self.rnn, self.head = rnn, nn.Linear(H, V)

    def forward(self, ids: torch.Tensor, state=None):
        """Logits (T, B, V) for character ids (T, B)."""
        X = nn.functional.one_hot(ids, self.head.out_features).float()  # (T, B, V)
        Y, state = self.rnn(X, state)
        return self.head(Y), state


def train(model: CharModel, data: torch.Tensor) -> np.ndarray:
    """Train on random windows of `data`; return the loss at every step."""
    s = SETUP
    params = [p for p in model.parameters() if p.requires_grad]
    optimiser = torch.optim.Adam(params, lr=s.lr)
    windows = torch.Generator().manual_seed(s.seed)
    losses = []
    for _ in range(s.steps):
        starts = torch.randint(0, len(data) - s.T - 1, (s.batch,), generator=windows)
        seq = torch.stack([data[i:i + s.T + 1] for i in starts], dim=1)  # (T + 1, B)
        logits, _ = model(seq[:-1])
        loss = nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), seq[1:].reshape(-1))
        optimiser.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(params, s.clip)
        optimiser.step()
        losses.append(loss.item())
    return np.array(losses)


@torch.no_grad()
def generate(model: CharModel, vocab: Vocabulary, prefix: str, n: int, seed: int) -> str:
    """`prefix` and n characters sampled after it at `SETUP.temperature`."""
    draw = torch.Generator().manual_seed(seed)
    logits, state = model(vocab.encode(prefix)[:, None])
    out = []
    for _ in range(n):
        p = torch.softmax(logits[-1, 0] / SETUP.temperature, dim=-1)
        nxt = torch.multinomial(p, 1, generator=draw)
        out.append(nxt)
        logits, state = model(nxt[:, None], state)
    return prefix + vocab.decode(torch.cat(out))


class Result(NamedTuple):
    before: float  # max |output difference| of the two models before training
    loss_scratch: np.ndarray  # (steps,)
    loss_library: np.ndarray  # (steps,)
    sample_scratch: str
    sample_library: str
    V: int  # characters in the vocabulary
    N: int  # characters in the corpus


@cache
def run() -> Result:
    """Build both models from one initialisation, check them, train them, sample them."""
    s = SETUP
    text = corpus()
    vocab = Vocabulary("".join(sorted(set(text))))
    data = vocab.encode(text)
    V = len(vocab.chars)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        torch.manual_seed(s.seed)
        scratch = CharModel(LSTMScratch(V, s.H), s.H, V)
        library = CharModel(to_library(scratch.rnn), s.H, V)
        library.head.load_state_dict(scratch.head.state_dict())
        probe = data[: s.T * s.batch].reshape(s.batch, s.T).T  # (T, B)
        before = (scratch(probe)[0] - library(probe)[0]).abs().max().item()
        losses = [train(m, data) for m in (scratch, library)]
        samples = [generate(m, vocab, s.prefix, s.sample, s.seed) for m in (scratch, library)]
    finally:
        torch.set_num_threads(threads)
    return Result(before, *losses, *samples, V, len(text))
