"""The desk's front page: the list of events."""

from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tdconsole.accounts.roles import ANY_STAFF, role_required

from .models import Event


@role_required(*ANY_STAFF)
def home(request: HttpRequest) -> HttpResponse:
    """The desk's front page: the events, newest first."""
    events = (
        Event.objects.select_related("festival")
        .annotate(n_entries=Count("entries"), n_alive=Count("entries", filter=Q(entries__status="alive")))
        .order_by("-date", "name")[:50]
    )
    return render(request, "tournaments/home.html", {"events": events})
