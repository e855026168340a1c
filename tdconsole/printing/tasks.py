"""Building printed documents in the background (in-process when Celery runs eager)."""

from __future__ import annotations

import io
import logging
import os

from celery import shared_task
from django.core.files.base import ContentFile
from django.utils import timezone

from .documents import build
from .models import Document

log = logging.getLogger(__name__)


@shared_task(bind=True)
def document_build(self, document_id: int) -> str:
    """Claim a queued document, build it, store the file; idempotent on redelivery."""
    who = "in-process (eager)" if self.request.is_eager else f"worker {self.request.hostname or '?'}"
    built_by = f"{who} pid {os.getpid()}"
    claimed = Document.objects.filter(pk=document_id, status=Document.Status.QUEUED).update(
        status=Document.Status.BUILDING, started_at=timezone.now(), built_by=built_by, progress=0
    )
    if not claimed:
        # Another worker has it, or it was built already: building twice would waste the desk's time.
        return "skipped"
    document = Document.objects.select_related("event__festival").get(pk=document_id)
    last = [0]

    def progress(fraction: float) -> None:
        percent = min(99, int(fraction * 100))
        if percent >= last[0] + 5:
            last[0] = percent
            Document.objects.filter(pk=document_id).update(progress=percent)

    buffer = io.BytesIO()
    try:
        build(document.kind, document.event, buffer, document.lang, progress, variant=document.variant)
        document.file.save(document.filename, ContentFile(buffer.getvalue()), save=False)
    except Exception as exc:  # noqa: BLE001 - any failure must reach the desk, not vanish
        log.exception("document %s failed", document_id)
        Document.objects.filter(pk=document_id).update(
            status=Document.Status.FAILED, error=str(exc)[:300], finished_at=timezone.now()
        )
        return "failed"
    Document.objects.filter(pk=document_id).update(
        status=Document.Status.READY, progress=100, file=document.file.name, finished_at=timezone.now()
    )
    return "ready"
