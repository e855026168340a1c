import json

from django.core.management.base import BaseCommand, CommandError

from tdconsole.seating.simulation import MoneyOptions, Simulation


class Command(BaseCommand):
    help = (
        "Run a fresh event end to end through the desk's services (registrations, re-entries, seat draw, "
        "eliminations, balancing, breaking, final table) and report timings, queries and invariants; with "
        "--rebuys, --addons, --bounty or --deal, a club night's money too, balanced to the cent."
    )

    def add_arguments(self, parser):
        parser.add_argument("--entries", type=int, required=True, help="Entries in the field, re-entries included.")
        parser.add_argument("--seats-per-table", type=int, default=9)
        parser.add_argument("--reentry-rate", type=float, default=0.2,
                            help="Chance that a player busted during late registration re-enters (0 = freezeout).")
        parser.add_argument("--seed", type=int, default=None, help="Seed of the simulated floor's choices.")
        parser.add_argument("--keep", action="store_true", help="Keep the simulated event in the database.")
        parser.add_argument("--commit-each", action="store_true",
                            help="Commit every operation as the desk does (implies --keep; use a throwaway "
                                 "database). Without it the run is one transaction, which PostgreSQL cannot "
                                 "vacuum as it goes.")
        parser.add_argument("--rebuys", action="store_true",
                            help="Rebuys until level 4 at or below the starting stack, 3 a player, double allowed.")
        parser.add_argument("--addons", action="store_true",
                            help="The add-on and the staff add-on, sold at the break after level 4.")
        parser.add_argument("--bounty", choices=["pko", "fixed"], default=None,
                            help="A bounty on every entry (and rebuy): progressive knockout (50%% cash, R$ 5 bills) "
                                 "or fixed.")
        parser.add_argument("--deal", action="store_true", help="The last three players make an ICM deal.")
        parser.add_argument("--json", action="store_true", help="Print one JSON object (the default is a summary).")

    def handle(self, *args, **options):
        if options["entries"] < 2:
            raise CommandError("--entries must be at least 2")
        if not 2 <= options["seats_per_table"] <= 10:
            raise CommandError("--seats-per-table must be between 2 and 10")
        simulation = Simulation(entries=options["entries"], seats_per_table=options["seats_per_table"],
                                reentry_rate=options["reentry_rate"], seed=options["seed"], keep=options["keep"],
                                commit_each=options["commit_each"],
                                money=MoneyOptions(rebuys=options["rebuys"], addons=options["addons"],
                                                   bounty=options["bounty"], deal=options["deal"]))
        result = simulation.run().as_dict()
        result["seed"] = simulation.seed
        if options["json"]:
            self.stdout.write(json.dumps(result))
            return
        q = result["queries_per_elimination"]
        self.stdout.write(
            f"{result['entries']} entries ({result['reentries']} re-entries), {result['eliminations']} eliminations, "
            f"{result['balance_moves']} balance moves, {result['tables_broken']} tables broken, "
            f"{result['seconds']} s; queries per elimination p50 {q['p50']} max {q['max']}; "
            f"invariants {'ok' if result['invariants']['ok'] else result['invariants']['failures']}"
        )
        if "money" in result:
            m = result["money"]
            self.stdout.write(
                f"money in {m['in']}, prize pool {m['prize_pool']}, fees {m['fees']}, staff {m['staff']}, "
                f"{m['rebuys']} rebuys, {m['addons']} add-ons, bounties paid {m['bounties_paid']}, prizes paid "
                f"{m['prizes_paid']}, difference {m['difference']}"
            )
