import datetime
from decimal import Decimal

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments import services
from tdconsole.tournaments.exceptions import EliminationError, RegistrationError, StructureError, TournamentError
from tdconsole.tournaments.models import Entry, Event, Level
from tdconsole.tournaments.services import SeatBust


def seat_of(entry):
    entry.refresh_from_db()
    return entry.table.number, entry.seat


def places(event):
    return sorted(Entry.objects.filter(event=event, place__isnull=False).values_list("place", flat=True))


# --- structures and events -----------------------------------------------------------------------

def test_structure_going_backwards_is_not_saved(db):
    with pytest.raises(StructureError):
        services.structure_create(name="Bad", rows=[
            {"small_blind": 200, "big_blind": 400, "minutes": 20},
            {"small_blind": 100, "big_blind": 200, "minutes": 20},
        ])
    from tdconsole.tournaments.models import Structure
    assert not Structure.objects.filter(name="Bad").exists()


def test_templates_load_twice_changes_nothing(db):
    first = services.structure_templates_load()
    count = Level.objects.count()
    second = services.structure_templates_load()
    assert [s.pk for s in first] == [s.pk for s in second]
    assert Level.objects.count() == count and len(first) == 3


@pytest.mark.parametrize("language,name,description_start", [
    ("pt-br", "Regular (níveis de 40 minutos)", "Estrutura dos torneios do dia a dia: stack inicial de 30.000"),
    ("en", "Regular (40-minute levels)", "Daily-event structure: 30,000 starting stack"),
])
def test_shipped_templates_are_named_in_the_sites_language(db, settings, language, name, description_start):
    settings.LANGUAGE_CODE = language
    loaded = {s.slug: s for s in services.structure_templates_load()}
    assert loaded["regular-40"].name == name
    assert loaded["regular-40"].description.startswith(description_start)
    assert {"turbo-15", "deepstack-60"} <= set(loaded)


def test_event_gets_its_own_copy_of_the_template(make_event, template):
    event = make_event()
    assert event.structure_id != template.pk and not event.structure.is_template
    copied = list(event.structure.levels.values_list("kind", "small_blind", "big_blind", "minutes", "color_up"))
    original = list(template.levels.values_list("kind", "small_blind", "big_blind", "minutes", "color_up"))
    assert copied == original


def test_freezeout_with_several_entries_is_refused(festival, template, director):
    with pytest.raises(TournamentError):
        services.event_create(festival=festival, template=template, actor=director, name="X",
                              date=datetime.date(2026, 1, 1), buy_in_prize=Decimal("1"), starting_stack=100,
                              format=Event.Format.REENTRY, max_entries=1)


def test_status_moves_only_along_the_table(make_event, director):
    event = make_event(status=Event.Status.DRAFT)
    with pytest.raises(TournamentError):
        services.event_status_change(event=event, to=Event.Status.RUNNING, actor=director)
    services.event_status_change(event=event, to=Event.Status.REGISTERING, actor=director)
    services.event_status_change(event=event, to=Event.Status.RUNNING, actor=director)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    with pytest.raises(TournamentError):
        services.event_status_change(event=event, to=Event.Status.DRAFT, actor=director)


def test_event_cannot_finish_with_two_players_left(seated_event, director):
    with pytest.raises(TournamentError):
        services.event_status_change(event=seated_event, to=Event.Status.FINISHED, actor=director)


# --- registration ---------------------------------------------------------------------------------

def test_freezeout_player_cannot_buy_in_twice(make_event, register, director):
    event = make_event()
    entry = register(event, "Ana")
    with pytest.raises(RegistrationError):
        services.entry_register(event=event, player=entry.player, actor=director, level_position=None)
    assert Entry.objects.filter(event=event).count() == 1


def test_draft_event_takes_no_entries(make_event, register):
    event = make_event(status=Event.Status.DRAFT)
    with pytest.raises(RegistrationError):
        register(event, "Ana")


def test_entries_are_numbered_in_order_with_a_full_stack(make_event, register):
    event = make_event()
    numbers = [register(event, f"P{i}").number for i in range(3)]
    assert numbers == [1, 2, 3]
    assert set(Entry.objects.filter(event=event).values_list("chips", flat=True)) == {event.starting_stack}


def test_entry_before_the_draw_waits_unseated(make_event, register):
    entry = register(make_event(), "Ana")
    assert entry.table_id is None and entry.seat is None


def test_late_entry_after_the_draw_is_seated_at_once(seated_event, register):
    entry = register(seated_event, "Late Larry")
    table, seat = seat_of(entry)
    assert table in (1, 2, 3) and 1 <= seat <= 9


@pytest.fixture
def reentry_running(make_event, register, director):
    """A running re-entry event (two entries each) of six seated players; returns it and Rita's entry."""
    from tdconsole.seating.services import seats_draw_initial

    event = make_event(format=Event.Format.REENTRY, max_entries=2, tables=(4, 5))
    first = register(event, "Rita")
    for i in range(5):
        register(event, f"Other {i}")
    seats_draw_initial(event=event, actor=director)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    return event, first


def test_reentry_needs_the_previous_entry_busted(seated_event, reentry_running, director):
    event, first = reentry_running
    with pytest.raises(RegistrationError):
        services.entry_register(event=event, player=first.player, actor=director, level_position=None)
    table, seat = seat_of(first)
    services.entry_eliminate(event=event, table_number=table, seat=seat, actor=director)
    again = services.entry_register(event=event, player=first.player, actor=director, level_position=None)
    assert again.attempt == 2 and again.number == 7 and again.chips == event.starting_stack
    assert again.table_id is not None
    table, seat = seat_of(again)
    services.entry_eliminate(event=event, table_number=table, seat=seat, actor=director)
    with pytest.raises(RegistrationError):
        services.entry_register(event=event, player=first.player, actor=director, level_position=None)


def test_reentry_is_refused_once_the_clock_passes_the_late_registration_level(make_event, register, director):
    event = make_event(format=Event.Format.REENTRY, max_entries=3, late_registration_level=2)
    entry = register(event, "Rita")
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.BUSTED)
    # Level 2 is at position 2; the break after it (position 3) is past the window.
    services.entry_register(event=event, player=entry.player, actor=director, level_position=2)
    Entry.objects.filter(event=event, player=entry.player).update(status=Entry.Status.BUSTED)
    with pytest.raises(RegistrationError):
        services.entry_register(event=event, player=entry.player, actor=director, level_position=3)


def test_registration_closed_by_hand_refuses_new_players(make_event, register, director):
    event = make_event()
    services.event_registration_close(event=event, actor=director)
    with pytest.raises(RegistrationError):
        register(event, "Too Late")


def test_player_of_another_festival_is_refused(make_event, festival, director):
    from tdconsole.tournaments.models import Festival, Player

    other = Festival.objects.create(name="Other", slug="other", venue=festival.venue)
    stranger = Player.objects.create(festival=other, name="Stranger")
    with pytest.raises(RegistrationError):
        services.entry_register(event=make_event(), player=stranger, actor=director, level_position=None)


def test_document_is_unique_in_a_festival(festival, director):
    services.player_register(festival=festival, name="Ana", document="123", actor=director)
    with pytest.raises(RegistrationError):
        services.player_register(festival=festival, name="Ana B", document="123", actor=director)


def test_desk_finds_the_only_player_with_that_name(festival, director):
    ana = services.player_register(festival=festival, name="Ana Souza", actor=director)
    assert services.player_for_desk(festival=festival, name="ana souza", actor=director) == ana
    services.player_register(festival=festival, name="Ana Souza", document="9", actor=director)
    assert services.player_for_desk(festival=festival, name="Ana Souza", actor=director) not in (None, ana)


def test_registration_is_audited(make_event, register):
    entry = register(make_event(), "Ana")
    assert AuditEntry.entries.filter(action="entry.register", event_id=entry.event_id).count() == 1


# --- eliminations and places ----------------------------------------------------------------------

@pytest.fixture
def closed_event(seated_event, director):
    return services.event_registration_close(event=seated_event, actor=director)


def alive_at(event, table):
    return list(Entry.objects.filter(event=event, table__number=table).order_by("seat"))


def test_places_count_down_from_the_entries_alive(closed_event, director):
    a, b = alive_at(closed_event, 1)[:2]
    services.entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director)
    services.entry_eliminate(event=closed_event, table_number=1, seat=b.seat, actor=director)
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.place, b.place) == (20, 19)
    assert a.status == Entry.Status.BUSTED and a.table_id is None and a.seat is None


def test_empty_seat_cannot_be_busted(closed_event, director):
    taken = {e.seat for e in alive_at(closed_event, 1)}
    empty = next(s for s in range(1, 10) if s not in taken)
    with pytest.raises(EliminationError):
        services.entry_eliminate(event=closed_event, table_number=1, seat=empty, actor=director)


def test_unknown_table_cannot_be_busted(closed_event, director):
    with pytest.raises(EliminationError):
        services.entry_eliminate(event=closed_event, table_number=29, seat=1, actor=director)


def test_failed_multi_bust_writes_nothing(closed_event, director):
    taken = [e.seat for e in alive_at(closed_event, 1)]
    empty = next(s for s in range(1, 10) if s not in taken)
    with pytest.raises(EliminationError):
        services.entries_eliminate(event=closed_event, table_number=1, actor=director,
                                   busts=[SeatBust(taken[0]), SeatBust(empty)])
    assert Entry.objects.filter(event=closed_event, status=Entry.Status.BUSTED).count() == 0


def test_same_hand_bigger_stack_finishes_higher(closed_event, director):
    a, b, c = alive_at(closed_event, 1)[:3]
    services.entries_eliminate(event=closed_event, table_number=1, actor=director, busts=[
        SeatBust(a.seat, 5000), SeatBust(b.seat, 9000), SeatBust(c.seat, 7000)])
    got = {e.pk: e.place for e in Entry.objects.filter(pk__in=[a.pk, b.pk, c.pk])}
    assert got == {b.pk: 18, c.pk: 19, a.pk: 20}


def test_same_hand_equal_stacks_share_the_place(closed_event, director):
    a, b = alive_at(closed_event, 1)[:2]
    services.entries_eliminate(event=closed_event, table_number=1, actor=director,
                               busts=[SeatBust(a.seat, 4000), SeatBust(b.seat, 4000)])
    assert set(Entry.objects.filter(pk__in=[a.pk, b.pk]).values_list("place", flat=True)) == {19}


def test_hand_for_hand_busts_at_different_tables_tie(closed_event, director):
    services.hand_for_hand_set(event=closed_event, on=True, actor=director)
    a = alive_at(closed_event, 1)[0]
    b = alive_at(closed_event, 2)[0]
    services.entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director, starting_stack=100)
    services.entry_eliminate(event=closed_event, table_number=2, seat=b.seat, actor=director, starting_stack=50000)
    assert set(Entry.objects.filter(pk__in=[a.pk, b.pk]).values_list("place", flat=True)) == {19}
    services.hand_for_hand_next(event=closed_event, actor=director)
    c = alive_at(closed_event, 3)[0]
    services.entry_eliminate(event=closed_event, table_number=3, seat=c.seat, actor=director)
    c.refresh_from_db()
    assert c.place == 18


def test_hand_for_hand_controls_are_audited(closed_event, director):
    services.hand_for_hand_set(event=closed_event, on=True, actor=director)
    services.hand_for_hand_next(event=closed_event, actor=director)
    services.hand_for_hand_set(event=closed_event, on=False, actor=director)
    closed_event.refresh_from_db()
    assert closed_event.hand_for_hand_round == 2 and not closed_event.hand_for_hand
    actions = list(AuditEntry.entries.filter(event_id=closed_event.pk, action__startswith="event.hand_for_hand")
                   .values_list("action", flat=True))
    assert len(actions) == 3


def test_undo_restores_the_entry_at_its_seat(closed_event, director):
    a = alive_at(closed_event, 1)[0]
    elimination = services.entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director)
    services.elimination_undo(event=closed_event, elimination_id=elimination.pk, actor=director)
    a2 = Entry.objects.get(pk=a.pk)
    assert (a2.status, a2.table_id, a2.seat, a2.place) == (Entry.Status.ALIVE, a.table_id, a.seat, None)
    assert AuditEntry.entries.filter(action="entry.eliminate_undo").count() == 1


def test_undo_is_refused_after_the_next_elimination_at_that_table(closed_event, director):
    a, b = alive_at(closed_event, 1)[:2]
    first = services.entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director)
    services.entry_eliminate(event=closed_event, table_number=1, seat=b.seat, actor=director)
    with pytest.raises(EliminationError):
        services.elimination_undo(event=closed_event, elimination_id=first.pk, actor=director)


def test_undo_moves_later_places_down(closed_event, director):
    a = alive_at(closed_event, 1)[0]
    b = alive_at(closed_event, 2)[0]
    first = services.entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director)
    services.entry_eliminate(event=closed_event, table_number=2, seat=b.seat, actor=director)
    b.refresh_from_db()
    assert b.place == 19
    services.elimination_undo(event=closed_event, elimination_id=first.pk, actor=director)
    b.refresh_from_db()
    assert b.place == 20


def test_undo_is_refused_when_the_seat_was_filled(closed_event, director, register):
    a = alive_at(closed_event, 1)[0]
    first = services.entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director)
    Entry.objects.filter(pk=alive_at(closed_event, 2)[0].pk).update(table=a.table, seat=a.seat)
    with pytest.raises(EliminationError):
        services.elimination_undo(event=closed_event, elimination_id=first.pk, actor=director)


def test_busts_before_registration_closes_are_placed_when_it_closes(seated_event, director, register):
    a = alive_at(seated_event, 1)[0]
    services.entry_eliminate(event=seated_event, table_number=1, seat=a.seat, actor=director)
    a.refresh_from_db()
    assert a.place is None
    register(seated_event, "Late Larry")
    b = alive_at(seated_event, 2)[0]
    services.entry_eliminate(event=seated_event, table_number=2, seat=b.seat, actor=director)
    services.event_registration_close(event=seated_event, actor=director)
    a.refresh_from_db()
    b.refresh_from_db()
    # 21 entries, 19 alive: the first out is 21st, the second 20th.
    assert (a.place, b.place) == (21, 20)


def test_clock_past_late_registration_closes_it_at_the_next_bust(seated_event, director, monkeypatch):
    monkeypatch.setattr(services, "clock_level_position", lambda *, event: 4)
    a = alive_at(seated_event, 1)[0]
    services.entry_eliminate(event=seated_event, table_number=1, seat=a.seat, actor=director)
    seated_event.refresh_from_db()
    a.refresh_from_db()
    assert seated_event.registration_closed_at is not None and a.place == 20


def test_whole_event_runs_down_to_the_winner_with_places_one_to_n(closed_event, director):
    while Entry.objects.filter(event=closed_event, status=Entry.Status.ALIVE).count() > 1:
        entry = Entry.objects.filter(event=closed_event, status=Entry.Status.ALIVE).order_by("?").first()
        services.entry_eliminate(event=closed_event, table_number=entry.table.number, seat=entry.seat,
                                 actor=director)
    assert places(closed_event) == list(range(1, 21))
    with pytest.raises(EliminationError):
        winner = Entry.objects.get(event=closed_event, status=Entry.Status.ALIVE)
        services.entry_eliminate(event=closed_event, table_number=winner.table.number, seat=winner.seat,
                                 actor=director)
    services.event_status_change(event=closed_event, to=Event.Status.FINISHED, actor=director)


def test_elimination_only_while_running(make_event, register, director):
    event = make_event()
    with pytest.raises(EliminationError):
        services.entry_eliminate(event=event, table_number=1, seat=1, actor=director)


# --- chip counts ----------------------------------------------------------------------------------

def test_chip_counts_are_kept_with_history(closed_event, director):
    a, b = alive_at(closed_event, 1)[:2]
    services.chip_counts_record(event=closed_event, counts={a.pk: 35000, b.pk: 5000}, actor=director)
    a.refresh_from_db()
    assert a.chips == 35000 and a.chip_counts.count() == 1
    from tdconsole.tournaments.selectors import top_stacks

    assert top_stacks(event=closed_event, limit=1)[0].pk == a.pk


def test_chip_count_for_a_busted_entry_is_refused(closed_event, director):
    a = alive_at(closed_event, 1)[0]
    services.entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director)
    with pytest.raises(TournamentError):
        services.chip_counts_record(event=closed_event, counts={a.pk: 1000}, actor=director)


def test_negative_chip_count_is_refused(closed_event, director):
    a = alive_at(closed_event, 1)[0]
    with pytest.raises(TournamentError):
        services.chip_counts_record(event=closed_event, counts={a.pk: -5}, actor=director)


def test_new_template_replaces_the_events_copy_before_the_start(make_event, director):
    event = make_event(status=Event.Status.DRAFT)
    old = event.structure_id
    turbo = services.structure_create(name="Quick", rows=[{"small_blind": 50, "big_blind": 100, "minutes": 10}])
    event = services.event_update(event=event, actor=director, template=turbo, name="Renamed")
    assert event.structure_id != old and event.structure.levels.count() == 1 and event.name == "Renamed"
    from tdconsole.tournaments.models import Structure

    assert not Structure.objects.filter(pk=old).exists()
    assert AuditEntry.entries.filter(action="event.update", event_id=event.pk).exists()


def test_running_event_keeps_its_structure_and_stack(seated_event, director, template):
    with pytest.raises(TournamentError):
        services.event_update(event=seated_event, actor=director, template=template)
    with pytest.raises(TournamentError):
        services.event_update(event=seated_event, actor=director, starting_stack=1)


def test_hand_for_hand_busts_while_registration_is_open_are_tied_when_it_closes(seated_event, director):
    services.hand_for_hand_set(event=seated_event, on=True, actor=director)
    a = alive_at(seated_event, 1)[0]
    b = alive_at(seated_event, 2)[0]
    services.entry_eliminate(event=seated_event, table_number=1, seat=a.seat, actor=director)
    services.entry_eliminate(event=seated_event, table_number=2, seat=b.seat, actor=director)
    assert set(Entry.objects.filter(pk__in=[a.pk, b.pk]).values_list("place", flat=True)) == {None}
    services.event_registration_close(event=seated_event, actor=director)
    assert set(Entry.objects.filter(pk__in=[a.pk, b.pk]).values_list("place", flat=True)) == {19}


# --- cancelling an entry made by mistake -----------------------------------------------------------


def test_cancelled_entry_frees_its_seat_and_its_number_is_never_given_again(seated_event, register, director):
    from tdconsole.tournaments.selectors import event_field_summary

    late = register(seated_event, "Typed Twice")
    assert late.number == 21 and late.table_id is not None
    table, seat = late.table_id, late.seat
    services.entry_cancel(event=seated_event, entry_id=late.pk, actor=director)
    assert not Entry.objects.filter(pk=late.pk).exists()
    assert not Entry.objects.filter(table_id=table, seat=seat).exists()
    assert event_field_summary(event=seated_event)["entries"] == 20
    record = AuditEntry.entries.get(action="entry.cancel")
    assert record.before["number"] == 21 and record.before["player"] == "Typed Twice"
    assert record.before["seat"] == seat and record.actor_id == director.pk
    again = register(seated_event, "The Right Player")
    assert again.number == 22  # 21 was printed on a seat card: it is not reused


def test_cancelling_a_reentry_gives_the_player_that_attempt_back(reentry_running, director):
    event, first = reentry_running
    table, seat = seat_of(first)
    services.entry_eliminate(event=event, table_number=table, seat=seat, actor=director)
    wrong = services.entry_register(event=event, player=first.player, actor=director, level_position=None)
    services.entry_cancel(event=event, entry_id=wrong.pk, actor=director)
    right = services.entry_register(event=event, player=first.player, actor=director, level_position=None)
    assert right.attempt == 2 and right.number == wrong.number + 1


def test_cancel_is_refused_for_a_busted_entry_after_close_and_for_another_event(seated_event, make_event,
                                                                                 register, director, settings):
    settings.LANGUAGE_CODE = "en"
    entry = Entry.objects.filter(event=seated_event, table__isnull=False).first()
    table, seat = seat_of(entry)
    services.entry_eliminate(event=seated_event, table_number=table, seat=seat, actor=director)
    with pytest.raises(RegistrationError, match="undo the elimination"):
        services.entry_cancel(event=seated_event, entry_id=entry.pk, actor=director)
    other = make_event(tables=(10,))
    stranger = register(other, "Elsewhere")
    with pytest.raises(RegistrationError, match="no longer exists"):
        services.entry_cancel(event=seated_event, entry_id=stranger.pk, actor=director)
    alive = Entry.objects.filter(event=seated_event, status=Entry.Status.ALIVE).first()
    services.event_registration_close(event=seated_event, actor=director)
    with pytest.raises(RegistrationError, match="closed"):
        services.entry_cancel(event=seated_event, entry_id=alive.pk, actor=director)
    assert Entry.objects.filter(pk=alive.pk).exists() and Entry.objects.filter(pk=stranger.pk).exists()
    assert not AuditEntry.entries.filter(action="entry.cancel").exists()
