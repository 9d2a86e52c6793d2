"""What an open problem means and how to fix it, in English and in Russian: read from what the build said.

Each check says what is wrong in English, in the terminal, with `file:line`. The page that shows a problem
(hooks/overlay.py) says it in its own language: `advise` recognises the kinds of problem the checks report
(a number or a phrase not bound, a bound value that is not the figure's, a figure missing, a section behind its
twin, twins that differ, a block that fails, a session that prints something else, a published figure that has
drifted) and words each in both languages, with the names, values and commands the message gives. What it does
not recognise it still shows, with what the build said. `mark` is the text at fault, to mark on the page.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from typing import NamedTuple


class Advice(NamedTuple):
    what: dict[str, str]  # language -> what is wrong
    fix: dict[str, str]  # language -> how to fix it
    mark: str | None  # the text at fault on the page, if any


PLACES = {"in this paragraph": "в этом абзаце", "on this page": "на этой странице"}
THE_TWINS = {"executed blocks": "исполняемые блоки", "tables and images": "таблицы и изображения",
             "quoted figures": "цитируемые значения"}


def _offered(message: str) -> tuple[str, str]:
    """The figures a message offers (hooks/hints.py), as a sentence in each language, or nothing."""
    m = re.search(r"\(figures (?P<how>of that value|near it): (?P<names>[^()]*(?:\([^()]*\)[^()]*)*)\)", message)
    if not m:
        return "", ""
    en = " It may be " + m["names"] + "."
    ru = m["names"]
    for words, russian in PLACES.items():
        ru = ru.replace(words, russian)
    return en, " Возможно, это " + ru + "."


def _unbound_number(m: re.Match, message: str) -> Advice:
    token, where = m["token"], " in math" if m["math"] else ""
    en, ru = _offered(message)
    return Advice(
        {"en": f"The number {token}{where} is not bound to the computation it comes from",
         "ru": f"Число {token}{' в формуле' if where else ''} не привязано к вычислению, из которого оно получено"},
        {"en": f"If it is a result, write [{token}]{{figure.name}}; if not, mark what it is: [{token}]{{param}} for a"
               f" parameter of an example, {{year}} for a year, {{eq}}, {{cite}} or {{chapter}}.{en}",
         "ru": f"Если это результат, запишите [{token}]{{имя.значения}}; если нет, отметьте, что это:"
               f" [{token}]{{param}} для параметра примера, {{year}} для года, {{eq}}, {{cite}} или {{chapter}}.{ru}"},
        token)


def _unbound_words(m: re.Match, message: str) -> Advice:
    token, multiple, value = m["token"], m["kind"] == "a multiple", m["value"]
    en, ru = _offered(message)
    kind_ru = "кратное" if multiple else "долю"
    if value is None:
        return Advice({"en": f"«{token}» states {m['kind']} in words with no value to check",
                       "ru": f"«{token}» выражает {kind_ru} словами, но без значения, которое можно проверить"},
                      {"en": "Write the figure it states, [VALUE]{figure.name}, or say it another way.",
                       "ru": "Напишите само значение, [ЗНАЧЕНИЕ]{имя.значения}, или скажите иначе."}, token)
    return Advice({"en": f"«{token}» states {m['kind']} in words ({value}) that nothing checks",
                   "ru": f"«{token}» выражает {kind_ru} словами ({value}), и это ничем не проверено"},
                  {"en": f"Bind it as a number is bound, [{token}]{{figure.name}}: the build then checks {value}"
                         f" against the figure.{en}",
                   "ru": f"Привяжите его, как привязывают число: [{token}]{{имя.значения}}, и сборка сверит {value}"
                         f" со значением.{ru}"}, token)


def _wrong_value(m: re.Match, message: str) -> Advice:
    name, expected, said = m["name"], *(ast.literal_eval(f"'{m[k]}'") for k in ("expected", "said"))  # as repr()
    block = m["how"].startswith("as the block")
    return Advice({"en": f"The page says {said}, but {name} is {expected}" + (" as its block printed it" if block
                                                                             else ""),
                   "ru": f"На странице {said}, а {name} равно {expected}" + (" — так его напечатал блок" if block
                                                                              else "")},
                  {"en": f"Write [{expected}]{{{name}}}; if the page is right, the computation is not: fix it.",
                   "ru": f"Напишите [{expected}]{{{name}}}; если же права страница, ошибка в вычислении: исправьте"
                         f" его."}, said)


def _wrong_words(m: re.Match, message: str) -> Advice:
    value, name, expected = m["value"], m["name"], m["expected"]
    return Advice({"en": f"«{value}» is not what {name} states: {name} is {expected}",
                   "ru": f"Слова «{value}» не выражают {name}: оно равно {expected}"},
                  {"en": "Bind the phrase to the figure it states, or write the figure.",
                   "ru": "Привяжите слова к значению, которое они выражают, или напишите само значение."}, value)


def _no_value(m: re.Match, message: str) -> Advice:
    block, key = m["block"], m["key"]
    return Advice({"en": f"Block '{block}' prints no value named '{key}'",
                   "ru": f"Блок {block} не печатает значения с именем {key}"},
                  {"en": f"Print it in the block with gated.named('{key}', …), or bind the number to a value the"
                         f" block prints.",
                   "ru": f"Напечатайте его в блоке через gated.named('{key}', …) или привяжите число к значению,"
                         f" которое блок печатает."}, m["value"])


def _no_figure(m: re.Match, message: str) -> Advice:
    name = m["name"]
    return Advice({"en": f"{name} is not a published figure", "ru": f"Значения {name} нет среди опубликованных"},
                  {"en": "Add it to gated/chapter/published.py, or bind the number to a figure that is there.",
                   "ru": "Добавьте его в gated/chapter/published.py или привяжите число к значению, которое там"
                         " есть."}, m["value"])


def _behind(m: re.Match, message: str) -> Advice:
    stale, edited, how = m["stale"], m["edited"], m["how"]
    return Advice({"en": f"A section may be behind its translation: {stale} has not followed the edit to {edited}",
                   "ru": f"Раздел может отставать от перевода: {stale} не обновлён после правки {edited}"},
                  {"en": f"Bring {stale} up to date (or, if the edit needs nothing there, leave it), then record the"
                         f" pair as in line: {how}",
                   "ru": f"Обновите {stale} (или, если правка его не касается, оставьте как есть) и запишите сверку:"
                         f" {how}"}, None)


def _unrecorded(m: re.Match, message: str) -> Advice:
    how = m["how"]
    return Advice({"en": "These twins are not recorded as saying the same",
                   "ru": "Сверка этих двойников не записана"},
                  {"en": f"When both languages say the same, record it: {how}",
                   "ru": f"Когда оба языка скажут одно и то же, запишите сверку: {how}"}, None)


def _twins_differ(m: re.Match, message: str) -> Advice:
    what = m["what"]
    return Advice({"en": f"The twins differ in their {what}",
                   "ru": f"Двойники расходятся: у них разные {THE_TWINS[what]}"},
                  {"en": f"Give both twins the same {what}, in the same order.",
                   "ru": f"Сделайте у обоих двойников одни и те же {THE_TWINS[what]}, в том же порядке."}, None)


def _no_twin(m: re.Match, message: str) -> Advice:
    twin = m["twin"]
    return Advice({"en": f"This page has no twin: {twin}", "ru": f"У страницы нет двойника: {twin}"},
                  {"en": f"Write {twin}, with the same blocks, tables and quoted figures.",
                   "ru": f"Напишите {twin} с теми же блоками, таблицами и цитируемыми значениями."}, None)


def _raises(m: re.Match, message: str) -> Advice:
    at, block, error = m["at"], m["block"], m["error"].strip()
    return Advice({"en": f"Block '{block}' raises {error}", "ru": f"Блок {block} завершается с ошибкой {error}"},
                  {"en": f"Fix {at}: the traceback is in the block's place, and in the terminal.",
                   "ru": f"Исправьте {at}: трассировка — на месте блока и в терминале."}, None)


def _exits(m: re.Match, message: str) -> Advice:
    return Advice({"en": f"Block '{m['block']}' calls sys.exit", "ru": f"Блок {m['block']} вызывает sys.exit"},
                  {"en": f"A block must not end the build: at {m['at']}, raise an exception instead.",
                   "ru": f"Блок не должен завершать сборку: в {m['at']} поднимите исключение вместо sys.exit."}, None)


def _warns(m: re.Match, message: str) -> Advice:
    return Advice({"en": f"Block '{m['block']}' warns: {m['warning']}",
                   "ru": f"Блок {m['block']} выдаёт предупреждение: {m['warning']}"},
                  {"en": f"Remove its cause at {m['at']}: a warning fails the build.",
                   "ru": f"Устраните его причину в {m['at']}: предупреждение останавливает сборку."}, None)


def _session(m: re.Match, message: str) -> Advice:
    at = m["at"]
    return Advice({"en": f"The session says one thing at {at}, and the code prints another",
                   "ru": f"Сеанс в {at} ожидает одно, а код печатает другое"},
                  {"en": "Write under the >>> line what the code prints, or fix the code: what was expected and what"
                         " came are in the block's place.",
                   "ru": "Запишите под строкой >>> то, что печатает код, или исправьте код: ожидаемое и полученное"
                         " показаны на месте блока."}, None)


def _drifted(m: re.Match, message: str) -> Advice:
    name, old, new, at = m["name"], m["old"], m["new"], m["at"]
    return Advice({"en": f"{name} is now computed as {new}; the chapter publishes {old}",
                   "ru": f"{name} теперь вычисляется как {new}, а глава публикует {old}"},
                  {"en": f"Fix the computation; or, if {new} is right, publish it at {at} and write it where it is"
                         f" quoted.",
                   "ru": f"Исправьте вычисление или, если верно {new}, опубликуйте новое значение в {at} и напишите"
                         f" его везде, где его цитируют."}, old)


KINDS: list[tuple[re.Pattern, Callable[[re.Match, str], Advice]]] = [
    (re.compile(r"the number '(?P<token>[^']*)'(?P<math> in math)? is not bound"), _unbound_number),
    (re.compile(r"«(?P<token>[^»]+)» states (?P<kind>a fraction|a multiple) in words(?: \((?P<value>[^)]*)\))?"),
     _unbound_words),
    (re.compile(r"(?P<name>\S+) is '(?P<expected>[^']*)' (?P<how>in English|in Russian|as the block printed it),"
                r" but the page says '(?P<said>[^']*)'"), _wrong_value),
    (re.compile(r"\[(?P<value>[^\]]*)\]\{(?P<name>[^}]*)\}: «[^»]*» is .*? as '(?P<expected>[^']*)'"), _wrong_words),
    (re.compile(r"\[(?P<value>[^\]]*)\]\{[^}]*\}: block '(?P<block>[^']*)' on this page prints no value named"
                r" '(?P<key>[^']*)'"), _no_value),
    (re.compile(r"\[(?P<value>[^\]]*)\]\{(?P<name>[^}]*)\} names no published figure"), _no_figure),
    (re.compile(r"(?P<stale>\S+) «[^»]*» is behind its twin (?P<edited>\S+) «.*?record: (?P<how>python hooks/"
                r"translations\.py record \S+)", re.S), _behind),
    (re.compile(r"(?:both changed since|no record of being in line|has no twin section).*?record(?: it)?:"
                r" (?P<how>python hooks/translations\.py record \S+)", re.S), _unrecorded),
    (re.compile(r"does not match \S+ in its (?P<what>executed blocks|tables and images|quoted figures)"),
     _twins_differ),
    (re.compile(r"has no (?:Russian|English|\w+) twin: (?P<twin>\S+)"), _no_twin),
    (re.compile(r"^(?P<at>\S+): block '(?P<block>[^']*)' raised (?P<error>[^\n]*?) \(docs/"), _raises),
    (re.compile(r"^(?P<at>\S+): block '(?P<block>[^']*)' called sys\.exit"), _exits),
    (re.compile(r"^(?P<at>\S+): block '(?P<block>[^']*)' warned: (?P<warning>[^\n]*?) \(docs/"), _warns),
    (re.compile(r"^(?P<at>\S+): block '[^']*': \d+ of \d+ examples do not print"), _session),
    (re.compile(r"^(?P<at>\S+): (?P<name>\S+): published (?P<old>\S+), computed now (?P<new>\S+);"), _drifted),
]

ANY = Advice({"en": "A strict build fails here", "ru": "Здесь строгая сборка остановится"},
             {"en": "What is wrong, and how to fix it, is in what the build says (below).",
              "ru": "Что не так и как это исправить, сказано в сообщении сборки (ниже)."}, None)


def advise(message: str) -> Advice:
    """What the problem the build reported as `message` means, and its fix, in each language."""
    for pattern, words in KINDS:
        if m := pattern.search(message):
            return words(m, message)
    return ANY
