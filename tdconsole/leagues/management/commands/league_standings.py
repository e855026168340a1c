"""Print a league's standings: the table the public link and the PDF show."""

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from tdconsole.leagues.models import League
from tdconsole.leagues.selectors import standings_json


class Command(BaseCommand):
    help = "A league's standings, best first (LEAGUE is its slug)."

    def add_arguments(self, parser):
        parser.add_argument("league", help="the league's slug")
        parser.add_argument("--json", action="store_true", help="Print JSON.")

    def handle(self, *args, **opts):
        league = League.objects.filter(slug=opts["league"]).first()
        if league is None:
            known = ", ".join(League.objects.order_by("slug").values_list("slug", flat=True)[:20]) or "none yet"
            raise CommandError(f"no league {opts['league']!r} (leagues: {known})")
        # The command speaks English throughout, the reasons a result scored nothing included.
        with translation.override("en"):
            doc = standings_json(league=league)
        if opts["json"]:
            self.stdout.write(json.dumps(doc, ensure_ascii=False))
            return
        self.stdout.write(f"{doc['name']}  ({doc['formula']})")
        for row in doc["standings"]:
            nick = f" ({row['nickname']})" if row["nickname"] else ""
            self.stdout.write(f"{row['position']:>4}. {row['name']}{nick:<20} {row['points']:>10}  "
                              f"{row['events']} events, {row['wins']} wins")
