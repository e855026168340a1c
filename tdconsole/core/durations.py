"""Time left as a clock shows it: whole seconds rounded up, and the one `mm:ss` formatter.

Templates use the `clock` filter (tdconsole/core/templatetags/tdformat.py) built on `clock_text`.
"""

from __future__ import annotations

import math
from datetime import timedelta


def whole_seconds(delta: timedelta | None) -> int | None:
    """Seconds rounded up (never below 0), so a clock shows 00:00 only once the time is really up."""
    if delta is None:
        return None
    micro = delta // timedelta(microseconds=1)  # exact: no float on the way
    return max(0, -(-micro // 1_000_000))


def clock_text(left: float | timedelta) -> str:
    """12:34, or 1:02:03 from an hour up; whole seconds rounded up, never below 00:00.

    Rounded up as the screen counts down in the browser, so what the audit trail and the
    command line say matches what the room saw.

    >>> clock_text(75), clock_text(74.2), clock_text(timedelta(hours=1, seconds=3)), clock_text(-5)
    ('01:15', '01:15', '1:00:03', '00:00')
    """
    whole = whole_seconds(left) if isinstance(left, timedelta) else max(0, math.ceil(left))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"
