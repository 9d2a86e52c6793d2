"""Numbers in words (hooks/words.py), read wherever hooks/quotes.py reads numbers, one case at a time, no build."""

from __future__ import annotations

import pytest

NBSP = "\u00a0"


@pytest.fixture(scope="module")
def quotes():
    from conftest import load_hook

    return load_hook("quotes")


@pytest.fixture(scope="module")
def words():
    from conftest import load_hook

    return load_hook("words")


# Each family of phrases, in each language, as an author might type it: each fails on its own line.
UNBOUND = [
    ("en", "The GRU runs at three quarters of the cost.", "three quarters"),
    ("en", "It is Three-Quarters of the cost.", "Three-Quarters"),
    ("en", "A GRU is a quarter cheaper.", "a quarter"),
    ("en", "The gradient falls by a factor of three.", "by a factor of three"),
    ("en", "It falls by a factor of about ten per step.", "by a factor of about ten"),
    ("en", "The LSTM has four times the weights.", "four times"),
    ("en", "It is twice as large.", "twice"),
    ("en", "It is thrice as large.", "thrice"),
    ("en", "That is a tenfold gain.", "tenfold"),
    ("en", "That is a ten-fold gain.", "ten-fold"),
    ("en", "A second direction doubles the count.", "doubles"),
    ("en", "Doubling $H$ is the change.", "Doubling"),
    ("en", "It quadruples the count.", "quadruples"),
    ("en", "Each step halves the gradient.", "halves"),
    ("en", "About half of the gradient is left.", "half"),
    ("en", "One and a half of them.", "One and a half"),
    ("en", "It loses a third of its units.", "a third"),
    ("en", "It has a third more units.", "a third"),
    ("en", "It keeps two thirds of the gradient.", "two thirds"),
    ("en", "A fifth of the runs fail.", "A fifth"),
    ("en", "It is one in ten.", "one in ten"),
    ("en", "Two out of three runs solve it.", "Two out of three"),
    ("en", "Two of the three runs solve it.", "Two of the three"),
    ("en", "It keeps one per cent of the gradient.", "one per cent"),
    ("en", "It keeps five percent.", "five percent"),
    ("en", "It is an order of magnitude smaller.", "an order of magnitude"),
    ("en", "It is two orders of magnitude smaller.", "two orders of magnitude"),
    ("en", "It is twenty-five times larger.", "twenty-five times"),
    ("en", "A factor of\ntwo, across a line break.", "A factor of\ntwo"),
    ("ru", "GRU обходится в три четверти стоимости LSTM.", "три четверти"),
    ("ru", "Это составляет трёх четвертей стоимости.", "трёх четвертей"),
    ("ru", "Потерь вдвое меньше.", "вдвое"),
    ("ru", "Градиент втрое больше.", "втрое"),
    ("ru", "Градиент вдесятеро больше.", "вдесятеро"),
    ("ru", "Параметров в три раза больше.", "в три раза"),
    ("ru", "Параметров в десять раз больше.", "в десять раз"),
    ("ru", "Он в полтора раза быстрее.", "в полтора раза"),
    ("ru", "Это половина градиента.", "половина"),
    ("ru", "Остаётся около половины градиента.", "половины"),
    ("ru", "Остаётся примерно половину.", "половину"),
    ("ru", "Это четверть стоимости.", "четверть"),
    ("ru", "Это треть стоимости.", "треть"),
    ("ru", "Это две трети стоимости.", "две трети"),
    ("ru", "Это одна десятая градиента.", "одна десятая"),
    ("ru", "Это пятая часть градиента.", "пятая часть"),
    ("ru", "Один из десяти запусков решает задачу.", "Один из десяти"),
    ("ru", "Выигрыш двукратный.", "двукратный"),
    ("ru", "Выигрыш десятикратный.", "десятикратный"),
    ("ru", "Второе направление удваивает слой.", "удваивает"),
    ("ru", "Удвоение $H$ заметно.", "Удвоение"),
    ("ru", "Остаётся один процент градиента.", "один процент"),
    ("ru", "Меньше одного процента.", "одного процента"),
    ("ru", "Он меньше на порядок.", "на порядок"),
    ("ru", "Он меньше на два порядка.", "на два порядка"),
    ("ru", "Градиент дважды больше.", "дважды"),
    ("ru", "Это пол-ната.", "пол-ната"),
]


@pytest.mark.parametrize(("lang", "sentence", "phrase"), UNBOUND, ids=[c[2].replace("\n", " ") for c in UNBOUND])
def test_a_result_in_words_fails_on_its_line(quotes, lang, sentence, phrase):
    _, problems, _ = quotes.check("# Page\n\nIntro.\n\n" + sentence + "\n", "docs/page.md", lang)
    assert len(problems) == 1, problems
    shown = " ".join(phrase.split())
    assert problems[0].startswith(f"docs/page.md:5: «{shown}» states a"), problems[0]
    assert f"[{shown}]{{figure.name}}" in problems[0]  # the message says how to bind it


# Where a reader sees words: a table, an admonition, alt text, a title, a link title, math's \text, a details block.
PLACES = [
    ("en", "| cell | cost |\n| --- | --- |\n| GRU | three quarters |", 7),
    ("en", '!!! note "Twice as fast"\n    Text.', 5),
    ("en", "!!! note\n    It is twice as fast.", 6),
    ("en", '![a gate at half its value](x.png)', 5),
    ("en", '<abbr title="three quarters">GRU</abbr>', 5),
    ("en", '[a link](page.md "a factor of ten")', 5),
    ("en", "$h = \\text{half of } c$", 5),
    ("en", "<details><summary>More</summary>\nIt is twice as fast.\n</details>", 6),
    ("en", "1. It is twice as fast.", 5),
    ("ru", "| ячейка | стоимость |\n| --- | --- |\n| GRU | три четверти |", 7),
    ("ru", '!!! note "Вдвое быстрее"\n    Текст.', 5),
    ("ru", "$h = \\text{половина } c$", 5),
    ("ru", '<img alt="вдвое меньше" src="x.png">', 5),
]


@pytest.mark.parametrize(("lang", "markdown", "line"), PLACES)
def test_words_are_read_wherever_numbers_are(quotes, lang, markdown, line):
    _, problems, _ = quotes.check("# Page\n\nIntro.\n\n" + markdown + "\n", "docs/page.md", lang)
    assert len(problems) == 1 and problems[0].startswith(f"docs/page.md:{line}: «"), problems


# Counts that state structure, and the other uses the rule lets through.
STRUCTURE = [
    ("en", "An LSTM has three gates and two state vectors; a GRU has two gates."),
    ("en", "The forward half reads the left context, the backward half the right; each half sees one side."),
    ("en", "The output's last axis holds both halves; the first half of the output is the forward state."),
    ("en", "The third row differs. A third gate, the output gate, reads the memory."),
    ("en", "This page answers it twice, by a derivative and by a measurement."),
    ("en", "It loops three times."),
    ("en", "To compare orders of magnitude, replace each path by a number."),
    ("en", "Every layer loses one of its four blocks."),
    ("en", "Call `x.half()` or `x.double()` to change precision; double precision is float64."),
    ("en", "The interval is half-open."),
    ("en", "It runs in double\n    precision, a fixed term across a line break too."),
    ("en", "The gate is near one and the state near zero."),
    ("en", "It is $a \\times b$."),
    ("en", "```python\nx = half = 'twice'\n```"),
    ("ru", "У LSTM три гейта и два вектора состояния; у GRU два гейта."),
    ("ru", "Прямая половина читает левый контекст, обратная половина — правый; каждая половина видит одну сторону."),
    ("ru", "Последняя ось вмещает обе половины; первая половина выхода — прямое состояние."),
    ("ru", "Третья строка отличается; третий гейт читает память."),
    ("ru", "Страница отвечает на него дважды: производной и измерением."),
    ("ru", "Ни один из трёх запусков не решает задачу."),
    ("ru", "Чтобы сравнить порядки величин, заменим каждый путь числом."),
    ("ru", "Градиент растёт в разы."),
    ("ru", "Блоки стоят в порядке $(i, f, g, o)$, первый слой и поле ввода."),
]


@pytest.mark.parametrize(("lang", "markdown"), STRUCTURE)
def test_structure_passes(quotes, lang, markdown):
    assert quotes.check(markdown, "docs/page.md", lang)[1] == []


# Bound phrases: the value checked against the figure at the figure's precision.
BOUND_PASS = [
    ("en", "A GRU costs [three quarters]{cost.gru_share} of an LSTM.", "A GRU costs three quarters of an LSTM."),
    ("en", "It [halves]{bias.sigma0} the gradient, [Halving]{param} it again.",
     "It halves the gradient, Halving it again."),
    ("en", "[Twice]{cost.bi_factor} the parameters.", "Twice the parameters."),
    ("en", "[Four times]{cost.lstm_rnn} the plain cell.", "Four times the plain cell."),
    ("en", "Each of the [three]{task.seeds} runs, [a quarter]{task.chance} of the time.",
     "Each of the three runs, a quarter of the time."),
    ("en", "It keeps [one per cent]{param}.", "It keeps one per cent."),
    ("ru", "GRU стоит [три четверти]{cost.gru_share} LSTM.", "GRU стоит три четверти LSTM."),
    ("ru", "Градиент уменьшается [вдвое]{bias.sigma0}.", "Градиент уменьшается вдвое."),
    ("ru", "Это [в четыре раза]{cost.lstm_rnn} больше, в [четверти]{task.chance} случаев.",
     "Это в четыре раза больше, в четверти случаев."),
    ("ru", "Каждый из [трёх]{task.seeds} запусков.", "Каждый из трёх запусков."),
]


@pytest.mark.parametrize(("lang", "markdown", "shown"), BOUND_PASS)
def test_a_bound_phrase_that_agrees_passes_and_reads_plainly(quotes, lang, markdown, shown):
    text, problems, quoted = quotes.check(markdown, "docs/page.md", lang)
    assert problems == [] and text == shown
    assert all(q.name for q in quoted)


BOUND_FAIL = [
    ("en", "It costs [a quarter]{cost.gru_share}.", "«a quarter» is 0.25"),
    ("en", "It costs [two thirds]{cost.gru_share}.", "«two thirds» is 0.666667"),
    ("en", "It is [three quarters]{gradients.b_f1}.", "«three quarters» is 0.75"),  # 0.75 is not 1, whatever rounds
    ("en", "It is [twice]{gradients.b_f0}.", "«twice» is 2"),
    ("en", "It is [three times]{cost.lstm_rnn}.", "«three times» is 3"),
    ("en", "It is [about half]{bias.sigma0}.", "is not a number in English words: bind the number alone"),
    ("en", "It is [три четверти]{cost.gru_share}.", "is not a number in English words"),  # the other language's
    ("ru", "Это [вдвое]{cost.lstm_rnn}.", "«вдвое» is 2"),
    ("ru", "Это [три четверти]{task.chance}.", "«три четверти» is 0.75"),
    ("ru", "Это [three quarters]{cost.gru_share}.", "is not a number in Russian words"),
    ("en", "It is [half]{year}.", "is not a year"),
]


@pytest.mark.parametrize(("lang", "markdown", "problem"), BOUND_FAIL)
def test_a_bound_phrase_that_disagrees_fails(quotes, lang, markdown, problem):
    _, problems, _ = quotes.check("# Page\n\n" + markdown, "docs/page.md", lang)
    assert len(problems) == 1 and problems[0].startswith("docs/page.md:3: "), problems
    assert problem in problems[0], problems[0]


def test_a_block_value_bound_in_words(quotes):
    html = '<div class="exec" data-exec="b"><span data-name="ratio">2.000</span><span data-name="s">0.51</span></div>'
    Quote = quotes.Quote
    ok = [Quote(3, "twice", "b:ratio"), Quote(4, "half", "b:s")]
    problems = quotes.check_block_values(html, "docs/p.md", ok, "en")
    assert problems == ["docs/p.md:4: [half]{b:s}: «half» is 0.5, which b:s's format (.2f) does not print as '0.51',"
                        " the value of b:s: bind the phrase to the figure it states, or write the figure"]
    assert quotes.check_block_values(html, "docs/p.md", [Quote(3, "вдвое", "b:ratio")], "ru") == []


def test_the_value_of_a_phrase(words):
    cases = {("three quarters", "en"): 0.75, ("a factor of ten", "en"): 10, ("one in ten", "en"): 0.1,
             ("twenty-five per cent", "en"): 0.25, ("a hundredfold", "en"): 100, ("manifold", "en"): None,
             ("two orders of magnitude", "en"): 100, ("one and a half", "en"): 1.5, ("в двадцать пять раз", "ru"): 25,
             ("три десятых", "ru"): 0.3, ("полтора", "ru"): 1.5, ("двух из трёх", "ru"): 2 / 3,
             ("стократный", "ru"): 100, ("на три порядка", "ru"): 1000}
    for (text, lang), value in cases.items():
        found = words.value(text, lang)
        assert (found and found.value) == pytest.approx(value) if value else found is None, text


def test_what_the_current_pages_hold(words, quotes):
    """The rule on the pages as they are: every phrase is bound, said another way, or structure; none is left."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for page in sorted((root / "docs").glob("*.md")):
        lang = "ru" if page.name.endswith(".ru.md") else "en"
        text = page.read_text(encoding="utf-8")
        assert [p for p in quotes.check(text, f"docs/{page.name}", lang)[1] if "in words" in p] == [], page.name
