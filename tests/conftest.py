"""Options shared by the whole suite."""

from __future__ import annotations

import pytest

# Fixtures that build the site again (a copy, the drift guard's broken copy, the cache tests' warm copy) or
# make a clean Python (numpy alone; a bare Jupyter kernel): the quick tier leaves their tests to the whole suite.
AGAIN = {"copy", "broken", "warm", "python", "clean_python"}


def pytest_addoption(parser):
    parser.addoption(
        "--screenshots",
        action="store_true",
        help="keep a screenshot of every page, light and dark, in tests/screenshots/ (failures are kept anyway)",
    )


def pytest_collection_modifyitems(config, items):
    """The authors' quick tier (`-m "not slow"`) builds the site once and skips what builds it again, makes
    a clean Python, drives a browser or serves it. Tests that need the built site run last: the workers run
    the others while it builds (tests/pages/conftest.py starts the build when collection ends)."""
    items.sort(key=lambda item: "built" in getattr(item, "fixturenames", ()))
    for item in items:
        uses = set(getattr(item, "fixturenames", ()))
        if uses & AGAIN or item.get_closest_marker("browser") or "test_serve" in item.nodeid:
            item.add_marker(pytest.mark.slow)
