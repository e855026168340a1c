"""The flights page of a main event: its starting flights (each opening its own dashboard), a new flight,
the settings the flights share, the players through so far and the players out in each flight."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, forbidden, has_role, role_required

from . import flights
from .exceptions import TournamentError
from .forms import FlightForm, FlightSettingsForm
from .models import Player
from .pages import event_links, event_or_404

SHOWN_OUT = 200


def _settings_initial(event) -> dict:
    return {name: getattr(event, name) for name in flights.FLIGHT_SETTINGS}


@role_required(*ANY_STAFF)
def event_flights(request: HttpRequest, slug: str) -> HttpResponse:
    """List the flights; the director adds one (POST `create`) or changes the shared settings (`settings`)."""
    event = event_or_404(slug)
    if event.parent_id is not None:
        return redirect("tournaments:event_flights", slug=event.parent.slug)
    create = FlightForm(prefix="new")
    settings = FlightSettingsForm(initial=_settings_initial(event), prefix="rules")
    status = 200
    if request.method == "POST":
        if not has_role(request.user, (DIRECTOR,)):
            return forbidden(request)
        action = request.POST.get("action")
        if action == "create":
            create = FlightForm(request.POST, prefix="new")
            if create.is_valid():
                try:
                    flight = flights.flight_create(event=event, actor=request.user, **create.cleaned_data)
                except TournamentError as exc:
                    field = getattr(exc, "field", None)
                    create.add_error(field if field in create.fields else None, str(exc))
                else:
                    messages.success(request, _("Flight %(name)s added.") % {"name": flight.name})
                    return redirect("tournaments:event_flights", slug=event.slug)
        elif action == "settings":
            settings = FlightSettingsForm(request.POST, prefix="rules")
            if settings.is_valid():
                try:
                    flights.flight_settings_update(event=event, actor=request.user, **settings.cleaned_data)
                except TournamentError as exc:
                    field = getattr(exc, "field", None)
                    settings.add_error(field if field in settings.fields else None, str(exc))
                else:
                    messages.success(request, _("Flight settings saved."))
                    return redirect("tournaments:event_flights", slug=event.slug)
        else:
            return HttpResponse(_("Unknown action."), status=400)
        status = 400
    rows = flights.flights_of(event=event)
    advancing = flights.flights_advancing(event=event)
    names = dict(Player.objects.filter(pk__in=[a.player_id for a in advancing]).values_list("pk", "name"))
    context = {
        "event": event, "links": event_links(event), "rows": rows, "create": create, "settings": settings,
        "advancing": [{"row": a, "name": names.get(a.player_id, "")} for a in advancing],
        "out": flights.flights_out(event=event, limit=SHOWN_OUT), "shown_out": SHOWN_OUT,
        "field_known": event.registration_closed_at is not None,
    }
    return render(request, "tournaments/flights.html", context, status=status)
