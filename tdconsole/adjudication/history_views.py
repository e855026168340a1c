"""An event's dispute history: the list, one dispute, and its hand as a PHH file."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tdconsole.accounts.roles import ANY_STAFF, FLOOR, has_role, role_required
from tdconsole.tournaments.models import Event

from .history import dispute_filename, dispute_get, dispute_record, dispute_rows, lang_of
from .models import SavedAdjudication

# Who reads the history: whoever reads the event's floor decisions (rulings.views.decision_log).
READERS = ANY_STAFF
_SLUG = re.compile(r"[-a-zA-Z0-9_]{1,50}")


def _dispute(pk: int) -> SavedAdjudication:
    try:
        return dispute_get(pk=pk)
    except SavedAdjudication.DoesNotExist:
        raise Http404(_("No saved dispute has this number.")) from None


def reopen_url(dispute: SavedAdjudication) -> str:
    """The adjudicator with this hand loaded (it reads the PHH from the query string)."""
    return f"{reverse('adjudication:adjudicate')}?{urlencode({'phh': dispute.phh})}"


@role_required(*READERS)
def dispute_list(request: HttpRequest) -> HttpResponse:
    """Every saved dispute of an event, or of one of its tables, newest first."""
    slug = request.GET.get("event", "")
    if not _SLUG.fullmatch(slug):  # not a slug (a NUL byte, say) is no event, not a database error
        raise Http404(_("No event has this name."))
    event = get_object_or_404(Event.objects.select_related("festival"), slug=slug)
    table_text = request.GET.get("table", "").strip()
    table = None
    if table_text:
        if not (table_text.isascii() and table_text.isdigit()) or len(table_text) > 6:
            return render(request, "adjudication/history.html",
                          {"event": event, "rows": [], "table": table_text,
                           "error": _("The table must be a number.")}, status=400)
        table = int(table_text)
    rows = dispute_rows(event=event, table=table, lang=lang_of(get_language()))
    can_reopen = has_role(request.user, [FLOOR])
    for row in rows:
        row.reopen = reopen_url(row.dispute) if can_reopen else ""
    tables = sorted({n for n in SavedAdjudication.objects.filter(event=event).exclude(table_number=None)
                     .values_list("table_number", flat=True)})
    return render(request, "adjudication/history.html",
                  {"event": event, "rows": rows, "table": table, "tables": tables})


@role_required(*READERS)
def dispute_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One dispute: the hand, the ruling with its pots by name and rule citations, the floor decisions."""
    dispute = _dispute(pk)
    record = dispute_record(dispute=dispute, lang=lang_of(get_language()))
    return render(request, "adjudication/dispute.html", {
        "event": dispute.event, "record": record, "dispute": dispute,
        "reopen": reopen_url(dispute) if has_role(request.user, [FLOOR]) else "",
    })


@role_required(*READERS)
def dispute_phh(request: HttpRequest, pk: int) -> HttpResponse:
    """The hand as a PHH file, named after its event, table and time."""
    dispute = _dispute(pk)
    response = HttpResponse(dispute.phh, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{dispute_filename(dispute, "phh")}"'
    return response
