"""The confirmation screen that applies a saved ruling to its event, and its undo."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tdconsole.accounts.roles import FLOOR, role_required

from .apply import ApplyError, application_preview, ruling_apply, ruling_apply_undo
from .models import SavedAdjudication


def _lang() -> str:
    return "pt-br" if (get_language() or "pt-br").lower().startswith("pt") else "en"


def _saved(pk: int) -> SavedAdjudication:
    return get_object_or_404(SavedAdjudication.objects.select_related("event"), pk=pk)


def _page(request: HttpRequest, saved: SavedAdjudication, *, error: str = "", status: int = 200) -> HttpResponse:
    preview = application_preview(saved=saved, lang=_lang())
    data = request.POST if request.method == "POST" and error else {}
    context = {"p": preview, "saved": saved, "event": saved.event, "error": error,
               "question": data.get("question", preview.question), "decision": data.get("decision", preview.decision),
               "rule_cited": data.get("rule_cited", preview.rule_cited)}
    return render(request, "adjudication/apply.html", context, status=status)


@role_required(FLOOR)
def apply_ruling(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: what applying the ruling changes, on one screen. POST: apply it, all of it or nothing."""
    saved = _saved(pk)
    if request.method != "POST":
        return _page(request, saved)
    question = request.POST.get("question", "").strip()
    decision = request.POST.get("decision", "").strip()
    if not question or not decision:
        return _page(request, saved, error=_("Both the question and the decision are required."), status=400)
    try:
        ruling_apply(saved=saved, actor=request.user, lang=_lang(), question=question, decision=decision,
                     rule_cited=request.POST.get("rule_cited", "").strip())
    except ApplyError as exc:
        return _page(request, saved, error=str(exc), status=409)
    messages.success(request, _("The ruling is applied to %(event)s.") % {"event": saved.event.name})
    return redirect("adjudication:apply", pk=saved.pk)


@role_required(FLOOR)
def undo_apply(request: HttpRequest, pk: int) -> HttpResponse:
    """POST: take the whole application back while nothing newer happened at the table."""
    saved = _saved(pk)
    if request.method != "POST":
        return redirect("adjudication:apply", pk=saved.pk)
    try:
        ruling_apply_undo(saved=saved, actor=request.user)
    except ApplyError as exc:
        return _page(request, saved, error=str(exc), status=409)
    messages.success(request, _("The application of the ruling is undone."))
    return redirect("adjudication:apply", pk=saved.pk)
