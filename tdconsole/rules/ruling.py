"""Turning a replayed hand into the contract's ruling (JSON shape) and a text for people."""

from __future__ import annotations

from collections.abc import Callable
from keyword import iskeyword
from string import Formatter
from typing import TYPE_CHECKING, Any

from .phh import clear_parse_cache
from .texts import LANGS, RULE_NAMES_PT, RULES, T, chips, norm_lang, rule_label, text, with_rule

if TYPE_CHECKING:
    from .engine import Hand, Options


def options_dict(opts: Options, lang: str) -> dict[str, Any]:
    """The contract's ``to_act`` object for some options."""
    raise_obj = None
    if opts.raise_min_to is not None:
        raise_obj = {"min_to": opts.raise_min_to, "max_to": opts.raise_max_to}
    return {
        "player": opts.label,
        "options": {"fold": opts.fold, "check": opts.check, "call": opts.call, "raise": raise_obj},
        "reason": opts.reason(lang),
        "rule": rule_label(opts.rule, lang),
    }


def build_ruling(hand: Hand, lang: str = "en", *, explain: bool = True) -> dict[str, Any]:
    """The ruling for a hand as a dict with exactly the contract's keys."""
    lang = norm_lang(lang)
    labels = _labels(hand.n)
    status = hand.status
    settled = hand.settle()
    complete = status == "complete"
    # Loops rather than comprehensions here and below: on Python 3.11 each comprehension is a function made
    # and called anew, which costs more than the few items these lists hold.
    pots = []
    for pot in settled.pots:
        eligible = []
        for i in pot.eligible:
            eligible.append(labels[i])
        winners = []
        awards = {}
        if complete:
            for i in pot.winners:
                winners.append(labels[i])
            for w, got in pot.awards:
                awards[labels[w]] = got
        pots.append({"amount": pot.amount, "eligible": eligible, "winners": winners, "awards": awards})
    error = None
    if hand.error is not None:
        e = hand.error
        error = {
            "action_index": e.action_index,
            "action": e.action,
            "code": e.code,
            "rule": rule_label(e.rule, lang),
            "message": e.message(lang),
            "remedy": e.remedy(lang),
        }
    opts = hand.options() if not complete else None
    to_act = options_dict(opts, lang) if opts is not None else None
    showdown = None
    hands: dict[str, Any] = {}
    info = hand.showdown_info()
    values = hand.hand_values() if info is not None or (complete and not hand.over) else {}
    if info is not None:
        order = []
        for i in info[1]:
            order.append(labels[i])
        showdown = {"all_exposed": info[0], "order": order}
        for i, value in sorted(values.items()):
            hands[labels[i]] = {"category": value.category, "best_five": list(value.best_five)}
    stacks = hand.finishing_stacks() if complete else None
    uncalled = []
    for k, amount in hand.uncalled:
        uncalled.append({"player": labels[k], "amount": amount})
    return {
        "status": status,
        "players": list(labels),
        "error": error,
        "to_act": to_act,
        "pots": pots,
        "uncalled": uncalled,
        "showdown": showdown,
        "hands": hands,
        "finishing_stacks": stacks,
        "explanation": _explanation(hand, lang, status, opts, info, values, stacks) if explain else [],
    }


# Labels and names recur from hand to hand (the same table sizes, the same players): each list is built once.
_LABELS: list[tuple[str, ...]] = []
_NAMES: dict[tuple[str, ...] | int, tuple[str, ...]] = {}


def _labels(n: int) -> tuple[str, ...]:
    """``("p1", ..., "pN")``."""
    while len(_LABELS) <= n:
        _LABELS.append(tuple([f"p{i + 1}" for i in range(len(_LABELS))]))
    return _LABELS[n]


def _names(hand: Hand) -> tuple[str, ...]:
    """Every player as the explanation names him: ``p1``, or ``p1 (Name)`` when the file names players."""
    names = hand.spec.players
    key: tuple[str, ...] | int = names if names else hand.n
    found = _NAMES.get(key)
    if found is None:
        if len(_NAMES) >= 10_000:
            _NAMES.clear()
        if names:
            found = tuple([f"p{i + 1} ({name})" for i, name in enumerate(names)])
        else:
            found = _labels(hand.n)
        _NAMES[key] = found
    return found


def _cite(rule_key: str | None, lang: str) -> str:
    """`` [rule]`` for a key of :data:`RULES` in ``lang`` (normalised), or nothing (as :func:`with_rule`)."""
    rule = RULES.get(rule_key) if rule_key else None
    if rule is None:
        return ""
    if lang == "pt-br":
        rule = RULE_NAMES_PT.get(rule, rule)
    return f" [{rule}]" if rule else ""


def _filler(template: str) -> Callable[..., str]:
    """A function that fills ``template`` as ``template.format(**fields)`` does (other fields are ignored).

    Made once per template, as an f-string put together from the template's pieces, which fills many
    times faster than ``str.format`` reading the template again on every call. The literal text goes in
    through ``repr()`` and a field must be a plain name, so no part of a template runs as code; a template
    with any other kind of field (a number, a format spec, a conversion) is left to ``str.format``.
    """
    pieces: list[str] = []
    fields: list[str] = []
    for literal, field, spec, conversion in Formatter().parse(template):
        if literal:
            pieces.append(repr(literal))
        if field is None:
            continue
        if not field.isidentifier() or iskeyword(field) or spec or conversion:
            return template.format
        pieces.append(f"f'{{{field}}}'")
        if field not in fields:
            fields.append(field)
    names = f"*, {', '.join(fields)}, **_" if fields else "**_"
    filler: Callable[..., str] = eval(f"lambda {names}: {' '.join(pieces) or repr('')}", {"__builtins__": {}})
    return filler


class _StepTemplates(dict[tuple[str, str | None], Callable[..., str]]):
    """``(key, rule key) ->`` :func:`_filler` of ``T[key][lang]`` followed by :func:`_cite`, for one language.

    Made on first use. The citation's braces are doubled, so that filling the template leaves it as it is.
    """

    def __init__(self, lang: str):
        super().__init__()
        self.lang = lang

    def __missing__(self, key: tuple[str, str | None]) -> Callable[..., str]:
        cite = _cite(key[1], self.lang).replace("{", "{{").replace("}", "}}")
        filler = self[key] = _filler(T[key[0]][self.lang] + cite)
        return filler


class _Grouped(dict[int, str]):
    """Chip counts written out as :func:`~tdconsole.rules.texts.chips` writes them, for one language.

    Kept once written: the same amounts recur from hand to hand.
    """

    def __init__(self, lang: str):
        super().__init__()
        self.pt = lang == "pt-br"

    def __missing__(self, value: int) -> str:
        if len(self) > 100_000:
            self.clear()
        found = self[value] = f"{value:,}".replace(",", ".") if self.pt else f"{value:,}"
        return found


_STEPS = {lang: _StepTemplates(lang) for lang in LANGS}
_GROUPED = {lang: _Grouped(lang) for lang in LANGS}


def clear_caches() -> None:
    """Forget the labels, names, templates, chip counts and action lines read so far (a benchmark's fresh start)."""
    clear_parse_cache()
    _LABELS.clear()
    _NAMES.clear()
    for templates in _STEPS.values():
        templates.clear()
    for grouped in _GROUPED.values():
        grouped.clear()


def _join(names: list[str], and_word: str) -> str:
    """``a, b and c`` (``and_word`` is `` and `` with its spaces, in the explanation's language)."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + and_word + names[-1]


def _short_posts(hand: Hand, lang: str, nm: tuple[str, ...]) -> list[str]:
    """Steps for every player whose chips did not cover his blind or ante."""
    spec, n = hand.spec, hand.n
    antes = list(spec.antes) if n > 2 else [spec.antes[1], spec.antes[0]]
    if hand.blind_paid == hand.posts and hand.ante_paid == antes:
        return []  # everyone covered his blind and ante (nobody pays more than he owes)
    top = max(hand.posts)
    steps: list[str] = []
    for i in range(n):
        blind, ante = hand.posts[i], spec.antes[i if n > 2 else n - 1 - i]
        paid_blind, paid_ante = hand.blind_paid[i], hand.ante_paid[i]
        if not (paid_blind < blind or paid_ante < ante):
            continue
        name = nm[i]
        if hand.bba and ante and spec.bba_order != "blind_first" and not paid_blind:
            steps.append(with_rule("ex.bba_ante_only", lang, "bba", player=name, amount=paid_ante, ante=ante))
        elif hand.bba and ante:
            key = "ex.bba_short" if spec.bba_order == "blind_first" else "ex.bba_short_ante_first"
            steps.append(with_rule(key, lang, "bba", blind=paid_blind, ante=paid_ante))
            if paid_blind < blind:
                steps.append(with_rule("ex.short_blind", lang, "table_stakes", player=name, amount=paid_blind,
                                       blind=blind))
        elif paid_ante < ante:
            steps.append(with_rule("ex.short_ante", lang, "table_stakes", player=name, amount=paid_ante, ante=ante))
        else:
            steps.append(with_rule("ex.short_blind", lang, "table_stakes", player=name, amount=paid_blind,
                                   blind=blind))
        if blind == top and paid_blind < blind:
            # Only the largest blind sets the bet the others face (WSOP Live Action 154); a short small blind
            # changes nothing for them.
            steps.append(with_rule("ex.blind_stands", lang, "short_blind", player=name, blind=blind))
    return steps


def explanation(hand: Hand, lang: str) -> list[str]:
    """Step by step, each step naming the rule it applies."""
    status = hand.status
    info = hand.showdown_info()
    values = hand.hand_values() if info is not None or (status == "complete" and not hand.over) else {}
    opts = hand.options() if status != "complete" else None
    stacks = hand.finishing_stacks() if status == "complete" else None
    return _explanation(hand, norm_lang(lang), status, opts, info, values, stacks)


def _explanation(hand: Hand, lang: str, status: str, opts: Options | None, info: tuple[bool, list[int]] | None,
                 values: dict[int, Any], stacks: list[int] | None) -> list[str]:
    """The explanation from what :func:`build_ruling` has already worked out (``lang`` normalised).

    The hot path of ``adjudicate --jsonl``: templates come with their citation (:class:`_StepTemplates`) and
    are filled directly, numbers grouped as :func:`~tdconsole.rules.texts.text` groups them
    (:class:`_Grouped`), with the same words as :func:`with_rule` would give.
    """
    spec, n = hand.spec, hand.n
    nm = _names(hand)
    steps: list[str] = []
    add = steps.append
    tpl = _STEPS[lang]
    ch = _GROUPED[lang]
    and_word = f" {T['and'][lang]} "

    items = []
    blind_item, ante_item = tpl["ex.post_item.blind", None], tpl["ex.post_item.ante", None]
    blind_paid, ante_paid = hand.blind_paid, hand.ante_paid
    for i in hand.orders[0]:  # every seat (the engine's list: no range made)
        if blind_paid[i]:
            items.append(blind_item(player=nm[i], amount=ch[blind_paid[i]]))
        if ante_paid[i]:
            items.append(ante_item(player=nm[i], amount=ch[ante_paid[i]]))
    if items:
        add(tpl["ex.posts", "bba" if hand.bba else "blinds"](items="; ".join(items)))
    if n == 2:
        add(tpl["ex.heads_up", "heads_up"](button=nm[1], bb=nm[0]))
    steps.extend(_short_posts(hand, lang, nm))
    for event in hand.events:
        if event[0] == "short_all_in":
            _, i, to, increment, previous, full = event
            add(
                with_rule("ex.short_all_in", lang, "limit_reopening" if hand.limit else "reopening",
                          player=nm[i], amount=to, increment=increment, previous=previous, full=full)
            )
        elif event[0] == "half_bet_all_in":
            add(with_rule("ex.half_bet_all_in", lang, "limit_reopening", player=nm[event[1]], amount=event[2]))
    for k, amount in hand.uncalled:
        add(tpl["ex.uncalled", "uncalled"](player=nm[k], amount=ch[amount]))
    if hand.error is not None:
        e = hand.error
        cite = f" [{rule_label(e.rule, lang)}]" if e.rule else ""
        add(text("ex.error", lang, index=str(e.action_index), action=e.action, message=e.message(lang)) + cite)
        remedy = e.remedy(lang)
        if remedy:
            add(text("ex.remedy", lang, remedy=remedy) + cite)
    settled = hand.settle()
    if opts is not None:
        line = text("ex.to_act", lang, player=nm[opts.player], reason=opts.reason(lang))
        add(f"{line} [{rule_label(opts.rule, lang)}]" if opts.rule else line)
    elif status == "in_progress":
        if settled.pending:
            add(tpl["ex.waiting_show", "cards_speak"](players=_join([nm[i] for i in settled.pending],
                                                                           and_word)))
        else:
            add(tpl["ex.waiting_board", "dealing"]())
    pots = settled.pots
    if len(pots) > 1:
        add(tpl["ex.side_pots", "side_pots"]())
    names = []
    pot_template = tpl["ex.pot", "side_pots" if len(pots) > 1 else "pots"]
    for number, pot in enumerate(pots):
        pot_name = T["ex.pot.main"][lang] if number == 0 else tpl["ex.pot.side", None](n=ch[number])
        names.append(pot_name)
        eligible = pot.eligible
        add(pot_template(name=pot_name, amount=ch[pot.amount], eligible=nm[eligible[0]] if len(eligible) == 1
                                else _join([nm[i] for i in eligible], and_word)))
    if status != "complete":
        return steps
    folded = hand.folded
    if hand.over:
        winner = folded.index(False)
        add(tpl["ex.fold_win", "last_player"](player=nm[winner]))
        for pot_name, pot in zip(names, pots, strict=True):
            if folded[pot.winners[0]]:
                add(tpl["ex.award_last_folded", "last_player"](name=pot_name, amount=ch[pot.amount],
                                                                      player=nm[pot.winners[0]]))
    else:
        if info is not None:
            exposed, order = info
            if exposed:
                add(tpl["ex.face_up", "face_up_all_in"]())
            if spec.mode == "cash" and hand.runout_street is not None and hand.runout_street < 3:
                add(tpl["ex.cash_all_in_first", "cash_all_in_show"]())
            aggressor = hand.aggressor[hand.last_betting_street]
            order_text = ", ".join([nm[i] for i in order])
            if aggressor is not None and not folded[aggressor]:
                add(tpl["ex.order_aggressor", "showdown_order"](player=nm[aggressor], order=order_text))
            else:
                add(tpl["ex.order_first_left", "showdown_order"](order=order_text))
        if True in hand.mucked:
            for i in range(n):
                if hand.mucked[i] and not folded[i]:
                    add(tpl["ex.mucked", "muck"](player=nm[i]))
        for i, value in sorted(values.items()):
            add(tpl["ex.hand", "cards_speak"](player=nm[i], category=T[f"cat.{value.category}"][lang],
                                                     cards=" ".join(value.best_five)))
        chip = spec.smallest_chip
        for pot_name, pot in zip(names, pots, strict=True):
            winners = pot.winners
            if len(winners) == 1 and folded[winners[0]]:
                add(tpl["ex.award_last_folded", "last_player"](name=pot_name, amount=ch[pot.amount],
                                                                      player=nm[winners[0]]))
            elif len(winners) == 1:
                add(tpl["ex.award_single", "cards_speak"](name=pot_name, amount=ch[pot.amount],
                                                                 player=nm[winners[0]]))
            elif winners:
                awards = ", ".join([f"{nm[w]} {ch[got]}" for w, got in pot.awards])
                add(tpl["ex.award_split", "odd_chips"](name=pot_name, amount=ch[pot.amount],
                                                              players=_join([nm[w] for w in winners], and_word),
                                                              chip=ch[chip], awards=awards))
                if pot.odd_units:
                    firsts = [nm[w] for w in sorted(winners)[: pot.odd_units]]
                    add(tpl["ex.odd_chip", "odd_chips"](units=ch[pot.odd_units], chip=ch[chip],
                                                               players=_join(firsts, and_word)))
    pushed = []
    if stacks:
        for name, s in zip(nm, stacks, strict=True):
            pushed.append(f"{name} {ch[s]}")
    add(tpl["ex.finishing", "push"](stacks=", ".join(pushed)))
    return steps


def ruling_text(ruling: dict[str, Any], lang: str) -> str:
    """A ruling printed for a person (the command without --json)."""
    lang = norm_lang(lang)
    lines = [text(f"status.{ruling['status']}", lang)]
    error = ruling.get("error")
    if error:
        rule = f" [{error['rule']}]" if error["rule"] else ""
        lines.append(f"#{error['action_index']} {error['action']}: {error['message']}{rule}")
        if error["remedy"]:
            lines.append(text("ex.remedy", lang, remedy=error["remedy"]))
    act = ruling.get("to_act")
    if act:
        o = act["options"]
        parts = [text("label.fold", lang)] if o["fold"] else []
        if o["check"]:
            parts.append(text("label.check", lang))
        elif o["call"]:
            parts.append(text("label.call", lang, amount=o["call"]))
        if o["raise"]:
            parts.append(text("label.raise", lang, min_to=o["raise"]["min_to"], max_to=o["raise"]["max_to"]))
        else:
            parts.append(text("label.no_raise", lang))
        lines.append(f"{text('label.options', lang)} {act['player']}: {', '.join(parts)}")
    if ruling["pots"]:
        lines.append(f"{text('label.pots', lang)}:")
        for pot in ruling["pots"]:
            won = ""
            if pot["awards"]:
                won = f" — {text('label.winners', lang)} " + ", ".join(
                    f"{p} {chips(a, lang)}" for p, a in pot["awards"].items()
                )
            lines.append(f"  {chips(pot['amount'], lang)} [{', '.join(pot['eligible'])}]{won}")
    for item in ruling["uncalled"]:
        lines.append(f"{text('label.uncalled', lang)}: {item['player']} {chips(item['amount'], lang)}")
    if ruling["finishing_stacks"] is not None:
        stacks = ", ".join(f"{p} {chips(s, lang)}" for p, s in zip(ruling["players"], ruling["finishing_stacks"],
                                                                       strict=True))
        lines.append(f"{text('label.finishing', lang)}: {stacks}")
    lines.append(f"{text('label.explanation', lang)}:")
    lines.extend(f"  {i}. {step}" for i, step in enumerate(ruling["explanation"], start=1))
    return "\n".join(lines)


__all__ = ["RULES", "build_ruling", "explanation", "options_dict", "ruling_text"]
