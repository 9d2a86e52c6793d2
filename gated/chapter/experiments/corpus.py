"""The text the from-scratch models learn, and what the text itself allows.

`corpus()` is short essays in lower-case English, written for this course and
shipped with the package. `baselines` computes, from the text alone, the loss
of guessing every character alike, by its frequency, and from the one before;
a model that learned anything beats the second, and one that uses context
beats the third.
"""

from __future__ import annotations

from collections import Counter
from importlib.resources import files
from typing import NamedTuple

import numpy as np
import torch


def corpus() -> str:
    """The training text: short essays in lower-case English, written for this course."""
    return files(__package__).joinpath("data/corpus.txt").read_text(encoding="utf-8")


class Baselines(NamedTuple):
    """What the training text itself says a model can reach, in nats per character."""

    uniform: float  # every character alike: ln V
    unigram: float  # each character at its frequency, context ignored: the entropy of the letter frequencies
    bigram: float  # the next character given the previous one: the conditional entropy of the pairs


def baselines(text: str | None = None) -> Baselines:
    """The training text's baselines (`corpus()` unless given)."""
    text = corpus() if text is None else text
    letters = np.array(list(Counter(text).values()), dtype=float)
    p = letters / letters.sum()
    pairs, firsts = Counter(zip(text, text[1:])), Counter(text[:-1])
    bigram = -sum(n * np.log(n / firsts[a]) for (a, _), n in pairs.items()) / (len(text) - 1)
    return Baselines(float(np.log(len(letters))), float(-(p * np.log(p)).sum()), float(bigram))


def vocabulary_size() -> int:
    """V, the number of distinct characters in the training text: the size of each one-hot input."""
    return len(set(corpus()))


class Vocabulary(NamedTuple):
    chars: str

    def encode(self, text: str) -> torch.Tensor:
        return torch.tensor([self.chars.index(ch) for ch in text])

    def decode(self, ids: torch.Tensor) -> str:
        return "".join(self.chars[i] for i in ids.tolist())
