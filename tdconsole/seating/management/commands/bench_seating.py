"""Time the initial seat draw of a large field, then roll everything back."""

import datetime
import json
import os
import platform
import time
from decimal import Decimal

from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tdconsole.seating.selectors import balance_moves_suggest
from tdconsole.seating.services import balance_moves_apply, seats_draw_initial, table_break, tables_assign
from tdconsole.tournaments.models import Entry, Event, Festival, Player, Structure, Table, Venue


class Rollback(Exception):
    pass


class Command(BaseCommand):
    help = "Measure the seat draw of N entries (default 10,000) on the configured database; changes nothing."

    def add_arguments(self, parser):
        parser.add_argument("--entries", type=int, default=10_000)
        parser.add_argument("--seats-per-table", type=int, default=9)
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args, **options):
        n = options["entries"]
        seats = options["seats_per_table"]
        result = {}
        try:
            with transaction.atomic():
                result = self._run(n, seats)
                raise Rollback
        except Rollback:
            pass
        result.update({
            "entries": n,
            "database": connection.vendor,
            "machine": f"{platform.machine()} {os.cpu_count()} cpu, Python {platform.python_version()}",
        })
        if options["json"]:
            self.stdout.write(json.dumps(result))
            return
        self.stdout.write(
            f"seat draw of {n} entries on {connection.vendor}: {result['draw_seconds']:.3f} s "
            f"({result['draw_queries']} queries); break of one table: {result['break_seconds']:.3f} s; "
            f"balance apply: {result['balance_seconds']:.3f} s [{result['machine']}]"
        )

    def _run(self, n: int, seats: int) -> dict:
        tag = f"bench-{time.time_ns()}"
        venue = Venue.objects.create(name=tag)
        tables = -(-n // seats) + 2
        Table.objects.bulk_create([Table(venue=venue, number=i, seats=seats) for i in range(1, tables + 1)])
        festival = Festival.objects.create(name=tag, slug=tag, venue=venue)
        structure = Structure.objects.create(name=tag, slug=tag, is_template=False)
        event = Event.objects.create(
            festival=festival, name=tag, slug=tag, date=datetime.date.today(), buy_in_prize=Decimal("100"),
            starting_stack=10_000, seats_per_table=seats, structure=structure, status=Event.Status.RUNNING,
        )
        Player.objects.bulk_create([Player(festival=festival, name=f"P{i}") for i in range(n)], batch_size=1000)
        players = list(Player.objects.filter(festival=festival).order_by("id").values_list("id", flat=True))
        Entry.objects.bulk_create(
            [Entry(event=event, player_id=p, number=i) for i, p in enumerate(players, start=1)], batch_size=1000
        )
        tables_assign(event=event, numbers=list(range(1, tables + 1)), actor=None)
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            draw = seats_draw_initial(event=event, actor=None)
            draw_seconds = time.perf_counter() - start
        assert len(draw.assignments) == n
        in_play = sorted({row[2] for row in draw.assignments})
        # Bust a few players at the table that breaks last, then balance and break.
        Entry.objects.filter(event=event, table__number=in_play[0], seat__lte=3).update(
            status=Entry.Status.BUSTED, table=None, seat=None
        )
        plan = balance_moves_suggest(event=event, buttons={t: 1 for t in in_play})
        start = time.perf_counter()
        if plan.moves:
            balance_moves_apply(event=event, moves=plan.moves, actor=None)
        balance_seconds = time.perf_counter() - start
        first = Table.objects.filter(event=event, entries__isnull=False).order_by("break_order").first()
        # A small field may have no room for the breaking table's players: bust at the other tables until
        # they fit (a large field always has it, the draw leaves two tables' worth of seats).
        others = Table.objects.filter(event=event, entries__isnull=False).exclude(pk=first.pk).distinct()
        room = sum(t.seats for t in others) - Entry.objects.filter(table__in=others).count()
        over = Entry.objects.filter(table=first).count() - room
        if over > 0:
            extra = list(Entry.objects.filter(table__in=others).order_by("-seat", "pk")
                         .values_list("pk", flat=True)[:over])
            Entry.objects.filter(pk__in=extra).update(status=Entry.Status.BUSTED, table=None, seat=None)
        start = time.perf_counter()
        table_break(event=event, table_number=first.number, actor=None)
        break_seconds = time.perf_counter() - start
        return {
            "draw_seconds": round(draw_seconds, 3),
            "draw_queries": len(ctx.captured_queries),
            "balance_moves": len(plan.moves),
            "balance_seconds": round(balance_seconds, 3),
            "break_seconds": round(break_seconds, 3),
        }
