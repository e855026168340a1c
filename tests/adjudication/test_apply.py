"""Applying a saved ruling to its event on one confirmation screen, and undoing it as a whole."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from tdconsole.adjudication.apply import ApplyError, application_preview, ruling_apply, ruling_apply_undo
from tdconsole.adjudication.models import FloorDecision, RulingApplication, SavedAdjudication
from tdconsole.audit.models import AuditEntry
from tdconsole.payouts.models import PayoutPlace, PayoutTable
from tdconsole.rules import Hand, parse_phh
from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate
from tdconsole.tournaments.models import Bust, ChipCount, Elimination, Entry, Event, Table
from tests.factories import add_field, make_event, make_festival

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]

# Dan (seat 1) posts the small blind and folds; Ana (seat 3, big blind), Bruno (seat 5) and Carla (seat 8,
# the button) are all in. Carla covers both and wins with aces: Ana and Bruno bust in the same hand.
PHH = """variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [100, 200, 0, 0]
min_bet = 200
starting_stacks = [8000, 5000, 3000, 12000]
seats = [1, 3, 5, 8]
seat_count = 9
players = ["Dan", "Ana", "Bruno", "Carla"]
actions = ["d dh p1 JcTc", "d dh p2 2c7d", "d dh p3 3h8s", "d dh p4 AsAh", "p3 cbr 3000", "p4 cbr 12000",
           "p1 f", "p2 cc", "d db KdQc4s", "d db 9h", "d db 2s"]
"""
SEATS = {1: "Dan", 3: "Ana", 5: "Bruno", 8: "Carla"}


def build(field: int = 20, slug: str = "main"):
    """A running event, registration closed, `field` entries of which five alive; four play table 1."""
    festival = make_festival(f"fest-{slug}", venue_name=f"Venue {slug}")
    event = make_event(slug, festival=festival, status=Event.Status.RUNNING, registration_closed_at=timezone.now())
    at_table = seat_the_hand(event, add_field(event, field, 5))
    payout = PayoutTable.objects.create(event=event, prize_pool=Decimal("9000"), entries=field)
    PayoutPlace.objects.bulk_create([PayoutPlace(table=payout, place=p, amount=Decimal(a))
                                     for p, a in enumerate(["4000", "2500", "1500", "1000"], start=1)])
    return event, saved_ruling(event, at_table), at_table


def seat_the_hand(event, entries) -> dict:
    """The first four entries become the hand's players at table 1 (SEATS), the fifth sits at table 2."""
    table = Table.objects.create(venue=event.festival.venue, number=1, seats=9, event=event)
    other = Table.objects.create(venue=event.festival.venue, number=2, seats=9, event=event)
    at_table = {}
    for entry, seat in zip(entries[:4], SEATS, strict=True):
        entry.player.name = SEATS[seat]
        entry.player.save(update_fields=["name"])
        entry.table, entry.seat = table, seat
        at_table[seat] = entry
    entries[4].table, entries[4].seat = other, 1
    Entry.objects.bulk_update(entries[:5], ["table", "seat"])
    return at_table


def saved_ruling(event, at_table) -> SavedAdjudication:
    """The hand's ruling saved at table 1 with the entries seated there."""
    return SavedAdjudication.objects.create(
        event=event, table_number=1, note="Carla's all-in called by Ana and Bruno", phh=PHH,
        ruling=Hand.replay(parse_phh(PHH)).ruling("en"),
        table_entries={str(seat): e.pk for seat, e in at_table.items()}, level_position=1)


@pytest.fixture
def scene():
    return build()


def apply(saved, user, lang="en", **fields):
    with translation.override(lang):
        return ruling_apply(saved=saved, actor=user, lang=lang, **fields)


def test_the_preview_names_the_busts_places_prizes_counts_decision_and_button(scene, director):
    event, saved, at = scene
    with translation.override("en"):
        p = application_preview(saved=saved, lang="en")
    assert p.refusal == ""
    ana, bruno = at[3], at[5]
    # Same hand: Ana started it with more chips than Bruno, so she finishes higher.
    assert [(s.label, s.start, s.place, s.prize) for s in p.busted] == [
        (f"Ana (seat 3, #{ana.number})", 5000, 4, Decimal("1000.00")),
        (f"Bruno (seat 5, #{bruno.number})", 3000, 5, Decimal("0.00")),
    ]
    assert [(s.label, s.finish) for s in p.survivors] == [
        (f"Dan (seat 1, #{at[1].number})", 7900), (f"Carla (seat 8, #{at[8].number})", 20100)]
    assert "The bubble bursts: the 3 players left are in the money." in p.money
    assert f"Bruno (seat 5, #{bruno.number}) finishes on the bubble, the last place without a prize." in p.money
    assert p.question == "Carla's all-in called by Ana and Bruno"
    assert "Carla (seat 8)" in p.decision and "p4" not in p.decision
    assert "TDA 21" in p.rule_cited
    # Heads-up after the hand: Dan's seat (the last small blind) gets the button, Carla the big blind.
    assert (p.button.button, p.button.big_blind, p.button.heads_up) == (1, 8, True)


def test_the_preview_in_portuguese(scene, director):
    event, saved, at = scene
    with translation.override("pt-br"):
        p = application_preview(saved=saved, lang="pt-br")
        labels = [s.label for s in p.busted]
    assert labels[0] == f"Ana (assento 3, nº {at[3].number})"
    assert "A bolha estoura: os 3 jogadores restantes estão na premiação." in p.money
    assert "Carla (assento 8)" in p.decision
    assert any("button" in step for step in p.button_steps)


def test_apply_busts_counts_logs_and_moves_the_button_and_undo_restores_all_of_it(scene, director):
    event, saved, at = scene
    before_chips = {e.pk: e.chips for e in at.values()}
    application = apply(saved, director)

    ana, bruno, carla, dan = (Entry.objects.get(pk=at[s].pk) for s in (3, 5, 8, 1))
    assert (ana.status, ana.place, bruno.status, bruno.place) == ("busted", 4, "busted", 5)
    elimination = Elimination.objects.get(event=event)
    assert {b.entry_id: b.starting_stack for b in elimination.busts.all()} == {ana.pk: 5000, bruno.pk: 3000}
    assert (carla.chips, dan.chips) == (20100, 7900)
    assert set(ChipCount.objects.filter(pk__in=application.changes["chip_counts"]).values_list("entry_id", "chips")) \
        == {(carla.pk, 20100), (dan.pk, 7900)}
    decision = FloorDecision.objects.get(event=event)
    assert decision.adjudication == saved and decision.table_number == 1
    assert decision.question == "Carla's all-in called by Ana and Bruno"
    assert "Carla (seat 8)" in decision.decision and "TDA 21" in decision.rule_cited
    table = Table.objects.get(event=event, number=1)
    assert (table.button_seat, table.small_blind_seat) == (1, 1)
    actions = list(AuditEntry.entries.filter(event_id=event.pk).values_list("action", flat=True))
    for action in ("entry.eliminate", "chips.count", "floor_decision.record", "table.button_move",
                   "adjudication.apply"):
        assert action in actions

    with translation.override("en"):
        ruling_apply_undo(saved=saved, actor=director)
    for seat, entry in at.items():
        entry.refresh_from_db()
        assert (entry.status, entry.table.number, entry.seat, entry.place) == ("alive", 1, seat, None)
        assert entry.chips == before_chips[entry.pk]
    assert not Elimination.objects.filter(event=event).exists()
    assert not ChipCount.objects.filter(entry__event=event).exists()
    assert not FloorDecision.objects.filter(event=event).exists()
    table.refresh_from_db()
    assert (table.button_seat, table.small_blind_seat) == (None, None)
    application.refresh_from_db()
    assert application.undone_at is not None and application.undone_by == director
    undo_actions = set(AuditEntry.entries.filter(event_id=event.pk).values_list("action", flat=True))
    assert {"adjudication.apply_undo", "entry.eliminate_undo", "floor_decision.withdraw"} <= undo_actions
    # Undone, the ruling may be applied again.
    apply(saved, director)
    assert RulingApplication.objects.filter(adjudication=saved, undone_at__isnull=True).count() == 1


def test_a_second_apply_is_refused(scene, director):
    event, saved, at = scene
    apply(saved, director)
    with pytest.raises(ApplyError, match="applied already"):
        apply(saved, director)
    assert Elimination.objects.filter(event=event).count() == 1


def _nothing_written(event):
    assert not Elimination.objects.filter(event=event).exists()
    assert not ChipCount.objects.filter(entry__event=event).exists()
    assert not FloorDecision.objects.filter(event=event).exists()
    assert not RulingApplication.objects.filter(event=event).exists()
    assert Table.objects.get(event=event, number=1).button_seat is None


def test_a_hand_in_progress_is_refused(scene, director):
    event, saved, at = scene
    saved.phh = PHH.replace(', "d db 9h", "d db 2s"', "")
    saved.save()
    with pytest.raises(ApplyError, match="not finished"):
        apply(saved, director)
    _nothing_written(event)


def test_an_event_not_running_is_refused(scene, director):
    event, saved, at = scene
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    saved.refresh_from_db()
    with pytest.raises(ApplyError, match="while the event runs"):
        apply(saved, director)


def test_a_ruling_without_the_table_is_refused(scene, director):
    event, saved, at = scene
    saved.table_entries = {}
    saved.save()
    with pytest.raises(ApplyError, match="not saved from a table"):
        apply(saved, director)
    _nothing_written(event)


@pytest.mark.parametrize("seat", [3, 8])
def test_a_seat_whose_player_changed_is_refused_and_no_count_is_written(scene, director, seat):
    """A busted seat (3) or a survivor's seat (8) taken by somebody else since the hand."""
    event, saved, at = scene
    newcomer = Entry.objects.get(event=event, table__number=2)
    Entry.objects.filter(pk=at[seat].pk).update(table=Table.objects.get(event=event, number=2), seat=4)
    Entry.objects.filter(pk=newcomer.pk).update(table=Table.objects.get(event=event, number=1), seat=seat)
    with pytest.raises(ApplyError, match="changed since the hand") as refused:
        apply(saved, director)
    assert "now sits at table 2, seat 4" in str(refused.value)
    _nothing_written(event)
    assert Entry.objects.get(pk=at[1].pk).chips == 20000


def test_undo_is_refused_after_a_later_bust_at_that_table(scene, director):
    event, saved, at = scene
    apply(saved, director)
    entries_eliminate(event=event, table_number=1, busts=[SeatBust(seat=1)], actor=director, level_position=None)
    with pytest.raises(ApplyError, match="another elimination at table 1"):
        ruling_apply_undo(saved=saved, actor=director)
    assert Entry.objects.get(pk=at[3].pk).status == "busted"


def test_undo_is_refused_after_a_later_chip_count(scene, director):
    from tdconsole.tournaments.chipcounts import chip_counts_record

    event, saved, at = scene
    apply(saved, director)
    chip_counts_record(event=event, counts={at[8].pk: 20000}, actor=director, addon_chips=0)
    with pytest.raises(ApplyError, match="Newer chip counts"):
        ruling_apply_undo(saved=saved, actor=director)


def test_preview_and_apply_queries_do_not_grow_with_the_field(director):
    counts = []
    for field, slug in ((20, "small"), (400, "large")):
        event, saved, at = build(field, slug)
        saved = SavedAdjudication.objects.select_related("event").get(pk=saved.pk)
        with translation.override("en"), CaptureQueriesContext(connection) as preview:
            application_preview(saved=saved, lang="en")
        with CaptureQueriesContext(connection) as applied:
            apply(saved, director)
        counts.append((len(preview), len(applied)))
    assert counts[0] == counts[1], counts


# --- the screen ---------------------------------------------------------------------------------------

URL = "/rulings/disputes/{pk}/apply/"


def test_only_floor_and_above_open_the_screen(scene, client_as):
    event, saved, at = scene
    url = URL.format(pk=saved.pk)
    assert client_as("floor").get(url).status_code == 200
    assert client_as("director").get(url).status_code == 200
    assert client_as("registration").get(url).status_code == 403
    assert client_as("viewer").post(url, {"question": "q", "decision": "d"}).status_code == 403
    assert not Elimination.objects.filter(event=event).exists()


def test_the_screen_shows_it_all_then_applies_and_undoes(scene, client_as):
    event, saved, at = scene
    floor = client_as("floor")
    url = URL.format(pk=saved.pk)
    page = floor.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Ana (seat 3, #{at[3].number})" in page and "4th" in page
    assert "The bubble bursts" in page and 'name="_once"' in page
    response = floor.post(url, {"question": "Who wins?", "decision": "Carla wins both pots.", "rule_cited": "TDA 21",
                                "_once": "a" * 22}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    assert FloorDecision.objects.get(event=event).question == "Who wins?"
    page = floor.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Applied at" in page and 'data-testid="undo-apply"' in page
    # Applied, the screen shows what was applied (places, the counts before, the button), not a second preview.
    assert "4th" in page and "5th" in page and "wins the event" not in page
    assert "The button was moved to seat 1." in page and "20,000" in page
    again = floor.post(url, {"question": "Who wins?", "decision": "Carla wins.", "_once": "b" * 22},
                       HTTP_ACCEPT_LANGUAGE="en")
    assert again.status_code == 409 and "applied already" in again.content.decode()
    undone = floor.post(f"/rulings/disputes/{saved.pk}/undo-apply/", {"_once": "c" * 22}, HTTP_ACCEPT_LANGUAGE="en")
    assert undone.status_code == 302
    assert Entry.objects.get(pk=at[3].pk).status == "alive"


def test_the_screen_refuses_in_portuguese(scene, client_as):
    event, saved, at = scene
    saved.table_entries = {}
    saved.save()
    url = URL.format(pk=saved.pk)
    page = client_as("floor").get(url, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "não foi salva a partir de uma mesa" in page
    assert 'data-testid="apply-form"' not in page
    refused = client_as("floor").post(url, {"question": "q", "decision": "d"}, HTTP_ACCEPT_LANGUAGE="pt-br")
    assert refused.status_code == 409
    assert "não foi salva a partir de uma mesa" in refused.content.decode()
    assert not RulingApplication.objects.exists()


def test_the_adjudicator_links_a_saved_ruling_with_its_table_to_the_screen(scene, client_as, monkeypatch):
    event, saved, at = scene
    post = {"op": "save", "phh": PHH, "event": event.pk, "table_number": "1", "note": ""}
    plain = client_as("floor").post("/rulings/adjudicate/", post, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="apply-ruling"' not in plain  # saved without the table's entries: nothing to apply
    # A ruling saved from a table (the adjudicator fills table_entries then) links to its screen.
    monkeypatch.setattr("tdconsole.adjudication.views.adjudication_save", lambda **kwargs: saved)
    page = client_as("floor").post("/rulings/adjudicate/", post, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'href="/rulings/disputes/{saved.pk}/apply/" data-testid="apply-ruling">Apply to the event' in page


def test_an_illegal_action_in_the_hand_is_refused(scene, director):
    event, saved, at = scene
    saved.phh = PHH.replace('"p1 f"', '"p1 cbr 50"')
    saved.save()
    with pytest.raises(ApplyError, match="illegal action"):
        apply(saved, director)
    _nothing_written(event)


def test_while_registration_is_open_the_places_wait_for_it_to_close(scene, director):
    event, saved, at = scene
    Event.objects.filter(pk=event.pk).update(registration_closed_at=None)
    saved.refresh_from_db()
    p = application_preview(saved=saved, lang="en")
    assert p.places_wait and [s.place for s in p.busted] == [None, None]
    apply(saved, director)
    assert Entry.objects.get(pk=at[3].pk).place is None


# Big blind ante 1,000 at 500/1,000. Ana (seat 3) is the big blind: she starts with 5,000, 4,000 once the
# ante is paid. Bruno (seat 5, the button) moves in for 4,500; Dan (seat 1, small blind) and Ana call; Dan's
# kings hold. Both bust in the hand: by their stacks at the start Ana would finish higher, but busts of one
# hand are ranked by what each held after the ante (rules reference, simultaneous eliminations): Bruno higher.
BBA_PHH = """variant = "NT"
antes = [0, 1000, 0]
blinds_or_straddles = [500, 1000, 0]
min_bet = 1000
starting_stacks = [20000, 5000, 4500]
seats = [1, 3, 5]
seat_count = 9
players = ["Dan", "Ana", "Bruno"]
actions = ["d dh p1 KcKd", "d dh p2 2c7d", "d dh p3 3h8s", "p3 cbr 4500", "p1 cc", "p2 cc",
           "d db KsQc4s", "d db 9h", "d db 2s"]
"""


def test_busts_of_one_hand_rank_by_the_stack_after_the_big_blind_ante(scene, director):
    event, _saved, at = scene
    saved = SavedAdjudication.objects.create(
        event=event, table_number=1, phh=BBA_PHH, ruling=Hand.replay(parse_phh(BBA_PHH)).ruling("en"),
        table_entries={"1": at[1].pk, "3": at[3].pk, "5": at[5].pk}, level_position=1)
    with translation.override("en"):
        preview = application_preview(saved=saved, lang="en")
    assert [(s.label.split(" ")[0], s.start, s.ranked, s.place) for s in preview.busted] == [
        ("Bruno", 4500, 4500, 4), ("Ana", 5000, 4000, 5)]
    apply(saved, director)
    ana, bruno = Entry.objects.get(pk=at[3].pk), Entry.objects.get(pk=at[5].pk)
    assert (bruno.place, ana.place) == (4, 5)
    assert {b.entry_id: b.starting_stack for b in Bust.objects.filter(entry__in=[ana, bruno])} == {
        ana.pk: 4000, bruno.pk: 4500}


def test_an_undo_refused_over_http_answers_409_in_the_readers_language_and_changes_nothing(scene, client_as, director):
    event, saved, at = scene
    apply(saved, director)
    entries_eliminate(event=event, table_number=1, busts=[SeatBust(seat=1)], actor=director, level_position=None)
    floor = client_as("floor")
    refused = floor.post(f"/rulings/disputes/{saved.pk}/undo-apply/", {"_once": "d" * 22}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 409
    assert "another elimination at table 1" in refused.content.decode()
    pt = floor.post(f"/rulings/disputes/{saved.pk}/undo-apply/", {"_once": "e" * 22}, HTTP_ACCEPT_LANGUAGE="pt-br")
    assert pt.status_code == 409 and "Houve outra eliminação na mesa 1 depois" in pt.content.decode()
    assert Entry.objects.get(pk=at[3].pk).status == "busted"
    assert RulingApplication.objects.get(adjudication=saved).undone_at is None
    assert FloorDecision.objects.filter(event=event).count() == 1
