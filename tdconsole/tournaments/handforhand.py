"""Hand-for-hand: every table plays one hand at a time, and busts of the same hand tie.

The event counts the hands (`hand_for_hand_round`); an elimination recorded during a hand
carries its number, which is how busts at different tables are known to share a place
(see `eliminations.py`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record

from .exceptions import TournamentError
from .locks import event_lock
from .models import Event


def hand_for_hand_set(*, event: Event, on: bool, actor: Any) -> Event:
    """Turn hand-for-hand on (starting its first hand) or off."""
    with transaction.atomic():
        event = event_lock(event)
        if event.hand_for_hand == on:
            return event
        if on and event.status != Event.Status.RUNNING:
            raise TournamentError(_("Hand-for-hand is played only while the event runs."))
        event.hand_for_hand = on
        if on:
            event.hand_for_hand_round += 1
        event.save(update_fields=["hand_for_hand", "hand_for_hand_round"])
        audit_record(actor=actor, action="event.hand_for_hand", event=event, objects=[event],
                     before={"hand_for_hand": not on}, after={"hand_for_hand": on, "round": event.hand_for_hand_round},
                     summary=gettext_lazy("Hand-for-hand on") if on else gettext_lazy("Hand-for-hand off"))
    return event


def hand_for_hand_next(*, event: Event, actor: Any) -> Event:
    """Start the next hand-for-hand hand (every table has finished the current one)."""
    with transaction.atomic():
        event = event_lock(event)
        if not event.hand_for_hand:
            raise TournamentError(_("Hand-for-hand is off."))
        event.hand_for_hand_round += 1
        event.save(update_fields=["hand_for_hand_round"])
        audit_record(actor=actor, action="event.hand_for_hand_next", event=event, objects=[event],
                     before={"round": event.hand_for_hand_round - 1}, after={"round": event.hand_for_hand_round},
                     summary=(gettext_lazy("Hand-for-hand: hand %(round)d"), {"round": event.hand_for_hand_round}))
    return event
