"""Chip counts: their total is checked against the chips in play, and the difference shown."""

from decimal import Decimal

import pytest
from django.urls import reverse

from tdconsole.cashier.selectors import extra_chips
from tdconsole.seating.registration import entry_register_seated
from tdconsole.tournaments import selectors
from tdconsole.tournaments.chipcounts import chip_counts_record
from tdconsole.tournaments.eliminations import entry_eliminate
from tdconsole.tournaments.exceptions import TournamentError
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.selectors import chips_in_play
from tests import factories

from .seats import alive_at

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def reentry_field(make_event, director):
    """A running re-entry event: 10 players at 20,000, one busted and back in (11 entries)."""
    event = make_event(format=Event.Format.REENTRY, max_entries=2, tables=(1, 2))
    factories.seated_at_desk(event, 10, actor=director)
    first = Entry.objects.filter(event=event, table__number=1).order_by("seat").first()
    entry_eliminate(event=event, table_number=1, seat=first.seat, actor=director, level_position=None)
    entry_register_seated(event=event, player=first.player, actor=director, level_position=None)
    return event


def chips_url(event):
    return reverse("tournaments:chip_counts", kwargs={"slug": event.slug})


def alive(event):
    return list(Entry.objects.filter(event=event, status=Entry.Status.ALIVE).order_by("number"))


def test_chips_in_play_count_every_entry_and_the_add_ons(reentry_field):
    assert chips_in_play(event=reentry_field, addon_chips=extra_chips(event=reentry_field)) == 11 * 20000
    factories.addons_at_desk(reentry_field, 3, chips=10000, prize=Decimal("100"))
    assert chips_in_play(event=reentry_field, addon_chips=extra_chips(event=reentry_field)) == 11 * 20000 + 30000


def test_counts_that_add_up_to_the_chips_in_play_are_not_flagged(reentry_field, client_as):
    players = alive(reentry_field)
    # The busted player's 20,000 went to the first player left.
    counts = {f"chips_{e.pk}": "20000" for e in players}
    counts[f"chips_{players[0].pk}"] = "40000"
    html = client_as("floor").post(chips_url(reentry_field), counts, **HTMX, **EN).content.decode()
    assert 'data-testid="chips-match"' in html and 'data-testid="chips-difference"' not in html


def test_counts_short_of_the_chips_in_play_show_how_many_are_missing(reentry_field, client_as):
    # Nobody was recounted since the bust: the busted player's 20,000 are on no count.
    html = client_as("floor").get(chips_url(reentry_field), **EN).content.decode()
    assert 'data-testid="chips-difference" data-difference="-20000"' in html
    assert "The last counts add up to 20,000 chips fewer than are in play" in html
    summary = selectors.chip_summary(event=reentry_field, in_play=chips_in_play(event=reentry_field, addon_chips=0))
    assert (summary["in_play"], summary["counted_chips"], summary["difference"]) == (220000, 200000, -20000)


def test_a_count_typed_too_high_shows_the_excess(reentry_field, client_as):
    players = alive(reentry_field)
    counts = {f"chips_{e.pk}": "20000" for e in players}
    counts[f"chips_{players[0].pk}"] = "45000"  # 40,000 typed as 45,000
    html = client_as("floor").post(chips_url(reentry_field), counts, **HTMX, **EN).content.decode()
    assert 'data-difference="5000"' in html and "5,000 chips more than are in play" in html


def test_players_without_a_count_are_told(reentry_field, client_as):
    Entry.objects.filter(pk=alive(reentry_field)[0].pk).update(chips=None)
    html = client_as("floor").get(chips_url(reentry_field), **EN).content.decode()
    assert 'data-testid="chips-uncounted"' in html and "1 player has no count yet." in html


def test_the_difference_reads_in_brazilian_format(reentry_field, client_as):
    html = client_as("floor").get(chips_url(reentry_field), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "20.000" in html and 'data-difference="-20000"' in html


def test_chip_counts_are_kept_with_history(closed_event, director):
    a, b = alive_at(closed_event, 1)[:2]
    chip_counts_record(event=closed_event, counts={a.pk: 35000, b.pk: 5000}, actor=director, addon_chips=0)
    a.refresh_from_db()
    assert a.chips == 35000 and a.chip_counts.count() == 1
    from tdconsole.tournaments.selectors import top_stacks

    assert top_stacks(event=closed_event, limit=1)[0].pk == a.pk


def test_chip_count_for_a_busted_entry_is_refused(closed_event, director):
    a = alive_at(closed_event, 1)[0]
    entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director, level_position=None)
    with pytest.raises(TournamentError):
        chip_counts_record(event=closed_event, counts={a.pk: 1000}, actor=director, addon_chips=0)


def test_negative_chip_count_is_refused(closed_event, director):
    a = alive_at(closed_event, 1)[0]
    with pytest.raises(TournamentError):
        chip_counts_record(event=closed_event, counts={a.pk: -5}, actor=director, addon_chips=0)
