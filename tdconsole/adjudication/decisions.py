"""The floor-decision log of an event: recording a ruling given at a table, and reading the log."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.rulings.models import RuleEntry
from tdconsole.rulings.search import normalise
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Event

from .exceptions import FloorDecisionError
from .models import FloorDecision

MAX_SEAT = 10


def parse_seats(text: str) -> list[int]:
    """'3, 7' or '3 7' -> [3, 7]; raises FloorDecisionError for anything but seat numbers 1..10."""
    seats: list[int] = []
    for part in text.replace(";", ",").replace(" ", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if not part.isdigit() or not 1 <= int(part) <= MAX_SEAT:
            raise FloorDecisionError(_("Seats must be numbers from 1 to %(max)s, separated by commas.")
                                     % {"max": MAX_SEAT})
        if int(part) not in seats:
            seats.append(int(part))
    return seats


def floor_decision_record(
    *,
    actor: Any,
    event: Event,
    question: str,
    decision: str,
    table_number: int | None = None,
    seats: str = "",
    rule_cited: str = "",
    entry: RuleEntry | None = None,
    adjudication: Any = None,
    decided_at: datetime | None = None,
) -> FloorDecision:
    """Record a floor ruling for an event, audited in the same transaction."""
    question, decision = question.strip(), decision.strip()
    if not question or not decision:
        raise FloorDecisionError(_("Both the question and the decision are required."))
    seat_list = parse_seats(seats)
    if adjudication is not None and adjudication.event_id != event.pk:
        raise FloorDecisionError(_("The saved adjudication belongs to another event."))
    if not rule_cited and entry is not None and entry.tda_rule:
        rule_cited = entry.tda_rule
    with transaction.atomic():
        locked = event_lock(event)
        record = FloorDecision.objects.create(
            event=locked,
            table_number=table_number,
            seats=", ".join(str(s) for s in seat_list),
            question=question,
            decision=decision,
            rule_cited=rule_cited.strip(),
            entry=entry,
            adjudication=adjudication,
            decided_by=actor,
            decided_at=decided_at or timezone.now(),
            search_text=normalise(" ".join([question, decision, rule_cited, entry.slug if entry else ""])),
        )
        audit_record(
            actor=actor,
            action="floor_decision.record",
            event=locked,
            objects=[record],
            after={
                "table": table_number, "seats": record.seats, "question": question, "decision": decision,
                "rule": record.rule_cited, "entry": entry.slug if entry else None,
                "adjudication": adjudication.pk if adjudication is not None else None,
            },
            summary=(gettext_lazy("Floor decision at table %(table)s: %(question)s"),
                     {"table": table_number or "-", "question": question[:120]}),
        )
    return record


def floor_decisions_for_event(*, event: Any, query: str = "") -> QuerySet[FloorDecision]:
    """An event's floor decisions, newest first, filtered by words in question, decision, rule or table."""
    decisions = FloorDecision.objects.filter(event=event).select_related("decided_by", "entry", "adjudication")
    for word in normalise(query).split():
        condition = Q(search_text__contains=word)
        if word.isdigit():
            condition |= Q(table_number=int(word))
        decisions = decisions.filter(condition)
    return decisions
