"""Options shared by the whole suite."""

from __future__ import annotations


def pytest_addoption(parser):
    parser.addoption(
        "--screenshots",
        action="store_true",
        help="keep a screenshot of every page, light and dark, in tests/screenshots/ (failures are kept anyway)",
    )
