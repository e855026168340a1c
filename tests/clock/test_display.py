"""Formatting helpers of the screen."""

from decimal import Decimal

from django.utils import translation

from tdconsole.clock.display import clock_text, money_text


def test_clock_text_shows_minutes_and_seconds_and_hours_when_needed():
    assert clock_text(0) == "00:00"
    assert clock_text(75) == "01:15"
    assert clock_text(3723) == "1:02:03"
    assert clock_text(-5) == "00:00"
    assert clock_text(74.2) == "01:15"  # rounded up, like the browser


def test_money_on_the_screen_drops_cents_only_when_there_are_none():
    with translation.override("pt-br"):
        assert money_text(Decimal("656000.00"), "BRL") == "R$\xa0656.000"
        assert money_text(Decimal("1234.50"), "BRL") == "R$\xa01.234,50"
    with translation.override("en"):
        assert money_text(Decimal("656000"), "BRL") == "R$656,000"
