"""Reads for an event's dispute history: the saved disputes, each told in floor language.

A saved dispute keeps its PHH and the ruling the engine gave when it was saved. The pages and
the decision sheet replay the PHH in the reader's language (the engine is deterministic, so the
pots and awards are the saved ones) to name players "Ana (seat 3)" and to cite the rules in that
language; the stored ruling is used as it is when the hand no longer replays.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from tdconsole.adjudication.models import FloorDecision
from tdconsole.clock.selectors import clock_structure
from tdconsole.core.money import format_number
from tdconsole.rules import Hand, HandSpec, PHHError, parse_phh
from tdconsole.tournaments.models import Event

from .desk import FloorNames
from .models import SavedAdjudication

# The rule an explanation step applies, written at its end: "... wins it. [TDA 12]".
_CITATION = re.compile(r"\s*\[([^\[\]]+)\]\s*$")


def lang_of(language: str | None) -> str:
    """The engine's two languages: 'pt-br' for any Portuguese, otherwise 'en'."""
    return "pt-br" if (language or "pt-br").lower().startswith("pt") else "en"


def disputes_for_event(*, event: Event, table: int | None = None) -> QuerySet[SavedAdjudication]:
    """The event's saved disputes (or one table's), newest first, with who saved them and their floor decisions."""
    disputes = (
        SavedAdjudication.objects.filter(event=event)
        .select_related("created_by")
        .prefetch_related(Prefetch("floor_decisions", queryset=FloorDecision.objects.order_by("decided_at", "pk")))
        .order_by("-created_at", "-pk")
    )
    if table is not None:
        disputes = disputes.filter(table_number=table)
    return disputes


def dispute_get(*, pk: int) -> SavedAdjudication:
    """One saved dispute with its event and author (DoesNotExist when there is none)."""
    return SavedAdjudication.objects.select_related("event__festival", "created_by").get(pk=pk)


def dispute_floor_decisions(*, dispute: SavedAdjudication) -> list[FloorDecision]:
    return list(dispute.floor_decisions.select_related("decided_by", "entry").order_by("decided_at", "pk"))


def dispute_local_time(dispute: SavedAdjudication) -> datetime:
    """When the dispute was saved, in the active time zone (the room's), not UTC."""
    return timezone.localtime(dispute.created_at)


def dispute_filename(dispute: SavedAdjudication, extension: str) -> str:
    """A file name that says which hand it is: <event>-table<n>-<local time>-<id>.<ext>."""
    table = f"-table{dispute.table_number}" if dispute.table_number else ""
    when = dispute_local_time(dispute).strftime("%Y%m%d-%H%M")
    return f"{dispute.event.slug}{table}-{when}-{dispute.pk}.{extension}"


def _spec(dispute: SavedAdjudication) -> HandSpec | None:
    try:
        return parse_phh(dispute.phh)
    except PHHError:
        return None


def _labels(spec: HandSpec | None, ruling: dict[str, Any], lang: str) -> dict[str, str]:
    """Engine label (p1, p2, ...) -> floor name in `lang` ("Ana (seat 1)"); the labels themselves without a spec."""
    if spec is None:
        return {label: label for label in ruling.get("players", [])}
    return dict(zip(spec.labels, FloorNames(spec, lang).labels, strict=True))


def pot_name(index: int) -> str:
    return _("Main pot") if index == 0 else _("Side pot %(n)s") % {"n": index}


def outcome_line(ruling: dict[str, Any], names: dict[str, str], lang: str, floor: FloorNames | None = None) -> str:
    """The ruling in one line: who won what (by floor names), or why the hand stopped."""
    status = ruling.get("status")
    if status == "invalid" and ruling.get("error"):
        error = ruling["error"]
        rule = f" [{error['rule']}]" if error.get("rule") else ""
        action = floor.action(error["action"]) if floor is not None else _relabel(error["action"], names)
        return _("Illegal action stopped the hand: %(action)s%(rule)s") % {"action": action, "rule": rule}
    if status != "complete":
        to_act = ruling.get("to_act") or {}
        if to_act.get("player"):
            return _("Hand not finished: %(name)s to act.") % {"name": names.get(to_act["player"], to_act["player"])}
        return _("Hand not finished.")
    parts = []
    for index, pot in enumerate(ruling.get("pots", [])):
        awards = pot.get("awards") or {}
        if len(awards) == 1:
            (winner, _amount), = awards.items()
            who = names.get(winner, winner)
        else:
            who = ", ".join(f"{names.get(p, p)} {format_number(a, lang)}" for p, a in awards.items())
        parts.append(_("%(pot)s %(amount)s to %(who)s") % {
            "pot": pot_name(index), "amount": format_number(pot["amount"], lang), "who": who})
    return "; ".join(parts) or _("No pot.")


def _relabel(text: str, names: dict[str, str]) -> str:
    return re.sub(r"(?<!\w)p[1-9][0-9]*(?!\w)", lambda m: names.get(m.group(0), m.group(0)), text)


@dataclass
class DisputeRow:
    """One line of the history."""

    dispute: SavedAdjudication
    when: datetime
    outcome: str
    decisions: int


def dispute_rows(*, event: Event, table: int | None = None, lang: str) -> list[DisputeRow]:
    """The history's lines (two queries and the prefetch, whatever their number); outcomes in `lang`."""
    rows = []
    with override(lang):
        for dispute in disputes_for_event(event=event, table=table):
            spec = _spec(dispute)
            names = _labels(spec, dispute.ruling, lang)
            floor = FloorNames(spec, lang) if spec is not None else None
            rows.append(DisputeRow(dispute, dispute_local_time(dispute),
                                   outcome_line(dispute.ruling, names, lang, floor),
                                   len(dispute.floor_decisions.all())))
    return rows


@dataclass
class DisputeRecord:
    """Everything a page or the decision sheet tells about one dispute, in one language."""

    dispute: SavedAdjudication
    lang: str
    when: datetime
    level: str
    status: str
    outcome: str
    players: list[dict[str, Any]] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    board: str = ""
    shown: list[tuple[str, str]] = field(default_factory=list)
    pots: list[dict[str, Any]] = field(default_factory=list)
    uncalled: list[tuple[str, int]] = field(default_factory=list)
    finishing: list[tuple[str, int]] = field(default_factory=list)
    steps: list[tuple[str, str]] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    error: dict[str, Any] | None = None
    decisions: list[FloorDecision] = field(default_factory=list)
    involved: list[str] = field(default_factory=list)
    replayed: bool = True


def _level_text(dispute: SavedAdjudication) -> str:
    """"5 · 400/800 · ante 800" for the level the hand was played at (shown beside "Level"); "" when unknown."""
    if dispute.level_position is None:
        return ""
    for level in clock_structure(event=dispute.event):
        if level.position == dispute.level_position:
            if level.is_break:
                return _("Break")
            text = _("%(number)s · %(sb)s/%(bb)s") % {
                "number": level.number, "sb": format_number(level.small_blind, _lang()),
                "bb": format_number(level.big_blind, _lang())}
            if level.ante:
                text += " · " + _("ante %(ante)s") % {"ante": format_number(level.ante, _lang())}
            return text
    return ""


def _lang() -> str:
    from django.utils.translation import get_language

    return lang_of(get_language())


def split_citation(step: str) -> tuple[str, str]:
    """("text of the step", "TDA 12") from "text of the step. [TDA 12]"."""
    match = _CITATION.search(step)
    if not match:
        return step, ""
    return step[:match.start()], match.group(1)


def dispute_record(*, dispute: SavedAdjudication, lang: str) -> DisputeRecord:
    """The dispute told in `lang`: players by seat, actions in floor words, pots by name, steps and rules."""
    with override(lang):
        spec = _spec(dispute)
        hand = Hand.replay(spec) if spec is not None else None
        ruling = hand.ruling(lang) if hand is not None else dispute.ruling
        names = _labels(spec, ruling, lang)
        floor = FloorNames(spec, lang) if spec is not None else None
        if floor is not None:
            ruling = floor.ruling(ruling)
        record = DisputeRecord(
            dispute=dispute, lang=lang, when=dispute_local_time(dispute), level=_level_text(dispute),
            status=ruling["status"], outcome=outcome_line(ruling, names, lang, floor), replayed=hand is not None,
            decisions=dispute_floor_decisions(dispute=dispute),
        )
        settled = hand.settle().pots if hand is not None and ruling["status"] == "complete" else []
        if spec is not None and hand is not None and floor is not None:
            for seat, player in sorted(floor.seats.items()):
                i = player.player
                cards = hand.shown[i]
                record.players.append({"seat": seat, "name": names[spec.labels[i]],
                                       "stack": spec.starting_stacks[i], "label": spec.labels[i],
                                       "shown": " ".join(cards) if cards else ""})
            record.actions = [floor.action(line) for line in hand.history if not line.startswith("d dh")]
            record.board = " ".join(hand.board)
            record.shown = [(p["name"], p["shown"]) for p in record.players if p["shown"]]
        for index, pot in enumerate(ruling["pots"]):
            odd = settled[index].odd_units * spec.smallest_chip if index < len(settled) and spec else 0
            record.pots.append({
                "name": pot_name(index), "amount": pot["amount"],
                "eligible": [names.get(p, p) for p in pot["eligible"]],
                "awards": [(names.get(p, p), amount) for p, amount in (pot.get("awards") or {}).items()],
                "odd_chips": odd,
            })
        record.uncalled = [(names.get(u["player"], u["player"]), u["amount"]) for u in ruling.get("uncalled", [])]
        if ruling.get("finishing_stacks"):
            record.finishing = [(names.get(label, label), chips)
                                for label, chips in zip(ruling["players"], ruling["finishing_stacks"], strict=True)]
        for step in ruling.get("explanation") or []:
            text, rule = split_citation(step)
            if floor is None:
                text = _relabel(text, names)
            record.steps.append((text, rule))
            if rule and rule not in record.citations:
                record.citations.append(rule)
        if ruling.get("error"):
            record.error = ruling["error"]
            if ruling["error"].get("rule") and ruling["error"]["rule"] not in record.citations:
                record.citations.append(ruling["error"]["rule"])
        record.involved = [names[label] for label in _involved(ruling, hand, spec)]
    return record


def _involved(ruling: dict[str, Any], hand: Hand | None, spec: HandSpec | None) -> list[str]:
    """The players who sign: those still in at the end (or every player when that is unknown)."""
    labels = list(ruling.get("players", []))
    if hand is None or spec is None:
        return labels
    involved = [label for i, label in enumerate(spec.labels) if not hand.folded[i]]
    error = ruling.get("error")
    actor = re.match(r"(p[1-9][0-9]*)\s", error["action"]) if error else None
    if actor and actor.group(1) not in involved:  # who made the disputed action signs too
        involved.append(actor.group(1))
    return sorted(involved, key=labels.index) if involved else labels
