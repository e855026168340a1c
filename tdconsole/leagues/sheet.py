"""The standings as a printed sheet (A4): the table best first, each player's points, events, wins, best place.

Drawn with the print desk's own sheet (tdconsole.printing.pdf: embedded DejaVu fonts, a running header,
page numbers), so it reads like the results and the payout sheet.
"""

from __future__ import annotations

from typing import IO

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from tdconsole.core.money import format_number
from tdconsole.core.ordinals import ordinal
from tdconsole.printing.pdf import REGULAR, Sheet, fit

from .models import League
from .selectors import league_events, league_standings


def build_standings(league: League, out: IO[bytes] | str, lang: str) -> None:
    """The league's table as the results stand, in `lang`."""
    with override(lang):
        events = league_events(league=league)
        table = league_standings(league=league, events=events)
        counted = _("%(n)s events counted") % {"n": format_number(len(events), lang)}
        if league.best_events:
            counted += " · " + _("best %(n)s per player") % {"n": format_number(league.best_events, lang)}
        sheet = Sheet(out, title=_("Standings · %(league)s") % {"league": league.name},
                      subtitle=f"{counted} · {league.formula}",
                      footer=_("Printed %(when)s") % {
                          "when": formats.date_format(timezone.localtime(), "SHORT_DATETIME_FORMAT")})
        x = sheet.margin
        right = sheet.width - sheet.margin
        # Right edges: the best place's header is the widest ("Melhor colocação").
        columns = [(_("Points"), right - 225), (_("Events"), right - 165), (_("Wins"), right - 110),
                   (_("Best place"), right)]

        def header() -> None:
            sheet.text(x, _("Position"), 9, bold=True)
            sheet.text(x + 60, _("Player"), 9, bold=True)
            for label, at in columns:
                sheet.text(at, label, 9, bold=True, right=True)
            sheet.down(14)

        header()
        for row in table.rows:
            if sheet.y < sheet.margin + 12:
                sheet.new_page()
                header()
            name = row.name + (f" “{row.nickname}”" if row.nickname else "")
            sheet.text(x, ordinal(row.position, lang), 9)
            sheet.text(x + 60, fit(name, REGULAR, 9, columns[0][1] - 60 - (x + 60)), 9)
            values = [format_number(row.total, lang, places=2), format_number(row.events_played, lang),
                      format_number(row.wins, lang), ordinal(row.best_place, lang)]
            for (_label, at), value in zip(columns, values, strict=True):
                sheet.text(at, value, 9, right=True)
            sheet.down(12.5)
        if not table.rows:
            sheet.text(x, _("No results yet."), 9)
            sheet.down(12.5)
        sheet.down(8)
        sheet.text(x, _("Ties: more wins first, then the better best place, then the one who reached that place "
                        "first."), 8)
        sheet.save()
