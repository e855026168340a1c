"""Helpers for the tests that drive headless Chromium."""

import json

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
