"""The structure generator's pages: a new structure built to end near a target time, and the levels of a
running event retargeted to a new end time.

Both proposals are read with GET (a link to a proposal works, and nothing is saved); creating the
structure and applying a retarget are POSTs carrying the one-time token. Refusals answer 400 (what was
typed) or 409 (the clock or the structure moved since the proposal) with the message in the page.
"""

from __future__ import annotations

import json
from datetime import datetime, time, timedelta
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tdconsole.accounts.roles import DIRECTOR, role_required
from tdconsole.core.bounds import whole_number
from tdconsole.core.money import format_number
from tdconsole.tournaments.events import structure_create
from tdconsole.tournaments.exceptions import StructureError
from tdconsole.tournaments.generator import MAX_LEVELS, GeneratorError, Plan, Row, generate
from tdconsole.tournaments.generator_text import duration_text, generator_message, parse_time_of_day
from tdconsole.tournaments.pages import event_links, event_or_404

from .generator_forms import DEFAULT_CHIPS, CreateForm, GeneratorForm, RetargetForm
from .retarget import (
    RetargetState,
    current_end,
    retarget_plan,
    retarget_state,
    structure_retarget_apply,
)

MAX_ROWS_TEXT = 100_000
GENERATOR_FIELDS = ("stack", "entries", "level_minutes", "hours", "starts_at", "ends_at", "chip_set", "chips",
                    "ante_style", "break_every", "break_minutes")


def _clock(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%H:%M")


def _at(start: time | None, minutes: int) -> str:
    """A row's start: a time of day after `start`, or hours:minutes from the start."""
    if start is None:
        return f"{minutes // 60}:{minutes % 60:02d}"
    total = (start.hour * 60 + start.minute + minutes) % (24 * 60)
    return f"{total // 60:02d}:{total % 60:02d}"


def table_rows(rows: list[Row] | tuple[Row, ...], *, first_number: int = 1,
               starts: Any = None) -> list[dict[str, Any]]:
    """Rows for a table: each with its level number (breaks: None) and when it starts (`starts(minutes)`
    gives the text for the minutes from the first row)."""
    out, minutes, number = [], 0, first_number - 1
    for row in rows:
        if not row.is_break:
            number += 1
        out.append({"row": row, "number": None if row.is_break else number,
                    "starts": starts(minutes) if starts else ""})
        minutes += row.minutes
    return out


def _summary(plan: Plan) -> dict[str, Any]:
    lang = get_language() or "pt-br"
    return {
        "end_level": plan.end_level,
        "growth": round((plan.growth - 1) * 100),
        "depth": round(plan.start_depth) if plan.start_depth else None,
        "total_chips": format_number(plan.total_chips, lang),
    }


def _generator_context(form: GeneratorForm, plan: Plan | None, error: str | None) -> dict[str, Any]:
    context: dict[str, Any] = {"form": form, "plan": plan, "error": error}
    if plan is not None:
        start = form.cleaned_data.get("start")
        context |= {
            "rows": table_rows(plan.rows, starts=lambda m: _at(start, m)),
            "start": start,
            "end_after": duration_text(plan.expected_end_minutes),
            "end_at": _at(start, plan.expected_end_minutes) if start else None,
            "summary": _summary(plan),
            "create_fields": [(name, form.data.get(name, "")) for name in GENERATOR_FIELDS],
            "suggested_name": _suggested_name(form),
        }
    return context


def _suggested_name(form: GeneratorForm) -> str:
    data = form.cleaned_data
    lang = get_language() or "pt-br"
    return _("%(stack)s chips, %(minutes)s-minute levels, %(duration)s") % {
        "stack": format_number(data["stack_value"], lang), "minutes": data["minutes_value"],
        "duration": duration_text(data["target_minutes"])}


def _propose(form: GeneratorForm) -> tuple[Plan | None, str | None]:
    if not form.is_valid():
        return None, None
    try:
        return generate(**form.generator_arguments()), None
    except GeneratorError as exc:
        return None, generator_message(exc)


def _editor_url(slug: str) -> str | None:
    try:
        return reverse("setup_pages:structure_edit", kwargs={"slug": slug})
    except NoReverseMatch:
        return None


@role_required(DIRECTOR)
@require_http_methods(["GET", "POST"])
def generate_structure(request: HttpRequest) -> HttpResponse:
    """The generator: the form, the proposal read with GET, "Create this structure" with POST."""
    template = "setup_pages/generator/generate.html#work" if request.htmx else "setup_pages/generator/generate.html"
    if request.method == "POST":
        return _create(request, template)
    bound = any(name in request.GET for name in GENERATOR_FIELDS)
    form = GeneratorForm(request.GET if bound else None, initial={"chips": DEFAULT_CHIPS})
    plan, error = _propose(form) if bound else (None, None)
    status = 400 if bound and plan is None else 200
    context = _generator_context(form, plan, error) | {"htmx": bool(request.htmx)}
    return render(request, template, context, status=status)


def _create(request: HttpRequest, template: str) -> HttpResponse:
    """Create the structure proposed (the same fields give the same proposal) under the name typed."""
    form = GeneratorForm(request.POST)
    plan, error = _propose(form)
    named = CreateForm(request.POST)
    name_error = None
    if plan is not None and not named.is_valid():
        name_error = " ".join(str(e) for e in named.errors.get("name", [])) or _("Give the structure a name.")
    if plan is not None and name_error is None:
        data = form.cleaned_data
        try:
            structure = structure_create(
                name=named.cleaned_data["name"], rows=[row.as_spec() for row in plan.rows], actor=request.user,
                description=_("Generated for %(entries)s entries, ending about %(duration)s after the start.") % {
                    "entries": format_number(data["entries_value"], get_language() or "pt-br"),
                    "duration": duration_text(plan.expected_end_minutes)},
            )
        except StructureError as exc:
            name_error = exc.message
        else:
            messages.success(request, _("Structure “%(name)s” created with %(levels)s levels.") % {
                "name": structure.name, "levels": sum(1 for r in plan.rows if not r.is_break)})
            return redirect(_editor_url(structure.slug) or reverse("setup_pages:structure_generate"))
    context = _generator_context(form, plan, error) | {"htmx": bool(request.htmx), "name_error": name_error}
    return render(request, template, context, status=400)


# --- retargeting an event ------------------------------------------------------------------------------


def _retarget_context(request: HttpRequest, event: Any, state: RetargetState, form: RetargetForm,
                      **extra: Any) -> dict[str, Any]:
    lang = get_language() or "pt-br"
    number = sum(1 for r in state.rows[:state.position or 0] if not r.is_break)
    first_remaining = state.now + timedelta(seconds=state.seconds_left)
    now_end = current_end(state) if state.started else None
    context = {
        "event": event, "links": event_links(event), "state": state, "form": form,
        "playing": state.rows[state.position - 1] if state.position else None,
        "playing_number": number,
        "remaining": table_rows(state.remaining, first_number=number + 1,
                                starts=lambda m: _clock(first_remaining + timedelta(minutes=m))
                                if state.started else _at(None, m)),
        "now_end": _clock(now_end) if now_end else None,
        "total_chips": format_number(state.total_chips, lang),
        "entries": format_number(state.entries, lang),
        "left": state.seconds_left,
        "chips_text": ", ".join(format_number(chip, lang) for chip in state.denominations),
    }
    return context | extra


def _proposal(event: Any, state: RetargetState, form: RetargetForm) -> dict[str, Any]:
    """The proposal for the form's target, or the refusal; {} while the form is not sent."""
    if not form.is_bound or not form.is_valid():
        return {}
    data = form.cleaned_data
    try:
        plan, origin, target = retarget_plan(event=event, state=state, end=data["end"], start=data.get("start"),
                                             entries=data.get("entries_value"))
    except GeneratorError as exc:
        return {"error": generator_message(exc)}
    kept_number = sum(1 for r in plan.rows[:plan.kept] if not r.is_break)
    first_new = origin + timedelta(seconds=state.seconds_left if state.started else 0)
    new_rows = list(plan.new_rows)
    return {
        "plan": plan,
        "proposed": table_rows(new_rows, first_number=kept_number + 1,
                               starts=lambda m: _clock(first_new + timedelta(minutes=m))),
        "plan_end": _clock(origin + timedelta(seconds=plan.expected_end_seconds)),
        "target_at": _clock(target),
        "origin_at": _clock(origin),
        "summary": _summary(plan),
        "rows_json": json.dumps([row.as_spec() for row in new_rows]),
        "target_text": data.get("ends_at", ""),
    }


@role_required(DIRECTOR)
@require_http_methods(["GET", "POST"])
def retarget_structure(request: HttpRequest, slug: str) -> HttpResponse:
    """The remaining levels of an event proposed again to end near a time of day; "Apply" saves them."""
    event = event_or_404(slug)
    template = "setup_pages/generator/retarget.html#work" if request.htmx else "setup_pages/generator/retarget.html"
    if request.method == "POST":
        return _apply(request, event)
    state = retarget_state(event=event)
    bound = "ends_at" in request.GET
    form = RetargetForm(request.GET if bound else None, started=state.started)
    proposal = _proposal(event, state, form)
    status = 400 if bound and "plan" not in proposal else 200
    return render(request, template, _retarget_context(request, event, state, form, **proposal), status=status)


ROW_NUMBERS = ("minutes", "small_blind", "big_blind", "ante", "color_up")


def _readable(rows: Any) -> bool:
    """Whether the rows sent are what the page put there: a list of objects of whole numbers (JSON also
    reads 1.5, NaN and Infinity, which a row never holds)."""
    if not isinstance(rows, list) or not rows or len(rows) > MAX_LEVELS:
        return False
    for row in rows:
        if not isinstance(row, dict) or not isinstance(row.get("kind", ""), str):
            return False
        for name in ROW_NUMBERS:
            value = row.get(name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                return False
    return True


def _apply(request: HttpRequest, event: Any) -> HttpResponse:
    text = request.POST.get("rows", "")
    position_text = request.POST.get("position", "")
    position = whole_number(position_text) if position_text else None
    error = None
    rows: Any = None
    if len(text) > MAX_ROWS_TEXT or (position_text and (position is None or position > MAX_LEVELS)):
        error = _("This proposal cannot be read: make it again.")
    else:
        try:
            rows = json.loads(text)
        except ValueError:
            error = _("This proposal cannot be read: make it again.")
        if error is None and not _readable(rows):
            error = _("This proposal cannot be read: make it again.")
    target, expected = (parse_time_of_day(request.POST.get(name, "")[:10]) for name in ("target", "expected"))
    if error is None and (target is None or expected is None):
        error = _("This proposal cannot be read: make it again.")
    status = 400
    if error is None:
        assert target is not None and expected is not None
        try:
            structure_retarget_apply(event=event, rows=rows, position=position,
                                     version=request.POST.get("version", "")[:40], target=target.strftime("%H:%M"),
                                     expected=expected.strftime("%H:%M"), actor=request.user)
        except StructureError as exc:
            error, status = exc.message, 409
        else:
            messages.success(request, _("The remaining levels are saved: the model now expects the end near "
                                        "%(time)s.") % {"time": expected.strftime("%H:%M")})
            return redirect(reverse("setup_pages:event_retarget", kwargs={"slug": event.slug}))
    state = retarget_state(event=event)
    form = RetargetForm(started=state.started)
    template = "setup_pages/generator/retarget.html#work" if request.htmx else "setup_pages/generator/retarget.html"
    return render(request, template, _retarget_context(request, event, state, form, apply_error=error),
                  status=status)
