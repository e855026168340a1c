"""The next hand under the dead button: who posts the blinds, where the button goes, who waits.

Tournaments play a dead button (TDA 32). Its one principle: the big blind moves forward one player
every hand, to the next player clockwise after the last big blind, so nobody posts it twice in a row
and nobody skips it. The small blind and the button follow from where the big blind was:

* the small blind is posted from the seat of the last big blind; when that seat is empty now (its
  player busted or left the table), nobody posts a small blind this hand;
* the button goes to the seat of the last small blind, taken or not: on an empty seat it is a dead
  button, and the player nearest its right acts last after the flop.

Heads-up, the button posts the small blind and acts first before the flop (TDA 34-B). When heads-up
play starts, the big blind still goes to the next player after the last big blind and the button,
with the small blind, to the other player, so nobody posts the big blind twice in a row.

A player new at the table (moved in to balance, from a broken table, a late registrant) is dealt in
wherever he sits, blinds and button included, except in a seat between the button and the small
blind: there he waits until the button has passed him (TDA 10-A). Heads-up has no such seat, so the
test is where the button would be: a new player sitting between the heads-up button and big blind would
get the button without a blind, and waits (twice at most, as the two heads-up positions swap). A new
player in the seat due for the big blind posts it at once (balancing moves a player to that worst
position, TDA 11-A). With a big blind ante the big blind pays the ante, and the dead button always gives
the hand a big blind.

Seats are numbered 1..``seat_count`` clockwise, as in the seating app: the button, the blinds and the
action all move to the next higher number, wrapping from the last seat to seat 1. Seats are plain
ints; the answer is a frozen :class:`NextHand`, whose explanation comes in English and Brazilian
Portuguese with the rule applied (citations from :data:`~tdconsole.rules.texts.RULES`)::

    hand = first_hand([1, 2, 3, 5, 6], button=1, seat_count=6)
    after = next_hand(hand.seated, hand.button, hand.small_blind_seat, hand.big_blind, busted=[3],
                      seat_count=6)       # the same as hand.following(busted=[3])
    after.button, after.small_blind, after.big_blind   # 2, None (seat 3 is empty), 5
    after.explanation("pt-br")

Record ``small_blind_seat`` (where the small blind was, posted or not) with each hand and pass it back
as ``small_blind``: when only "no small blind was posted" is known, the empty seat just before the big
blind is taken as the small blind's seat, which decides only where a later dead button sits.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .texts import RULE_NAMES_PT, RULES, fill, join_names, norm_lang

# Sentences for this module, in the shape of texts.T (key -> language -> template). Seat lists are
# tuples, written out as "1, 2 and 3" in the chosen language.
BUTTON_TEXTS: dict[str, dict[str, str]] = {
    "btn.first": {
        "en": "First hand at the table: the button is on seat {button}, seat {sb} posts the small blind and seat "
        "{bb} the big blind.",
        "pt-br": "Primeira mão da mesa: o button está na cadeira {button}, a cadeira {sb} paga o small blind e a "
        "cadeira {bb} o big blind.",
    },
    "btn.first_heads_up": {
        "en": "First hand, heads-up: seat {button} has the button and posts the small blind; seat {bb} posts the "
        "big blind.",
        "pt-br": "Primeira mão, heads-up: a cadeira {button} fica com o button e paga o small blind; a cadeira {bb} "
        "paga o big blind.",
    },
    "btn.busted.one": {
        "en": "Eliminated in the last hand: seat {seats}.",
        "pt-br": "Eliminado na última mão: cadeira {seats}.",
    },
    "btn.busted.many": {
        "en": "Eliminated in the last hand: seats {seats}.",
        "pt-br": "Eliminados na última mão: cadeiras {seats}.",
    },
    "btn.moved_out.one": {
        "en": "Moved to another table: seat {seats}.",
        "pt-br": "Mudou de mesa: cadeira {seats}.",
    },
    "btn.moved_out.many": {
        "en": "Moved to other tables: seats {seats}.",
        "pt-br": "Mudaram de mesa: cadeiras {seats}.",
    },
    "btn.moved_in.one": {
        "en": "New at this table: seat {seats}.",
        "pt-br": "Chegou a esta mesa: cadeira {seats}.",
    },
    "btn.moved_in.many": {
        "en": "New at this table: seats {seats}.",
        "pt-br": "Chegaram a esta mesa: cadeiras {seats}.",
    },
    "btn.bb": {
        "en": "Seat {seat} posts the big blind: it moves on to the next player after seat {prev}, last hand's big "
        "blind, so nobody posts it twice in a row and nobody skips it.",
        "pt-br": "A cadeira {seat} paga o big blind: ele avança para o próximo jogador depois da cadeira {prev}, o "
        "big blind da última mão; assim ninguém o paga duas vezes seguidas nem pula a vez.",
    },
    "btn.bb_new": {
        "en": "Seat {seat}, just taken by a new player, is the next one after seat {prev}, last hand's big blind: "
        "the new player posts the big blind at once.",
        "pt-br": "A cadeira {seat}, recém-ocupada por um jogador novo, é a próxima depois da cadeira {prev}, o big "
        "blind da última mão: o jogador novo paga o big blind já nesta mão.",
    },
    "btn.sb": {
        "en": "Seat {seat}, last hand's big blind, posts the small blind.",
        "pt-br": "A cadeira {seat}, big blind da última mão, paga o small blind.",
    },
    "btn.sb_new": {
        "en": "Seat {seat}, where last hand's big blind sat, has a new player: he posts the small blind and is "
        "dealt in.",
        "pt-br": "A cadeira {seat}, onde estava o big blind da última mão, tem um jogador novo: ele paga o small "
        "blind e recebe cartas.",
    },
    "btn.sb_dead": {
        "en": "Seat {seat}, where last hand's big blind sat, is empty now: there is no small blind this hand.",
        "pt-br": "A cadeira {seat}, onde estava o big blind da última mão, agora está vazia: não há small blind "
        "nesta mão.",
    },
    "btn.button": {
        "en": "The button moves to seat {seat}, last hand's small blind.",
        "pt-br": "O button passa para a cadeira {seat}, o small blind da última mão.",
    },
    "btn.button_dead": {
        "en": "The button moves to seat {seat}, the small blind's seat in the last hand; nobody sits there, so the "
        "button is dead this hand and seat {last} acts last after the flop.",
        "pt-br": "O button passa para a cadeira {seat}, a do small blind na última mão; ninguém está sentado nela, "
        "então o button fica morto nesta mão e a cadeira {last} age por último depois do flop.",
    },
    "btn.button_new": {
        "en": "The button moves to seat {seat}, the small blind's seat in the last hand, just taken by a new "
        "player: he has the button and is dealt in.",
        "pt-br": "O button passa para a cadeira {seat}, a do small blind na última mão, recém-ocupada por um "
        "jogador novo: ele fica com o button e recebe cartas.",
    },
    "btn.button_stays": {
        "en": "The last hand was heads-up, where the button also posts the small blind; with {count} players now, "
        "the button stays on seat {seat} and the blinds move on.",
        "pt-br": "A última mão foi heads-up, em que o button também paga o small blind; agora, com {count} "
        "jogadores, o button fica na cadeira {seat} e os blinds avançam.",
    },
    "btn.heads_up": {
        "en": "Heads-up: seat {button} has the button, posts the small blind and acts first before the flop; seat "
        "{bb} posts the big blind.",
        "pt-br": "Heads-up: a cadeira {button} fica com o button, paga o small blind e age primeiro antes do flop; a "
        "cadeira {bb} paga o big blind.",
    },
    "btn.heads_up_start": {
        "en": "Heads-up play begins: the big blind goes to seat {bb}, the next player after seat {prev} (last "
        "hand's big blind), and the button with the small blind to seat {button}, so nobody posts the big blind "
        "twice in a row. The button acts first before the flop.",
        "pt-br": "Começa o heads-up: o big blind vai para a cadeira {bb}, o próximo jogador depois da cadeira "
        "{prev} (big blind da última mão), e o button com o small blind para a cadeira {button}; assim ninguém "
        "paga o big blind duas vezes seguidas. O button age primeiro antes do flop.",
    },
    "btn.waits.one": {
        "en": "Seat {seats} was taken between the button and the small blind: that player is not dealt in until "
        "the button has passed him.",
        "pt-br": "A cadeira {seats} foi ocupada entre o button e o small blind: esse jogador só recebe cartas "
        "depois que o button passar por ele.",
    },
    "btn.waits.many": {
        "en": "Seats {seats} were taken between the button and the small blind: those players are not dealt in "
        "until the button has passed them.",
        "pt-br": "As cadeiras {seats} foram ocupadas entre o button e o small blind: esses jogadores só recebem "
        "cartas depois que o button passar por eles.",
    },
    "btn.waits_heads_up.one": {
        "en": "Seat {seats} was taken between the last hand's button and big blind: dealt in now, that player "
        "would get the button without posting a blind, so he waits until the button has passed him.",
        "pt-br": "A cadeira {seats} foi ocupada entre o button e o big blind da última mão: se recebesse cartas "
        "agora, esse jogador ficaria com o button sem pagar blind, então espera o button passar por ele.",
    },
    "btn.waits_heads_up.many": {
        "en": "Seats {seats} were taken between the last hand's button and big blind: dealt in now, those "
        "players would get the button without posting a blind, so they wait until the button has passed them.",
        "pt-br": "As cadeiras {seats} foram ocupadas entre o button e o big blind da última mão: se recebessem "
        "cartas agora, esses jogadores ficariam com o button sem pagar blind, então esperam o button passar por "
        "eles.",
    },
    "btn.deal_all": {
        "en": "Only one player of the last hand is still at the table, so nobody waits for the button: every "
        "new player is dealt in at once.",
        "pt-br": "Só um jogador da última mão continua na mesa, então ninguém espera o button: todos os jogadores "
        "novos recebem cartas já nesta mão.",
    },
    "btn.restart": {
        "en": "The big blind goes to seat {bb}, the next player after seat {prev} (last hand's big blind); the "
        "small blind and the button go to the two players before it, seats {sb} and {button}.",
        "pt-br": "O big blind vai para a cadeira {bb}, o próximo jogador depois da cadeira {prev} (big blind da "
        "última mão); o small blind e o button ficam com os dois jogadores antes dela, cadeiras {sb} e {button}.",
    },
    "btn.bba": {
        "en": "Big blind ante: seat {seat} pays the ante for the whole table along with the big blind.",
        "pt-br": "Big blind ante: a cadeira {seat} paga o ante da mesa inteira junto com o big blind.",
    },
    "btn.bba_no_sb": {
        "en": "Big blind ante: seat {seat} pays the ante for the whole table along with the big blind; the "
        "missing small blind changes nothing.",
        "pt-br": "Big blind ante: a cadeira {seat} paga o ante da mesa inteira junto com o big blind; a falta de "
        "small blind não muda nada.",
    },
    # --- refusals (ButtonError) ---------------------------------------------------------------------
    "btnerr.seat_count": {
        "en": "A table needs at least 2 seats, not {count}.",
        "pt-br": "Uma mesa precisa de pelo menos 2 cadeiras, não {count}.",
    },
    "btnerr.seat_range": {
        "en": "Seat {seat} does not exist at a table of {count} seats.",
        "pt-br": "A cadeira {seat} não existe numa mesa de {count} cadeiras.",
    },
    "btnerr.big_blind_empty": {
        "en": "Seat {seat} posted the big blind, so it must be one of the occupied seats.",
        "pt-br": "A cadeira {seat} pagou o big blind, então tem de estar entre as cadeiras ocupadas.",
    },
    "btnerr.button_empty": {
        "en": "The first button goes to a player, and seat {seat} is empty.",
        "pt-br": "O primeiro button vai para um jogador, e a cadeira {seat} está vazia.",
    },
    "btnerr.not_seated": {
        "en": "Seat {seat} is empty: nobody there can be eliminated or leave the table.",
        "pt-br": "A cadeira {seat} está vazia: ninguém nela pode ser eliminado ou sair da mesa.",
    },
    "btnerr.busted_and_moved": {
        "en": "The player in seat {seat} cannot both be eliminated and move to another table.",
        "pt-br": "O jogador da cadeira {seat} não pode ser eliminado e também mudar de mesa.",
    },
    "btnerr.busted_not_dealt": {
        "en": "Seat {seat} was not dealt in, so its player cannot have been eliminated in that hand.",
        "pt-br": "A cadeira {seat} não recebeu cartas, então seu jogador não pode ter sido eliminado nessa mão.",
    },
    "btnerr.seat_taken": {
        "en": "Seat {seat} is still occupied: nobody can be moved into it.",
        "pt-br": "A cadeira {seat} continua ocupada: ninguém pode ser colocado nela.",
    },
    "btnerr.positions_order": {
        "en": "The last hand's button ({button}), small blind ({sb}) and big blind ({bb}) are not in clockwise "
        "order.",
        "pt-br": "O button ({button}), o small blind ({sb}) e o big blind ({bb}) da última mão não estão em sentido "
        "horário.",
    },
    "btnerr.skipped": {
        "en": "Seat {seat} sits between the last hand's small blind ({sb}) and big blind ({bb}): the big blind "
        "passed over a player. Correct the recorded positions.",
        "pt-br": "A cadeira {seat} fica entre o small blind ({sb}) e o big blind ({bb}) da última mão: o big blind "
        "pulou um jogador. Corrija as posições registradas.",
    },
    "btnerr.heads_up_third": {
        "en": "The last hand was heads-up (the button posted the small blind), so seat {seat}, occupied but not "
        "listed as waiting, cannot have been dealt in. List it as waiting or correct the recorded positions.",
        "pt-br": "A última mão foi heads-up (o button pagou o small blind), então a cadeira {seat}, ocupada mas não "
        "marcada como esperando, não pode ter recebido cartas. Marque-a como esperando ou corrija as posições "
        "registradas.",
    },
    "btnerr.no_small_blind_seat": {
        "en": "No small blind was recorded, but no empty seat lies between the button ({button}) and the big blind "
        "({bb}) where it could have been.",
        "pt-br": "Nenhum small blind foi registrado, mas não há cadeira vazia entre o button ({button}) e o big "
        "blind ({bb}) onde ele poderia estar.",
    },
    "btnerr.too_few_players": {
        "en": "Fewer than two players are left at the table: it cannot deal a hand.",
        "pt-br": "Restam menos de dois jogadores na mesa: não dá para distribuir uma mão.",
    },
    "btnerr.no_player_left": {
        "en": "No player of the last hand is left at the table: deal it as a first hand.",
        "pt-br": "Nenhum jogador da última mão continua na mesa: distribua como primeira mão.",
    },
}


def _render(key: str, lang: str, rule_key: str | None, params: tuple[tuple[str, Any], ...]) -> str:
    """One sentence in ``lang``, seat lists written out, ending with its rule in brackets (as texts.with_rule)."""
    lang = norm_lang(lang)
    values: dict[str, Any] = {}
    for name, value in params:
        values[name] = join_names([str(v) for v in value], lang) if isinstance(value, tuple) else value
    body = fill(BUTTON_TEXTS[key][lang], lang, values)
    rule = RULES.get(rule_key) if rule_key else None
    if not rule:
        return body
    if lang == "pt-br":
        rule = RULE_NAMES_PT.get(rule, rule)
    return f"{body} [{rule}]"


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the explanation: a sentence key, the rule it applies (a key of RULES) and its values."""

    key: str
    rule_key: str | None = None
    params: tuple[tuple[str, Any], ...] = ()

    def text(self, lang: str = "en") -> str:
        return _render(self.key, lang, self.rule_key, self.params)


class ButtonError(ValueError):
    """The table's record does not describe a hand that can be followed (``code`` says why)."""

    def __init__(self, code: str, **params: Any):
        self.code = code
        self.params = tuple(params.items())
        super().__init__(f"{code}: {self.message('en')}")

    def message(self, lang: str) -> str:
        return _render(f"btnerr.{self.code}", lang, None, self.params)


@dataclass(frozen=True, slots=True)
class NextHand:
    """Who posts what in a hand, and where the button is.

    ``button`` is the seat of the button (an empty seat when ``dead_button``); ``small_blind`` the seat
    that posts the small blind, None when nobody does; ``small_blind_seat`` where the small blind is
    even when nobody posts it (heads-up: the button); ``big_blind`` the seat that posts the big blind
    (and a big blind ante). ``dealt_in`` lists the seats dealt in, in dealing order (from the seat after
    the button; heads-up the button gets the last card); ``waiting`` the seats taken but not dealt in
    this hand; ``seated`` every occupied seat.
    """

    button: int
    small_blind: int | None
    big_blind: int
    small_blind_seat: int
    dead_button: bool
    heads_up: bool
    dealt_in: tuple[int, ...]
    waiting: tuple[int, ...]
    seated: tuple[int, ...]
    seat_count: int
    steps: tuple[Step, ...] = ()

    def explanation(self, lang: str = "en") -> list[str]:
        """The reasons, step by step, each naming the rule it applies, in English or pt-BR."""
        return [step.text(lang) for step in self.steps]

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule citations the explanation uses, in order, each once."""
        cited: list[str] = []
        for step in self.steps:
            rule = RULES.get(step.rule_key) if step.rule_key else None
            if rule and rule not in cited:
                cited.append(rule)
        return tuple(cited)

    def following(
        self,
        busted: Iterable[int] = (),
        *,
        moved_in: Iterable[int] = (),
        moved_out: Iterable[int] = (),
        big_blind_ante: bool = False,
    ) -> NextHand:
        """The hand after this one (see :func:`next_hand`)."""
        return next_hand(
            self.seated, self.button, self.small_blind_seat, self.big_blind, busted,
            seat_count=self.seat_count, moved_in=moved_in, moved_out=moved_out, waiting=self.waiting,
            big_blind_ante=big_blind_ante,
        )


def _after(start: int, seat: int, n: int) -> int:
    """How many seats clockwise from ``start`` to ``seat``, minus one (``start`` itself comes last)."""
    return (seat - start - 1) % n


def _clockwise(start: int, seats: Iterable[int], n: int) -> list[int]:
    """The seats in clockwise order, starting just after ``start``."""
    return sorted(seats, key=lambda s: _after(start, s, n))


def _between(first: int, seat: int, last: int, n: int) -> bool:
    """True when ``seat`` lies strictly between ``first`` and ``last``, going clockwise."""
    return 0 < (seat - first) % n < (last - first) % n


def _check_count(seat_count: int) -> int:
    if seat_count < 2:
        raise ButtonError("seat_count", count=seat_count)
    return seat_count


def _check_seat(seat: int, n: int) -> int:
    if not 1 <= seat <= n:
        raise ButtonError("seat_range", seat=seat, count=n)
    return seat


def _seat_set(seats: Iterable[int], n: int) -> set[int]:
    return {_check_seat(s, n) for s in seats}


def _bba_step(big_blind: int, small_blind: int | None, big_blind_ante: bool) -> list[Step]:
    if not big_blind_ante:
        return []
    key = "btn.bba" if small_blind is not None else "btn.bba_no_sb"
    return [Step(key, "bba", (("seat", big_blind),))]


def _seats_step(prefix: str, seats: set[int], rule_key: str | None = None) -> list[Step]:
    if not seats:
        return []
    return [Step(f"{prefix}.{'one' if len(seats) == 1 else 'many'}", rule_key, (("seats", tuple(sorted(seats))),))]


def first_hand(seats: Iterable[int], button: int, *, seat_count: int, big_blind_ante: bool = False) -> NextHand:
    """The first hand at a table: the button on a player's seat, the blinds on the next players."""
    n = _check_count(seat_count)
    seated = _seat_set(seats, n)
    _check_seat(button, n)
    if len(seated) < 2:
        raise ButtonError("too_few_players")
    if button not in seated:
        raise ButtonError("button_empty", seat=button)
    order = _clockwise(button, seated, n)
    if len(seated) == 2:
        bb = order[0]
        steps = [Step("btn.first_heads_up", "heads_up_button", (("button", button), ("bb", bb)))]
        return NextHand(
            button=button, small_blind=button, big_blind=bb, small_blind_seat=button, dead_button=False,
            heads_up=True, dealt_in=tuple(order), waiting=(), seated=tuple(sorted(seated)), seat_count=n,
            steps=tuple(steps + _bba_step(bb, button, big_blind_ante)),
        )
    sb, bb = order[0], order[1]
    steps = [Step("btn.first", None, (("button", button), ("sb", sb), ("bb", bb)))]
    return NextHand(
        button=button, small_blind=sb, big_blind=bb, small_blind_seat=sb, dead_button=False, heads_up=False,
        dealt_in=tuple(order), waiting=(), seated=tuple(sorted(seated)), seat_count=n,
        steps=tuple(steps + _bba_step(bb, sb, big_blind_ante)),
    )


def _dead_small_blind_seat(before: set[int], button: int, big_blind: int, n: int) -> int:
    """Where the small blind was when none was posted and none was recorded: the seat before the big blind."""
    seat = (big_blind - 2) % n + 1
    if seat == button or seat in before or not _between(button, seat, big_blind, n):
        raise ButtonError("no_small_blind_seat", button=button, bb=big_blind)
    return seat


def next_hand(
    seats: Iterable[int],
    button: int,
    small_blind: int | None,
    big_blind: int,
    busted: Iterable[int] = (),
    *,
    seat_count: int,
    moved_in: Iterable[int] = (),
    moved_out: Iterable[int] = (),
    waiting: Iterable[int] = (),
    big_blind_ante: bool = False,
) -> NextHand:
    """The next hand's button and blinds under the dead button (TDA 32), and who waits (TDA 10-A).

    ``seats``: the occupied seats before the hand just played (its waiting players included);
    ``button``, ``small_blind``, ``big_blind``: that hand's positions, as recorded. ``small_blind`` is
    the small blind's seat even when nobody posted it (a previous answer's ``small_blind_seat``), None
    when only "no small blind" is known, and equal to ``button`` for a heads-up hand. ``busted``: seats
    eliminated in that hand; ``moved_out``: players moved to another table since; ``moved_in``: seats
    filled since (balancing, a broken table, late registration); ``waiting``: seats that were taken
    but not dealt in that hand (its answer's ``waiting``): they wait again while they still sit where
    the button would pass over them, which heads-up can last two hands. Raises :class:`ButtonError` for a
    record that cannot be followed.
    """
    n = _check_count(seat_count)
    before = _seat_set(seats, n)
    out_busted = _seat_set(busted, n)
    out_moved = _seat_set(moved_out, n)
    new = _seat_set(moved_in, n)
    held = _seat_set(waiting, n)
    _check_seat(button, n)
    _check_seat(big_blind, n)
    if small_blind is not None:
        _check_seat(small_blind, n)
    if big_blind not in before:
        raise ButtonError("big_blind_empty", seat=big_blind)
    for seat in sorted(out_busted | out_moved | held):
        if seat not in before:
            raise ButtonError("not_seated", seat=seat)
    for seat in sorted(out_busted & held):
        raise ButtonError("busted_not_dealt", seat=seat)
    for seat in sorted(out_busted & out_moved):
        raise ButtonError("busted_and_moved", seat=seat)
    stayed = before - out_busted - out_moved
    for seat in sorted(new & stayed):
        raise ButtonError("seat_taken", seat=seat)

    was_heads_up = small_blind == button
    if was_heads_up:
        if button == big_blind:
            raise ButtonError("positions_order", button=button, sb=button, bb=big_blind)
        last_sb = button
        for seat in sorted(before - held - {button, big_blind}):  # heads-up deals exactly two players
            raise ButtonError("heads_up_third", seat=seat)
    else:
        last_sb = small_blind if small_blind is not None else _dead_small_blind_seat(before, button, big_blind, n)
        if not _between(button, last_sb, big_blind, n):
            raise ButtonError("positions_order", button=button, sb=last_sb, bb=big_blind)
        for seat in _clockwise(last_sb, before, n):
            if _between(last_sb, seat, big_blind, n):
                raise ButtonError("skipped", seat=seat, sb=last_sb, bb=big_blind)

    seated = stayed | new
    if len(seated) < 2:
        raise ButtonError("too_few_players")
    if not stayed:
        raise ButtonError("no_player_left")

    # The button goes where the small blind was and the small blind where the big blind was; a new
    # player strictly between those two seats would skip both blinds, so he waits (TDA 10-A).
    new_button, new_sb = last_sb, big_blind
    not_yet_dealt = new | (held & stayed)
    sitting_out = {s for s in not_yet_dealt if _between(new_button, s, new_sb, n)}
    dealt = seated - sitting_out
    steps = _seats_step("btn.busted", out_busted) + _seats_step("btn.moved_out", out_moved)
    steps += _seats_step("btn.moved_in", new)
    restart = len(dealt) < 2
    if restart:
        # Only the last big blind's side of the table is left: nobody to wait behind.
        sitting_out, dealt = set(), seated
        steps.append(Step("btn.deal_all"))
    bb = _clockwise(big_blind, dealt, n)[0]  # never big_blind itself: at least two are dealt in
    waits = _seats_step("btn.waits", sitting_out, "new_players")

    if len(dealt) == 2:
        # Heads-up has no seat between button and small blind: those waiting sit where the button would
        # be if they were dealt in.
        waits = _seats_step("btn.waits_heads_up", sitting_out, "new_players")
        other = next(s for s in dealt if s != bb)
        key = "btn.heads_up" if was_heads_up and not restart else "btn.heads_up_start"
        steps.append(Step(key, "heads_up_button", (("button", other), ("bb", bb), ("prev", big_blind))))
        return NextHand(
            button=other, small_blind=other, big_blind=bb, small_blind_seat=other, dead_button=False,
            heads_up=True, dealt_in=tuple(_clockwise(other, dealt, n)), waiting=tuple(sorted(sitting_out)),
            seated=tuple(sorted(seated)), seat_count=n,
            steps=tuple(steps + waits + _bba_step(bb, other, big_blind_ante)),
        )

    if restart:
        order = _clockwise(bb, dealt, n)  # bb comes last: the two before it take the small blind and button
        new_sb, new_button = order[-2], order[-3]
        steps.append(Step("btn.restart", "dead_button",
                          (("bb", bb), ("prev", big_blind), ("sb", new_sb), ("button", new_button))))
        return NextHand(
            button=new_button, small_blind=new_sb, big_blind=bb, small_blind_seat=new_sb, dead_button=False,
            heads_up=False, dealt_in=tuple(_clockwise(new_button, dealt, n)), waiting=(),
            seated=tuple(sorted(seated)), seat_count=n,
            steps=tuple(steps + _bba_step(bb, new_sb, big_blind_ante)),
        )

    if bb in new:
        steps.append(Step("btn.bb_new", "new_players", (("seat", bb), ("prev", big_blind))))
    else:
        steps.append(Step("btn.bb", "dead_button", (("seat", bb), ("prev", big_blind))))
    posted_sb: int | None = new_sb
    if new_sb in stayed:
        steps.append(Step("btn.sb", "dead_button", (("seat", new_sb),)))
    elif new_sb in new:
        steps.append(Step("btn.sb_new", "new_players", (("seat", new_sb),)))
    else:
        posted_sb = None
        steps.append(Step("btn.sb_dead", "dead_button", (("seat", new_sb),)))
    dead_button = new_button not in seated
    if dead_button:
        last = _clockwise(new_button, dealt, n)[-1]
        steps.append(Step("btn.button_dead", "dead_button", (("seat", new_button), ("last", last))))
    elif new_button in new:
        steps.append(Step("btn.button_new", "new_players", (("seat", new_button),)))
    elif was_heads_up:
        steps.append(Step("btn.button_stays", "dead_button", (("seat", new_button), ("count", len(dealt)))))
    else:
        steps.append(Step("btn.button", "dead_button", (("seat", new_button),)))
    return NextHand(
        button=new_button, small_blind=posted_sb, big_blind=bb, small_blind_seat=new_sb, dead_button=dead_button,
        heads_up=False, dealt_in=tuple(_clockwise(new_button, dealt, n)), waiting=tuple(sorted(sitting_out)),
        seated=tuple(sorted(seated)), seat_count=n,
        steps=tuple(steps + waits + _bba_step(bb, posted_sb, big_blind_ante)),
    )
