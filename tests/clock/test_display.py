"""Formatting helpers of the screen."""

from decimal import Decimal

from django.utils import translation

from tdconsole.clock.display import money_text


def test_money_on_the_screen_drops_cents_only_when_there_are_none():
    with translation.override("pt-br"):
        assert money_text(Decimal("656000.00"), "BRL") == "R$\xa0656.000"
        assert money_text(Decimal("1234.50"), "BRL") == "R$\xa01.234,50"
    with translation.override("en"):
        assert money_text(Decimal("656000"), "BRL") == "R$656,000"
