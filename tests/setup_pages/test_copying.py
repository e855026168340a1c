"""Copying an event for next week with what the other apps keep about it: the money rules, the prize
settings and the screen messages come along, in one transaction with the copy; the tables the seating
desk gave the original are found even once broken."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.models import MoneyRules
from tdconsole.cashier.rules import RULE_FIELDS, money_rules_set
from tdconsole.clock.models import ScreenMessage
from tdconsole.clock.screen_messages import screen_message_add, screen_message_set_active
from tdconsole.payouts.models import PrizeSettings
from tdconsole.payouts.services import prize_settings_update
from tdconsole.seating.services import tables_assign
from tdconsole.setup_pages import copying
from tdconsole.setup_pages.copying import event_copy_for_next_week, tables_served
from tdconsole.tournaments.models import Event, Level, Table
from tests.tournaments.conftest import festival, make_event, register, template  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]
NEXT_WEEK = datetime.date(2026, 12, 8)
CLUB_RULES = {
    "rebuy_until_level": 2, "rebuy_prize": Decimal("100"), "rebuy_fee": Decimal("10"), "rebuy_chips": 20000,
    "max_rebuys": 2, "addon_break_after_level": 2, "addon_prize": Decimal("50"), "addon_chips": 20000,
    "bounty_kind": "fixed", "bounty": Decimal("50"), "staff_percent": Decimal("3"),
}


@pytest.fixture
def club_night(make_event, director):  # noqa: F811
    """A finished club night with money rules, prize settings and three screen messages (one hidden)."""
    event = make_event(name="Club Night", slug="club-night", status=Event.Status.DRAFT, tables=(1, 2, 3))
    money_rules_set(event=event, actor=director, values=CLUB_RULES)
    prize_settings_update(event=event, actor=director, percent_paid=Decimal("12.5"), rounding=Decimal("5"),
                          min_cash_multiple=Decimal("2"))
    for text in ("Dinner at 22:00", "Add-on at the first break", "Happy birthday Ana"):
        screen_message_add(event=event, actor=director, text=text)
    hidden = ScreenMessage.objects.get(event=event, text="Happy birthday Ana")
    screen_message_set_active(event=event, actor=director, message_id=hidden.pk, active=False)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    event.refresh_from_db()
    return event


def test_money_rules_prize_settings_and_messages_come_with_the_copy(club_night, director):
    result = event_copy_for_next_week(event=club_night, name="Club Night", date=NEXT_WEEK, actor=director,
                                      table_numbers=[1, 2, 3])
    copy = result.event
    assert (result.money_rules, result.prize_settings, result.messages) == (True, True, 3)
    original_rules, copied_rules = (MoneyRules.objects.get(event=e) for e in (club_night, copy))
    assert {n: getattr(copied_rules, n) for n in RULE_FIELDS} == {n: getattr(original_rules, n) for n in RULE_FIELDS}
    prize = PrizeSettings.objects.get(event=copy)
    assert (prize.percent_paid, prize.rounding, prize.min_cash_multiple) == (Decimal("12.5"), 5, 2)
    assert list(ScreenMessage.objects.filter(event=copy).values_list("text", "active")) == [
        ("Dinner at 22:00", True), ("Add-on at the first break", True), ("Happy birthday Ana", False)]
    # Each in the copy's trail under its own app's action.
    actions = set(AuditEntry.entries.filter(event_id=copy.pk).values_list("action", flat=True))
    assert {"event.copy", "cashier.rules", "payouts.settings", "clock.message_add", "clock.message_hide"} <= actions
    # The original keeps everything.
    assert ScreenMessage.objects.filter(event=club_night).count() == 3
    assert MoneyRules.objects.filter(event=club_night).exists()


def test_an_event_without_extras_is_copied_without_them(make_event, director):  # noqa: F811
    plain = make_event(name="Plain", slug="plain", status=Event.Status.DRAFT, tables=())
    result = event_copy_for_next_week(event=plain, name="Plain", date=NEXT_WEEK, actor=director)
    assert (result.money_rules, result.prize_settings, result.messages) == (False, False, 0)
    assert not MoneyRules.objects.filter(event=result.event).exists()
    assert not PrizeSettings.objects.filter(event=result.event).exists()


def test_money_rules_that_no_longer_fit_the_structure_are_left_out_with_the_reason(club_night, director):
    # The structure lost its break since the rules were set: the add-on has no break to be sold at.
    Level.objects.filter(structure=club_night.structure, kind=Level.Kind.BREAK).delete()
    result = event_copy_for_next_week(event=club_night, name="Club Night", date=NEXT_WEEK, actor=director)
    assert result.money_rules is False
    assert any("no break right after level 2" in p for p in result.money_rules_problems)
    assert not MoneyRules.objects.filter(event=result.event).exists()
    assert result.prize_settings and result.messages == 3


def test_a_failure_midway_leaves_nothing_behind(club_night, director, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("screen store down")

    monkeypatch.setattr(copying, "screen_message_add", broken)
    events, tables = Event.objects.count(), list(Table.objects.values_list("pk", "event_id"))
    with pytest.raises(RuntimeError):
        event_copy_for_next_week(event=club_night, name="Club Night", date=NEXT_WEEK, actor=director,
                                 table_numbers=[1, 2, 3])
    assert Event.objects.count() == events
    assert list(Table.objects.values_list("pk", "event_id")) == tables
    assert not AuditEntry.entries.filter(action="event.copy").exists()


def test_tables_served_include_those_broken_during_the_night(make_event, director):  # noqa: F811
    event = make_event(name="Main", slug="main", status=Event.Status.DRAFT, tables=(1, 2))
    tables_assign(event=event, numbers=[7], actor=director)
    # Tables 2 and 7 break during the night: released, only the seating desk's records name them.
    Table.objects.filter(event=event, number__in=[2, 7]).update(event=None, break_order=None)
    # Table 7 was renumbered since: it is found under its new number.
    Table.objects.filter(number=7, venue=event.festival.venue).update(number=31)
    assert tables_served(event=event) == [1, 2, 31]
