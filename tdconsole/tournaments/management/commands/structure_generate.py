"""`python manage.py structure_generate`: a blind structure that ends near a target time (generator.py).

    structure_generate --stack 20000 --entries 100 --minutes 20 --hours 6 --chips 25,100,500,1000,5000 --json
    structure_generate --stack 20000 --entries 100 --minutes 20 --start 19:00 --end 02:00

With --json it prints exactly {"levels": [{"small_blind", "big_blind", "ante", "minutes", "is_break",
"color_up"}, ...], "expected_end_minutes": M}; otherwise a table. Nothing is saved.
"""

from __future__ import annotations

import json
from datetime import time

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone, translation

from tdconsole.core.chips import ChipsError, parse_chips
from tdconsole.tournaments.generator import ANTE_STYLES, BIG_BLIND_ANTE, GeneratorError, Plan, generate
from tdconsole.tournaments.generator_text import (
    duration_text,
    generator_message,
    minutes_between,
    parse_hours,
    parse_time_of_day,
)

DEFAULT_CHIPS = "25,100,500,1000,5000"


def _count(text: str, option: str, *, least: int = 1) -> int:
    try:
        value = parse_chips(text)
    except ChipsError:
        value = None
    if value is None or value < least:
        raise CommandError(f"{option} must be a whole number from {least} up, not {text[:40]!r}")
    return value


def chip_values(text: str) -> list[int]:
    """"25,100,500" (commas, spaces or semicolons between the values) as chip values."""
    parts = [p for p in text.replace(";", " ").replace(",", " ").split() if p]
    if not parts:
        raise CommandError("--chips needs the chip values, for example 25,100,500,1000,5000")
    return [_count(part, "each chip in --chips") for part in parts]


def _clock_time(text: str, option: str) -> time:
    value = parse_time_of_day(text)
    if value is None:
        raise CommandError(f"{option} must be a time of day as HH:MM (24-hour), not {text[:40]!r}")
    return value


def target_minutes(hours: str | None, start: time | None, end: time | None) -> int:
    """The duration asked: --hours, or from --start (now by default) to --end."""
    if hours is not None and end is not None:
        raise CommandError("give either --hours or --end, not both")
    if hours is not None:
        minutes = parse_hours(hours)
        if not minutes:
            raise CommandError(f"--hours must be a duration such as 6, 6.5 or 6:30, not {hours[:40]!r}")
        return minutes
    if end is None:
        raise CommandError("give the target: --hours, or --end HH:MM (with --start HH:MM)")
    return minutes_between(start or timezone.localtime().time().replace(second=0, microsecond=0), end)


def table_lines(plan: Plan, start: time | None) -> list[str]:
    """The structure as a table: level, blinds, ante, minutes, and when each row starts."""
    lines = [f"{'level':>5}  {'small':>11}  {'big':>11}  {'ante':>11}  {'min':>4}  {'starts':>6}"]
    elapsed = number = 0
    for row in plan.rows:
        at = _at(elapsed, start)
        if row.is_break:
            color = f" (colour up the {row.color_up:,})" if row.color_up else ""
            lines.append(f"{'':>5}  {'break' + color:<37}  {row.minutes:>4}  {at:>6}")
        else:
            number += 1
            lines.append(f"{number:>5}  {row.small_blind:>11,}  {row.big_blind:>11,}  {row.ante:>11,}  "
                         f"{row.minutes:>4}  {at:>6}")
        elapsed += row.minutes
    end = plan.expected_end_minutes
    when = f" (at {_at(end, start)})" if start is not None else ""
    lines.append(f"expected end: {duration_text(end)} after the start{when}, at the end of level {plan.end_level}; "
                 f"chips in play {plan.total_chips:,}")
    return lines


def _at(minutes: int, start: time | None) -> str:
    if start is None:
        return f"{minutes // 60}:{minutes % 60:02d}"
    total = (start.hour * 60 + start.minute + minutes) % (24 * 60)
    return f"{total // 60:02d}:{total % 60:02d}"


class Command(BaseCommand):
    help = "Generate a blind structure that ends near a target time (printed, not saved)."

    def add_arguments(self, parser):
        parser.add_argument("--stack", required=True, help="starting stack, e.g. 20000")
        parser.add_argument("--entries", required=True, help="expected entries (re-entries included)")
        parser.add_argument("--minutes", required=True, help="minutes of a blind level")
        parser.add_argument("--hours", help="target duration: 6, 6.5 or 6:30")
        parser.add_argument("--start", help="start time HH:MM (with --end; the table then shows times of day)")
        parser.add_argument("--end", help="target end time HH:MM (instead of --hours)")
        parser.add_argument("--chips", default=DEFAULT_CHIPS, help=f"chip values in play (default {DEFAULT_CHIPS})")
        parser.add_argument("--ante", choices=ANTE_STYLES, default=BIG_BLIND_ANTE,
                            help="big blind ante (bba, the default) or traditional")
        parser.add_argument("--break-every", help="blind levels between breaks (0: no breaks; default about 2 h)")
        parser.add_argument("--break-minutes", help="minutes of a break (default 10 to 20 by level length)")
        parser.add_argument("--extra-chips", default="0", help="rebuy and add-on chips expected")
        parser.add_argument("--lang", default="en", choices=["en", "pt-br"], help="language of the messages")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **opts):
        with translation.override(opts["lang"]):
            start = _clock_time(opts["start"], "--start") if opts["start"] else None
            end = _clock_time(opts["end"], "--end") if opts["end"] else None
            minutes = target_minutes(opts["hours"], start, end)
            try:
                plan = generate(
                    stack=_count(opts["stack"], "--stack"),
                    entries=_count(opts["entries"], "--entries", least=2),
                    level_minutes=_count(opts["minutes"], "--minutes"),
                    target_minutes=minutes,
                    denominations=chip_values(opts["chips"]),
                    ante_style=opts["ante"],
                    break_every=None if opts["break_every"] is None else _count(opts["break_every"], "--break-every",
                                                                                  least=0),
                    break_minutes=None if opts["break_minutes"] is None else _count(
                        opts["break_minutes"], "--break-minutes", least=0),
                    extra_chips=_count(opts["extra_chips"], "--extra-chips", least=0),
                )
            except GeneratorError as exc:
                raise CommandError(generator_message(exc)) from exc
            if opts["json"]:
                self.stdout.write(json.dumps(plan.as_json()))
                return
            for line in table_lines(plan, start):
                self.stdout.write(line)
