"""The command line: `python -m gated`, also installed as `gated`.

Four sections, each a table the chapter prints, computed when asked for:

    --highway   what survives of a gradient after τ steps
    --bias      what the forget-gate bias b_f does to that
    --step      one LSTM step and one GRU step, every gate shown
    --params    what each gate costs in parameters

No flag prints all four.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from . import examples, highway, tables
from .cost import block, count
from .render import LANGUAGES, Text, number, text, using_language, vector

# ---------------------------------------------------------------- the four sections


def show_highway() -> str:
    """The decay table and what it says."""
    keep = float(highway.decay((0.99,), (500,))[0, 0])
    return "\n".join(
        [
            str(Text("HIGHWAY  what survives of a gradient after tau steps",
                     "МАГИСТРАЛЬ  что остаётся от градиента через tau шагов")),
            "",
            str(Text("  Along the memory line each step multiplies the gradient by the forget gate f;",
                     "  Вдоль линии памяти каждый шаг умножает градиент на гейт забывания f;")),
            str(Text("  a plain RNN multiplies it by diag(1 - h^2) W_h, here a factor of 0.5.",
                     "  обычная RNN умножает его на diag(1 - h^2) W_h, здесь это множитель 0.5.")),
            "",
            text(tables.decay()),
            str(Text(f"  With f = 0.99, a share of {number(keep, '.3e')} is left after 500 steps.",
                     f"  При f = 0.99 через 500 шагов остаётся доля {number(keep, '.3e')}.")),
        ]
    )


def show_bias() -> str:
    """The forget-gate bias table and the comparison at 47 steps."""
    b2, b0 = float(highway.retained(2, 47)), float(highway.retained(0, 47))
    return "\n".join(
        [
            str(Text("BIAS  the forget gate starts at sigma(b_f)",
                     "СМЕЩЕНИЕ  гейт забывания начинает с sigma(b_f)")),
            "",
            text(tables.bias()),
            str(Text(f"  After 47 steps, b_f = 2 keeps {number(b2, '.3e')} of the gradient and b_f = 0 keeps"
                     f" {number(b0, '.3e')}:",
                     f"  Через 47 шагов при b_f = 2 от градиента остаётся {number(b2, '.3e')}, при b_f = 0 —"
                     f" {number(b0, '.3e')}:")),
            str(Text(f"  {number(b2 / b0, '.1e')} times more signal.",
                     f"  в {number(b2 / b0, '.1e')} раз больше сигнала.")),
        ]
    )


def show_step() -> str:
    """The two-unit LSTM and GRU steps."""
    e = examples.TWO_UNIT_LSTM
    return "\n".join(
        [
            str(Text("STEP  one LSTM step with two units, every gate shown",
                     "ШАГ  один шаг LSTM с двумя нейронами, все гейты")),
            "",
            f"  h_(t-1) = {vector(e.h, '+.2f')}, c_(t-1) = {vector(e.c, '+.2f')}, x_t = {vector(e.x, '+.2f')},"
            f" b_f = {vector(e.params.f.b, '+.1f')}",
            "",
            text(tables.lstm_step()),
            str(Text("  The memory update, one term at a time:", "  Обновление памяти по слагаемым:")),
            "",
            text(tables.lstm_update()),
            str(Text("THE SAME INPUT THROUGH A GRU  (W_z, W_r, W_h are the first three matrices above)",
                     "ТОТ ЖЕ ВХОД ЧЕРЕЗ GRU  (W_z, W_r, W_h — первые три матрицы выше)")),
            "",
            text(tables.gru_step()),
        ]
    )


def show_params(d: int = 100, H: int = 500) -> str:
    """The parameter table at input size d and hidden size H."""
    gru, lstm = count("gru", d, H), count("lstm", d, H)
    return "\n".join(
        [
            str(Text(f"PARAMETERS  input d = {d}, hidden H = {H}, one bias per block",
                     f"ПАРАМЕТРЫ  вход d = {d}, скрытое состояние H = {H}, одно смещение на блок")),
            "",
            str(Text(f"  One block: H(H + d) + H = {number(block(d, H), ',d')}.",
                     f"  Один блок: H(H + d) + H = {number(block(d, H), ',d')}.")),
            "",
            text(tables.params(d, H)),
            str(Text(f"  A GRU is {number(gru / lstm, '.0%')} of an LSTM: {number(lstm - gru, ',d')} parameters fewer.",
                     f"  GRU — это {number(gru / lstm, '.0%')} от LSTM: на {number(lstm - gru, ',d')} параметров"
                     " меньше.")),
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
        description="LSTM and GRU worked as chapter 13 works them. With no section flag, all four sections print.",
    )
    sections = parser.add_argument_group("sections")
    sections.add_argument("--highway", action="store_true",
                          help="the decay table: f^tau for a plain RNN's 0.5 and forget gates of 0.9 and 0.99")
    sections.add_argument("--bias", action="store_true",
                          help="sigma(b_f) for b_f = 0, 1, 2, 3, 5 and what it keeps after 10, 47 and 100 steps")
    sections.add_argument("--step", action="store_true",
                          help="one LSTM step and one GRU step with two units, every gate's value")
    sections.add_argument("--params", action="store_true",
                          help="parameters of a plain RNN, a GRU and an LSTM, and what the GRU saves")
    sizes = parser.add_argument_group("sizes for --params")
    sizes.add_argument("--input-size", type=_positive, metavar="N", help="input size d (default 100)")
    sizes.add_argument("--hidden-size", type=_positive, metavar="N", help="hidden size H (default 500)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text (default en)")
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
