"""`python manage.py event_links SLUG`: the event's public URLs, for printing or QR codes."""

from django.core.management.base import BaseCommand, CommandError

from tdconsole.core.public import public_url
from tdconsole.tournaments.models import Event

LINKS = (("screen", "clock:screen"), ("feed", "clock:feed"), ("seats", "seating:seat_lookup"))


class Command(BaseCommand):
    help = "Print the event's public links (screen, feed, seats), one per line."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug")

    def handle(self, *args, slug: str, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"no event with slug {slug!r}")
        for label, url_name in LINKS:
            self.stdout.write(f"{label}: {public_url(event, url_name)}")
