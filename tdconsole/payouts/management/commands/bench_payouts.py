"""Time the prize maths and the deal calculator, and print the figures with the machine they ran on.

ICM is timed both ways, exact and approximate (the numerical integration the deal
calculator uses past calc.EXACT_WORK_LIMIT), and the approximation's error against exact
ICM is measured on random 9- to 12-player tables (fixed seeds: the same figures each run).
The payout sheet PDF is timed by the printing app's `bench_printing`.
"""

import os
import platform
import random
import statistics
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
    help = "Benchmark payout tables, ICM and the deal calculator request."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=3)
        parser.add_argument("--seeds", type=int, default=400, help="random tables for the ICM accuracy check")

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
        self._icm(runs)
        self._icm_accuracy(opts["seeds"])
        self._deal_requests(max(runs, 5))

    def _icm(self, runs: int) -> None:
        """Exact against approximate, and which one the deal calculator picks."""
        rng = random.Random(2026)
        cases = [(9, 9), (12, 12), (14, 14), (20, 20), (26, 5), (26, 8), (26, 26), (calc.MAX_ICM_PLAYERS,) * 2]
        for players, paid in cases:
            stacks = [rng.randint(10_000, 3_000_000) for _ in range(players)]
            prizes = [Decimal(1000 * (paid + 1 - i)) for i in range(paid)]
            depth = calc.icm_pay(prizes, players)[2]
            work = calc.icm_exact_work(players, depth)
            try:
                desk = calc.icm_method_for(players, depth)
            except calc.CalcError:
                desk = "refused"

            def exact(s=stacks, p=prizes):
                return calc.icm_raw(s, p, calc.ICM_EXACT)

            # Exact past a second or so is not timed (the 26-player, 8-place walk took 6 s).
            if work <= 25_000_000:
                exact_time = f"{best_of(runs if work < 3_000_000 else 1, exact) * 1000:.1f} ms"
            else:
                exact_time = "not timed"
            approx = best_of(runs, lambda s=stacks, p=prizes: calc.icm_raw(s, p, calc.ICM_APPROXIMATE))
            self.stdout.write(
                f"ICM {players} players, {paid} places paid: exact {exact_time} ({work:,} steps), "
                f"approximate {approx * 1000:.1f} ms ({calc.icm_integral_nodes(stacks)} nodes); desk uses {desk}"
            )
        worst = [1, 1] + [calc.MAX_CHIPS] * (calc.MAX_ICM_PLAYERS - 2)
        prizes = [Decimal(1000 * (calc.MAX_ICM_PLAYERS - i)) for i in range(calc.MAX_ICM_PLAYERS)]
        seconds = best_of(runs, lambda: calc.icm_raw(worst, prizes, calc.ICM_APPROXIMATE))
        self.stdout.write(
            f"ICM {calc.MAX_ICM_PLAYERS} players, worst stacks for the integral (two of 1 chip, the rest 2^63-1): "
            f"approximate {seconds * 1000:.1f} ms ({calc.icm_integral_nodes(worst)} nodes)"
        )

    def _icm_accuracy(self, seeds: int) -> None:
        """Approximate against exact ICM: max and mean error, in money and as a share of the prizes."""
        errors, worst_share, worst_cents = [], 0.0, Decimal(0)
        for seed in range(seeds):
            rng = random.Random(seed)
            players = 9 + seed % 4
            stacks, prizes = accuracy_case(rng, players)
            exact = calc.icm_raw(stacks, prizes, calc.ICM_EXACT)
            approx = calc.icm_raw(stacks, prizes, calc.ICM_APPROXIMATE)
            diff = [abs(a - b) for a, b in zip(exact, approx, strict=True)]
            errors.extend(diff)
            worst_share = max(worst_share, max(diff) / float(sum(prizes)))
            cents = zip(calc.icm_equities(stacks, prizes, calc.ICM_EXACT),
                        calc.icm_equities(stacks, prizes, calc.ICM_APPROXIMATE), strict=True)
            worst_cents = max(worst_cents, max(abs(a - b) for a, b in cents))
        self.stdout.write(
            f"ICM approximate vs exact, {seeds} random tables of 9-12 players (prizes up to 1,000,000): "
            f"max error {max(errors):.2g}, mean {statistics.mean(errors):.2g} (money); "
            f"max {worst_share:.2g} of the prizes (stated bound {calc.APPROX_RELATIVE_ERROR}); "
            f"rounded to the cent, the largest difference is {worst_cents}"
        )

    def _deal_requests(self, runs: int) -> None:
        """The deal calculator's view, 26 players and eight places paid (the 6 s request), in a rolled-back
        transaction: the cost of one request, page and fragment, with its ICM method."""
        import datetime

        from django.contrib.auth.models import Group, User
        from django.db import transaction
        from django.test import RequestFactory
        from django_htmx.middleware import HtmxDetails

        from tdconsole.payouts import services, views
        from tdconsole.tournaments.models import Entry, Event, Festival, Player, Structure, Venue

        class Rollback(Exception):
            pass

        try:
            with transaction.atomic():
                user = User.objects.create_user("bench-deal-floor")
                user.groups.add(Group.objects.get_or_create(name="Floor")[0])
                venue = Venue.objects.create(name="bench-venue-deal")
                festival = Festival.objects.create(name="bench", slug="bench-deal-fest", venue=venue)
                structure = Structure.objects.create(name="bench", slug="bench-deal-s", is_template=False)
                event = Event.objects.create(
                    festival=festival, name="Bench deal", slug="bench-deal-event", date=datetime.date.today(),
                    buy_in_prize=Decimal("100"), buy_in_fee=Decimal("10"), starting_stack=20000,
                    structure=structure, status=Event.Status.RUNNING,
                )
                people = Player.objects.bulk_create([Player(festival=festival, name=f"P{i}") for i in range(60)])
                Entry.objects.bulk_create([
                    Entry(event=event, player=p, number=i + 1, status="alive" if i < 26 else "busted",
                          chips=10_000 + 7_919 * i if i < 26 else 0, place=None if i < 26 else i + 1)
                    for i, p in enumerate(people)
                ])
                services.payout_table_save(event=event, actor=user, amounts=[
                    Decimal(x) for x in ("2000", "1400", "900", "600", "400", "300", "250", "150")])
                data = {f"chips-{e.pk}": str(e.chips) for e in Entry.objects.filter(event=event, status="alive")}
                factory = RequestFactory()

                def post(htmx: bool) -> int:
                    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
                    request = factory.post(f"/events/{event.slug}/payouts/deal/", data | {"do": "calculate"},
                                           **extra)
                    request.user = user
                    request.htmx = HtmxDetails(request)
                    return views.deal_view(request, event.slug).status_code

                for htmx, label in ((False, "page"), (True, "htmx fragment")):
                    assert post(htmx) == 200
                    times = []
                    for _ in range(runs):
                        start = time.perf_counter()
                        post(htmx)
                        times.append(time.perf_counter() - start)
                    self.stdout.write(
                        f"deal calculator request, 26 players, 8 places paid ({label}): median "
                        f"{statistics.median(times) * 1000:.1f} ms, best {min(times) * 1000:.1f} ms, "
                        f"worst {max(times) * 1000:.1f} ms over {runs} requests (ICM "
                        f"{calc.icm_method_for(26, 8)})"
                    )
                raise Rollback
        except Rollback:
            pass


def accuracy_case(rng: random.Random, players: int) -> tuple[list[int], list[Decimal]]:
    """Random stacks (even, wild, up to 1e12 chips, tiny) and prizes (random, winner take all, a ladder)."""
    kind = rng.randrange(4)
    if kind == 0:
        stacks = [rng.randint(1_000, 3_000_000) for _ in range(players)]
    elif kind == 1:
        stacks = [rng.choice([1, 10**9, rng.randint(1, 10**9)]) for _ in range(players)]
    elif kind == 2:
        stacks = [int(10 ** rng.uniform(0, 12)) for _ in range(players)]
    else:
        stacks = [rng.randint(1, 100) for _ in range(players)]
    shape = rng.randrange(3)
    if shape == 0:
        prizes = sorted((Decimal(rng.randint(0, 10_000_000)) / 100 for _ in range(players)), reverse=True)
    elif shape == 1:
        prizes = [Decimal(1_000_000)] + [Decimal(0)] * (players - 1)
    else:
        paid = rng.randint(1, players)
        prizes = [Decimal(1000 * (paid + 1 - i)) for i in range(paid)]
    return stacks, prizes
