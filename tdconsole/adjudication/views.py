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
from tdconsole.rules import Hand, HandSpec, IllegalAction, PHHError, hand_to_phh, parse_phh

from .exceptions import AdjudicationError
from .forms import LoadForm, SaveForm, TableSetupForm
from .services import adjudication_save

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
    return post.get("line", "").strip()


def _hand_context(phh: str, lang: str) -> dict[str, Any]:
    spec = parse_phh(phh)
    hand = Hand.replay(spec)
    ruling = hand.ruling(lang)
    names = list(spec.players) if spec.players else spec.labels
    label_names = dict(zip(spec.labels, names, strict=True))
    opts = hand.options() if ruling["status"] == "in_progress" else None
    players = []
    for i, label in enumerate(spec.labels):
        cards = hand.shown[i] or hand.hole[i]
        players.append({
            "label": label, "name": names[i], "stack": hand.stack[i], "bet": hand.bet[i],
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
        "actor_name": names[opts.player] if opts else "", "reason": opts.reason(lang) if opts else "",
        "board": " ".join(hand.board), "history": list(hand.history), "waiting": waiting,
        "label_names": label_names,
        "uncalled": [(label_names[u["player"]], u["amount"]) for u in ruling["uncalled"]],
        "finishing": list(zip(names, ruling["finishing_stacks"], strict=True)) if ruling["finishing_stacks"] else [],
    }


@role_required(FLOOR)
def adjudicate(request: HttpRequest) -> HttpResponse:
    """Set up or load a hand, then replay it action by action with the engine's ruling."""
    lang = _lang()
    setup_form = TableSetupForm(initial=SETUP_INITIAL)
    load_form = LoadForm()
    save_form = SaveForm()
    phh: str | None = None
    action_error: dict[str, Any] | None = None
    typed = ""
    op = request.POST.get("op", "") if request.method == "POST" else ""

    if request.method == "GET" and request.GET.get("phh"):
        load_form = LoadForm(data={"phh_text": request.GET["phh"]})
        if load_form.is_valid():
            phh = load_form.cleaned_data["phh_text"]
    elif op == "setup":
        setup_form = TableSetupForm(request.POST)
        if setup_form.is_valid():
            try:
                phh = hand_to_phh(setup_form.to_spec(), [])
            except Exception as exc:  # the engine's refusal, shown beside the form
                setup_form.add_error(None, str(exc))
    elif op == "load":
        load_form = LoadForm(request.POST, request.FILES)
        if load_form.is_valid():
            phh = load_form.cleaned_data["phh_text"]
    elif op in {"act", "undo", "download", "save"}:
        phh = request.POST.get("phh", "")

    context: dict[str, Any] = {}
    if phh is not None:
        try:
            spec = parse_phh(phh)
        except PHHError as exc:
            load_form = LoadForm(data={"phh_text": phh})
            load_form.is_valid()
            load_form.add_error("phh_text", str(exc))
            phh = None
        else:
            hand = Hand.replay(spec)
            if op == "act":
                typed = _action_from_post(request.POST, spec, hand)
                try:
                    hand.apply(typed)
                except IllegalAction as exc:
                    action_error = {"message": exc.error.message(lang), "rule": exc.error.rule,
                                    "remedy": exc.error.remedy(lang), "code": exc.error.code}
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
                if save_form.is_valid():
                    try:
                        saved = adjudication_save(
                            event=save_form.cleaned_data["event"], phh=phh, actor=request.user,
                            table_number=save_form.cleaned_data["table_number"],
                            note=save_form.cleaned_data["note"], lang=lang,
                        )
                    except AdjudicationError as exc:
                        save_form.add_error(None, str(exc))
                    else:
                        messages.success(request, _("Ruling saved to %(event)s.") % {"event": saved.event})
                        context["saved"] = saved
                        save_form = SaveForm()
            context.update(_hand_context(phh, lang))

    context.update({"setup_form": setup_form, "load_form": load_form, "save_form": save_form,
                    "action_error": action_error, "typed": typed, "lang": lang})
    template = "adjudication/adjudicate.html#work" if request.htmx else "adjudication/adjudicate.html"
    return render(request, template, context)
