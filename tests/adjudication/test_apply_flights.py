"""Applying a ruling's busts on a starting flight: the preview of places is what the elimination records,
no place while the whole field is unknown ("out in Day 1B"), then places below every flight's players."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from tdconsole.adjudication.apply import application_preview, ruling_apply
from tdconsole.payouts.models import PayoutPlace, PayoutTable
from tdconsole.tournaments.flights import flight_create
from tdconsole.tournaments.models import Entry, Event
from tests.factories import add_field, make_event, make_festival

from .test_apply import saved_ruling, seat_the_hand

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


def build(director, *, closed: tuple[str, ...]):
    """Main Event (a payout table of 12 places) with Day 1B (20 entries, 5 alive, four at table 1: Ana and
    Bruno bust in the hand) and Day 1C (10 entries, 6 alive); registration closed in the flights `closed`."""
    festival = make_festival("fest-flights", venue_name="Venue flights")
    main = make_event("main-event", festival=festival, name="Main Event", status=Event.Status.DRAFT)
    b = flight_create(event=main, name="Day 1B", date=datetime.date(2026, 12, 10), actor=director)
    c = flight_create(event=main, name="Day 1C", date=datetime.date(2026, 12, 11), actor=director)
    Event.objects.filter(parent=main).update(status=Event.Status.RUNNING)
    now = timezone.now()
    for flight in (b, c):
        if flight.name in closed:
            Event.objects.filter(pk=flight.pk).update(registration_closed_at=now)
    if len(closed) == 2:
        Event.objects.filter(pk=main.pk).update(registration_closed_at=now)
    b = Event.objects.get(pk=b.pk)
    at_table = seat_the_hand(b, add_field(b, 20, 5))
    add_field(Event.objects.get(pk=c.pk), 10, 6)
    payout = PayoutTable.objects.create(event=main, prize_pool=Decimal("12000"), entries=30)
    PayoutPlace.objects.bulk_create([PayoutPlace(table=payout, place=p, amount=Decimal(1000)) for p in range(1, 13)])
    return b, saved_ruling(b, at_table), at_table


def preview_and_apply(saved, director):
    with translation.override("en"):
        preview = application_preview(saved=saved, lang="en")
        assert preview.refusal == ""
        shown = {s.entry_id: (s.place, s.prize) for s in preview.busted}
        ruling_apply(saved=saved, actor=director, lang="en")
    recorded = dict(Entry.objects.filter(pk__in=shown).values_list("pk", "place"))
    return preview, shown, recorded


def test_a_flight_closed_while_another_registers_shows_its_busts_out_in_the_flight(director):
    b, saved, at = build(director, closed=("Day 1B",))
    preview, shown, recorded = preview_and_apply(saved, director)
    assert shown == {at[3].pk: (None, None), at[5].pk: (None, None)}
    assert recorded == {at[3].pk: None, at[5].pk: None}
    assert preview.places_wait and preview.out_in == "Day 1B"
    # No bubble nor winner said from one flight's count.
    assert preview.money == []


def test_once_the_field_is_known_the_busts_rank_below_every_flights_players_and_are_paid_from_the_pool(director):
    b, saved, at = build(director, closed=("Day 1B", "Day 1C"))
    preview, shown, recorded = preview_and_apply(saved, director)
    # 5 alive in Day 1B and 6 in Day 1C: Ana (more chips) 10th, Bruno 11th, each paid from the main event's table.
    assert shown == {at[3].pk: (10, Decimal("1000.00")), at[5].pk: (11, Decimal("1000.00"))}
    assert recorded == {at[3].pk: 10, at[5].pk: 11}
    assert not preview.places_wait and preview.out_in == ""


def test_a_bust_whose_player_is_still_in_another_flight_is_previewed_at_the_place_it_gets(director):
    """Ana bagged Day 1C too (the main event lets a bagged player re-enter): busting in Day 1B she is still in,
    so she counts among the players in and her 1B entry ranks below all of them, as the elimination records."""
    b, saved, at = build(director, closed=("Day 1B", "Day 1C"))
    Event.objects.filter(pk=b.parent_id).update(bagged_may_reenter=True)
    in_c = Entry.objects.filter(event__parent_id=b.parent_id, status="alive").exclude(event=b).order_by("pk").first()
    Entry.objects.filter(pk=in_c.pk).update(player=at[3].player)
    preview, shown, recorded = preview_and_apply(saved, director)
    # Still in: Carla, Dan and one more in 1B, six players in 1C (Ana among them): 9 players, so 10th and 11th;
    # without Ana counted elsewhere the preview said 9th and 10th.
    assert {pk: place for pk, (place, _prize) in shown.items()} == recorded == {at[3].pk: 10, at[5].pk: 11}


def test_the_confirmation_page_says_out_in_the_flight(client_as, director):
    b, saved, at = build(director, closed=())
    html = client_as("floor").get(reverse("adjudication:apply", kwargs={"pk": saved.pk}),
                                  HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert html.count('data-testid="out-in">out in Day 1B<') == 2
    assert "Registration is still open in a flight" in html
