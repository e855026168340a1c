from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tdconsole.accounts.roles import ANY_STAFF, role_required
from tdconsole.tournaments.models import Event


@role_required(*ANY_STAFF)
def home(request: HttpRequest) -> HttpResponse:
    """The desk's front page: the events, newest first."""
    events = Event.objects.select_related("festival").order_by("-date", "name")[:50]
    return render(request, "core/home.html", {"events": events})
