"""What the pages claim about the build-time experiments, checked on the published runs.

These are the runs the site's build makes: pinned, computed once and kept under
.cache/experiments, so after a build this costs nothing, and the build nothing
after this. A claim that fails is named once, with what was measured.
"""

from __future__ import annotations

import re

import pytest

from gated import claims
from gated.render import TIMES, Text, cell, markdown
from gated.chapter.experiments import forget_bias, gradients, practice, scratch


@pytest.mark.parametrize("experiment", [forget_bias, scratch, gradients, practice], ids=lambda m: m.__name__.split(".")[-1])
def test_the_published_run_bears_out_its_page(experiment):
    claims.check(experiment.claims(experiment.run()))


def test_a_failing_claim_is_named_with_its_measurement():
    failing = [claims.Claim(Text("the sky is green", "небо зелёное"), False, "blue"),
               claims.Claim(Text("water is wet", "вода мокрая"), True, "wet")]
    with pytest.raises(claims.ClaimFailed, match=r"^the sky is green \(measured: blue\)$"):
        claims.check(failing)
    table = claims.table(failing)
    assert [row[1] for row in table.rows] == ["blue", "wet"]  # what was measured, beside each claim


# What each experiment's claims check, as published figures, and the page whose prose binds them.
BOUNDS = {
    "gradients": ("highway", {f"gradients.{field}": field for field in gradients.Bounds._fields}),
    "scratch": ("from-scratch", {f"scratch.{field}": field for field in scratch.Bounds._fields}),
    "forget_bias": ("forget-bias", {"task.solved": "solved"}),
    "practice": ("practice", {f"practice.{field}": field for field in practice.Bounds._fields}),
}


@pytest.mark.parametrize("experiment", [forget_bias, scratch, gradients, practice], ids=lambda m: m.__name__.split(".")[-1])
def test_every_bound_a_claim_checks_is_a_figure_its_page_binds(experiment):
    """A claim's bound is the experiment's setting, published, and quoted by name on its page in both languages:
    so changing the bound fails the build until the page says the new one."""
    from pathlib import Path

    from gated.chapter.published import FIGURES
    from gated.render import parse

    page, bounds = BOUNDS[experiment.__name__.split(".")[-1]]
    settings = experiment.Bounds() if hasattr(experiment, "Bounds") else experiment.Task()
    docs = Path(__file__).resolve().parents[1] / "docs"
    for figure, field in bounds.items():
        assert figure in FIGURES, f"{field} is not published as {figure}"
        assert parse(FIGURES[figure].published) == pytest.approx(getattr(settings, field)), figure
        for source in (f"{page}.md", f"{page}.ru.md"):
            text = (docs / source).read_text(encoding="utf-8")
            assert f"]{{{figure}}}" in text, f"docs/{source} never binds {figure}"


def test_the_table_teaches_and_does_not_speak_of_the_build():
    table = claims.table([claims.Claim(Text("a", "а"), True, Text("1", "1"))])
    titles = [column.title for column in table.columns]
    assert titles[0] == Text("what the runs show", "что показывают запуски")
    assert not any("build" in t.en or "сборк" in t.ru for t in titles)


@pytest.mark.parametrize("experiment", [forget_bias, scratch, gradients, practice], ids=lambda m: m.__name__.split(".")[-1])
def test_the_claims_write_a_power_of_ten_as_prose_does(experiment):
    """What the claims' table says was measured, as the page prints it in either language: no e-notation (7.1e-15)
    beside prose that writes 7.1 × 10⁻¹⁵."""
    table = claims.table(experiment.claims(experiment.run()))
    for lang in ("en", "ru"):
        shown = markdown(table, lang)
        assert not re.search(r"\de[-+]?\d", shown), shown


def test_the_gradients_norms_are_written_alike_in_both_languages():
    """The claim that a larger b_f brings more gradient lists the norms it compares, × 10ⁿ in English as in Russian."""
    said = {lang: next(cell(c.measured, None, lang) for c in gradients.claims(gradients.run())
                       if "larger $b_f$" in c.says.en)
            for lang in ("en", "ru")}
    for lang, detail in said.items():
        assert detail.count(TIMES) == 2 * len(gradients.BIASES), (lang, detail)
    numbers = [re.findall(r"[\d.]+" + TIMES + r"[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+", said[lang]) for lang in ("en", "ru")]
    assert numbers[0] == numbers[1]
