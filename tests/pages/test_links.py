"""Every internal link and anchor of the built site leads somewhere."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

import pytest

from browsing import PAGES

# The built site's root: "" for http://127.0.0.1:8000/, "/course" for https://…github.io/course/ (conftest's SITE_URL)
ROOT_PATH = urlsplit(os.environ.get("GATED_SITE_URL") or "http://127.0.0.1:8000/").path.rstrip("/")

pytestmark = pytest.mark.build


def _target(site: Path, page: Path, href: str) -> Path:
    path = unquote(urlsplit(href).path)
    if path.startswith("/"):  # the 404 page links from the site's root, which is site_url's path (SITE_URL)
        target = (site / path.removeprefix(ROOT_PATH).lstrip("/")).resolve()
    else:
        target = (page.parent / path).resolve() if path else page
    return target / "index.html" if target.is_dir() else target


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_internal_link_and_anchor_resolves(built, soups, lang):
    pages = [page for page in soups.pages(lang) if "assets" not in page.parts]
    assert len(pages) > len(PAGES)  # every page of the chapter, and print/
    ids: dict[Path, set[str]] = {}  # of each page a link points into, the other language's included
    broken = []
    for page in pages:
        for a in soups[page].find_all("a", href=True):
            href = a["href"]
            if urlsplit(href).scheme or href.startswith("//"):
                continue  # off the site: not ours to check, and not a request the page makes
            url, fragment = urldefrag(href)
            target = _target(built, page, url)
            if not target.is_file():
                broken.append(f"{page.relative_to(built)}: {href} -> no such file")
                continue
            if fragment and target.suffix == ".html":
                if target not in ids:
                    ids[target] = {el["id"] for el in soups[target].find_all(id=True)}
                if unquote(fragment) not in ids[target]:
                    broken.append(f"{page.relative_to(built)}: {href} -> no anchor #{unquote(fragment)}")
    assert broken == []
