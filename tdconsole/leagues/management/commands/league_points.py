"""Print the points one result earns under a league formula (the director's own, or a preset's)."""

import json
from decimal import Decimal, InvalidOperation

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from tdconsole.leagues import formula as formulas


def _decimal(text: str) -> Decimal:
    try:
        value = Decimal(text)
    except InvalidOperation as exc:
        raise CommandError(f"not a number: {text!r}") from exc
    if not value.is_finite():
        raise CommandError(f"not a number: {text!r}")
    return value


class Command(BaseCommand):
    help = "Points for one result: --formula F --entries N --place P [--buy-in B --knockouts K --rebuys R]."

    def add_arguments(self, parser):
        parser.add_argument("--formula", required=True, help="e.g. '10 * sqrt(n / p)'; variables n p b k r")
        parser.add_argument("--entries", type=int, required=True)
        parser.add_argument("--place", type=int, required=True)
        parser.add_argument("--buy-in", type=_decimal, default=Decimal(0))
        parser.add_argument("--knockouts", type=int, default=0)
        parser.add_argument("--rebuys", type=int, default=0, help="rebuys and add-ons")
        parser.add_argument("--json", action="store_true", help="Print JSON.")

    def handle(self, *args, **opts):
        n, p, k, r = opts["entries"], opts["place"], opts["knockouts"], opts["rebuys"]
        if n < 1:
            raise CommandError("--entries must be at least 1")
        if k < 0 or r < 0 or opts["buy_in"] < 0:
            raise CommandError("--buy-in, --knockouts and --rebuys cannot be negative")
        try:
            # The command speaks English throughout, its refusals included.
            with translation.override("en"):
                points = formulas.points(opts["formula"], n=n, p=p, b=opts["buy_in"], k=k, r=r)
        except formulas.FormulaError as exc:
            raise CommandError(f"the formula cannot be evaluated: {exc}") from exc
        if opts["json"]:
            self.stdout.write(json.dumps({
                "formula": opts["formula"], "entries": n, "place": p, "buy_in": str(opts["buy_in"]),
                "knockouts": k, "rebuys": r, "points": str(points),
            }))
            return
        self.stdout.write(f"{points} points (place {p} of {n})")
