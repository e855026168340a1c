"""Prize desk pages: the payout table, the deal calculator, and the public payouts page."""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, has_role, role_required
from tdconsole.tournaments.models import Event
from tdconsole.tournaments.public import public_event_or_404, public_url

from . import calc, services
from .exceptions import PayoutError, PayoutTableLocked, calc_message
from .forms import DealForm, PrizeSettingsForm, SatelliteTargetForm, TableEditForm, table_text
from .models import PayoutTable
from .selectors import (
    deal_preview,
    event_awards,
    event_payout_amounts,
    event_prize_summary,
    prize_settings_of,
    satellite_seats,
    satellite_winners,
)


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("festival"), slug=slug)


def _table_context(request: HttpRequest, event: Event, **extra) -> dict:
    amounts = event_payout_amounts(event=event)
    summary = event_prize_summary(event=event)
    settings = prize_settings_of(event=event)
    can_edit = has_role(request.user, [DIRECTOR]) and not summary["table_locked"]
    awards = [a for a in event_awards(event=event, amounts=amounts) if a.amount > 0]
    satellite = satellite_seats(event=event, settings=settings, amounts=amounts)
    winners = satellite_winners(event=event) if satellite is not None else []
    context = {
        "event": event,
        "summary": summary,
        "bands": calc.group_bands(amounts),
        "places": len(amounts),
        "table": PayoutTable.objects.filter(event=event).first(),
        "can_edit": can_edit,
        "settings_form": PrizeSettingsForm(instance=settings, prefix="s"),
        "edit_form": TableEditForm(initial={"table": table_text(amounts, localized=True)}, prefix="t"),
        "awards": awards,
        "public_link": public_url(event, "payouts:public", request=request),
        # A satellite: its target and seats, the winners with their tickets, the Director's button.
        "satellite": satellite,
        "satellite_form": SatelliteTargetForm(initial={"target": settings.satellite_target_id}, event=event,
                                              prefix="sat"),
        "winners": winners,
        "tickets_issued": sum(1 for w in winners if w.ticket is not None),
        "seats_won": sum(1 for w in winners if w.seat),
        "can_issue": (satellite is not None and summary["table_locked"] and has_role(request.user, [DIRECTOR])),
    }
    context.update(extra)
    return context


def _refused(request: HttpRequest, event: Event, exc: PayoutError, **extra) -> HttpResponse:
    """The table page with the refusal's message: 409 when the table is final, 400 otherwise."""
    messages.error(request, str(exc))
    status = 409 if isinstance(exc, PayoutTableLocked) else 400
    return render(request, "payouts/table.html", _table_context(request, event, **extra), status=status)


@role_required(*ANY_STAFF)
def table_view(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    return render(request, "payouts/table.html", _table_context(request, event))


@require_POST
@role_required(DIRECTOR)
def table_generate(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    try:
        table = services.payout_table_generate(event=event, actor=request.user)
    except PayoutError as exc:
        return _refused(request, event, exc)
    places = table.places.count()
    messages.success(request, ngettext("Payout table generated: %(n)s place.",
                                       "Payout table generated: %(n)s places.", places) % {"n": places})
    return redirect("payouts:table", slug=event.slug)


@require_POST
@role_required(DIRECTOR)
def table_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    form = TableEditForm(request.POST, prefix="t")
    if form.is_valid():
        try:
            services.payout_table_save(event=event, amounts=form.cleaned_data["table"], actor=request.user)
        except PayoutError as exc:
            form.add_error("table", str(exc))
        else:
            messages.success(request, _("Payout table saved."))
            return redirect("payouts:table", slug=event.slug)
    return render(request, "payouts/table.html", _table_context(request, event, edit_form=form, editing=True),
                  status=400)


@require_POST
@role_required(DIRECTOR)
def table_lock(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    try:
        services.payout_table_lock(event=event, actor=request.user)
    except PayoutError as exc:
        return _refused(request, event, exc)
    messages.success(request, _("Payout table locked."))
    return redirect("payouts:table", slug=event.slug)


@require_POST
@role_required(DIRECTOR)
def settings_update(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    form = PrizeSettingsForm(request.POST, instance=prize_settings_of(event=event), prefix="s")
    if form.is_valid():
        fields = {k: form.cleaned_data[k] for k in form.Meta.fields}
        services.prize_settings_update(event=event, actor=request.user, **fields)
        messages.success(request, _("Prize settings saved."))
        return redirect("payouts:table", slug=event.slug)
    return render(request, "payouts/table.html", _table_context(request, event, settings_form=form), status=400)


# ---------------------------------------------------------------- satellites


@require_POST
@role_required(DIRECTOR)
def satellite_update(request: HttpRequest, slug: str) -> HttpResponse:
    """Make the event a satellite to another event of the festival (each seat worth its buy-in), or not."""
    event = _event(slug)
    form = SatelliteTargetForm(request.POST, event=event, prefix="sat")
    if not form.is_valid():
        messages.error(request, _("Choose one of the festival's events with a buy-in."))
        return render(request, "payouts/table.html", _table_context(request, event, satellite_form=form),
                      status=400)
    target = form.cleaned_data["target"]
    try:
        services.satellite_target_set(event=event, target=target, actor=request.user)
    except PayoutError as exc:
        return _refused(request, event, exc, satellite_form=form)
    if target is None:
        messages.success(request, _("The event pays cash again."))
    else:
        messages.success(request, _("Satellite to %(target)s: each seat is worth its buy-in.")
                         % {"target": target.name})
    if PayoutTable.objects.filter(event=event).exists():
        messages.warning(request, _("Generate the table again so that it pays what the event now gives."))
    return redirect("payouts:table", slug=event.slug)


@require_POST
@role_required(DIRECTOR)
def tickets_issue(request: HttpRequest, slug: str) -> HttpResponse:
    """Issue a ticket to the target event for every seat won (pressed again: only the seats won since)."""
    event = _event(slug)
    try:
        tickets = services.satellite_tickets_issue(event=event, actor=request.user)
    except PayoutError as exc:
        return _refused(request, event, exc)
    if tickets.new:
        messages.success(request, ngettext("%(n)s ticket issued.", "%(n)s tickets issued.", tickets.new)
                         % {"n": tickets.new})
    elif tickets:
        messages.info(request, ngettext("The ticket was already issued: nothing new to issue.",
                                        "All %(n)s tickets were already issued: nothing new to issue.",
                                        len(tickets)) % {"n": len(tickets)})
    else:
        messages.info(request, _("No finisher has won a seat yet."))
    return redirect("payouts:table", slug=event.slug)


# ---------------------------------------------------------------- deals


@role_required(*ANY_STAFF)
def deal_view(request: HttpRequest, slug: str) -> HttpResponse:
    """Deal calculator: ICM and chip chop side by side; the Director records the deal agreed.

    Its cost is bounded: ICM is exact while that is cheap and approximated beyond
    (calc.icm_solve), and the calculator takes at most calc.MAX_ICM_PLAYERS players.
    """
    event = _event(slug)
    preview = deal_preview(event=event)
    alive = preview.alive
    form = DealForm(request.POST or None, entries=[] if preview.too_many else alive)
    errors, offer, status = [], None, 200
    if request.method == "POST" and not preview.can_calculate:
        # Nothing to calculate: the page says why (a deal recorded, too few or too many players).
        status = 400
    elif request.method == "POST":
        if not form.is_valid():
            errors, status = form.problems(), 400
        else:
            left = form.cleaned_data["left_to_play"] or Decimal("0")
            stacks = form.stacks()
            try:
                offer = preview.offer(stacks, left)
            except calc.CalcError as exc:
                errors, status = [calc_message(exc)], 400
            if offer is not None and request.POST.get("do") == "record":
                if not has_role(request.user, [DIRECTOR]):
                    errors, status = [_("Only the Director records a deal.")], 403
                else:
                    try:
                        services.deal_record(
                            event=event, stacks=stacks, method=form.cleaned_data["method"] or "icm",
                            actor=request.user, left_to_play=left, amounts=form.amounts(),
                            note=form.cleaned_data["note"],
                        )
                    except PayoutError as exc:
                        errors, status = [str(exc)], 400
                    else:
                        messages.success(request, _("Deal recorded."))
                        return redirect("payouts:deal", slug=event.slug)
    rows = []
    for i, entry in enumerate(alive):
        rows.append({
            "entry": entry,
            # What was typed stays as typed, so a refused value can be corrected where it is.
            "chips": request.POST.get(f"chips-{entry.pk}", "") if request.method == "POST" else (entry.chips or ""),
            "icm": offer.icm[i] if offer else None,
            "chop": offer.chip_chop[i] if offer else None,
            "custom": request.POST.get(f"amount-{entry.pk}", ""),
        })
    context = {
        "event": event, "rows": rows, "offer": offer, "errors": errors, "form": form, "deal": preview.deal,
        "prizes": preview.prizes, "prize_total": sum(preview.prizes, Decimal("0")),
        "can_record": has_role(request.user, [DIRECTOR]) and preview.deal is None,
        "too_many": services.too_many_for_a_deal(len(alive)) if preview.too_many else "",
        "approximate": offer is not None and offer.icm_method == calc.ICM_APPROXIMATE,
    }
    if request.htmx and request.POST.get("do") != "record":
        return render(request, "payouts/deal.html#results", context, status=status)
    return render(request, "payouts/deal.html", context, status=status)


# ---------------------------------------------------------------- public


def public_payouts(request: HttpRequest, slug: str) -> HttpResponse:
    """The payouts as players see them, through the event's public link."""
    event = public_event_or_404(request, slug)
    amounts = event_payout_amounts(event=event)
    summary = event_prize_summary(event=event)
    awards = [a for a in event_awards(event=event, amounts=amounts) if a.amount > 0]
    return render(request, "payouts/public.html", {
        "event": event, "summary": summary, "bands": calc.group_bands(amounts), "places": len(amounts),
        "awards": awards,
        # A satellite's seats read "Seat to <target>" for the players too.
        "satellite": satellite_seats(event=event, settings=prize_settings_of(event=event), amounts=amounts),
    })
