"""Counting the bags at the end of a day, one count at a time at keyboard speed.

Each count is saved on its own, in its own transaction: the event row is locked first (as every
count of the event takes it, two clerks typing at one table queue there for a moment), then the
entry and its bag count. The last write wins and is audited (through `tournaments.chipcounts`,
which also keeps the entry's last count and a `ChipCount`); the day's row per entry is unique, so a
second clerk's count corrects the first one in place instead of adding a row.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tdconsole.cashier.selectors import extra_chips
from tdconsole.core.bounds import field_max
from tdconsole.core.money import format_number
from tdconsole.day2.selectors import day2_chips_in_play
from tdconsole.tournaments.chipcounts import chip_counts_record
from tdconsole.tournaments.exceptions import TournamentError
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.selectors import chips_in_play

from . import counts
from .exceptions import CountRefused
from .models import BagCount, DayEnd
from .selectors import smallest_chip_in_play


def count_message(code: str) -> str:
    """The clerk's message for a count the reader refused (see `counts`)."""
    return {
        counts.INVALID: _("Not a number: type the chips as 12350, 12.350 or 12,35k."),
        counts.NEGATIVE: _("A count cannot be negative."),
        counts.AMBIGUOUS: _("Ambiguous: with k or m, write the decimals with fewer than three digits "
                            "(1,25k) or type the whole number (1.250 or 1.250.000)."),
        counts.FRACTION: _("Not a whole number of chips."),
        counts.TOO_LARGE: _("Too many chips for one count."),
    }.get(code, _("Not a number: type the chips as 12350, 12.350 or 12,35k."))


def _number(value: int) -> str:
    return format_number(value, get_language() or "pt-br")


def bag_count_record(*, event: Event, day: DayEnd, entry_id: int, typed: str, actor: Any) -> BagCount:
    """Save the count `typed` for the entry (`entry_id`) at the end of `day`; a second count corrects it.

    Refused, with nothing saved: what is not a count (see `counts`), a blank, a busted or unknown
    entry, a count that is not a multiple of the smallest chip in play, or more than all the chips
    in play.
    """
    try:
        chips = counts.parse_count(typed, maximum=field_max(BagCount, "chips"))
    except counts.CountError as exc:
        raise CountRefused(count_message(exc.code), entry_id=entry_id) from exc
    if chips is None:
        raise CountRefused(_("Type the count."), entry_id=entry_id)
    smallest = smallest_chip_in_play(event=event)
    if smallest and chips % smallest:
        raise CountRefused(_("%(chips)s is not a multiple of %(chip)s, the smallest chip in play.")
                           % {"chips": _number(chips), "chip": _number(smallest)}, entry_id=entry_id)
    with transaction.atomic():
        event = event_lock(event)
        entry = (Entry.objects.select_for_update(of=("self",)).select_related("player")
                 .filter(event=event, pk=entry_id).first())
        if entry is None:
            raise CountRefused(_("This entry is not in this event; reload the page."), entry_id=entry_id)
        if entry.status != Entry.Status.ALIVE:
            raise CountRefused(_("%(name)s (entry #%(number)d) is out of the tournament: a busted player has no "
                                 "bag to count.") % {"name": entry.player.name, "number": entry.number},
                               entry_id=entry_id)
        bag = BagCount.objects.select_for_update().filter(day=day, entry=entry).first()
        try:
            chip_counts_record(event=event, counts={entry.pk: chips}, actor=actor, addon_chips=extra_chips(event=event))
        except TournamentError as exc:
            raise CountRefused(str(exc), entry_id=entry_id) from exc
        user = actor if getattr(actor, "pk", None) else None
        if bag is None:
            bag = BagCount.objects.create(day=day, entry=entry, chips=chips, typed=typed.strip()[:60], actor=user)
        else:
            bag.chips, bag.typed, bag.actor, bag.version = chips, typed.strip()[:60], user, bag.version + 1
            bag.save(update_fields=["chips", "typed", "actor", "version", "recorded_at"])
    return bag


def day_chips_in_play(*, event: Event) -> int:
    """Every chip in play: a starting stack per entry, the rebuys and the add-ons (the flight's own). On a
    main event's Day 2 (and the days after): the stacks brought from the flights and the late entries'
    Day 2 stacks instead of a starting stack per entry, and what the desk sold since."""
    merged = day2_chips_in_play(event=event)
    if merged is not None:
        return merged
    return chips_in_play(event=event, addon_chips=extra_chips(event=event))
