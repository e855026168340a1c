"""The whole dispute in Chromium, as the floor lives it on the bubble (issue 13's flow).

Table 7 of a running event at level 9, hand-for-hand on, 11 players left and 10 paid. Bruno (seat 5)
moves all in, Carla (seat 8) calls all in for less, Dan folds the small blind, Ana (seat 2) calls and
covers both. The floor opens the dispute from the eliminations page ("d", 7, Enter), deals the table as
it stands, types the hand in floor language, reads the side pot by name, saves and applies the ruling:
Bruno and Carla are out in one hand, Bruno (who started it with more) 10th and paid, Carla 11th on the
bubble; Ana's and Dan's chip counts are the stacks after the hand; the decision is in the log. Undo then
restores all of it.
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from tdconsole.adjudication.models import FloorDecision, RulingApplication, SavedAdjudication
from tdconsole.clock.models import ClockState
from tdconsole.payouts.models import PayoutPlace, PayoutTable
from tdconsole.tournaments.models import Entry, Event, Table
from tests.factories import add_field, make_event, make_festival

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Ten levels and a break after level 4; level 9 (position 10) is 900/1,800 with a 1,800 big-blind ante.
LEVELS = [("level", 100 * i, 200 * i, 200 * i, 20, None) for i in range(1, 5)] + [("break", 0, 0, 0, 10, 100)] + [
    ("level", 100 * i, 200 * i, 200 * i, 20, None) for i in range(5, 11)]
TABLE_7 = {1: ("Dan", 20000), 2: ("Ana", 40000), 5: ("Bruno", 12000), 8: ("Carla", 8000)}
PRIZES = ["10000", "6000", "4000", "3000", "2500", "2000", "1700", "1500", "1300", "1000"]


def bubble_event():
    festival = make_festival("fest-flow", venue_name="Clube do fluxo")
    event = make_event("flow", festival=festival, levels=LEVELS, status=Event.Status.RUNNING,
                       registration_closed_at=timezone.now(), hand_for_hand=True, hand_for_hand_round=3)
    entries = add_field(event, 40, 11)
    seven = Table.objects.create(venue=festival.venue, number=7, seats=9, event=event, button_seat=8)
    three = Table.objects.create(venue=festival.venue, number=3, seats=9, event=event, button_seat=1)
    at_seven = {}
    for entry, (seat, (name, chips)) in zip(entries[:4], TABLE_7.items(), strict=True):
        entry.player.name = name
        entry.player.save(update_fields=["name"])
        entry.table, entry.seat, entry.chips = seven, seat, chips
        at_seven[seat] = entry
    for seat, entry in enumerate(entries[4:11], start=1):
        entry.table, entry.seat = three, seat
    Entry.objects.bulk_update(entries[:11], ["table", "seat", "chips"])
    payout = PayoutTable.objects.create(event=event, prize_pool=Decimal("33000"), entries=40)
    PayoutPlace.objects.bulk_create([PayoutPlace(table=payout, place=p, amount=Decimal(a))
                                     for p, a in enumerate(PRIZES, start=1)])
    ClockState.objects.create(event=event, level_position=10, level_started_at=timezone.now() - timedelta(minutes=3))
    return event, at_seven


def test_a_dispute_from_table_7_is_ruled_applied_and_undone(live_server, page, browser_login, screenshot):
    event, at = bubble_event()
    dan, ana, bruno, carla = at[1], at[2], at[5], at[8]
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/eliminations/")
    page.wait_for_function("() => document.activeElement && document.activeElement.name === 'bust'")
    page.keyboard.press("d")
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=from-table]")
    # The table as it stands: names, stacks, the recorded button, level 9's blinds on the clock.
    assert page.input_value("[name=seats]").splitlines() == ["1 Dan 20000", "2 Ana 40000", "5 Bruno 12000",
                                                            "8 Carla 8000"]
    assert page.input_value("[name=button]") == "8"
    assert (page.input_value("[name=small_blind]"), page.input_value("[name=big_blind]"),
            page.input_value("[name=ante]")) == ("900", "1800", "1800")
    page.click("[data-testid=setup-submit]")
    page.wait_for_selector("[data-testid=hand]")

    line = page.locator("[data-testid=action-line]")
    for said in ["Bruno all in", "assento 8 paga", "desiste 1", "Ana paga",
                 "flop 2c 7d 9h", "turn 3s", "river Kd",
                 "assento 5 mostra Qs Qh", "assento 8 mostra Js Jh", "assento 2 mostra As Ad"]:
        line.fill(said)
        with page.expect_response(lambda r: "/rulings/adjudicate/" in r.url and r.request.method == "POST"):
            line.press("Enter")
        page.wait_for_timeout(50)  # the answer swapped in
        errors = page.locator("[data-testid=action-error]")
        assert errors.count() == 0, (said, errors.first.inner_text() if errors.count() else "")
    page.wait_for_selector("[data-testid=complete]")
    pots = page.inner_text("[data-testid=pots]")
    assert "Ana (assento 2)" in pots and "Bruno (assento 5)" in pots and "Carla (assento 8)" in pots
    screenshot(page, "dispute-flow-ruled")

    page.click("[data-testid=save-form] button[type=submit]")
    page.wait_for_selector("[data-testid=saved]")
    saved = SavedAdjudication.objects.get(event=event)
    assert saved.table_number == 7 and saved.level_position == 10
    page.click("[data-testid=apply-ruling]")
    busts = page.get_by_test_id("bust-row")
    busts.first.wait_for()
    assert busts.nth(0).inner_text().startswith(f"Bruno (assento 5, nº {bruno.number})")
    assert busts.nth(1).inner_text().startswith(f"Carla (assento 8, nº {carla.number})")
    assert "10º" in busts.nth(0).inner_text() and "R$\xa01.000,00" in busts.nth(0).inner_text()
    assert "11º" in busts.nth(1).inner_text()
    screenshot(page, "dispute-flow-apply")
    page.get_by_test_id("apply-submit").click()
    page.get_by_test_id("undo-apply").wait_for()

    # Applied: two busts in one elimination, ranked by their stacks at the start of the hand.
    after = {e.pk: e for e in Entry.objects.filter(pk__in=[e.pk for e in at.values()])}
    assert (after[bruno.pk].status, after[bruno.pk].place) == ("busted", 10)
    assert (after[carla.pk].status, after[carla.pk].place) == ("busted", 11)
    # Ana: 40,000 - 1,800 ante - 12,000 + the main pot 26,700 (three times 8,000, Dan's 900 and the
    # ante) + the side pot 8,000 (Bruno's and her 4,000 above Carla's all-in). Dan: 20,000 less his small blind.
    assert (after[ana.pk].chips, after[dan.pk].chips) == (60900, 19100)
    decision = FloorDecision.objects.get(event=event)
    assert decision.adjudication_id == saved.pk and decision.table_number == 7
    assert Table.objects.get(pk=ana.table_id).button_seat != 8  # the button moved on
    assert RulingApplication.objects.filter(adjudication=saved).exists()

    page.get_by_test_id("undo-apply").click()
    page.get_by_test_id("apply-submit").wait_for()
    restored = {e.pk: e for e in Entry.objects.filter(pk__in=[e.pk for e in at.values()])}
    for entry in at.values():
        again = restored[entry.pk]
        assert (again.status, again.table_id, again.seat, again.chips, again.place) == (
            "alive", entry.table_id, entry.seat, entry.chips, None), entry.player.name
    assert not FloorDecision.objects.filter(event=event).exists()
    assert Table.objects.get(pk=ana.table_id).button_seat == 8
