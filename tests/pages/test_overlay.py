"""The author sees every problem where they are looking: in the served page, at its place, while `mkdocs serve
--dirty` runs (hooks/problems.py, hooks/overlay.py, docs/javascripts/problems.js).

The six mistakes of issue 41, one at a time, on the one served copy that test_serve.py also edits: each shows in
a box at its place in the page, in the page's language, the bar counts it and links to it, and both go when the
mistake is undone. Then the running list after edits to two pages, and the navigation of a dirty rebuild against
a full build's, in both languages.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import pytest
from axe_playwright_python.sync_playwright import Axe
from serving import wait_for, wait_until

pytestmark = [pytest.mark.build, pytest.mark.browser, pytest.mark.xdist_group("serve")]


class Mistake(NamedTuple):
    file: str  # what the author edits
    old: str
    new: str
    where: str  # the problem's file:line, a regular expression
    page: str  # the page looked at
    said: str  # what its box says, in the page's language
    beside: str  # a script that is true of the box `box` when it stands at its place
    mark: str | None = None  # what is marked on the page as at fault


AFTER_TEXT = "(box, text) => box.previousElementSibling && box.previousElementSibling.textContent.includes(text)"
BEFORE_BLOCK = "(box, id) => box.nextElementSibling && box.nextElementSibling.dataset.exec === id"
AFTER_HEADING = "(box) => /^H[1-6]$/.test(box.previousElementSibling.tagName)"

MISTAKES = {
    "stale-twin": Mistake("docs/highway.md", "the measurement follows the prediction at first",
                          "the measurement follows the prediction at the start", r"docs/highway\.ru\.md:\d+", "ru/highway/",
                          "Раздел может отставать от перевода", AFTER_HEADING),
    "unbound-number": Mistake("docs/cost.md", "The arithmetic per step grows in the same proportion",
                              "It holds 140,000 parameters. The arithmetic per step grows in the same proportion",
                              r"docs/cost\.md:\d+", "cost/", "The number 140,000 is not bound",
                              f"box => ({AFTER_TEXT})(box, '140,000 parameters')", "140,000"),
    "unbound-words": Mistake("docs/bidirectional.md", "[twice]{cost.bi_factor} one layer's parameters",
                             "[twice]{cost.bi_factor} one layer's parameters, twice as many steps",
                             r"docs/bidirectional\.md:\d+", "bidirectional/", "It may be cost.bi_factor (in this"
                             " paragraph)", f"box => ({AFTER_TEXT})(box, 'twice as many steps')", "twice"),
    "wrong-value": Mistake("docs/lstm.md", "[0.997]{worked.f}", "[0.998]{worked.f}", r"docs/lstm\.md:\d+", "lstm/",
                           "The page says 0.998, but worked.f is 0.997",
                           f"box => ({AFTER_TEXT})(box, 'The forget gate, 0.998')", "0.998"),
    "doctest": Mistake("snippets/cost/lstm128.pycon", "131584", "131585", r"snippets/cost/lstm128\.pycon:8",
                       "ru/cost/", "Сеанс в snippets/cost/lstm128.pycon:8 ожидает одно, а код печатает другое",
                       f"box => ({BEFORE_BLOCK})(box, 'lstm128')"),
    "snippet": Mistake("snippets/cost/params.py", "from gated.chapter import tables\n",
                       "from gated.chapter import tables\nraise ValueError('a mistake on purpose')\n",
                       r"snippets/cost/params\.py:3", "cost/", "Block 'params' raises ValueError: a mistake on purpose",
                       f"box => ({BEFORE_BLOCK})(box, 'params')"),
}


def matching(where: str):
    return lambda found: [p for p in found if re.fullmatch(where, p["where"])]


def look(tab, served, path: str) -> dict:
    """The served page at `path`, once its script has shown the problems: the bar's count and links, the boxes."""
    tab.goto(f"{served.url}/{path}", wait_until="domcontentloaded")
    tab.wait_for_function("() => 'problemsShown' in document.documentElement.dataset", timeout=30_000)
    return tab.evaluate("""() => ({
        bar: (document.querySelector('.gated-bar p') || {}).textContent || '',
        links: [...document.querySelectorAll('.gated-bar a')].map(a => [a.textContent, a.href]),
        boxes: [...document.querySelectorAll('.gated-problem')].map(b => [b.id, b.textContent]),
        marks: [...document.querySelectorAll('mark.gated-mark')].map(m => m.textContent),
    })""")


@pytest.fixture(scope="module")
def tab(browser):
    """A tab that the server does not reload by itself (its live reload is refused): each test loads the page
    when the rebuild it waits for has ended."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.route("**/livereload/**", lambda route: route.abort())
    yield page
    page.close()


@pytest.mark.parametrize("case", list(MISTAKES))
def test_a_mistake_shows_at_its_place_and_clears_when_undone(served, tab, edit, case):
    m = MISTAKES[case]
    mine = matching(m.where)
    before = wait_until(served, lambda found: not mine(found))
    path = served.copy / m.file
    original = path.read_text(encoding="utf-8")
    edit(path, m.old, m.new)
    try:
        found = wait_until(served, mine)
        assert len(mine(found)) == 1, [p["where"] for p in found]
        problem = mine(found)[0]
        shown = look(tab, served, m.page)
        assert re.search(rf"\b{len(found)}\b", shown["bar"]), shown["bar"]  # the bar counts it ...
        box = f"gated-problem-{problem['n']}"
        assert any(text.startswith(problem["where"]) and href.endswith(f"{m.page}#{box}")
                   for text, href in shown["links"]), shown["links"]  # ... and links to it
        said = dict(shown["boxes"]).get(box, "")
        assert m.said in said and problem["where"] in said, shown["boxes"]  # what, where, in the page's language
        assert tab.evaluate(f"() => ({m.beside})(document.getElementById('{box}'))"), f"{case}: not at its place"
        if m.mark:
            assert m.mark in shown["marks"], shown["marks"]
    finally:
        path.write_text(original, encoding="utf-8")
    after = wait_until(served, lambda found: not mine(found))
    assert len(after) == len(before)
    shown = look(tab, served, m.page)
    assert not [b for b, text in shown["boxes"] if problem["where"] in text], shown["boxes"]
    assert not [t for t, _ in shown["links"] if t.startswith(problem["where"])]


def test_a_failing_snippet_is_reported_once_at_its_own_line(served, edit):
    """In the terminal: the snippet's file and line first, the pages' lines beside it, both languages in one message,
    the traceback from the snippet's frame."""
    path = served.copy / "snippets/cost/params.py"
    original = path.read_text(encoding="utf-8")
    start = len(served.log.read_text(encoding="utf-8"))
    edit(path, "from gated.chapter import tables\n", "from gated.chapter import tables\nraise KeyError('on purpose')\n")
    try:
        wait_until(served, matching(r"snippets/cost/params\.py:3"))
    finally:
        path.write_text(original, encoding="utf-8")
    wait_until(served, lambda found: not matching(r"snippets/cost/params\.py:3")(found))
    said = served.log.read_text(encoding="utf-8")[start:]
    first = re.findall(r"WARNING -  snippets/cost/params\.py:3: block 'params' raised KeyError: 'on purpose'"
                       r" \(docs/cost\.md:\d+ in English, docs/cost\.ru\.md:\d+ in Russian\)\n(.*)\n(.*)", said)
    assert len(first) == 1, said[-3000:]  # once, for both languages
    assert first[0] == ("  Traceback (most recent call last):",
                        '    File "snippets/cost/params.py", line 3, in <module>')
    assert "Execution of python code block" not in said and "hooks/execution.py" not in said


def test_the_running_list_keeps_a_page_the_rebuild_did_not_render(served, edit):
    """Each rebuild ends with one line of the site's open problems: after an edit to lstm.md, cost.md's problem,
    which that rebuild did not render again, is still in it."""
    def last_line() -> str:
        return re.findall(r"^\w+ +-  problems: .*$", served.log.read_text(encoding="utf-8"), re.M)[-1]

    cost, lstm = served.copy / "docs/cost.md", served.copy / "docs/lstm.md"
    originals = {p: p.read_text(encoding="utf-8") for p in (cost, lstm)}
    try:
        edit(cost, "The arithmetic per step grows", "It holds 140,000 parameters. The arithmetic per step grows")
        wait_until(served, matching(r"docs/cost\.md:\d+"))
        edit(lstm, "[0.997]{worked.f}", "[0.998]{worked.f}")
        found = wait_until(served, matching(r"docs/lstm\.md:\d+"))
        line = last_line()
        assert line.startswith("WARNING -  problems: ") and "a strict build would fail" in line, line
        for page in ("cost", "lstm"):
            assert matching(rf"docs/{page}\.md:\d+")(found)[0]["where"] in line, line
    finally:
        for path, text in originals.items():
            path.write_text(text, encoding="utf-8")
    wait_until(served, lambda found: not matching(r"docs/(cost|lstm)\.md:\d+")(found))
    assert not re.search(r"docs/(cost|lstm)\.md:", last_line())


def test_a_clean_start_is_quiet(served):
    """Nothing on a clean start that the project answers itself: not MkDocs' warning about dirty builds (whose
    navigation hooks/dirty.py keeps whole), nor its note on stale files; the first build's line says all is well."""
    log = served.log.read_text(encoding="utf-8")
    first = log[: log.index("Serving on")]
    assert "WARNING" not in first, first[-3000:]
    assert "inaccurate navigation" not in log and "stale files" not in log
    assert "INFO    -  problems: none open, a strict build would pass" in first


def test_the_bar_and_the_boxes_are_accessible(served, tab, edit):
    """A landmark with a name, links a keyboard reaches, words (not colours) that say what is wrong; axe finds
    nothing serious on a page that shows them, in either language."""
    path = served.copy / "docs/cost.md"
    original = path.read_text(encoding="utf-8")
    edit(path, "The arithmetic per step grows", "It holds 140,000 parameters. The arithmetic per step grows")
    try:
        wait_until(served, matching(r"docs/cost\.md:\d+"))
        for page, name in (("cost/", "Problems a strict build would fail on"),
                           ("ru/cost/", "Ошибки, на которых остановится строгая сборка")):
            look(tab, served, page)
            bar = tab.get_by_role("complementary", name=name)
            assert bar.count() == 1
            first = bar.get_by_role("link").first
            first.focus()
            assert tab.evaluate("() => document.activeElement.closest('.gated-bar') !== null")
            script = Axe().axe_script
            tab.evaluate(script)
            found = tab.evaluate("() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
            serious = [f"{v['id']}: {v['nodes'][0]['html'][:120]}" for v in found
                       if v["impact"] in ("serious", "critical")]
            assert serious == [], serious
        # from another page, the bar's link goes to the box by instant navigation, and the box has the focus
        look(tab, served, "lstm/")
        link = tab.locator(".gated-bar a", has_text=re.compile(r"^docs/cost\.md:\d+"))
        box = link.get_attribute("href").split("#")[1]
        link.click()
        tab.wait_for_function(f"() => document.activeElement && document.activeElement.id === '{box}'")
        assert tab.evaluate("() => location.pathname.endsWith('/cost/')")
    finally:
        path.write_text(original, encoding="utf-8")
    wait_until(served, lambda found: not matching(r"docs/cost\.md:\d+")(found))


NAVIGATION = """() => ({
    title: document.title,
    nav: [...document.querySelectorAll('.md-nav--primary .md-nav__link')].map(a => a.textContent.trim()),
    footer: [...document.querySelectorAll('.md-footer__link')].map(a => a.getAttribute('aria-label')),
})"""


@pytest.fixture(scope="module")
def rebuilt(served):
    """A dirty rebuild after a prose edit to cost.md: it renders cost/ and its twin, and not gru/."""
    path = served.copy / "docs/cost.md"
    original = path.read_text(encoding="utf-8")
    path.write_text(original.replace("\n\n", "\n\nA sentence for the navigation test.\n\n", 1), encoding="utf-8")
    wait_for(f"{served.url}/cost/", "A sentence for the navigation test.", timeout=120)
    yield
    path.write_text(original, encoding="utf-8")
    wait_until(served, lambda found: not matching(r"docs/cost\.ru\.md:\d+")(found))


@pytest.mark.parametrize("path", ["cost/", "ru/cost/", "gru/", "ru/gru/"])
def test_a_dirty_rebuild_serves_the_navigation_of_a_full_build(served, server, tab, rebuilt, path):
    """After a dirty rebuild, the pages it rendered (cost/, ru/cost/) and those it did not (gru/, ru/gru/) have
    the sidebar, the title and the footer of the full build, never "None" (mkdocs/mkdocs#4047; hooks/dirty.py)."""
    tab.goto(f"{served.url}/{path}", wait_until="domcontentloaded")
    dirty = tab.evaluate(NAVIGATION)
    tab.goto(server + path, wait_until="domcontentloaded")
    full = tab.evaluate(NAVIGATION)
    assert "None" not in str(dirty) and dirty == full, (dirty, full)
