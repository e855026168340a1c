"""Staff acting at the same instant, for the PostgreSQL tests: real threads, real row locks.

`at_once(*calls)` is the one race helper: every call runs in its own thread (so on its own
database connection), all released together by a barrier; it returns what each call returned,
or the exception it raised, in the order given, so the test can look at both.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections

# How long a thread waits for the others at the start, and how long the test waits for it to end.
START_SECONDS = 10
FINISH_SECONDS = 60


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls in threads released together; each one's result or exception, in order."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=START_SECONDS)
            results[index] = call()
        except BaseException as exc:  # noqa: BLE001 - a thread's error is lost unless the test sees it
            results[index] = exc
        finally:
            connections.close_all()  # the thread's own connection, not the test's

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=FINISH_SECONDS)
    assert not any(thread.is_alive() for thread in threads), f"a call still runs after {FINISH_SECONDS} s"
    return results
