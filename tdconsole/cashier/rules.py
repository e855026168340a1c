"""An event's money rules (`MoneyRules`): reading them, checking them, changing them, and saying them.

`money_rules_problems` is the one check of a set of rules: what a director could get wrong, each as a
sentence in the reader's language. `money_rules_set` refuses rules with problems (`MoneyRulesInvalid`)
and records every change in the audit log, before and after; rules changed after sales are allowed
(the sales keep the parts they were sold with) and the audit record says how many sales came before.

When things can be bought is decided here too, from the clock as plain values (`level_number`: the
blind level the clock is at, or that the current break follows, None before the start; `on_break`),
so the cash desk, the screen and the dashboard give the same answers: see `rebuys_open`,
`addon_break_now`, `registration_open`, `bonus_open`. The clock app reads its own state and passes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import models, transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.core.bounds import field_max
from tdconsole.core.money import format_money, format_number, is_cents, quantize_money
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Event, Level
from tdconsole.tournaments.registration import OPEN_FOR_ENTRIES

from . import sql
from .exceptions import MoneyRulesInvalid
from .models import MoneyRules, Purchase

ZERO = Decimal("0")
HUNDRED = Decimal("100")
# The most a single rule amount may be: twice it (a double rebuy) still fits a purchase's column.
MAX_RULE_AMOUNT = Decimal("999999999.99")
# Every rule a director sets (the row's own fields but its key and its event).
RULE_FIELDS: tuple[str, ...] = tuple(
    f.name for f in MoneyRules._meta.get_fields()
    if getattr(f, "concrete", False) and not f.primary_key and f.name != "event"
)
AMOUNT_FIELDS = tuple(n for n in RULE_FIELDS if isinstance(MoneyRules._meta.get_field(n), models.DecimalField))
PERCENT_FIELDS = ("pko_cash_percent", "staff_percent")
# Rules whose change alters what a sale gives or costs (the audit record says how many sales came before).
PRICED_FIELDS = frozenset({
    "rebuy_prize", "rebuy_fee", "rebuy_chips", "rebuy_bounty", "addon_prize", "addon_fee", "addon_chips",
    "staff_addon_price", "staff_addon_chips", "bonus_chips", "bounty_kind", "bounty", "pko_cash_percent",
    "bounty_unit", "staff_percent",
})


def money_rules_of(*, event: Event) -> MoneyRules:
    """The event's money rules, or unsaved defaults (no rebuys, no add-on, no bounty) when it has none."""
    found = MoneyRules.objects.filter(event_id=event.pk).first()
    if found is None:
        return MoneyRules(event=event)
    found.event = event
    return found


def event_lock_with_rules(event: Event) -> tuple[Event, MoneyRules]:
    """Take the event lock (see tournaments' `event_lock`) and read the money rules in the same query.

    Only the event row is locked (`of=self`: the rules are joined, not locked); the rules are the
    defaults, unsaved, when the event has none. Saves a sale, a buy-in and a bust a query each.
    """
    # Every sale and buy-in takes it: one plain statement (`sql`), converted as the ORM would.
    return sql.event_lock_with_rules(event_id=event.pk)


# --- when things are sold ---------------------------------------------------------------------------


def rebuys_open(*, rules: MoneyRules, level_number: int | None) -> bool:
    """Rebuys are offered and the clock has not passed their last level (a break counts as the level before)."""
    until = rules.rebuy_until_level
    return until is not None and (level_number is None or level_number <= until)


def addon_break_now(*, rules: MoneyRules, level_number: int | None, on_break: bool) -> bool:
    """The clock is on the break the add-on is sold at."""
    after = rules.addon_break_after_level
    return after is not None and on_break and level_number == after


def registration_open(*, event: Event, level_number: int | None, on_break: bool) -> bool:
    """Late registration is open at this point of the clock (it closes at the end of its level, so the
    break after that level is already past it), and has not been closed by hand."""
    if event.status not in OPEN_FOR_ENTRIES or event.registration_closed_at is not None:
        return False
    if level_number is None:
        return True
    last = event.late_registration_level
    if last is None:
        return False
    return level_number < last or (level_number == last and not on_break)


def bonus_open(*, event: Event, rules: MoneyRules, level_number: int | None, on_break: bool) -> bool:
    """Bonus chips are still given: until the end of `bonus_until_level`, or while registration is open."""
    if not rules.bonus_chips:
        return False
    if rules.bonus_until_level is None:
        return registration_open(event=event, level_number=level_number, on_break=on_break)
    return level_number is None or level_number <= rules.bonus_until_level


def has_bounty(rules: MoneyRules) -> bool:
    return rules.bounty_kind != MoneyRules.BountyKind.NONE


def has_staff_addon(rules: MoneyRules) -> bool:
    return bool(rules.staff_addon_price or rules.staff_addon_chips)


# --- checking ---------------------------------------------------------------------------------------


def _label(name: str) -> str:
    text = str(MoneyRules._meta.get_field(name).verbose_name)
    return text[:1].upper() + text[1:]


def _coerce(name: str, value: Any, problems: list[str]) -> tuple[bool, Any]:
    """The value a field would store (True, value), or (False, None) with the problem added."""
    field = MoneyRules._meta.get_field(name)
    label = _label(name)
    if value is None or value == "":
        if field.null:
            return True, None
        if isinstance(field, models.BooleanField):
            return True, False
        problems.append(_("%(field)s: a value is needed.") % {"field": label})
        return False, None
    if isinstance(field, models.BooleanField):
        if not isinstance(value, bool):
            problems.append(_("%(field)s: yes or no.") % {"field": label})
            return False, None
        return True, value
    if isinstance(field, models.DecimalField):
        if isinstance(value, bool) or isinstance(value, float):
            problems.append(_("%(field)s: not an amount.") % {"field": label})
            return False, None
        try:
            number = Decimal(str(value).strip()) if isinstance(value, str) else Decimal(value)
        except (InvalidOperation, TypeError, ValueError):
            problems.append(_("%(field)s: not an amount.") % {"field": label})
            return False, None
        if not number.is_finite():
            problems.append(_("%(field)s: not an amount.") % {"field": label})
            return False, None
        if number < 0:
            problems.append(_("%(field)s cannot be negative.") % {"field": label})
            return False, None
        if not is_cents(number):
            problems.append(_("%(field)s: whole cents only (two decimal places).") % {"field": label})
            return False, None
        top = HUNDRED if name in PERCENT_FIELDS else MAX_RULE_AMOUNT
        if number > top:
            if name in PERCENT_FIELDS:
                problems.append(_("%(field)s must be between 0 and 100.") % {"field": label})
            else:
                problems.append(_("%(field)s is too large (at most %(max)s).")
                                % {"field": label, "max": format_number(top, _lang(), places=2)})
            return False, None
        return True, quantize_money(number)
    if isinstance(field, models.IntegerField):
        if isinstance(value, bool):
            problems.append(_("%(field)s: a whole number.") % {"field": label})
            return False, None
        if isinstance(value, str):
            text = value.strip()
            if not text.isascii() or not text.isdigit():
                problems.append(_("%(field)s: a whole number.") % {"field": label})
                return False, None
            value = int(text) if len(text) <= 20 else field_max(MoneyRules, name) + 1
        if not isinstance(value, int):
            problems.append(_("%(field)s: a whole number.") % {"field": label})
            return False, None
        if value < 0:
            problems.append(_("%(field)s cannot be negative.") % {"field": label})
            return False, None
        if value > field_max(MoneyRules, name):
            problems.append(_("%(field)s is too large (at most %(max)s).")
                            % {"field": label, "max": format_number(field_max(MoneyRules, name), _lang())})
            return False, None
        return True, value
    # A choice.
    if value not in dict(field.choices):
        problems.append(_("%(field)s: choose one of the options.") % {"field": label})
        return False, None
    return True, value


def _lang() -> str:
    return translation.get_language() or "pt-br"


def structure_levels(*, event: Event) -> tuple[int, frozenset[int]]:
    """How many blind levels the event's structure has, and the level numbers a break directly follows
    (one query)."""
    number, breaks = 0, set()
    previous_was_level = False
    for kind in Level.objects.filter(structure_id=event.structure_id).order_by("position").values_list(
            "kind", flat=True):
        if kind == Level.Kind.BREAK:
            if previous_was_level:
                breaks.add(number)
            previous_was_level = False
        else:
            number += 1
            previous_was_level = True
    return number, frozenset(breaks)


def _level_problem(level: int, blind_levels: int, what: str) -> str | None:
    """The problem with naming blind level `level` (None when the structure has it)."""
    if level == 0:
        return _("%(what)s: levels are numbered from 1.") % {"what": what}
    if level > blind_levels:
        return ngettext("%(what)s: level %(level)d, but the structure has only %(count)d blind level.",
                        "%(what)s: level %(level)d, but the structure has only %(count)d blind levels.",
                        blind_levels) % {"what": what, "level": level, "count": blind_levels}
    return None


def _rules_problems(event: Event, rules: MoneyRules) -> list[str]:
    """What is wrong with a whole set of (well-typed) rules, given the event's structure."""
    problems: list[str] = []
    blind_levels, breaks = structure_levels(event=event)
    lang = _lang()

    def money(value: Decimal) -> str:
        return format_money(value, event.currency, lang)

    bounty_on = has_bounty(rules)
    # Rebuys.
    rebuy_price = rules.rebuy_prize + rules.rebuy_fee + (rules.rebuy_bounty if bounty_on else ZERO)
    if rules.rebuy_until_level is not None:
        problem = _level_problem(rules.rebuy_until_level, blind_levels, _("Rebuys"))
        if problem:
            problems.append(problem)
        if not rules.rebuy_chips:
            problems.append(_("A rebuy must give chips."))
        if not rebuy_price:
            problems.append(_("A rebuy must cost something: set what goes to the prize pool, or the fee."))
        if rules.max_rebuys == 0:
            problems.append(_("Rebuys per player is 0: leave it empty for no limit, or turn rebuys off."))
        if rules.double_rebuy and rules.max_rebuys == 1:
            problems.append(_("A double rebuy counts as two rebuys: with one rebuy per player it can never be "
                              "sold."))
    elif (rules.rebuy_chips or rules.rebuy_prize or rules.rebuy_fee or rules.rebuy_bounty or rules.double_rebuy
          or rules.max_rebuys is not None):
        problems.append(_("Rebuy price, chips or limits are set but not the last level of rebuys: set it, or "
                          "rebuys stay off."))
    # Add-on.
    if rules.addon_break_after_level is not None:
        after = rules.addon_break_after_level
        problem = _level_problem(after, blind_levels, _("Add-on"))
        if problem:
            problems.append(problem)
        elif after not in breaks:
            problems.append(_("The structure has no break right after level %(level)d: the add-on is sold at the "
                              "break that directly follows that level.") % {"level": after})
        if not rules.addon_chips:
            problems.append(_("An add-on must give chips."))
        if not (rules.addon_prize + rules.addon_fee):
            problems.append(_("An add-on must cost something (free chips are bonus chips)."))
        if rules.max_addons < 1:
            problems.append(_("Add-ons per player: at least 1."))
    elif rules.addon_chips or rules.addon_prize or rules.addon_fee:
        problems.append(_("Add-on price or chips are set but not the break it is sold at: choose the level that "
                          "break follows, or the add-on stays off."))
    # Staff add-on.
    if rules.staff_addon_price and not rules.staff_addon_chips:
        problems.append(_("The staff add-on has a price but gives no chips."))
    if rules.staff_addon_chips and not rules.staff_addon_price:
        problems.append(_("The staff add-on gives chips but has no price (free chips are bonus chips)."))
    # Bonus chips.
    if rules.bonus_until_level is not None:
        problem = _level_problem(rules.bonus_until_level, blind_levels, _("Bonus chips"))
        if problem:
            problems.append(problem)
        if not rules.bonus_chips:
            problems.append(_("Bonus chips until level %(level)d, but no bonus chips are set.")
                            % {"level": rules.bonus_until_level})
    # Bounties.
    if bounty_on and not rules.bounty:
        problems.append(_("A bounty event needs the bounty per entry."))
    if not bounty_on and (rules.bounty or rules.rebuy_bounty):
        problems.append(_("A bounty amount is set but the event has no bounty: choose a fixed bounty or a "
                          "progressive knockout, or set the amounts to zero."))
    if not ZERO <= rules.pko_cash_percent <= HUNDRED:
        problems.append(_("The share of a progressive knockout paid at once must be between 0 and 100%."))
    if rules.bounty_unit <= 0:
        problems.append(_("The smallest bill paid must be more than zero."))
    elif (rules.bounty_kind == MoneyRules.BountyKind.PROGRESSIVE and rules.bounty
          and 0 < rules.pko_cash_percent <= HUNDRED and rules.bounty * rules.pko_cash_percent / HUNDRED
          < rules.bounty_unit):
        problems.append(_("With a smallest bill of %(unit)s, the share paid at once of a %(bounty)s bounty "
                          "rounds down to nothing.")
                        % {"unit": money(rules.bounty_unit), "bounty": money(rules.bounty)})
    # Staff share of the pool.
    if not ZERO <= rules.staff_percent <= HUNDRED:
        problems.append(_("The staff deduction must be between 0 and 100% of the prize pool."))
    return problems


def _apply(rules: MoneyRules, values: Mapping[str, Any]) -> list[str]:
    """Set `values` on `rules` (those that are well typed); the typing problems."""
    unknown = set(values) - set(RULE_FIELDS)
    if unknown:
        raise ValueError(f"unknown money rules: {sorted(unknown)}")
    problems: list[str] = []
    for name, value in values.items():
        ok, clean = _coerce(name, value, problems)
        if ok:
            setattr(rules, name, clean)
    return problems


def money_rules_problems(*, event: Event, values: Mapping[str, Any]) -> list[str]:
    """Every reason the event's rules, with `values` changed, cannot be used; empty when they can.

    `values` maps rule names (see `RULE_FIELDS`) to what the director set, as Python values or as
    typed text; the rules not named keep what the event has now. Messages are in the active language.
    """
    rules = money_rules_of(event=event)
    problems = _apply(rules, values)
    return problems + _rules_problems(event, rules)


def _plain(rules: MoneyRules, names: Any) -> dict[str, Any]:
    return {name: getattr(rules, name) for name in names}


def money_rules_set(*, event: Event, actor: Any, values: Mapping[str, Any]) -> MoneyRules:
    """Change the event's money rules (`values`: the rules to change, the others kept).

    Refused with every problem (`MoneyRulesInvalid`). Rules that past sales depend on may change (a
    mistake found late): the sales keep what they were sold with, and the audit record keeps the rules
    before and after and how many sales were made before.
    """
    with transaction.atomic():
        event = event_lock(event)
        current = MoneyRules.objects.select_for_update().filter(event=event).first()
        rules = current if current is not None else MoneyRules(event=event)
        rules.event = event
        before = _plain(rules, RULE_FIELDS)
        problems = _apply(rules, values)
        problems += _rules_problems(event, rules)
        if problems:
            raise MoneyRulesInvalid(problems)
        after = _plain(rules, RULE_FIELDS)
        changed = [name for name in RULE_FIELDS if before[name] != after[name]]
        if current is not None and not changed:
            return rules
        rules.save()
        sold = 0
        if PRICED_FIELDS.intersection(changed):
            sold = Purchase.objects.filter(event=event, voided_at__isnull=True).count()
        if sold:
            summary: Any = (ngettext_lazy("Money rules changed after %(n)d sale (it keeps its price and chips)",
                                          "Money rules changed after %(n)d sales (they keep their prices and chips)",
                                          "n"), {"n": sold})
        else:
            summary = gettext_lazy("Money rules changed")
        audit_record(actor=actor, action="cashier.rules", event=event, objects=[rules],
                     before={name: before[name] for name in changed} if current is not None else None,
                     after={name: after[name] for name in changed} | ({"sales_before": sold} if sold else {}),
                     summary=summary)
    return rules


# --- saying them -------------------------------------------------------------------------------------


def _for(money_text: str, chips: int, lang: str) -> str:
    return _("%(price)s for %(chips)s chips") % {"price": money_text, "chips": format_number(chips, lang)}


def _rebuy_price(rules: MoneyRules) -> Decimal:
    return rules.rebuy_prize + rules.rebuy_fee + (rules.rebuy_bounty if has_bounty(rules) else ZERO)


def _lines(event: Event, rules: MoneyRules, lang: str, *, level_number: int | None = None, on_break: bool = False,
           now: bool = False) -> list[str]:
    """The lines that say the rules (`now`: only what can be bought at this point of the clock)."""
    currency = event.currency

    def money(value: Decimal) -> str:
        return format_money(value, currency, lang)

    lines: list[str] = []
    with translation.override(lang):
        if rules.rebuy_until_level is not None and (not now or rebuys_open(rules=rules, level_number=level_number)):
            lines.append(_("Rebuys until level %(level)d") % {"level": rules.rebuy_until_level})
            lines.append(_("Rebuy: %(offer)s") % {"offer": _for(money(_rebuy_price(rules)), rules.rebuy_chips, lang)})
            if rules.double_rebuy:
                lines.append(_("Double rebuy: %(offer)s")
                             % {"offer": _for(money(2 * _rebuy_price(rules)), 2 * rules.rebuy_chips, lang)})
        if rules.addon_break_after_level is not None:
            after = rules.addon_break_after_level
            offer = _for(money(rules.addon_prize + rules.addon_fee), rules.addon_chips, lang)
            at_break = now and addon_break_now(rules=rules, level_number=level_number, on_break=on_break)
            still_ahead = level_number is None or level_number < after or (level_number == after and not on_break)
            if at_break:
                lines.append(_("Add-on: %(offer)s") % {"offer": offer})
            elif not now or still_ahead:
                lines.append(_("Add-on at the break after level %(level)d: %(offer)s")
                             % {"level": after, "offer": offer})
        if has_staff_addon(rules) and (not now or _staff_addon_time(event, rules, level_number, on_break)):
            lines.append(_("Staff add-on: %(offer)s")
                         % {"offer": _for(money(rules.staff_addon_price), rules.staff_addon_chips, lang)})
        if rules.bonus_chips and (not now or bonus_open(event=event, rules=rules, level_number=level_number,
                                                        on_break=on_break)):
            chips = format_number(rules.bonus_chips, lang)
            if rules.bonus_until_level is None:
                lines.append(_("Bonus chips: %(chips)s while registration is open") % {"chips": chips})
            else:
                lines.append(_("Bonus chips: %(chips)s until level %(level)d")
                             % {"chips": chips, "level": rules.bonus_until_level})
        if rules.bounty_kind == MoneyRules.BountyKind.FIXED:
            lines.append(_("Bounty: %(amount)s") % {"amount": money(rules.bounty)})
        elif rules.bounty_kind == MoneyRules.BountyKind.PROGRESSIVE:
            lines.append(_("Progressive knockout: %(amount)s, %(percent)s%% paid at once")
                         % {"amount": money(rules.bounty),
                            "percent": format_number(rules.pko_cash_percent, lang,
                                                     places=0 if rules.pko_cash_percent % 1 == 0 else 2)})
        if rules.staff_percent and not now:
            lines.append(_("Staff deduction: %(percent)s%% of the prize pool")
                         % {"percent": format_number(rules.staff_percent, lang,
                                                     places=0 if rules.staff_percent % 1 == 0 else 2)})
    return lines


def _staff_addon_time(event: Event, rules: MoneyRules, level_number: int | None, on_break: bool) -> bool:
    """The staff add-on is sold while rebuys or late registration are open, or at the add-on break."""
    return (rebuys_open(rules=rules, level_number=level_number)
            or registration_open(event=event, level_number=level_number, on_break=on_break)
            or addon_break_now(rules=rules, level_number=level_number, on_break=on_break))


def staff_addon_time(*, event: Event, rules: MoneyRules, level_number: int | None, on_break: bool) -> bool:
    """Whether the clock is at a point where the staff add-on is sold (see `_staff_addon_time`)."""
    return _staff_addon_time(event, rules, level_number, on_break)


def rules_summary(*, rules: MoneyRules, lang: str) -> list[str]:
    """The event's money rules in short lines, in `lang` ("Rebuys until level 6", "Rebuy: R$ 100,00 for
    20.000 chips", ...): what the dashboard shows. Empty for an event without rebuys, add-ons or bounties."""
    return _lines(rules.event, rules, lang)


def money_screen_lines(*, event: Event, level_number: int | None, on_break_after: int | None,
                       lang: str, rules: MoneyRules | None = None) -> list[str]:
    """What the clock screen says about money at this point of the clock, in `lang` (one query, none when
    the caller gives the event's `rules`, e.g. a copy it keeps in its cache).

    `level_number` is the blind level being played (None before the start); `on_break_after` the level
    the current break follows (None when not on a break). Rebuys while they are open, the add-on with
    its price at its break (announced before it), the staff add-on and bonus chips while sold, the
    bounty; nothing once none of them applies.
    """
    on_break = on_break_after is not None
    level = on_break_after if on_break else level_number
    if rules is None:
        rules = money_rules_of(event=event)
    return _lines(event, rules, lang, level_number=level, on_break=on_break, now=True)
