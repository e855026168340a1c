"""Chip counts: the stacks the floor counts at a break or at the end of a day.

Each count is kept (`ChipCount`) and the last one is written on the entry, which is what
the pages show. A count is checked against every chip in play (`selectors.chips_in_play`),
the chips sold at the cash desk included: the caller reads those from the cashier app, above this one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import get_language, ngettext_lazy
from django.utils.translation import gettext as _

from tdconsole.audit.messages import Number
from tdconsole.audit.services import audit_record
from tdconsole.core.bounds import fits
from tdconsole.core.money import format_number

from .exceptions import TournamentError
from .locks import event_lock
from .models import ChipCount, Entry, Event
from .selectors import chips_in_play


def chip_counts_record(*, event: Event, counts: Mapping[int, int], actor: Any, addon_chips: int) -> list[Entry]:
    """Record chip counts (entry id -> chips) of entries in play; the last count is kept on the entry.

    A count larger than every chip in play (see `chips_in_play`; `addon_chips` are the chips sold at
    the cash desk beyond the buy-ins, read by the caller from the cashier app) is refused: nobody can
    hold more, and it would be a typing mistake the totals then carry.
    """
    if not counts:
        raise TournamentError(_("Type at least one chip count."))
    if any(not isinstance(c, int) or isinstance(c, bool) or c < 0 for c in counts.values()):
        raise TournamentError(_("Chip counts are whole, non-negative numbers."))
    if any(not fits(pk, Entry, "id") for pk in counts):
        raise TournamentError(_("Some of these entries are no longer in play; reload the page."))
    with transaction.atomic():
        event = event_lock(event)
        entries = list(Entry.objects.select_for_update(of=("self",)).select_related("player")
                       .filter(event=event, pk__in=list(counts), status=Entry.Status.ALIVE))
        if len(entries) != len(counts):
            raise TournamentError(_("Some of these entries are no longer in play; reload the page."))
        total_in_play = chips_in_play(event=event, addon_chips=addon_chips)
        too_many = [e for e in entries if counts[e.pk] > total_in_play]
        if too_many:
            lang = get_language() or "pt-br"
            raise TournamentError(
                _("Entry #%(number)d: %(chips)s chips is more than all the chips in play (%(total)s).")
                % {"number": too_many[0].number, "chips": format_number(counts[too_many[0].pk], lang),
                   "total": format_number(total_in_play, lang)})
        before = {str(e.number): e.chips for e in entries}
        for entry in entries:
            entry.chips = counts[entry.pk]
        Entry.objects.bulk_update(entries, ["chips"])
        ChipCount.objects.bulk_create(
            [ChipCount(entry=e, chips=e.chips, actor=actor if getattr(actor, "pk", None) else None) for e in entries]
        )
        total = sum(counts.values())
        audit_record(actor=actor, action="chips.count", event=event, objects=entries[:50], before=before,
                     after={str(e.number): e.chips for e in entries},
                     summary=(ngettext_lazy("Chip count of %(n)d entry (%(total)s chips)",
                                            "Chip counts of %(n)d entries (%(total)s chips)", "n"),
                              {"n": len(entries), "total": Number(total)}))
    return entries
