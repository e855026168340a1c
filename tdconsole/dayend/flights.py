"""What a starting flight takes from its main event besides the tournament's own settings.

`tournaments.flights` copies what it owns (buy-in, stack, structure, chip set...); the apps above it keep
more that every flight of one tournament must share, and this module copies it through their services,
each change with its usual audit record in the flight's trail:
- the cash desk's money rules (rebuys, add-on, staff add-on, bonus chips, bounties, staff share), so the
  desk of every flight sells the same things at the same prices;
- the prize settings (share of the field paid, rounding, minimum cash); the guarantee stays on the main
  event, whose pool is the one pool;
- the end of the day: the main event's `stop_level` / `stop_time` is the one stop setting, written as each
  flight's open day (`DayEnd`), now and for every flight made later.

Registered with `tournaments.flights.flight_hook_register` when the app loads (`DayendConfig.ready`).
The hooks run with the main event locked: they lock the rows they change (the day, the rules), never a
flight's event row that is already committed (its services lock the flight before the main event).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.cashier.exceptions import MoneyRulesInvalid
from tdconsole.cashier.models import MoneyRules
from tdconsole.cashier.rules import RULE_FIELDS, money_rules_set
from tdconsole.clock.stops import day_plan_forget
from tdconsole.payouts.models import PrizeSettings
from tdconsole.payouts.services import SETTINGS_FIELDS, prize_settings_update
from tdconsole.tournaments.events import blind_level_count
from tdconsole.tournaments.exceptions import TournamentError
from tdconsole.tournaments.models import Event

from .models import DayEnd

# A stop time before this hour is read as after midnight: a flight that starts on the 7th and stops at
# 02:00 stops in the night of the 7th to the 8th, not before it started.
NIGHT_ENDS = datetime.time(6, 0)


@dataclass(frozen=True)
class InheritedStop:
    """Where every flight of `main` stops: the end of blind level `last_level`, or `stop_at` if sooner."""

    main: Event
    last_level: int
    stop_at: datetime.datetime | None


def stop_at_of(*, flight: Event, at: datetime.time | None) -> datetime.datetime | None:
    """The main event's stop time on the flight's day, in the current time zone (see NIGHT_ENDS)."""
    if at is None:
        return None
    day = flight.date + datetime.timedelta(days=1) if at < NIGHT_ENDS else flight.date
    return timezone.make_aware(datetime.datetime.combine(day, at))


def inherited_stop(*, flight: Event, main: Event | None = None) -> InheritedStop | None:
    """The stop a flight takes from its main event, None when it is no flight or the main event sets none."""
    if flight.parent_id is None:
        return None
    main = main if main is not None else Event.objects.get(pk=flight.parent_id)
    if main.stop_level is None and main.stop_time is None:
        return None
    level = main.stop_level or blind_level_count(structure=flight.structure)
    return InheritedStop(main=main, last_level=level, stop_at=stop_at_of(flight=flight, at=main.stop_time))


def _flight_day_sync(*, main: Event, flight: Event, actor: Any) -> DayEnd | None:
    """Write the main event's stop as the flight's open day (made, named after the flight, if it has no day
    yet; left alone when its days were all played)."""
    stop = inherited_stop(flight=flight, main=main)
    if stop is None:
        return None
    day = DayEnd.objects.select_for_update().filter(event=flight, next_started_at__isnull=True).first()
    if day is None:
        if DayEnd.objects.filter(event=flight).exists():
            return None
        day = DayEnd(event=flight, name=flight.name[:60])
        before = None
    else:
        if (day.last_level, day.stop_at) == (stop.last_level, stop.stop_at):
            return day
        before = day.as_dict()
    day.last_level, day.stop_at = stop.last_level, stop.stop_at
    day.save()
    audit_record(actor=actor, action="dayend.set", event=flight, objects=[day], before=before, after=day.as_dict(),
                 summary=(gettext_lazy("End of day set by the main event: %(name)s stops at the end of level "
                                       "%(level)s"), {"name": day.name, "level": day.last_level}))
    transaction.on_commit(lambda: day_plan_forget(event_id=flight.pk))
    return day


def flights_stop_sync(*, main: Event, actor: Any) -> None:
    """The main event's stop changed: every flight's open day follows it (a cleared stop leaves each flight's
    day as it is, now the flight's own to change)."""
    for flight in Event.objects.filter(parent=main).select_related("structure").order_by("date", "pk"):
        _flight_day_sync(main=main, flight=flight, actor=actor)


def flight_shared_copy(*, main: Event, flight: Event, actor: Any) -> None:
    """A new flight gets the main event's money rules, prize settings and stop."""
    rules = MoneyRules.objects.filter(event=main).first()
    if rules is not None:
        try:
            money_rules_set(event=flight, actor=actor, values={n: getattr(rules, n) for n in RULE_FIELDS})
        except MoneyRulesInvalid as exc:
            raise TournamentError(_("The main event's money rules do not fit the flight: %(problems)s")
                                  % {"problems": " ".join(exc.messages)}) from exc
    prize = PrizeSettings.objects.filter(event=main).first()
    if prize is not None:
        prize_settings_update(event=flight, actor=actor, **{n: getattr(prize, n) for n in SETTINGS_FIELDS})
    _flight_day_sync(main=main, flight=flight, actor=actor)
