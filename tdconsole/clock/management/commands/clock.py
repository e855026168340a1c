"""`python manage.py clock SLUG start|pause|resume|status`: the desk's clock from a terminal."""

from django.core.management.base import BaseCommand, CommandError

from tdconsole.clock import services
from tdconsole.clock.exceptions import ClockError
from tdconsole.clock.selectors import clock_snapshot
from tdconsole.core.durations import clock_text
from tdconsole.tournaments.models import Event

ACTIONS = {
    "start": services.clock_start,
    "pause": services.clock_pause,
    "resume": services.clock_resume,
}


def status_lines(snapshot: dict) -> list[str]:
    """The clock's state as plain `key: value` lines (stable, for scripts)."""
    level = snapshot["level"]
    following = snapshot["next_level"]

    def describe(info: dict | None) -> str:
        if info is None:
            return "-"
        if info["is_break"]:
            return f"{info['number']} break {info['duration_seconds'] // 60} min"
        return f"{info['number']} {info['small_blind']}/{info['big_blind']} ante {info['ante']}"

    left = snapshot["seconds_left"] or 0
    return [
        f"event: {snapshot['event']}",
        f"status: {snapshot['status']}",
        f"level: {describe(level)}",
        f"time_left: {clock_text(left)}",
        f"level_ends_at: {snapshot['level_ends_at'] or '-'}",
        f"next_level: {describe(following)}",
        f"players_left: {snapshot['players_left']}/{snapshot['entries']}",
    ]


class Command(BaseCommand):
    help = "Start, pause or resume an event's clock, or print its state (the same services as the desk)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug")
        parser.add_argument("action", choices=[*ACTIONS, "status"])

    def handle(self, *args, slug: str, action: str, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"no event with slug {slug!r}")
        if action in ACTIONS:
            try:
                ACTIONS[action](event=event, actor="manage.py clock")
            except ClockError as exc:
                raise CommandError(str(exc)) from exc
        for line in status_lines(clock_snapshot(event=event)):
            self.stdout.write(line)
