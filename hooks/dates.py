"""The same bytes on any day: the build's date is the date of the commit it builds.

MkDocs dates every page of the sitemap (`<lastmod>`) and the gzipped sitemap's header with the day of the build,
unless SOURCE_DATE_EPOCH says otherwise (the Reproducible Builds convention, which MkDocs follows). So a rebuild of
the same commit tomorrow would publish other bytes. This hook sets SOURCE_DATE_EPOCH to the time of the checkout's
last commit, `git log -1 --format=%ct`, when the caller has not set it; outside a git checkout (a copy of the
sources) it leaves the build's date alone, and says so once.
"""

from __future__ import annotations

import logging
import os
import subprocess

import shared
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.dates")
VARIABLE = "SOURCE_DATE_EPOCH"
_said = False


def commit_time() -> str | None:
    """The checkout's last commit time, seconds since the epoch, or None outside a git checkout."""
    try:
        done = subprocess.run(["git", "-C", str(shared.ROOT), "log", "-1", "--format=%ct"], capture_output=True,
                              text=True, check=False)
    except OSError:  # no git on this machine
        return None
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip().isdigit() else None


@event_priority(100)  # before MkDocs makes the pages, which read the date when they are made
def on_config(config):
    global _said
    if VARIABLE not in os.environ:
        epoch = commit_time()
        if epoch is not None:
            os.environ[VARIABLE] = epoch
        elif not _said:
            _said = True
            log.info(f"dates: {shared.ROOT} is not a git checkout and {VARIABLE} is unset: the sitemap carries "
                     "today's date")
    return config
