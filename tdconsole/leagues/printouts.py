"""The standings PDF through the print queue: one build per table and language, kept and served again.

Asking for the sheet digests the table as it stands (`standings_json`, the language): a sheet of that
digest already built is served as it is; otherwise one row is queued (a unique constraint settles two
readers asking at once) and the build is handed to Celery after commit, the way the print desk sends its
documents (`printing.services`): an unreachable broker leaves the row queued and marked, and the next
ask sends it again. A result that changes (an undone bust, a merged player) changes the digest, so
the next ask builds the new table. Asking is a read of the public table, not a desk action: it is not
audited (the print desk audits the documents staff ask for by hand).
"""

from __future__ import annotations

import hashlib
import json
import logging
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tdconsole.printing.services import BROKER_ERRORS, LANGS, RESEND_AFTER, RETRY_UNSENT, STALE_BUILD

from .exceptions import LeagueError
from .models import League, LeagueSheet
from .selectors import standings_json

log = logging.getLogger(__name__)


def standings_fingerprint(*, league: League, lang: str) -> str:
    """The digest of the table as it stands, in one language."""
    text = json.dumps({"lang": lang, "table": standings_json(league=league)}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def league_sheet_request(*, league: League, lang: str) -> LeagueSheet:
    """The sheet of the table as it stands: the one built already, or the one queued now (sent after commit)."""
    if lang not in LANGS:
        raise LeagueError(_("Unknown language."))
    key = {"league": league, "lang": lang, "fingerprint": standings_fingerprint(league=league, lang=lang)}
    with transaction.atomic():
        sheet = LeagueSheet.objects.filter(**key).first()
        if sheet is None:
            try:
                with transaction.atomic():
                    sheet = LeagueSheet.objects.create(**key)
            except IntegrityError:
                sheet = LeagueSheet.objects.get(**key)
            else:
                sheet_id = sheet.pk
                transaction.on_commit(lambda: league_sheet_send(sheet_id=sheet_id))
                return sheet
        if sheet.status == LeagueSheet.Status.FAILED or _due(sheet):
            # A failed build, a send the broker refused, a message lost or a worker gone: go again.
            LeagueSheet.objects.filter(pk=sheet.pk).exclude(status=LeagueSheet.Status.READY).update(
                status=LeagueSheet.Status.QUEUED, error="")
            sheet_id = sheet.pk
            transaction.on_commit(lambda: league_sheet_send(sheet_id=sheet_id))
    return sheet


def _due(sheet: LeagueSheet) -> bool:
    now = timezone.now()
    if sheet.status == LeagueSheet.Status.QUEUED:
        if sheet.send_failed_at is not None:
            return sheet.send_failed_at < now - RETRY_UNSENT
        return sheet.sent_at is None or sheet.sent_at < now - RESEND_AFTER
    if sheet.status == LeagueSheet.Status.BUILDING:
        return sheet.started_at is not None and sheet.started_at < now - STALE_BUILD
    return False


def league_sheet_send(*, sheet_id: int) -> bool:
    """Hand the build to the broker; an unreachable broker leaves the sheet queued and marked (never raises)."""
    from .tasks import league_sheet_build

    try:
        league_sheet_build.apply_async((sheet_id,))
    except BROKER_ERRORS as exc:
        log.warning("league sheet %s not sent, the broker is unreachable: %s", sheet_id, exc)
        LeagueSheet.objects.filter(pk=sheet_id).update(send_failed_at=timezone.now())
        return False
    LeagueSheet.objects.filter(pk=sheet_id).update(sent_at=timezone.now(), send_failed_at=None)
    return True


def claimable(now: datetime) -> Q:
    """A queued sheet, or one whose build was claimed so long ago that its worker died."""
    return Q(status=LeagueSheet.Status.QUEUED) | Q(status=LeagueSheet.Status.BUILDING,
                                                   started_at__lt=now - STALE_BUILD)


def sheets_superseded(*, sheet: LeagueSheet) -> int:
    """Delete the league's older sheets in the same language (their tables are gone); how many went."""
    old = LeagueSheet.objects.filter(league_id=sheet.league_id, lang=sheet.lang,
                                     created_at__lt=sheet.created_at).exclude(pk=sheet.pk)
    count = 0
    for row in old.filter(status__in=[LeagueSheet.Status.READY, LeagueSheet.Status.FAILED]):
        if row.file:
            row.file.delete(save=False)
        row.delete()
        count += 1
    return count
