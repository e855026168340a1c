"""Build one of an event's printed documents straight to a file, without the web or Celery."""

import time

from django.core.management.base import BaseCommand, CommandError

from tdconsole.printing.documents import BUILDERS, build
from tdconsole.tournaments.models import Event


class Command(BaseCommand):
    help = "Render an event's payouts, seats, draw, results, receipts or deal sheet as a PDF."

    def add_arguments(self, parser):
        parser.add_argument("kind", choices=sorted(BUILDERS))
        parser.add_argument("--event", required=True, help="event slug")
        parser.add_argument("--out", required=True, help="path of the PDF to write")
        parser.add_argument("--lang", default="pt-br", choices=["pt-br", "en"])
        parser.add_argument("--format", dest="variant", default="a4", choices=["a4", "receipt"],
                            help="seat cards: an A4 sheet of cards or 80 mm receipt slips")

    def handle(self, *args, **opts):
        event = Event.objects.select_related("festival").filter(slug=opts["event"]).first()
        if event is None:
            raise CommandError(f"no event with slug {opts['event']!r}")
        start = time.perf_counter()
        build(opts["kind"], event, opts["out"], opts["lang"], variant=opts["variant"])
        elapsed = time.perf_counter() - start
        self.stdout.write(f"{opts['out']} ({opts['kind']}, {opts['lang']}) in {elapsed:.2f} s")
