"""The headings' permanent links titled in the page's language.

Python-Markdown's `toc` gives every heading a link to itself whose title (its tooltip, and what a screen reader
says) is `permalink_title` from mkdocs.yml, one string for the whole site: "Permanent link". A page in another
language gets it in that language.
"""

from __future__ import annotations

import re

import shared

TITLE = {"en": "Permanent link", "ru": "Постоянная ссылка"}
LINK = re.compile(r'(<a class="headerlink" href="[^"]*") title="' + re.escape(TITLE[shared.DEFAULT]) + '"')


def on_page_content(html: str, page, config, files) -> str:
    lang = shared.building(config)
    return html if lang == shared.DEFAULT else LINK.sub(rf'\1 title="{TITLE[lang]}"', html)
