"""Building the standings PDF in the background (in-process when Celery runs eager)."""

from __future__ import annotations

import io
import logging
import os

from celery import shared_task
from django.core.files.base import ContentFile
from django.utils import timezone

from .models import LeagueSheet
from .printouts import claimable, sheets_superseded
from .sheet import build_standings

log = logging.getLogger(__name__)


@shared_task(bind=True, acks_late=True, ignore_result=True)
def league_sheet_build(self, sheet_id: int) -> str:
    """Claim a queued sheet, build it, store the file; a second message for the same sheet is skipped."""
    who = "in-process (eager)" if self.request.is_eager else f"worker {self.request.hostname or '?'}"
    now = timezone.now()
    claimed = LeagueSheet.objects.filter(claimable(now), pk=sheet_id).update(
        status=LeagueSheet.Status.BUILDING, started_at=now, built_by=f"{who} pid {os.getpid()}")
    if not claimed:
        return "skipped"
    mine = LeagueSheet.objects.filter(pk=sheet_id, status=LeagueSheet.Status.BUILDING, started_at=now)
    sheet = LeagueSheet.objects.select_related("league").get(pk=sheet_id)
    buffer = io.BytesIO()
    try:
        build_standings(sheet.league, buffer, sheet.lang)
        sheet.file.save(sheet.filename, ContentFile(buffer.getvalue()), save=False)
    except Exception as exc:  # noqa: BLE001 - any failure must reach the reader, not vanish
        log.exception("league sheet %s failed", sheet_id)
        mine.update(status=LeagueSheet.Status.FAILED, error=str(exc)[:300], finished_at=timezone.now())
        return "failed"
    done = mine.update(status=LeagueSheet.Status.READY, file=sheet.file.name, finished_at=timezone.now())
    if done:
        sheets_superseded(sheet=sheet)
    return "ready" if done else "superseded"
