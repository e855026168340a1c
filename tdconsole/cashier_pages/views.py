"""The cash desk pages: selling to a player, the ledger of the night, paying prizes and bounties, the
close-out, and the money rules.

Views parse input, check the role, call one cashier service, render. A sale, a void or a payment answers
htmx with the player's panel (their ledger rows, the sale buttons and the receipt line) and a plain form
with the whole page; a refusal is a 409 (400 for what was typed wrong) with the message, never a 500.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tdconsole.accounts.roles import DIRECTOR, REGISTRATION, VIEWER, has_role, role_required
from tdconsole.cashier.cashouts import cash_payout_record, cash_payout_void
from tdconsole.cashier.exceptions import CashierError, MoneyRulesInvalid
from tdconsole.cashier.models import Payout, Purchase
from tdconsole.cashier.purchases import SOLD_KINDS, parts_of, purchase_options, purchase_sell, purchase_void
from tdconsole.cashier.rules import money_rules_of, money_rules_set, rules_summary
from tdconsole.cashier.selectors import DRAWER_METHODS
from tdconsole.core.bounds import field_number
from tdconsole.core.money import format_money
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.pages import event_links, event_or_404

from . import selectors
from .forms import MoneyRulesForm

# The payment method last used at this terminal: the same session key as the registration desk's, so a
# clerk who moves between the two pages keeps it.
LAST_METHOD = "registration_method"


def _last_method(request: HttpRequest) -> str:
    method = request.session.get(LAST_METHOD)
    return method if method in Purchase.Method.values else Purchase.Method.CASH


def _remember_method(request: HttpRequest, method: str) -> None:
    if method in Purchase.Method.values and request.session.get(LAST_METHOD) != method:
        request.session[LAST_METHOD] = method


def _method_of(request: HttpRequest) -> str:
    method = request.POST.get("method") or Purchase.Method.CASH
    return method if method in Purchase.Method.values else ""


def _id(value: Any, model: type, name: str = "id") -> int | None:
    return field_number(None if value is None else str(value), model, name)


def _can_act(request: HttpRequest) -> bool:
    return has_role(request.user, [REGISTRATION])


def _offers(event: Event, entry: Entry, clock: Any) -> list[dict[str, Any]]:
    """The sale buttons of an entry: each kind with its price and chips, and why it is refused (or None)."""
    refusals = purchase_options(event=event, entry=entry, clock=clock)
    rules = money_rules_of(event=event)
    offers = []
    first = next((kind for kind in SOLD_KINDS if refusals[kind] is None), None)
    for kind in SOLD_KINDS:
        parts = parts_of(event=event, rules=rules, kind=kind)
        offers.append({"kind": kind, "label": Purchase.Kind(kind).label, "price": parts.total, "chips": parts.chips,
                       "refusal": refusals[kind], "autofocus": kind == first})
    return offers


def _panel_context(request: HttpRequest, event: Event, entry: Entry | None) -> dict[str, Any]:
    """The chosen player's panel: their entries' ledger lines, what the chosen entry can buy, their
    purchases and payouts."""
    if entry is None:
        return {"chosen": None}
    ids = list(Entry.objects.filter(event=event, player_id=entry.player_id).values_list("pk", flat=True))
    lines = selectors.ledger_lines(event=event, entry_ids=ids)
    return {
        "chosen": entry,
        "lines": lines,
        "offers": _offers(event, entry, selectors.clock_point(event=event)),
        "purchases": selectors.entry_purchases(event=event, entry_ids=ids),
        "payouts": selectors.entry_payouts(event=event, entry_ids=ids),
    }


def _desk_context(request: HttpRequest, event: Event, *, entry: Entry | None = None, query: str = "",
                  found: list[Entry] | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "event": event,
        "links": event_links(event),
        "query": query,
        "found": found,
        "method": _last_method(request),
        "methods": DRAWER_METHODS,
        "can_act": _can_act(request),
    } | _panel_context(request, event, entry) | extra


def _entry(event: Event, value: Any) -> Entry | None:
    pk = _id(value, Entry)
    if pk is None:
        return None
    return Entry.objects.filter(event=event, pk=pk).select_related("player", "table").first()


def _answer(request: HttpRequest, event: Event, entry: Entry | None, *, status: int = 200,
            **extra: Any) -> HttpResponse:
    """The player's panel to htmx, the whole desk page otherwise."""
    context = _desk_context(request, event, entry=entry, **extra)
    template = "cashier_pages/desk.html#panel" if request.htmx else "cashier_pages/desk.html"
    return render(request, template, context, status=status)


# --- the desk -----------------------------------------------------------------------------------------------


@require_GET
@role_required(REGISTRATION, VIEWER)
def desk(request: HttpRequest, slug: str) -> HttpResponse:
    """Find a player (name or entry number), see their ledger, sell to them. `?entry=` opens an entry."""
    event = event_or_404(slug)
    query = request.GET.get("q", "")[:120].strip()
    entry = _entry(event, request.GET.get("entry"))
    found = None
    listing = bool(request.htmx) and request.GET.get("part") == "search"
    if listing:
        # Typing: the matches only (the player opens with Enter or a click, never under the clerk's fingers).
        found = selectors.entry_search(event=event, query=query) if query else None
        return render(request, "cashier_pages/desk.html#results", {"event": event, "query": query, "found": found})
    if entry is None and query:
        found = selectors.entry_search(event=event, query=query)
        if len(found) == 1:
            entry, found = found[0], None
    template = "cashier_pages/desk.html#main" if request.htmx else "cashier_pages/desk.html"
    return render(request, template, _desk_context(request, event, entry=entry, query=query, found=found))


@require_POST
@role_required(REGISTRATION)
def sell(request: HttpRequest, slug: str) -> HttpResponse:
    """Sell a rebuy, double rebuy, add-on, staff add-on or bonus chips to an entry, paid by the method picked."""
    event = event_or_404(slug)
    entry = _entry(event, request.POST.get("entry"))
    if entry is None:
        return _answer(request, event, None, status=400, error=_("This entry is not in this event (reload the page)."))
    method = _method_of(request)
    kind = request.POST.get("kind", "")
    if not method:
        return _answer(request, event, entry, status=400, error=_("Unknown payment method."))
    if kind not in SOLD_KINDS:
        return _answer(request, event, entry, status=400, error=_("Unknown purchase."))
    try:
        purchase = purchase_sell(event=event, entry_id=entry.pk, kind=kind, method=method, actor=request.user,
                                 clock=selectors.clock_point(event=event))
    except CashierError as exc:
        return _answer(request, event, entry, status=409, error=str(exc))
    _remember_method(request, method)
    entry.refresh_from_db()
    return _answer(request, event, entry, receipt=purchase)


@require_POST
@role_required(REGISTRATION)
def purchase_void_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Void a sale made by mistake; the reason is required."""
    event = event_or_404(slug)
    purchase = Purchase.objects.filter(event=event, pk=_id(pk, Purchase)).select_related("entry").first()
    entry = _entry(event, purchase.entry_id) if purchase is not None else None
    try:
        if purchase is None:
            raise CashierError(_("This receipt is not one of this event's (reload the page)."))
        voided = purchase_void(event=event, purchase_id=purchase.pk, reason=request.POST.get("reason", ""),
                               actor=request.user)
    except CashierError as exc:
        return _answer(request, event, entry, status=409, error=str(exc))
    return _answer(request, event, entry, notice=_("Receipt #%(number)d voided.") % {"number": voided.number})


# --- paying players -----------------------------------------------------------------------------------------


def _after_payment(request: HttpRequest, event: Event, entry: Entry | None, *, status: int = 200,
                   error: str = "", notice: str = "") -> HttpResponse:
    """A payment's answer: the player's panel (desk) or the ledger row (ledger page), or the page again."""
    if request.POST.get("from") == "ledger":
        if request.htmx and entry is not None:
            line = selectors.ledger_line(event=event, entry_id=entry.pk)
            return render(request, "cashier_pages/ledger.html#row",
                          {"event": event, "line": line, "can_act": _can_act(request), "row_error": error,
                           "row_notice": notice, "from_ledger": True, "method": _last_method(request),
                           "methods": DRAWER_METHODS},
                          status=status)
        if error:
            messages.error(request, error)
        elif notice:
            messages.success(request, notice)
        return redirect("cashier_pages:ledger", slug=event.slug)
    return _answer(request, event, entry, status=status, error=error, notice=notice)


@require_POST
@role_required(REGISTRATION)
def pay(request: HttpRequest, slug: str) -> HttpResponse:
    """Hand an entry all that is still owed of its prize (or deal share), or of its bounty money."""
    event = event_or_404(slug)
    entry = _entry(event, request.POST.get("entry"))
    kind = request.POST.get("kind", "")
    method = _method_of(request)
    if entry is None:
        return _after_payment(request, event, None, status=400,
                              error=_("This entry is not in this event (reload the page)."))
    if kind not in Payout.Kind.values or not method:
        return _after_payment(request, event, entry, status=400, error=_("Unknown kind of payout."))
    line = selectors.ledger_line(event=event, entry_id=entry.pk)
    owed = line.prize if kind == Payout.Kind.PRIZE else line.bounty_owed
    left = line.prize_left if kind == Payout.Kind.PRIZE else line.bounty_left
    try:
        if owed <= 0:
            raise CashierError(_("%(name)s is owed nothing of this kind.") % {"name": entry.player.name})
        # All that is left; when nothing is, the whole amount, which the service refuses as already paid.
        payout = cash_payout_record(event=event, entry_id=entry.pk, kind=kind, amount=left if left > 0 else owed,
                                    method=method, actor=request.user, owed=owed)
    except CashierError as exc:
        return _after_payment(request, event, entry, status=409, error=str(exc))
    _remember_method(request, method)
    return _after_payment(request, event, entry, notice=_("Paid to %(name)s: %(amount)s (%(kind)s, %(method)s).") % {
        "name": entry.player.name, "amount": format_money(payout.amount, event.currency, get_language() or "pt-br"),
        "kind": Payout.Kind(kind).label, "method": Purchase.Method(method).label})


@require_POST
@role_required(REGISTRATION)
def payout_void_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Void a payout recorded by mistake; the reason is required (the amount is owed again)."""
    event = event_or_404(slug)
    payout = Payout.objects.filter(event=event, pk=_id(pk, Payout)).first()
    entry = _entry(event, payout.entry_id) if payout is not None else None
    try:
        if payout is None:
            raise CashierError(_("This payout is not one of this event's (reload the page)."))
        cash_payout_void(event=event, payout_id=payout.pk, reason=request.POST.get("reason", ""), actor=request.user)
    except CashierError as exc:
        return _after_payment(request, event, entry, status=409, error=str(exc))
    return _after_payment(request, event, entry, notice=_("Payout voided: the amount is owed again."))


# --- the ledger, the close-out, the rules -------------------------------------------------------------------


@require_GET
@role_required(REGISTRATION, VIEWER)
def ledger(request: HttpRequest, slug: str) -> HttpResponse:
    """Every entry's money: bought, paid by method, won, paid out, still owed."""
    event = event_or_404(slug)
    lines = selectors.ledger_lines(event=event)
    return render(request, "cashier_pages/ledger.html", {
        "event": event, "links": event_links(event), "lines": lines, "can_act": _can_act(request),
        "method": _last_method(request), "methods": DRAWER_METHODS,
        "desk_url": reverse("cashier_pages:desk", kwargs={"slug": slug}),
    })


@require_GET
@role_required(REGISTRATION)
def closeout_view(request: HttpRequest, slug: str) -> HttpResponse:
    """The night's money, in and accounted for, to the cent."""
    event = event_or_404(slug)
    night = selectors.night_closeout(event=event)
    result = night.closeout
    methods = [{"value": value, "label": label, "in": result.money_in_by_method.get(value, Decimal("0")),
                "out": result.paid_out_by_method.get(value, Decimal("0")),
                "drawer": result.in_drawer_by_method[value]} for value, label in DRAWER_METHODS]
    return render(request, "cashier_pages/closeout.html", {
        "event": event, "links": event_links(event), "night": night, "c": result, "methods": methods,
        "tickets_in": result.tickets_in,
    })


@role_required(DIRECTOR)
def rules(request: HttpRequest, slug: str) -> HttpResponse:
    """Every money rule of the event, checked by the cashier before anything is saved."""
    event = event_or_404(slug)
    current = money_rules_of(event=event)
    problems: list[str] = []
    status = 200
    if request.method == "POST":
        form = MoneyRulesForm(request.POST, rules=current)
        if form.is_valid():
            try:
                money_rules_set(event=event, actor=request.user, values=form.values())
            except MoneyRulesInvalid as exc:
                problems, status = exc.messages, 400
            else:
                messages.success(request, _("Money rules saved."))
                return redirect("cashier_pages:rules", slug=slug)
        else:
            status = 400
    else:
        form = MoneyRulesForm(rules=current)
    return render(request, "cashier_pages/rules.html", {
        "event": event, "links": event_links(event), "form": form, "problems": problems,
        "summary": rules_summary(rules=current, lang=get_language() or "pt-br"),
    }, status=status)
