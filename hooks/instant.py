"""Instant navigation (navigation.instant) with mkdocs-static-i18n's language switcher.

mkdocs-static-i18n warns on every build that its contextual language links
do not survive instant navigation: Material swaps a page's content but keeps
the header, so the switcher would go on pointing at the first page's twin,
and following it by instant navigation would leave the header, search and
labels in the old language. docs/javascripts/language.js fixes both: after
every page switch it points the switcher at the new page's twin, and a
language switch always loads the other language's page in full. The browser
tests check it. This hook drops that one warning, which would otherwise fail
every strict build; any other warning of the plugin still counts.

It also gives the progress bar of navigation.instant.progress a name.
"""

from __future__ import annotations

import logging

WARNING = "language switcher contextual link is not compatible with theme.features = navigation.instant"


class _Handled(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return WARNING not in record.getMessage()


# Installed when MkDocs loads the hook, before mkdocs-static-i18n configures each language.
logging.getLogger("mkdocs.plugins.mkdocs_static_i18n.reconfigure").addFilter(_Handled())


PROGRESS = '<div class="md-progress" data-md-component="progress" role="progressbar"'
LOADING = {"en": "Loading the page", "ru": "Страница загружается"}


def on_post_page(output: str, page, config) -> str:
    """Name the progress bar of navigation.instant.progress for screen readers (axe: aria-progressbar-name)."""
    label = LOADING.get(config.theme["language"], LOADING["en"])
    return output.replace(PROGRESS, f'{PROGRESS} aria-label="{label}"', 1)


def on_post_template(output_content: str, template_name: str, config) -> str:
    """The same for the pages made from templates alone: 404.html."""
    if not template_name.endswith(".html"):
        return output_content
    label = LOADING.get(config.theme["language"], LOADING["en"])
    return output_content.replace(PROGRESS, f'{PROGRESS} aria-label="{label}"', 1)
