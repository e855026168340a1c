"""Prize desk pages: the payout table, the deal calculator, and the public payouts page."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, REGISTRATION, has_role, role_required
from tdconsole.core.public import public_event_or_404, public_url
from tdconsole.tournaments.models import Entry, Event

from . import calc, services
from .exceptions import PayoutError
from .forms import AddonsForm, DealForm, PrizeSettingsForm, TableEditForm, table_text
from .models import Deal, PayoutTable
from .selectors import event_awards, event_payout_amounts, event_prize_summary, prize_settings_of


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("festival"), slug=slug)


def _table_context(request: HttpRequest, event: Event, **extra) -> dict:
    amounts = event_payout_amounts(event=event)
    summary = event_prize_summary(event=event)
    settings = prize_settings_of(event=event)
    can_edit = has_role(request.user, [DIRECTOR]) and not summary["table_locked"]
    awards = [a for a in event_awards(event=event, amounts=amounts) if a.amount > 0]
    context = {
        "event": event,
        "summary": summary,
        "bands": calc.group_bands(amounts),
        "places": len(amounts),
        "table": PayoutTable.objects.filter(event=event).first(),
        "can_edit": can_edit,
        "settings_form": PrizeSettingsForm(instance=settings, prefix="s"),
        "addons_form": AddonsForm(prefix="a"),
        "edit_form": TableEditForm(initial={"table": table_text(amounts, localized=True)}, prefix="t"),
        "awards": awards,
        "public_link": public_url(event, "payouts:public"),
        "has_addons": bool(settings.addon_prize),
    }
    context.update(extra)
    return context


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
        places = table.places.count()
        messages.success(request, ngettext("Payout table generated: %(n)s place.",
                                           "Payout table generated: %(n)s places.", places) % {"n": places})
    except PayoutError as exc:
        messages.error(request, str(exc))
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
        messages.success(request, _("Payout table locked."))
    except PayoutError as exc:
        messages.error(request, str(exc))
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


@require_POST
@role_required(DIRECTOR, REGISTRATION)
def addons_add(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    form = AddonsForm(request.POST, prefix="a")
    if form.is_valid():
        try:
            services.addons_record(event=event, count=form.cleaned_data["count"], actor=request.user)
            messages.success(request, _("Add-ons recorded."))
        except PayoutError as exc:
            messages.error(request, str(exc))
    else:
        messages.error(request, _("Enter a whole number of add-ons."))
    return redirect("payouts:table", slug=event.slug)


# ---------------------------------------------------------------- deals


def _stacks_from(request: HttpRequest, alive: list[Entry]) -> tuple[dict[int, int], list[str]]:
    stacks, errors = {}, []
    for entry in alive:
        raw = request.POST.get(f"chips-{entry.pk}", "").replace(".", "").replace(",", "").strip()
        if not raw.isdigit() or int(raw) <= 0:
            errors.append(_("Enter the chips of %(name)s.") % {"name": entry.player.name})
            continue
        stacks[entry.pk] = int(raw)
    return stacks, errors


def _custom_amounts(request: HttpRequest, alive: list[Entry]) -> dict[int, Decimal]:
    out = {}
    for entry in alive:
        raw = request.POST.get(f"amount-{entry.pk}", "").strip()
        if raw:
            try:
                out[entry.pk] = calc.parse_amounts([raw])[0]
            except (calc.CalcError, IndexError, InvalidOperation):
                continue
    return out


@role_required(*ANY_STAFF)
def deal_view(request: HttpRequest, slug: str) -> HttpResponse:
    """Deal calculator: ICM and chip chop side by side; the Director records the deal agreed."""
    event = _event(slug)
    alive = list(Entry.objects.filter(event=event, status=Entry.Status.ALIVE).select_related("player")
                 .order_by("-chips", "number"))
    deal = Deal.objects.filter(event=event).prefetch_related("shares__entry__player").first()
    amounts = event_payout_amounts(event=event)
    prizes = (list(amounts) + [Decimal("0")] * len(alive))[: len(alive)]
    form = DealForm(request.POST or None)
    rows, errors, offer = [], [], None
    stacks = {e.pk: e.chips or 0 for e in alive}
    if request.method == "POST":
        stacks, errors = _stacks_from(request, alive)
        if form.is_valid() and not errors and len(alive) >= 2:
            left = form.cleaned_data["left_to_play"] or Decimal("0")
            try:
                offer = calc.deal_offer([stacks[e.pk] for e in alive], prizes, left)
            except calc.CalcError as exc:
                errors.append(str(exc))
            if offer is not None and request.POST.get("do") == "record":
                if not has_role(request.user, [DIRECTOR]):
                    errors.append(_("Only the Director records a deal."))
                else:
                    try:
                        services.deal_record(
                            event=event, stacks=stacks, method=form.cleaned_data["method"] or "icm",
                            actor=request.user, left_to_play=left, amounts=_custom_amounts(request, alive),
                            note=form.cleaned_data["note"],
                        )
                    except PayoutError as exc:
                        errors.append(str(exc))
                    else:
                        messages.success(request, _("Deal recorded."))
                        return redirect("payouts:deal", slug=event.slug)
    for i, entry in enumerate(alive):
        rows.append({
            "entry": entry,
            "chips": stacks.get(entry.pk, ""),
            "icm": offer.icm[i] if offer else None,
            "chop": offer.chip_chop[i] if offer else None,
            "custom": request.POST.get(f"amount-{entry.pk}", ""),
        })
    context = {
        "event": event, "rows": rows, "offer": offer, "errors": errors, "form": form, "deal": deal,
        "prizes": prizes, "prize_total": sum(prizes, Decimal("0")),
        "can_record": has_role(request.user, [DIRECTOR]) and deal is None,
    }
    if request.htmx and request.POST.get("do") != "record":
        return render(request, "payouts/deal.html#results", context)
    return render(request, "payouts/deal.html", context)


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
    })
