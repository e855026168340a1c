"""The print desk: ask for a document, watch it build, download it."""

from __future__ import annotations

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseStopPolling, reswap

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, FLOOR, REGISTRATION, has_role, role_required
from tdconsole.tournaments.models import Event

from .exceptions import PrintingError
from .models import Document
from .services import LANGS, document_request

REQUESTERS = (DIRECTOR, FLOOR, REGISTRATION)


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("festival"), slug=slug)


def _current_lang() -> str:
    lang = (get_language() or "pt-br").lower()
    return lang if lang in LANGS else "pt-br"


@role_required(*ANY_STAFF)
def desk(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    documents = list(Document.objects.filter(event=event).select_related("requested_by")[:30])
    return render(request, "printing/desk.html", {
        "event": event,
        "documents": documents,
        "kinds": Document.Kind.choices,
        "lang": _current_lang(),
        "can_request": has_role(request.user, REQUESTERS),
    })


@require_POST
@role_required(*REQUESTERS)
def request_document(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    try:
        document, created = document_request(
            event=event, kind=request.POST.get("kind", ""), lang=request.POST.get("lang") or _current_lang(),
            variant=request.POST.get("variant", ""), actor=request.user,
        )
    except PrintingError as exc:
        if request.htmx:
            return render(request, "printing/desk.html#error", {"message": str(exc)}, status=400)
        messages.error(request, str(exc))
        return redirect("printing:desk", slug=event.slug)
    if request.htmx:
        document.refresh_from_db()
        response = render(request, "printing/desk.html#row", {"event": event, "doc": document})
        # Already on the desk (asked twice): leave the row that is there.
        return response if created else reswap(response, "none")
    return redirect("printing:desk", slug=event.slug)


@role_required(*ANY_STAFF)
def status(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One document's row; polled while it builds, and the polling stops once it is done."""
    event = _event(slug)
    document = get_object_or_404(Document, pk=pk, event=event)
    context = {"event": event, "doc": document}
    if document.is_pending:
        return render(request, "printing/desk.html#row", context)
    response = render(request, "printing/desk.html#row", context)
    return HttpResponseStopPolling(response.content, content_type=response["Content-Type"])


@role_required(*ANY_STAFF)
def download(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(slug)
    document = get_object_or_404(Document, pk=pk, event=event)
    if document.status != Document.Status.READY or not document.file:
        raise Http404("Document not ready")
    return FileResponse(document.file.open("rb"), as_attachment=True, filename=document.filename,
                        content_type="application/pdf")
