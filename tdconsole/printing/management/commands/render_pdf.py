"""Build one of an event's printed documents straight to a file, without the web or Celery."""

import time

from django.core.management.base import BaseCommand, CommandError

from tdconsole.printing.documents import BUILDERS, build
from tdconsole.printing.exceptions import PrintingError
from tdconsole.tournaments.models import Event


class Command(BaseCommand):
    help = ("Render one of an event's printed documents as a PDF: payouts, receipts, seats (seat cards), "
            "draw (table draw), results, deal (deal sheet) or moves (move slips of a table break).")

    def add_arguments(self, parser):
        parser.add_argument("kind", choices=sorted(BUILDERS))
        parser.add_argument("--event", required=True, help="event slug")
        parser.add_argument("--out", required=True, help="path of the PDF to write")
        parser.add_argument("--lang", default="pt-br", choices=["pt-br", "en"])
        parser.add_argument("--format", dest="variant", default="a4", choices=["a4", "receipt"],
                            help="seat cards and move slips: an A4 sheet or 80 mm receipt slips")
        parser.add_argument("--break", dest="draw", type=int, default=None,
                            help="move slips: the id of the table break's draw (default: the latest break)")

    def handle(self, *args, **opts):
        event = Event.objects.select_related("festival").filter(slug=opts["event"]).first()
        if event is None:
            raise CommandError(f"no event with slug {opts['event']!r}")
        variant = opts["variant"]
        if opts["draw"] is not None:
            if opts["kind"] != "moves":
                raise CommandError("--break only applies to move slips (moves)")
            variant = f"{variant}-{opts['draw']}"
        start = time.perf_counter()
        try:
            build(opts["kind"], event, opts["out"], opts["lang"], variant=variant)
        except PrintingError as refusal:
            raise CommandError(str(refusal)) from refusal
        elapsed = time.perf_counter() - start
        self.stdout.write(f"{opts['out']} ({opts['kind']}, {opts['lang']}) in {elapsed:.2f} s")
