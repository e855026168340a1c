"""`python manage.py event_links SLUG`: the event's public URLs, for printing or QR codes."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tdconsole.tournaments.models import Event
from tdconsole.tournaments.public import public_url

# The players' live page is the live app's (above the clock); it is named here by its URL only.
LINKS = (("screen", "clock:screen"), ("feed", "clock:feed"), ("seats", "seating:seat_lookup"), ("live", "live:page"))


class Command(BaseCommand):
    help = "Print the event's public links (screen, feed, seats, live page), one per line."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug")
        parser.add_argument(
            "--base-url", default="",
            help="where players reach the site, e.g. http://192.168.0.10:8000 (default: TDCONSOLE_PUBLIC_URL)",
        )

    def handle(self, *args, slug: str, base_url: str, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"no event with slug {slug!r}")
        base = (base_url or settings.PUBLIC_BASE_URL).rstrip("/")
        if base and not base.startswith(("http://", "https://")):
            raise CommandError(f"the base URL must start with http:// or https:// (got {base!r})")
        if not base:
            self.stderr.write(
                "No TDCONSOLE_PUBLIC_URL is set: these are paths. Put the address players reach the site on "
                "in front, or pass it: --base-url http://192.168.0.10:8000"
            )
        for label, url_name in LINKS:
            self.stdout.write(f"{label}: {public_url(event, url_name, base_url=base)}")
