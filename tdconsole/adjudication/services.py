"""Writes of the adjudication app: saving a ruled hand to an event."""

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tdconsole.audit.services import audit_record
from tdconsole.rules import Hand, PHHError, parse_phh
from tdconsole.tournaments.models import Event

from .exceptions import AdjudicationError
from .models import SavedAdjudication


def adjudication_save(
    *, event: Event, phh: str, actor: Any, table_number: int | None = None, note: str = "", lang: str = "en"
) -> SavedAdjudication:
    """Replay the hand, store it with its ruling on the event, and audit the save."""
    try:
        ruling = Hand.replay(parse_phh(phh)).ruling(lang)
    except PHHError as exc:
        raise AdjudicationError(_("The hand history is not usable: %(detail)s") % {"detail": exc}) from exc
    with transaction.atomic():
        saved = SavedAdjudication.objects.create(
            event=event, table_number=table_number, note=note, phh=phh, ruling=ruling, created_by=actor
        )
        audit_record(
            actor=actor, action="adjudication.save", event=event, objects=[saved],
            after={"table": table_number, "note": note, "status": ruling["status"],
                   "finishing_stacks": ruling["finishing_stacks"]},
            summary=f"Saved a ruling for table {table_number}" if table_number else "Saved a ruling",
        )
    return saved
