"""Late entries into Day 2: once the flights are merged, the main event may take entries of its own.

The director allows them on the Day 2 page with the stack a late entry starts with, and optionally the
last blind level they are taken at (`day2_settings_update`). Registration itself stays the desk's usual
path (`tournaments.registration.entry_register`, seated at once by `seating.registration` once Day 2 is
drawn or imported, the buy-in paid at the cash desk): the main event refuses an entry of its own unless
the policy registered here with `tournaments.flights` (`Day2Config.ready`) accepts it and gives its stack.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tdconsole.audit.services import audit_record
from tdconsole.tournaments.events import blind_level_count
from tdconsole.tournaments.exceptions import EventSettingsError, RegistrationError
from tdconsole.tournaments.models import Entry, Event, Level, Player

from .models import Advance, Day2Settings, LateEntry
from .services import _main_checked

MAX_STACK = 10**9


def day2_settings_of(*, event: Event) -> Day2Settings:
    """The event's Day 2 settings (unsaved defaults when never set)."""
    return Day2Settings.objects.filter(event=event).first() or Day2Settings(event=event)


def day2_settings_update(*, event: Event, actor: Any, late_entries: bool, late_stack: int | None,
                         late_until_level: int | None) -> Day2Settings:
    """Allow or stop late entries into Day 2, with their starting stack and the last level they are taken."""
    with transaction.atomic():
        main = _main_checked(event)
        if main.status == Event.Status.FINISHED:
            raise EventSettingsError(_("A finished event cannot be changed."))
        if late_entries and late_stack is None:
            raise EventSettingsError(_("Give the starting stack of a late entry into Day 2."), field="late_stack")
        if late_stack is not None and not 1 <= late_stack <= MAX_STACK:
            raise EventSettingsError(_("The starting stack is a whole number of chips from 1 to %(max)s.")
                                     % {"max": MAX_STACK}, field="late_stack")
        if late_until_level is not None:
            levels = blind_level_count(structure=main.structure)
            if not 1 <= late_until_level <= levels:
                raise EventSettingsError(
                    ngettext("The structure has %(count)s blind level: give a level from 1 to %(count)s.",
                             "The structure has %(count)s blind levels: give a level from 1 to %(count)s.", levels)
                    % {"count": levels}, field="late_until_level")
        settings = Day2Settings.objects.select_for_update().filter(event=main).first() or Day2Settings(event=main)
        before = {"late_entries": settings.late_entries, "late_stack": settings.late_stack,
                  "late_until_level": settings.late_until_level}
        settings.late_entries, settings.late_stack, settings.late_until_level = (late_entries, late_stack,
                                                                                 late_until_level)
        settings.save()
        after = {"late_entries": late_entries, "late_stack": late_stack, "late_until_level": late_until_level}
        audit_record(actor=actor, action="day2.settings", event=main, objects=[main],
                     before={k: v for k, v in before.items() if after[k] != v},
                     after={k: v for k, v in after.items() if before[k] != v},
                     summary=(gettext_lazy("Late entries into Day 2 allowed, stack %(stack)s") if late_entries
                              else gettext_lazy("Late entries into Day 2 not allowed"), {"stack": late_stack}))
    return settings


def _last_level_position(event: Event, level: int) -> int | None:
    positions = list(Level.objects.filter(structure_id=event.structure_id, kind=Level.Kind.LEVEL)
                     .order_by("position").values_list("position", flat=True)[:level])
    return positions[-1] if positions else None


def day2_late_entry_check(*, event: Event, player: Player, level_position: int | None) -> int:
    """The starting stack of a late entry into Day 2 of `event` (a main event with flights, locked by the
    caller), or RegistrationError saying why the main event takes no entry of its own now."""
    if not Advance.objects.filter(event=event).exists():
        raise RegistrationError(_("%(event)s is played in its flights: register the player in one of them.")
                                % {"event": event.name})
    settings = Day2Settings.objects.filter(event=event).first()
    if settings is None or not settings.late_entries or settings.late_stack is None:
        raise RegistrationError(_("%(event)s takes no late entries into Day 2.") % {"event": event.name})
    if settings.late_until_level is not None and level_position is not None:
        last = _last_level_position(event, settings.late_until_level)
        if last is not None and level_position > last:
            raise RegistrationError(_("Late entries into Day 2 closed after level %(level)s.")
                                    % {"level": settings.late_until_level})
    limit = event.entry_limit_all_flights
    if limit is not None:
        used = Entry.objects.filter(Q(event__parent_id=event.pk) | Q(event_id=event.pk, carried=False),
                                    player=player).count()
        if used >= limit:
            raise RegistrationError(ngettext("%(name)s has used the %(limit)d entry allowed across all flights.",
                                             "%(name)s has used all %(limit)d entries allowed across all flights.",
                                             limit) % {"name": player.name, "limit": limit})
    # One more player in the field: every bust placed so far (the flights' and Day 2's) finishes a place lower.
    Entry.objects.filter(Q(event_id=event.pk) | Q(event__parent_id=event.pk), place__isnull=False,
                         status=Entry.Status.BUSTED).update(place=F("place") + 1)
    return settings.late_stack


def day2_late_entry_record(*, event: Event, entry: Entry, stack: int) -> None:
    """Keep the starting stack a late entry into Day 2 was given (registration's transaction)."""
    LateEntry.objects.create(entry=entry, stack=stack)
