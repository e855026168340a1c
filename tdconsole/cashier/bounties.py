"""Bounties: who knocked out whom, what each won at once, and what sits on every player's head.

An entry's head is worked out, never stored: the `bounty` parts of its purchases (not voided) plus the
`head` parts of the awards it won. A bust in a bounty event names its eliminators; `bounties_award`,
called by the desk inside the elimination's own transaction, shares the busted player's head among them
(`bounty.award_split`). Undoing the elimination deletes its busts and, with them (CASCADE), their
awards: every head is back as it was. `bounties_undo` does that through the tournaments' undo and
refuses when it would leave the heads inconsistent (an eliminator who has since passed the head on).

A player knocked out by nobody (`by -` at the desk: they left, or were disqualified) wins nothing for
anyone: their own head is owed back to them, as the champion's is at the end (docs/club-money.md).
The money balances at every moment:

    paid in = paid at once + on the heads of players alive + heads owed back to their owners.

Reads cost a fixed number of queries whatever the size of the field (aggregates grouped by entry).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Count, Sum
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tdconsole.audit.messages import Number
from tdconsole.audit.services import audit_record
from tdconsole.core import plainsql
from tdconsole.core.bounds import fits
from tdconsole.core.money import SYMBOLS, format_money, quantize_money
from tdconsole.tournaments.eliminations import elimination_undo
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Bust, Elimination, Entry, Event
from tdconsole.tournaments.names import search_key

from . import sql
from .bounty import award_split
from .exceptions import CashierError
from .models import BountyAward, MoneyRules, Payout, Purchase

ZERO = Decimal("0.00")


class BountyError(CashierError):
    """A bounty cannot be awarded, or an elimination undone, as asked."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


# --- reads ----------------------------------------------------------------------------------------


def bounty_rules(*, event: Event) -> MoneyRules | None:
    """The event's money rules when it has a bounty (fixed or progressive), else None (one query)."""
    rules = MoneyRules.objects.filter(event=event).first()
    if rules is None or rules.bounty_kind == MoneyRules.BountyKind.NONE:
        return None
    return rules


def _paid_in(event: Event, entry_ids: list[int] | None) -> dict[int, Decimal]:
    rows = Purchase.objects.filter(event=event, voided_at__isnull=True)
    if entry_ids is not None:
        rows = rows.filter(entry_id__in=entry_ids)
    return dict(rows.order_by().values("entry_id").annotate(s=Sum("bounty")).values_list("entry_id", "s"))


@dataclass(frozen=True)
class _Won:
    cash: Decimal = ZERO
    head: Decimal = ZERO
    knockouts: int = 0


def _won(event: Event, entry_ids: list[int] | None) -> dict[int, _Won]:
    rows = BountyAward.objects.filter(event=event)
    if entry_ids is not None:
        rows = rows.filter(eliminator_id__in=entry_ids)
    grouped = (rows.order_by().values("eliminator_id")
               .annotate(cash=Sum("cash"), head=Sum("head"), knockouts=Count("id"))
               .values_list("eliminator_id", "cash", "head", "knockouts"))
    return {k: _Won(cash=cash, head=head, knockouts=n) for k, cash, head, n in grouped}


def _ids(entry_ids: Iterable[int] | None) -> list[int] | None:
    if entry_ids is None:
        return None
    return [i for i in dict.fromkeys(entry_ids) if fits(i, Entry, "id")]


def heads(*, event: Event, entry_ids: Iterable[int] | None = None) -> dict[int, Decimal]:
    """Each entry's head: the bounty parts of its purchases not voided + the head parts of the awards it won.

    With `entry_ids` (entries of this event), every one of them is in the answer (0 when it has no head),
    in one statement (`sql.entries_with_heads`): the entries, each with its two sums, read through the
    (event, entry) and (event, eliminator) indexes. Without, every entry that has a bounty part or won an
    award (two queries over the event).
    """
    ids = _ids(entry_ids)
    if ids is None:
        paid = _paid_in(event, None)
        won = _won(event, None)
        return {k: quantize_money(paid.get(k, ZERO) + won.get(k, _Won()).head) for k in sorted(set(paid) | set(won))}
    found = sql.entries_with_heads(event_id=event.pk, entry_ids=ids)
    return {k: found[k][1] if k in found else ZERO for k in ids}


@dataclass(frozen=True)
class BountyLine:
    """One entry's bounties: `cash` won at once, its `head`, its `knockouts`, and `own_head` paid back to it.

    `head` is what sits on the entry's head while it is alive, and what it was worth when it went out.
    `own_head` is the entry's own head when it is paid back to it: the champion's once the event is over,
    or the head of a player knocked out by nobody. The cash desk owes the entry `to_pay`.
    """

    cash: Decimal = ZERO
    head: Decimal = ZERO
    knockouts: int = 0
    own_head: Decimal = ZERO

    @property
    def to_pay(self) -> Decimal:
        return self.cash + self.own_head


def _champion_id(event: Event, alive: list[tuple[int, int | None]]) -> int | None:
    """The winner, once there is one: the event is finished, or one entry is left with first place."""
    if len(alive) != 1:
        return None
    entry_id, place = alive[0]
    return entry_id if event.status == Event.Status.FINISHED or place == 1 else None


def _lines(event: Event) -> tuple[dict[int, BountyLine], Decimal, set[int], int | None]:
    """(every entry's line, the bounty money paid in, the entries alive, the champion): three queries."""
    paid = _paid_in(event, None)
    won = _won(event, None)
    entries = list(Entry.objects.filter(event=event).order_by()
                   .annotate(awarded=Count("bust__bounty_awards"))
                   .values_list("id", "status", "place", "awarded"))
    alive = [(pk, place) for pk, status, place, _n in entries if status == Entry.Status.ALIVE]
    champion = _champion_id(event, alive)
    lines = {}
    for pk, status, _place, awarded in entries:
        w = won.get(pk, _Won())
        head = quantize_money(paid.get(pk, ZERO) + w.head)
        # Busted with no award: knocked out by nobody, the head goes back to its owner.
        returned = status != Entry.Status.ALIVE and not awarded
        lines[pk] = BountyLine(cash=quantize_money(w.cash), head=head, knockouts=w.knockouts,
                               own_head=head if returned or pk == champion else ZERO)
    return lines, quantize_money(sum(paid.values(), ZERO)), {pk for pk, _p in alive}, champion


def bounties_by_entry(*, event: Event) -> dict[int, BountyLine]:
    """Every entry of the event with its bounty line (three queries, whatever the size of the field).

    For the eliminations page, the results, the ledger and the payout sheet.
    """
    return _lines(event)[0]


@dataclass(frozen=True)
class BountyMoney:
    """The bounty money of an event, which balances to the cent at every moment.

    `paid_in`: the bounty parts of every purchase not voided; `paid_cash`: what the awards paid at once;
    `on_heads`: the heads of the players still in play (the champion's aside); `collected_by_champion`:
    the champion's own head, once the event is over; `owed_back`: the heads of players knocked out by
    nobody, paid back to them; `won_by_entry`: the cash won by each entry that knocked someone out.
    """

    paid_in: Decimal
    paid_cash: Decimal
    on_heads: Decimal
    collected_by_champion: Decimal
    owed_back: Decimal
    won_by_entry: dict[int, Decimal] = field(default_factory=dict)

    @property
    def accounted(self) -> Decimal:
        return self.paid_cash + self.on_heads + self.collected_by_champion + self.owed_back

    @property
    def difference(self) -> Decimal:
        """Paid in minus what is accounted for: 0.00 when the heads are consistent."""
        return self.paid_in - self.accounted


def bounty_money(*, event: Event) -> BountyMoney:
    """The event's bounty money: paid in, paid at once, on heads, collected, owed back (three queries)."""
    lines, paid_in, alive, champion = _lines(event)
    return BountyMoney(
        paid_in=paid_in,
        paid_cash=sum((line.cash for line in lines.values()), ZERO),
        on_heads=sum((lines[pk].head for pk in alive if pk != champion), ZERO),
        collected_by_champion=lines[champion].head if champion is not None else ZERO,
        owed_back=sum((line.own_head for pk, line in lines.items() if pk not in alive), ZERO),
        won_by_entry={pk: line.cash for pk, line in lines.items() if line.knockouts},
    )


# --- the desk's reads: who sits there, and what a bust would pay ---------------------------------


def eliminators_find(*, event: Event, table_number: int, named: Sequence[int | str],
                     busted_seats: Sequence[int] = ()) -> list[Entry]:
    """The entries named as eliminators at a table, in the order named: seat numbers or names.

    A name matches a player in play at that table without case or accents: their full name, their
    nickname, or whole words of their name ("ana" finds "Ana Souza"); a full match wins over a partial
    one. Refused (BountyError): an empty seat, no match, a name that fits several players, a player
    named twice, a seat being busted in this same hand. One query.
    """
    at_table = {e.seat: e for e in Entry.objects.select_related("player", "table")
                .filter(table__event=event, table__number=table_number, status=Entry.Status.ALIVE)}
    busted = set(busted_seats)
    found: list[Entry] = []
    for item in named:
        if isinstance(item, int):
            entry = at_table.get(item)
            if entry is None:
                raise BountyError(_("Table %(table)s, seat %(seat)s: nobody is sitting there to win the bounty.")
                                  % {"table": table_number, "seat": item})
        else:
            entry = _by_name(table_number, item, [e for s, e in sorted(at_table.items()) if s not in busted],
                             [e for s, e in sorted(at_table.items()) if s in busted])
        if entry.seat in busted:
            raise BountyError(_same_hand(entry))
        if any(e.pk == entry.pk for e in found):
            raise BountyError(_("%(name)s (#%(number)d) is named twice.") % _who(entry))
        found.append(entry)
    return found


def _by_name(table_number: int, typed: str, candidates: list[Entry], busted: list[Entry]) -> Entry:
    key = search_key(typed)
    words = key.split()

    def full(e: Entry) -> bool:
        return bool(key) and key in (e.player.search_name or search_key(e.player.name),
                                     e.player.search_nickname or "")

    def partial(e: Entry) -> bool:
        name = (e.player.search_name or search_key(e.player.name)).split()
        return bool(words) and any(name[i:i + len(words)] == words for i in range(len(name)))

    matches = [e for e in candidates if full(e)] or [e for e in candidates if partial(e)]
    if len(matches) > 1:
        raise BountyError(_("“%(typed)s” could be %(who)s: type the seat instead.") % {
            "typed": typed, "who": _(" or ").join(
                _("%(name)s (seat %(seat)s)") % {"name": e.player.name, "seat": e.seat} for e in matches)})
    if not matches:
        out = [e for e in busted if full(e) or partial(e)]
        if out:
            raise BountyError(_same_hand(out[0]))
        raise BountyError(_("Nobody called “%(typed)s” is in play at table %(table)s.")
                          % {"typed": typed, "table": table_number})
    return matches[0]


def _who_knocked_out(busted: Sequence[Entry]) -> str:
    return (_("Who knocked %(names)s out? Add “by” and the seat (“by -”: nobody).")
            % {"names": ", ".join(_("%(name)s (#%(number)d)") % _who(e) for e in busted)})


def eliminators_required(*, event: Event, busted: Sequence[Entry]) -> None:
    """Refuse (BountyError) a bust that names no eliminator in an event with a bounty (one query)."""
    if busted and bounty_rules(event=event) is not None:
        raise BountyError(_who_knocked_out(busted))


def _who(entry: Entry) -> dict[str, Any]:
    return {"name": entry.player.name, "number": entry.number}


def _same_hand(entry: Entry) -> str:
    return _("%(name)s (#%(number)d) is out in this same hand and cannot win a bounty.") % _who(entry)


@dataclass(frozen=True)
class AwardLine:
    """What one eliminator wins of one busted player's head: `cash` at once, `head` onto their own."""

    busted: Entry
    eliminator: Entry
    cash: Decimal
    head: Decimal


def bounties_foreseen(*, event: Event, busted: Sequence[Entry], eliminators: Sequence[Entry]) -> list[AwardLine]:
    """What the bust would pay, for the confirmation (no write): every busted head shared by the eliminators."""
    rules = bounty_rules(event=event)
    if rules is None or not eliminators:
        return []
    now = heads(event=event, entry_ids=[e.pk for e in busted])
    return [AwardLine(busted=b, eliminator=w, cash=cash, head=gain)
            for b in busted for w, (cash, gain) in zip(eliminators, _split(rules, now[b.pk], len(eliminators)),
                                                       strict=True)]


def _split(rules: MoneyRules, head: Decimal, ways: int) -> list[tuple[Decimal, Decimal]]:
    return award_split(head=head, kind=rules.bounty_kind, cash_percent=rules.pko_cash_percent,
                       unit=rules.bounty_unit, eliminators=ways, split=rules.bounty_split)


def awards_of_busts(*, event: Event, bust_ids: Iterable[int]) -> dict[int, list[BountyAward]]:
    """The awards of the busts given, by bust, with their eliminators (one query)."""
    ids = [i for i in bust_ids if fits(i, Bust, "id")]
    found: dict[int, list[BountyAward]] = {}
    if not ids:
        return found
    for award in (BountyAward.objects.filter(event=event, bust_id__in=ids)
                  .select_related("eliminator__player").order_by("id")):
        found.setdefault(award.bust_id, []).append(award)
    return found


# --- services -------------------------------------------------------------------------------------


def _money_param(amount: Decimal, currency: str) -> tuple[Any, dict[str, Any]]:
    """An amount for an audit summary, written in the reader's format ("R$ 1.234,50" / "R$1,234.50")."""
    amount = quantize_money(amount)
    whole, _sep, cents = f"{amount:f}".partition(".")
    return (gettext_lazy("%(symbol)s%(whole)s.%(cents)s"),
            {"symbol": SYMBOLS.get(currency, currency), "whole": Number(int(whole)), "cents": cents})


def _award_summary(award: BountyAward, busted: Entry, kind: str, currency: str) -> tuple[Any, dict[str, Any]]:
    params = {"winner": award.eliminator.player.name, "winner_number": award.eliminator.number,
              "busted": busted.player.name, "busted_number": busted.number,
              "cash": _money_param(award.cash, currency), "head": _money_param(award.head, currency)}
    if kind == MoneyRules.BountyKind.FIXED:
        return (gettext_lazy("Bounty: %(winner)s (#%(winner_number)d) knocked out %(busted)s (#%(busted_number)d): "
                             "%(cash)s"), params)
    return (gettext_lazy("Bounty: %(winner)s (#%(winner_number)d) knocked out %(busted)s (#%(busted_number)d): "
                         "%(cash)s now, %(head)s on their head"), params)


def _award_refusal(busted: Entry, eliminator_ids: Sequence[int], named: Mapping[int, Entry],
                   busted_now: Mapping[int, int]) -> str | None:
    """Why these eliminators cannot win the head of `busted` (None: they can); `busted_now` holds the entries
    busted in the same hand (by entry id)."""
    if len(set(eliminator_ids)) != len(eliminator_ids):
        twice = next(i for i in eliminator_ids if list(eliminator_ids).count(i) > 1)
        return (_("%(name)s (#%(number)d) is named twice.") % _who(named[twice]) if twice in named
                else _("The page is out of date; reload it and bust again."))
    for i in eliminator_ids:
        if i == busted.pk:
            return _("%(name)s (#%(number)d) cannot knock themselves out.") % _who(busted)
        if i not in named:
            return _("The page is out of date; reload it and bust again.")
        if i in busted_now:
            return _same_hand(named[i])
        if named[i].status != Entry.Status.ALIVE:
            return _("%(name)s (#%(number)d) is out already and cannot win a bounty.") % _who(named[i])
    return None


def bounties_award(*, event: Event, elimination: Elimination, eliminators: Mapping[int, Sequence[int]],
                   actor: Any) -> list[BountyAward]:
    """Share the head of every player busted in `elimination` among the entries that knocked them out.

    `eliminators` maps each busted entry id to the ids of its eliminators, in the order named (the
    order decides who gets a unit or cent left over); an empty list means nobody (the player left):
    their head is owed back to them. Called by the desk inside the elimination's own transaction, so a
    refusal (BountyError) undoes the bust too. Each share is worked out from the busted player's head
    at that moment (`bounty.award_split`). An event without a bounty awards nothing.
    """
    # No savepoint of its own inside the elimination's transaction: a refusal undoes the bust as well.
    # Every bust runs this: its reads are plain SQL (`sql`), three statements whatever the size of the field.
    with transaction.atomic(savepoint=False):
        locked, rules = sql.event_lock_with_rules(event_id=event.pk)
        if rules.bounty_kind == MoneyRules.BountyKind.NONE:
            return []
        busts = sql.busts_of(event_id=event.pk, elimination_id=elimination.pk)
        bust_of = {entry_id: pk for pk, entry_id in busts}
        if not busts or any(k not in bust_of for k in eliminators):
            raise BountyError(_("The page is out of date; reload it and bust again."))
        wanted = [i for ids in eliminators.values() for i in ids if isinstance(i, int) and fits(i, Entry, "id")]
        found = sql.entries_with_heads(event_id=event.pk, entry_ids=[*bust_of, *wanted])
        busted = [found[entry_id][0] for _pk, entry_id in busts]
        missing = [e for e in busted if e.pk not in eliminators]
        if missing:
            raise BountyError(_who_knocked_out(missing))
        named = {pk: found[pk][0] for pk in wanted if pk in found}
        for entry in busted:
            refusal = _award_refusal(entry, list(eliminators[entry.pk]), named, bust_of)
            if refusal:
                raise BountyError(refusal)
        now = {entry.pk: found[entry.pk][1] for entry in busted}
        awards: list[BountyAward] = []
        of_award: list[Entry] = []  # the busted player of each award
        for entry in busted:
            ids = list(eliminators[entry.pk])
            if ids:
                for i, (cash, gain) in zip(ids, _split(rules, now[entry.pk], len(ids)), strict=True):
                    awards.append(BountyAward(event_id=event.pk, bust_id=bust_of[entry.pk], eliminator=named[i],
                                              cash=cash, head=gain))
                    of_award.append(entry)
        for award in awards:
            plainsql.insert(award)
        for award, out in zip(awards, of_award, strict=True):
            audit_record(actor=actor, action="bounty.award", event=event.pk, objects=[award.eliminator, out],
                         before={"head": now[out.pk]},
                         after={"eliminator": award.eliminator.number, "busted": out.number,
                                "cash": award.cash, "head": award.head, "sequence": elimination.sequence},
                         summary=_award_summary(award, out, rules.bounty_kind, locked.currency))
        for entry in busted:
            if not eliminators[entry.pk]:
                audit_record(actor=actor, action="bounty.owed_back", event=event.pk, objects=[entry],
                             after={"busted": entry.number, "head": now[entry.pk]},
                             summary=(gettext_lazy("Bounty: nobody knocked out %(busted)s (#%(busted_number)d): "
                                                   "their head of %(head)s is owed back to them"),
                                      {"busted": entry.player.name, "busted_number": entry.number,
                                       "head": _money_param(now[entry.pk], locked.currency)}))
    return awards


def _undo_refusal(event: Event, awards: Sequence[BountyAward]) -> str | None:
    """Why taking these awards back would leave the heads wrong (None: it would not)."""
    for award in awards:
        winner = award.eliminator
        if winner.status != Entry.Status.ALIVE:
            bust = getattr(winner, "bust", None)
            if bust is not None:
                return (_("%(name)s (#%(number)d) has been knocked out since, at table %(table)s, and the bounty "
                          "won here went on with their head: undo that elimination first.")
                        % (_who(winner) | {"table": bust.elimination.table_number}))
            return (_("%(name)s (#%(number)d) is out since, and the bounty won here went on with their head.")
                    % _who(winner))
    ids = list({a.eliminator_id for a in awards})
    paid = dict(Payout.objects.filter(event=event, entry_id__in=ids, kind=Payout.Kind.BOUNTY, voided_at__isnull=True)
                .order_by().values("entry_id").annotate(s=Sum("amount")).values_list("entry_id", "s"))
    if not paid:
        return None
    left = _won(event, ids)  # the awards of the undone elimination are gone already
    for award in awards:
        pk = award.eliminator_id
        if paid.get(pk, ZERO) > left.get(pk, _Won()).cash:
            return (_("The cash desk has paid %(name)s (#%(number)d) %(paid)s of bounties, more than they won "
                      "without this knockout: void that payment first.")
                    % (_who(award.eliminator) | {"paid": format_money(paid[pk], event.currency,
                                                                          get_language() or "pt-br")}))
    return None


def _paid_back_refusal(event: Event, restored: Sequence[Entry]) -> str | None:
    """Why the players back in play cannot be (None: they can): the cash desk paid one of them their own
    head back (knocked out by nobody), which is theirs no more once they are in play again."""
    ids = [e.pk for e in restored]
    paid = dict(Payout.objects.filter(event=event, entry_id__in=ids, kind=Payout.Kind.BOUNTY, voided_at__isnull=True)
                .order_by().values("entry_id").annotate(s=Sum("amount")).values_list("entry_id", "s"))
    if not paid:
        return None
    won = _won(event, ids)
    for entry in restored:
        if paid.get(entry.pk, ZERO) > won.get(entry.pk, _Won()).cash:
            return (_("The cash desk has paid %(name)s (#%(number)d) %(paid)s of bounty money, their own head "
                      "among it: void that payment first.")
                    % (_who(entry) | {"paid": format_money(paid[entry.pk], event.currency,
                                                           get_language() or "pt-br")}))
    return None


def bounties_undo(*, event: Event, elimination_id: int, actor: Any) -> list[Entry]:
    """Undo an elimination (tournaments' `elimination_undo`) and take back the bounties it awarded.

    The awards go with their busts, so every head is back as it was. Refused (BountyError, nothing
    undone) when an eliminator has since been knocked out, since their head, the bounty won here in it,
    went on to someone else (or back to them): undo that elimination first; and when the cash desk has
    paid an eliminator more bounty money than they would have won. The tournaments' own refusals come
    first (not the last bust of its table, a player re-entered...).
    """
    if not isinstance(elimination_id, int) or not fits(elimination_id, Elimination, "id"):
        return elimination_undo(event=event, elimination_id=elimination_id, actor=actor)
    with transaction.atomic():
        event = event_lock(event)
        awards = list(BountyAward.objects.filter(event=event, bust__elimination_id=elimination_id)
                      .select_related("eliminator__player", "eliminator__bust__elimination", "bust__entry__player")
                      .order_by("id"))
        entries = elimination_undo(event=event, elimination_id=elimination_id, actor=actor)
        refusal = _undo_refusal(event, awards) or _paid_back_refusal(event, entries)
        if refusal:
            raise BountyError(refusal)
        for award in awards:
            busted = award.bust.entry
            audit_record(actor=actor, action="bounty.undo", event=event, objects=[award.eliminator, busted],
                         before={"eliminator": award.eliminator.number, "busted": busted.number,
                                 "cash": award.cash, "head": award.head},
                         summary=(gettext_lazy("Undo: %(winner)s (#%(winner_number)d) gives back the bounty of "
                                               "%(busted)s (#%(busted_number)d): %(cash)s paid, %(head)s on their "
                                               "head"),
                                  {"winner": award.eliminator.player.name, "winner_number": award.eliminator.number,
                                   "busted": busted.player.name, "busted_number": busted.number,
                                   "cash": _money_param(award.cash, event.currency),
                                   "head": _money_param(award.head, event.currency)}))
    return entries
