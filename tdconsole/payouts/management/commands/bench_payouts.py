"""Time the prize maths and the payout sheet, and print the figures with the machine they ran on."""

import io
import os
import platform
import random
import time
from decimal import Decimal

from django.core.management.base import BaseCommand

from tdconsole.payouts import calc


def best_of(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


class Command(BaseCommand):
    help = "Benchmark payout tables, ICM and the 10,000-entry payout sheet."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=3)

    def handle(self, *args, **opts):
        runs = opts["runs"]
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        self.stdout.write(
            f"machine: {platform.node()} {platform.machine()} {os.cpu_count()} CPUs, "
            f"Python {platform.python_version()}, load {load:.2f} (shared machine: figures read high under load)"
        )
        for entries in (10_000, 20_000):
            pool = Decimal(entries * 100)

            def table(entries=entries, pool=pool):
                return calc.payout_table(entries=entries, prize_pool=pool, buy_in=Decimal("110"))

            seconds = best_of(runs, table)
            self.stdout.write(f"payout table {entries:,} entries ({len(table())} places): {seconds * 1000:.1f} ms")
        rng = random.Random(2026)
        for players in (9, 20):
            stacks = [rng.randint(10_000, 3_000_000) for _ in range(players)]
            prizes = [Decimal(1000 * (players + 1 - i)) for i in range(players)]
            seconds = best_of(runs, lambda stacks=stacks, prizes=prizes: calc.icm_equities(stacks, prizes))
            self.stdout.write(f"ICM {players} players, {players} places paid: {seconds * 1000:.1f} ms")
        self.stdout.write(f"payout sheet PDF 10,000 entries: {self._sheet_seconds(runs):.2f} s")

    def _sheet_seconds(self, runs: int) -> float:
        """Build the sheet for a throwaway 10,000-entry event inside a rolled-back transaction."""
        import datetime

        from django.db import transaction

        from tdconsole.payouts.models import PayoutPlace, PayoutTable
        from tdconsole.printing.documents import build_payouts
        from tdconsole.tournaments.models import Entry, Event, Festival, Player, Structure, Venue

        class Rollback(Exception):
            pass

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
                    [Player(festival=festival, name=f"P{i}") for i in range(10_000)], batch_size=2000
                )
                Entry.objects.bulk_create(
                    [Entry(event=event, player=p, number=i + 1) for i, p in enumerate(players)], batch_size=2000
                )
                amounts = calc.payout_table(entries=10_000, prize_pool=Decimal("1000000"), buy_in=Decimal("110"))
                table = PayoutTable.objects.create(event=event, prize_pool=Decimal("1000000"), entries=10_000)
                PayoutPlace.objects.bulk_create(
                    [PayoutPlace(table=table, place=i, amount=a) for i, a in enumerate(amounts, start=1)]
                )
                result["seconds"] = best_of(runs, lambda: build_payouts(event, io.BytesIO(), "pt-br"))
                raise Rollback
        except Rollback:
            pass
        return result["seconds"]
