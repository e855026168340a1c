"""Writes of the leagues: create and edit a league, each in one transaction, audited.

The formula is checked (`formula.check`: every place of every field in its range) before anything
is written, so a formula that cannot be evaluated is refused with its reason and the league, its
events and its standings stay as they were.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.tournaments.models import Event

from .exceptions import LeagueError
from .formula import FormulaError, check
from .models import League, LeagueEvent


def _checked(*, formula: str, participation_points: Decimal, best_events: int | None) -> str:
    try:
        text = check(formula).text
    except FormulaError as error:
        raise LeagueError(_("The formula cannot be used: %(reason)s.") % {"reason": error}, field="formula") from None
    if participation_points < 0:
        raise LeagueError(_("Participation points cannot be negative."), field="participation_points")
    if best_events is not None and best_events < 1:
        raise LeagueError(_("Count at least one event per player, or leave it empty to count them all."),
                          field="best_events")
    return text


def _describe(league: League, event_ids: Iterable[int]) -> dict[str, Any]:
    return {"name": league.name, "slug": league.slug, "formula": league.formula,
            "participation_points": str(league.participation_points), "best_events": league.best_events,
            "events": sorted(event_ids)}


def _events(event_ids: Iterable[int]) -> list[int]:
    ids = sorted(set(event_ids))
    found = set(Event.objects.filter(pk__in=ids).values_list("pk", flat=True))
    if len(found) != len(ids):
        raise LeagueError(_("One of the events chosen no longer exists."))
    return ids


def league_create(*, name: str, slug: str, formula: str, actor: Any, participation_points: Decimal = Decimal("0"),
                  best_events: int | None = None, event_ids: Iterable[int] = ()) -> League:
    """A new league counting `event_ids`, once its formula scores every place."""
    text = _checked(formula=formula, participation_points=participation_points, best_events=best_events)
    with transaction.atomic():
        ids = _events(event_ids)
        if League.objects.filter(slug=slug).exists():
            raise LeagueError(_("Another league already has the address %(slug)s.") % {"slug": slug}, field="slug")
        try:
            with transaction.atomic():
                league = League.objects.create(name=name.strip(), slug=slug, formula=text,
                                               participation_points=participation_points, best_events=best_events)
        except IntegrityError:
            raise LeagueError(_("Another league already has the address %(slug)s.") % {"slug": slug},
                              field="slug") from None
        LeagueEvent.objects.bulk_create([LeagueEvent(league=league, event_id=i) for i in ids])
        audit_record(actor=actor, action="league.create", objects=[league], after=_describe(league, ids),
                     summary=(gettext_lazy("League %(name)s created"), {"name": league.name}))
    return league


def league_update(*, league: League, name: str, formula: str, actor: Any, participation_points: Decimal,
                  best_events: int | None, event_ids: Iterable[int]) -> League:
    """Change a league's settings and events; refused as a whole when the formula cannot be evaluated."""
    text = _checked(formula=formula, participation_points=participation_points, best_events=best_events)
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league.pk)
        before_ids = list(LeagueEvent.objects.filter(league=league).values_list("event_id", flat=True))
        before = _describe(league, before_ids)
        ids = _events(event_ids)
        league.name, league.formula = name.strip(), text
        league.participation_points, league.best_events = participation_points, best_events
        league.save(update_fields=["name", "formula", "participation_points", "best_events"])
        LeagueEvent.objects.filter(league=league).exclude(event_id__in=ids).delete()
        LeagueEvent.objects.bulk_create([LeagueEvent(league=league, event_id=i) for i in ids if i not in before_ids])
        audit_record(actor=actor, action="league.update", objects=[league], before=before,
                     after=_describe(league, ids),
                     summary=(gettext_lazy("League %(name)s changed"), {"name": league.name}))
    return league


def league_event_add(*, league: League, event_id: int, actor: Any) -> League:
    """Count one more event (of any festival) in the league; adding one it counts already changes nothing."""
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league.pk)
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise LeagueError(_("One of the events chosen no longer exists."))
        if LeagueEvent.objects.filter(league=league, event=event).exists():
            return league
        LeagueEvent.objects.create(league=league, event=event)
        audit_record(actor=actor, action="league.event_add", objects=[league, event],
                     after={"league": league.slug, "event": event.slug},
                     summary=(gettext_lazy("Event %(event)s added to league %(name)s"),
                              {"event": event.name, "name": league.name}))
    return league


def league_event_remove(*, league: League, event_id: int, actor: Any) -> League:
    """Stop counting an event in the league (its results stay with the event)."""
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league.pk)
        link = LeagueEvent.objects.select_related("event").filter(league=league, event_id=event_id).first()
        if link is None:
            raise LeagueError(_("The league does not count this event (removed already?)."))
        event = link.event
        link.delete()
        audit_record(actor=actor, action="league.event_remove", objects=[league, event],
                     before={"league": league.slug, "event": event.slug},
                     summary=(gettext_lazy("Event %(event)s removed from league %(name)s"),
                              {"event": event.name, "name": league.name}))
    return league
