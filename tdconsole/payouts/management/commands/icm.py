"""Print ICM (Malmuth-Harville) equities for a set of stacks and prizes.

As the desk does, ICM is exact while that is cheap and approximated by numerical
integration beyond (`--method auto`); `--method exact` or `approximate` forces one.
"""

import json
from decimal import Decimal, InvalidOperation

from django.core.management.base import BaseCommand, CommandError

from tdconsole.core.chips import ChipsError, parse_chips
from tdconsole.payouts import calc


def int_list(text: str) -> list[int]:
    """Stacks separated by commas ("5000,3000,2000"; each may group thousands with dots or spaces)."""
    try:
        stacks = [parse_chips(x) for x in text.split(",")]
    except ChipsError as exc:
        raise CommandError(f"stacks must be whole numbers: {text!r}") from exc
    return [stack for stack in stacks if stack is not None]


def decimal_list(text: str) -> list[Decimal]:
    try:
        return [Decimal(x) for x in text.split(",") if x.strip()]
    except InvalidOperation as exc:
        raise CommandError(f"prizes must be amounts: {text!r}") from exc


class Command(BaseCommand):
    help = "Compute each stack's ICM equity for the prizes still to be paid."

    def add_arguments(self, parser):
        parser.add_argument("--stacks", type=int_list, required=True, help="e.g. 5000,3000,2000")
        parser.add_argument("--prizes", type=decimal_list, required=True, help="e.g. 500,300,200")
        parser.add_argument("--method", choices=["auto", calc.ICM_EXACT, calc.ICM_APPROXIMATE], default="auto",
                            help="auto: exact while cheap, approximate beyond (as the deal calculator)")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **opts):
        try:
            equities, result = calc.icm_result_to_cents(opts["stacks"], opts["prizes"], opts["method"])
        except calc.CalcError as exc:
            raise CommandError(str(exc)) from exc
        if opts["json"]:
            self.stdout.write(json.dumps({"equities": [str(e) for e in equities], "method": result.method}))
            return
        for stack, equity in zip(opts["stacks"], equities, strict=True):
            self.stdout.write(f"{stack:>12}  {equity:>14}")
        self.stdout.write(f"({result.method} ICM)")
