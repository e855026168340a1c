"""Time left as every clock shows it: the feed's whole seconds, rounded up, and the one mm:ss text."""

from datetime import timedelta

from django.template import Context, Template

from tdconsole.core.durations import clock_text, whole_seconds


def test_a_part_of_a_second_left_counts_as_a_whole_second():
    assert whole_seconds(timedelta(seconds=59, microseconds=1)) == 60
    assert whole_seconds(timedelta(microseconds=1)) == 1


def test_whole_seconds_are_sent_unchanged():
    assert whole_seconds(timedelta(seconds=60)) == 60
    assert whole_seconds(timedelta(0)) == 0


def test_time_past_the_end_reads_zero_and_no_time_reads_none():
    assert whole_seconds(timedelta(seconds=-3, microseconds=500)) == 0
    assert whole_seconds(None) is None


def test_clock_text_shows_minutes_and_seconds_and_hours_when_needed():
    assert clock_text(0) == "00:00"
    assert clock_text(75) == "01:15"
    assert clock_text(3723) == "1:02:03"
    assert clock_text(-5) == "00:00"
    assert clock_text(74.2) == "01:15"  # rounded up, like the browser


def test_clock_text_of_a_timedelta_rounds_up_as_the_feed_does():
    assert clock_text(timedelta(minutes=19, seconds=59, microseconds=1)) == "20:00"
    assert clock_text(timedelta(hours=1)) == "1:00:00"
    assert clock_text(timedelta(seconds=-1)) == "00:00"


def test_the_clock_filter_prints_time_left_and_nothing_for_none():
    template = Template("{% load tdformat %}[{{ left|clock }}][{{ none|clock }}]")
    assert template.render(Context({"left": timedelta(seconds=125), "none": None})) == "[02:05][]"
