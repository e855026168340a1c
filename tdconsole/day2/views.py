"""The Day 2 page of an event played in flights: the advancing players, the merge, the Day 2 draw."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, has_role, role_required
from tdconsole.core import plurals
from tdconsole.seating.exceptions import SeatingError
from tdconsole.tournaments.models import Event
from tdconsole.tournaments.public import public_url

from . import selectors, services
from .exceptions import Day2Error


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("festival__venue"), slug=slug, parent__isnull=True)


def _context(request: HttpRequest, event: Event, error: str = "") -> dict:
    return {"event": event, "view": selectors.day2_view(event=event), "error": error,
            "can_direct": has_role(request.user, DIRECTOR),
            "seats_url": public_url(event, "seating:seat_lookup", absolute=False)}


@require_GET
@role_required(*ANY_STAFF)
def day2_page(request: HttpRequest, slug: str) -> HttpResponse:
    return render(request, "day2/day2.html", _context(request, _event(slug)))


@require_POST
@role_required(DIRECTOR)
def day2_action(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    what = request.POST.get("do", "")
    try:
        if what == "merge":
            advances = services.day2_merge(event=event, actor=request.user)
            messages.success(request, ngettext("%(count)s player is through to Day 2.",
                                               "%(count)s players are through to Day 2.", len(advances))
                             % {"count": len(advances)})
        elif what == "undo":
            count = services.day2_merge_undo(event=event, actor=request.user)
            messages.success(request, ngettext("Merge undone: %(count)s player is back in the flights.",
                                               "Merge undone: %(count)s players are back in the flights.", count)
                             % {"count": count})
        elif what == "draw":
            draw = services.day2_draw(event=event, actor=request.user)
            messages.success(request, ngettext("Day 2 draw: %(count)s player seated at %(tables)s.",
                                               "Day 2 draw: %(count)s players seated at %(tables)s.", draw.count)
                             % {"count": draw.count, "tables": plurals.tables(len(draw.tables))})
        else:
            raise Day2Error(_("Unknown action."))
    except (Day2Error, SeatingError) as exc:
        return render(request, "day2/day2.html", _context(request, event, str(exc)), status=409)
    return redirect("day2:day2", slug=event.slug)
