"""The cash desk reads the clock once, as the cashier's rules count it: the blind level shown on the screen,
or the level a break follows (tdconsole/cashier_pages/selectors.py, clock_point)."""

import pytest

from tdconsole.cashier.purchases import ClockPoint
from tdconsole.cashier_pages.selectors import clock_point

from .conftest import clock_at

pytestmark = pytest.mark.django_db


def test_before_the_clock_starts_there_is_no_level(event):
    assert clock_point(event=event) == ClockPoint(level_number=None, on_break=False)


@pytest.mark.parametrize("level", [1, 3, 7])
def test_a_blind_level_is_the_number_the_screen_shows_not_its_position(event, director, level):
    clock_at(event, director, level=level)
    assert clock_point(event=event) == ClockPoint(level_number=level, on_break=False)


@pytest.mark.parametrize("after", [2, 4, 6])
def test_a_break_is_the_level_it_follows_on_a_break(event, director, after):
    clock_at(event, director, break_after=after)
    assert clock_point(event=event) == ClockPoint(level_number=after, on_break=True)
