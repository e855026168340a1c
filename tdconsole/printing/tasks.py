"""Building printed documents in the background (in-process when Celery runs eager)."""

from __future__ import annotations

import io
import logging
import os

from celery import shared_task
from django.core.files.base import ContentFile
from django.db.models import Q
from django.utils import timezone

from tdconsole.live.links import site_base

from .documents import build
from .models import Document
from .services import STALE_BUILD

log = logging.getLogger(__name__)


# acks_late: a worker that dies mid-build leaves the message to be delivered again.
# ignore_result: the Document row is the result; a result store to subscribe to is what
# hung a request for 19 s when Redis was down.
@shared_task(bind=True, acks_late=True, ignore_result=True)
def document_build(self, document_id: int) -> str:
    """Claim a queued document, build it, store the file; idempotent on redelivery.

    The claim is a conditional update: a queued document, or one whose build was claimed
    more than STALE_BUILD ago by a worker that has since died. A second message for a
    document that is being built or is done is skipped.
    """
    who = "in-process (eager)" if self.request.is_eager else f"worker {self.request.hostname or '?'}"
    built_by = f"{who} pid {os.getpid()}"
    now = timezone.now()
    claimable = Q(status=Document.Status.QUEUED) | Q(status=Document.Status.BUILDING, started_at__lt=now - STALE_BUILD)
    claimed = Document.objects.filter(claimable, pk=document_id).update(
        status=Document.Status.BUILDING, started_at=now, built_by=built_by, progress=0
    )
    if not claimed:
        # Another worker has it, or it was built already: building twice would waste the desk's time.
        return "skipped"
    mine = Document.objects.filter(pk=document_id, status=Document.Status.BUILDING, started_at=now)
    document = Document.objects.select_related("event__festival").get(pk=document_id)
    last = [0]

    def progress(fraction: float) -> None:
        percent = min(99, int(fraction * 100))
        if percent >= last[0] + 5:
            last[0] = percent
            mine.update(progress=percent)

    buffer = io.BytesIO()
    try:
        with site_base(document.base_url):
            build(document.kind, document.event, buffer, document.lang, progress, variant=document.variant)
        document.file.save(document.filename, ContentFile(buffer.getvalue()), save=False)
    except Exception as exc:  # noqa: BLE001 - any failure must reach the desk, not vanish
        log.exception("document %s failed", document_id)
        mine.update(status=Document.Status.FAILED, error=str(exc)[:300], finished_at=timezone.now())
        return "failed"
    # Only the holder of the claim finishes it: a build taken over from a worker presumed dead
    # is not overwritten by that worker waking up late.
    done = mine.update(status=Document.Status.READY, progress=100, file=document.file.name,
                       finished_at=timezone.now())
    return "ready" if done else "superseded"
