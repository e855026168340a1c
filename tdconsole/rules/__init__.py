"""The rules engine: no-limit and fixed-limit Texas hold'em, ruled as a tournament director would.

Pure Python (no Django): cards and hand evaluation (eval7 inside), the betting state seat by seat,
pots and side pots, showdown, odd chips, PHH reading and writing, and rulings with bilingual
(English / pt-BR) explanations that cite the rule applied.

Reading a hand history and ruling on it::

    from tdconsole.rules import parse_phh, Hand
    spec = parse_phh(text)            # raises PHHError(.line, .field, .code) if unusable
    hand = Hand.replay(spec)          # stops before the first illegal action (hand.error)
    ruling = hand.ruling("pt-br")     # dict in the shape of shared/specs/adjudication.md

Step by step, for a page at the desk::

    spec = spec_from_table(stacks=[10000, 8000, 1000], small_blind=100, big_blind=200,
                           ante=200, big_blind_ante=True, players=["Ana", "Bia", "Caio"])
    hand = Hand(spec)                 # blinds and antes are posted
    opts = hand.options()             # Options(player, fold, check, call, raise_min_to,
                                      #         raise_max_to, reason_en, reason_pt, rule)
    hand.can_apply("p3 cbr 600")      # True / False, nothing changes
    hand.apply("p3 cbr 600")          # raises IllegalAction(.error: RuleError) when illegal
    hand.apply("p1 check")            # desk words 'check'/'call' are recorded as PHH "cc"
    hand.pots()                       # [Pot(amount, eligible, winners, awards, odd_units)]
    hand.status                       # "in_progress" | "complete" | "invalid"
    hand.ruling("en")                 # the full ruling, as for the command
    hand_to_phh(spec, hand.history)   # PHH text to download

State a page may read on a :class:`Hand` (lists indexed by player): ``stack`` (chips behind),
``bet`` (this street), ``total`` (everything put in, uncalled chips given back), ``folded``,
``hole`` / ``shown`` (card tuples or None), ``mucked``, ``board``, ``history`` (the accepted action
lines), ``uncalled`` ([(player, amount)]: what no other player matched, antes included, given back once
no more chips can go in), ``actor`` (index or None), ``showdown`` (board complete and betting over),
``over`` (won by folds), ``error`` (:class:`RuleError` after ``replay``). ``repr(hand)`` is an
expression that replays it, followed by the state it reached.

Players are indexes in PHH position order (0 = p1, the first seat left of the button; heads-up
p1 is the big blind). Chips are ints. Values are frozen dataclasses; :class:`Hand` is the only
mutable object and changes only through ``apply``.

Rule citations live in one table, :data:`RULES` (texts.py), so a house can renumber them; all
sentences are in :mod:`tdconsole.rules.texts` in English and Brazilian Portuguese.
:mod:`tdconsole.rules.corpus` replays many files (regression against ``finishing_stacks``).
"""

from .button import ButtonError, NextHand, first_hand, next_hand
from .cards import CATEGORIES, HandValue, best_hand, evaluate_score
from .engine import Hand, IllegalAction, Options, Pot, RuleError
from .phh import HandSpec, PHHError, hand_to_phh, parse_action, parse_phh, spec_from_mapping, spec_from_table
from .ruling import build_ruling, ruling_text
from .texts import RULES

__all__ = [
    "CATEGORIES",
    "ButtonError",
    "RULES",
    "Hand",
    "HandSpec",
    "HandValue",
    "IllegalAction",
    "NextHand",
    "Options",
    "PHHError",
    "Pot",
    "RuleError",
    "best_hand",
    "build_ruling",
    "evaluate_score",
    "first_hand",
    "hand_to_phh",
    "next_hand",
    "parse_action",
    "parse_phh",
    "ruling_text",
    "spec_from_mapping",
    "spec_from_table",
]


def adjudicate_text(text: str, lang: str = "en", *, explain: bool = True) -> dict[str, object]:
    """Parse PHH text and return its ruling (raises PHHError for an unusable file)."""
    return Hand.replay(parse_phh(text)).ruling(lang, explain=explain)


from .floor import (  # noqa: E402  (floor language: the words at the desk, read into engine lines)
    FloorError,
    FloorPlayer,
    TableState,
    describe_action,
    floor_labels,
    floor_name,
    floor_players,
    parse_floor_action,
    relabel,
)

__all__ += [
    "FloorError",
    "FloorPlayer",
    "TableState",
    "describe_action",
    "floor_labels",
    "floor_name",
    "floor_players",
    "parse_floor_action",
    "relabel",
]
