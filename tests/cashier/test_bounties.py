"""Bounties at the desk: awards on a bust, heads, the money balancing, refusals, and undoing a bust."""

import random
from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.bounties import (
    BountyError,
    bounties_award,
    bounties_by_entry,
    bounties_undo,
    bounty_money,
    eliminators_find,
    heads,
)
from tdconsole.cashier.models import BountyAward, MoneyRules, Payout
from tdconsole.tournaments.eliminations import SeatBust, elimination_undo, entries_eliminate
from tdconsole.tournaments.events import event_status_change
from tdconsole.tournaments.exceptions import EliminationError
from tdconsole.tournaments.models import Bust, Elimination, Entry, Event, Table
from tests import factories

D = Decimal
NAMES = ["Ana", "Bruno", "Carla", "Davi", "Elisa", "Fábio", "Gabi", "Heitor", "Íris"]


def bounty_night(names=NAMES, *, kind="pko", head="100.00", percent="50", unit="5", split="equal", per_table=9,
                 slug="pko"):
    """A running event, registration closed, `names` seated `per_table` a table from table 1, each bought in
    with `head` on their head."""
    event = factories.make_event(slug, status=Event.Status.RUNNING, registration_closed_at=timezone.now())
    players = factories.make_players(event.festival, names)
    Entry.objects.bulk_create([Entry(event=event, player=p, number=i + 1) for i, p in enumerate(players)])
    factories.seat_field(event, per_table)
    MoneyRules.objects.create(event=event, bounty_kind=kind, bounty=D(head), pko_cash_percent=D(percent),
                              bounty_unit=D(unit), bounty_split=split)
    for entry in Entry.objects.filter(event=event).order_by("number"):
        factories.make_purchase(entry, bounty=head)
    return event


def who(event, name) -> Entry:
    return Entry.objects.select_related("player", "table").get(event=event, player__name=name)


def knock(event, busted, by, actor, *, undo_on_refusal=True):
    """Bust `busted` (names, at one table) knocked out by `by` (names; [] for nobody), as the desk does: the
    bust and the awards in one transaction."""
    out = [who(event, name) for name in busted]
    winners = [who(event, name).pk for name in by]
    with transaction.atomic():
        done = entries_eliminate(event=event, table_number=out[0].table.number, actor=actor, level_position=None,
                                 busts=[SeatBust(seat=e.seat, entry_id=e.pk) for e in out])
        awards = bounties_award(event=event, elimination=done, eliminators={e.pk: winners for e in out}, actor=actor)
    return done, awards


def head_of(event, name) -> Decimal:
    return heads(event=event, entry_ids=[who(event, name).pk])[who(event, name).pk]


def assert_balanced(event):
    money = bounty_money(event=event)
    assert money.paid_in == money.accounted and money.difference == 0, money
    return money


# --- awards ---------------------------------------------------------------------------------------

@pytest.mark.usefixtures("in_english")
def test_a_pko_knockout_pays_half_at_once_and_puts_the_rest_on_the_eliminators_head(director):
    event = bounty_night()
    _done, awards = knock(event, ["Bruno"], ["Ana"], director)
    assert [(a.eliminator.player.name, a.cash, a.head) for a in awards] == [("Ana", D("50.00"), D("50.00"))]
    assert head_of(event, "Ana") == D("150.00")
    assert head_of(event, "Carla") == D("100.00")
    money = assert_balanced(event)
    assert money.paid_in == D("900.00") and money.paid_cash == D("50.00") and money.on_heads == D("850.00")
    assert money.won_by_entry == {who(event, "Ana").pk: D("50.00")}


@pytest.mark.usefixtures("in_english")
def test_the_head_passed_on_carries_what_its_owner_won(director):
    event = bounty_night()
    knock(event, ["Bruno"], ["Ana"], director)  # Ana's head: 150
    _done, awards = knock(event, ["Ana"], ["Carla"], director)
    # Half of 150 is 75, fifteen bills of 5; the other 75 goes on Carla's head.
    assert [(a.cash, a.head) for a in awards] == [(D("75.00"), D("75.00"))]
    assert head_of(event, "Carla") == D("175.00")
    lines = bounties_by_entry(event=event)
    ana, carla = lines[who(event, "Ana").pk], lines[who(event, "Carla").pk]
    assert (ana.cash, ana.head, ana.knockouts, ana.own_head) == (D("50.00"), D("150.00"), 1, D("0.00"))
    assert (carla.cash, carla.head, carla.knockouts) == (D("75.00"), D("175.00"), 1)
    money = assert_balanced(event)
    assert money.paid_cash == D("125.00")


@pytest.mark.usefixtures("in_english")
def test_a_fixed_bounty_pays_the_whole_head_at_once(director):
    event = bounty_night(kind="fixed", head="50.00")
    _done, awards = knock(event, ["Bruno"], ["Ana"], director)
    assert [(a.cash, a.head) for a in awards] == [(D("50.00"), D("0.00"))]
    assert head_of(event, "Ana") == D("50.00")
    assert_balanced(event)


@pytest.mark.usefixtures("in_english")
def test_a_split_pot_shares_the_head_equally_the_odd_bill_to_the_first_named(director):
    event = bounty_night(head="110.00")
    _done, awards = knock(event, ["Bruno"], ["Carla", "Ana"], director)
    # 55 at once = 11 bills of 5: six to Carla (named first), five to Ana; 55 on heads: 27,50 each.
    assert [(a.eliminator.player.name, a.cash, a.head) for a in awards] == [
        ("Carla", D("30.00"), D("27.50")), ("Ana", D("25.00"), D("27.50"))]
    assert_balanced(event)


@pytest.mark.usefixtures("in_english")
def test_a_split_pot_under_first_named_rules_gives_all_to_the_first(director):
    event = bounty_night(split="first")
    _done, awards = knock(event, ["Bruno"], ["Carla", "Ana"], director)
    assert [(a.eliminator.player.name, a.cash, a.head) for a in awards] == [
        ("Carla", D("50.00"), D("50.00")), ("Ana", D("0.00"), D("0.00"))]
    # Both took part in the knockout.
    assert bounties_by_entry(event=event)[who(event, "Ana").pk].knockouts == 1
    assert_balanced(event)


@pytest.mark.usefixtures("in_english")
def test_two_players_out_in_one_hand_each_pay_their_own_head(director):
    event = bounty_night()
    knock(event, ["Bruno"], ["Carla"], director)  # Carla's head: 150
    _done, awards = knock(event, ["Carla", "Davi"], ["Ana"], director)
    assert sorted((a.bust.entry.player.name, a.cash, a.head) for a in awards) == [
        ("Carla", D("75.00"), D("75.00")), ("Davi", D("50.00"), D("50.00"))]
    assert head_of(event, "Ana") == D("225.00")
    assert_balanced(event)


def test_an_event_without_a_bounty_awards_nothing(director):
    event = bounty_night(kind="none")
    _done, awards = knock(event, ["Bruno"], ["Ana"], director)
    assert awards == [] and not BountyAward.objects.exists()


def test_an_event_without_money_rules_awards_nothing(director):
    event = bounty_night()
    MoneyRules.objects.filter(event=event).delete()
    _done, awards = knock(event, ["Bruno"], ["Ana"], director)
    assert awards == [] and not BountyAward.objects.exists()


@pytest.mark.usefixtures("in_english")
def test_a_player_knocked_out_by_nobody_has_their_head_owed_back(director):
    event = bounty_night()
    knock(event, ["Bruno"], ["Ana"], director)
    _done, awards = knock(event, ["Ana"], [], director)
    assert awards == []
    line = bounties_by_entry(event=event)[who(event, "Ana").pk]
    # Ana keeps the 50 she won and gets her own head of 150 back.
    assert (line.cash, line.own_head, line.to_pay) == (D("50.00"), D("150.00"), D("200.00"))
    money = assert_balanced(event)
    assert money.owed_back == D("150.00")
    audit = AuditEntry.entries.filter(action="bounty.owed_back").get()
    assert audit.summary_text == "Bounty: nobody knocked out Ana (#1): their head of R$150.00 is owed back to them"


@pytest.mark.usefixtures("in_english")
def test_the_champion_collects_their_own_head_when_the_event_ends(director):
    names = NAMES[:4]
    event = bounty_night(names)
    knock(event, ["Bruno"], ["Ana"], director)
    knock(event, ["Carla"], ["Davi"], director)
    money = assert_balanced(event)
    assert money.collected_by_champion == 0 and money.on_heads == D("300.00")
    knock(event, ["Davi"], ["Ana"], director)  # Ana is the last one left: first place
    assert who(event, "Ana").place == 1
    money = assert_balanced(event)
    assert money.on_heads == 0 and money.collected_by_champion == D("225.00")
    event_status_change(event=event, to=Event.Status.FINISHED, actor=director)
    event.refresh_from_db()
    line = bounties_by_entry(event=event)[who(event, "Ana").pk]
    assert (line.cash, line.own_head, line.to_pay) == (D("125.00"), D("225.00"), D("350.00"))
    assert assert_balanced(event).collected_by_champion == D("225.00")


@pytest.mark.parametrize("seed", range(6))
def test_the_bounty_money_balances_after_every_bust_of_a_whole_night(director, seed):
    rng = random.Random(seed)
    kind, split = rng.choice(["pko", "fixed"]), rng.choice(["equal", "first"])
    event = bounty_night(NAMES, kind=kind, head=rng.choice(["100.00", "37.50", "0.01", "55.55"]),
                         percent=rng.choice(["50", "33.33", "100", "0"]), unit=rng.choice(["1", "5", "20"]),
                         split=split)
    # A rebuy with a bounty part and a voided purchase, which counts for nothing.
    factories.make_purchase(who(event, "Ana"), kind="rebuy", bounty="20.00")
    factories.make_purchase(who(event, "Bruno"), kind="rebuy", bounty="20.00", voided_at=timezone.now(),
                            void_reason="typed twice")
    paid_in = assert_balanced(event).paid_in
    alive = list(NAMES)
    while len(alive) > 1:
        out = rng.sample(alive, rng.choice([1, 1, 2]) if len(alive) > 2 else 1)
        rest = [n for n in alive if n not in out]
        by = rng.sample(rest, min(len(rest), rng.choice([0, 1, 1, 1, 2])))
        knock(event, out, by, director)
        alive = rest
        money = assert_balanced(event)
        assert money.paid_in == paid_in
    assert money.on_heads == 0 and money.collected_by_champion == head_of(event, alive[0])


# --- refusals -------------------------------------------------------------------------------------

def refused(event, busted, by, director, *, mapping=None):
    """The bust and its awards refused together: nobody is out, nothing is awarded."""
    before = (Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count(), AuditEntry.entries.count())
    out = [who(event, name) for name in busted]
    with pytest.raises(BountyError) as refusal, transaction.atomic():
        done = entries_eliminate(event=event, table_number=out[0].table.number, actor=director, level_position=None,
                                 busts=[SeatBust(seat=e.seat, entry_id=e.pk) for e in out])
        winners = [who(event, name).pk for name in by]
        bounties_award(event=event, elimination=done, actor=director,
                       eliminators=mapping if mapping is not None else {e.pk: winners for e in out})
    assert (Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count(),
            AuditEntry.entries.count()) == before
    assert not BountyAward.objects.exists() and not Elimination.objects.filter(event=event).exists()
    return str(refusal.value)


@pytest.mark.usefixtures("in_english")
def test_an_eliminator_out_in_the_same_hand_cannot_win_the_bounty(director):
    assert refused(bounty_night(), ["Bruno", "Carla"], ["Carla"], director) == (
        "Carla (#3) is out in this same hand and cannot win a bounty.")


@pytest.mark.usefixtures("in_english")
def test_a_player_cannot_knock_themselves_out(director):
    assert refused(bounty_night(), ["Bruno"], ["Bruno"], director) == "Bruno (#2) cannot knock themselves out."


@pytest.mark.usefixtures("in_english")
def test_a_player_out_already_cannot_win_a_bounty(director):
    event = bounty_night()
    Entry.objects.filter(pk=who(event, "Carla").pk).update(status=Entry.Status.BUSTED, table=None, seat=None)
    assert refused(event, ["Bruno"], ["Carla"], director) == "Carla (#3) is out already and cannot win a bounty."


@pytest.mark.usefixtures("in_english")
def test_an_eliminator_named_twice_is_refused(director):
    assert refused(bounty_night(), ["Bruno"], ["Ana", "Ana"], director) == "Ana (#1) is named twice."


@pytest.mark.usefixtures("in_english")
def test_a_bust_naming_nobody_in_a_bounty_event_asks_who_knocked_them_out(director):
    event = bounty_night()
    assert refused(event, ["Bruno"], [], director, mapping={}) == (
        "Who knocked Bruno (#2) out? Add “by” and the seat (“by -”: nobody).")


def test_the_refusal_reads_in_portuguese(director):
    event = bounty_night()
    with translation.override("pt-br"):
        message = refused(event, ["Bruno", "Carla"], ["Carla"], director)
    assert message == "Carla (nº 3) também saiu nesta mão e não pode ganhar recompensa."


@pytest.mark.usefixtures("in_english")
def test_an_entry_of_another_event_cannot_win(director):
    event = bounty_night()
    other = bounty_night(["Zeca"], slug="other")
    message = refused(event, ["Bruno"], [], director, mapping={who(event, "Bruno").pk: [who(other, "Zeca").pk]})
    assert message == "The page is out of date; reload it and bust again."


# --- heads ----------------------------------------------------------------------------------------

def test_heads_count_the_bounty_parts_of_purchases_not_voided_and_the_heads_won(director):
    event = bounty_night(NAMES[:3])
    ana, bruno, carla = (who(event, n) for n in NAMES[:3])
    factories.make_purchase(ana, kind="rebuy", bounty="30.00")
    factories.make_purchase(bruno, kind="rebuy", bounty="30.00", voided_at=timezone.now(), void_reason="mistake")
    knock(event, ["Carla"], ["Ana"], director)  # Ana: 130 + 50 on her head
    assert heads(event=event) == {ana.pk: D("180.00"), bruno.pk: D("100.00"), carla.pk: D("100.00")}
    assert heads(event=event, entry_ids=[bruno.pk, 10**30]) == {bruno.pk: D("100.00")}
    assert heads(event=event, entry_ids=[]) == {}


def test_an_entry_with_no_purchase_has_no_head(director):
    event = bounty_night(NAMES[:2])
    late = factories.make_entries(event, 1)[0]
    assert heads(event=event, entry_ids=[late.pk]) == {late.pk: D("0.00")}


# --- undo -----------------------------------------------------------------------------------------

@pytest.mark.usefixtures("in_english")
def test_undoing_a_bust_puts_every_head_back(director):
    event = bounty_night()
    knock(event, ["Bruno"], ["Ana"], director)
    before = heads(event=event)
    lines = bounties_by_entry(event=event)
    done, _awards = knock(event, ["Ana", "Davi"], ["Carla", "Elisa"], director)
    assert heads(event=event) != before
    bounties_undo(event=event, elimination_id=done.pk, actor=director)
    assert heads(event=event) == before and bounties_by_entry(event=event) == lines
    assert BountyAward.objects.filter(bust__elimination_id=done.pk).count() == 0
    assert_balanced(event)
    audits = [a.summary_text for a in AuditEntry.entries.filter(action="bounty.undo").order_by("id")]
    assert audits[0] == ("Undo: Carla (#3) gives back the bounty of Ana (#1): R$40.00 paid, R$37.50 on their head")
    assert len(audits) == 4


@pytest.mark.usefixtures("in_english")
def test_an_undo_after_the_eliminator_passed_the_head_on_at_another_table_is_refused(director):
    # Two tables: Ana knocks Bruno out at table 1, is moved to table 2 and knocked out there by Elisa,
    # her head (with the 50 won from Bruno in it) going to Elisa.
    event = bounty_night(NAMES[:6], per_table=3)
    first, _a = knock(event, ["Bruno"], ["Ana"], director)
    table2 = Table.objects.get(event=event, number=2)
    Entry.objects.filter(pk=who(event, "Ana").pk).update(table=table2, seat=4)
    second, awards = knock(event, ["Ana"], ["Elisa"], director)
    assert [(a.cash, a.head) for a in awards] == [(D("75.00"), D("75.00"))]
    start = (heads(event=event), AuditEntry.entries.count())
    with pytest.raises(BountyError) as refusal:
        bounties_undo(event=event, elimination_id=first.pk, actor=director)
    assert str(refusal.value) == ("Ana (#1) has been knocked out since, at table 2, and the bounty won here went on "
                                  "with their head: undo that elimination first.")
    # Nothing moved: Bruno is still out, every head as it was.
    assert who(event, "Bruno").status == Entry.Status.BUSTED and Bust.objects.filter(elimination=first).exists()
    assert (heads(event=event), AuditEntry.entries.count()) == start
    # Undone in order, the night is back where it started.
    bounties_undo(event=event, elimination_id=second.pk, actor=director)
    bounties_undo(event=event, elimination_id=first.pk, actor=director)
    assert set(heads(event=event).values()) == {D("100.00")} and not BountyAward.objects.exists()
    assert_balanced(event)


def test_without_the_check_the_same_undo_would_break_the_bounty_money(director):
    """Why `bounties_undo` refuses: the tournaments' undo alone takes Ana's win back after she passed it on."""
    event = bounty_night(NAMES[:6], per_table=3)
    first, _a = knock(event, ["Bruno"], ["Ana"], director)
    Entry.objects.filter(pk=who(event, "Ana").pk).update(table=Table.objects.get(event=event, number=2), seat=4)
    knock(event, ["Ana"], ["Elisa"], director)
    elimination_undo(event=event, elimination_id=first.pk, actor=director)
    assert bounty_money(event=event).difference == D("-50.00")


@pytest.mark.usefixtures("in_english")
def test_an_undo_is_refused_when_the_cash_desk_paid_the_bounty_already(director):
    event = bounty_night()
    done, _a = knock(event, ["Bruno"], ["Ana"], director)
    Payout.objects.create(event=event, entry=who(event, "Ana"), kind=Payout.Kind.BOUNTY, amount=D("50.00"))
    with pytest.raises(BountyError) as refusal:
        bounties_undo(event=event, elimination_id=done.pk, actor=director)
    assert str(refusal.value) == ("The cash desk has paid Ana (#1) R$50.00 of bounties, more than they won without "
                                  "this knockout: void that payment first.")
    assert who(event, "Bruno").status == Entry.Status.BUSTED
    Payout.objects.update(voided_at=timezone.now(), void_reason="paid by mistake")
    bounties_undo(event=event, elimination_id=done.pk, actor=director)
    assert who(event, "Bruno").status == Entry.Status.ALIVE


@pytest.mark.usefixtures("in_english")
def test_the_tournaments_refusals_come_first(director):
    event = bounty_night()
    first, _a = knock(event, ["Bruno"], ["Ana"], director)
    knock(event, ["Carla"], ["Ana"], director)
    with pytest.raises(EliminationError, match="another elimination at table 1 since"):
        bounties_undo(event=event, elimination_id=first.pk, actor=director)
    with pytest.raises(EliminationError, match="no longer exists"):
        bounties_undo(event=event, elimination_id=10**30, actor=director)


# --- the audit, in both languages -----------------------------------------------------------------

def test_an_award_is_audited_in_the_language_of_the_reader(director):
    event = bounty_night()
    factories.make_purchase(who(event, "Bruno"), kind="rebuy", bounty="1200.00")
    knock(event, ["Bruno"], ["Ana"], director)
    audit = AuditEntry.entries.get(action="bounty.award")
    with translation.override("en"):
        assert audit.summary_text == "Bounty: Ana (#1) knocked out Bruno (#2): R$650.00 now, R$650.00 on their head"
    with translation.override("pt-br"):
        assert audit.summary_text == ("Recompensa: Ana (nº 1) eliminou Bruno (nº 2): R$\u00a0650,00 na hora, "
                                      "R$\u00a0650,00 na própria cabeça")


def test_a_fixed_award_is_audited_without_a_head_part(director):
    event = bounty_night(kind="fixed", head="1234.50")
    knock(event, ["Bruno"], ["Ana"], director)
    audit = AuditEntry.entries.get(action="bounty.award")
    with translation.override("en"):
        assert audit.summary_text == "Bounty: Ana (#1) knocked out Bruno (#2): R$1,234.50"
    with translation.override("pt-br"):
        assert audit.summary_text == "Recompensa: Ana (nº 1) eliminou Bruno (nº 2): R$\u00a01.234,50"


# --- finding the eliminators at a table -----------------------------------------------------------

@pytest.mark.usefixtures("in_english")
def test_eliminators_are_found_by_seat_or_by_name_without_case_or_accents(director):
    event = bounty_night(["Ana Souza", "Bruno", "Fábio Lima", "Maria Ana", "Zé"])
    factories.rename_player(who(event, "Zé").player_id, "José Carlos", nickname="Zé")
    found = eliminators_find(event=event, table_number=1, named=["fabio", 1, "zé"])
    assert [e.player.name for e in found] == ["Fábio Lima", "Ana Souza", "José Carlos"]
    assert eliminators_find(event=event, table_number=1, named=["JOSE carlos"])[0].seat == 5
    # "ana" fits Ana Souza and Maria Ana: the seat is asked for.
    with pytest.raises(BountyError) as refusal:
        eliminators_find(event=event, table_number=1, named=["ana"])
    assert str(refusal.value) == ("“ana” could be Ana Souza (seat 1) or Maria Ana (seat 4): type the seat instead.")
    # ...unless one of them is the player busted.
    assert eliminators_find(event=event, table_number=1, named=["ana"], busted_seats=[1])[0].player.name == "Maria Ana"
    with pytest.raises(BountyError, match="Nobody called “Olga” is in play at table 1."):
        eliminators_find(event=event, table_number=1, named=["Olga"])
    with pytest.raises(BountyError, match="Table 1, seat 9: nobody is sitting there to win the bounty."):
        eliminators_find(event=event, table_number=1, named=[9])
    with pytest.raises(BountyError, match=r"Bruno \(#2\) is out in this same hand"):
        eliminators_find(event=event, table_number=1, named=["bruno"], busted_seats=[2])


# --- queries --------------------------------------------------------------------------------------

def queries_at(size, director, slug):
    event = bounty_night([f"Player {slug} {n:03d}" for n in range(size)], slug=slug)
    entries = list(Entry.objects.filter(event=event).select_related("table").order_by("number"))
    busted, winner = entries[0], entries[1]
    ids = [e.pk for e in entries]
    with CaptureQueriesContext(connection) as heads_queries:
        assert len(heads(event=event, entry_ids=ids)) == size
    with CaptureQueriesContext(connection) as all_heads:
        heads(event=event)
    with transaction.atomic():
        done = entries_eliminate(event=event, table_number=busted.table.number, actor=director, level_position=None,
                                 busts=[SeatBust(seat=busted.seat, entry_id=busted.pk)])
        with CaptureQueriesContext(connection) as award_queries:
            awards = bounties_award(event=event, elimination=done, eliminators={busted.pk: [winner.pk]}, actor=director)
    assert len(awards) == 1
    with CaptureQueriesContext(connection) as money_queries:
        bounty_money(event=event)
    return len(heads_queries), len(all_heads), len(award_queries), len(money_queries)


def test_awards_heads_and_the_money_cost_the_same_queries_for_10_or_300_entries(director):
    small = queries_at(10, director, "small")
    large = queries_at(300, director, "large")
    assert small == large
    heads_n, all_heads_n, _award_n, money_n = small
    assert (heads_n, all_heads_n, money_n) == (1, 2, 3)


# --- two terminals at once (PostgreSQL: real row locks) -------------------------------------------

@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_terminals_busting_the_eliminator_and_by_the_eliminator_at_once_keep_the_money_balanced(director):
    """Terminal 1: Ana knocks Bruno out. Terminal 2, at the same instant: Carla knocks Ana out. The event lock
    serves them one after the other: either Ana wins Bruno's head and passes it on to Carla, or she is out
    first and terminal 1's bust is refused whole (Bruno still in). Never a half-recorded bust."""
    from tests.races import at_once

    event = bounty_night()
    def terminal(busted, by):
        with translation.override("en"):  # each thread has its own language
            return knock(event, busted, by, director)

    results = at_once(lambda: terminal(["Bruno"], ["Ana"]), lambda: terminal(["Ana"], ["Carla"]))
    assert not isinstance(results[1], Exception), results
    bruno = who(event, "Bruno")
    if isinstance(results[0], Exception):
        assert isinstance(results[0], BountyError) and "Ana (#1) is out already" in str(results[0])
        assert bruno.status == Entry.Status.ALIVE and not BountyAward.objects.filter(bust__entry=bruno).exists()
        assert head_of(event, "Carla") == D("150.00")
    else:
        assert bruno.status == Entry.Status.BUSTED
        assert head_of(event, "Carla") == D("175.00")  # Ana's 150 head: 75 at once, 75 onto Carla's
    assert_balanced(event)


@pytest.mark.usefixtures("in_english")
def test_an_entry_that_won_a_bounty_cannot_be_cancelled_and_is_told_why(director):
    from tdconsole.cashier.purchases import entry_cancel_with_purchases
    from tdconsole.tournaments.exceptions import RegistrationError

    event = bounty_night()
    Event.objects.filter(pk=event.pk).update(registration_closed_at=None)  # late registration still open
    knock(event, ["Bruno"], ["Ana"], director)
    with pytest.raises(RegistrationError) as caught:
        entry_cancel_with_purchases(event=event, entry_id=who(event, "Ana").pk, actor=director)
    assert str(caught.value) == ("Entry #1 has a deal or a bounty won recorded against it: undo that first, "
                                 "then cancel.")
    assert Entry.objects.filter(pk=who(event, "Ana").pk).exists()
    assert not who(event, "Ana").purchases.filter(voided_at__isnull=False).exists()  # nothing voided either
