"""The desk page "Adjudicate a hand": set up a table or load a PHH, then act step by step.

The page keeps no server-side state: the hand so far travels with every form as PHH text, and
each request replays it through the rules engine before applying the next action.
"""

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tdconsole.accounts.roles import FLOOR, role_required
from tdconsole.core.bounds import field_number
from tdconsole.rules import Hand, HandSpec, IllegalAction, PHHError, hand_to_phh, parse_phh
from tdconsole.tournaments.exceptions import TournamentError
from tdconsole.tournaments.models import Event, Table
from tdconsole.tournaments.tables import table_button_set

from .desk import FloorError, FloorNames, floor_refusal, typed_action
from .exceptions import AdjudicationError
from .forms import LoadForm, SaveForm, TableOriginForm, TableSetupForm, origin_entries_text
from .models import SavedAdjudication
from .selectors import PrefillRefused, TablePrefill, event_by_slug, table_prefill
from .services import adjudication_save, phh_read

SETUP_INITIAL = {"seats": "1 Ana 12000\n4 Bruno 3500\n7 Carla 20000", "button": 7, "small_blind": 100,
                 "big_blind": 200, "ante": 200}


def _lang() -> str:
    return "pt-br" if (get_language() or "pt-br").lower().startswith("pt") else "en"


def _action_from_post(post: Any, spec: HandSpec, hand: Hand) -> str:
    """Turn the pressed button (or the typed line) into one PHH action line."""
    kind = post.get("kind", "")
    opts = hand.options()
    who = f"p{opts.player + 1}" if opts else ""
    if kind == "fold" and opts:
        return f"{who} f"
    if kind in {"check", "call"} and opts:
        return f"{who} cc"
    if kind == "raise" and opts:
        return f"{who} cbr {post.get('amount', '').strip()}"
    if kind == "allin" and opts:
        return f"{who} cbr {opts.raise_max_to}" if opts.raise_max_to else f"{who} cc"
    if kind == "board":
        return f"d db {post.get('cards', '').replace(' ', '')}"
    return typed_action(post.get("line", ""), spec, hand)  # floor language or PHH; FloorError if unreadable


def _hand_context(phh: str, lang: str) -> dict[str, Any]:
    spec = parse_phh(phh)
    hand = Hand.replay(spec)
    ruling = hand.ruling(lang)
    floor = FloorNames(spec, lang)
    ruling = floor.ruling(ruling)
    names = floor.labels
    label_names = dict(zip(spec.labels, names, strict=True))
    opts = hand.options() if ruling["status"] == "in_progress" else None
    players = []
    for i, label in enumerate(spec.labels):
        cards = hand.shown[i] or hand.hole[i]
        players.append({
            "label": label, "name": names[i], "seat": floor.seat_of[i], "stack": hand.stack[i], "bet": hand.bet[i],
            "committed": hand.total[i], "folded": hand.folded[i], "all_in": hand.stack[i] == 0 and not hand.folded[i],
            "cards": " ".join(cards) if cards else "", "to_act": opts is not None and opts.player == i,
        })
    pots = [{**pot, "eligible_names": [label_names[p] for p in pot["eligible"]],
             "awards_named": [(label_names[p], amount) for p, amount in pot["awards"].items()]}
            for pot in ruling["pots"]]
    waiting = ""
    if ruling["status"] == "in_progress" and opts is None:
        waiting = "showdown" if hand.showdown else "board"
    return {
        "phh": phh, "spec": spec, "ruling": ruling, "players": players, "pots": pots, "options": opts,
        "actor_name": names[opts.player] if opts else "", "reason": floor.text(opts.reason(lang)) if opts else "",
        "board": " ".join(hand.board), "history": [(a, floor.action(a)) for a in hand.history], "waiting": waiting,
        "label_names": label_names,
        "uncalled": [(label_names[u["player"]], u["amount"]) for u in ruling["uncalled"]],
        "finishing": list(zip(names, ruling["finishing_stacks"], strict=True)) if ruling["finishing_stacks"] else [],
    }


def _prefill_get(request: HttpRequest, context: dict[str, Any]) -> tuple[dict[str, Any] | None, int]:
    """Read ?event=<slug>&table=<number>[&level=<position>]: the table as it stands, or the refusal.

    Returns the setup form's initial values (None when the page was not opened from a table, or the
    table was refused) and the HTTP status; fills the context with the table and the refusal.
    """
    slug = request.GET.get("event", "").strip()
    raw_table = request.GET.get("table", "").strip()
    if not slug and not raw_table:
        return None, 200
    try:
        table_number = field_number(raw_table, Table, "number")
        if not slug or not table_number:
            raise PrefillRefused(_("Open a dispute from a table: name the event and the table number."), 400)
        raw_level = request.GET.get("level", "").strip()
        level = field_number(raw_level, SavedAdjudication, "level_position") if raw_level else None
        if raw_level and not level:
            raise PrefillRefused(_("The structure has no blind level at position %(position)s.")
                                 % {"position": raw_level[:20]}, 400)
        prefill = table_prefill(event=event_by_slug(slug), table_number=table_number, level_position=level)
    except PrefillRefused as exc:
        context["refusal"] = exc.message
        return None, exc.status
    context["prefill"] = prefill
    context["origin"] = _origin_of(prefill)
    return prefill.form_initial(), 200


def _origin_of(prefill: TablePrefill) -> dict[str, Any]:
    """The hidden fields that carry the table a hand is set up from."""
    return {
        "origin_event": prefill.event.slug, "origin_table": prefill.table.number,
        "origin_entries": origin_entries_text(prefill.table_entries),
        "origin_level": prefill.level.position if prefill.level is not None else "",
    }


def _origin_from(post: Any) -> TableOriginForm | None:
    """The table the hand was set up from, as the page's hidden fields carry it (None: not from a table)."""
    form = TableOriginForm(post)
    if not any(post.get(name) for name in form.fields):
        return None
    return form


def _button_record(request: HttpRequest, origin: TableOriginForm, setup_form: TableSetupForm) -> bool:
    """Record the button the floor set on the table the hand came from; False (with the form's error) if refused."""
    data = origin.cleaned_data
    event = Event.objects.filter(slug=data["origin_event"]).first()
    seat = setup_form.cleaned_data["button"]
    if event is None or not data.get("origin_table"):
        setup_form.add_error(None, _("The table this hand came from could not be read; open the table again."))
        return False
    if Table.objects.filter(event=event, number=data["origin_table"], button_seat=seat).exists():
        return True
    try:
        table_button_set(event=event, table_number=data["origin_table"], seat=seat, actor=request.user)
    except TournamentError as exc:
        setup_form.add_error("button", str(exc))
        return False
    return True


def _prefill_again(context: dict[str, Any], event: Event, origin: TableOriginForm, op: str) -> None:
    """Show the table beside the setup form again while the hand it came from is played.

    The hand's forms keep the origin they carry; a new hand set up from "Start another hand" takes the
    table as it stands now (players may have moved). A table that cannot be read now shows nothing.
    """
    try:
        prefill = table_prefill(event=event, table_number=origin.cleaned_data["origin_table"],
                                level_position=origin.cleaned_data.get("origin_level"))
    except PrefillRefused:
        return
    context["prefill"] = prefill
    if op != "setup":
        context["setup_initial"] = prefill.form_initial()
        context["setup_origin"] = _origin_of(prefill)


@role_required(FLOOR)
def adjudicate(request: HttpRequest) -> HttpResponse:
    """Set up or load a hand, then replay it action by action with the engine's ruling.

    Opened from a table (?event=<slug>&table=<number>), the setup starts from the table as it stands,
    and the hand keeps its link to the event until it is saved.
    """
    lang = _lang()
    context: dict[str, Any] = {}
    initial, status = _prefill_get(request, context) if request.method == "GET" else (None, 200)
    setup_form = TableSetupForm(initial=initial or SETUP_INITIAL)
    load_form = LoadForm()
    prefill = context.get("prefill")
    save_initial = {"event": prefill.event.pk, "table_number": prefill.table.number} if prefill else {}
    phh: str | None = None
    action_error: dict[str, Any] | None = None
    typed = ""
    op = request.POST.get("op", "") if request.method == "POST" else ""
    origin = _origin_from(request.POST) if request.method == "POST" else None
    if origin is not None:
        if origin.is_valid():
            context["origin"] = {name: request.POST.get(name, "") for name in origin.fields}
            save_initial = {"table_number": origin.cleaned_data["origin_table"]}
            event = Event.objects.filter(slug=origin.cleaned_data["origin_event"]).first()
            if event is not None:
                save_initial["event"] = event.pk
                _prefill_again(context, event, origin, op)
        elif op in {"save", "setup"}:
            status = 400  # the hidden fields were damaged: refused with the message, the hand kept
    save_form = SaveForm(initial=save_initial)
    if "setup_initial" in context:  # "Start another hand" starts again from the table as it stands now
        setup_form = TableSetupForm(initial=context.pop("setup_initial"))

    if request.method == "GET" and request.GET.get("phh"):
        load_form = LoadForm(data={"phh_text": request.GET["phh"]})
        if load_form.is_valid():
            phh = load_form.cleaned_data["phh_text"]
    elif op == "setup":
        setup_form = TableSetupForm(request.POST)
        if setup_form.is_valid():
            try:
                spec = setup_form.to_spec()
            except PHHError as exc:  # the engine's refusal, shown beside the form; anything else is a bug
                setup_form.add_error(None, exc.text(lang))
            else:
                if origin is None or (origin.is_valid() and _button_record(request, origin, setup_form)):
                    phh = hand_to_phh(spec, [])
                elif not origin.is_valid():
                    setup_form.add_error(None, " ".join(origin.non_field_errors()))
    elif op == "load":
        load_form = LoadForm(request.POST, request.FILES)
        if load_form.is_valid():
            phh = load_form.cleaned_data["phh_text"]
    elif op in {"act", "undo", "download", "save"}:
        phh = request.POST.get("phh", "")

    if phh is not None:
        try:
            spec = phh_read(phh)
        except PHHError as exc:
            load_form = LoadForm(data={"phh_text": phh})
            load_form.is_valid()
            load_form.add_error("phh_text", exc.text(lang))
            phh = None
        else:
            hand = Hand.replay(spec)
            if op == "act":
                typed = request.POST.get("line", "").strip() if request.POST.get("kind") == "line" else ""
                try:
                    line = _action_from_post(request.POST, spec, hand)
                    typed = typed or line
                    hand.apply(line)
                except FloorError as exc:  # the typed line is not floor language nor PHH
                    action_error = floor_refusal(exc, lang)
                    # A line with two readings: one button per complete reading, to record it as meant.
                    names = FloorNames(spec, lang)
                    action_error["readings"] = [{"line": reading, "text": names.action(reading)}
                                                for reading in exc.readings or () if reading]
                except IllegalAction as exc:
                    action_error = FloorNames(spec, lang).refusal(exc)
                else:
                    phh = hand_to_phh(spec, hand.history)
                    typed = ""
            elif op == "undo":
                kept = hand.history if hand.error is not None else hand.history[:-1]
                phh = hand_to_phh(spec, kept)
            elif op == "download":
                response = HttpResponse(phh, content_type="text/plain; charset=utf-8")
                response["Content-Disposition"] = 'attachment; filename="hand.phh"'
                return response
            elif op == "save":
                save_form = SaveForm(request.POST)
                if origin is not None and not origin.is_valid():
                    save_form.is_valid()
                    save_form.add_error(None, " ".join(origin.non_field_errors()))
                elif save_form.is_valid():
                    from_table = origin.cleaned_data if origin is not None else {}
                    try:
                        saved = adjudication_save(
                            event=save_form.cleaned_data["event"], phh=phh, actor=request.user,
                            table_number=save_form.cleaned_data["table_number"],
                            note=save_form.cleaned_data["note"], lang=lang,
                            table_entries=from_table.get("origin_entries") or None,
                            level_position=from_table.get("origin_level"),
                        )
                    except AdjudicationError as exc:
                        save_form.add_error(None, str(exc))
                        status = 400 if origin is not None else status
                    else:
                        messages.success(request, _("Ruling saved to %(event)s.") % {"event": saved.event})
                        context["saved"] = saved
                        save_form = SaveForm(initial=save_initial)
            context.update(_hand_context(phh, lang))

    context.update({"setup_form": setup_form, "load_form": load_form, "save_form": save_form,
                    "action_error": action_error, "typed": typed, "lang": lang})
    template = "adjudication/adjudicate.html#work" if request.htmx else "adjudication/adjudicate.html"
    return render(request, template, context, status=status)
