"""Formatting helpers of the screen."""

from tdconsole.clock.display import clock_text


def test_clock_text_shows_minutes_and_seconds_and_hours_when_needed():
    assert clock_text(0) == "00:00"
    assert clock_text(75) == "01:15"
    assert clock_text(3723) == "1:02:03"
    assert clock_text(-5) == "00:00"
