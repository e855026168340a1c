"""Print a generated payout table as JSON (or a readable list) for checks and scripts."""

import json
from decimal import Decimal, InvalidOperation

from django.core.management.base import BaseCommand, CommandError

from tdconsole.payouts import calc

# Far beyond any field, small enough that the table is built in a moment.
MAX_ENTRIES = 10_000_000


def decimal_arg(text: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation as exc:
        raise CommandError(f"not a number: {text!r}") from exc


class Command(BaseCommand):
    help = "Generate a payout table for a field size and prize pool."

    def add_arguments(self, parser):
        parser.add_argument("--entries", type=int, required=True)
        parser.add_argument("--prize-pool", type=decimal_arg, required=True)
        parser.add_argument("--percent-paid", type=decimal_arg, default=calc.DEFAULT_PERCENT_PAID)
        parser.add_argument("--rounding", type=decimal_arg, default=calc.DEFAULT_ROUNDING)
        parser.add_argument("--buy-in", type=decimal_arg, default=None)
        parser.add_argument("--min-cash-multiple", type=decimal_arg, default=calc.DEFAULT_MIN_CASH_MULTIPLE)
        parser.add_argument("--no-bands", action="store_true", help="Pay every place its own amount.")
        parser.add_argument("--seat-value", type=decimal_arg, default=None,
                            help="A satellite: pay seats of this value, the remainder in cash to the next place.")
        parser.add_argument("--json", action="store_true", help="Print JSON.")

    def handle(self, *args, **opts):
        if not 0 <= opts["entries"] <= MAX_ENTRIES:
            raise CommandError(f"--entries must be between 0 and {MAX_ENTRIES:,}")
        if opts["seat_value"] is not None:
            self.satellite(opts)
            return
        try:
            amounts = calc.payout_table(
                entries=opts["entries"], prize_pool=opts["prize_pool"], percent_paid=opts["percent_paid"],
                rounding=opts["rounding"], buy_in=opts["buy_in"], min_cash_multiple=opts["min_cash_multiple"],
                bands=not opts["no_bands"],
            )
        except calc.CalcError as exc:
            raise CommandError(str(exc)) from exc
        total = sum(amounts, Decimal("0.00"))
        if opts["json"]:
            doc = {"places": [{"place": i, "amount": str(a)} for i, a in enumerate(amounts, start=1)],
                   "total": str(total)}
            self.stdout.write(json.dumps(doc))
            return
        for first, last, amount in calc.group_bands(amounts):
            label = str(first) if first == last else f"{first}-{last}"
            self.stdout.write(f"{label:>11}  {amount:>14}")
        self.stdout.write(f"{'total':>11}  {total:>14}  ({len(amounts)} places)")

    def satellite(self, opts):
        try:
            table = calc.satellite_table(prize_pool=opts["prize_pool"], seat_value=opts["seat_value"],
                                         entries=opts["entries"])
        except calc.CalcError as exc:
            raise CommandError(str(exc)) from exc
        total = sum((p.amount for p in table), Decimal("0.00"))
        if opts["json"]:
            doc = {"places": [{"place": i, "amount": str(p.amount), "seat": p.seat}
                              for i, p in enumerate(table, start=1)],
                   "total": str(total)}
            self.stdout.write(json.dumps(doc))
            return
        seats = sum(1 for p in table if p.seat)
        if seats:
            label = "1" if seats == 1 else f"1-{seats}"
            self.stdout.write(f"{label:>11}  {table[0].amount:>14}  seat")
        for place, p in enumerate(table[seats:], start=seats + 1):
            self.stdout.write(f"{place:>11}  {p.amount:>14}  cash")
        self.stdout.write(f"{'total':>11}  {total:>14}  ({seats} seats, {len(table) - seats} in cash)")
