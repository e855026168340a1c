"""The event's floor-decision log: read and searched by staff, added to by the floor."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tdconsole.accounts.roles import ANY_STAFF, FLOOR, has_role, role_required
from tdconsole.tournaments.models import Event

from .decision_forms import FloorDecisionForm
from .decisions import floor_decision_record, floor_decisions_for_event
from .exceptions import FloorDecisionError

MAX_QUERY = 200


def _query(request: HttpRequest) -> str:
    return request.GET.get("q", "").strip()[:MAX_QUERY]


@role_required(*ANY_STAFF)
def decision_log(request: HttpRequest, slug: str) -> HttpResponse:
    """An event's floor decisions: searchable, printable."""
    event = get_object_or_404(Event, slug=slug)
    q = _query(request)
    context = {
        "event": event, "q": q, "decisions": floor_decisions_for_event(event=event, query=q),
        "can_add": has_role(request.user, [FLOOR]),
    }
    if request.htmx:
        return render(request, "adjudication/decision_log.html#decisions", context)
    return render(request, "adjudication/decision_log.html", context)


@role_required(FLOOR)
def decision_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Record a floor decision (Floor role); errors re-render the form with the input kept."""
    event = get_object_or_404(Event, slug=slug)
    if request.method == "POST":
        form = FloorDecisionForm(request.POST, event=event)
        if form.is_valid():
            data = form.cleaned_data
            try:
                floor_decision_record(
                    actor=request.user, event=event, question=data["question"], decision=data["decision"],
                    table_number=data["table_number"], seats=data["seats"], rule_cited=data["rule_cited"],
                    entry=data["entry"], adjudication=data["adjudication"],
                )
            except FloorDecisionError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("Floor decision recorded."))
                return redirect("adjudication:decision_log", slug=event.slug)
        status = 400  # the form comes back with its messages; a refusal is never a 200
    else:
        initial = {key: request.GET[key] for key in ("entry", "table_number", "seats", "adjudication")
                   if request.GET.get(key)}
        form = FloorDecisionForm(initial=initial, event=event)
        status = 200
    return render(request, "adjudication/decision_form.html", {"event": event, "form": form}, status=status)
