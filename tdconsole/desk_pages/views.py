"""The event's desk pages that draw on several apps: the dashboard, the registration desk, eliminations,
hand-for-hand and chip counts.

Each shows the tournament's field with what the apps above the tournaments app know: the clock's
level (late registration), the seats (a late entry sits down at once, the floor's next move on the
eliminations page) and the chips sold at the cash desk (rebuys, add-ons: the chips in play). So they live
here, above all of them, and hand those answers to the tournaments services and selectors. Their
URLs and names predate this app and stay in the `tournaments` namespace (see tdconsole/urls.py), as
do their templates (templates/tournaments/). Views parse input, check the role, call one service,
render.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tdconsole.accounts.roles import ANY_STAFF, FLOOR, REGISTRATION, role_required
from tdconsole.cashier.bounties import (
    BountyError,
    awards_of_busts,
    bounties_award,
    bounties_foreseen,
    bounties_undo,
    bounty_rules,
    eliminators_find,
    eliminators_required,
)
from tdconsole.cashier.exceptions import CashierError
from tdconsole.cashier.forms import PaidRegistrationForm
from tdconsole.cashier.models import Purchase
from tdconsole.cashier.purchases import entry_cancel_with_purchases
from tdconsole.cashier.rules import money_rules_of, rules_summary
from tdconsole.cashier.selectors import extra_chips
from tdconsole.cashier.tickets import ticket_holders, tickets_waiting
from tdconsole.clock.selectors import registration_clock_level
from tdconsole.core.bounds import field_max, field_number
from tdconsole.core.chips import parse_chips
from tdconsole.seating.registration import desk_register_seated
from tdconsole.seating.selectors import tables_needed_action
from tdconsole.tournaments import selectors
from tdconsole.tournaments.chipcounts import chip_counts_record
from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate
from tdconsole.tournaments.events import event_status_can_change
from tdconsole.tournaments.exceptions import PlayerChoiceNeeded, TournamentError
from tdconsole.tournaments.forms import MAX_ID, EliminationForm
from tdconsole.tournaments.handforhand import hand_for_hand_next, hand_for_hand_set
from tdconsole.tournaments.models import Bust, ChipCount, Elimination, Entry, Event, Player
from tdconsole.tournaments.pages import SEARCH_SHOWN, event_links, event_or_404
from tdconsole.tournaments.registration import OPEN_FOR_ENTRIES, registration_is_open

RECENT = 15


def _registration_open(event: Event) -> bool:
    return registration_is_open(event=event, level_position=registration_clock_level(event=event))


def _field_summary(event: Event) -> dict[str, int]:
    """Entries, players left and chips in play, the chips sold at the cash desk included (two queries)."""
    return selectors.event_field_summary(event=event, addon_chips=extra_chips(event=event))


def _tables_in_play(tables: list[dict]) -> int:
    """Tables with someone sitting at them: an assigned table left empty is not in play."""
    return sum(1 for t in tables if t["players"])


# --- the dashboard --------------------------------------------------------------------------------


@require_GET
@role_required(*ANY_STAFF)
def event_dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    """Entries, players left, stacks, tables, and the way to every desk page of the event."""
    event = event_or_404(slug)
    tables = selectors.event_tables(event=event)
    summary = _field_summary(event)
    context = {
        "event": event,
        "summary": summary,
        "chips": selectors.chip_summary(event=event, in_play=summary["total_chips"]),
        "top": selectors.top_stacks(event=event, limit=10),
        "tables": tables,
        "tables_in_play": _tables_in_play(tables),
        "recent": selectors.recent_eliminations(event=event, limit=8),
        "registration_open": _registration_open(event),
        "next_statuses": [s for s in Event.Status if event_status_can_change(current=event.status, to=s)],
        "links": event_links(event),
        "winner": Entry.objects.filter(event=event, place=1).select_related("player").first(),
        "levels": list(event.structure.levels.order_by("position")),
    }
    if not request.htmx:  # (the rules are not part of the live tiles the page polls)
        context["money_lines"] = rules_summary(rules=money_rules_of(event=event), lang=get_language() or "pt-br")
    template = "desk_pages/dashboard.html#live" if request.htmx else "desk_pages/dashboard.html"
    return render(request, template, context)


# --- registration ---------------------------------------------------------------------------------
#
# The name field belongs to the clerk: a registration answers with the seat card, the recent
# list and a notice (a refusal, or a question about a name already registered), each swapped in
# where it belongs, never with the form being typed into (see static/js/tournaments.js).


# The payment method last used at this terminal (session): the form stays on it, so a clerk registering
# a queue of players who all pay the same way never picks it again.
LAST_METHOD = "registration_method"


def _last_method(request: HttpRequest) -> str:
    method = request.session.get(LAST_METHOD)
    return method if method in Purchase.Method.values else Purchase.Method.CASH


def _registration_form(request: HttpRequest, event: Event) -> PaidRegistrationForm:
    """An empty registration form, on the payment method last used ("Ticket" offered while some player
    holds an unused ticket to the event)."""
    return PaidRegistrationForm(initial={"method": _last_method(request)},
                                offer_ticket=tickets_waiting(event=event))


def _registration_context(event: Event, form: PaidRegistrationForm, *, level_position: int | None,
                          entry: Entry | None = None, notice: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "event": event,
        "form": form,
        "entry": entry,
        "notice": notice,
        "registration_open": registration_is_open(event=event, level_position=level_position),
        # Entries can be cancelled until registration closes (places are counted then).
        "can_cancel": event.registration_closed_at is None and event.status in OPEN_FOR_ENTRIES,
        "summary": _field_summary(event),
        "recent_entries": Entry.objects.filter(event=event).select_related("player", "table")
        .order_by("-number")[:RECENT],
        "links": event_links(event),
    }


def _typed(data: Any) -> dict[str, str]:
    """What was typed (and the payment method picked), to show back in a notice and to send again from
    it (cut short: the fields never hold more)."""
    typed = {key: str(data.get(key) or "").strip()[:200] for key in ("name", "nickname", "document")}
    method = str(data.get("method") or "")
    return typed | {"method": method if method in Purchase.Method.values else Purchase.Method.CASH}


def _form_errors(form: PaidRegistrationForm) -> str:
    messages_ = []
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else None
        messages_.extend(f"{label}: {error}" if label else str(error) for error in errors)
    return " ".join(messages_)


def _choice_rows(event: Event, found: list[Player]) -> list[dict[str, Any]]:
    """Players with their entries in this event, each marked `alive` (cannot buy in again yet)."""
    entries = selectors.player_entries(event=event, player_ids=[p.pk for p in found])
    holding = ticket_holders(event=event, player_ids=[p.pk for p in found])
    return [{"player": p, "entries": entries[p.pk], "ticket": p.pk in holding,
             "alive": any(e.status == Entry.Status.ALIVE for e in entries[p.pk])} for p in found]


def _notice(kind: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "message": message, "key": secrets.token_hex(6)} | extra


@role_required(REGISTRATION)
def registration(request: HttpRequest, slug: str) -> HttpResponse:
    """Type a name, Enter: the entry is created, seated, its buy-in recorded as paid by the method picked
    (which stays picked), and its seat card shown."""
    event = event_or_404(slug)
    level = registration_clock_level(event=event)
    if request.method != "POST":
        return render(request, "desk_pages/registration.html",
                      _registration_context(event, _registration_form(request, event), level_position=level))
    form = PaidRegistrationForm(request.POST, initial={"method": _last_method(request)})
    entry, notice = None, None
    if form.is_valid():
        data = form.cleaned_data
        try:
            entry = desk_register_seated(event=event, actor=request.user, level_position=level, name=data["name"],
                                         nickname=data["nickname"], document=data["document"],
                                         player_id=data["player"], new_player=data["new_player"],
                                         method=data["method"])
        except PlayerChoiceNeeded as exc:
            notice = _notice("choose", str(exc), typed=_typed(data), rows=_choice_rows(event, exc.players),
                             new_player_refused=exc.new_player_refused)
        except (TournamentError, CashierError) as exc:
            notice = _notice("refused", str(exc), typed=_typed(data))
        else:
            if data["method"] != Purchase.Method.TICKET and request.session.get(LAST_METHOD) != data["method"]:
                # (a session write only when it changes; a ticket is the one player's, never kept picked)
                request.session[LAST_METHOD] = data["method"]
    else:
        notice = _notice("refused", _form_errors(form), typed=_typed(form.data))
    if entry is not None:
        form = _registration_form(request, event)
    context = _registration_context(event, form, level_position=level, entry=entry, notice=notice)
    if request.htmx:
        return render(request, "desk_pages/registration.html#reply", context | {"reply": True})
    status = 400 if notice is not None and notice["kind"] == "refused" else 200
    return render(request, "desk_pages/registration.html", context, status=status)


@require_POST
@role_required(REGISTRATION)
def entry_cancel(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Cancel an entry registered by mistake (from the list of recent entries); its buy-in is voided."""
    event = event_or_404(slug)
    error, cancelled = "", None
    try:
        # An id past what the database stores names no entry (and must not reach the query).
        cancelled = entry_cancel_with_purchases(event=event, entry_id=min(pk, MAX_ID), actor=request.user)
    except (TournamentError, CashierError) as exc:
        error = str(exc)
    if not request.htmx:
        if error:
            messages.error(request, error)
        else:
            messages.success(request, _("Entry #%(number)d cancelled.") % {"number": cancelled.number})
        return redirect("tournaments:registration", slug=slug)
    if cancelled is not None:
        notice = _notice("cancelled", _("Entry #%(n)s (%(name)s) cancelled.")
                         % {"n": cancelled.number, "name": cancelled.player.name}, entry_id=pk)
    else:
        notice = _notice("refused", error)
    context = _registration_context(event, _registration_form(request, event),
                                    level_position=registration_clock_level(event=event), notice=notice)
    return render(request, "desk_pages/registration.html#reply", context | {"reply": True})


@require_GET
@role_required(REGISTRATION)
def registration_search(request: HttpRequest, slug: str) -> HttpResponse:
    """Players of the festival matching what is typed, with their entries in this event."""
    event = event_or_404(slug)
    query = request.GET.get("name", "")[:120]
    found = selectors.player_search(festival_id=event.festival_id, query=query, limit=SEARCH_SHOWN)
    return render(request, "desk_pages/registration.html#matches",
                  {"event": event, "rows": _choice_rows(event, found.players), "more": found.more, "query": query})


# --- eliminations ---------------------------------------------------------------------------------


def _eliminations_context(event: Event, form: EliminationForm, table: int | None = None, done: Any = None,
                          preview: list[Entry] | None = None, preview_by: list[Entry] | None = None,
                          awards: list[Any] | None = None) -> dict[str, Any]:
    seats = []
    if table is not None:
        seats = list(Entry.objects.filter(event=event, table__number=table, table__event=event,
                                          status=Entry.Status.ALIVE).select_related("player").order_by("seat"))
    recent = selectors.recent_eliminations(event=event, limit=RECENT)
    # The bounty each recent bust paid, and to whom (one query).
    won = awards_of_busts(event=event, bust_ids=[b.pk for el in recent for b in el.busts.all()])
    for el in recent:
        for b in el.busts.all():
            b.awards = won.get(b.pk, [])
    return {
        "event": event,
        "form": form,
        "table": table,
        "seats": seats,
        "done": done,
        "awards": awards or [],
        "preview": preview,
        # The confirmation carries the text shown and the entries named in it (see EliminationForm).
        "preview_seen": " ".join(f"{e.seat}:{e.pk}" for e in preview or ()),
        # Who knocked them out, as shown: None when nobody was named, [] for "by -" (nobody).
        "preview_by": preview_by,
        "preview_seen_by": ("-" if preview_by == [] else " ".join(str(e.pk) for e in preview_by or ())),
        "foreseen": (bounties_foreseen(event=event, busted=preview, eliminators=preview_by)
                     if preview and preview_by else []),
        "has_bounty": bounty_rules(event=event) is not None,
        "recent": recent,
        "summary": _field_summary(event),
        # What the tables need now (balance, break, final table), as the table map shows it (one query).
        "action": tables_needed_action(event=event),
        "links": event_links(event),
    }


def _table_param(request: HttpRequest) -> int | None:
    """The table asked for in ?table= (or the picked table); None when it is not a table number."""
    return field_number(request.GET.get("table") or request.POST.get("pick_table"), Elimination, "table_number")


def _picked_stack(typed: str) -> str:
    """A starting stack typed beside a seat ("12.500", "12,500", "12 500") as the bust line's digits.

    What is not a whole chip count ("12.5", "12,5") goes on as typed, commas as points, so the bust line
    refuses it with the seat and the stack named, instead of reading 125 chips from "12.5".
    """
    typed = typed.strip()
    if not typed:
        return ""
    try:
        return str(parse_chips(typed, maximum=field_max(Bust, "starting_stack")))
    except ValueError:
        return typed.replace(",", ".").replace(" ", "")


def _picked_form(data: Any) -> EliminationForm:
    """The seats ticked on a table's list, as a confirmed bust: the list named who sits at each seat."""
    parts = [data["pick_table"]]
    seen = []
    for seat in data.getlist("seat"):
        stack = _picked_stack(data.get(f"stack_{seat}") or "")
        parts.append(f"{seat}:{stack}" if stack else seat)
        seen.append(f"{seat}:{data.get(f'entry_{seat}', '')}")
    by = " ".join((data.get("by") or "").split())
    seen_by = ""
    if by:
        parts += ["by", by]
        # Seats of the list stand confirmed (it named who sits there); a name goes through the preview.
        named = by.replace(",", " ").split()
        if by == "-":
            seen_by = "-"
        elif all(n.isdigit() and data.get(f"entry_{n}") for n in named):
            seen_by = " ".join(data[f"entry_{n}"] for n in named)
    text = " ".join(parts)
    return EliminationForm({"bust": text, "confirmed": text, "seen": " ".join(seen), "seen_by": seen_by})


def _eliminations_render(request: HttpRequest, context: dict[str, Any], status: int = 200) -> HttpResponse:
    template = "desk_pages/eliminations.html#panel" if request.htmx else "desk_pages/eliminations.html"
    return render(request, template, context, status=status)


@role_required(FLOOR)
def eliminations(request: HttpRequest, slug: str) -> HttpResponse:
    """Bust by table and seat in two Enters ("12 4": who sits there; Enter: out) or by ticking seats on
    a table's list; undo the last bust of a table.

    A bust names the entries the clerk was shown: if a seat's player changed since (a
    second terminal busted them, a late entry sat down), it is refused with who sits
    there now. Bad typing answers 400, a refused bust 409, both with the message.
    """
    event = event_or_404(slug)
    table = _table_param(request)
    if request.method != "POST":
        return _eliminations_render(request, _eliminations_context(event, EliminationForm(), table=table))
    form = _picked_form(request.POST) if "pick_table" in request.POST else EliminationForm(request.POST)
    if not form.is_valid():
        return _eliminations_render(request, _eliminations_context(event, form, table=table), status=400)
    data = form.cleaned_data
    try:
        if data["entry_ids"] is None:
            # First Enter: show who sits there (and who knocked them out), to be confirmed with the next Enter.
            busted_seats = [seat for seat, _stack in data["seats"]]
            preview = selectors.bust_preview(event=event, table_number=data["table"], seats=busted_seats)
            preview_by = None
            if data["eliminators"] is None:
                eliminators_required(event=event, busted=preview)
            else:
                preview_by = eliminators_find(event=event, table_number=data["table"], named=data["eliminators"],
                                              busted_seats=busted_seats)
            confirm = EliminationForm(initial={"bust": data["bust"]})
            return _eliminations_render(request, _eliminations_context(event, confirm, table=table, preview=preview,
                                                                       preview_by=preview_by))
        busts = [SeatBust(seat=seat, starting_stack=stack, entry_id=data["entry_ids"][seat])
                 for seat, stack in data["seats"]]
        by = data["eliminator_ids"]
        # The bust and its bounties in one transaction: a refused bounty leaves nobody busted.
        with transaction.atomic():
            done = entries_eliminate(event=event, table_number=data["table"], busts=busts, actor=request.user,
                                     level_position=registration_clock_level(event=event))
            awards = bounties_award(event=event, elimination=done, actor=request.user,
                                    eliminators={} if by is None else {b.entry_id: by for b in busts})
    except (TournamentError, BountyError) as exc:
        form.add_error("bust", str(exc))
        return _eliminations_render(request, _eliminations_context(event, form, table=table), status=409)
    return _eliminations_render(request, _eliminations_context(event, EliminationForm(), done=done, awards=awards))


@require_POST
@role_required(FLOOR)
def elimination_undo(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Undo a bust (the last one at its table): the players are back in their seats, the bounties it paid are
    taken back. A refusal is a 409."""
    event = event_or_404(slug)
    try:
        bounties_undo(event=event, elimination_id=pk, actor=request.user)
    except (TournamentError, BountyError) as exc:
        # (The form is unbound: the message goes beside it, not into its errors.)
        context = _eliminations_context(event, EliminationForm())
        context["error"] = str(exc)
        return _eliminations_render(request, context, status=409)
    if not request.htmx:
        messages.success(request, _("Elimination undone: the player is back in the seat."))
        return redirect("tournaments:eliminations", slug=slug)
    context = _eliminations_context(event, EliminationForm())
    context["undone"] = True
    return _eliminations_render(request, context)


# --- hand-for-hand --------------------------------------------------------------------------------


@role_required(FLOOR)
def hand_for_hand(request: HttpRequest, slug: str) -> HttpResponse:
    """Hand-for-hand on and off, and the next hand; shows this hand's eliminations.

    A refusal answers 409 (400 for an unknown action) with its message, page or panel."""
    event = event_or_404(slug)
    error, status = "", 200
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "on":
                event = hand_for_hand_set(event=event, on=True, actor=request.user)
            elif action == "off":
                event = hand_for_hand_set(event=event, on=False, actor=request.user)
            elif action == "next":
                event = hand_for_hand_next(event=event, actor=request.user)
            else:
                error, status = _("Unknown action."), 400
        except TournamentError as exc:
            error, status = str(exc), 409
        if not request.htmx and not error:
            return redirect("tournaments:hand_for_hand", slug=slug)
    this_hand = []
    if event.hand_for_hand:
        this_hand = [e for e in selectors.recent_eliminations(event=event, limit=50)
                     if e.hand_for_hand_round == event.hand_for_hand_round]
    tables = selectors.event_tables(event=event)
    context = {"event": event, "error": error, "this_hand": this_hand, "links": event_links(event),
               "tables": tables, "tables_in_play": _tables_in_play(tables),
               "summary": _field_summary(event)}
    template = "desk_pages/hand_for_hand.html#panel" if request.htmx else "desk_pages/hand_for_hand.html"
    return render(request, template, context, status=status)


# --- chip counts ----------------------------------------------------------------------------------


def _parse_chips(value: str) -> int | None:
    """A chip count as typed ("45.000", "45,000", "45000"), None when left empty.

    Raises ValueError (ChipsError) when it is not a whole number the count's field can store.
    """
    return parse_chips(value, maximum=field_max(ChipCount, "chips"))


@role_required(FLOOR)
def chip_counts(request: HttpRequest, slug: str) -> HttpResponse:
    """Type the chip counts of a table (or of everyone); keeps the last count per entry."""
    event = event_or_404(slug)
    table = _table_param(request)
    entries = selectors.seated_entries(event=event)
    if table is not None:
        entries = [e for e in entries if e.table_id and e.table.number == table]
    typed: dict[int, str] = {}
    error = ""
    saved = 0
    status = 200
    addon_chips = extra_chips(event=event)
    if request.method == "POST":
        counts: dict[int, int] = {}
        for entry in entries:
            raw = request.POST.get(f"chips_{entry.pk}", "")
            typed[entry.pk] = raw
            try:
                value = _parse_chips(raw)
            except ValueError:
                error = _("Entry #%(number)d: \"%(value)s\" is not a chip count.") % {"number": entry.number,
                                                                                       "value": raw[:40]}
                status = 400
                break
            if value is not None:
                counts[entry.pk] = value
        if not error:
            try:
                saved = len(chip_counts_record(event=event, counts=counts, actor=request.user,
                                               addon_chips=addon_chips))
            except TournamentError as exc:
                error = str(exc)
                status = 409
            else:
                if not request.htmx:
                    messages.success(request, ngettext("%(n)s chip count saved.", "%(n)s chip counts saved.", saved)
                                     % {"n": saved})
                    url = reverse("tournaments:chip_counts", kwargs={"slug": slug})
                    return redirect(f"{url}?table={table}" if table is not None else url)
                typed = {}
                entries = [e for e in selectors.seated_entries(event=event)
                           if table is None or (e.table_id and e.table.number == table)]
    rows = [{"entry": e, "typed": typed.get(e.pk, "")} for e in entries]
    summary = selectors.event_field_summary(event=event, addon_chips=addon_chips)
    context = {"event": event, "rows": rows, "table": table, "error": error, "saved": saved,
               "chips": selectors.chip_summary(event=event, in_play=summary["total_chips"]), "summary": summary,
               "top": selectors.top_stacks(event=event, limit=10), "links": event_links(event),
               "tables": selectors.event_tables(event=event)}
    template = "desk_pages/chip_counts.html#panel" if request.htmx else "desk_pages/chip_counts.html"
    return render(request, template, context, status=status)
