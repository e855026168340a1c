"""Send again the documents the print service never got, lost, or dropped with a dead worker."""

import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from tdconsole.printing.services import documents_resend


class Command(BaseCommand):
    help = (
        "Send again every pending document that is due: asked while the broker was down, queued "
        "for more than a minute, or claimed by a worker that died. Run it every minute (cron or a "
        "systemd timer), or once with --every SECONDS to keep running beside the Celery worker."
    )

    def add_arguments(self, parser):
        parser.add_argument("--every", type=float, default=0, metavar="SECONDS",
                            help="keep running, sending due documents every SECONDS (0: once and exit)")

    def handle(self, *args, **opts):
        every = max(0.0, opts["every"])
        while True:
            sent, failed = documents_resend()
            if sent or failed or opts["verbosity"] > 1:
                self.stdout.write(f"printing_resend: {sent} sent, {failed} not sent (broker unreachable)")
            if not every:
                return
            time.sleep(every)
            close_old_connections()  # a long-running loop must not keep a connection the database dropped
