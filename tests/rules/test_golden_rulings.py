"""Golden regression: a fixed, varied set of hands gives, field by field, the rulings it gave when recorded.

The hands: every usable worked example of ../shared/examples/adjudication, a few hundred corpus hands of
../shared/corpus/phh picked for variety (side pots, split pots, odd chips, returned bets, short blinds and
antes, fixed limit, named players), and a few hundred generated hands (tests/rules/data/golden_hands.json:
big blind antes paid either way, straddles, stacks shorter than a blind, cash mode, chips of 5 or 25,
fixed limit with and without a cap, unknown hole cards, mucks, hands stopped half-way or at an illegal
action).

For each hand, every field of the ruling in English and in Portuguese, the printed ruling (`ruling_text`)
in both languages, the state a page reads (``repr(hand)``), the options of the player to act; for the
worked examples and the generated hands also the same after each action applied one by one at the desk,
and what the desk is told for a set of probe actions at each point (legal or not; the error's code,
citation, message and remedy in both languages). Each field is stored as the first 16 hex digits of the
SHA-256 of its canonical JSON in tests/rules/data/golden_digests.json; a mismatch names the hand and the
field.

A change of behaviour that is meant (a corrected ruling, a reworded sentence) is recorded again with::

    DJANGO_DEBUG=1 GOLDEN_REGENERATE=1 .venv/bin/python -m pytest -q -p no:cacheprovider \
        tests/rules/test_golden_rulings.py

which rewrites the digests from the current code (and keeps the generated hands and the corpus list);
``GOLDEN_REGENERATE=all`` also generates the hands and picks the corpus hands again. Read the diff of
the data files before committing: a digest that changed is a ruling that changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from tdconsole.rules import Hand, IllegalAction, PHHError, parse_phh, ruling_text, spec_from_mapping
from tdconsole.rules.ruling import clear_caches, explanation

from .expect import CORPUS, EXAMPLES, require

DATA = Path(__file__).resolve().parent / "data"
DIGESTS = DATA / "golden_digests.json"
HANDS = DATA / "golden_hands.json"
REGENERATE = os.environ.get("GOLDEN_REGENERATE", "")
LANGS = ("en", "pt-br")
STEPPED = 80  # generated hands also checked action by action (the rest: the final ruling only)


def digest(value: Any) -> str:
    blob = json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


def options_of(hand: Hand) -> Any:
    opts = hand.options()
    if opts is None:
        return None
    return [opts.player, opts.label, opts.fold, opts.check, opts.call, opts.raise_min_to, opts.raise_max_to,
            opts.reason_en, opts.reason_pt, opts.reason("en"), opts.reason("pt-br"), opts.rule, opts.reason_key,
            [list(p) for p in opts.reason_params]]


def state_of(hand: Hand) -> Any:
    return {
        "repr": repr(hand), "history": list(hand.history), "hole": hand.hole, "shown": hand.shown,
        "mucked": hand.mucked, "showdown": hand.showdown, "over": hand.over, "actor": hand.actor,
        "pots": [[p.amount, p.eligible, p.winners, p.awards, p.odd_units] for p in hand.pots()],
        "finishing": hand.finishing_stacks(),
    }


def ruling_fields(hand: Hand) -> dict[str, Any]:
    """Every field of the ruling in both languages, and the printed ruling."""
    out: dict[str, Any] = {}
    for lang in LANGS:
        ruling = hand.ruling(lang)
        for key, value in ruling.items():
            if key in ("error", "to_act", "explanation") or lang == "en":
                out[f"{key}.{lang}" if key in ("error", "to_act", "explanation") else key] = value
        out[f"text.{lang}"] = ruling_text(ruling, lang)
    return out


def probes(hand: Hand) -> list[str]:
    """Action lines worth asking about in this state: legal and illegal ones, at the edges."""
    n = hand.n
    lines = []
    actor = hand.actor
    if actor is not None:
        me = f"p{actor + 1}"
        lines += [f"{me} f", f"{me} check", f"{me} call"]
        most = hand.bet[actor] + hand.stack[actor]
        opts = hand.options()
        amounts = {hand.current, most, most + 1}
        if opts is not None and opts.raise_min_to is not None:
            amounts |= {opts.raise_min_to - 1, opts.raise_min_to, opts.raise_max_to}
        lines += [f"{me} cbr {a}" for a in sorted(amounts) if a >= 0]
        lines += [f"p{(actor + 1) % n + 1} cc", f"{me} sm"]
    else:
        for k in sorted({0, 1, n - 1}):
            lines += [f"p{k + 1} check", f"p{k + 1} call", f"p{k + 1} sm"]
    lines += ["d db 2c", "d db 2c3c4c", "p1 sm 2c3c", "zz"]
    return lines


def probe_record(hand: Hand) -> list[Any]:
    """What the desk is told for each probe (can_apply, then the refusal: code, citation, values)."""
    out: list[Any] = []
    for line in probes(hand):
        if hand.can_apply(line):
            out.append(line)
            continue
        try:
            hand.apply(line)
        except IllegalAction as exc:
            e = exc.error
            out.append([e.action_index, e.action, e.code, e.rule, e.params])
        else:  # can_apply said no, yet apply took it: the state is not what it was any more
            out.append([line, "applied although can_apply said no"])
            break
    return out


def record(spec: Any, steps: bool) -> dict[str, Any]:
    """Field -> value for one hand (``steps``: also action by action, with probes)."""
    hand = Hand.replay(spec)
    out = ruling_fields(hand)
    out["state"] = state_of(hand)
    out["options"] = options_of(hand)
    out["explanation()"] = [explanation(hand, lang) for lang in ("pt_BR", "xx")]
    out["quiet"] = hand.ruling("pt-br", explain=False)["explanation"]
    if steps:
        live = Hand(spec)
        seq: dict[str, list[Any]] = {"step.ruling": [], "step.state": [], "step.probes": []}
        for action in [*spec.actions, None]:
            seq["step.ruling"].append(live.ruling("en"))
            seq["step.state"].append([repr(live), options_of(live)])
            seq["step.probes"].append(probe_record(live))
            if action is None:
                break
            try:
                live.apply(action)
            except IllegalAction as exc:
                seq["step.ruling"].append(["refused", exc.error.code, str(exc)])
                break
        out.update(seq)
    return out


# ------------------------------------------------------------------ the hands


def example_cases() -> dict[str, str]:
    folder = require(EXAMPLES)
    cases = {}
    for path in sorted(folder.glob("*.phh")):
        text = path.read_text(encoding="utf-8")
        try:
            parse_phh(text)
        except PHHError:
            continue  # not a usable hand history: the PHH tests cover it
        cases[f"example:{path.name}"] = text
    return cases


def corpus_text(rel: str) -> str:
    path = require(CORPUS) / rel
    if not path.exists():
        pytest.fail(f"corpus hand {path} is missing (../shared/corpus/phh must be complete)", pytrace=False)
    return path.read_text(encoding="utf-8")


def pick_corpus() -> list[str]:
    """Corpus hands for variety: up to a fixed number showing each feature, then an even spread."""
    from tdconsole.rules.corpus import iter_phh_files

    root = require(CORPUS)
    files = sorted(str(p.relative_to(root)) for p in iter_phh_files([root]))
    want = {"side_pots": 30, "split": 30, "odd": 20, "uncalled_allin": 20, "short_post": 20, "limit": 20,
            "named": 15, "invalid": 15, "in_progress": 10, "mucked": 15, "heads_up": 15, "antes": 15,
            "many_players": 10, "straddle": 10}
    picked: dict[str, list[str]] = {k: [] for k in want}
    chosen: list[str] = []
    usable: list[str] = []
    for rel in files:
        try:
            spec = parse_phh((root / rel).read_text(encoding="utf-8"))
        except PHHError:
            continue
        usable.append(rel)
        hand = Hand.replay(spec)
        pots = hand.pots()
        features = {
            "side_pots": len(pots) > 1,
            "split": any(len(p.winners) > 1 for p in pots),
            "odd": any(p.odd_units for p in pots),
            "uncalled_allin": bool(hand.uncalled) and any(s == 0 for s in hand.stack),
            "short_post": hand.blind_paid != hand.posts,
            "limit": spec.variant == "FT",
            "named": spec.players is not None,
            "invalid": hand.error is not None,
            "in_progress": hand.status == "in_progress",
            "mucked": any(hand.mucked),
            "heads_up": hand.n == 2,
            "antes": any(spec.antes),
            "many_players": hand.n >= 8,
            "straddle": sum(1 for b in spec.blinds_or_straddles if b) > 2,
        }
        for key, present in features.items():
            if present and len(picked[key]) < want[key] and rel not in chosen:
                picked[key].append(rel)
                chosen.append(rel)
    rest = [rel for rel in usable if rel not in chosen]
    chosen += rest[:: max(1, len(rest) // 80)][:80]
    return sorted(chosen)


DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
NAMES = ["Ana", "Bia", "Caio", "João", "Zoë", "Élodie", "Ígor", "Lúcia", "Mário"]


def generate_hand(rng: random.Random) -> dict[str, Any]:
    """A random table set-up played out at random through the engine's own options (recorded once)."""
    n = rng.choice([2, 2, 3, 3, 4, 4, 5, 6, 7, 9])
    limit = rng.random() < 0.2
    bb = rng.choice([2, 10, 100, 200, 1000, 2000, 40000])
    blinds = [bb // 2, bb] + [0] * (n - 2)
    if n >= 4 and not limit and rng.random() < 0.2:
        blinds[2] = 2 * bb
        if n >= 5 and rng.random() < 0.3:
            blinds[3] = 4 * bb
    if rng.random() < 0.1:
        blinds[0] = 0  # no small blind
    antes = [0] * n
    roll = rng.random()
    if roll < 0.3:
        antes[1] = bb  # big blind ante (heads-up too: the arrays are reversed)
    elif roll < 0.5:
        antes = [max(1, bb // rng.choice([4, 10]))] * n
    stacks = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.55:
            stacks.append(rng.randint(10, 120) * bb)
        elif kind < 0.75:
            stacks.append(rng.randint(bb + 1, 6 * bb))
        elif kind < 0.9:
            stacks.append(rng.randint(1, bb))
        else:
            stacks.append(rng.choice([bb, bb // 2, bb + max(antes), 2 * bb, 3 * bb, max(1, antes[1])]))
    data: dict[str, Any] = {"variant": "FT" if limit else "NT", "starting_stacks": stacks,
                            "blinds_or_straddles": blinds, "antes": antes}
    if limit:
        data.update(small_bet=bb, big_bet=2 * bb)
        if rng.random() < 0.5:
            data["_raise_cap"] = rng.choice([0, 1, 2, 4])
    else:
        data["min_bet"] = bb
    if rng.random() < 0.25:
        data["_mode"] = "cash"
    if antes[1] and antes.count(0) == n - 1 and rng.random() < 0.4:
        data["_bba_order"] = "ante_first"
    if rng.random() < 0.15:
        data["_smallest_chip"] = rng.choice([5, 25, 2])
    if rng.random() < 0.35:
        data["players"] = NAMES[:n]
    deck = DECK[:]
    rng.shuffle(deck)
    tie_board = rng.random() < 0.15  # a board that plays (a split among everyone who shows)
    if tie_board:
        for card in ["Ah", "Kh", "Qh", "Jh", "Th"]:
            deck.remove(card)
        deck = ["Ah", "Kh", "Qh", "Jh", "Th"] + deck
    board_cards, deck = deck[:5], deck[5:]
    actions: list[str] = []
    unknown = rng.random() < 0.1
    for k in range(n):
        cards = "????" if unknown and k == n - 1 else deck[2 * k] + deck[2 * k + 1]
        actions.append(f"d dh p{k + 1} {cards}")
    holes = {k: deck[2 * k: 2 * k + 2] for k in range(n)}
    hand = Hand(spec_from_mapping({**data, "actions": actions}))
    for line in actions:
        hand.apply(line)
    stop = rng.random() < 0.25
    for _ in range(80):
        if hand.status != "in_progress" or (stop and rng.random() < 0.08):
            break
        opts = hand.options()
        if opts is not None:
            me = f"p{opts.player + 1}"
            roll = rng.random()
            if roll < 0.12 and not opts.check:
                line = f"{me} f"
            elif roll < 0.6 or opts.raise_min_to is None:
                line = f"{me} {rng.choice(['cc', 'cc', 'check' if opts.check else 'call'])}"
            else:
                low, high = opts.raise_min_to, opts.raise_max_to
                line = f"{me} cbr {rng.choice([low, low, high, rng.randint(low, high)])}"
        elif hand.showdown or (hand.runout and rng.random() < 0.3):
            waiting = [k for k in range(n) if not hand.folded[k] and hand.shown[k] is None and not hand.mucked[k]]
            if not waiting:
                break
            k = rng.choice(waiting)
            line = f"p{k + 1} sm" if rng.random() < 0.15 else f"p{k + 1} sm {''.join(holes[k])}"
            if unknown and k == n - 1:
                line = f"p{k + 1} sm {deck[-2]}{deck[-1]}" if rng.random() < 0.7 else f"p{k + 1} sm"
        else:
            count = 3 if not hand.board else 1
            line = f"d db {''.join(board_cards[len(hand.board): len(hand.board) + count])}"
        if not hand.can_apply(line):
            break
        hand.apply(line)
    final = list(hand.history)
    if rng.random() < 0.2:
        bad = [line for line in probes(hand) if not hand.can_apply(line) and line not in ("zz", "p1 cbr x")
               and line.split()[1] not in ("check", "call")]
        if bad:
            final.append(rng.choice(bad))
            final.append(final[-2] if len(final) > 1 else "p1 f")  # never reached: replay stops before
    return {**data, "actions": final}


def generated_hands() -> list[dict[str, Any]]:
    rng = random.Random(20261203)
    return [generate_hand(rng) for _ in range(260)]


def all_cases(hands: list[dict[str, Any]], corpus: list[str]) -> dict[str, tuple[Any, bool]]:
    cases: dict[str, tuple[Any, bool]] = {}
    for name, text in example_cases().items():
        cases[name] = (parse_phh(text), True)
    for rel in corpus:
        cases[f"corpus:{rel}"] = (parse_phh(corpus_text(rel)), False)
    for number, data in enumerate(hands):
        cases[f"generated:{number}"] = (spec_from_mapping(data), number < STEPPED)
    return cases


def compute(cases: dict[str, tuple[Any, bool]]) -> dict[str, dict[str, str]]:
    return {name: {field: digest(value) for field, value in record(spec, steps).items()}
            for name, (spec, steps) in cases.items()}


def regenerate() -> None:
    if REGENERATE == "all" or not HANDS.exists():
        hands, corpus = generated_hands(), pick_corpus()
        HANDS.write_text(json.dumps({"hands": hands, "corpus": corpus}, ensure_ascii=False, indent=0) + "\n",
                         encoding="utf-8")
    stored = json.loads(HANDS.read_text(encoding="utf-8"))
    digests = compute(all_cases(stored["hands"], stored["corpus"]))
    DIGESTS.write_text(json.dumps(digests, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if REGENERATE:
    regenerate()
STORED = json.loads(HANDS.read_text(encoding="utf-8"))
WANT = json.loads(DIGESTS.read_text(encoding="utf-8"))
CASES = all_cases(STORED["hands"], STORED["corpus"])


def test_golden_hands_are_the_recorded_ones():
    assert sorted(CASES) == sorted(WANT), "the set of golden hands changed: regenerate (see the module docstring)"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_ruling_is_unchanged(name):
    clear_caches()  # labels, names, templates and chip counts are made again for this hand, not taken as made before
    spec, steps = CASES[name]
    want = WANT.get(name)
    assert want is not None, f"{name} has no recorded digests: regenerate (see the module docstring)"
    got = {field: digest(value) for field, value in record(spec, steps).items()}
    changed = sorted(f for f in set(got) | set(want) if got.get(f) != want.get(f))
    assert not changed, f"{name}: these fields of the ruling changed: {', '.join(changed)}"


def test_golden_set_is_varied():
    """The recorded hands really contain what they are there for."""
    statuses, codes, features = set(), set(), set()
    for spec, _ in CASES.values():
        hand = Hand.replay(spec)
        statuses.add(hand.status)
        if hand.error:
            codes.add(hand.error.code)
        pots = hand.pots()
        if len(pots) > 1:
            features.add("side pots")
        if any(p.odd_units for p in pots):
            features.add("odd chips")
        if hand.bba:
            features.add("big blind ante")
        if spec.variant == "FT":
            features.add("fixed limit")
        if any(hand.mucked):
            features.add("muck")
    assert statuses == {"complete", "in_progress", "invalid"}
    assert features == {"side pots", "odd chips", "big blind ante", "fixed limit", "muck"}
    assert len(codes) >= 8, codes
