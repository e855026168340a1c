"""The chip pages: the chip sets (Director), an event's chips in play and its chip set, and the chip race of
a colour-up (Director, Floor).

Views read the form, check the role, call one chip-set service and render; a refusal answers 400 (what was
typed) or 409 (what the events need) with the message and its reasons, as a fragment under htmx.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, FLOOR, has_role, role_required
from tdconsole.cashier.selectors import extra_chips
from tdconsole.clock.selectors import attach_chips, clock_cache_forget, clock_reading, event_chips
from tdconsole.core.bounds import field_max, field_number
from tdconsole.core.money import format_number
from tdconsole.tournaments.chip_race import (
    ChipRaceError,
    colour_up_plan,
    parse_odd_chips,
    race_chips,
    race_rounding,
    rounding_bounds,
)
from tdconsole.tournaments.chipsets import (
    ChipSpec,
    chip_add,
    chip_edit,
    chip_remove,
    chip_set_create,
    chip_set_edit,
    event_chip_set_set,
)
from tdconsole.tournaments.exceptions import ChipSetError
from tdconsole.tournaments.models import Chip, ChipSet, Event, Level
from tdconsole.tournaments.pages import event_links, event_or_404
from tdconsole.tournaments.selectors import event_field_summary, event_tables

from .chip_forms import ChipForm, ChipSetForm, EventChipSetForm, number_param

# A starting stack holds at most this many chips of one colour (a bound for what is typed).
PER_STACK_MAX = 10_000


def _lang(request: HttpRequest) -> str:
    return getattr(request, "LANGUAGE_CODE", None) or "pt-br"


def _chip_set_or_404(pk: int) -> ChipSet:
    if field_number(str(pk), ChipSet, "id") is None:
        raise Http404
    chip_set = ChipSet.objects.select_related("venue").filter(pk=pk).first()
    if chip_set is None:
        raise Http404
    return chip_set


def _chip_or_404(chip_set: ChipSet, chip_id: int) -> Chip:
    if field_number(str(chip_id), Chip, "id") is None:
        raise Http404
    chip = Chip.objects.filter(pk=chip_id, chip_set=chip_set).select_related("chip_set").first()
    if chip is None:
        raise Http404
    return chip


def _status(exc: ChipSetError) -> int:
    """400 for a value typed wrong, 409 for a change the events cannot take."""
    return 400 if exc.field else 409


def _form_errors(form: Any, exc: ChipSetError) -> None:
    if exc.field and exc.field in form.fields:
        form.add_error(exc.field, exc.message)
    else:
        form.add_error(None, exc.message)


# --- chip sets -------------------------------------------------------------------------------------


@role_required(DIRECTOR)
def chip_sets(request: HttpRequest) -> HttpResponse:
    """Every chip set with its chips and how many events play with it (three queries whatever the count)."""
    sets = list(ChipSet.objects.select_related("venue").annotate(n_events=Count("events"))
                .prefetch_related("chips").order_by("name"))
    return render(request, "setup_pages/chips/list.html", {"chip_sets": sets})


@role_required(DIRECTOR)
def chip_set_new(request: HttpRequest) -> HttpResponse:
    """A new chip set: its name and venue; the chips are added on its page."""
    form = ChipSetForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                chip_set = chip_set_create(name=form.cleaned_data["name"], venue=form.cleaned_data["venue"],
                                           actor=request.user)
            except ChipSetError as exc:
                _form_errors(form, exc)
            else:
                messages.success(request, _("Chip set created: now add its chips."))
                return redirect("setup_pages:chip_set", pk=chip_set.pk)
        status = 400
    return render(request, "setup_pages/chips/new.html", {"form": form}, status=status)


def _chip_set_context(chip_set: ChipSet, chip_forms_override: dict[int, ChipForm] | None = None,
                      **extra: Any) -> dict[str, Any]:
    chips = list(chip_set.chips.order_by("value"))
    events = list(Event.objects.filter(chip_set=chip_set).exclude(status=Event.Status.FINISHED)
                  .order_by("date", "name"))
    context = {
        "chip_set": chip_set, "chips": chips, "events": events,
        "chip_forms": {c.pk: ChipForm(initial={"value": c.value, "colour": c.colour, "colour_hex": c.colour_hex},
                                      prefix=f"chip{c.pk}") for c in chips},
        "set_form": ChipSetForm(initial={"name": chip_set.name, "venue": chip_set.venue_id}),
        "add_form": ChipForm(),
        "refusal": "", "problems": [], "refused_chip": None,
    }
    context["chip_forms"].update(chip_forms_override or {})
    for chip in chips:
        chip.form = context["chip_forms"][chip.pk]
    context.update(extra)
    return context


def _chips_answer(request: HttpRequest, chip_set: ChipSet, status: int = 200, **extra: Any) -> HttpResponse:
    """The chip list (htmx) or the whole chip set page."""
    template = "setup_pages/chips/chip_set.html#chips" if request.htmx else "setup_pages/chips/chip_set.html"
    return render(request, template, _chip_set_context(chip_set, **extra), status=status)


@role_required(DIRECTOR)
def chip_set_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A chip set: rename it or move it to a venue (POST), its chips, and the events that play with it."""
    chip_set = _chip_set_or_404(pk)
    if request.method != "POST":
        return _chips_answer(request, chip_set)
    form = ChipSetForm(request.POST)
    if form.is_valid():
        try:
            chip_set_edit(chip_set=chip_set, name=form.cleaned_data["name"], venue=form.cleaned_data["venue"],
                          actor=request.user)
        except ChipSetError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, _("Chip set saved."))
            return redirect("setup_pages:chip_set", pk=chip_set.pk)
    return render(request, "setup_pages/chips/chip_set.html", _chip_set_context(chip_set, set_form=form), status=400)


def _chip_spec(form: ChipForm) -> ChipSpec:
    data = form.cleaned_data
    return ChipSpec(data["value"], data["colour"], data["colour_hex"])


@require_POST
@role_required(DIRECTOR)
def chip_new(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a chip to the set."""
    chip_set = _chip_set_or_404(pk)
    form = ChipForm(request.POST)
    if not form.is_valid():
        return _chips_answer(request, chip_set, 400, add_form=form)
    spec = _chip_spec(form)
    try:
        chip_add(chip_set=chip_set, value=spec.value, colour=spec.colour, colour_hex=spec.colour_hex,
                 actor=request.user)
    except ChipSetError as exc:
        _form_errors(form, exc)
        return _chips_answer(request, chip_set, _status(exc), add_form=form, problems=exc.problems)
    if request.htmx:
        return _chips_answer(request, chip_set, added=spec.value)
    return redirect("setup_pages:chip_set", pk=chip_set.pk)


@require_POST
@role_required(DIRECTOR)
def chip_change(request: HttpRequest, pk: int, chip_id: int) -> HttpResponse:
    """Change a chip's value or colour."""
    chip_set = _chip_set_or_404(pk)
    chip = _chip_or_404(chip_set, chip_id)
    form = ChipForm(request.POST, prefix=f"chip{chip.pk}")
    if not form.is_valid():
        return _chips_answer(request, chip_set, 400, chip_forms_override={chip.pk: form}, refused_chip=chip.pk,
                             refusal=_("Nothing was saved: check the chip's value, colour and swatch."))
    spec = _chip_spec(form)
    try:
        chip_edit(chip=chip, value=spec.value, colour=spec.colour, colour_hex=spec.colour_hex, actor=request.user)
    except ChipSetError as exc:
        return _chips_answer(request, chip_set, _status(exc), refusal=exc.message, problems=exc.problems,
                             refused_chip=chip.pk)
    if request.htmx:
        return _chips_answer(request, chip_set)
    return redirect("setup_pages:chip_set", pk=chip_set.pk)


@require_POST
@role_required(DIRECTOR)
def chip_delete(request: HttpRequest, pk: int, chip_id: int) -> HttpResponse:
    """Take a chip out of the set (refused while an event plays with it)."""
    chip_set = _chip_set_or_404(pk)
    chip = _chip_or_404(chip_set, chip_id)
    try:
        chip_remove(chip=chip, actor=request.user)
    except ChipSetError as exc:
        return _chips_answer(request, chip_set, _status(exc), refusal=exc.message, problems=exc.problems,
                             refused_chip=chip.pk)
    if request.htmx:
        return _chips_answer(request, chip_set)
    messages.success(request, _("Chip removed."))
    return redirect("setup_pages:chip_set", pk=chip_set.pk)


# --- an event's chips ------------------------------------------------------------------------------


@dataclass
class ChipRow:
    """A row of the event's structure with the chips on the tables while it is played."""

    level: Level
    chips: list[dict]
    removed: dict | None  # the chip a colour-up break takes off
    current: bool


def _look(chip: tuple[int, str, str] | None, lang: str) -> dict | None:
    if chip is None:
        return None
    value, colour, code = chip
    return {"value": value, "text": format_number(value, lang), "colour": colour, "hex": code}


def _rows(event: Event, lang: str) -> tuple[list[ChipRow], list[tuple[int, str, str]], Any]:
    levels, reading = clock_reading(event=event)
    chips = event_chips(event=event)
    attach_chips(levels, chips)
    rows = [ChipRow(level=lv, chips=[_look(c, lang) for c in lv.chips], removed=_look(lv.removed_chip, lang),
                    current=reading.position == lv.position) for lv in levels]
    return rows, chips, reading


@role_required(*ANY_STAFF)
def event_chips_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The chips in play at every level and break of the event, its colour-ups, and (Director) its chip set."""
    event = event_or_404(slug)
    status = 200
    form = EventChipSetForm(initial={"chip_set": event.chip_set_id})
    refusal, problems = "", []
    if request.method == "POST":
        if not has_role(request.user, [DIRECTOR]):
            return render(request, "core/forbidden.html#forbidden" if request.htmx else "core/forbidden.html",
                          {"message": _("Only the Director gives an event its chip set.")}, status=403)
        form = EventChipSetForm(request.POST)
        if form.is_valid():
            try:
                event_chip_set_set(event=event, chip_set=form.cleaned_data["chip_set"], actor=request.user)
            except ChipSetError as exc:
                refusal, problems, status = exc.message, exc.problems, 409
            else:
                # The screens show the new chips at their next poll, not after the cache's seconds.
                transaction.on_commit(lambda: clock_cache_forget(event=event))
                messages.success(request, _("Chip set saved."))
                return redirect("setup_pages:event_chips", slug=event.slug)
        else:
            refusal, status = _("Choose one of the chip sets listed."), 400
        event.refresh_from_db()
    rows, chips, _reading = _rows(event, _lang(request))
    chip_set = ChipSet.objects.filter(pk=event.chip_set_id).first() if event.chip_set_id else None
    return render(request, "setup_pages/chips/event_chips.html", {
        "event": event, "links": event_links(event), "rows": rows, "chip_set": chip_set, "form": form,
        "refusal": refusal, "problems": problems, "has_chips": bool(chips),
        "can_edit": has_role(request.user, [DIRECTOR]),
    }, status=status)


# --- the chip race ---------------------------------------------------------------------------------


def _colour_up_rows(rows: list[ChipRow]) -> list[ChipRow]:
    return [row for row in rows if row.level.is_break and row.level.color_up]


def _pick(colour_ups: list[ChipRow], at: int | None, position: int | None) -> ChipRow | None:
    """The colour-up asked for, else the one on the clock or the next one ahead, else the last one."""
    if at is not None:
        return next((row for row in colour_ups if row.level.position == at), None)
    if not colour_ups:
        return None
    if position is not None:
        ahead = [row for row in colour_ups if row.level.position >= position]
        if ahead:
            return ahead[0]
        return colour_ups[-1]
    return colour_ups[0]


def _race_error(exc: ChipRaceError) -> str:
    params = exc.params
    texts = {
        "empty": _("Type each player's odd chips, seat by seat, like 3 0 2 1."),
        "too_many": _("One table seats at most %(limit)s players.") % {"limit": params.get("limit", 10)},
        "not_a_number": _("“%(text)s” is not a number of chips.") % {"text": params.get("text", "")},
        "whole_chip": _("%(value)s odd chips make a whole new chip: exchange %(ratio)s of them first.")
        % {"value": params.get("value", ""), "ratio": params.get("ratio", "")},
        "not_multiple": _("The %(next)s chip is not a whole number of %(removed)s chips: exchange them by value "
                          "at the table.")
        % {"next": params.get("next_chip", ""), "removed": params.get("removed", "")},
    }
    return texts.get(exc.code, _("The chip race cannot be worked out from this."))


@role_required(FLOOR)
def chip_race_page(request: HttpRequest, slug: str) -> HttpResponse:
    """At a colour-up break: what to expect of the field's odd chips, how many new chips to bring, one table's
    race worked out from its odd chips, and the procedure (TDA 24)."""
    event = event_or_404(slug)
    lang = _lang(request)
    rows, chips, reading = _rows(event, lang)
    colour_ups = _colour_up_rows(rows)
    asked = request.GET.get("at", "").strip()
    at = number_param(asked, top=field_max(Level, "position"))
    picked = None if asked and at is None else _pick(colour_ups, at, reading.position)
    context: dict[str, Any] = {
        "event": event, "links": event_links(event), "has_chips": bool(chips), "colour_ups": colour_ups,
        "picked": picked, "problem": "", "plan": None, "table": None, "table_error": "",
        "per_stack": request.GET.get("per_stack", "")[:12], "odd": request.GET.get("odd", "")[:80],
        "chips_url": reverse("setup_pages:event_chips", kwargs={"slug": event.slug}),
        "on_clock": picked is not None and reading.position == picked.level.position,
    }
    status = 200
    if asked and picked is None:
        context["problem"], status = _("The structure has no colour-up at that row."), 404
    if picked is None or not chips:
        return render(request, "setup_pages/chips/chip_race.html", context, status=status)
    removed = picked.removed
    following = picked.chips[0] if picked.chips else None
    if removed is None or following is None:
        context["problem"] = _("The event's chip set has no %(chip)s chip, or keeps no chip after it: give the "
                               "event a chip set that pays its structure.") % {
            "chip": format_number(picked.level.color_up, lang)}
        return render(request, "setup_pages/chips/chip_race.html", context, status=409)
    field = event_field_summary(event=event, addon_chips=extra_chips(event=event))
    tables = sum(1 for t in event_tables(event=event) if t["players"])
    per_stack = number_param(request.GET.get("per_stack"), top=PER_STACK_MAX)
    if request.GET.get("per_stack", "").strip() and per_stack is None:
        context["per_stack_error"] = _("Type how many %(chip)s chips one starting stack holds, from 0 to %(top)s.") % {
            "chip": removed["text"], "top": format_number(PER_STACK_MAX, lang)}
    try:
        plan = colour_up_plan(
            removed=removed["value"], next_chip=following["value"], players=field["players_left"], tables=tables,
            chips_in_play=field["total_chips"], average_stack=field["average_stack"],
            removed_chips=field["entries"] * per_stack if per_stack is not None else None)
    except ChipRaceError as exc:
        context["problem"] = _race_error(exc)
        return render(request, "setup_pages/chips/chip_race.html", context, status=409)
    least, most = rounding_bounds(plan.removed, plan.next_chip)
    context.update(removed=removed, following=following, plan=plan, field=field, tables=tables,
                   per_stack_value=per_stack, table_least=least, table_most=most,
                   average_in_next=field["average_stack"] // plan.next_chip)
    if context["odd"].strip():
        try:
            odd = parse_odd_chips(context["odd"], ratio=plan.ratio)
        except ChipRaceError as exc:
            context["table_error"], status = _race_error(exc), 400
        else:
            total = sum(odd)
            context["table"] = {
                "players": len(odd), "odd": total, "value": total * plan.removed,
                "chips": race_chips(odd_chips=total, ratio=plan.ratio),
                "rounding": race_rounding(odd_chips=total, removed=plan.removed, next_chip=plan.next_chip),
            }
            context["table"]["rounding_size"] = abs(context["table"]["rounding"])
    return render(request, "setup_pages/chips/chip_race.html", context, status=status)
