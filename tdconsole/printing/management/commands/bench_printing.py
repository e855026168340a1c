"""Time the payout sheet of a large field and print the figure with the machine it ran on.

The event, its entries and its payout table are built inside a transaction that is rolled back,
so the database is left as it was.
"""

import datetime
import io
import os
import platform
import time
from decimal import Decimal

from django.core.management.base import BaseCommand
from django.db import transaction

from tdconsole.payouts import calc
from tdconsole.payouts.models import PayoutPlace, PayoutTable
from tdconsole.printing.documents import build_payouts
from tdconsole.tournaments.models import Entry, Event, Festival, Player, Structure, Venue


class Rollback(Exception):
    pass


def best_of(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


class Command(BaseCommand):
    help = "Benchmark the payout sheet PDF of a 10,000-entry event (rolled back: changes nothing)."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=3)
        parser.add_argument("--entries", type=int, default=10_000)

    def handle(self, *args, **opts):
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        self.stdout.write(
            f"machine: {platform.node()} {platform.machine()} {os.cpu_count()} CPUs, "
            f"Python {platform.python_version()}, load {load:.2f} (shared machine: figures read high under load)"
        )
        entries = opts["entries"]
        seconds, places = self._sheet_seconds(opts["runs"], entries)
        self.stdout.write(f"payout sheet PDF {entries:,} entries ({places:,} places): {seconds:.2f} s")

    def _sheet_seconds(self, runs: int, entries: int) -> tuple[float, int]:
        """Build the sheet for a throwaway event inside a rolled-back transaction."""
        result = {}
        try:
            with transaction.atomic():
                venue = Venue.objects.create(name="bench-venue-payouts")
                festival = Festival.objects.create(name="bench", slug="bench-payouts-fest", venue=venue)
                structure = Structure.objects.create(name="bench", slug="bench-payouts-s", is_template=False)
                event = Event.objects.create(
                    festival=festival, name="Bench Main Event", slug="bench-payouts-event",
                    date=datetime.date.today(), buy_in_prize=Decimal("100"), buy_in_fee=Decimal("10"),
                    starting_stack=20000, structure=structure,
                )
                players = Player.objects.bulk_create(
                    [Player(festival=festival, name=f"P{i}") for i in range(entries)], batch_size=2000
                )
                Entry.objects.bulk_create(
                    [Entry(event=event, player=p, number=i + 1) for i, p in enumerate(players)], batch_size=2000
                )
                pool = Decimal(entries * 100)
                amounts = calc.payout_table(entries=entries, prize_pool=pool, buy_in=Decimal("110"))
                table = PayoutTable.objects.create(event=event, prize_pool=pool, entries=entries)
                PayoutPlace.objects.bulk_create(
                    [PayoutPlace(table=table, place=i, amount=a) for i, a in enumerate(amounts, start=1)]
                )
                result["seconds"] = best_of(runs, lambda: build_payouts(event, io.BytesIO(), "pt-br"))
                result["places"] = len(amounts)
                raise Rollback
        except Rollback:
            pass
        return result["seconds"], result["places"]
