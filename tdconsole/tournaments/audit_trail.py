"""An event's audit trail page; the audit app below keeps the log and its reads for every app."""

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tdconsole.accounts.roles import DIRECTOR, FLOOR, VIEWER, role_required
from tdconsole.audit.selectors import audit_entries_for_event, audit_filter_choices

from .models import Event


@role_required(DIRECTOR, FLOOR, VIEWER)
def event_audit(request: HttpRequest, slug: str) -> HttpResponse:
    """An event's audit trail, newest first, filterable by action and staff member."""
    event = get_object_or_404(Event, slug=slug)
    action = request.GET.get("action", "")
    actor = request.GET.get("actor", "")
    page = Paginator(audit_entries_for_event(event_id=event.pk, action=action, actor=actor), 100).get_page(
        request.GET.get("page")
    )
    actions, actors = audit_filter_choices(event_id=event.pk)
    context = {"event": event, "page": page, "actions": actions, "actors": actors,
               "action": action, "actor": actor}
    template = "tournaments/event_audit.html#trail" if request.htmx else "tournaments/event_audit.html"
    return render(request, template, context)
