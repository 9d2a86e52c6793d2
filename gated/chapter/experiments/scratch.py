"""An LSTM written out in PyTorch, the same model as `nn.LSTM`, and both trained.

`LSTM` follows the chapter's notation: each gate k in (i, f, g, o) has its own
W_k (H, d) on x_t, U_k (H, H) on h_{t-1} and b_k (H,), with g the candidate
c̃. Weights start from N(0, 0.01²) and biases from 0, and the forward pass
loops over time on inputs (T, B, d).

`nn.LSTM` holds the same blocks stacked in the order (i, f, g, o) as (4H, d)
and (4H, H) matrices, and a second bias vector. Copied across, the two compute
the same function. To keep them the same *training* problem too, the second
bias stays frozen at zero: trained, it would move every bias twice.

Both learn to predict the next character of a text that ships with the
package, on the same batches from the same start, in double precision (in
float32 the two drift apart by rounding alone, differently on every CPU), in a
process with pinned numerics (`gated.torch.pinned`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import torch
from torch import nn

from ...claims import Claim
from ...render import Column, Table, Text, below, named, number
from ...torch import pinned
from ...torch.weights import LSTM_ORDER
from .corpus import Vocabulary, baselines, corpus


class Setup(NamedTuple):
    """The training run's settings; the published ones are the defaults."""

    T: int = 32  # characters per training sequence
    batch: int = 32
    H: int = 64
    lr: float = 1e-2  # Adam
    steps: int = 300
    clip: float = 1.0  # gradient norm
    seed: int = 0
    prefix: str = "the river "
    sample: int = 80  # characters to generate
    temperature: float = 0.6
    dtype: str = "float64"  # the default dtype while both models are built and trained


MEANING = {  # what each setting of `Setup` sets, as the page's table says it
    "T": Text("characters per training sequence", "число символов в обучающей последовательности"),
    "batch": Text("sequences per batch", "число последовательностей в батче"),
    "H": Text("hidden units", "число нейронов в скрытом состоянии"),
    "lr": Text("Adam's learning rate", "скорость обучения Adam"),
    "steps": Text("training steps", "число шагов обучения"),
    "clip": Text("the gradient's norm is clipped to this", "норма градиента, до которой его обрезают"),
    "seed": Text("the random generator's starting value", "начальное значение генератора случайных чисел"),
    "prefix": Text("the text the sample starts from", "текст, с которого начинается образец"),
    "sample": Text("characters generated after it", "число символов, порождаемых после него"),
    "temperature": Text("the sampling temperature", "температура выборки"),
    "dtype": Text("the precision of weights and arithmetic", "точность весов и вычислений"),
}


# ---------------------------------------------------------------- the two cells


# --8<-- [start:scratch]
class LSTM(nn.Module):
    """One LSTM layer in the chapter's notation: W_k x_t + U_k h_{t-1} + b_k for each gate k."""

    def __init__(self, d: int, H: int, std: float = 0.01) -> None:
        super().__init__()
        self.H = H
        self.W = nn.ParameterDict({k: nn.Parameter(std * torch.randn(H, d)) for k in LSTM_ORDER})
        self.U = nn.ParameterDict({k: nn.Parameter(std * torch.randn(H, H)) for k in LSTM_ORDER})
        self.b = nn.ParameterDict({k: nn.Parameter(torch.zeros(H)) for k in LSTM_ORDER})

    def forward(self, x: torch.Tensor, state: tuple[torch.Tensor, torch.Tensor] | None = None):
        """Outputs (T, B, H) and the last (h, c), each (1, B, H), for x of shape (T, B, d)."""
        if state is None:
            h = c = torch.zeros(x.shape[1], self.H)  # (B, H)
        else:
            h, c = state[0][0], state[1][0]
        hs = []
        for x_t in x:  # (B, d)
            a = {k: x_t @ self.W[k].T + h @ self.U[k].T + self.b[k] for k in LSTM_ORDER}  # (B, H) each
            f, i, o = a["f"].sigmoid(), a["i"].sigmoid(), a["o"].sigmoid()
            c = f * c + i * a["g"].tanh()  # keep, then write
            h = o * c.tanh()  # read
            hs.append(h)
        return torch.stack(hs), (h[None], c[None])
# --8<-- [end:scratch]


# --8<-- [start:library]
def to_library(cell: LSTM) -> nn.LSTM:
    """The `nn.LSTM` that computes what `cell` computes: gates stacked (i, f, g, o), b_hh frozen at 0."""
    H, d = cell.W["f"].shape
    lstm = nn.LSTM(d, H)
    with torch.no_grad():
        lstm.weight_ih_l0.copy_(torch.cat([cell.W[k] for k in LSTM_ORDER]))  # (4H, d)
        lstm.weight_hh_l0.copy_(torch.cat([cell.U[k] for k in LSTM_ORDER]))  # (4H, H)
        lstm.bias_ih_l0.copy_(torch.cat([cell.b[k] for k in LSTM_ORDER]))
        lstm.bias_hh_l0.zero_()
    lstm.bias_hh_l0.requires_grad_(False)
    return lstm
# --8<-- [end:library]


# ---------------------------------------------------------------- the character task


class CharModel(nn.Module):
    """A recurrent layer over one-hot characters, and a linear read-out."""

    def __init__(self, rnn: nn.Module, H: int, V: int) -> None:
        super().__init__()
        self.rnn, self.head = rnn, nn.Linear(H, V)

    def forward(self, ids: torch.Tensor, state=None):
        """Logits (T, B, V) for character ids (T, B)."""
        X = nn.functional.one_hot(ids, self.head.out_features).to(self.head.weight.dtype)  # (T, B, V)
        Y, state = self.rnn(X, state)
        return self.head(Y), state


def train(model: CharModel, data: torch.Tensor, setup: Setup) -> np.ndarray:
    """Train on random windows of `data`; return the loss at every step."""
    params = [p for p in model.parameters() if p.requires_grad]
    optimiser = torch.optim.Adam(params, lr=setup.lr)
    windows = torch.Generator().manual_seed(setup.seed)
    losses = []
    for _ in range(setup.steps):
        starts = torch.randint(0, len(data) - setup.T - 1, (setup.batch,), generator=windows)
        seq = torch.stack([data[i:i + setup.T + 1] for i in starts], dim=1)  # (T + 1, B)
        logits, _ = model(seq[:-1])
        loss = nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), seq[1:].reshape(-1))
        optimiser.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(params, setup.clip)
        optimiser.step()
        losses.append(loss.item())
    return np.array(losses)


@torch.no_grad()
def generate(model: CharModel, vocab: Vocabulary, setup: Setup) -> str:
    """`setup.prefix` and `setup.sample` characters drawn after it at `setup.temperature`."""
    draw = torch.Generator().manual_seed(setup.seed)
    logits, state = model(vocab.encode(setup.prefix)[:, None])
    out = []
    for _ in range(setup.sample):
        p = torch.softmax(logits[-1, 0] / setup.temperature, dim=-1)
        nxt = torch.multinomial(p, 1, generator=draw)
        out.append(nxt)
        logits, state = model(nxt[:, None], state)
    return setup.prefix + vocab.decode(torch.cat(out))


class Result(NamedTuple):
    setup: Setup
    before: float  # max |output difference| of the two models before training
    loss_scratch: np.ndarray  # (steps,)
    loss_library: np.ndarray  # (steps,)
    sample_scratch: str
    sample_library: str
    V: int  # characters in the vocabulary
    N: int  # characters in the corpus


def train_both(setup: Setup = Setup()) -> Result:
    """Build both models from one initialisation, compare them, train them, sample them; in this process, with
    `setup.dtype` as torch's default dtype meanwhile."""
    previous = torch.get_default_dtype()
    torch.set_default_dtype(getattr(torch, setup.dtype))
    try:
        return _train_both(setup)
    finally:
        torch.set_default_dtype(previous)


def _train_both(setup: Setup) -> Result:
    text = corpus()
    vocab = Vocabulary("".join(sorted(set(text))))
    data = vocab.encode(text)
    V = len(vocab.chars)
    torch.manual_seed(setup.seed)
    scratch = CharModel(LSTM(V, setup.H), setup.H, V)
    library = CharModel(to_library(scratch.rnn), setup.H, V)
    library.head.load_state_dict(scratch.head.state_dict())
    probe = data[: setup.T * setup.batch].reshape(setup.batch, setup.T).T  # (T, B)
    before = (scratch(probe)[0] - library(probe)[0]).abs().max().item()
    losses = [train(m, data, setup) for m in (scratch, library)]
    samples = [generate(m, vocab, setup) for m in (scratch, library)]
    return Result(setup, before, *losses, *samples, V, len(text))


def start(setup: Setup = Setup()) -> pinned.Pending:
    """Start `train_both` with pinned numerics in a process of its own."""
    return pinned.submit(f"{__name__}:train_both", setup=setup)


def run(setup: Setup = Setup()) -> Result:
    """`train_both`, with pinned numerics in a process of its own (started now, unless `start` did already)."""
    return start(setup).result()


# ---------------------------------------------------------------- what the page claims


class Bounds(NamedTuple):
    """What the page claims about the run, and how closely: each a published figure that the page binds.

    `benchmarks/experiments.py` measures the margins over many seeds and code paths; the README gives them.
    """

    before: float = 1e-12  # before training, the two models' outputs differ by less than this
    agree: float = 1e-10  # their losses differ by less than this at every step
    window: int = 50  # the steps averaged at the start and at the end of training
    drop: float = 0.5  # training lowers the mean loss over `window` steps by more than this, in nats
    early_from: int = 10  # the training steps, counted from 1, where the loss first levels off ...
    early_to: int = 40  # ... from and to
    near: float = 0.2  # there its mean is within this of the letter frequencies' entropy, in nats


def plateau(r: Result, bounds: Bounds = Bounds()) -> float:
    """The from-scratch model's mean loss over the steps `bounds.early_from` to `bounds.early_to`, counted from 1."""
    steps = r.loss_scratch[bounds.early_from - 1:bounds.early_to]
    return float(steps.mean()) if steps.size else float("nan")  # a run too short to reach them: no level, no claim


def claims(r: Result, bounds: Bounds = Bounds()) -> list[Claim]:
    """What the from-scratch page says about the run, each with whether it holds and what was measured."""
    gap = float(np.max(np.abs(r.loss_scratch - r.loss_library)))
    n = bounds.window
    first, last = r.loss_scratch[:n].mean(), r.loss_scratch[-n:].mean()
    base, level, start, end = baselines(), plateau(r, bounds), bounds.early_from, bounds.early_to
    before, agree = number(bounds.before, ".0×"), number(bounds.agree, ".0×")

    def largest(x: float, bound: float) -> Text:  # rounding alone: the bound is shown, not the CPU's last bits
        shown = below(x, bound) if x < bound else number(x, ".1×")
        return Text(f"largest difference {shown}", f"наибольшая разница {shown}")

    return [
        Claim(Text(f"before training, the two models compute the same outputs but for rounding (within {before})",
                   f"до обучения обе модели дают одни и те же выходы с точностью до округления ({before})"),
              r.before < bounds.before, largest(r.before, bounds.before)),
        Claim(Text(f"their loss curves agree within {agree} at every training step",
                   f"их кривые потерь совпадают до {agree} на каждом шаге обучения"),
              gap < bounds.agree, largest(gap, bounds.agree)),
        Claim(Text("the same random draws give the same sample from both",
                   "при одних и тех же случайных числах обе модели пишут один и тот же текст"),
              r.sample_scratch == r.sample_library,
              Text("the same" if r.sample_scratch == r.sample_library else "different",
                   "один и тот же" if r.sample_scratch == r.sample_library else "разные")),
        Claim(Text(f"training lowers the mean loss by more than {bounds.drop:g} nats, from the first {n} steps to the "
                   f"last {n}",
                   f"за обучение средние потери снижаются больше чем на {bounds.drop:g} ната: среднее за последние "
                   f"{n} шагов ниже среднего за первые {n}"),
              last < first - bounds.drop, Text(f"{number(first, '.3f')} to {number(last, '.3f')} nats",
                                                   f"с {number(first, '.3f')} до {number(last, '.3f')} ната")),
        Claim(Text(f"where the loss first levels off, over steps {start}–{end}, it is within {bounds.near:g} nats of the "
                   "entropy of the character frequencies: the model knows how often each character occurs, and little more",
                   f"там, где потери впервые выходят на плато, на шагах {start}–{end}, они отличаются от энтропии частот "
                   f"символов меньше чем на {bounds.near:g} ната: модель знает, как часто встречается каждый символ, и почти "
                   "ничего больше"),
              abs(level - base.unigram) < bounds.near,
              Text(f"{number(level, '.3f')} against {number(base.unigram, '.3f')} nats",
                   f"{number(level, '.3f')} против {number(base.unigram, '.3f')} ната")),
        Claim(Text("at the last step the loss is below the entropy of the next character given the previous one: the "
                   "model uses more context than one character",
                   "на последнем шаге потери ниже энтропии следующего символа при известном предыдущем: модель "
                   "учитывает больше одного символа контекста"),
              r.loss_scratch[-1] < base.bigram,
              Text(f"{number(float(r.loss_scratch[-1]), '.3f')} against {number(base.bigram, '.3f')} nats",
                   f"{number(float(r.loss_scratch[-1]), '.3f')} против {number(base.bigram, '.3f')} ната")),
    ]


def table(r: Result) -> Table:
    """The from-scratch LSTM against nn.LSTM; `r` is what `run` returns."""
    return Table(
        (
            Column(""),
            Column(Text("from scratch", "с нуля"), ".4f"),
            Column("`nn.LSTM`", ".4f"),
        ),
        tuple(
            (
                Text(f"loss at step {step}", f"потери на шаге {step}"),
                float(r.loss_scratch[step - 1]),
                float(r.loss_library[step - 1]),
            )
            for step in (1, len(r.loss_scratch) // 4, len(r.loss_scratch) // 2, len(r.loss_scratch))
        ),
    )


def levels(r: Result, bounds: Bounds = Bounds()) -> Table:
    """Each way of predicting the next character, its loss in nats per character and its perplexity e^L, each named for
    the page: three that the text itself allows, then the model written here, where it first levels off and at the end."""
    base, T, a, b = baselines(), len(r.loss_scratch), bounds.early_from, bounds.early_to
    rows = (("uniform", Text("every character equally likely, $\\ln V$", "все символы равновероятны, $\\ln V$"),
             base.uniform),
            ("unigram", Text("each character at its frequency in the text, $\\mathrm{H}(x_t)$",
                             "каждый символ со своей частотой в тексте, $\\mathrm{H}(x_t)$"), base.unigram),
            ("bigram", Text("the best guess from the previous character, $\\mathrm{H}(x_t \\mid x_{t-1})$",
                            "лучшая догадка по предыдущему символу, $\\mathrm{H}(x_t \\mid x_{t-1})$"), base.bigram),
            ("plateau", Text(f"the LSTM, mean over steps {a}–{b}, $\\bar L$", f"LSTM, среднее за шаги {a}–{b}, $\\bar L$"),
             plateau(r, bounds)),
            ("final", Text(f"the LSTM at its last step, $L_{{{T}}}$", f"LSTM на последнем шаге, $L_{{{T}}}$"),
             float(r.loss_scratch[-1])))
    return Table((Column(Text("prediction of the next character", "предсказание следующего символа")),
                  Column(Text("loss, nats per character", "потери, нат на символ"), ".2f"),
                  Column(Text("perplexity, $e^L$", "перплексия, $e^L$"), ".1f")),
                 tuple((label, named(key, loss, ".3f" if key == "final" else ".2f"),
                        named(f"ppl_{key}", float(np.exp(loss)), ".0f" if key == "uniform" else ".1f"))
                       for key, label, loss in rows))


def samples(r: Result) -> Table:
    """What each trained model writes after the same prefix, with the same random draws."""
    return Table(
        (Column(Text("model", "модель")), Column(Text("sample", "текст"))),
        ((Text("from scratch", "с нуля"), f"`{r.sample_scratch}`"), ("`nn.LSTM`", f"`{r.sample_library}`")),
    )
