"""`python -m gated`, also installed as `gated`: the chapter's four tables in a terminal.

Each flag picks one section; several flags print several, always in this order, and
no flag at all prints every section:

    --highway   the share of a gradient left after τ steps along the memory
    --bias      the forget gate at initialisation, σ(b_f), and what it lets through
    --step      a two-unit LSTM step and a GRU step on the same input, gate by gate
    --params    parameter counts of a plain RNN, a GRU and an LSTM

The tables are computed when they are asked for, in English or in Russian (`--lang`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from . import examples, tables
from .. import highway
from ..cost import block, count
from ..render import LANGUAGES, Text, number, text, using_language, vector

# ---------------------------------------------------------------- the four sections


def show_highway() -> str:
    """The decay table and what it says."""
    keep = float(highway.decay((0.99,), (500,))[0, 0])
    return "\n".join(
        [
            str(Text("HIGHWAY  the share of a gradient left after tau steps",
                     "МАГИСТРАЛЬ  какая доля градиента остаётся через tau шагов")),
            "",
            str(Text("  Going back along the memory, every step scales the gradient by the forget gate f;",
                     "  При движении назад вдоль памяти каждый шаг умножает градиент на гейт забывания f;")),
            str(Text("  in a plain RNN the factor is diag(1 - h_t^2) W_h, stood in for here by a constant 0.5.",
                     "  в обычной RNN множитель равен diag(1 - h_t^2) W_h, здесь его заменяет постоянное 0.5.")),
            "",
            text(tables.decay()),
            str(Text(f"  A gate of f = 0.99 still passes {number(keep, '.3e')} of it after 500 steps.",
                     f"  Гейт f = 0.99 и через 500 шагов пропускает долю {number(keep, '.3e')}.")),
        ]
    )


def show_bias() -> str:
    """The forget-gate bias table and the comparison at 47 steps."""
    b2, b0 = float(highway.retained(2, 47)), float(highway.retained(0, 47))
    return "\n".join(
        [
            str(Text("BIAS  at initialisation the forget gate is close to sigma(b_f)",
                     "СМЕЩЕНИЕ  при инициализации гейт забывания близок к sigma(b_f)")),
            "",
            text(tables.bias()),
            str(Text(f"  Over 47 steps, b_f = 2 lets {number(b2, '.3e')} of the gradient through and b_f = 0 only"
                     f" {number(b0, '.3e')}:",
                     f"  За 47 шагов при b_f = 2 проходит доля градиента {number(b2, '.3e')}, при b_f = 0 — лишь"
                     f" {number(b0, '.3e')}:")),
            str(Text(f"  about {number(b2 / b0, '.1e')} times as much.",
                     f"  примерно в {number(b2 / b0, '.1e')} раз больше.")),
        ]
    )


def show_step() -> str:
    """The two-unit LSTM and GRU steps."""
    e = examples.TWO_UNIT_LSTM
    return "\n".join(
        [
            str(Text("STEP  a two-unit LSTM step, gate by gate",
                     "ШАГ  шаг LSTM с двумя нейронами, гейт за гейтом")),
            "",
            f"  h_(t-1) = {vector(e.h, '+.2f')}, c_(t-1) = {vector(e.c, '+.2f')}, x_t = {vector(e.x, '+.2f')},"
            f" b_f = {vector(e.params.f.b, '+.1f')}",
            "",
            text(tables.lstm_step()),
            str(Text("  The new memory, term by term:", "  Новая память по слагаемым:")),
            "",
            text(tables.lstm_update()),
            str(Text("THE SAME INPUT THROUGH A GRU  (its W_z, W_r and W_h are the LSTM's first three matrices)",
                     "ТОТ ЖЕ ВХОД ЧЕРЕЗ GRU  (её W_z, W_r и W_h — первые три матрицы LSTM)")),
            "",
            text(tables.gru_step()),
        ]
    )


def show_params(d: int = 100, H: int = 500) -> str:
    """The parameter table at input size d and hidden size H."""
    gru, lstm = count("gru", d, H), count("lstm", d, H)
    return "\n".join(
        [
            str(Text(f"PARAMETERS  input d = {d}, hidden H = {H}, one bias vector per block",
                     f"ПАРАМЕТРЫ  вход d = {d}, скрытое состояние H = {H}, один вектор смещений на блок")),
            "",
            str(Text(f"  Each block costs H(H + d) + H = {number(block(d, H), ',d')}.",
                     f"  Каждый блок стоит H(H + d) + H = {number(block(d, H), ',d')}.")),
            "",
            text(tables.params(d, H)),
            str(Text(f"  A GRU needs {number(gru / lstm, '.0%')} of an LSTM's parameters,"
                     f" {number(lstm - gru, ',d')} parameters fewer.",
                     f"  GRU нужно {number(gru / lstm, '.0%')} параметров LSTM,"
                     f" на {number(lstm - gru, ',d')} параметров меньше.")),
        ]
    )


# ---------------------------------------------------------------- the parser


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line on stderr, exit status 2
        self.exit(2, f"{self.prog}: error: {message}\n")


def _positive(value: str) -> int:
    if not value.isdecimal() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value!r}")
    return int(value)


def get_parser() -> argparse.ArgumentParser:
    """The argument parser of `python -m gated`."""
    parser = _Parser(
        prog="gated",
        description="Print the four tables of chapter 13 (gated recurrence: LSTM and GRU), computed on the spot. "
        "No flag prints all four; each flag below picks one section.",
    )
    sections = parser.add_argument_group("sections")
    sections.add_argument("--highway", action="store_true",
                          help="gradient left after 1 to 500 steps: a plain RNN (factor 0.5) against forget gates"
                               " of 0.9 and 0.99")
    sections.add_argument("--bias", action="store_true",
                          help="the starting forget gate sigma(b_f) for b_f = 0, 1, 2, 3 and 5, and its effect over"
                               " 10, 47 and 100 steps")
    sections.add_argument("--step", action="store_true",
                          help="a two-unit LSTM step, then a GRU step on the same input, with the value of every gate")
    sections.add_argument("--params", action="store_true",
                          help="parameter counts of a plain RNN, a GRU and an LSTM, and how much the GRU saves")
    sizes = parser.add_argument_group("sizes for --params")
    sizes.add_argument("--input-size", type=_positive, metavar="N", help="input size d for --params (default 100)")
    sizes.add_argument("--hidden-size", type=_positive, metavar="N", help="hidden size H for --params (default 500)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="language of the headings and the number format (default en)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = get_parser()
    args = parser.parse_args(argv)
    picked = [name for name in ("highway", "bias", "step", "params") if getattr(args, name)]
    sized = args.input_size is not None or args.hidden_size is not None
    if sized and picked and "params" not in picked:
        parser.error("--input-size and --hidden-size go with --params")
    with using_language(args.lang):
        show = {
            "highway": show_highway,
            "bias": show_bias,
            "step": show_step,
            "params": lambda: show_params(args.input_size or 100, args.hidden_size or 500),
        }
        print("\n\n".join(show[name]() for name in picked or show))
    return 0
