"""The director's lines for the projected screen: add, show or hide, remove; each audited.

The screen rotates through the shown ones. Each write drops the screen's cached copy once it
commits, so every screen shows the change at its next poll.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext_lazy
from redis.exceptions import RedisError

from tdconsole.audit.services import audit_record
from tdconsole.core.bounds import fits
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Event

from .exceptions import ScreenMessageError
from .models import ScreenMessage
from .selectors import messages_key

# More lines than this and a line comes round only every few minutes: nobody reads it.
MAX_MESSAGES = 12


def _forget_cached(event_id: int) -> None:
    def drop() -> None:
        try:
            cache.delete(messages_key(event_id))
        except RedisError:
            pass  # the cached copy expires within CLOCK_CACHE_SECONDS anyway

    transaction.on_commit(drop)


def clean_text(text: str) -> str:
    """The line as stored: one line, surrounding and repeated whitespace removed; refused when empty or long."""
    # Control characters (a NUL, a pasted tab) would print as nothing or break the database: spaces.
    shown = "".join(" " if unicodedata.category(char) == "Cc" else char for char in (text or ""))
    tidy = " ".join(shown.split())
    if not tidy:
        raise ScreenMessageError(gettext_lazy("Write the message first."), code="empty")
    if len(tidy) > ScreenMessage.MAX_LENGTH:
        raise ScreenMessageError(gettext_lazy("A message has at most %(n)s characters.") % {
            "n": ScreenMessage.MAX_LENGTH}, code="too_long")
    return tidy


def screen_message_add(*, event: Event, actor: Any, text: str) -> ScreenMessage:
    """Add a line at the end of the rotation, shown at once."""
    tidy = clean_text(text)
    with transaction.atomic():
        event_lock(event)
        mine = ScreenMessage.objects.filter(event_id=event.pk)
        if mine.count() >= MAX_MESSAGES:
            raise ScreenMessageError(gettext_lazy("The screen already has %(n)s messages: remove one first.") % {
                "n": MAX_MESSAGES}, code="too_many")
        last = mine.aggregate(last=Max("position"))["last"]
        message = ScreenMessage.objects.create(event=event, text=tidy, position=(last or 0) + 1)
        audit_record(actor=actor, action="clock.message_add", event=event, objects=[message],
                     after=message.as_dict(),
                     summary=(gettext_lazy("Screen message added: “%(text)s”"), {"text": tidy}))
        _forget_cached(event.pk)
        return message


def _locked_message(event: Event, message_id: int) -> ScreenMessage:
    event_lock(event)
    if not fits(message_id, ScreenMessage, "id"):
        raise ScreenMessageError(gettext_lazy("This message was removed meanwhile."), code="gone")
    try:
        return ScreenMessage.objects.select_for_update().get(event_id=event.pk, pk=message_id)
    except ScreenMessage.DoesNotExist:
        raise ScreenMessageError(gettext_lazy("This message was removed meanwhile."), code="gone") from None


def screen_message_set_active(*, event: Event, actor: Any, message_id: int, active: bool) -> ScreenMessage:
    """Show a line on the screen again, or hide it without losing it."""
    with transaction.atomic():
        message = _locked_message(event, message_id)
        if message.active == active:
            return message  # already as asked (a second screen of the desk sent the same)
        before = message.as_dict()
        message.active = active
        message.save(update_fields=["active"])
        summary = (gettext_lazy("Screen message shown: “%(text)s”") if active
                   else gettext_lazy("Screen message hidden: “%(text)s”"), {"text": message.text})
        audit_record(actor=actor, action="clock.message_show" if active else "clock.message_hide", event=event,
                     objects=[message], before=before, after=message.as_dict(), summary=summary)
        _forget_cached(event.pk)
        return message


def screen_message_remove(*, event: Event, actor: Any, message_id: int) -> None:
    """Delete a line."""
    with transaction.atomic():
        message = _locked_message(event, message_id)
        before = message.as_dict()
        ref = {"model": "clock.screenmessage", "id": message.pk, "label": message.text[:120]}
        message.delete()
        audit_record(actor=actor, action="clock.message_remove", event=event, objects=[ref], before=before,
                     summary=(gettext_lazy("Screen message removed: “%(text)s”"), {"text": before["text"]}))
        _forget_cached(event.pk)
