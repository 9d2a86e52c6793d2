"""Exercises that answer back: every numeric exercise has a field that checks the reader's number against the one its
answer's block computed, in the page's language, announced to screen readers, from the keyboard alone.

The built pages are read for what every field holds (the same value as its block, labelled, its references whole on
the page and in the printable chapter, at least twenty in each language); Chromium types into them.
"""

from __future__ import annotations

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from browsing import PAGES
from gated.answers import WORDS
from gated.render import MINUS, NBSP, TIMES

pytestmark = pytest.mark.build

PRINT = {"en": "print/index.html", "ru": "ru/print/index.html"}
LEAST = 20  # fields in each language, issue 36


def _pages(built, soups, lang):
    """The language's pages that readers read one at a time: not the printable chapter, not the 404 page."""
    return [p for p in soups.pages(lang) if p.parent.name != "print" and p.name != "404.html"]


def _forms(soup):
    return soup.select("form.answer")


def _printed(soup, ref: str):
    """The answer as its block printed it: the element carrying the value, and the digits the reader sees."""
    block, key = ref.split(":")
    exec_ = soup.select_one(f'div.exec[data-exec="{block}"]')
    span = exec_.select_one(f'span.answer > span[data-name="{key}"]') if exec_ else None
    return (span.parent, span.get_text()) if span else (None, None)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_language_has_its_fields(built, soups, lang):
    counts = {page.relative_to(built).parent.as_posix(): len(_forms(soups[page])) for page in _pages(built, soups, lang)}
    total = sum(counts.values())
    print(f"{lang}: {total} fields: {counts}")
    assert total >= LEAST, f"{lang}: {total} fields, fewer than {LEAST}: {counts}"


def test_the_twins_ask_for_the_same_answers(built, soups):
    ask = re.compile(r'<form class="answer"[^>]*data-answer="([^"]*)"')
    for page in _pages(built, soups, "en"):
        twin = built / "ru" / page.relative_to(built)
        refs = [ask.findall(p.read_text(encoding="utf-8")) for p in (page, twin)]
        assert refs[0] == refs[1], f"{page.relative_to(built)}: {refs}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_field_checks_what_its_answer_shows(built, soups, lang):
    """One source: the field's value and tolerance are the ones its block printed beside the answer it shows; the
    field stands before the folded answer; its label says what to type, in words."""
    wrong = []
    for page in _pages(built, soups, lang):
        soup = soups[page]
        for form in _forms(soup):
            ref, config = form["data-answer"], json.loads(form["data-config"])
            carrier, digits = _printed(soup, ref)
            where = f"{page.relative_to(built)} {ref}"
            if carrier is None:
                wrong.append(f"{where}: no answer printed")
                continue
            if (config["value"], config["within"]) != (float(carrier["data-value"]), float(carrier["data-within"])):
                wrong.append(f"{where}: the field checks {config}, the block printed {carrier.attrs}")
            if config["lang"] != lang or config["words"]["right"] != WORDS["right"](lang):
                wrong.append(f"{where}: speaks {config['lang']}")
            details = carrier.find_parent("details")
            if details is None or form not in details.find_all_previous("form"):
                wrong.append(f"{where}: the field is not before a folded answer")
            if not re.search(r"[^\W\d_]{3}", form.label.get_text()):
                wrong.append(f"{where}: the label {form.label.get_text()!r} says nothing")
    assert wrong == [], "\n".join(wrong)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_reference_of_a_field_resolves_on_its_page_and_in_print(built, soups, lang):
    """A label names its input, the live region is the input's description, on every page and on print/, where
    hooks/printable.py prefixes every id with its page's slug."""
    wrong = []
    for page in [*_pages(built, soups, lang), built / PRINT[lang]]:
        soup = soups[page]
        ids = [t["id"] for t in soup.find_all(id=True)]
        if len(ids) != len(set(ids)):
            wrong.append(f"{page.relative_to(built)}: ids repeat")
        for form in _forms(soup):
            entry, said = form.select_one("input"), form.select_one("output")
            refs = {"label for": form.label["for"], "output for": " ".join(said["for"]),  # a list of ids
                    "aria-describedby": entry["aria-describedby"]}
            if refs["label for"] != entry["id"] or refs["output for"] != entry["id"] or refs["aria-describedby"] != said["id"]:
                wrong.append(f"{page.relative_to(built)} {form['data-answer']}: {refs}, ids {entry['id']}, {said['id']}")
            if said.get("aria-live") != "polite" or soup.find(id=entry["id"]) is not entry:
                wrong.append(f"{page.relative_to(built)} {form['data-answer']}: no live region, or its id elsewhere")
    printable = soups[built / PRINT[lang]]
    assert len(_forms(printable)) == sum(len(_forms(soups[p])) for p in _pages(built, soups, lang))
    assert wrong == [], "\n".join(wrong)


# ---------------------------------------------------------------- in Chromium


def _other_formats(printed: str, lang: str) -> list[str]:
    """The same number as the other language prints it, with plain spaces, and with a decimal comma."""
    if TIMES in printed:  # 1.4 × 10⁷, the same in both
        other = printed
    elif lang == "en":
        other = printed.replace(",", NBSP).replace("%", NBSP + "%")
    else:
        other = printed.replace(NBSP + "%", "%").replace(NBSP, ",")
    forms = [other, printed.replace(NBSP, " ")]
    if MINUS in printed:
        forms.append(printed.replace(MINUS, "-"))  # -4.24: a hyphen, as a keyboard types it
    if "." in printed and "," not in printed and (TIMES in printed or NBSP not in printed):
        forms.append(printed.replace(".", ","))  # 0,231: a decimal comma
    if TIMES in printed:  # 2.6 × 10⁻³ as a keyboard types it: 2.6e-3, 2.6 × 10^-3, 2.6*10^(-3)
        mantissa, exponent = printed.replace(MINUS, "-").split(TIMES)
        power = int(exponent.translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")))
        forms += [f"{mantissa}e{power}", f"{mantissa} × 10^{power}", f"{mantissa}*10^({power})"]
    return forms


SHOWN = """() => [...document.querySelectorAll('form.answer')].map(form => {
    const [block, key] = form.dataset.answer.split(':');
    const printed = document.querySelector(`div.exec[data-exec="${block}"] span.answer > span[data-name="${key}"]`);
    return [form.dataset.answer, printed.textContent, JSON.parse(form.dataset.config), form.hidden];
})"""
VERDICTS = """cases => cases.map(([ref, typed]) => {
    const form = [...document.querySelectorAll('form.answer')].find(f => f.dataset.answer === ref);
    return gatedAnswers.verdict(typed, JSON.parse(form.dataset.config))[0];
})"""


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "path"), [(lang, path) for lang in ("en", "ru") for path in PAGES],
                         ids=[f"{lang}:/{path}" for lang in ("en", "ru") for path in PAGES])
def test_every_field_takes_its_answer_as_printed_and_in_other_formats(shown, lang, path):
    """What the answer shows, typed into its field in any of the formats a reader might use, is right; a number
    a little off in its last printed digit's place is not. answers.js has shown every field."""
    page = shown(lang, path).page
    fields = page.evaluate(SHOWN)
    assert [ref for ref, _, _, hidden in fields if hidden] == []
    cases, expected = [], []
    for ref, printed, config, _ in fields:
        for typed in [printed, *_other_formats(printed, lang)]:
            cases.append([ref, typed])
            expected.append("right")
        off = max(config["within"] * 3, abs(config["value"]) * 1e-3)
        cases.append([ref, repr(config["value"] + off)])
        expected.append("wrong")
    got = page.evaluate(VERDICTS, cases) if cases else []
    assert [(c, g) for c, g, e in zip(cases, got, expected) if g != e] == []


# What a reader types, as each language's page reads it: (text, values in order of preference).
READINGS = [
    ("132,096", {"en": [132096, 132.096], "ru": [132.096, 132096]}),
    ("132 096", [132096]), (f"132{NBSP}096", [132096]), ("132\u202f096", [132096]), ("132096", [132096]),
    ("2,860,032", [2860032]), ("1,234.5", [1234.5]), ("1.234,5", [1234.5]),
    ("0.75", [0.75]), ("0,75", [0.75]), ("75%", [0.75]), ("75 %", [0.75]), (".5", [0.5]), ("-3", [-3]), ("−3", [-3]),
    ("-0.32", [-0.32]), ("−0.32", [-0.32]), ("−0,32", [-0.32]), ("- 0.32", [-0.32]), ("−1,234.5", [-1234.5]),
    ("−7.1e−15", [-7.1e-15]), ("-75%", [-0.75]),
    ("7.1e-15", [7.1e-15]), ("7,1E-15", [7.1e-15]), ("7,1·10^-15", [7.1e-15]), ("7.1 × 10⁻¹⁵", [7.1e-15]),
    (f"1.4{TIMES}⁷", [1.4e7]), ("3.6x10^{11}", [3.6e11]), ("3,6*10^(11)", [3.6e11]),
    ("2.6 × 10^-3", [2.6e-3]), ("2.6 x 10^-3", [2.6e-3]), ("2.6e-3", [2.6e-3]), (f"2.6{TIMES}⁻³", [2.6e-3]),
    ("abc", []), ("1..2", []), ("1,2,3", []), ("", []), ("12 a", []),
]


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_reader_may_type_either_language_s_format(shown, lang):
    page = shown(lang, "highway/").page
    got = page.evaluate("cases => cases.map(([t, l]) => gatedAnswers.read(t, l).map(r => r.value))",
                        [[text, lang] for text, _ in READINGS])
    expected = [values[lang] if isinstance(values, dict) else values for _, values in READINGS]
    assert [(t, g) for (t, _), g, e in zip(READINGS, got, expected) if g != pytest.approx(e, rel=1e-12)] == []


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_negative_answer_is_right_typed_with_a_hyphen_or_a_minus_sign_and_said_with_the_minus_sign(shown, lang):
    """lstm/'s ex-keep asks for b_f = −4.24: a reader's -4.24 and −4.24 are both right, and the page says the
    number back as it prints it, with U+2212; a number just off is wrong, said with the minus sign too."""
    page = shown(lang, "lstm/").page
    printed = next(p for ref, p, _, _ in page.evaluate(SHOWN) if ref == "ex-keep:b_f")
    assert printed == f"{MINUS}4.24"
    said = page.evaluate("""cases => cases.map(t => {
        const form = document.querySelector('form.answer[data-answer="ex-keep:b_f"]');
        return gatedAnswers.verdict(t, JSON.parse(form.dataset.config));
    })""", ["-4.24", f"{MINUS}4.24", f"{MINUS}4,24", "-4.3", "4.24"])
    right = WORDS["right"](lang).format(typed=f"{MINUS}4.24")
    assert said[:3] == [["right", right]] * 3
    for (kind, words), typed, side in zip(said[3:], (f"{MINUS}4.3", "4.24"), ("low", "high"), strict=True):
        assert kind == "wrong" and words.startswith(WORDS[side](lang).split("{off}")[0].format(typed=typed)), words


def _said(page, form) -> str:
    """What the live region says once answers.js has spoken (it clears the region first, so that the same words
    are announced again)."""
    page.wait_for_function("o => o.textContent !== ''", arg=form.locator("output").element_handle())
    return form.locator("output").inner_text()


WORDS_FILLED = {
    "en": {"right": "Right: 2,860,032.", "high": "Not yet: 2,861,032 is too high, by 1,000.",
           "low": "Not yet: 0.2 is too low, by 0.15.", "unread": "“two” is not a number this field can read."},
    "ru": {"right": f"Верно: 2{NBSP}860{NBSP}032.", "high": f"Пока нет: 2{NBSP}861{NBSP}032 больше ответа на 1{NBSP}000.",
           "low": "Пока нет: 0.2 меньше ответа на 0.15.", "unread": "Не удаётся прочитать «два» как число."},
}


@pytest.mark.browser
@pytest.mark.acts_on("cost/")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_field_says_right_or_how_far_off_in_the_page_s_language(shown, lang):
    page = shown.act(lang, "cost/").page
    form = page.locator('form.answer[data-answer="ex-stack:total"]')
    field = form.get_by_role("textbox")
    assert field.get_attribute("aria-describedby") == form.locator("output").get_attribute("id")
    assert form.locator("output").get_attribute("aria-live") == "polite"
    words = WORDS_FILLED[lang]
    for typed, said in ((("2,860,032" if lang == "en" else "2 860 032"), words["right"]),
                        (("2 861 032" if lang == "en" else "2,861,032"), words["high"]),
                        (("two" if lang == "en" else "два"), words["unread"])):
        field.fill(typed)
        form.get_by_role("button").click()
        assert _said(page, form) == said, typed
    field.fill("2860032")
    form.get_by_role("button").click()
    assert _said(page, form) == words["right"]  # the same words again: announced again
    assert form.get_attribute("data-verdict") == "right"


@pytest.mark.browser
@pytest.mark.acts_on("highway/")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_field_from_the_keyboard_alone(shown, axe_script, lang):
    """From the exercise's heading, Tab reaches the field; typing and Enter check it; Tab reaches the button and
    Space checks again. The field and what it says are then axe-clean, in light and dark."""
    visit = shown.act(lang, "highway/")
    page = visit.page
    form = page.locator('form.answer[data-answer="ex-losses:far"]')
    heading = form.locator("xpath=preceding::h3[1]//a[contains(@class, 'headerlink')]")
    heading.focus()
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("f => document.activeElement === f.querySelector('input')", form.element_handle()):
            break
    else:
        pytest.fail("Tab never reached the field")
    page.keyboard.type("0,2")
    page.keyboard.press("Enter")
    assert _said(page, form) == WORDS_FILLED[lang]["low"]
    page.keyboard.press("Control+A")
    page.keyboard.type("0.355")
    page.keyboard.press("Tab")
    assert page.evaluate("f => document.activeElement === f.querySelector('button')", form.element_handle())
    page.keyboard.press("Space")
    assert _said(page, form) == WORDS["right"](lang).format(typed="0.355")
    for scheme, palette in (("default", 0), ("slate", 1)):
        if page.evaluate("() => document.body.getAttribute('data-md-color-scheme')") != scheme:
            page.locator(f'form[data-md-component="palette"] label[for="__palette_{palette}"]').click()
            page.wait_for_function(f"() => document.body.getAttribute('data-md-color-scheme') === '{scheme}'")
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(axe_script)
        found = page.evaluate("() => axe.run('form.answer').then(r => r.violations.map(v => v.id + ': ' + v.help))")
        assert found == [], scheme
    assert visit.errors == []


@pytest.fixture(scope="module")
def axe_script():
    return Axe().axe_script


def test_a_field_stands_before_the_folded_answer_that_holds_its_block(hook):
    folded_after = hook("answers")._folded_after
    page = '<p class="answer">a</p><details><p>words</p><div class="exec" data-exec="b">'
    assert folded_after(page, 0, page.index('<div class="exec"'))
    late = '<details><div class="exec" data-exec="b"></div></details><p class="answer">a</p>'
    assert not folded_after(late, late.index('<p class="answer"'), late.index('<div class="exec"'))
    unfolded = '<p class="answer">a</p><div class="exec" data-exec="b">'
    assert not folded_after(unfolded, 0, unfolded.index('<div class="exec"'))
    elsewhere = '<p class="answer">a</p><details></details><div class="exec" data-exec="b">'
    assert not folded_after(elsewhere, 0, elsewhere.index('<div class="exec"'))
