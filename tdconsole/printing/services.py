"""Asking for a printed document: one pending build per document, sent after commit.

Sending the build to the broker is kept apart from asking for it: when Redis is down the
document is kept, marked as not sent, and sent again (by asking again, by the print desk's
status poll, or by `manage.py printing_resend`) once the broker is back.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from kombu.exceptions import OperationalError
from redis.exceptions import RedisError

from tdconsole.audit.services import audit_record
from tdconsole.live.links import site_base
from tdconsole.tournaments.models import Event

from .documents import move_slips_variant
from .exceptions import PrintingError
from .models import Document
from .registry import extra_kind

log = logging.getLogger(__name__)

LANGS = ("pt-br", "en")
# A failed send is tried again after this long (the desk polls every second).
RETRY_UNSENT = timedelta(seconds=5)
# A document sent but still queued this long later lost its message (a broker restarted
# without persistence) or has no worker: it is sent again; a second message is harmless.
RESEND_AFTER = timedelta(seconds=60)
# A build claimed this long ago and not finished belongs to a worker that died.
STALE_BUILD = timedelta(minutes=5)
# What publishing raises when Redis cannot be reached (kombu wraps most of them).
BROKER_ERRORS = (OperationalError, RedisError, OSError)
VARIANTS = {Document.Kind.SEATS: ("a4", "receipt")}


def document_request(*, event: Event, kind: str, lang: str, actor: Any, variant: str = "",
                     base_url: str = "") -> tuple[Document, bool]:
    """Queue a document, or return the one already queued or building for the same request.

    Returns (document, created). The build task is sent once the transaction commits,
    with the document's id; the partial unique constraint settles a race between two
    desks asking at the same moment. `base_url`: the address the desk asked on, kept with the document
    for its QR codes when TDCONSOLE_PUBLIC_URL is not set (too long an address is not kept).
    """
    base_url = base_url if len(base_url) <= Document._meta.get_field("base_url").max_length else ""
    with site_base(base_url):
        return _document_request(event=event, kind=kind, lang=lang, actor=actor, variant=variant,
                                 base_url=base_url)


def _document_request(*, event: Event, kind: str, lang: str, actor: Any, variant: str,
                      base_url: str) -> tuple[Document, bool]:
    extra = extra_kind(kind)
    if kind not in Document.Kind.values and extra is None:
        raise PrintingError(_("Unknown document."))
    if lang not in LANGS:
        raise PrintingError(_("Unknown language."))
    if extra is not None:
        try:
            variant = extra.variant(event, variant) if extra.variant else ""
        except ValueError as exc:
            raise PrintingError(str(exc)) from exc
    elif kind == Document.Kind.MOVES:
        # Move slips name the table break they print ("receipt-<break id>"; the latest without one).
        variant = move_slips_variant(event=event, variant=variant)
    allowed = (variant,) if kind == Document.Kind.MOVES or extra is not None else VARIANTS.get(kind, ("",))
    variant = variant or allowed[0]
    if variant not in allowed:
        raise PrintingError(_("Unknown format for this document."))
    key = {"event": event, "kind": kind, "lang": lang, "variant": variant}
    with transaction.atomic():
        pending = Document.objects.filter(**key, status__in=Document.PENDING).first()
        if pending is not None:
            return _asked_again(pending), False
        try:
            with transaction.atomic():
                document = Document.objects.create(
                    **key, base_url=base_url, requested_by=actor if getattr(actor, "pk", None) else None
                )
        except IntegrityError:
            return _asked_again(Document.objects.get(**key, status__in=Document.PENDING)), False
        audit_record(actor=actor, action="printing.request", event=event, objects=[document],
                     after={"kind": kind, "lang": lang, "variant": variant},
                     summary=(gettext_lazy("Document requested: %(kind)s (%(lang)s)"),
                              {"kind": extra.label if extra else Document.Kind(kind).label, "lang": lang}))
        document_id = document.pk
        transaction.on_commit(lambda: document_send(document_id=document_id))
    return document, True


def _asked_again(document: Document) -> Document:
    """Asking again for a document the print service never got (or lost) sends it again."""
    if document.send_failed_at is not None or _send_due(timezone.now()).filter(pk=document.pk).exists():
        document_id = document.pk
        transaction.on_commit(lambda: document_send(document_id=document_id))
    return document


def _send_due(now: datetime) -> Any:
    """Pending documents whose build message should be (re)sent at `now`."""
    unsent_before = now - RETRY_UNSENT
    queued = (
        Q(send_failed_at__lt=unsent_before)  # the broker was down at the last try
        | Q(send_failed_at__isnull=True, sent_at__isnull=True, created_at__lt=unsent_before)  # never tried
        | Q(send_failed_at__isnull=True, sent_at__lt=now - RESEND_AFTER)  # sent, never picked up
    )
    building = Q(started_at__lt=now - STALE_BUILD)  # its worker died
    return Document.objects.filter(
        (Q(status=Document.Status.QUEUED) & queued) | (Q(status=Document.Status.BUILDING) & building)
    )


def document_send(*, document_id: int) -> bool:
    """Hand a pending document's build to the broker; record whether the broker took it.

    Never raises for an unreachable broker: the document stays queued with `send_failed_at`
    set, the desk says so, and a later send (asking again, the status poll, the
    `printing_resend` command) delivers it. The build task claims the document
    conditionally, so a message sent twice builds it once.
    """
    from .tasks import document_build

    try:
        # Bounded by the publish retry policy and socket timeouts in tdconsole/celery.py.
        document_build.apply_async((document_id,))
    except BROKER_ERRORS as exc:
        log.warning("document %s not sent, the broker is unreachable: %s", document_id, exc)
        Document.objects.filter(pk=document_id).update(
            send_failed_at=timezone.now(), send_attempts=F("send_attempts") + 1
        )
        return False
    Document.objects.filter(pk=document_id).update(
        sent_at=timezone.now(), send_failed_at=None, send_attempts=F("send_attempts") + 1
    )
    return True


def documents_resend(*, ids: Iterable[int] | None = None, now: datetime | None = None) -> tuple[int, int]:
    """Send again every pending document that is due (or only those of `ids`); (sent, failed)."""
    due = _send_due(now or timezone.now())
    if ids is not None:
        due = due.filter(pk__in=list(ids))
    sent = failed = 0
    for document_id in due.values_list("pk", flat=True):
        if document_send(document_id=document_id):
            sent += 1
        else:
            failed += 1
    return sent, failed
