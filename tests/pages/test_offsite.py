"""Nothing the site ships loads anything from another host.

Checked in the built site, without a browser: every page's src attributes,
stylesheet, icon, preload and manifest links, inline scripts (import(),
fetch(), a module's import from a URL) and inline styles (url()); and every
script and stylesheet the site ships, ours and vendored alike, for URLs that
code would load: import(), fetch(), importScripts(), a script's or a
stylesheet's URL set in code, and CSS url(). Comments are left out first,
so a licence header's link does not count; the links a reader clicks
(<a href>, citations) and site_url, which MkDocs writes into the canonical
link and the sitemap, are not loads.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from bs4 import BeautifulSoup

from browsing import PAGES

pytestmark = pytest.mark.build

URL = r"""(?:https?:)?//[^\s"'`)<>]+"""
IN_CODE = [
    re.compile(rf"""\bimport\s*\(\s*["'`]({URL})"""),
    re.compile(rf"""\bimport\s[^;]*?\bfrom\s*["'`]({URL})"""),
    re.compile(rf"""\bfetch\s*\(\s*["'`]({URL})"""),
    re.compile(rf"""\bimportScripts\s*\(\s*["'`]({URL})"""),
    re.compile(rf"""\.(?:src|href)\s*=\s*["'`]({URL})"""),
    re.compile(rf"""\bnew\s+(?:Worker|EventSource|WebSocket)\s*\(\s*["'`]({URL})"""),
]
IN_CSS = [re.compile(rf"""url\(\s*["']?({URL})"""), re.compile(rf"""@import\s+(?:url\()?\s*["']?({URL})""")]
JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'\\])//[^\n]*", re.S)
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
LOADING_LINKS = {"stylesheet", "icon", "preload", "modulepreload", "prefetch", "manifest", "apple-touch-icon"}


def _host(url: str) -> str | None:
    return urlsplit(url if "://" in url else "http:" + url).netloc if re.match(r"(?:https?:)?//", url) else None


def offsite_in_code(text: str, css: bool = False) -> list[str]:
    """The URLs of other hosts that this script (or stylesheet) would load."""
    text = (CSS_COMMENT if css else JS_COMMENT).sub(" ", text)
    return [m.group(1) for pattern in (IN_CSS if css else IN_CODE + IN_CSS) for m in pattern.finditer(text)]


def offsite_in_page(page: str | BeautifulSoup) -> list[str]:
    """The URLs of other hosts that this page (its HTML, or its parsed tree) would load."""
    soup = BeautifulSoup(page, "html.parser") if isinstance(page, str) else page
    found = []
    for tag in soup.find_all(src=True):
        found.append(tag["src"])
    for tag in soup.find_all("link", href=True):
        if LOADING_LINKS & set(tag.get("rel", [])):
            found.append(tag["href"])
    for tag in soup.find_all(srcset=True):
        found += [part.split()[0] for part in tag["srcset"].split(",") if part.strip()]
    for tag in soup.find_all(["object", "embed"]):
        found.append(tag.get("data") or tag.get("src") or "")
    for tag in soup.find_all("script", src=False):
        if tag.get("type", "text/javascript") in ("text/javascript", "module", "application/javascript"):
            found += offsite_in_code(tag.get_text())
    for tag in soup.find_all("style"):
        found += offsite_in_code(tag.get_text(), css=True)
    for tag in soup.find_all(style=True):
        found += offsite_in_code(tag["style"], css=True)
    return [u for u in found if _host(u)]


def test_the_check_finds_what_loads_from_another_host():
    page = """<html><head><link rel="stylesheet" href="https://cdn.example/x.css">
        <link rel="canonical" href="https://site.example/"></head><body>
        <a href="https://doi.example/10.1/2">a citation</a><img src="//img.example/a.png">
        <script type="module">const m = (await import("https://cdnjs.example/mermaid.mjs")).default;</script>
        <div style="background: url('https://bg.example/b.png')"></div></body></html>"""
    assert sorted(offsite_in_page(page)) == [
        "//img.example/a.png", "https://bg.example/b.png", "https://cdn.example/x.css",
        "https://cdnjs.example/mermaid.mjs",
    ]
    assert offsite_in_code('/* see https://license.example */ x = 1; // https://docs.example') == []
    assert offsite_in_code('fetch("https://api.example/v1")') == ["https://api.example/v1"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_page_loads_from_another_host(built, soups, lang):
    pages = soups.pages(lang)
    assert len(pages) > len(PAGES)  # every page of the chapter, and print/
    found = []
    for path in pages:
        found += [f"{path.relative_to(built)}: {u}" for u in offsite_in_page(soups[path])]
    assert found == []


def test_no_script_or_stylesheet_loads_from_another_host(built):
    files = sorted(p for p in built.rglob("*") if p.suffix in (".js", ".mjs", ".css"))
    assert any("javascripts/explorer.js" in str(p) for p in files) and any(p.suffix == ".css" for p in files)
    found = []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{path.relative_to(built)}: {u}" for u in offsite_in_code(text, css=path.suffix == ".css")]
    assert found == []
