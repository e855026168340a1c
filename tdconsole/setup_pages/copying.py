"""Copy an event for next week with what every app keeps about it, in one transaction.

`tdconsole.tournaments.event_copy` copies the event itself (settings, structure, chip set, tables);
the apps above it keep more that a director expects next week's event to have: the cash desk's money
rules (rebuys, add-on, bounty...), the prize desk's settings (share of the field paid, rounding,
minimum cash) and the screen's messages. Each is copied through that app's own service, so each
change has its usual audit record in the copy's trail. Never copied: entries, purchases, payouts,
the payout table (it follows the field), the clock, seat draws, floor decisions.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.exceptions import MoneyRulesInvalid
from tdconsole.cashier.models import MoneyRules
from tdconsole.cashier.rules import RULE_FIELDS, money_rules_set
from tdconsole.clock.models import ScreenMessage
from tdconsole.clock.screen_messages import screen_message_add, screen_message_set_active
from tdconsole.payouts.models import PrizeSettings
from tdconsole.payouts.services import SETTINGS_FIELDS, prize_settings_update
from tdconsole.tournaments.event_copy import EventCopy, event_copy, tables_of
from tdconsole.tournaments.models import Event, Table

# The seating desk's audit action when it gives an event tables (its records name the tables by id).
TABLES_ASSIGNED = "tables.assign"


@dataclass(frozen=True)
class CopyResult:
    """The copy and what came with it."""

    copy: EventCopy
    money_rules: bool = False
    prize_settings: bool = False
    messages: int = 0
    # Why the money rules were not copied (they no longer fit the structure): one sentence each.
    money_rules_problems: list[str] = field(default_factory=list)

    @property
    def event(self) -> Event:
        return self.copy.event


def tables_served(*, event: Event) -> list[int]:
    """Numbers of the venue tables that served the event, those broken during the night included.

    The event's own rows tell the tables it has and those its players and eliminations name
    (`tables_of`); a table broken during the night is released and named by none of them, but the
    seating desk's audit records of the tables it gave the event name every one (by id: a table
    renumbered since is found under its new number).
    """
    numbers = set(tables_of(event=event))
    ids: set[int] = set()
    for refs in AuditEntry.entries.filter(event_id=event.pk, action=TABLES_ASSIGNED).values_list("objects", flat=True):
        for ref in refs or ():
            if isinstance(ref, dict) and ref.get("model") == "tournaments.table" and isinstance(ref.get("id"), int):
                ids.add(ref["id"])
    if ids:
        numbers |= set(Table.objects.filter(pk__in=ids, venue_id=event.festival.venue_id)
                       .values_list("number", flat=True))
    return sorted(numbers)


def event_copy_for_next_week(*, event: Event, name: str, date: datetime.date, actor: Any, slug: str = "",
                             table_numbers: Sequence[int] = ()) -> CopyResult:
    """Copy the event (see `event_copy`), then its money rules, prize settings and screen messages."""
    with transaction.atomic():
        made = event_copy(event=event, name=name, date=date, slug=slug, table_numbers=table_numbers, actor=actor)
        copy, original = made.event, made.original
        rules = MoneyRules.objects.filter(event=original).first()
        copied_rules, problems = False, []
        if rules is not None:
            try:
                with transaction.atomic():
                    money_rules_set(event=copy, actor=actor, values={n: getattr(rules, n) for n in RULE_FIELDS})
                copied_rules = True
            except MoneyRulesInvalid as exc:
                problems = exc.messages
        prize = PrizeSettings.objects.filter(event=original).first()
        if prize is not None:
            prize_settings_update(event=copy, actor=actor, **{n: getattr(prize, n) for n in SETTINGS_FIELDS})
        messages = list(ScreenMessage.objects.filter(event=original).order_by("position", "id"))
        for message in messages:
            added = screen_message_add(event=copy, actor=actor, text=message.text)
            if not message.active:
                screen_message_set_active(event=copy, actor=actor, message_id=added.pk, active=False)
    return CopyResult(copy=made, money_rules=copied_rules, prize_settings=prize is not None,
                      messages=len(messages), money_rules_problems=problems)
