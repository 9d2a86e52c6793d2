"""The author's view of problems, piece by piece, without serving: what stays open across dirty rebuilds
(hooks/problems.py), a failing block at its snippet's line (hooks/failures.py), hints for an unbound number
(hooks/hints.py), each problem in both languages (hooks/advice.py) and where it shows on its page
(hooks/places.py). test_overlay.py serves the site and looks at all of it in a browser."""

from __future__ import annotations

import logging
import re
import types
from pathlib import Path

import markdown
import pytest
from conftest import load_hook

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shared():
    return load_hook("shared")


# ---------------------------------------------------------------- what stays open (hooks/problems.py)


class _Config(dict):
    """What the hook reads of MkDocs' config: the page being rendered, and whether i18n builds another language."""

    def __init__(self):
        super().__init__(plugins={"i18n": types.SimpleNamespace(building=False)})
        self.plugins = self["plugins"]
        self._current_page = None


def _page(src: str):
    return types.SimpleNamespace(file=types.SimpleNamespace(src_uri=src))


@pytest.fixture
def collecting(shared):
    """The problems hook as `mkdocs serve` starts it: its collector on MkDocs' logger, the list empty."""
    problems = load_hook("problems")
    kept = dict(shared.problems)
    shared.problems.clear()
    problems.on_startup("serve", True)
    yield problems
    logger = logging.getLogger("mkdocs")
    for handler in [h for h in logger.handlers if type(h).__name__ == "_Collector"]:
        logger.removeHandler(handler)
    shared.problems.clear()
    shared.problems.update(kept)


def _render(problems, config, page: str, *said: str) -> None:
    """The page rendered again, saying `said`."""
    config._current_page = _page(page)
    problems.on_pre_page(config._current_page, config, None)
    for message in said:
        logging.getLogger("mkdocs.hooks.quotes").warning(message)
    config._current_page = None


def test_a_problem_stays_open_until_its_page_renders_without_it(collecting, caplog):
    problems, config = collecting, _Config()
    problems.on_config(config)
    logging.getLogger("mkdocs.hooks.figures").warning("mkdocs.yml:7: the number '14' is not bound")
    _render(problems, config, "cost.md", "docs/cost.md:33: the number '140,000' is not bound")
    _render(problems, config, "lstm.md", "docs/lstm.md:122: worked.f is '0.997' in English, but the page says '0.998'")
    assert [p.where for p in problems.current()] == ["docs/cost.md:33", "docs/lstm.md:122", "mkdocs.yml:7"]
    # a dirty rebuild that renders lstm.md alone, fixed: cost.md's problem is still open, the build's is said again
    problems.on_config(config)
    _render(problems, config, "lstm.md")
    assert [p.where for p in problems.current()] == ["docs/cost.md:33"]
    with caplog.at_level(logging.INFO, logger="mkdocs.hooks.problems"):
        problems.on_post_build(config)
    assert caplog.messages[-1] == "problems: 1 open, a strict build would fail: docs/cost.md:33"
    assert caplog.records[-1].levelname == "WARNING"
    _render(problems, config, "cost.md")
    with caplog.at_level(logging.INFO, logger="mkdocs.hooks.problems"):
        problems.on_post_build(config)
    assert caplog.messages[-1] == "problems: none open, a strict build would pass"
    assert caplog.records[-1].levelname == "INFO"


def test_a_failure_reported_after_the_pages_belongs_to_them(collecting):
    problems, config = collecting, _Config()
    problems.on_config(config)
    logging.getLogger("mkdocs.hooks.failures").warning("snippets/cost/params.py:3: block 'params' raised ValueError",
                                                       extra={"owners": ["cost.md", "cost.ru.md"]})
    problems.on_config(config)  # the next build: what the build says is said again, what a page said is kept
    assert [p.places for p in problems.current()] == [(("snippets/cost/params.py", 3),)]
    _render(problems, config, "cost.md")
    assert problems.current()  # still the Russian page's
    _render(problems, config, "cost.ru.md")
    assert not problems.current()


def test_a_problem_names_its_places_and_its_file(collecting):
    p = collecting.Problem.of("docs/gru.ru.md:75 «## А» is behind its twin docs/gru.md:71 «## B», …; record: …")
    assert p.places == (("docs/gru.ru.md", 75), ("docs/gru.md", 71)) and p.where == "docs/gru.ru.md:75"
    p = collecting.Problem.of("Doc file 'cost.md' contains a link 'x.md', but the target is not found")
    assert p.places == (("docs/cost.md", 0),) and p.where == "docs/cost.md"


def test_the_command_lists_the_problems_of_a_build(copy, edit):
    """`python hooks/problems.py` (scripts/serve check): every problem in full, then the line; exit 1."""
    import subprocess
    import sys

    edit(copy / "docs/cost.md", "The arithmetic per step grows",
         "It holds 140,000 parameters. The arithmetic per step grows")
    done = subprocess.run([sys.executable, "hooks/problems.py"], cwd=copy, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(copy), "HOME": str(copy)})
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert re.match(r"docs/cost\.md:\d+: the number '140,000' is not bound", lines[0]), done.stdout
    assert re.fullmatch(r"problems: 2 open, a strict build would fail: docs/cost\.md:\d+, docs/cost\.ru\.md:\d+",
                        lines[-1]), done.stdout  # and the Russian twin of the edited section is behind


# ---------------------------------------------------------------- a failing block (hooks/failures.py)


@pytest.fixture
def site(tmp_path, shared, monkeypatch):
    """A checkout with a page whose blocks include snippets, as hooks/shared.py sees it."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "snippets/page").mkdir(parents=True)
    (tmp_path / "snippets/page/table.py").write_text("x = 1\n\nraise ValueError('on purpose')\nprint(x)\n")
    (tmp_path / "snippets/page/session.pycon").write_text(">>> 1 + 1\n2\n>>> 2 + 2\n5\n")
    (tmp_path / "docs/page.md").write_text(
        "# Page\n\nText.\n\n```python exec=\"on\" id=\"table\"\n--8<-- \"snippets/page/table.py\"\n```\n\n"
        "!!! note\n\n    ```pycon exec=\"on\" id=\"session\"\n    --8<-- \"snippets/page/session.pycon\"\n    ```\n")
    (tmp_path / "docs/page.ru.md").write_text((tmp_path / "docs/page.md").read_text().replace("Text.", "Текст."))
    monkeypatch.setattr(shared, "ROOT", tmp_path)
    kept = list(shared.failed)
    shared.failed.clear()
    yield tmp_path
    shared.failed[:] = kept


def test_a_raising_block_is_reported_at_its_snippets_line(site, shared):
    execution, failures = load_hook("execution"), load_hook("failures")
    code = (site / "snippets/page/table.py").read_text()
    for lang, where in (("en", "docs/page.md:5, block 'table'"), ("ru", "docs/page.ru.md:5, block 'table'")):
        with pytest.raises(execution.ExecutionError) as raised:
            execution.run_python(code, where, lang)
    assert str(raised.value).startswith('!!! failure "Этот блок завершается с ошибкой: snippets/page/table.py:3"')
    [(message, pages)] = failures.report(shared.failed)
    head, *trace = message.split("\n")
    assert head == ("snippets/page/table.py:3: block 'table' raised ValueError: on purpose"
                    " (docs/page.md:5 in English, docs/page.ru.md:5 in Russian)")  # once, for both languages
    assert trace[:3] == ["  Traceback (most recent call last):",  # from the author's frame
                         '    File "snippets/page/table.py", line 3, in <module>', "      raise ValueError('on purpose')"]
    assert pages == ["page.md", "page.ru.md"]


def test_a_session_is_reported_at_the_line_it_expects(site, shared):
    execution, failures = load_hook("execution"), load_hook("failures")
    session = (site / "snippets/page/session.pycon").read_text()
    with pytest.raises(execution.ExecutionError, match="1 of 2 examples do not print what the session says"):
        execution.run_doctest(session, "docs/page.md:11, block 'session'", "en")
    [(message, _)] = failures.report(shared.failed)
    assert message.startswith("snippets/page/session.pycon:4: block 'session': 1 of 2 examples do not print what the"
                              " session says (docs/page.md:11 in English)")
    assert "expected:\n      5\n  got:\n      4" in message


def test_a_block_whose_code_is_not_its_snippets_is_reported_at_the_page(site, shared):
    """The mapping is checked against the code that ran: if they differ, the page's line is all that is known."""
    failures = load_hook("failures")
    assert failures.origins("docs/page.md", 5, "x = 2\n") is None
    assert failures.origins("docs/page.md", 5, (site / "snippets/page/table.py").read_text())[2] == \
        ("snippets/page/table.py", 3)


# ---------------------------------------------------------------- hints (hooks/hints.py)


class _Figure(types.SimpleNamespace):
    def printed(self, lang: str) -> str:
        return self.value


def test_a_phrase_is_offered_what_its_paragraph_binds_first_and_an_inverse_last():
    hints, words = load_hook("hints"), load_hook("words")
    figures = {"a.half": _Figure(value="0.5000", spec=".4f"), "b.two": _Figure(value="2", spec=".0f"),
               "c.two": _Figure(value="2", spec=".0f"), "z.factor": _Figure(value="2", spec=".0f")}
    twice = words.find("twice as many", "en")[0]
    offered = hints.for_phrase(twice, "en", figures, [hints.Bound("z.factor", "2", True)])
    assert offered == " (figures of that value: z.factor (in this paragraph), b.two, c.two)"
    bound_inverse = hints.for_phrase(twice, "en", {k: figures[k] for k in ("a.half", "b.two")},
                                     [hints.Bound("a.half", "0.5000", True)])
    assert bound_inverse == " (figures of that value: b.two, a.half (in this paragraph))"  # as written, first
    alone = {"a.half": figures["a.half"]}
    assert hints.for_phrase(twice, "en", alone, []) == " (figures of that value: a.half)"  # a multiple, either way up
    halves = words.find("it halves", "en")[0]
    assert hints.for_phrase(halves, "en", {"b.two": figures["b.two"]}, []) == ""  # not a multiple: one way only


def test_the_issues_phrase_is_offered_its_paragraphs_figure():
    """Issue 41: "twice as many" beside [twice]{cost.bi_factor} was offered σ(0) = 0.5 and not cost.bi_factor."""
    quotes = load_hook("quotes")
    text = "The price is a second cell: [twice]{cost.bi_factor} the parameters and twice as many steps.\n"
    [problem] = quotes.check(text, "docs/bidirectional.md", "en")[1]
    offered = re.search(r"figures of that value: ([^;]*)\);", problem)[1]
    assert offered.startswith("cost.bi_factor (in this paragraph)") and "bias.sigma0" not in offered, problem


def test_a_number_is_offered_the_figures_near_it():
    quotes = load_hook("quotes")
    [problem] = quotes.check("It has [132,096]{cost.lstm128} parameters, not 132,097.\n", "docs/cost.md", "en")[1]
    assert "(figures near it: cost.lstm128 = 132,096 (in this paragraph)" in problem, problem
    [problem] = quotes.check("Say 0.997 here.\n", "docs/lstm.md", "en")[1]
    assert "(figures of that value: worked.f" in problem, problem


# ---------------------------------------------------------------- in both languages (hooks/advice.py)

SAID = {  # what the checks say, as they say it (tests/pages/test_drift.py makes each of them for real)
    "unbound number": "docs/cost.md:33: the number '140,000' is not bound; write [140,000]{figure.name} for a result,"
                      " or mark what it is ({year}, {eq}, {chapter}, {cite}, {param}) (figures near it: cost.lstm128"
                      " = 132,096 (on this page)): «It holds 140,000 parameters.»",
    "unbound words": "docs/bidirectional.md:23: «twice» states a multiple in words (2) that nothing checks: bind it …"
                     " (figures of that value: cost.bi_factor (in this paragraph), gradients.b_f2); [twice]{param} …",
    "wrong value": "docs/cost.ru.md:40: cost.gru_share is '75\\xa0%' in Russian, but the page says '75 %'",
    "wrong block value": "docs/index.md:9: at-a-glance:rows is '3' as the block printed it, but the page says '4'",
    "wrong words": "docs/summary.md:3: [two thirds]{cost.gru_share}: «two thirds» is 0.666667, which"
                   " cost.gru_share's format (.0%) does not print as '75%', the value of cost.gru_share: bind …",
    "missing value": "docs/index.md:9: [0.0123]{at-a-glance:lr}: block 'at-a-glance' on this page prints no value"
                     " named 'lr' (print it with gated.named)",
    "missing figure": "docs/index.md:9: [0.1]{no.such} names no published figure; gated/chapter/published.py has none",
    "stale twin": "docs/gru.ru.md:75 «## Т» is behind its twin docs/gru.md:71 «## T», which changed since the two"
                  " were last brought into line; bring this section up to date, then record: python"
                  " hooks/translations.py record docs/gru.md",
    "unrecorded": "docs/gru.md:71 «## T» and docs/gru.ru.md:75 «## Т» both changed since they were last recorded as"
                  " in line; when they say the same, record it: python hooks/translations.py record docs/gru.md",
    "twins differ": "docs/gru.ru.md:40: does not match docs/gru.md in its quoted figures: item 3 is gru2.z1 where …",
    "no twin": "docs/appendix.md:1: has no Russian twin: docs/appendix.ru.md",
    "raises": "snippets/cost/params.py:3: block 'params' raised ValueError: boom (docs/cost.md:40 in English)",
    "exits": "snippets/x/y.py:2: block 'y' called sys.exit(3); a block must not end the build (docs/x.md:9 in English)",
    "warns": "snippets/x/y.py:2: block 'y' warned: UserWarning: careful (docs/x.md:9 in English)",
    "session": "snippets/cost/lstm128.pycon:8: block 'lstm128': 1 of 5 examples do not print what the session says"
               " (docs/cost.md:27 in English)",
    "drifted": "gated/chapter/published.py:62: worked.f: published 0.997, computed now 0.998; quoted at docs/lstm.md:1",
}


@pytest.mark.parametrize("kind", list(SAID))
def test_each_kind_of_problem_is_said_in_both_languages(kind):
    advice = load_hook("advice")
    said = advice.advise(SAID[kind])
    assert said is not advice.ANY, f"{kind}: not recognised"
    for lang in ("en", "ru"):
        assert said.what[lang] and said.fix[lang], (kind, lang)
    assert re.search("[а-яё]", said.what["ru"] + said.fix["ru"]) and not re.search("[а-яё]", said.fix["en"])
    if kind == "wrong value":
        assert said.mark == "75 %" and "75\u00a0%" in said.fix["en"]


def test_an_unknown_problem_is_still_said():
    advice = load_hook("advice")
    said = advice.advise("Doc file 'x.md' contains a link 'y.md', but the target is not found")
    assert said is advice.ANY and said.what["ru"] == "Здесь строгая сборка остановится"


# ---------------------------------------------------------------- at its place (hooks/places.py)

PAGE = """# Title

A first paragraph.

- an item
- an item with 140,000 in it

| a | b |
| --- | --- |
| 1 | 0.998 |

## Second

```python exec="on" id="block"
print(1)
```

Last words here.
"""


def _rendered(source: str) -> str:
    html = markdown.markdown(source.replace('```python exec="on" id="block"\nprint(1)\n```',
                                            '<div class="exec" data-exec="block"><p>1</p></div>'),
                             extensions=["tables", "md_in_html"])
    return f'<html><article class="md-content__inner md-typeset">{html}</article></html>'


@pytest.mark.parametrize(("line", "tag", "how", "token"), [
    (1, "h1", "after", None),  # a heading: after it
    (3, "p", "after", None),  # a paragraph: after it
    (6, "li", "append", "140,000"),  # an item: at its end, so that no list is renumbered
    (10, "table", "after", "0.998"),  # a cell: after its table, so that no table gains a row
    (14, "div", "before", None),  # a block: before it
    (18, "p", "after", None),
])
def test_a_line_is_placed_beside_what_it_became(line, tag, how, token):
    places = load_hook("places")
    found = places.elements(places.stamp(_rendered(PAGE)))
    place = places.locate(PAGE, line, found, token)
    target = next(e for e in found if e.at == place.at)
    assert (target.tag, place.how) == (tag, how), place
    if token:
        assert token in next(e for e in found if e.at == place.mark).text
    if line == 18:
        assert "Last words" in target.text


def test_a_built_site_has_no_overlay(built):
    """Only `mkdocs serve` shows problems: the strict build has neither the script, nor its data, nor the pages'
    numbered elements."""
    assert not (built / "javascripts/problems.js").exists() and not (built / "stylesheets/problems.css").exists()
    assert not (built / "gated-problems.json").exists()
    page = (built / "cost/index.html").read_text(encoding="utf-8")
    assert "data-gated-at" not in page and "problems.js" not in page
