"""The blind structure pages: the list, the editor (templates and an event's own), copies, files.

The editor is one form of indexed rows. A row operation (add a level or a break, remove, move) is a
post that redraws the table from the rows as sent, saving nothing; Save sends the whole structure to
`structure_saves.structure_page_save` (the clock's position read again there, under its lock), which
validates it as a whole, and a refusal redraws the table with each
problem beside its row and everything typed kept. An event's own structure is edited from the event
(`/events/<slug>/structure/`): the levels the clock has started are shown read-only and the event's
chip set is what the blinds must be payable with; after a save its screens are told at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.db.models import Count, Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, has_role, role_required
from tdconsole.clock.selectors import clock_cache_forget, clock_level_now
from tdconsole.tournaments.exceptions import StructureError
from tdconsole.tournaments.models import Chip, Event, Level, Structure
from tdconsole.tournaments.pages import event_links
from tdconsole.tournaments.structure_edit import (
    row_problems,
    specs_of_levels,
    structure_copy_as_template,
    structure_from_file,
    structure_new,
)
from tdconsole.tournaments.structure_io import (
    structure_csv,
    structure_file_read,
    structure_json,
)
from tdconsole.tournaments.structures import LevelSpec

from .structure_forms import SAVE, EditorRow, EditorRows, StructureFileForm, StructureNameForm, StructureNewForm
from .structure_saves import structure_file_save, structure_page_save

# Events whose structures the list shows beside the templates (the most recent first).
EVENTS_LISTED = 200


# --- where a structure is edited ---------------------------------------------------------------------


def _structure_or_404(slug: str) -> Structure:
    return get_object_or_404(Structure, slug=slug)


def _event_of(structure: Structure) -> Event | None:
    """The event that plays `structure` (an event's own copy), if any."""
    if structure.is_template:
        return None
    return Event.objects.select_related("festival").filter(structure=structure).first()


def _event_or_404(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("festival", "structure"), slug=slug)


def _chips(event: Event | None) -> list[Chip]:
    if event is None or event.chip_set_id is None:
        return []
    return list(Chip.objects.filter(chip_set_id=event.chip_set_id).order_by("value"))


def _playing(event: Event | None) -> int:
    """How many rows have started: the clock's position (0 before the start, or without an event).

    A finished event's structure is history: all of it is locked.
    """
    if event is None:
        return 0
    if event.status == Event.Status.FINISHED:
        return Level.objects.filter(structure_id=event.structure_id).count()
    return clock_level_now(event=event) or 0


def _editor_url(structure: Structure, event: Event | None) -> str:
    if event is not None:
        return reverse("setup_pages:event_structure", kwargs={"slug": event.slug})
    return reverse("setup_pages:structure_edit", kwargs={"slug": structure.slug})


# --- the editor's page -----------------------------------------------------------------------------


def _display_rows(rows: EditorRows, chips: Sequence[Chip], event: Event | None, playing: int) -> list[dict]:
    """Each row with what the table prints beside it: its number, when it starts, the chips it may colour up."""
    colours = {chip.value: chip.colour for chip in chips}
    in_play = [chip.value for chip in chips]
    number = 0
    elapsed: int | None = 0
    out = []
    for index, row in enumerate(rows.rows):
        saved = dict(row.errors)
        spec = row.read()
        row.errors = saved
        if not row.is_break:
            number += 1
        options: list[dict] = []
        if row.is_break and chips:
            chosen = row.cells.get("color_up", "")
            options = [{"value": str(v), "label": f"{v} ({colours[v]})", "selected": str(v) == chosen}
                       for v in in_play]
            if chosen and not any(o["selected"] for o in options):
                # What was typed or stored stays visible, even when it is not a chip in play (the problem says so).
                options.append({"value": chosen, "label": chosen, "selected": True})
            if spec is not None and spec.color_up in in_play:
                in_play = [v for v in in_play if v != spec.color_up]
        out.append({
            "index": index, "row": row, "number": None if row.is_break else number,
            "starts": f"{elapsed // 60}:{elapsed % 60:02d}" if elapsed is not None else "", "options": options,
            "playing": event is not None and index == playing - 1 and event.status != Event.Status.FINISHED,
            "closes_registration": (event is not None and not row.is_break
                                    and event.late_registration_level == number),
            "focus": rows.focus == index,
        })
        elapsed = elapsed + spec.minutes if elapsed is not None and spec is not None else None
    return out


def _context(request: HttpRequest, structure: Structure, event: Event | None, rows: EditorRows, *,
             name: str | None = None, description: str | None = None, saved: bool = False,
             playing: int = 0, chips: Sequence[Chip] = ()) -> dict[str, Any]:
    url = _editor_url(structure, event)
    return {
        "structure": structure,
        "event": event,
        "rows": rows,
        "display": _display_rows(rows, chips, event, playing),
        "chips": chips,
        "name": structure.name if name is None else name,
        "description": structure.description if description is None else description,
        "saved": saved,
        "finished": event is not None and event.status == Event.Status.FINISHED,
        "form_url": url,
        "locked": rows.locked,
        "row_count": len(rows.rows),
        "links": event_links(event) if event is not None else None,
        "pdf_url": (reverse("printing:event_structure_pdf", kwargs={"slug": event.slug}) if event is not None
                    else reverse("printing:structure_pdf", kwargs={"slug": structure.slug})),
    }


def _render(request: HttpRequest, context: dict, status: int = 200) -> HttpResponse:
    template = "setup_pages/structures/edit.html#editor" if request.htmx else "setup_pages/structures/edit.html"
    return render(request, template, context, status=status)


def _editor(request: HttpRequest, structure: Structure, event: Event | None) -> HttpResponse:
    stored = specs_of_levels(Level.objects.filter(structure=structure))
    playing = _playing(event)
    chips = _chips(event)
    denominations = [chip.value for chip in chips] if event is not None and event.chip_set_id else None
    if request.method != "POST":
        rows = EditorRows.of_specs(stored, locked=playing)
        return _render(request, _context(request, structure, event, rows, playing=playing, chips=chips))
    rows = EditorRows.from_post(request.POST, stored=stored, locked=playing)
    name = request.POST.get("name", structure.name)[:500]
    description = request.POST.get("description", structure.description)[:1000]
    op = request.POST.get("op") or SAVE
    keep = {"name": name, "description": description, "playing": playing, "chips": chips}
    if op != SAVE:
        try:
            rows.apply(op, request.POST.get("after"), denominations)
        except ValueError:
            rows.notice = _("Unknown action.")
            return _render(request, _context(request, structure, event, rows, **keep), status=400)
        return _render(request, _context(request, structure, event, rows, **keep))
    specs = rows.specs()
    if specs is None:
        return _render(request, _context(request, structure, event, rows, **keep), status=400)
    try:
        # The rows the clock has started are read again inside the save, under the clock's lock.
        structure_page_save(structure=structure, rows=specs, actor=request.user, name=name, description=description,
                            event=event)
    except StructureError as exc:
        playing = keep["playing"] = _playing(event)
        _explain(rows, specs, stored, playing, denominations, exc)
        return _render(request, _context(request, structure, event, rows, **keep), status=400)
    playing = _playing(event)
    if event is not None:
        # Once the save has committed (the one-time token's transaction may still be open around this view).
        transaction.on_commit(lambda: clock_cache_forget(event=event))
    structure.refresh_from_db()
    if not request.htmx:
        messages.success(request, _("Structure saved."))
        return redirect(_editor_url(structure, event))
    fresh = EditorRows.of_specs(specs_of_levels(Level.objects.filter(structure=structure)), locked=playing)
    return _render(request, _context(request, structure, event, fresh, saved=True, playing=playing, chips=chips))


def _explain(rows: EditorRows, specs: list[LevelSpec], stored: list[LevelSpec], playing: int,
             denominations: list[int] | None, exc: StructureError) -> None:
    """Put the refusal's reasons beside the rows; a started level that was changed goes back as played."""
    general, by_row = row_problems(specs, denominations)
    changed = [i for i in range(min(playing, len(stored))) if i >= len(specs) or specs[i] != stored[i]]
    if changed:
        for i in changed:
            if i < len(rows.rows):
                rows.rows[i] = EditorRow.of(stored[i], locked=True)
        general = [_("The clock reached a level you changed: the levels it has started are shown as they are "
                     "played. Check the rows after them and save again.")] + general
    if not general and not by_row:
        general = [str(exc)]
    rows.place_problems(general, by_row)


@role_required(DIRECTOR)
def structure_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """Edit a structure. An event's own structure opens on its event's page."""
    structure = _structure_or_404(slug)
    event = _event_of(structure)
    if event is not None:
        return redirect("setup_pages:event_structure", slug=event.slug)
    return _editor(request, structure, None)


@role_required(DIRECTOR)
def event_structure(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's own structure in the editor: started levels read-only, the event's chips checked."""
    event = _event_or_404(slug)
    return _editor(request, event.structure, event)


# --- the list, new structures, copies ------------------------------------------------------------------


@role_required(*ANY_STAFF)
def structure_list(request: HttpRequest) -> HttpResponse:
    """The templates, then the structures events play (with the event), each with its links."""
    structures = Structure.objects.annotate(
        n_levels=Count("levels", filter=Q(levels__kind=Level.Kind.LEVEL)),
        n_breaks=Count("levels", filter=Q(levels__kind=Level.Kind.BREAK)),
    )
    templates = list(structures.filter(is_template=True).order_by("name"))
    events = list(
        Event.objects.select_related("festival").prefetch_related(Prefetch("structure", queryset=structures))
        .order_by("-date", "name")[:EVENTS_LISTED])
    return render(request, "setup_pages/structures/list.html", {
        "templates": templates, "events": events, "can_edit": has_role(request.user, [DIRECTOR]),
        "events_listed": EVENTS_LISTED,
    })


@role_required(DIRECTOR)
def structure_create(request: HttpRequest) -> HttpResponse:
    """A new template: from another template's rows, or from one level."""
    form = StructureNewForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            structure = structure_new(name=form.cleaned_data["name"], description=form.cleaned_data["description"],
                                      source=form.cleaned_data["source"], actor=request.user)
        except StructureError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Structure created: add its levels and breaks, then save."))
            return redirect("setup_pages:structure_edit", slug=structure.slug)
    return render(request, "setup_pages/structures/new.html", {"form": form}, status=400 if form.errors else 200)


@role_required(DIRECTOR)
def structure_copy(request: HttpRequest, slug: str) -> HttpResponse:
    """Copy a structure as a new template (from an event's structure: "save as template")."""
    structure = _structure_or_404(slug)
    event = _event_of(structure)
    suggested = (_("%(name)s (copy)") % {"name": structure.name})[:120] if event is None else (
        _("%(event)s structure") % {"event": event.name})[:120]
    form = StructureNameForm(request.POST or None,
                             initial={"name": suggested, "description": structure.description})
    if request.method == "POST" and form.is_valid():
        try:
            copy = structure_copy_as_template(structure=structure, name=form.cleaned_data["name"],
                                              description=form.cleaned_data["description"], actor=request.user,
                                              event=event)
        except StructureError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Template %(name)s saved.") % {"name": copy.name})
            return redirect("setup_pages:structure_edit", slug=copy.slug)
    return render(request, "setup_pages/structures/copy.html", {"form": form, "structure": structure, "event": event},
                  status=400 if form.errors else 200)


# --- files --------------------------------------------------------------------------------------------


def _file_problems(exc: StructureError) -> list[str]:
    return list(getattr(exc, "shown", None) or [str(exc)])


@role_required(DIRECTOR)
def structure_import(request: HttpRequest) -> HttpResponse:
    """A new template from a JSON or CSV file; an unusable file says where and why, and nothing is saved."""
    form = StructureFileForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            parsed = structure_file_read(upload.read(), upload.name or "")
            structure = structure_from_file(
                name=form.cleaned_data["name"] or parsed.name or _("Imported structure"),
                description=parsed.description, specs=parsed.specs, actor=request.user)
        except StructureError as exc:
            problems = _file_problems(exc)
        else:
            messages.success(request, _("Structure imported with %(n)d rows.") % {"n": len(parsed.specs)})
            return redirect("setup_pages:structure_edit", slug=structure.slug)
    status = 400 if problems or form.errors else 200
    context = {"form": form, "problems": problems, "structure": None}
    return render(request, "setup_pages/structures/import.html", context,
                  status=status)


@role_required(DIRECTOR)
def structure_replace(request: HttpRequest, slug: str) -> HttpResponse:
    """Replace a structure's rows with a file's (an event's: only the levels after the one being played)."""
    structure = _structure_or_404(slug)
    event = _event_of(structure)
    form = StructureFileForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if event is not None and event.status == Event.Status.FINISHED:
                raise StructureError(_("The event is finished: its structure cannot change."))
            parsed = structure_file_read(upload.read(), upload.name or "")
            structure_file_save(structure=structure, rows=parsed.specs, actor=request.user, event=event)
        except StructureError as exc:
            problems = _file_problems(exc)
        else:
            if event is not None:
                transaction.on_commit(lambda: clock_cache_forget(event=event))
            messages.success(request, _("Structure replaced with the file's %(n)d rows.") % {"n": len(parsed.specs)})
            return redirect(_editor_url(structure, event))
    status = 400 if problems or form.errors else 200
    return render(request, "setup_pages/structures/import.html",
                  {"form": form, "problems": problems, "structure": structure, "event": event}, status=status)


def _download(content: str, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content.encode("utf-8"), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
@role_required(*ANY_STAFF)
def structure_export(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    """The structure as a JSON file (the templates' shape) or a CSV file."""
    structure = _structure_or_404(slug)
    specs = specs_of_levels(Level.objects.filter(structure=structure))
    if fmt == "csv":
        return _download(structure_csv(specs), f"{structure.slug}.csv", "text/csv; charset=utf-8")
    if fmt != "json":
        raise Http404("No such format")
    event = _event_of(structure)
    text = structure_json(name=structure.name, slug=structure.slug, description=structure.description, specs=specs,
                          starting_stack=event.starting_stack if event is not None else None)
    return _download(text, f"{structure.slug}.json", "application/json; charset=utf-8")
