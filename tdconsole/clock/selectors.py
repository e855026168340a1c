"""Reads of the blind clock: the current level, and everything a screen or the feed shows."""

from __future__ import annotations

import logging
import math
from collections import defaultdict
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q
from django.utils import timezone
from redis.exceptions import RedisError

from tdconsole.cashier.models import MoneyRules
from tdconsole.cashier.rules import money_rules_of
from tdconsole.cashier.selectors import pool_extras
from tdconsole.core.durations import whole_seconds
from tdconsole.tournaments.models import Chip, Event, Level
from tdconsole.tournaments.registration import OPEN_FOR_ENTRIES
from tdconsole.tournaments.selectors import event_field_summary
from tdconsole.tournaments.structures import chips_in_play

from .maths import ZERO, ClockTimes, Reading, Step, read
from .models import ClockState, ScreenMessage
from .stops import day_plan, day_plans, day_stop

logger = logging.getLogger(__name__)


def clock_structure(*, event: Event) -> list[Level]:
    """The event's levels and breaks, in order (one query), each with its level `number`."""
    return number_levels(list(Level.objects.filter(structure_id=event.structure_id).order_by("position")))


def number_levels(levels: list[Level]) -> list[Level]:
    """Give each step the number staff call it by: blind levels count 1, 2, 3...; breaks do not.

    A break carries the number of the level it follows, so "the break after level 4" is 4.
    """
    number = 0
    for level in levels:
        if not level.is_break:
            number += 1
        level.number = number
    return levels


def close_position(levels: list[Level], level_number: int | None) -> int | None:
    """The structure position of blind level `level_number` (the last level if the structure is shorter)."""
    if level_number is None:
        return None
    blind = [lv.position for lv in levels if not lv.is_break]
    if not blind:
        return None
    return blind[min(level_number, len(blind)) - 1]


def steps_of(levels: list[Level]) -> list[Step]:
    return [Step(position=lv.position, seconds=lv.minutes * 60, is_break=lv.is_break) for lv in levels]


def clock_times(*, event: Event) -> ClockTimes:
    """The stored state of the event's clock; a never-started clock if it has no row yet."""
    try:
        # get() on the unique key compiles a lighter query than filter().first(); this runs on every poll.
        return ClockState.objects.get(event_id=event.pk).times()
    except ClockState.DoesNotExist:
        return ClockTimes()


def clock_row(*, event: Event) -> tuple[ClockTimes, bool]:
    """The stored clock and whether the screen shows the live page's QR code (one query)."""
    try:
        state = ClockState.objects.get(event_id=event.pk)
    except ClockState.DoesNotExist:
        return ClockTimes(), False
    return state.times(), state.show_live_qr


def clock_reading(*, event: Event, now: datetime | None = None) -> tuple[list[Level], Reading]:
    """The structure and what the clock shows at `now` (two queries)."""
    levels = clock_structure(event=event)
    times = clock_times(event=event)
    stop = day_stop(levels, day_plan(event_id=event.pk)) if times.is_started else None
    return levels, read(steps_of(levels), times, now or timezone.now(), stop)


def clocks_on_screens(*, now: datetime | None = None, limit: int = 100) -> list[dict]:
    """The events whose clock a room may be showing (running, or a clock started; never finished),
    each with what its clock shows at `now` and the level's number: {"event", "reading", "level_number"}.

    A flight (any event) stopped at the end of its day reads as the screen reads it: `day_over`, time left
    the day's (0 at a level's end). Three queries however many events: the events with their festival and
    clock row, all their levels, and the open days of the clocks started.
    """
    events = list(
        Event.objects.filter(Q(status=Event.Status.RUNNING) | Q(clock__level_started_at__isnull=False))
        .exclude(status=Event.Status.FINISHED)
        .select_related("festival", "clock")
        .order_by("date", "name")
        .distinct()[:limit]
    )
    structures: dict[int | None, list[Level]] = defaultdict(list)
    for level in Level.objects.filter(structure_id__in={e.structure_id for e in events}).order_by("position"):
        structures[level.structure_id].append(level)
    now = now or timezone.now()
    clocks: dict[int, ClockTimes] = {}
    for event in events:
        try:
            clocks[event.pk] = event.clock.times()
        except ClockState.DoesNotExist:
            clocks[event.pk] = ClockTimes()
    # As on the screen (clock_reading): only a clock that has started has a day to end.
    plans = day_plans(event_ids=[pk for pk, times in clocks.items() if times.is_started])
    rows = []
    for event in events:
        levels = number_levels(structures[event.structure_id])
        times = clocks[event.pk]
        plan = plans.get(event.pk)
        reading = read(steps_of(levels), times, now, day_stop(levels, plan))
        numbers = {lv.position: lv.number for lv in levels}
        rows.append({"event": event, "reading": reading, "level_number": numbers.get(reading.position),
                     "day": plan})
    return rows


def clock_level_now(*, event: Event) -> int | None:
    """The structure position of the level (or break) being played now; None before the start."""
    levels, reading = clock_reading(event=event)
    return reading.position


def registration_clock_level(*, event: Event) -> int | None:
    """The clock's level position for the registration services (`level_position`: late registration
    closes when the clock passes its level), read only while the event may still take entries.

    Once registration is closed, or the event takes no entries, no service needs it: None then,
    and the two reads are saved (every bust of the evening after the close).
    """
    if event.status not in OPEN_FOR_ENTRIES or event.registration_closed_at is not None:
        return None
    return clock_level_now(event=event)


def level_info(level: Level | None) -> dict | None:
    """A level as the feed shows it."""
    if level is None:
        return None
    return {
        "number": getattr(level, "number", level.position),
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "is_break": level.is_break,
        "duration_seconds": level.minutes * 60,
    }


# The parts of a snapshot that change slowly (the structure, the field, the prize summary) are
# kept in Django's cache for CLOCK_CACHE_SECONDS: hundreds of screens poll every second, and with
# a Redis cache every app instance shares them. The clock row itself is always read fresh, so a
# desk control shows at once on every screen, whichever instance serves it.
def _cache_seconds() -> int:
    """Whole seconds (Redis keeps no less); 0 turns the cache off."""
    return math.ceil(float(getattr(settings, "CLOCK_CACHE_SECONDS", 1.0)))


def _slow_parts_key(event: Event) -> str:
    return f"clock:slow:{event.pk}"


def _cached(key: str, compute):
    """`compute()`, kept under `key` for CLOCK_CACHE_SECONDS (a cache that is down only costs queries)."""
    ttl = _cache_seconds()
    if ttl > 0:
        try:
            found = cache.get(key)
        except RedisError:
            # A cache that is down costs a few queries, never the screen.
            logger.warning("clock cache unreachable; reading the database", exc_info=True)
            found = None
        if found is not None:
            return found
    value = compute()
    if ttl > 0:
        try:
            cache.set(key, value, ttl)
        except RedisError:
            logger.warning("clock cache unreachable; not kept", exc_info=True)
    return value


# A chip as the screen shows it: (value, colour name, colour code #rrggbb).
ChipLook = tuple[int, str, str]


def event_chips(*, event: Event) -> list[ChipLook]:
    """The chips of the event's chip set, smallest first (one query; none and no query without a set)."""
    if event.chip_set_id is None:
        return []
    return list(Chip.objects.filter(chip_set_id=event.chip_set_id).order_by("value")
                .values_list("value", "colour", "colour_hex"))


def attach_chips(levels: list[Level], chips: list[ChipLook]) -> list[Level]:
    """Give each step `chips`, the chips on the tables while it is played (smallest first; a colour-up
    break already plays without its chip), and `removed_chip`, the chip a colour-up break takes off
    (None elsewhere, or when the set has no such chip). Without chips every step gets () and None."""
    looks = {chip[0]: chip for chip in chips}
    rows = chips_in_play(levels, looks) if looks else [()] * len(levels)
    for level, row in zip(levels, rows, strict=True):
        level.chips = tuple(looks[value] for value in row)
        level.removed_chip = looks.get(level.color_up) if level.is_break and level.color_up else None
    return levels


def clock_slow_parts(*, event: Event) -> tuple[list[Level], dict, dict]:
    """The structure (each step with its chips in play, see `attach_chips`), the field summary and the
    prize summary (cached briefly, shared by instances)."""
    from tdconsole.payouts.selectors import event_prize_summary

    def compute() -> tuple[list[Level], dict, dict]:
        levels = attach_chips(clock_structure(event=event), event_chips(event=event))
        if event.parent_id is None:
            prizes = event_prize_summary(event=event)
            return levels, prizes["field"], prizes
        return levels, *flight_field_and_prizes(event=event)

    return _cached(_slow_parts_key(event), compute)


def flight_field_and_prizes(*, event: Event) -> tuple[dict, dict]:
    """A flight's clock: the prize summary of the whole tournament (the main event's: one pool, every
    flight's entries) and the flight's own field (players left, chips in play, average stack), whose
    `entries` are the tournament's too, the flight's own in `flight_entries`; both carry the main event's
    name in `all_flights` so the screen labels them. Four queries more than an ordinary event's."""
    from tdconsole.payouts.selectors import event_prize_summary

    main = Event.objects.get(pk=event.parent_id)
    prizes = event_prize_summary(event=main) | {"all_flights": main.name}
    own = event_field_summary(event=event, addon_chips=pool_extras(event=event).chips)
    field = own | {"entries": prizes["entries"], "flight_entries": own["entries"], "all_flights": main.name}
    return field, prizes


def clock_cache_forget(*, event: Event) -> None:
    """Drop the event's cached slow parts, so its screens and feed show a changed structure at their
    next poll (call it once the change has committed: a poll between the two would keep the old one)."""
    try:
        cache.delete(_slow_parts_key(event))
    except RedisError:
        # Unreachable: the copy there is gone within CLOCK_CACHE_SECONDS anyway.
        logger.warning("clock cache unreachable; not forgotten", exc_info=True)


def money_rules_key(event_id: int) -> str:
    return f"clock:money:{event_id}"


def screen_money_rules(*, event: Event) -> MoneyRules:
    """The event's money rules for the screen's lines (one query, cached like the slow parts: a change
    shows within CLOCK_CACHE_SECONDS)."""
    return _cached(money_rules_key(event.pk), lambda: money_rules_of(event=event))


def messages_key(event_id: int) -> str:
    return f"clock:messages:{event_id}"


def screen_messages(*, event: Event) -> list[ScreenMessage]:
    """The event's screen messages as the desk lists them, shown or not (one query)."""
    return list(ScreenMessage.objects.filter(event_id=event.pk).order_by("position", "id"))


def screen_message_texts(*, event: Event) -> list[str]:
    """The texts the screen rotates through, in order (one query, cached like the slow parts;
    the desk's changes drop the cached copy, so they show at the next poll)."""
    def compute() -> list[str]:
        return list(ScreenMessage.objects.filter(event_id=event.pk, active=True)
                    .order_by("position", "id").values_list("text", flat=True))

    # A list, never None, so an event without messages is cached too ([] is falsy, hence the tuple).
    return list(_cached(messages_key(event.pk), lambda: (compute(),))[0])


def late_registration_left(*, event: Event, levels: list[Level], reading: Reading) -> timedelta | None:
    """Playing time until late registration closes (the end of level `late_registration_level`).

    None when there is nothing to count down: no late registration, the event takes no entries,
    registration was closed by hand, or the clock has passed the closing level. Before the start it is
    the whole time up to the close (the screen shows it standing still, like the level clock).
    """
    if (event.late_registration_level is None or event.status not in OPEN_FOR_ENTRIES
            or event.registration_closed_at is not None):
        return None
    close = close_position(levels, event.late_registration_level)
    if close is None:
        return None
    if reading.index is None:
        return sum((timedelta(minutes=lv.minutes) for lv in levels if lv.position <= close), ZERO)
    if reading.finished or reading.position is None or reading.position > close:
        return None
    ahead = levels[reading.index + 1:]
    return reading.seconds_left + sum((timedelta(minutes=lv.minutes) for lv in ahead if lv.position <= close), ZERO)


# How many finishers the screen of a finished event lists (a final table).
RESULTS_SHOWN = 9


def event_results(*, event: Event, limit: int = RESULTS_SHOWN) -> list:
    """The best `limit` finishers with what each receives (payouts' awards), first place first.

    A constant number of queries whatever the field: the payout amounts, the placed entries, the deal.
    """
    from tdconsole.payouts.selectors import event_awards

    return event_awards(event=event)[:limit]


def clock_snapshot(*, event: Event, now: datetime | None = None) -> dict:
    """Everything the feed and the screen show, in a constant number of queries.

    Returns the feed's fields plus the model objects the screen needs (`levels`,
    `reading`, `current`, `following`, `prizes`, `field`).
    """
    now = now or timezone.now()
    levels, field, prizes = clock_slow_parts(event=event)
    times, live_qr = clock_row(event=event)
    # The day's plan is read only once the clock runs: a clock not started has no day to end.
    plan = day_plan(event_id=event.pk) if times.is_started else None
    stop = day_stop(levels, plan)
    reading = read(steps_of(levels), times, now, stop)
    index = reading.index if reading.index is not None else (0 if levels else None)
    current = levels[index] if index is not None else None
    next_index = reading.next_index if reading.index is not None else (1 if len(levels) > 1 else None)
    following = levels[next_index] if next_index is not None else None
    return {
        "event": event.name,
        "status": reading.status,
        "level": level_info(current),
        "next_level": level_info(following),
        "seconds_left": whole_seconds(reading.seconds_left),
        "level_ends_at": reading.level_ends_at.isoformat() if reading.level_ends_at else None,
        "server_time": now.isoformat(),
        "players_left": field["players_left"],
        "entries": field["entries"],
        # As the chips-in-play page counts them (tournaments.selectors.event_field_summary): a starting
        # stack per entry and the chips sold at the cash desk, read with the prize summary.
        "chips_in_play": field["total_chips"],
        "average_stack": field["average_stack"],
        "prize_pool": str(prizes["prize_pool"]),
        "places_paid": prizes["places_paid"],
        # A flight's clock: entries and the prize pool above are the whole tournament's (one pool, every
        # flight's entries), named by the main event; the flight's own entries beside them.
        "all_flights": field.get("all_flights"),
        "flight_entries": field.get("flight_entries"),
        # Not part of the feed: what the screen needs besides.
        "_extra": {
            "levels": levels, "reading": reading, "index": index, "current": current,
            "following": following, "field": field, "prizes": prizes, "now": now,
            "live_qr": live_qr, "day": plan, "stop": stop,
        },
    }
