"""Turn a clock snapshot into what the projected screen prints (formatted for the language)."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

from django.utils import timezone
from django.utils.translation import get_language, gettext, ngettext, pgettext

from tdconsole.cashier.models import MoneyRules
from tdconsole.cashier.rules import money_screen_lines
from tdconsole.core.durations import clock_text
from tdconsole.core.money import format_money, format_number
from tdconsole.tournaments.models import Event, Level
from tdconsole.tournaments.selectors import top_stacks

from . import maths
from .selectors import close_position, late_registration_left

# How many steps ahead the browser gets, so it can keep advancing while offline (hours of play).
SCHEDULE_AHEAD = 16


def _lang() -> str:
    return get_language() or "pt-br"


def chips_text(value: int) -> str:
    return format_number(int(value), _lang())


def money_text(amount: Decimal, currency: str) -> str:
    """Money for the room: R$ 656.000 when whole (cents only when there are any)."""
    text = format_money(amount, currency, _lang())
    return text[:-3] if Decimal(amount) == Decimal(amount).to_integral_value() else text


def level_label(level: Level) -> str:
    if level.is_break:
        return gettext("Break")
    return gettext("Level %(number)s") % {"number": getattr(level, "number", level.position)}


def blinds_text(level: Level) -> str:
    if level.is_break:
        return ""
    return f"{chips_text(level.small_blind)} / {chips_text(level.big_blind)}"


def ante_text(level: Level) -> str:
    if level.is_break or not level.ante:
        return ""
    return gettext("Ante %(ante)s") % {"ante": chips_text(level.ante)}


def next_text(level: Level | None) -> str:
    if level is None:
        return gettext("Last level")
    if level.is_break:
        return gettext("Break (%(minutes)s min)") % {"minutes": level.minutes}
    text = blinds_text(level)
    if level.ante:
        text += " · " + ante_text(level)
    return text


def colour_up_text(level: Level) -> str:
    """"Colour-up: remove the green 25 chips" on a colour-up break (the colour when the chip set has it)."""
    if not level.is_break or not level.color_up:
        return ""
    removed = getattr(level, "removed_chip", None)
    if removed:
        return gettext("Colour-up: remove the %(colour)s %(chip)s chips") % {
            "chip": chips_text(level.color_up), "colour": removed[1]}
    return gettext("Colour-up: remove the %(chip)s chips") % {"chip": chips_text(level.color_up)}


def chip_race_text(level: Level) -> str:
    """The chip race in one line, on a colour-up break whose chip set says which chip the odd ones race for."""
    removed = getattr(level, "removed_chip", None)
    chips = getattr(level, "chips", ())
    if not level.is_break or not removed or not chips:
        return ""
    return gettext("Chip race: one card per odd %(chip)s chip, at most one %(next)s chip per player; "
                   "nobody is raced out") % {"chip": chips_text(removed[0]), "next": chips_text(chips[0][0])}


def chips_line(level: Level) -> list[dict]:
    """The chips in play at `level` as the screen prints them: value, colour name, colour code."""
    return [{"value": value, "text": chips_text(value), "colour": colour, "hex": code}
            for value, colour, code in getattr(level, "chips", ())]


def big_blinds_text(average: int, level: Level | None) -> str:
    """Average stack in big blinds, one decimal (of the level, or of the one after a break)."""
    if level is None or not level.big_blind or not average:
        return ""
    value = (Decimal(average) / Decimal(level.big_blind)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return pgettext("big blinds", "%(count)s BB") % {"count": format_number(value, _lang(), places=1)}


def _bb_level(levels: list[Level], index: int) -> Level | None:
    """The level whose big blind measures stacks at `index` (a break uses the next level)."""
    for level in levels[index:]:
        if not level.is_break:
            return level
    return None


def schedule(levels: list[Level], index: int | None, average: int) -> list[dict]:
    """The current step and those after it, preformatted, for the browser's countdown."""
    if index is None:
        return []
    rows = []
    for i in range(index, min(len(levels), index + SCHEDULE_AHEAD)):
        level = levels[i]
        following = levels[i + 1] if i + 1 < len(levels) else None
        rows.append({
            "number": getattr(level, "number", level.position),
            "is_break": level.is_break,
            "seconds": level.minutes * 60,
            "label": level_label(level),
            "blinds": blinds_text(level),
            "ante": ante_text(level),
            "next": next_text(following),
            "colour_up": colour_up_text(level),
            "chip_race": chip_race_text(level),
            "chips": chips_line(level),
            "average_bb": big_blinds_text(average, _bb_level(levels, i)),
        })
    return rows


def time_of_day(moment: datetime) -> str:
    """21:40: the local time (the site's time zone), 24-hour, to the nearest minute (as the screen's
    script rounds it, so the page and the script agree)."""
    return timezone.localtime(moment + timedelta(seconds=30)).strftime("%H:%M")


def next_level_at_text(moment: datetime) -> str:
    return gettext("Next level at %(time)s") % {"time": time_of_day(moment)}


def registration_closes_text(left: timedelta) -> str:
    return gettext("Registration closes in %(time)s") % {"time": clock_text(left)}


def screen_texts() -> dict:
    """The sentences the script fills in by itself ({time} stands for the value), in the page's language."""
    return {
        "next_at": gettext("Next level at %(time)s") % {"time": "{time}"},
        "reg_in": gettext("Registration closes in %(time)s") % {"time": "{time}"},
        "reg_closed": gettext("Late registration closed"),
    }


def results_rows(awards: list, currency: str) -> list[dict]:
    """The finishers as the screen of a finished event lists them: place, name, prize."""
    return [{
        "place": award.place,
        "name": award.entry.player.name,
        "prize": money_text(award.amount, currency) if award.amount else "",
    } for award in awards]


def _reentry_text(event: Event) -> str:
    return ngettext("Re-entry allowed (up to %(n)s entry)", "Re-entry allowed (up to %(n)s entries)",
                    event.max_entries) % {"n": event.max_entries}


def banners(*, event: Event, snapshot: dict) -> list[dict]:
    """The banners that apply now: late registration, re-entry, bubble, in the money, hand-for-hand."""
    extra = snapshot["_extra"]
    reading: maths.Reading = extra["reading"]
    prizes = extra["prizes"]
    out = []
    if event.hand_for_hand:
        out.append({"kind": "hand-for-hand", "text": gettext("Hand-for-hand")})
    if prizes.get("bubble"):
        out.append({"kind": "bubble", "text": gettext("Bubble")})
    elif prizes.get("in_the_money"):
        text = gettext("In the money")
        if prizes.get("next_pay_jump") is not None:
            text += " · " + gettext("next pay jump: +%(amount)s") % {
                "amount": money_text(prizes["next_pay_jump"], event.currency)
            }
        out.append({"kind": "itm", "text": text})
    closes = event.late_registration_level
    if closes is not None:
        position = reading.position
        last_position = close_position(extra["levels"], closes)
        is_open = event.registration_closed_at is None and (
            position is None or (last_position is not None and position <= last_position))
        if is_open:
            left = late_registration_left(event=event, levels=extra["levels"], reading=reading)
            if left is not None and position is not None:
                # Counted down by the screen's script (data-bind="late_reg"), offline too.
                out.append({"kind": "late-reg-open", "bind": "late_reg", "text": registration_closes_text(left)})
            else:
                out.append({"kind": "late-reg-open", "text": gettext(
                    "Late registration open · closes at the end of level %(n)s") % {"n": closes}})
            if event.format == Event.Format.REENTRY:
                out.append({"kind": "reentry",
                            "text": _reentry_text(event)})
        else:
            out.append({"kind": "late-reg-closed", "text": gettext("Late registration closed")})
    elif event.format == Event.Format.REENTRY:
        out.append({"kind": "reentry",
                    "text": _reentry_text(event)})
    if reading.finished:
        out.append({"kind": "finished", "text": gettext("Last level: play continues")})
    return out


def money_lines(*, event: Event, snapshot: dict, rules: MoneyRules) -> list[str]:
    """What the screen says about money now ("Rebuys until level 6", the add-on's price at its break), from
    the level the clock shows: the blind level being played, or the one the break follows."""
    extra = snapshot["_extra"]
    reading: maths.Reading = extra["reading"]
    current: Level | None = extra["current"]
    level_number = on_break_after = None
    if reading.index is not None and current is not None:
        number = getattr(current, "number", None) or None
        if current.is_break:
            on_break_after = number
            level_number = number
        else:
            level_number = number
    return money_screen_lines(event=event, level_number=level_number, on_break_after=on_break_after,
                              lang=_lang(), rules=rules)


def day_title(name: str) -> str:
    """What the screen and the clock desk say once the day's last level has ended."""
    return gettext("End of %(name)s — bag the chips") % {"name": name}


# How many of the chip leaders the screen shows between days.
LEADERS_SHOWN = 10


def leaders_rows(event: Event) -> list[dict]:
    """The largest counted stacks, as the screen lists them between days (one query)."""
    return [{"place": i, "name": entry.player.name, "chips": chips_text(entry.chips)}
            for i, entry in enumerate(top_stacks(event=event, limit=LEADERS_SHOWN), start=1)]


def screen_context(*, event: Event, snapshot: dict, messages: list[str] | None = None,
                   results: list | None = None, money: list[str] | None = None) -> dict:
    """Everything the screen template prints, plus the data its script counts down from.

    `messages` are the director's lines the screen rotates through; `results` the best finishers
    (payouts' awards), given once the event is finished: the clock then stops and the screen
    shows the champion and the results instead.
    """
    extra = snapshot["_extra"]
    reading: maths.Reading = extra["reading"]
    levels: list[Level] = extra["levels"]
    current: Level | None = extra["current"]
    field = extra["field"]
    prizes = extra["prizes"]
    average = field["average_stack"]
    rows = schedule(levels, extra["index"], average)
    now_ms = int(extra["now"].timestamp() * 1000)
    ends_ms = int(reading.level_ends_at.timestamp() * 1000) if reading.level_ends_at else None
    left = snapshot["seconds_left"] or 0
    event_over = event.status == Event.Status.FINISHED
    if event_over:
        # The clock stops: no row to count down, nothing to beep about.
        rows = []
    day = extra.get("day")
    stop = extra.get("stop")
    day_over = reading.status == maths.DAY_OVER
    truncated = False
    if stop is not None and extra["index"] is not None and rows and not day_over:
        # The browser counts down to the day's end and no further: it shows 0:00 there until the
        # next poll says the day is over.
        last = next((i for i, lv in enumerate(levels) if lv.position >= stop.position), len(levels) - 1)
        if last >= extra["index"]:
            truncated = len(rows) > last - extra["index"] + 1 or extra["index"] + SCHEDULE_AHEAD >= len(levels)
            rows = rows[:last - extra["index"] + 1]
    reg_left = None if event_over else late_registration_left(event=event, levels=levels, reading=reading)
    running = reading.status == maths.RUNNING
    data = {
        "status": snapshot["status"],
        "server_ms": now_ms,
        "ends_ms": ends_ms,
        "left_ms": int(reading.seconds_left.total_seconds() * 1000),
        "overtime_ms": int(reading.overtime.total_seconds() * 1000),
        "paused": reading.paused or reading.status == maths.NOT_STARTED,
        "schedule": rows,
        "number": getattr(current, "number", current.position) if current else None,
        # The schedule reaches the end of the structure: past it, the last level plays on.
        "complete": (extra["index"] is not None and extra["index"] + SCHEDULE_AHEAD >= len(levels)
                     and not truncated),
        "event_finished": event_over,
        # Late registration: when it closes (server time, while running) or how long is left (paused).
        "reg_ends_ms": (now_ms + int(reg_left.total_seconds() * 1000)) if reg_left is not None and running else None,
        "reg_left_ms": int(reg_left.total_seconds() * 1000) if reg_left is not None else None,
        "time_zone": timezone.get_current_timezone_name(),
        "texts": screen_texts(),
    }
    to_break = reading.to_next_break
    next_at = ""
    if current is not None and current.is_break and running and reading.level_ends_at and not event_over:
        next_at = next_level_at_text(reading.level_ends_at)
    results_list = results_rows(results or [], event.currency) if event_over else []
    champions = [row["name"] for row in results_list if row["place"] == 1]
    return {
        "event_finished": event_over,
        "day_over": day_over and not event_over,
        "day_title": day_title(day.name if day else event.name) if day_over else "",
        "leaders": leaders_rows(event) if day_over and not event_over else [],
        "champion": " · ".join(champions),
        "results": results_list,
        "messages": list(messages or []),
        # The money rules that apply now (rebuys, the add-on at its break, the bounty); none once over.
        "money": [] if event_over else list(money or []),
        # The time of day as a wall clock shows it (not rounded); the script keeps it current.
        "time_of_day": timezone.localtime(extra["now"]).strftime("%H:%M"),
        "next_at": next_at,
        "status": snapshot["status"],
        "paused": reading.paused,
        "time_text": ("+" + clock_text(reading.overtime)) if reading.finished else clock_text(left),
        "current": current,
        "row": rows[0] if rows else None,
        "to_break_text": clock_text(to_break) if to_break is not None else "",
        "players_left": chips_text(field["players_left"]),
        "entries": chips_text(field["entries"]),
        # A flight: the entries and the pool are the whole tournament's, labelled so; the players line
        # counts the flight's own.
        "all_flights": field.get("all_flights") or "",
        "flight_entries": chips_text(field["flight_entries"]) if field.get("all_flights") else "",
        "average": chips_text(average),
        "prize_pool": money_text(prizes["prize_pool"], event.currency),
        "places_paid": chips_text(prizes["places_paid"]),
        "banners": banners(event=event, snapshot=snapshot),
        "data": data,
    }
