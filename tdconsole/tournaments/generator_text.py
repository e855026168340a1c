"""The structure generator's words in the reader's language: its refusals, durations and time typed as
"6", "6,5", "6:30" or "19:30" (the generator itself stays free of Django, see generator.py)."""

from __future__ import annotations

import re
from datetime import time

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tdconsole.core.money import format_number

from .generator import GeneratorError

FIELDS = {
    "stack": gettext_lazy("the starting stack"),
    "entries": gettext_lazy("the number of entries"),
    "level_minutes": gettext_lazy("the minutes of a level"),
    "target_minutes": gettext_lazy("the duration"),
    "target_seconds": gettext_lazy("the duration"),
    "extra_chips": gettext_lazy("the extra chips"),
    "chip": gettext_lazy("a chip value"),
    "break_every": gettext_lazy("the levels between breaks"),
    "break_minutes": gettext_lazy("the minutes of a break"),
    "position": gettext_lazy("the level being played"),
    "seconds_left": gettext_lazy("the time left in the level"),
    "total_chips": gettext_lazy("the chips in play"),
}
_HOURS = re.compile(r"(?P<h>[0-9]{1,3})(?:[.,](?P<frac>[0-9]{1,2})|[:h](?P<m>[0-9]{2}))?h?")
_TIME = re.compile(r"(?P<h>[0-9]{1,2})[:h](?P<m>[0-9]{2})")


def duration_text(minutes: int) -> str:
    """Minutes as staff say a duration: "6 h 05 min" ("6h05" in pt-BR), "45 min"."""
    hours, rest = divmod(max(0, int(minutes)), 60)
    if not hours:
        return _("%(minutes)d min") % {"minutes": rest}
    return _("%(hours)d h %(minutes)02d min") % {"hours": hours, "minutes": rest}


def generator_message(error: GeneratorError) -> str:
    """The refusal in the active language, its numbers formatted for it."""
    lang = get_language() or "pt-br"
    params: dict[str, object] = {}
    for key, value in error.params.items():
        if key == "minutes":
            params[key] = duration_text(int(value))
        elif key == "field":
            params[key] = str(FIELDS.get(str(value), value))
        elif isinstance(value, int):
            params[key] = format_number(value, lang)
        else:
            params[key] = value
    text = _(error.message) % params if params else _(error.message)
    return text[:1].upper() + text[1:]


def parse_hours(text: str | None) -> int | None:
    """A duration typed in hours ("6", "6,5", "6.5", "6:30", "6h30") as whole minutes; None if it is not one."""
    match = _HOURS.fullmatch((text or "").strip().lower())
    if not match:
        return None
    minutes = int(match["h"]) * 60
    if match["frac"]:
        minutes += round(int(match["frac"]) * 60 / 10 ** len(match["frac"]))
    elif match["m"]:
        if int(match["m"]) >= 60:
            return None
        minutes += int(match["m"])
    return minutes


def parse_time_of_day(text: str | None) -> time | None:
    """A time of day typed "19:30" or "19h30" (24-hour); None if it is not one."""
    match = _TIME.fullmatch((text or "").strip().lower())
    if not match:
        return None
    hour, minute = int(match["h"]), int(match["m"])
    if hour > 23 or minute > 59:
        return None
    return time(hour, minute)


def minutes_between(start: time, end: time) -> int:
    """Minutes from `start` to `end` (the next day when `end` is not after `start`)."""
    minutes = (end.hour * 60 + end.minute) - (start.hour * 60 + start.minute)
    return minutes if minutes > 0 else minutes + 24 * 60
