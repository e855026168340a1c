"""Day 2 of an event played in flights: the merge of the flights' survivors and the Day 2 seat draw.

The merge takes every player still in after the flights into the main event: one Day 2 entry per
player, whose stack is the player's bag, or under "best stack" the biggest of the player's bags (the
others forfeited, kept on record in `Advance.bags`), or under "cumulative" their sum. It waits until
the field is known (every flight's registration closed) and every bag is counted; it runs once (the
main event's row is locked, and a second press is refused with the count already merged). The main
event's clock is set, paused, at the level after the one where the flights stopped. The Day 2 draw then
seats the Day 2 entries at random on the main event's tables, recorded as any draw.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tdconsole.audit.services import audit_record
from tdconsole.clock.models import ClockState
from tdconsole.clock.selectors import clock_structure
from tdconsole.seating.models import SeatDraw
from tdconsole.seating.services import seats_draw_initial
from tdconsole.tournaments.flights import advancing_stack
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import ChipCount, Elimination, Entry, Event, Level, Table

from .exceptions import Day2Error
from .models import Advance

MISSING_SHOWN = 5


def _actor_id(actor: Any) -> int | None:
    return getattr(actor, "pk", None)


def _main_checked(event: Event) -> Event:
    main = event_lock(event)
    if main.parent_id is not None:
        raise Day2Error(_("%(name)s is a flight: Day 2 is drawn from its main event.") % {"name": main.name})
    if not main.has_flights:
        raise Day2Error(_("%(name)s is not played in flights: there is nothing to merge.") % {"name": main.name})
    return main


def day2_resume_position(*, event: Event, levels: list[Level] | None = None) -> int | None:
    """The step Day 2 starts at: the first blind level after the level every flight stopped after; without
    a stopping level, the furthest level any flight's clock reached. None when the structure has no
    such step (the flights stopped after its last level)."""
    levels = clock_structure(event=event) if levels is None else levels
    if event.stop_level:
        for level in levels:
            if not level.is_break and level.number == event.stop_level + 1:
                return level.position
        return None
    reached = (ClockState.objects.filter(event__parent=event, level_position__isnull=False)
               .order_by("-level_position").values_list("level_position", flat=True).first())
    if reached is None:
        return levels[0].position if levels else None
    for level in levels:
        if level.position >= reached and not level.is_break:
            return level.position
    return None


def day2_merge(*, event: Event, actor: Any) -> list[Advance]:
    """Take every player still in after the flights into Day 2 (see the module's doc)."""
    with transaction.atomic():
        main = _main_checked(event)
        done = Advance.objects.filter(event=main).count()
        if done:
            raise Day2Error(ngettext("The flights are already merged: %(count)s player is in Day 2.",
                                     "The flights are already merged: %(count)s players are in Day 2.", done)
                            % {"count": done})
        if main.registration_closed_at is None:
            still_open = list(Event.objects.filter(parent=main, registration_closed_at__isnull=True)
                              .order_by("date", "pk").values_list("name", flat=True))
            raise Day2Error(_("The field is not known yet: close registration in %(flights)s first.")
                            % {"flights": ", ".join(still_open)})
        entries = list(Entry.objects.select_for_update(of=("self",))
                       .filter(event__parent=main, status=Entry.Status.ALIVE)
                       .select_related("event", "player", "table")
                       .order_by("event__date", "event_id", "number"))
        if not entries:
            raise Day2Error(_("No player is still in after the flights."))
        counted = set(ChipCount.objects.filter(entry_id__in=[e.pk for e in entries])
                      .values_list("entry_id", flat=True).distinct())
        missing = [e for e in entries if e.pk not in counted or not e.chips]
        if missing:
            who = ", ".join(f"#{e.number} {e.player.name} ({e.event.name})" for e in missing[:MISSING_SHOWN])
            if len(missing) > MISSING_SHOWN:
                who += " …"
            raise Day2Error(ngettext("%(count)s player still in has no bag count: %(who)s. Enter the count first.",
                                     "%(count)s players still in have no bag count: %(who)s. Enter the counts "
                                     "first.", len(missing)) % {"count": len(missing), "who": who})
        by_player: dict[int, list[Entry]] = {}
        for entry in entries:
            by_player.setdefault(entry.player_id, []).append(entry)
        plans = []
        for player_id, mine in by_player.items():
            plan = advancing_stack(player_id=player_id, bags=[e.chips or 0 for e in mine], rule=main.advance_rule)
            # The bag that counts under best stack: the biggest, the earliest flight's on a tie.
            keep = (None if main.advance_rule == Event.AdvanceRule.CUMULATIVE
                    else next(e.pk for e in mine if (e.chips or 0) == plan.stack))
            bags = [{"entry": e.pk, "number": e.number, "flight": e.event.name, "flight_id": e.event_id,
                     "chips": e.chips, "kept": keep is None or e.pk == keep,
                     "table": e.table.number if e.table_id else None, "seat": e.seat} for e in mine]
            plans.append((plan.stack, mine[0].player.name.casefold(), player_id, bags))
        plans.sort(key=lambda p: (-p[0], p[1], p[2]))
        # The chip leader is Day 2 entry #1.
        new_entries = Entry.objects.bulk_create([
            Entry(event=main, player_id=player_id, number=number, attempt=1, chips=stack, carried=True)
            for number, (stack, _name, player_id, _bags) in enumerate(plans, start=1)
        ])
        if any(e.pk is None for e in new_entries):  # a database that returns no keys from a bulk insert
            new_entries = list(Entry.objects.filter(event=main).order_by("number"))
        ChipCount.objects.bulk_create([ChipCount(entry=e, chips=e.chips, actor_id=_actor_id(actor))
                                       for e in new_entries])
        advances = Advance.objects.bulk_create([
            Advance(event=main, player_id=player_id, entry=entry, stack=stack, bags=bags, actor_id=_actor_id(actor))
            for entry, (stack, _name, player_id, bags) in zip(new_entries, plans, strict=True)
        ])
        # Their flights are done with them: bagged (no longer in play there), their seats free, so the
        # flights' tables can go back to the venue for Day 2.
        Entry.objects.filter(pk__in=[e.pk for e in entries]).update(status=Entry.Status.BAGGED, table=None,
                                                                     seat=None)
        position = day2_resume_position(event=main)
        if position is not None:
            now = timezone.now()
            ClockState.objects.update_or_create(event=main, defaults={
                "level_position": position, "level_started_at": now, "paused_at": now, "banked": timedelta(0),
            })
        forfeited = sum(1 for *_, bags in plans for bag in bags if not bag["kept"])
        audit_record(
            actor=actor, action="day2.merge", event=main, objects=[main],
            after={"players": len(plans), "chips": sum(p[0] for p in plans), "forfeited_bags": forfeited,
                   "clock_position": position},
            summary=(gettext_lazy("Flights merged into Day 2: %(count)s players, %(forfeited)s bags forfeited"),
                     {"count": len(plans), "forfeited": forfeited}),
        )
    return advances


def day2_merge_undo(*, event: Event, actor: Any) -> int:
    """Undo a merge made by mistake, while Day 2 has not begun (no bust, no seat drawn, clock not running):
    the Day 2 entries go, the flight entries get their seats back where those are still free."""
    with transaction.atomic():
        main = _main_checked(event)
        advances = list(Advance.objects.filter(event=main).select_related("entry"))
        if not advances:
            raise Day2Error(_("The flights are not merged: there is nothing to undo."))
        if Elimination.objects.filter(event=main).exists():
            raise Day2Error(_("Day 2 has busts recorded: undo them before undoing the merge."))
        if Entry.objects.filter(event=main, table__isnull=False).exists():
            raise Day2Error(_("Day 2 seats are drawn: the merge can no longer be undone. Move players instead."))
        state = ClockState.objects.filter(event=main).first()
        if state is not None and state.level_started_at is not None and state.paused_at is None:
            raise Day2Error(_("Day 2's clock is running: pause it before undoing the merge."))
        bags = [bag for a in advances for bag in a.bags]
        flight_entries = {e.pk: e for e in Entry.objects.select_for_update(of=("self",))
                          .filter(pk__in=[b["entry"] for b in bags]).select_related("event")}
        Entry.objects.filter(pk__in=list(flight_entries)).update(status=Entry.Status.ALIVE)
        taken = set(Entry.objects.filter(table__isnull=False, table__event__parent=main)
                    .values_list("table_id", "seat"))
        tables = {(t.event_id, t.number): t for t in Table.objects.filter(event__parent=main)}
        restored = []
        for bag in bags:
            entry = flight_entries.get(bag["entry"])
            table = tables.get((bag["flight_id"], bag["table"]))
            if entry is None or table is None or (table.pk, bag["seat"]) in taken:
                continue
            entry.table, entry.seat = table, bag["seat"]
            taken.add((table.pk, bag["seat"]))
            restored.append(entry)
        Entry.objects.bulk_update(restored, ["table", "seat"])
        count = len(advances)
        try:
            Entry.objects.filter(pk__in=[a.entry_id for a in advances]).delete()
        except ProtectedError:
            raise Day2Error(_("A Day 2 entry has a deal or a bounty recorded: undo that first."))
        ClockState.objects.filter(event=main).update(level_position=None, level_started_at=None, paused_at=None)
        audit_record(
            actor=actor, action="day2.merge_undo", event=main, objects=[main],
            before={"players": count}, after={"seats_restored": len(restored)},
            summary=(gettext_lazy("Day 2 merge undone: %(count)s players back in their flights"), {"count": count}),
        )
    return count


def day2_draw(*, event: Event, actor: Any) -> SeatDraw:
    """Draw the Day 2 seats at random on the main event's tables (recorded as any seat draw)."""
    with transaction.atomic():
        main = _main_checked(event)
        if not Advance.objects.filter(event=main).exists():
            raise Day2Error(_("Merge the flights first: Day 2 has no players yet."))
        return seats_draw_initial(event=main, actor=actor)
