"""Applying a saved ruling to its event, and undoing the application as a whole.

A dispute opened from a table is saved with the entries that sat there (`table_entries`). Applying
its ruling does at once what the floor would otherwise type in four places: the players the hand
eliminated are busted (places by starting stack, as `tournaments.eliminations` gives them), the
survivors' chip counts become their finishing stacks, the floor decision is logged, and the table's
button moves on (`rules.button.next_hand`). `application_preview` shows all of it on one screen;
`ruling_apply` writes it in one transaction; `ruling_apply_undo` takes it all back while nothing
newer happened at that table. The hand is replayed from its PHH in the reader's language, so the
decision logged reads in the language of whoever applies it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.adjudication.decisions import floor_decision_record
from tdconsole.adjudication.exceptions import FloorDecisionError
from tdconsole.adjudication.models import FloorDecision
from tdconsole.audit.services import audit_record
from tdconsole.cashier.selectors import extra_chips
from tdconsole.clock.selectors import clock_level_now
from tdconsole.payouts.calc import awards_for_places
from tdconsole.payouts.selectors import event_payout_amounts
from tdconsole.rules import ButtonError, Hand, HandSpec, NextHand, next_hand, parse_phh
from tdconsole.tournaments.chipcounts import chip_counts_record
from tdconsole.tournaments.eliminations import SeatBust, elimination_undo, entries_eliminate
from tdconsole.tournaments.exceptions import TournamentError
from tdconsole.tournaments.flights import place_scope
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Bust, ChipCount, Elimination, Entry, Event, Table
from tdconsole.tournaments.places import BustRank, group_places

from .desk import FloorNames
from .exceptions import AdjudicationError
from .models import RulingApplication, SavedAdjudication

QUESTION_MAX = 2000
RULE_CITED_MAX = 120  # FloorDecision.rule_cited


class ApplyError(AdjudicationError):
    """A saved ruling cannot be applied (or its application undone); the message says why."""


def entry_label(name: str, seat: int | None, number: int) -> str:
    """A player as this screen names him: "Ana (seat 3, #12)"."""
    if seat is None:
        return _("%(name)s (#%(number)s)") % {"name": name, "number": number}
    return _("%(name)s (seat %(seat)s, #%(number)s)") % {"name": name, "seat": seat, "number": number}


@dataclass
class HandSeat:
    """One player of the disputed hand, with the entry that sat there and what the hand leaves him."""

    seat: int
    name: str  # as the hand history names him
    entry_id: int | None
    entry: Entry | None
    start: int
    finish: int
    # The stack busts of one hand are ranked by: what the player held once the ante was paid (with a big
    # blind ante only the big blind's differs from `start`; see the rules reference on simultaneous busts).
    ranked: int = 0
    changed: str = ""  # why this seat's player is not the one of the hand any more
    chips_before: int | None = None  # the entry's last chip count before the ruling
    place: int | None = None
    prize: Decimal | None = None
    in_the_money: bool = False

    @property
    def label(self) -> str:
        if self.entry is None:
            return self.name or _("seat %(seat)s") % {"seat": self.seat}
        return entry_label(self.entry.player.name, self.seat, self.entry.number)

    @property
    def busted(self) -> bool:
        return self.finish == 0


@dataclass
class ApplicationPreview:
    """Everything applying a saved ruling would change, for the confirmation screen."""

    saved: SavedAdjudication
    event: Event
    refusal: str = ""
    ruling: dict[str, Any] | None = None
    seats: list[HandSeat] = field(default_factory=list)
    places_wait: bool = False  # registration still open: places are given when it closes
    out_in: str = ""  # a flight waiting for the whole field: its busts show as "out in Day 1B"
    money: list[str] = field(default_factory=list)
    question: str = ""
    decision: str = ""
    rule_cited: str = ""
    button: NextHand | None = None
    button_before: int | None = None
    button_applied: int | None = None  # where the application put the button
    button_error: str = ""
    button_steps: list[str] = field(default_factory=list)
    application: RulingApplication | None = None
    undo_refusal: str = ""

    @property
    def busted(self) -> list[HandSeat]:
        return sorted([s for s in self.seats if s.busted], key=lambda s: (s.place or 0, -s.ranked, s.seat))

    @property
    def survivors(self) -> list[HandSeat]:
        return [s for s in self.seats if not s.busted]

    @property
    def can_apply(self) -> bool:
        return not self.refusal


def _lang_of(lang: str) -> str:
    return "pt-br" if lang.lower().startswith("pt") else "en"


def _replay(saved: SavedAdjudication, lang: str) -> tuple[HandSpec, dict[str, Any], FloorNames]:
    spec = parse_phh(saved.phh)
    floor = FloorNames(spec, lang)
    return spec, floor.ruling(Hand.replay(spec).ruling(lang)), floor


def _rules_cited(steps: list[str]) -> str:
    """The rules the ruling's steps cite ("[TDA 21]" at a step's end), each once, as many as the field holds."""
    cited: list[str] = []
    for step in steps:
        if step and step.endswith("]") and "[" in step:
            rule = step[step.rindex("[") + 1:-1].strip()
            if rule and rule not in cited:
                cited.append(rule)
    text = ""
    for rule in cited:
        longer = f"{text}, {rule}" if text else rule
        if len(longer) > RULE_CITED_MAX:
            break
        text = longer
    return text


def _question(saved: SavedAdjudication, steps: list[str]) -> str:
    if saved.note.strip():
        return saved.note.strip()[:QUESTION_MAX]
    first = next((s for s in steps if s), "")
    return _("Dispute at table %(table)s: %(line)s") % {"table": saved.table_number, "line": first}


def _ruling_refusal(saved: SavedAdjudication, ruling: dict[str, Any]) -> str:
    if not saved.table_entries or saved.table_number is None:
        return _("This ruling was not saved from a table of the event (no record of who sat where): "
                 "apply it by hand, at the bust, chip-count and floor-decision pages.")
    if ruling["status"] == "invalid":
        return _("The hand stops at an illegal action: correct it in the adjudicator before applying the ruling.")
    if ruling["status"] != "complete" or ruling.get("finishing_stacks") is None:
        return _("The hand is not finished: play it to the end in the adjudicator before applying the ruling.")
    return ""


def _hand_seats(spec: HandSpec, ruling: dict[str, Any], saved: SavedAdjudication, floor: FloorNames) -> list[HandSeat]:
    seats = []
    stacks = ruling["finishing_stacks"]
    antes = Hand(spec).ante_paid  # posted as the hand is dealt, before any action
    for seat, player in sorted(floor.seats.items(), key=lambda item: item[1].player):
        raw = saved.table_entries.get(str(seat))
        entry_id = raw if isinstance(raw, int) and not isinstance(raw, bool) else None
        if entry_id is None and isinstance(raw, str) and raw.isdigit():
            entry_id = int(raw)
        seats.append(HandSeat(seat=seat, name=player.name or "", entry_id=entry_id, entry=None,
                              start=spec.starting_stacks[player.player], finish=stacks[player.player],
                              ranked=spec.starting_stacks[player.player] - antes[player.player]))
    return seats


def _seats_check(event: Event, table_number: int, seats: list[HandSeat]) -> str:
    """Attach each seat's entry and say which seats changed since the hand (empty when none did)."""
    ids = [s.entry_id for s in seats if s.entry_id is not None]
    entries = {e.pk: e for e in Entry.objects.select_related("player", "table").filter(event=event, pk__in=ids)}
    problems = []
    for s in seats:
        s.entry = entries.get(s.entry_id) if s.entry_id is not None else None
        entry = s.entry
        if entry is None:
            s.changed = _("Table %(table)s, seat %(seat)s: nobody of this event is recorded there for the hand.") % {
                "table": table_number, "seat": s.seat}
        elif entry.status != Entry.Status.ALIVE:
            s.changed = _("%(who)s is out already.") % {"who": s.label}
        elif entry.table is None or entry.table.number != table_number or entry.seat != s.seat:
            where = (_("now sits at table %(table)s, seat %(seat)s") % {"table": entry.table.number, "seat": entry.seat}
                     if entry.table is not None else _("no longer sits at a table"))
            s.changed = _("%(who)s %(where)s.") % {"who": s.label, "where": where}
        if s.changed:
            problems.append(s.changed)
    if not problems:
        return ""
    return " ".join([_("The table changed since the hand:"), *problems, _("Nothing can be applied: rule it again.")])


def _pool_event(event: Event) -> Event:
    """The event whose payout table pays this event's places: a flight's main event (one pool)."""
    return Event.objects.get(pk=event.parent_id) if event.parent_id is not None else event


def _places(event: Event, table_number: int, busted: list[HandSeat], alive: int, amounts: list[Decimal]) -> None:
    """Each busted seat's place and prize, as the elimination would give them (one hand, one group).

    `alive` counts every player still in before the hand, in every flight for a flight whose field is known
    (the caller leaves the places out while it is not: `place_scope`)."""
    if not busted:
        return
    members = [BustRank(key=("new", s.seat), table_number=table_number, stack=s.ranked) for s in busted]
    if event.hand_for_hand:
        # Busts of this hand-for-hand hand at other tables tie with these (see entries_eliminate).
        members += [BustRank(key=b.entry_id, table_number=b.elimination.table_number, stack=b.starting_stack)
                    for b in Bust.objects.filter(elimination__event=event,
                                                 elimination__hand_for_hand_round=event.hand_for_hand_round)
                    .select_related("elimination")]
    places = group_places(members, best_place=alive - len(busted) + 1)
    ranked = sorted(members, key=lambda m: (places[m.key], -(m.stack or 0)))
    prizes = dict(zip([m.key for m in ranked], awards_for_places(amounts, [places[m.key] for m in ranked]),
                      strict=True))
    paid = len(amounts)
    for s in busted:
        s.place = places[("new", s.seat)]
        s.prize = prizes[("new", s.seat)]
        s.in_the_money = s.place <= paid and s.prize > 0


def _money_notes(event: Event, seats: list[HandSeat], alive: int, paid: int) -> list[str]:
    busted = [s for s in seats if s.busted]
    after = alive - len(busted)
    notes = []
    if paid and busted and alive > paid >= after and after > 1:
        notes.append(_("The bubble bursts: the %(n)s players left are in the money.") % {"n": after})
    for s in busted:
        if s.place is not None and s.place == paid + 1:
            notes.append(_("%(who)s finishes on the bubble, the last place without a prize.") % {"who": s.label})
    if busted and after == 1:
        winner = next((s for s in seats if not s.busted), None)
        if winner is not None:
            notes.append(_("%(who)s wins the event.") % {"who": winner.label})
    return notes


def _button_positions(spec: HandSpec, floor: FloorNames, table: Table) -> tuple[int, int, int]:
    """The disputed hand's button, small blind seat and big blind: the table's record, else the hand's order.

    In PHH the players run from the small blind round to the button, which is the last of them; heads-up the
    big blind comes first and the button, who posts the small blind, second.
    """
    order = [seat for seat, _p in sorted(floor.seats.items(), key=lambda item: item[1].player)]
    if len(order) == 2:
        big_blind, small_blind, button = order[0], order[1], order[1]
    else:
        small_blind, big_blind, button = order[0], order[1], order[-1]
    if table.button_seat:
        button = table.button_seat
        small_blind = table.small_blind_seat or (button if len(order) == 2 else small_blind)
    return button, small_blind, big_blind


def _next_button(spec: HandSpec, floor: FloorNames, table: Table, seats: list[HandSeat],
                 seated_now: set[int]) -> NextHand:
    button, small_blind, big_blind = _button_positions(spec, floor, table)
    before = {s.seat for s in seats}
    busted = {s.seat for s in seats if s.busted}
    return next_hand(before, button, small_blind, big_blind, busted, seat_count=table.seats,
                     moved_in=seated_now - before, moved_out=before - seated_now - busted)


def _live_application(saved: SavedAdjudication) -> RulingApplication | None:
    return saved.applications.filter(undone_at__isnull=True).select_related("applied_by").first()


def application_preview(*, saved: SavedAdjudication, lang: str) -> ApplicationPreview:
    """What applying the saved ruling would change, or why it cannot be applied (a constant number of queries)."""
    lang = _lang_of(lang)
    event = saved.event
    preview = ApplicationPreview(saved=saved, event=event)
    preview.application = _live_application(saved)
    if preview.application is not None:
        preview.undo_refusal = _undo_refusal(preview.application)
    spec, ruling, floor = _replay(saved, lang)
    preview.ruling = ruling
    steps = [s for s in ruling["explanation"] if s]
    preview.question = _question(saved, steps)
    preview.decision = "\n".join(steps)
    preview.rule_cited = _rules_cited(steps)
    preview.refusal = _ruling_refusal(saved, ruling)
    if preview.refusal:
        return preview
    assert saved.table_number is not None
    seats = _hand_seats(spec, ruling, saved, floor)
    preview.seats = seats
    if preview.application is not None:
        preview.refusal = _("This ruling is applied already (%(when)s); undo that first to apply it again.") % {
            "when": timezone.localtime(preview.application.applied_at).strftime("%H:%M")}
        _applied(preview)
        return preview
    changed = _seats_check(event, saved.table_number, seats)
    for s in seats:
        s.chips_before = s.entry.chips if s.entry is not None else None
    # As `entries_eliminate` will record them: a flight's busts wait for every flight's registration to
    # close, then rank below the players still in every flight, paid from the main event's pool.
    busted = [s for s in seats if s.busted]
    # A busting player still in another flight counts among the players in elsewhere, as in the elimination.
    scope = place_scope(event, leaving=[s.entry.pk for s in busted if s.entry is not None], lock=False)
    alive = Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count() + scope.alive_elsewhere
    preview.places_wait = not scope.placed and bool(busted)
    if preview.places_wait and event.parent_id is not None:
        preview.out_in = event.name
    amounts = event_payout_amounts(event=_pool_event(event)) if busted else []
    if scope.placed:
        _places(event, saved.table_number, busted, alive, amounts)
    # A flight's own count says nothing of the bubble while the rest of the field is unknown.
    waiting_flight = event.parent_id is not None and not scope.placed
    preview.money = [] if waiting_flight else _money_notes(event, seats, alive, len(amounts))
    table = Table.objects.filter(event=event, number=saved.table_number).first()
    if table is None:
        preview.refusal = _("Table %(table)s is no longer in play in this event.") % {"table": saved.table_number}
        return preview
    preview.button_before = table.button_seat
    seated_now = set(Entry.objects.filter(table=table, status=Entry.Status.ALIVE).values_list("seat", flat=True))
    try:
        preview.button = _next_button(spec, floor, table, seats, seated_now)
        preview.button_steps = preview.button.explanation(lang)
    except ButtonError as exc:
        preview.button_error = exc.message(lang)
    if event.status != Event.Status.RUNNING:
        preview.refusal = _("A ruling can only be applied while the event runs.")
    elif changed:
        preview.refusal = changed
    return preview


def _applied(preview: ApplicationPreview) -> None:
    """The screen of an applied ruling shows what was applied (the application's record), not a new preview."""
    application = preview.application
    assert application is not None
    changes = application.changes
    ids = [s.entry_id for s in preview.seats if s.entry_id is not None]
    entries = {e.pk: e for e in Entry.objects.select_related("player").filter(event=preview.event, pk__in=ids)}
    before = changes.get("chips_before", {})
    for s in preview.seats:
        s.entry = entries.get(s.entry_id) if s.entry_id is not None else None
        s.chips_before = before.get(str(s.entry_id))
        if s.busted and s.entry is not None:
            s.place = s.entry.place
    placed = sorted([s for s in preview.seats if s.busted and s.place], key=lambda s: (s.place, -s.ranked))
    if placed:
        amounts = event_payout_amounts(event=_pool_event(preview.event))
        for s, prize in zip(placed, awards_for_places(amounts, [s.place for s in placed]), strict=True):
            s.prize, s.in_the_money = prize, prize > 0
    preview.places_wait = any(s.busted and not s.place for s in preview.seats)
    if preview.places_wait and preview.event.parent_id is not None:
        preview.out_in = preview.event.name
    preview.button_applied = changes.get("button_after", [None, None])[0]
    preview.button_before = changes.get("button_before", [None, None])[0]


def ruling_apply(*, saved: SavedAdjudication, actor: Any, lang: str, question: str = "", decision: str = "",
                 rule_cited: str = "") -> RulingApplication:
    """Apply the saved ruling to its event in one transaction: busts, chip counts, floor decision, button.

    Refused (ApplyError, nothing written) when the hand is not finished, the ruling is applied already,
    the event is not running, the ruling has no record of the table, or a seat's player changed since.
    """
    lang = _lang_of(lang)
    with transaction.atomic():
        event = event_lock(saved.event)
        saved = SavedAdjudication.objects.select_related("event").get(pk=saved.pk)
        preview = application_preview(saved=saved, lang=lang)
        if preview.refusal:
            raise ApplyError(preview.refusal)
        table_number = saved.table_number
        assert table_number is not None
        question = (question or preview.question).strip()
        decision = (decision or preview.decision).strip()
        rule_cited = (rule_cited if rule_cited else preview.rule_cited).strip()[:RULE_CITED_MAX]
        table = Table.objects.select_for_update().get(event=event, number=table_number)
        busted = preview.busted
        survivors = preview.survivors
        elimination = None
        try:
            if busted:
                elimination = entries_eliminate(
                    event=event, table_number=table_number, actor=actor, level_position=clock_level_now(event=event),
                    busts=[SeatBust(seat=s.seat, starting_stack=s.ranked, entry_id=s.entry_id) for s in busted])
            chips_before = {str(s.entry_id): s.entry.chips for s in survivors if s.entry is not None}
            counts = {s.entry_id: s.finish for s in survivors if s.entry_id is not None}
            chip_counts_record(event=event, counts=counts, actor=actor, addon_chips=extra_chips(event=event))
            # chip_counts_record waits on the event lock this transaction holds: the newest counts are these.
            count_ids = list(ChipCount.objects.filter(entry_id__in=list(counts)).order_by("-id")
                             .values_list("id", flat=True)[:len(counts)])
            decision_row = floor_decision_record(
                actor=actor, event=event, question=question, decision=decision, table_number=table_number,
                seats=", ".join(str(s.seat) for s in preview.seats), rule_cited=rule_cited, adjudication=saved)
        except (TournamentError, FloorDecisionError) as exc:
            raise ApplyError(str(exc)) from exc
        button_before = [table.button_seat, table.small_blind_seat]
        button_after = button_before
        if preview.button is not None:
            button_after = [preview.button.button, preview.button.small_blind_seat]
            table.button_seat, table.small_blind_seat = button_after
            table.save(update_fields=["button_seat", "small_blind_seat"])
            audit_record(actor=actor, action="table.button_move", event=event, objects=[table],
                         before={"button": button_before[0], "small_blind": button_before[1]},
                         after={"button": button_after[0], "small_blind": button_after[1]},
                         summary=(gettext_lazy("Table %(table)s: the button moves to seat %(seat)s"),
                                  {"table": table_number, "seat": button_after[0]}))
        last_sequence = (Elimination.objects.filter(event=event).order_by("-sequence")
                         .values_list("sequence", flat=True).first() or 0)
        changes = {
            "busted": {str(s.entry_id): {"seat": s.seat, "start": s.start, "ranked": s.ranked, "place": s.place}
                       for s in busted},
            "chips_before": chips_before,
            "chips_after": {str(k): v for k, v in counts.items()},
            "chip_counts": count_ids,
            "button_before": button_before,
            "button_after": button_after,
            "sequence": last_sequence,
        }
        try:
            with transaction.atomic():
                application = RulingApplication.objects.create(
                    adjudication=saved, event=event, table_number=table_number, elimination=elimination,
                    floor_decision=decision_row, changes=changes,
                    applied_by=actor if getattr(actor, "pk", None) else None)
        except IntegrityError as exc:
            raise ApplyError(_("This ruling is applied already; undo that first to apply it again.")) from exc
        audit_record(
            actor=actor, action="adjudication.apply", event=event, objects=[saved, application],
            before={"chips": chips_before, "button": button_before[0]},
            after={**changes, "floor_decision": decision_row.pk,
                   "elimination": elimination.pk if elimination is not None else None},
            summary=(gettext_lazy("Ruling of table %(table)s applied: %(names)s out"),
                     {"table": table_number, "names": ", ".join(s.entry.player.name for s in busted if s.entry)
                      or "-"}),
        )
    return application


def _undo_refusal(application: RulingApplication) -> str:
    """Why the application cannot be undone now (empty when it can): something newer happened at that table."""
    if application.undone_at is not None:
        return _("This application was undone already.")
    changes = application.changes
    if (Elimination.objects.filter(event_id=application.event_id, table_number=application.table_number,
                                   sequence__gt=changes.get("sequence", 0)).exists()):
        return _("There was another elimination at table %(table)s since: undo that one first.") % {
            "table": application.table_number}
    counts = changes.get("chip_counts") or []
    entries = [int(k) for k in changes.get("chips_after", {})]
    if counts and ChipCount.objects.filter(entry_id__in=entries, id__gt=max(counts)).exists():
        return _("Newer chip counts of these players were recorded since: the ruling can no longer be undone.")
    if (RulingApplication.objects.filter(event_id=application.event_id, table_number=application.table_number,
                                         undone_at__isnull=True, id__gt=application.pk).exists()):
        return _("Another ruling was applied at table %(table)s since: undo that one first.") % {
            "table": application.table_number}
    button_after = changes.get("button_after")
    table = Table.objects.filter(event_id=application.event_id, number=application.table_number).first()
    if table is None:
        return _("Table %(table)s is no longer in play in this event.") % {"table": application.table_number}
    if button_after and [table.button_seat, table.small_blind_seat] != button_after:
        return _("The button of table %(table)s was moved since: the ruling can no longer be undone.") % {
            "table": application.table_number}
    return ""


def ruling_apply_undo(*, saved: SavedAdjudication, actor: Any) -> RulingApplication:
    """Undo an application as a whole: players back in, old chip counts, decision withdrawn, button back."""
    with transaction.atomic():
        event = event_lock(saved.event)
        application = (RulingApplication.objects.select_for_update().filter(adjudication=saved, undone_at__isnull=True)
                       .first())
        if application is None:
            raise ApplyError(_("This ruling is not applied (or its application was undone already)."))
        if event.status != Event.Status.RUNNING:
            raise ApplyError(_("An applied ruling can only be undone while the event runs."))
        refusal = _undo_refusal(application)
        if refusal:
            raise ApplyError(refusal)
        changes = application.changes
        restored: list[Entry] = []
        if application.elimination_id is not None:
            try:
                restored = elimination_undo(event=event, elimination_id=application.elimination_id, actor=actor)
            except TournamentError as exc:
                raise ApplyError(str(exc)) from exc
        before = {int(k): v for k, v in changes.get("chips_before", {}).items()}
        entries = list(Entry.objects.select_for_update().filter(event=event, pk__in=list(before)))
        for entry in entries:
            entry.chips = before[entry.pk]
        Entry.objects.bulk_update(entries, ["chips"])
        ChipCount.objects.filter(pk__in=changes.get("chip_counts") or [], entry__event=event).delete()
        decision = FloorDecision.objects.filter(pk=application.floor_decision_id).first()
        decision_text = None
        if decision is not None:
            decision_text = {"question": decision.question, "decision": decision.decision,
                             "rule": decision.rule_cited, "table": decision.table_number}
            audit_record(actor=actor, action="floor_decision.withdraw", event=event, objects=[decision],
                         before=decision_text, after=None,
                         summary=(gettext_lazy("Floor decision at table %(table)s withdrawn: %(question)s"),
                                  {"table": decision.table_number or "-", "question": decision.question[:120]}))
            decision.delete()
        table = Table.objects.select_for_update().get(event=event, number=application.table_number)
        button_before = changes.get("button_before") or [None, None]
        if changes.get("button_after") != button_before:
            table.button_seat, table.small_blind_seat = button_before
            table.save(update_fields=["button_seat", "small_blind_seat"])
            audit_record(actor=actor, action="table.button_move", event=event, objects=[table],
                         before={"button": changes["button_after"][0], "small_blind": changes["button_after"][1]},
                         after={"button": button_before[0], "small_blind": button_before[1]},
                         summary=(gettext_lazy("Table %(table)s: the button goes back to seat %(seat)s"),
                                  {"table": table.number, "seat": button_before[0] or "-"}))
        application.undone_at = timezone.now()
        application.undone_by = actor if getattr(actor, "pk", None) else None
        application.save(update_fields=["undone_at", "undone_by"])
        audit_record(
            actor=actor, action="adjudication.apply_undo", event=event, objects=[saved, application],
            before={**changes, "floor_decision": decision_text},
            after={"restored": [e.number for e in restored], "chips": {str(k): v for k, v in before.items()}},
            summary=(gettext_lazy("Ruling of table %(table)s taken back: %(names)s back in"),
                     {"table": application.table_number, "names": ", ".join(e.player.name for e in restored) or "-"}),
        )
    return application
