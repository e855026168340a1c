"""Fixtures of the cash desk pages: the cashier's running re-entry event with the house's money rules (see
tests/cashier/conftest.py), its clock put where a test needs it, and the pages' URLs."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from tdconsole.clock import services as clock
from tests.cashier.conftest import HOUSE_RULES, LEVELS, ana, bia, event, festival, house, make_money_event  # noqa: F401

HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}

# Minutes from the start of the clock to the middle of each point of the structure in LEVELS.
AT_LEVEL = {1: 10, 2: 30, 3: 55, 4: 75, 5: 105, 6: 125, 7: 165, 8: 185}
AT_BREAK_AFTER = {2: 45, 4: 95, 6: 147}


def clock_at(event_, actor, *, level=None, break_after=None):
    """Start the event's clock so long ago that it now plays blind level `level`, or the break after
    `break_after` (LEVELS: 20-minute levels, breaks after levels 2, 4 and 6)."""
    minutes = AT_LEVEL[level] if level is not None else AT_BREAK_AFTER[break_after]
    clock.clock_start(event=event_, actor=actor, now=timezone.now() - timedelta(minutes=minutes))


def url(name, event_, *args):
    return reverse(f"cashier_pages:{name}", args=[event_.slug, *args])
