"""The notebook's own words in the reader's language: the copy button and the comment beside LANG."""

from __future__ import annotations

import logging

from conftest import load_hook

notebooks = load_hook("notebooks")

BUTTON = ('<clipboard-copy for="cell-3", aria-label="Copy to Clipboard">'
          '<span class="notice" hidden="">Copied!</span></clipboard-copy>')  # as the page holds it


def test_the_copy_button_speaks_russian_on_the_russian_page():
    html = notebooks.clipboard(BUTTON, "ru", "gradient-highway.ru.ipynb")
    assert 'aria-label="Скопировать в буфер обмена"' in html and ">Скопировано!<" in html
    assert "Copy" not in html and "Copied" not in html


def test_the_copy_button_keeps_its_english_words_on_the_english_page():
    assert notebooks.clipboard(BUTTON, "en", "gradient-highway.ipynb") == BUTTON


def test_a_template_without_the_words_is_named(caplog):
    with caplog.at_level(logging.WARNING, logger="mkdocs.hooks.notebooks"):
        html = notebooks.clipboard("<div>no button</div>", "ru", "gradient-highway.ru.ipynb")
    assert html == "<div>no button</div>"
    assert "gradient-highway.ru.ipynb: nbconvert's copy button changed shape" in caplog.text


def test_the_parameters_comment_is_in_each_language():
    assert set(notebooks.PARAMETER) == {"en", "ru"}
    assert "язык" in notebooks.PARAMETER["ru"] and not any(c.isascii() and c.isalpha()
                                                            for c in notebooks.PARAMETER["ru"].replace('"en"', "")
                                                            .replace('"ru"', ""))
