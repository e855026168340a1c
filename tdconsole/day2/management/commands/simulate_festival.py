"""simulate_festival: a festival in flights played through the desk's services, with its invariants."""

import json

from django.core.management.base import BaseCommand, CommandError

from tdconsole.day2.simulation import FestivalSimulation


class Command(BaseCommand):
    help = ("Play a festival: starting flights down to their survivors, the end of each day (every bag counted), "
            "the merge, the Day 2 redraw and Day 2 down to a winner, each operation committed as at the desk; "
            "prints the figures and the invariants checked.")

    def add_arguments(self, parser):
        parser.add_argument("--flights", type=int, default=4)
        parser.add_argument("--entries", type=int, default=1000, help="entries across all flights")
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--survivors", type=float, default=0.2, help="share of each flight's entries that bag")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")

    def handle(self, *args, **opts):
        if not 0 < opts["survivors"] < 1:
            raise CommandError("--survivors is a share between 0 and 1 (0.2: one entry in five bags)")
        try:
            sim = FestivalSimulation(flights=opts["flights"], entries=opts["entries"], seed=opts["seed"],
                                     survivors_share=opts["survivors"])
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        report = sim.run()
        if opts["json"]:
            self.stdout.write(json.dumps(report, indent=2))
        else:
            s = report["seconds"]
            self.stdout.write(
                f"{report['entries']} entries in {len(report['flights'])} flights, {report['survivors']} through to "
                f"Day 2, winner {report['winner']}; invariants {'ok' if report['invariants']['ok'] else 'FAILED'}\n"
                f"seconds: flights {s['flights']}, bagging {s['bagging']}, merge {s['merge']}, redraw {s['redraw']}, "
                f"day2 {s['day2']}, total {s['total']}; queries per elimination p50 "
                f"{report['queries_per_elimination']['p50']}, p95 {report['queries_per_elimination']['p95']}")
            for failure in report["invariants"]["failures"]:
                self.stderr.write(f"  {failure}")
        if not report["invariants"]["ok"]:
            raise CommandError("invariants failed")
