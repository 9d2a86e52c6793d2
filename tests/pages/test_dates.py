"""The same bytes on any day: the built site is dated by its commit, not by the day it was built (hooks/dates.py)."""

from __future__ import annotations

import gzip
import re
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def commit_time() -> int:
    return int(subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True, text=True,
                              check=True).stdout)


@pytest.mark.build
def test_the_sitemap_carries_the_commit_s_date_and_no_other(built):
    day = datetime.fromtimestamp(commit_time(), timezone.utc).strftime("%Y-%m-%d")
    for name in ("sitemap.xml", "ru/sitemap.xml"):
        if (built / name).exists():
            dates = set(re.findall(r"<lastmod>([^<]*)</lastmod>", (built / name).read_text(encoding="utf-8")))
            assert dates == {day}, (name, dates)
    with gzip.open(built / "sitemap.xml.gz") as packed:
        packed.read()  # the gzip header's time too: MkDocs gives it the pages' newest date, at midnight
        assert packed.mtime == int(datetime.strptime(day, "%Y-%m-%d").replace(tzinfo=timezone.utc).timestamp())


def test_the_date_is_the_commit_s_unless_the_caller_set_one(hook, monkeypatch):
    dates = hook("dates")
    monkeypatch.delenv(dates.VARIABLE, raising=False)
    dates.on_config({})
    assert int(dates.os.environ[dates.VARIABLE]) == commit_time()
    monkeypatch.setenv(dates.VARIABLE, "86400")  # the Reproducible Builds convention: a caller's value wins
    dates.on_config({})
    assert dates.os.environ[dates.VARIABLE] == "86400"
    from mkdocs.utils import get_build_date

    assert get_build_date() == "1970-01-02"  # what MkDocs dates the sitemap with


def test_outside_a_git_checkout_the_build_date_stays_and_is_said_once(hook, monkeypatch, tmp_path, caplog):
    dates = hook("dates")
    monkeypatch.delenv(dates.VARIABLE, raising=False)
    monkeypatch.setattr(dates.shared, "ROOT", tmp_path)  # a copy of the sources, not a checkout
    monkeypatch.setattr(dates, "_said", False)
    with caplog.at_level("INFO", logger="mkdocs.hooks.dates"):
        dates.on_config({})
        dates.on_config({})
    assert dates.VARIABLE not in dates.os.environ
    assert [r.getMessage() for r in caplog.records].count(caplog.records[0].getMessage()) == 1
    assert "not a git checkout" in caplog.records[0].getMessage()
