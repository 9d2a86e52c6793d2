"""Options shared by the whole suite."""

from __future__ import annotations


def pytest_addoption(parser):
    parser.addoption(
        "--screenshots",
        action="store_true",
        help="keep a screenshot of every page, light and dark, in tests/screenshots/ (failures are kept anyway)",
    )


def pytest_collection_modifyitems(config, items):
    """The authors' quick tier (`-m "not slow"`) builds the site once and skips what breaks copies of it,
    drives a browser or serves it. Tests that need the built site run last: the workers run the others
    while it builds (tests/pages/conftest.py starts the build when collection ends)."""
    import pytest

    items.sort(key=lambda item: "built" in getattr(item, "fixturenames", ()))
    for item in items:
        if "copy" in getattr(item, "fixturenames", ()) or item.get_closest_marker("browser") \
                or "test_serve" in item.nodeid or "warm" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
