"""Counting the bags (tdconsole.dayend.counting): one count at a time, checked as it arrives."""

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.dayend.counting import bag_count_record
from tdconsole.dayend.days import day_end_set
from tdconsole.dayend.exceptions import CountRefused
from tdconsole.dayend.models import BagCount
from tdconsole.dayend.selectors import count_checks, leaderboard, smallest_chip_in_play
from tdconsole.tournaments.models import ChipCount, Entry
from tests import factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture
def field(event, director):
    """Nine entries seated at one table (30.000 chips each: 270.000 in play) and the day set."""
    event.chip_set = factories.make_chip_set(venue=event.festival.venue)
    event.save(update_fields=["chip_set"])
    factories.make_entries(event, 9)
    factories.seat_field(event)
    day = day_end_set(event=event, actor=director, name="Dia 1A", last_level=2)
    return day, list(Entry.objects.filter(event=event).order_by("seat"))


def record(event, day, entry, typed, actor):
    return bag_count_record(event=event, day=day, entry_id=entry.pk, typed=typed, actor=actor)


@pytest.mark.parametrize("typed", ["12.350", "12350", "12,35k", "12.35k", "12 350"])
def test_a_count_typed_any_way_is_saved_as_the_number_it_means(event, field, director, typed):
    day, entries = field
    bag = record(event, day, entries[0], typed, director)
    assert bag.chips == 12350
    entries[0].refresh_from_db()
    assert entries[0].chips == 12350
    assert ChipCount.objects.filter(entry=entries[0]).get().chips == 12350


def test_a_count_corrected_in_place_keeps_one_row_and_audits_both(event, field, director, cast):
    day, entries = field
    record(event, day, entries[0], "12.350", director)
    record(event, day, entries[0], "13.350", cast["floor"])
    bag = BagCount.objects.get(day=day, entry=entries[0])
    assert (bag.chips, bag.version, bag.actor) == (13350, 2, cast["floor"])
    audits = list(AuditEntry.entries.filter(action="chips.count", event_id=event.pk).order_by("id"))
    assert [a.after for a in audits] == [{str(entries[0].number): 12350}, {str(entries[0].number): 13350}]
    assert audits[1].before == {str(entries[0].number): 12350}


@pytest.mark.parametrize(("typed", "message"), [
    ("abc", "Not a number"), ("-500", "cannot be negative"), ("1.250k", "Ambiguous"), ("12,5", "whole number"),
    ("", "Type the count"), ("12.310", "not a multiple of 25, the smallest chip in play"),
    ("300.025", r"more than all the chips in play \(270,000\)"),
])
def test_a_bad_count_is_refused_with_its_reason_and_nothing_is_saved(event, field, director, typed, message):
    day, entries = field
    with pytest.raises(CountRefused, match=message) as refused:
        record(event, day, entries[0], typed, director)
    assert refused.value.entry_id == entries[0].pk
    assert not BagCount.objects.exists()
    assert not ChipCount.objects.exists()
    entries[0].refresh_from_db()
    assert entries[0].chips is None


def test_a_busted_players_count_is_refused(event, field, director):
    day, entries = field
    Entry.objects.filter(pk=entries[3].pk).update(status=Entry.Status.BUSTED, table=None, seat=None)
    with pytest.raises(CountRefused, match=r"is out of the tournament: a busted player has no bag"):
        record(event, day, entries[3], "30.000", director)
    assert not BagCount.objects.exists()


def test_the_smallest_chip_is_the_one_still_in_play_after_a_colour_up(event, field, director):
    from tdconsole.clock import services

    assert smallest_chip_in_play(event=event) == 25
    services.clock_start(event=event, actor=director)
    for _ in range(3):  # level 1, level 2, the break that colours up the 25s
        services.clock_next_level(event=event, actor=director)
    assert smallest_chip_in_play(event=event) == 100
    day, entries = field
    with pytest.raises(CountRefused, match="not a multiple of 100"):
        record(event, day, entries[0], "12.350", director)


def test_the_checks_compare_the_total_with_the_chips_in_play_and_flag_missing_and_outliers(event, field, director):
    day, entries = field
    for entry, typed in zip(entries[:8], ["10k", "20k", "30k", "30k", "30k", "20k", "20k", "160k"], strict=True):
        record(event, day, entry, typed, director)
    checks = count_checks(event=event, day=day, in_play=270_000)
    assert (checks["counted"], checks["missing"], checks["total"], checks["complete"]) == (8, 1, 320_000, False)
    assert checks["average"] == 30_000
    assert [b.entry_id for b in checks["outliers"]] == [entries[7].pk]
    record(event, day, entries[7], "130k", director)
    record(event, day, entries[8], "0", director)
    checks = count_checks(event=event, day=day, in_play=270_000)
    assert (checks["missing"], checks["difference"], checks["complete"], checks["outliers"]) == (0, 20_000, True, [])


def test_the_leaderboard_ranks_the_counts_largest_first_ties_sharing_a_rank(event, field, director):
    day, entries = field
    for entry, typed in zip(entries[:4], ["10k", "50k", "50k", "30k"], strict=True):
        record(event, day, entry, typed, director)
    rows = leaderboard(event=event, day=day)
    assert [(r["rank"], r["chips"]) for r in rows] == [(1, 50_000), (1, 50_000), (3, 30_000), (4, 10_000)]
    assert rows[0]["table"] is not None and rows[0]["seat"] in (2, 3)
