"""Turning a replayed hand into the contract's ruling (JSON shape) and a text for people."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .texts import RULES, chips, join_names, norm_lang, rule_label, text, with_rule

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
    labels = hand.spec.labels
    status = hand.status
    settled = hand.settle()
    pots = []
    for pot in settled.pots:
        pots.append(
            {
                "amount": pot.amount,
                "eligible": [labels[i] for i in pot.eligible],
                "winners": [labels[i] for i in pot.winners] if status == "complete" else [],
                "awards": {labels[w]: got for w, got in pot.awards} if status == "complete" else {},
            }
        )
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
    opts = hand.options() if status != "complete" else None
    to_act = options_dict(opts, lang) if opts is not None else None
    showdown = None
    hands: dict[str, Any] = {}
    info = hand.showdown_info()
    if info is not None:
        showdown = {"all_exposed": info[0], "order": [labels[i] for i in info[1]]}
        for i, value in sorted(hand.hand_values().items()):
            hands[labels[i]] = {"category": value.category, "best_five": list(value.best_five)}
    return {
        "status": status,
        "players": labels,
        "error": error,
        "to_act": to_act,
        "pots": pots,
        "uncalled": [{"player": labels[k], "amount": amount} for k, amount in hand.uncalled],
        "showdown": showdown,
        "hands": hands,
        "finishing_stacks": hand.finishing_stacks() if status == "complete" else None,
        "explanation": explanation(hand, lang) if explain else [],
    }


def _name(hand: Hand, i: int) -> str:
    label = f"p{i + 1}"
    names = hand.spec.players
    return f"{label} ({names[i]})" if names else label


def explanation(hand: Hand, lang: str) -> list[str]:
    """Step by step, each step naming the rule it applies."""
    lang = norm_lang(lang)
    spec, n = hand.spec, hand.n
    steps: list[str] = []
    items = []
    for i in range(n):
        if hand.blind_paid[i]:
            items.append(text("ex.post_item.blind", lang, player=_name(hand, i), amount=hand.blind_paid[i]))
        if hand.ante_paid[i]:
            items.append(text("ex.post_item.ante", lang, player=_name(hand, i), amount=hand.ante_paid[i]))
    if items:
        steps.append(with_rule("ex.posts", lang, "bba" if hand.bba else "blinds", items="; ".join(items)))
    if n == 2:
        steps.append(with_rule("ex.heads_up", lang, "heads_up", button=_name(hand, 1), bb=_name(hand, 0)))
    for i in range(n):
        blind = hand.posts[i]
        ante = spec.antes[i if n > 2 else n - 1 - i]
        if blind and hand.blind_paid[i] < blind:
            steps.append(
                with_rule("ex.short_blind", lang, "short_blind", player=_name(hand, i), amount=hand.blind_paid[i],
                          blind=blind)
            )
        if hand.bba and ante and hand.ante_paid[i] < ante:
            key = "ex.bba_short" if spec.bba_order == "blind_first" else "ex.bba_short_ante_first"
            steps.append(with_rule(key, lang, "bba", blind=hand.blind_paid[i], ante=hand.ante_paid[i]))
    for event in hand.events:
        if event[0] == "short_all_in":
            _, i, to, increment, previous, full = event
            steps.append(
                with_rule("ex.short_all_in", lang, "limit_reopening" if hand.limit else "reopening",
                          player=_name(hand, i), amount=to, increment=increment, previous=previous, full=full)
            )
        elif event[0] == "half_bet_all_in":
            steps.append(with_rule("ex.half_bet_all_in", lang, "limit_reopening", player=_name(hand, event[1]),
                                   amount=event[2]))
    for k, amount in hand.uncalled:
        steps.append(with_rule("ex.uncalled", lang, "uncalled", player=_name(hand, k), amount=amount))
    status = hand.status
    if hand.error is not None:
        e = hand.error
        cite = f" [{rule_label(e.rule, lang)}]" if e.rule else ""
        steps.append(text("ex.error", lang, index=str(e.action_index), action=e.action, message=e.message(lang)) + cite)
        remedy = e.remedy(lang)
        if remedy:
            steps.append(text("ex.remedy", lang, remedy=remedy) + cite)
    opts = hand.options() if status != "complete" else None
    if opts is not None:
        line = text("ex.to_act", lang, player=_name(hand, opts.player), reason=opts.reason(lang))
        steps.append(f"{line} [{rule_label(opts.rule, lang)}]" if opts.rule else line)
    elif status == "in_progress":
        pending = hand.settle().pending
        if pending:
            steps.append(with_rule("ex.waiting_show", lang, "cards_speak",
                                   players=join_names([_name(hand, i) for i in pending], lang)))
        else:
            steps.append(with_rule("ex.waiting_board", lang, "dealing"))
    pots = hand.settle().pots
    if len(pots) > 1:
        steps.append(with_rule("ex.side_pots", lang, "side_pots"))
    names = []
    for number, pot in enumerate(pots):
        pot_name = text("ex.pot.main", lang) if number == 0 else text("ex.pot.side", lang, n=number)
        names.append(pot_name)
        rule_key = "side_pots" if len(pots) > 1 else "pots"
        steps.append(with_rule("ex.pot", lang, rule_key, name=pot_name, amount=pot.amount,
                               eligible=join_names([_name(hand, i) for i in pot.eligible], lang)))
    if status != "complete":
        return steps
    if hand.over:
        winner = next(i for i in range(n) if not hand.folded[i])
        steps.append(with_rule("ex.fold_win", lang, "last_player", player=_name(hand, winner)))
    else:
        info = hand.showdown_info()
        if info is not None:
            exposed, order = info
            if exposed:
                steps.append(with_rule("ex.face_up", lang, "face_up_all_in"))
            if spec.mode == "cash" and hand.runout_street is not None and hand.runout_street < 3:
                steps.append(with_rule("ex.cash_all_in_first", lang, "cash_all_in_show"))
            aggressor = hand.aggressor[hand.last_betting_street]
            order_text = ", ".join(_name(hand, i) for i in order)
            if aggressor is not None and not hand.folded[aggressor]:
                steps.append(with_rule("ex.order_aggressor", lang, "showdown_order", player=_name(hand, aggressor),
                                       order=order_text))
            else:
                steps.append(with_rule("ex.order_first_left", lang, "showdown_order", order=order_text))
        for i in range(n):
            if hand.mucked[i] and not hand.folded[i]:
                steps.append(with_rule("ex.mucked", lang, "muck", player=_name(hand, i)))
        for i, value in sorted(hand.hand_values().items()):
            steps.append(with_rule("ex.hand", lang, "cards_speak", player=_name(hand, i),
                                   category=text(f"cat.{value.category}", lang), cards=" ".join(value.best_five)))
        chip = spec.smallest_chip
        for pot_name, pot in zip(names, pots, strict=True):
            if len(pot.winners) == 1:
                steps.append(with_rule("ex.award_single", lang, "cards_speak", name=pot_name, amount=pot.amount,
                                       player=_name(hand, pot.winners[0])))
            elif pot.winners:
                awards = ", ".join(f"{_name(hand, w)} {chips(got, lang)}" for w, got in pot.awards)
                steps.append(with_rule("ex.award_split", lang, "odd_chips", name=pot_name, amount=pot.amount,
                                       players=join_names([_name(hand, w) for w in pot.winners], lang), chip=chip,
                                       awards=awards))
                if pot.odd_units:
                    firsts = [_name(hand, w) for w in sorted(pot.winners)[: pot.odd_units]]
                    steps.append(with_rule("ex.odd_chip", lang, "odd_chips", units=pot.odd_units, chip=chip,
                                           players=join_names(firsts, lang)))
    stacks = hand.finishing_stacks() or []
    steps.append(with_rule("ex.finishing", lang, "push",
                           stacks=", ".join(f"{_name(hand, i)} {chips(s, lang)}" for i, s in enumerate(stacks))))
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
