"""What the pages claim about the build-time experiments, checked on the published runs.

These are the runs the site's build makes: pinned, computed once and kept under
.cache/experiments, so after a build this costs nothing, and the build nothing
after this. A claim that fails is named once, with what was measured.
"""

from __future__ import annotations

import pytest

from gated import claims
from gated.render import Text
from gated.chapter.experiments import forget_bias, gradients, scratch


@pytest.mark.parametrize("experiment", [forget_bias, scratch, gradients], ids=lambda m: m.__name__.split(".")[-1])
def test_the_published_run_bears_out_its_page(experiment):
    claims.check(experiment.claims(experiment.run()))


def test_a_failing_claim_is_named_with_its_measurement():
    failing = [claims.Claim(Text("the sky is green", "небо зелёное"), False, "blue"),
               claims.Claim(Text("water is wet", "вода мокрая"), True, "wet")]
    with pytest.raises(claims.ClaimFailed, match=r"^the sky is green \(measured: blue\)$"):
        claims.check(failing)
    table = claims.table(failing)
    assert [row[1].en for row in table.rows] == ["FAILS", "holds"]
