"""The betting state machine: one hand of no-limit or fixed-limit hold'em, action by action."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from .cards import EVAL7_CARDS, best_hand, evaluate_cards
from .phh import Action, ActionLineError, HandSpec, parse_action
from .ruling import build_ruling
from .texts import RULES, T, norm_lang, text

STREET_CARDS = (3, 1, 1)
_LINE = itemgetter(4)  # an action's line as written (phh.Action)


@dataclass(frozen=True, slots=True)
class Options:
    """What the player to act may do right now.

    ``call`` is the number of chips needed to call (0 when checking is possible); ``raise_min_to``
    and ``raise_max_to`` are totals for the street, both None when raising is not allowed.
    """

    player: int
    fold: bool
    check: bool
    call: int
    raise_min_to: int | None
    raise_max_to: int | None
    reason_en: str
    reason_pt: str
    rule: str | None
    reason_key: str = ""
    reason_params: tuple[tuple[str, Any], ...] = ()

    @property
    def label(self) -> str:
        return f"p{self.player + 1}"

    def reason(self, lang: str) -> str:
        """Why these options, in ``lang`` ('pt', 'pt-BR', 'pt_BR' ... give Portuguese; anything else English)."""
        return self.reason_pt if norm_lang(lang) == "pt-br" else self.reason_en


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips, who may win it and, once the hand is over, who did."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    awards: tuple[tuple[int, int], ...] = ()
    odd_units: int = 0


@dataclass(frozen=True, slots=True)
class RuleError:
    """An illegal action: replay stopped before it."""

    action_index: int
    action: str
    code: str
    rule: str | None
    params: tuple[tuple[str, Any], ...] = ()

    def message(self, lang: str) -> str:
        return text(f"err.{self.code}", lang, **dict(self.params))

    def remedy(self, lang: str) -> str | None:
        key = f"err.{self.code}.remedy"
        if key not in T:
            return None
        return text(key, lang, **dict(self.params))


class IllegalAction(ValueError):
    """Raised by :meth:`Hand.apply` for an action the rules do not allow."""

    def __init__(self, error: RuleError):
        self.error = error
        super().__init__(f"{error.code}: {error.message('en')}")


@dataclass(slots=True)
class _Showdown:
    pots: list[Pot]
    pending: list[int] = field(default_factory=list)
    scores: dict[int, int] = field(default_factory=dict)  # at a showdown: Hand.scores()


def _orders(n: int) -> tuple[tuple[int, ...], ...]:
    """The seats in turn from each seat: ``orders[s]`` is s, s + 1, ..., n - 1, 0, ..., s - 1 (``orders[n]`` is
    ``orders[0]``). Made once per table size: iterating over them costs less than making a range each time.
    """
    found = _ORDERS.get(n)
    if found is None:
        seats = tuple(range(n))
        found = _ORDERS[n] = (*[seats[s:] + seats[:s] for s in range(n)], seats)
    return found


_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _err(code: str, rule_key: str | None, **params: Any) -> tuple[str, str | None, tuple[tuple[str, Any], ...]]:
    return (code, RULES.get(rule_key) if rule_key else None, tuple(params.items()))


class Hand:
    """A hand in play. Build it from a :class:`HandSpec`; blinds and antes are posted at once.

    Use :meth:`apply` for each action (it raises :class:`IllegalAction`), or
    :meth:`replay` to run the spec's actions and stop at the first illegal one.
    """

    __slots__ = (
        "_settled", "acted", "acted_seq", "actor", "aggressor", "ante_paid", "bba", "bet", "bets_count",
        "blind_paid", "board", "current", "dead", "error", "events", "fold_order", "folded", "full_level", "full_seq",
        "history", "hole", "last_betting_street", "last_full", "limit", "live_count", "muck_order", "mucked", "n",
        "orders", "over", "posts", "raise_seq", "runout", "runout_street", "seen", "showdown", "shown", "size", "spec",
        "stack", "street", "total", "uncalled",
    )

    def __init__(self, spec: HandSpec):
        n = len(spec.starting_stacks)
        self.spec = spec
        self.n = n
        self.orders = _orders(n)
        self.limit = spec.variant == "FT"
        self.stack = list(spec.starting_stacks)
        self.bet = [0] * n
        self.total = [0] * n
        self.folded = [False] * n
        self.acted = [False] * n
        self.acted_seq = [0] * n
        self.hole: list[tuple[str, ...] | None] = [None] * n
        self.shown: list[tuple[str, ...] | None] = [None] * n
        self.mucked = [False] * n
        self.live_count = n
        self.muck_order: list[int] = []
        self.fold_order: list[int] = []
        self.board: list[str] = []
        self.seen: set[str] = set()
        self.street = 0
        self.history: list[str] = []
        self.error: RuleError | None = None
        self.uncalled: list[tuple[int, int]] = []
        self.events: list[tuple[Any, ...]] = []
        self.aggressor: list[int | None] = [None, None, None, None]
        self.last_betting_street = 0
        self.runout = False
        self.runout_street: int | None = None
        self.over = False  # won by everyone else folding
        self.showdown = False  # board complete and betting over
        self.dead = 0  # big blind ante: dead money for the main pot
        self.raise_seq = 0
        self.full_seq = 0  # raise_seq of the last full fixed-limit bet or raise (not a half-bet all-in)
        self.bets_count = 0
        self.ante_paid = [0] * n
        self.blind_paid = [0] * n
        self._settled: _Showdown | None = None
        self._post()

    def __repr__(self) -> str:
        """An expression that replays the hand, then the state it reached (for failing property tests)."""
        spec = self.spec
        data: dict[str, Any] = {
            "variant": spec.variant,
            "starting_stacks": list(spec.starting_stacks),
            "blinds_or_straddles": list(spec.blinds_or_straddles),
            "antes": list(spec.antes),
        }
        if spec.variant == "NT":
            data["min_bet"] = spec.min_bet
        else:
            data.update(small_bet=spec.small_bet, big_bet=spec.big_bet, _raise_cap=spec.raise_cap)
        if spec.mode != "tournament":
            data["_mode"] = spec.mode
        if spec.bba_order != "blind_first":
            data["_bba_order"] = spec.bba_order
        if spec.smallest_chip != 1:
            data["_smallest_chip"] = spec.smallest_chip
        data["actions"] = list(self.history)
        error = f"{self.error.code} at {self.error.action_index} ({self.error.action})" if self.error else None
        return (
            f"Hand.replay(spec_from_mapping({data!r}))"
            f"  # status={self.status} actor={None if self.actor is None else f'p{self.actor + 1}'}"
            f" stack={self.stack} bet={self.bet} total={self.total} dead={self.dead}"
            f" folded={[f'p{i + 1}' for i in range(self.n) if self.folded[i]]} board={''.join(self.board)!r}"
            f" uncalled={[(f'p{k + 1}', amount) for k, amount in self.uncalled]} error={error}"
        )

    # ------------------------------------------------------------------ set-up
    def _post(self) -> None:
        spec, n = self.spec, self.n
        if n == 2:
            posts = [spec.blinds_or_straddles[1], spec.blinds_or_straddles[0]]
            antes = [spec.antes[1], spec.antes[0]]
        else:
            posts = list(spec.blinds_or_straddles)
            antes = list(spec.antes)
        self.posts = posts
        self.bba = antes.count(0) == n - 1
        stack, bet, total = self.stack, self.bet, self.total
        bba, blind_first = self.bba, spec.bba_order == "blind_first"
        ante_paid, blind_paid = self.ante_paid, self.blind_paid
        for i in self.orders[0]:
            blind, ante = posts[i], antes[i]
            if not blind and not ante:
                continue
            have = stack[i]
            if bba and ante and blind_first:
                paid_blind = blind if blind < have else have
                have -= paid_blind
                paid_ante = ante if ante < have else have
                have -= paid_ante
            else:
                paid_ante = ante if ante < have else have
                have -= paid_ante
                paid_blind = blind if blind < have else have
                have -= paid_blind
            stack[i] = have
            bet[i] = paid_blind
            ante_paid[i] = paid_ante
            blind_paid[i] = paid_blind
            if bba:
                self.dead += paid_ante
                total[i] = paid_blind
            else:
                total[i] = paid_blind + paid_ante
        top = max(posts)
        self.current = top
        if self.limit:
            self.size = spec.small_bet
            self.full_level = top
            self.bets_count = 1 if top else 0
            self.last_full = spec.small_bet
        else:
            self.size = spec.min_bet
            self.full_level = top
            self.last_full = top if top >= spec.min_bet else spec.min_bet  # no max(): a call costs more
        if top:
            start = n - posts[::-1].index(top)  # just after the last player posting the largest blind
        else:
            start = 0
        self.actor: int | None = self._first_from(start)
        if self.actor is None:
            self._close_round()

    # ------------------------------------------------------------------ helpers
    def _first_from(self, start: int) -> int | None:
        stack = self.stack
        folded = self.folded
        for j in self.orders[start]:
            if not folded[j] and stack[j] > 0:
                if self.bet[j] < self.current:
                    return j
                if not self.acted[j]:
                    # An unacted player has a decision only if someone else could answer it.
                    for k in self.orders[0]:
                        if k != j and not folded[k] and stack[k] > 0:
                            return j
        return None

    def _idle_check(self, i: int) -> bool:
        """True when player i may check although the betting is closed: a no-op, accepted.

        Before the flop a blind (or straddle) who has not acted keeps his turn in hand histories written
        by pokerkit even when everybody else folded or is all-in, so nobody could answer a raise; the
        engine closes the betting at once and takes that recorded check as changing nothing.
        """
        return (
            self.actor is None and not self.over and not self.showdown and not self.board and self.posts[i] > 0
            and not self.acted[i] and not self.folded[i] and self.stack[i] > 0 and not self._others_can_act(i)
        )

    def _others_can_act(self, i: int) -> bool:
        stack, folded = self.stack, self.folded
        for k in self.orders[0]:
            if k != i and not folded[k] and stack[k] > 0:
                return True
        return False

    # ------------------------------------------------------------------ options
    def _raise_window(self, i: int) -> tuple[int | None, int | None, str, str | None, dict[str, Any]]:
        """(min_to, max_to, reason key, rule key, params) for player i."""
        bet, current, stack = self.bet[i], self.current, self.stack[i]
        most = bet + stack
        faced = current - bet
        name = f"p{i + 1}"
        params: dict[str, Any] = {"player": name, "faced": faced, "current": current, "full": self.last_full}
        if stack <= faced:
            return None, None, "opt.short_stack", "table_stakes", params
        if not self._others_can_act(i):
            return None, None, "opt.others_all_in", "table_stakes", params
        if self.limit:
            cap = self.spec.raise_cap
            if cap and self.bets_count >= cap + 1:
                params["cap"] = cap
                return None, None, "opt.cap", "raise_cap", params
            if self.acted[i] and not (self.raise_seq > self.acted_seq[i] or faced >= self.size):
                params["full"] = self.size
                return None, None, "opt.not_reopened", "limit_reopening", params
            target = self.full_level + self.size
            to = min(target, most)
            params["min_to"] = to
            if self.acted[i] and self.full_seq <= self.acted_seq[i] < self.raise_seq:
                # re-opened for a player who already acted only by all-ins of at least half a bet (TDA 47-B)
                return to, to, "opt.limit_reopened", "limit_reopening", params
            return to, to, "opt.limit", "raise_amounts", params
        if self.acted[i] and faced < self.last_full:
            return None, None, "opt.not_reopened", "reopening", params
        if current == 0:
            min_to = self.spec.min_bet
        else:
            min_to = current + self.last_full
        params["min_to"] = min_to
        if most < min_to:
            return most, most, "opt.all_in_only_raise", "all_in_any_amount", params
        if self.acted[i]:
            key, rule = "opt.reopened", "reopening"
        elif current > self.full_level:
            key, rule = "opt.unacted_short", "short_all_in_raise"
        elif current == 0:
            key, rule = "opt.open_bet", "raise_amounts"
        else:
            key, rule = "opt.min_raise", "raise_amounts"
        return min_to, most, key, rule, params

    def options(self) -> Options | None:
        """The options of the player to act, or None when nobody is to act."""
        i = self.actor
        if i is None or self.over or self.showdown:
            return None
        faced = self.current - self.bet[i]
        call = min(faced, self.stack[i]) if faced > 0 else 0
        min_to, max_to, key, rule_key, params = self._raise_window(i)
        return Options(
            player=i,
            fold=True,
            check=faced <= 0,
            call=call,
            raise_min_to=min_to,
            raise_max_to=max_to,
            reason_en=text(key, "en", **params),
            reason_pt=text(key, "pt-br", **params),
            rule=RULES.get(rule_key) if rule_key else None,
            reason_key=key,
            reason_params=tuple(params.items()),
        )

    # ------------------------------------------------------------------ actions
    def _desk_verb(self, action: str) -> tuple[str, tuple[str, str | None, tuple[tuple[str, Any], ...]] | None]:
        """Accept the floor's words 'pN check' and 'pN call' and turn them into PHH 'pN cc'.

        PHH has one verb for both; at the desk the difference matters: a check facing a bet is an
        error (the player must call, raise or fold), and so is a call with nothing to call.
        """
        parts = action.split("#", 1)[0].split()
        if len(parts) != 2 or parts[1] not in ("check", "call"):
            return action, None
        try:
            who = parse_action(f"{parts[0]} cc", self.n)[1]
        except ValueError:
            return action, None
        line = f"{parts[0]} cc"
        if self.actor is None and parts[1] == "call" and self._idle_check(who):
            return line, _err("call_without_bet", "facing_bet", player=f"p{who + 1}")
        if who != self.actor or self.actor is None:
            return line, None  # the ordinary checks report turn order
        facing = self.current - self.bet[who]
        name = f"p{who + 1}"
        if parts[1] == "check" and facing > 0:
            return line, _err("check_facing_bet", "facing_bet", player=name, amount=min(facing, self.stack[who]))
        if parts[1] == "call" and facing <= 0:
            return line, _err("call_without_bet", "facing_bet", player=name)
        return line, None

    def apply(self, action: str) -> None:
        """Apply one PHH action line; raise IllegalAction (state unchanged) if the rules forbid it.

        Besides PHH notation the desk may write 'pN check' and 'pN call' (recorded as 'pN cc').
        """
        if self.error is not None:
            raise IllegalAction(self.error)
        action, problem = self._desk_verb(action)
        if problem is not None:
            code, rule, params = problem
            raise IllegalAction(RuleError(len(self.history), action, code, rule, params))
        try:
            parsed = parse_action(action, self.n)
        except ValueError as exc:
            raise IllegalAction(
                RuleError(len(self.history), action, "malformed", None,
                          (("detail", exc if isinstance(exc, ActionLineError) else str(exc)),))
            ) from None
        problem = self._step(parsed)
        if problem is not None:
            code, rule, params = problem
            raise IllegalAction(RuleError(len(self.history), parsed[4], code, rule, params))
        self.history.append(parsed[4])

    def can_apply(self, action: str) -> bool:
        """True when :meth:`apply` would accept the action (the hand is not changed)."""
        action, problem = self._desk_verb(action)
        if problem is not None:
            return False
        try:
            parsed = parse_action(action, self.n)
        except ValueError:
            return False
        return self.error is None and self._check(parsed) is None

    @classmethod
    def replay(cls, spec: HandSpec) -> Hand:
        """Replay every action of the spec; stop before the first illegal one (see ``error``)."""
        hand = cls(spec)
        step = hand._step
        parsed = spec.parsed
        seen, hole = hand.seen, hand.hole
        for index, action in enumerate(parsed):
            if action[0] == "dh":  # the commonest line, as _step's own fast path takes it, without the call
                cards = action[3]
                if cards is not None:
                    c0, c1 = cards
                    if c0 != "??" and c1 != "??" and c0 != c1 and c0 not in seen and c1 not in seen:
                        seen.add(c0)
                        seen.add(c1)
                        hole[action[1]] = cards
                        continue
            problem = step(action)
            if problem is not None:
                code, rule, params = problem
                hand.error = RuleError(index, action[4], code, rule, params)
                parsed = parsed[:index]
                break
        hand.history = list(map(_LINE, parsed))
        return hand

    def _check(self, action: Action) -> tuple[str, str | None, tuple[tuple[str, Any], ...]] | None:
        """Validate without changing anything."""
        kind, who, amount, cards, _ = action
        if kind == "dh":
            if cards is None:
                return None
            for c in cards:
                if c != "??" and (c in self.seen or cards.count(c) > 1):
                    return _err("duplicate_card", "dealing", card=c)
            return None
        if self.over or (self.showdown and kind != "sm"):
            return _err("hand_over", None)
        if kind == "db":
            assert cards is not None
            if self.actor is not None:
                return _err("board_before_betting_closed", "dealing", expected=f"p{self.actor + 1}")
            if len(self.board) >= 5:
                return _err("board_complete", "dealing")
            expected = STREET_CARDS[self.street if self.street < 2 else 2] if len(self.board) < 5 else 0
            if len(cards) != expected:
                return _err(
                    "wrong_board_count", "dealing", street=f"street.{self.street + 1}", expected=expected,
                    count=len(cards),
                )
            for c in cards:
                if c in self.seen or cards.count(c) > 1:
                    return _err("duplicate_card", "dealing", card=c)
            return None
        name = f"p{who + 1}"
        if kind == "sm":
            if self.folded[who]:
                return _err("folded_player_cannot_show", None, player=name)
            if not (self.showdown or self.runout):
                return _err("show_before_showdown", "showdown_order", player=name)
            if cards is not None:
                dealt = self.hole[who]
                if dealt is not None and "??" not in dealt and sorted(dealt) != sorted(cards):
                    return _err("shown_cards_differ", "cards_speak", player=name, shown="".join(cards),
                                dealt="".join(dealt))
                if dealt is not None and "??" in dealt:
                    for c in dealt:
                        if c != "??" and c not in cards:  # the card dealt face up must be among those shown
                            return _err("shown_cards_differ", "cards_speak", player=name, shown="".join(cards),
                                        dealt="".join(dealt))
                if dealt is None or "??" in dealt:
                    for c in cards:
                        if c in self.seen and (dealt is None or c not in dealt):
                            return _err("duplicate_card", "dealing", card=c)
            return None
        # betting actions
        if self.actor is None:
            if self.folded[who]:
                return _err("player_folded", None, player=name)
            if kind == "cc" and self._idle_check(who):
                return None
            return _err("betting_closed", None, player=name)
        if who != self.actor:
            if self.folded[who]:
                return _err("player_folded", None, player=name)
            if self.stack[who] == 0:
                return _err("player_all_in", None, player=name)
            return _err("not_your_turn", "out_of_turn", player=name, expected=f"p{self.actor + 1}")
        if kind == "cbr":
            return self._check_raise(who, amount)
        return None

    def _check_raise(self, i: int, to: int) -> tuple[str, str | None, tuple[tuple[str, Any], ...]] | None:
        bet, stack, current = self.bet[i], self.stack[i], self.current
        most = bet + stack
        name = f"p{i + 1}"
        if to > most:
            return _err("bet_exceeds_stack", "table_stakes", player=name, amount=to, limit=most)
        if to <= current:
            if current == 0:
                return _err("below_minimum_bet", "raise_amounts", amount=to, minimum=self.spec.min_bet or self.size)
            return _err("raise_not_above_bet", "raise_amounts", amount=to, current=current)
        faced = current - bet
        if stack <= faced:
            return _err("cannot_raise_short", "table_stakes", player=name)
        if not self._others_can_act(i):
            return _err("no_one_to_raise", "table_stakes")
        if self.limit:
            cap = self.spec.raise_cap
            if cap and self.bets_count >= cap + 1:
                return _err("raise_cap_reached", "raise_cap", cap=cap)
            if self.acted[i] and not (self.raise_seq > self.acted_seq[i] or faced >= self.size):
                return _err("raise_not_reopened", "limit_reopening", player=name, faced=faced, full=self.size)
            target = self.full_level + self.size
            if to != target and not (to == most and to < target):
                return _err("wrong_limit_amount", "raise_amounts", expected=min(target, most), amount=to)
            return None
        if self.acted[i] and faced < self.last_full:
            return _err("raise_not_reopened", "reopening", player=name, faced=faced, full=self.last_full)
        if current == 0:
            if to < self.spec.min_bet and to != most:
                return _err("below_minimum_bet", "raise_amounts", amount=to, minimum=self.spec.min_bet)
            return None
        min_to = current + self.last_full
        if to < min_to and to != most:
            return _err("below_minimum_raise", "raise_amounts", amount=to, minimum=min_to, full=self.last_full)
        return None

    def _step(self, action: Action) -> tuple[str, str | None, tuple[tuple[str, Any], ...]] | None:
        """Apply one parsed action, or return (code, rule, params) unchanged if it is illegal.

        The caller records an applied action in ``history`` (``apply`` one by one, ``replay`` at the end).
        """
        kind = action[0]
        # Fast paths for the common legal cases; everything else goes through the full checks below.
        if kind == "dh":
            cards = action[3]
            if cards is not None:
                c0, c1 = cards
                seen = self.seen
                if c0 != "??" and c1 != "??" and c0 != c1 and c0 not in seen and c1 not in seen:
                    seen.add(c0)
                    seen.add(c1)
                    self.hole[action[1]] = cards
                    return None
        elif kind == "cc":
            i = action[1]
            if i == self.actor:
                bet, stack = self.bet, self.stack
                add = self.current - bet[i]
                if add > 0:
                    have = stack[i]
                    if add > have:
                        add = have
                    bet[i] += add
                    stack[i] = have - add
                    self.total[i] += add
                self.acted[i] = True
                self.acted_seq[i] = self.raise_seq
                nxt = self._first_from(i + 1)
                self.actor = nxt
                if nxt is None:
                    self._close_round()
                return None
        elif kind == "f":
            i = action[1]
            if i == self.actor:
                self.folded[i] = True
                self.acted[i] = True
                self.fold_order.append(i)
                self.live_count -= 1
                if self.live_count == 1:
                    self._return_unmatched()
                    self.over = True
                    self.actor = None
                    return None
                nxt = self._first_from(i + 1)
                self.actor = nxt
                if nxt is None:
                    self._close_round()
                return None
        elif kind == "cbr":
            i = action[1]
            if i == self.actor:
                problem = self._check_raise(i, action[2])
                if problem is not None:
                    return problem
                self._raise(i, action[2])
                nxt = self._first_from(i + 1)
                self.actor = nxt
                if nxt is None:
                    self._close_round()
                return None
        return self._step_full(action)

    def _step_full(self, action: Action) -> tuple[str, str | None, tuple[tuple[str, Any], ...]] | None:
        kind, who, amount, cards, raw = action
        if kind == "dh" and cards is not None:
            c0, c1 = cards
            seen = self.seen
            if c0 != "??" and c1 != "??" and c0 != c1 and c0 not in seen and c1 not in seen:
                seen.add(c0)
                seen.add(c1)
                self.hole[who] = cards
                return None
            if c0 == "??" and c1 == "??":
                if self.hole[who] is None:
                    self.hole[who] = cards
                return None
        if not ((kind == "f" or kind == "cc") and who == self.actor and not self.over):
            problem = self._check(action)
            if problem is not None:
                return problem
        if kind == "dh":
            assert cards is not None
            if "??" not in cards:
                self.hole[who] = cards
                self.seen.update(cards)
            elif self.hole[who] is None:
                self.hole[who] = cards
                self.seen.update(c for c in cards if c != "??")  # a card seen face up is dealt all the same
            return None
        if kind == "db":
            assert cards is not None
            self.board.extend(cards)
            self.seen.update(cards)
            self._new_street()
            return None
        if kind == "sm":
            if cards is None:
                self.mucked[who] = True
                self.muck_order.append(who)
            else:
                self.shown[who] = cards
                dealt = self.hole[who]
                if dealt is None or "??" in dealt:
                    self.hole[who] = cards
                    self.seen.update(cards)
            self._settled = None
            return None
        i = who
        if self.actor is None:  # the big blind's check with nobody left to answer it (_idle_check): nothing changes
            self.acted[i] = True
            return None
        if kind == "f":
            self.folded[i] = True
            self.acted[i] = True
            self.fold_order.append(i)
            self.live_count -= 1
            if self.live_count == 1:
                self._return_unmatched()
                self.over = True
                self.actor = None
                return None
        elif kind == "cc":
            add = self.current - self.bet[i]
            if add > self.stack[i]:
                add = self.stack[i]
            if add > 0:
                self.bet[i] += add
                self.stack[i] -= add
                self.total[i] += add
            self.acted[i] = True
            self.acted_seq[i] = self.raise_seq
        else:  # cbr
            self._raise(i, amount)
        nxt = self._first_from((i + 1) % self.n)
        self.actor = nxt
        if nxt is None:
            self._close_round()
        return None

    def _raise(self, i: int, to: int) -> None:
        current = self.current
        add = to - self.bet[i]
        self.stack[i] -= add
        self.bet[i] = to
        self.total[i] += add
        increment = to - current
        if self.limit:
            if to - self.full_level >= self.size or 2 * (to - self.full_level) >= self.size:
                half = to - self.full_level < self.size
                self.full_level = to
                self.bets_count += 1
                self.raise_seq += 1
                if half:
                    self.events.append(("half_bet_all_in", i, to))
                else:
                    self.full_seq = self.raise_seq
            else:
                self.events.append(("short_all_in", i, to, to - current, current, self.size))
        else:
            if (current == 0 and to >= self.spec.min_bet) or (current > 0 and increment >= self.last_full):
                # A full bet or raise: it is at least the last full one (or, opening, the minimum bet), so it
                # becomes the last full one.
                self.last_full = increment
                self.full_level = to
                self.raise_seq += 1
            else:
                self.events.append(("short_all_in", i, to, increment, current, self.last_full))
        self.current = to
        self.acted[i] = True
        self.acted_seq[i] = self.raise_seq
        self.aggressor[self.street] = i
        self.last_betting_street = self.street

    def _return_unmatched(self) -> None:
        """Give back what no other player matched, once no more chips can go in.

        Table stakes apply to antes as to bets: the player who put in the most gets back the part of it
        above the next largest contribution, folded or not (a big blind ante is dead money and stays).
        Called when the hand is won by folds or when the betting is over for the rest of the hand.
        """
        total = self.total
        top = max(total)
        if top <= 0:
            return
        k = total.index(top)
        second = 0
        for j in self.orders[0]:
            if j != k and total[j] > second:
                second = total[j]
        if second >= top:
            return
        back = top - second
        total[k] = second
        self.stack[k] += back
        bet = self.bet
        bet[k] -= back if back < bet[k] else bet[k]
        self.uncalled.append((k, back))

    def _close_round(self) -> None:
        folded, stack = self.folded, self.stack
        able = 0
        for k in self.orders[0]:
            if stack[k] > 0 and not folded[k]:
                able += 1
        if able <= 1 and not self.runout:
            self.runout = True
            self.runout_street = self.street
        if len(self.board) >= 5:
            self.showdown = True
        if able <= 1 or self.showdown:
            self._return_unmatched()
        self.actor = None

    def _new_street(self) -> None:
        n = self.n
        self.street = self.street + 1 if self.street < 3 else 3
        self.bet = [0] * n
        self.acted = [False] * n
        self.current = 0
        self.full_level = 0
        self.bets_count = 0
        if self.limit:
            self.size = self.spec.small_bet if self.street < 2 else self.spec.big_bet
            self.last_full = self.size
        else:
            self.last_full = self.spec.min_bet
        if self.runout:
            if len(self.board) >= 5:
                self.showdown = True
            self.actor = None
            return
        self.last_betting_street = self.street
        self.actor = self._first_from(0)
        if self.actor is None:
            self._close_round()

    # ------------------------------------------------------------------ results
    @property
    def status(self) -> str:
        if self.error is not None:
            return "invalid"
        if self.over:
            return "complete"
        if self.showdown:
            return "in_progress" if self.settle().pending else "complete"
        return "in_progress"

    def raw_pots(self) -> list[tuple[int, list[int]]]:
        """Main pot first, then side pots: (amount, eligible players), before any award.

        Each layer between two contribution levels goes to the players still in who reached it (and,
        while the betting is open, to those who can still put chips in). Dead money (a big blind
        ante) is a layer under all of them, contested by everyone still in. A layer that only folded
        players reached belongs to the last of them to fold: when the others folded he was its only
        contestant. Adjacent layers with the same players make one pot.
        """
        n = self.n
        total = self.total
        stack = self.stack
        # Loops rather than comprehensions: on Python 3.11 each comprehension is a function made and called anew.
        live = []
        for i, out in enumerate(self.folded):
            if not out:
                live.append(i)
        if not live:
            return []
        open_betting = not (self.over or self.showdown or self.runout)
        pots: list[tuple[int, list[int]]] = []
        if self.dead:
            pots.append((self.dead, live))
        prev = 0
        reaching = n - total.count(0)  # the players whose chips reach the next level (nobody puts in less than 0)
        levels = set(total)
        levels.discard(0)
        for level in sorted(levels):
            # No contribution lies between two levels: each player who reached this one adds the difference.
            amount = (level - prev) * reaching
            reaching -= total.count(level)
            eligible = []
            for i in live:
                if total[i] >= level or (open_betting and stack[i] > 0):
                    eligible.append(i)
            if not eligible:
                reached = [i for i in range(n) if total[i] >= level]
                eligible = [max(reached, key=self.fold_order.index)]
            if pots and pots[-1][1] == eligible:
                pots[-1] = (pots[-1][0] + amount, eligible)
            else:
                pots.append((amount, eligible))
            prev = level
        return pots

    def scores(self) -> dict[int, int]:
        """Hand scores of every player still in with known cards (needs five board cards)."""
        out: dict[int, int] = {}
        if len(self.board) < 5:
            return out
        board = [EVAL7_CARDS[c] for c in self.board]
        for i in range(self.n):
            if self.folded[i] or self.mucked[i]:
                continue
            cards = self.shown[i] or self.hole[i]
            if cards is None or "??" in cards:
                continue
            out[i] = int(evaluate_cards([EVAL7_CARDS[cards[0]], EVAL7_CARDS[cards[1]], *board]))
        return out

    def settle(self) -> _Showdown:
        """Award every pot (when the hand is over); cached until the next show or muck."""
        if self._settled is not None:
            return self._settled
        raw = self.raw_pots()
        chip = self.spec.smallest_chip
        pots: list[Pot] = []
        pending: list[int] = []
        scores: dict[int, int] = {}
        if self.over:
            # Won by folds: each pot has one contestant left (the last player in, or for chips only folded
            # players reached, the last of them to fold).
            for amount, eligible in raw:
                winner = eligible[0]
                pots.append(Pot(amount, tuple(eligible), (winner,), ((winner, amount),)))
        elif self.showdown:
            scores = self.scores()
            for amount, eligible in raw:
                claim = [i for i in eligible if not self.mucked[i]]
                if not claim:
                    # Everyone mucked: the last of them held the last live hand when he let it go.
                    claim = [max(eligible, key=self.muck_order.index)]
                if len(claim) == 1:
                    winners = claim
                else:
                    unknown = [i for i in claim if i not in scores]
                    if unknown:
                        pending.extend(i for i in unknown if i not in pending)
                        pots.append(Pot(amount, tuple(eligible)))
                        continue
                    best = max(scores[i] for i in claim)
                    winners = [i for i in claim if scores[i] == best]
                units, remainder = divmod(amount, chip)
                share, odd = divmod(units, len(winners))
                # Position order from the button's left is the player order (heads-up: p1 first).
                awards = []
                for rank, w in enumerate(sorted(winners)):
                    got = share * chip + (chip if rank < odd else 0) + (remainder if rank == 0 else 0)
                    awards.append((w, got))
                pots.append(Pot(amount, tuple(eligible), tuple(sorted(winners)), tuple(awards), odd))
        else:
            pots = [Pot(a, tuple(e)) for a, e in raw]
        result = _Showdown(pots, pending, scores)
        if self.over or self.showdown:
            self._settled = result
        return result

    def pots(self) -> list[Pot]:
        return self.settle().pots

    def finishing_stacks(self) -> list[int] | None:
        """Each player's chips after the pots are pushed; None unless the hand is complete."""
        if self.error is not None or not (self.over or self.showdown) or self.settle().pending:
            return None
        out = list(self.stack)
        for pot in self.settle().pots:
            for w, got in pot.awards:
                out[w] += got
        return out

    def showdown_info(self) -> tuple[bool, list[int]] | None:
        """(all_exposed, order) when the hand went to a showdown, else None."""
        if not self.showdown or self.over:
            return None
        n = self.n
        contenders = [i for i in range(n) if not self.folded[i]]
        if len(contenders) < 2:
            return None
        aggressor = self.aggressor[self.last_betting_street]
        start = aggressor if aggressor is not None and not self.folded[aggressor] else 0
        order = sorted(contenders, key=lambda i: (i - start) % n)
        any_all_in = any(self.stack[i] == 0 for i in contenders)
        if self.spec.mode == "cash":
            if self.runout_street is not None and self.runout_street < 3 and self.spec.variant == "NT":
                order = [i for i in order if self.stack[i] == 0] + [i for i in order if self.stack[i] > 0]
            return False, order
        return any_all_in, order

    def hand_values(self) -> dict[int, Any]:
        """Best five and category of every player still in whose cards are known at showdown."""
        out: dict[int, Any] = {}
        if not self.showdown or len(self.board) < 5:
            return out
        scores = self.settle().scores  # the same players, already evaluated
        for i in range(self.n):
            if self.folded[i] or self.mucked[i]:
                continue
            cards = self.shown[i] or self.hole[i]
            if cards is None or "??" in cards:
                continue
            out[i] = best_hand([*cards, *self.board], scores.get(i))
        return out

    def to_act(self) -> Options | None:
        return self.options()

    def ruling(self, lang: str = "en", *, explain: bool = True) -> dict[str, Any]:
        """The ruling in the contract's JSON shape (see shared/specs/adjudication.md)."""
        return build_ruling(self, lang, explain=explain)
