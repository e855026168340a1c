"""Results out of the building: the CSV for results databases and the text for a WhatsApp group."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from tdconsole.accounts.roles import ANY_STAFF, role_required
from tdconsole.tournaments.models import Event, Festival

from .exports import festival_results_csv, results_csv, results_whatsapp
from .views import _asked_lang


def _csv(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
@role_required(*ANY_STAFF)
def event_results_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's results as CSV in the results databases' column layout."""
    event = get_object_or_404(Event.objects.select_related("festival"), slug=slug)
    return _csv(results_csv(event=event), f"{event.slug}-results.csv")


@require_GET
@role_required(*ANY_STAFF)
def festival_results(request: HttpRequest, slug: str) -> HttpResponse:
    """Every event of the festival with results, in one CSV."""
    festival = get_object_or_404(Festival, slug=slug)
    return _csv(festival_results_csv(festival=festival), f"{festival.slug}-results.csv")


@require_GET
@role_required(*ANY_STAFF)
def event_results_text(request: HttpRequest, slug: str) -> HttpResponse:
    """The results as a WhatsApp message, in the language asked (`?lang=`), with a button that copies it."""
    event = get_object_or_404(Event.objects.select_related("festival"), slug=slug)
    lang = _asked_lang(request)
    return render(request, "printing/results_text.html", {
        "event": event, "lang": lang, "text": results_whatsapp(event=event, lang=lang),
    })
