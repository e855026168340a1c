"""Helpers for the tests that drive headless Chromium."""

import json
import time

from django.db import OperationalError
from playwright.sync_api import TimeoutError as PlaywrightTimeout


def focused(pg, expected: str, attr: str = "name", prefix: bool = False, timeout_ms: int = 5000) -> str | None:
    """The focused element's `attr` once it is `expected` (or starts with it), else after `timeout_ms`.

    Chromium applies `autofocus` and the focus moves of desk.js a moment after the load event or the
    swap, so a test reads the focus when it has had the chance to land, and asserts on what it found.
    """
    value = f"(document.activeElement && document.activeElement.getAttribute({json.dumps(attr)})) || ''"
    test = f"{value}.startsWith({json.dumps(expected)})" if prefix else f"{value} === {json.dumps(expected)}"
    try:
        pg.wait_for_function(test, timeout=timeout_ms)
    except PlaywrightTimeout:
        pass
    return pg.evaluate(f"document.activeElement ? document.activeElement.getAttribute({json.dumps(attr)}) : null")


def wait_for(predicate, page, timeout: float = 30) -> bool:
    """Whether `predicate()` (a read of the database) comes true within `timeout` seconds, asked every 0.2 s.

    The waits go through the page, so Playwright keeps serving the page (and its route handlers) meanwhile.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return True
        except OperationalError as exc:  # SQLite: the live server holds the table a moment
            if "locked" not in str(exc):
                raise
        page.wait_for_timeout(200)
    return predicate()


def overflow(page) -> int:
    """How many pixels the page is wider than the window (0 when nothing sticks out)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
