"""The print desk: ask for a document, watch it build, download it."""

from __future__ import annotations

import io

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseStopPolling, reswap

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, FLOOR, REGISTRATION, has_role, role_required
from tdconsole.adjudication.history import dispute_filename, dispute_get
from tdconsole.adjudication.history_views import READERS as DISPUTE_READERS
from tdconsole.adjudication.models import SavedAdjudication
from tdconsole.live.links import base_url_of
from tdconsole.payouts.selectors import prize_settings_of
from tdconsole.tournaments.models import Event, Structure

from .cash import SIZES, build_closeout, build_purchase_receipt
from .decision import build_decision_sheet
from .exceptions import PrintingError
from .models import Document
from .money import closeout_report, purchase_for_receipt
from .registry import extra_kinds
from .services import LANGS, document_request, documents_resend
from .structure import LAYOUTS as STRUCTURE_LAYOUTS
from .structure import structure_pdf as build_structure_pdf

REQUESTERS = (DIRECTOR, FLOOR, REGISTRATION)
CASHIERS = (DIRECTOR, REGISTRATION)
# Also in the row of printing/desk.html, which says it beside the document.
UNREACHABLE = _("The print service is unreachable; the document will be built when it is back.")


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("festival"), slug=slug)


def _current_lang() -> str:
    lang = (get_language() or "pt-br").lower()
    return lang if lang in LANGS else "pt-br"


def _asked_lang(request: HttpRequest) -> str:
    """`?lang=` when it names a language the documents are printed in, else the request's."""
    asked = (request.GET.get("lang") or "").lower()
    return asked if asked in LANGS else _current_lang()


@role_required(*ANY_STAFF)
def desk(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    documents = list(Document.objects.filter(event=event).select_related("requested_by")[:30])
    # The satellite sheet is offered for a satellite only (`?kind=` chooses the document shown first).
    satellite = prize_settings_of(event=event).satellite_target_id is not None
    kinds = [(v, label) for v, label in Document.Kind.choices if satellite or v != Document.Kind.SATELLITE]
    return render(request, "printing/desk.html", {
        "event": event,
        "documents": documents,
        "kinds": kinds + extra_kinds(),
        "kind": request.GET.get("kind", ""),
        "lang": _current_lang(),
        "can_request": has_role(request.user, REQUESTERS),
        # Without TDCONSOLE_PUBLIC_URL the QR codes link to the address this desk is on: say so.
        "public_url_set": bool(base_url_of()),
        "desk_base": base_url_of(request=request),
    })


@require_POST
@role_required(*REQUESTERS)
def request_document(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    try:
        document, created = document_request(
            event=event, kind=request.POST.get("kind", ""), lang=request.POST.get("lang") or _current_lang(),
            variant=request.POST.get("variant", ""), actor=request.user,
            # The desk's own address, for the QR codes when TDCONSOLE_PUBLIC_URL is not set.
            base_url=base_url_of(request=request),
        )
    except PrintingError as exc:
        if request.htmx:
            return render(request, "printing/desk.html#error", {"message": str(exc)}, status=400)
        messages.error(request, str(exc))
        return redirect("printing:desk", slug=event.slug)
    # The build was handed to the broker when the request committed: show how that went.
    document.refresh_from_db()
    if request.htmx:
        response = render(request, "printing/desk.html#row", {"event": event, "doc": document})
        # Already on the desk (asked twice): the row that is there polls and updates itself.
        return response if created else reswap(response, "none")
    if document.is_unsent:
        messages.warning(request, UNREACHABLE)
    return redirect("printing:desk", slug=event.slug)


@role_required(*ANY_STAFF)
def status(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One document's row; polled while it builds, and the polling stops once it is done."""
    event = _event(slug)
    document = get_object_or_404(Document, pk=pk, event=event)
    if document.is_pending and documents_resend(ids=[document.pk]) != (0, 0):
        # It was due to be sent again (the broker was down, or its message was lost).
        document.refresh_from_db()
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


@role_required(*DISPUTE_READERS)
def dispute_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """A saved dispute's decision sheet, in the page's language.

    Built in the request, unlike the desk's documents: it is one row and one or two pages
    (milliseconds), and the floor wants it in hand at the table, not queued behind a payout sheet.
    """
    try:
        dispute = dispute_get(pk=pk)
    except SavedAdjudication.DoesNotExist:
        raise Http404(_("No saved dispute has this number.")) from None
    lang = _current_lang()
    buffer = io.BytesIO()
    build_decision_sheet(dispute, buffer, lang)
    buffer.seek(0)
    filename = dispute_filename(dispute, "pdf").replace(".pdf", f"-{lang}.pdf")
    return FileResponse(buffer, as_attachment=False, filename=filename, content_type="application/pdf")


def _pdf(buffer: io.BytesIO, filename: str) -> FileResponse:
    buffer.seek(0)
    return FileResponse(buffer, as_attachment=False, filename=filename, content_type="application/pdf")


@role_required(*CASHIERS)
def purchase_receipt(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The receipt of one purchase, `?size=80mm` (a thermal roll, the default) or `?size=a4`, `?lang=`.

    Built in the request: one small page, wanted in the player's hand while they wait at the desk.
    """
    event = get_object_or_404(Event.objects.select_related("festival__venue"), slug=slug)
    purchase = purchase_for_receipt(event=event, pk=pk)
    if purchase is None:
        raise Http404(_("This event has no such purchase."))
    size = request.GET.get("size") or SIZES[0]
    if size not in SIZES:
        return HttpResponse(_("Unknown paper size: 80mm or a4."), status=400, content_type="text/plain")
    lang = _asked_lang(request)
    buffer = io.BytesIO()
    # Built in the request: without TDCONSOLE_PUBLIC_URL the QR code links to the address the desk is on.
    build_purchase_receipt(purchase, event, buffer, lang, size=size, base_url=base_url_of(request=request))
    return _pdf(buffer, f"{event.slug}-receipt-{purchase.number}-{size}-{lang}.pdf")


@role_required(*CASHIERS)
def cash_closeout(request: HttpRequest, slug: str) -> HttpResponse:
    """The cash close-out report of the event (A4), `?lang=`: money in, accounted for, each player's money."""
    event = get_object_or_404(Event.objects.select_related("festival__venue"), slug=slug)
    lang = _asked_lang(request)
    buffer = io.BytesIO()
    build_closeout(closeout_report(event=event), event, buffer, lang)
    return _pdf(buffer, f"{event.slug}-closeout-{lang}.pdf")


def _structure_pdf(request: HttpRequest, structure: Structure, event: Event | None, name: str) -> HttpResponse:
    layout = request.GET.get("layout") or STRUCTURE_LAYOUTS[0]
    if layout not in STRUCTURE_LAYOUTS:
        return HttpResponse(_("Unknown layout: tent or sheet."), status=400, content_type="text/plain")
    lang = _asked_lang(request)
    buffer = io.BytesIO()
    build_structure_pdf(structure=structure, event=event, out=buffer, lang=lang, layout=layout)
    return _pdf(buffer, f"{name}-structure-{layout}-{lang}.pdf")


@role_required(*ANY_STAFF)
def event_structure_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's blind structure for the players' tables (`?layout=tent`, folded A4, or `sheet`; `?lang=`).

    Built in the request: one or two pages, wanted on the tables before the doors open.
    """
    event = _event(slug)
    return _structure_pdf(request, event.structure, event, event.slug)


@role_required(*ANY_STAFF)
def structure_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """A structure's PDF by its own name (a template, or an event's copy: then with the event's details)."""
    structure = get_object_or_404(Structure, slug=slug)
    event = None if structure.is_template else (
        Event.objects.select_related("festival").filter(structure=structure).first())
    return _structure_pdf(request, structure, event, structure.slug)
