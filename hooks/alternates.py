"""No hreflang links in the pages' heads.

Material's script fetches sitemap.xml below every hreflang alternate in a
page's head, to keep the reader on the same page when switching language.
mkdocs-static-i18n points those alternates at the page itself in the other
language (ru/lstm/), where there is no sitemap: two failed requests on every
page. The language selector's links already lead to the same page, and the
site's sitemap lists every page's alternates, so the head links go.
"""

from __future__ import annotations

import re

HREFLANG = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def on_post_page(output: str, page, config) -> str:
    return HREFLANG.sub("", output)
