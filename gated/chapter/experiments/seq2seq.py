"""The course's translation model, rebuilt to count its parameters.

The encoder is a bidirectional `nn.LSTM(128, 128)` and the decoder an
`nn.LSTM(128, 128)`. The encoder's two final states, (2, B, 128) each, are
concatenated to (1, B, 256) and projected back to 128 by `h_proj` and
`c_proj` to start the decoder.

The course notebook prints 8,380,474 parameters in all. The vocabulary sizes
and the tied decoder embedding below are our reconstruction: they are one
choice that reproduces that total exactly, not a record of the notebook.
"""

from __future__ import annotations

from functools import cache

import torch
from torch import nn

from ...render import Column, Table, Text
from ...torch.weights import n_parameters

SOURCE_VOCAB = 31_102  # our reconstruction
TARGET_VOCAB = 30_522  # our reconstruction
EMBEDDING = 128
HIDDEN = 128


class Seq2Seq(nn.Module):
    """Bidirectional LSTM encoder, projected states, LSTM decoder, tied output."""

    def __init__(self, source_vocab: int = SOURCE_VOCAB, target_vocab: int = TARGET_VOCAB) -> None:
        super().__init__()
        self.source_embedding = nn.Embedding(source_vocab, EMBEDDING)
        self.encoder = nn.LSTM(EMBEDDING, HIDDEN, bidirectional=True)
        self.h_proj = nn.Linear(2 * HIDDEN, HIDDEN)
        self.c_proj = nn.Linear(2 * HIDDEN, HIDDEN)
        self.target_embedding = nn.Embedding(target_vocab, EMBEDDING)
        self.decoder = nn.LSTM(EMBEDDING, HIDDEN)
        self.output = nn.Linear(HIDDEN, target_vocab)
        self.output.weight = self.target_embedding.weight  # tied

    def forward(self, source: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        """Logits (T_target, B, target_vocab) for token ids (T_source, B) and (T_target, B)."""
        _, (h, c) = self.encoder(self.source_embedding(source))  # (2, B, H) each

        def join(state: torch.Tensor) -> torch.Tensor:  # (2, B, H) -> (1, B, 2H)
            return torch.cat([state[0], state[1]], dim=-1).unsqueeze(0)

        start = (self.h_proj(join(h)), self.c_proj(join(c)))  # (1, B, H) each
        y, _ = self.decoder(self.target_embedding(target), start)
        return self.output(y)


@cache
def _model() -> Seq2Seq:
    torch.manual_seed(0)
    return Seq2Seq()


def breakdown() -> dict[str, int]:
    """The parameters outside the embedding and output matrices, part by part."""
    m = _model()
    return {
        "encoder": n_parameters(m.encoder),
        "decoder": n_parameters(m.decoder),
        "projections": n_parameters(m.h_proj) + n_parameters(m.c_proj),
        "output bias": m.output.bias.numel(),
    }


def core() -> int:
    """The parameters outside the embedding and output matrices."""
    return sum(breakdown().values())


def total() -> int:
    """Every parameter of the model, the tied matrix counted once."""
    return n_parameters(_model())


def table(parts: dict[str, int], total: int) -> Table:
    """The translation model's parameters outside its embedding and output matrices, and in all."""
    labels = {
        "encoder": Text("encoder, bidirectional `nn.LSTM(128, 128)`", "энкодер, двунаправленный модуль `nn.LSTM(128, 128)`"),
        "decoder": Text("decoder, `nn.LSTM(128, 128)`", "декодер, модуль `nn.LSTM(128, 128)`"),
        "projections": Text("`h_proj` and `c_proj`, 256 → 128", "`h_proj` и `c_proj`, 256 → 128"),
        "output bias": Text("the output layer's bias", "смещение выходного слоя"),
    }
    rows = [(labels[name], n) for name, n in parts.items()]
    rows.append(
        (
            Text("**outside the embedding and output matrices**", "**вне матриц эмбеддингов и выхода**"),
            sum(parts.values()),
        )
    )
    rows.append((Text("**the whole model**", "**вся модель**"), total))
    return Table((Column(Text("part", "часть")), Column(Text("parameters", "число параметров"), ",d")), tuple(rows))
