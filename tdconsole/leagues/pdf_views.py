"""The standings PDF, by the league's public link (`?k=`) or for staff: built once per table, then served."""

from __future__ import annotations

from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from tdconsole.printing.services import LANGS

from .exceptions import LeagueError
from .models import LeagueSheet
from .printouts import league_sheet_request
from .views import public_league_or_404


def _lang(request: HttpRequest) -> str:
    """`?lang=` when the sheets are printed in it, else the page's language."""
    asked = (request.GET.get("lang") or "").lower()
    if asked in LANGS:
        return asked
    current = (get_language() or "pt-br").lower()
    return current if current in LANGS else "pt-br"


@require_GET
def league_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The table as a PDF; while it is being built, a small page that reloads itself until it is there."""
    league = public_league_or_404(request, slug)
    try:
        sheet = league_sheet_request(league=league, lang=_lang(request))
    except LeagueError as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")
    sheet.refresh_from_db()  # built in-process already when Celery runs eager
    if sheet.status == LeagueSheet.Status.READY and sheet.file:
        return FileResponse(sheet.file.open("rb"), as_attachment=False, filename=sheet.filename,
                            content_type="application/pdf")
    status = 503 if sheet.status == LeagueSheet.Status.FAILED else 202
    return render(request, "leagues/pdf_wait.html", {"league": league, "sheet": sheet}, status=status)
