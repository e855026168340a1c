"""Asking for a printed document: one pending build per document, sent after commit."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tdconsole.audit.services import audit_record
from tdconsole.tournaments.models import Event

from .exceptions import PrintingError
from .models import Document

LANGS = ("pt-br", "en")
VARIANTS = {Document.Kind.SEATS: ("a4", "receipt")}


def document_request(*, event: Event, kind: str, lang: str, actor: Any, variant: str = "") -> tuple[Document, bool]:
    """Queue a document, or return the one already queued or building for the same request.

    Returns (document, created). The build task is sent once the transaction commits,
    with the document's id; the partial unique constraint settles a race between two
    desks asking at the same moment.
    """
    if kind not in Document.Kind.values:
        raise PrintingError(_("Unknown document."))
    if lang not in LANGS:
        raise PrintingError(_("Unknown language."))
    allowed = VARIANTS.get(kind, ("",))
    variant = variant or allowed[0]
    if variant not in allowed:
        raise PrintingError(_("Unknown format for this document."))
    key = {"event": event, "kind": kind, "lang": lang, "variant": variant}
    with transaction.atomic():
        pending = Document.objects.filter(**key, status__in=Document.PENDING).first()
        if pending is not None:
            return pending, False
        try:
            with transaction.atomic():
                document = Document.objects.create(
                    **key, requested_by=actor if getattr(actor, "pk", None) else None
                )
        except IntegrityError:
            return Document.objects.get(**key, status__in=Document.PENDING), False
        audit_record(actor=actor, action="printing.request", event=event, objects=[document],
                     after={"kind": kind, "lang": lang, "variant": variant},
                     summary=f"Document requested: {kind} ({lang})")
        from .tasks import document_build

        document_id = document.pk
        transaction.on_commit(lambda: document_build.delay(document_id))
    return document, True
