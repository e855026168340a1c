"""Reading a hand history at the desk, and saving a ruled hand to an event."""

import re
from typing import Any

from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.core.bounds import field_max
from tdconsole.rules import Hand, HandSpec, PHHError, parse_phh
from tdconsole.tournaments.models import Entry, Event, Level

from .exceptions import AdjudicationError
from .models import SavedAdjudication

# The most chips the console counts: what an entry's chip count stores.
CHIPS_MAX = field_max(Entry, "chips")
_STRING = re.compile(r""""(?:[^"\\]|\\.)*"|'[^']*'""")
_BET = re.compile(r"\bcbr\s+([0-9]+)")
_NUMBER = re.compile(r"(?<![\w.])[0-9][0-9_]*")
_KEY = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*=")


def _too_many_chips(digits: str) -> bool:
    digits = digits.replace("_", "").lstrip("0")
    return len(digits) > len(str(CHIPS_MAX)) or (bool(digits) and int(digits) > CHIPS_MAX)


def phh_chips_check(text: str) -> None:
    """Refuse a hand history with a number beyond what the console counts, naming its line.

    Numbers are the TOML values (stacks, blinds, antes, bets) and the amounts of `cbr` actions;
    digits inside names and comments are text, not chips.
    """
    key = None
    for number, line in enumerate(text.splitlines(), start=1):
        match = _KEY.match(line)
        if match:
            key = match.group(1)
        bets = [bet.group(1) for quoted in _STRING.findall(line) for bet in _BET.finditer(quoted)]
        bare = _STRING.sub('""', line).split("#", 1)[0]
        for digits in bets + [found.group(0) for found in _NUMBER.finditer(bare)]:
            if _too_many_chips(digits):
                shown = digits if len(digits) <= 30 else f"{digits[:12]}…({len(digits)} digits)"
                error = PHHError(
                    _("Line %(line)s: %(number)s is more chips than the console can count (at most %(max)s).")
                    % {"line": number, "number": shown, "max": number_format(CHIPS_MAX, force_grouping=True)},
                    code="too_large",
                )
                error.line, error.field = number, key
                raise error


def phh_read(text: str) -> HandSpec:
    """Parse a hand history typed, pasted or sent back by the page; PHHError names the line and why."""
    phh_chips_check(text)
    return parse_phh(text)


def _table_origin_check(*, event: Event, table_entries: dict[str, int], level_position: int | None) -> None:
    """Refuse entries that do not play `event`, or a level its structure does not have."""
    ids = set(table_entries.values())
    if len(ids) != len(table_entries) or any(not str(seat).isdigit() for seat in table_entries):
        raise AdjudicationError(_("The players of the table could not be read; open the table again."))
    if ids and Entry.objects.filter(event=event, pk__in=ids).count() != len(ids):
        raise AdjudicationError(_("The players of this hand do not all play %(event)s: save it to the event "
                                  "the table was opened from.") % {"event": event.name})
    if level_position is not None and not Level.objects.filter(
        structure_id=event.structure_id, position=level_position, kind=Level.Kind.LEVEL
    ).exists():
        raise AdjudicationError(_("The structure of %(event)s has no blind level at position %(position)s.")
                                % {"event": event.name, "position": level_position})


def adjudication_save(
    *, event: Event, phh: str, actor: Any, table_number: int | None = None, note: str = "", lang: str = "en",
    table_entries: dict[str, int] | None = None, level_position: int | None = None,
) -> SavedAdjudication:
    """Replay the hand, store it with its ruling on the event, and audit the save.

    Opened from a table, the hand keeps who sat where (`table_entries`, seat -> entry id: entries of
    the event) and the blind level it was dealt at (`level_position`, a level of the event's structure).
    """
    try:
        ruling = Hand.replay(phh_read(phh)).ruling(lang)
    except PHHError as exc:
        raise AdjudicationError(_("The hand history is not usable: %(detail)s") % {"detail": exc.text(lang)}) from exc
    table_entries = {str(seat): entry for seat, entry in (table_entries or {}).items()}
    _table_origin_check(event=event, table_entries=table_entries, level_position=level_position)
    with transaction.atomic():
        saved = SavedAdjudication.objects.create(
            event=event, table_number=table_number, note=note, phh=phh, ruling=ruling, created_by=actor,
            table_entries=table_entries, level_position=level_position,
        )
        audit_record(
            actor=actor, action="adjudication.save", event=event, objects=[saved],
            after={"table": table_number, "note": note, "status": ruling["status"],
                   "finishing_stacks": ruling["finishing_stacks"], "entries": table_entries,
                   "level": level_position},
            summary=((gettext_lazy("Saved a ruling for table %(table)s"), {"table": table_number}) if table_number
                     else gettext_lazy("Saved a ruling")),
        )
    return saved
