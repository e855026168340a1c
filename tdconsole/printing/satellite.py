"""The satellite sheet: who won a seat (and the ticket it became) or the cash remainder, to post or sign."""

from __future__ import annotations

from typing import IO

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from tdconsole.core.money import format_money, format_number
from tdconsole.core.ordinals import ordinal
from tdconsole.payouts.selectors import prize_settings_of, satellite_winners
from tdconsole.tournaments.models import Event

from .pdf import Progress, Sheet, no_progress


def build_satellite(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress) -> None:
    """Every winner of the satellite, best first: place, player, the seat or the cash, the ticket's number
    and status (and its holder when it was moved)."""
    with override(lang):
        settings = prize_settings_of(event=event)
        target = settings.satellite_target if settings.satellite_target_id else None
        winners = satellite_winners(event=event) if target is not None else []
        sheet = Sheet(out, title=_("Satellite winners · %(event)s") % {"event": event.name},
                      subtitle=f"{event.festival.name} · {formats.date_format(event.date, 'SHORT_DATE_FORMAT')}",
                      footer=_("Printed %(when)s") % {"when": formats.date_format(
                          timezone.localtime(), "SHORT_DATETIME_FORMAT")})
        x = sheet.margin
        right = sheet.width - sheet.margin
        if target is None:
            sheet.text(x, _("This event is not a satellite."), 11)
            sheet.save()
            progress(1.0)
            return
        seats = sum(1 for w in winners if w.seat)
        facts = [
            (_("Satellite to"), target.name),
            (_("Seat value"), format_money(target.buy_in, target.currency, lang)),
            (_("Seats won"), format_number(seats, lang)),
            (_("Tickets issued"), format_number(sum(1 for w in winners if w.ticket is not None), lang)),
        ]
        for label, value in facts:
            sheet.text(x, label, 9)
            sheet.text(x + 120, value, 10, bold=True, width=right - x - 120)
            sheet.down(15)
        sheet.down(10)
        prize_x, ticket_x = x + 220, x + 360

        def header() -> None:
            sheet.text(x, _("Place"), 9, bold=True)
            sheet.text(x + 52, _("Player"), 9, bold=True)
            sheet.text(prize_x, _("Prize"), 9, bold=True)
            sheet.text(ticket_x, _("Ticket"), 9, bold=True)
            sheet.down(14)

        header()
        if not winners:
            sheet.text(x, _("No finisher has won a seat yet."), 10)
        for i, w in enumerate(winners):
            if sheet.y < sheet.margin + 24:
                sheet.new_page()
                header()
            place = ordinal(w.place, lang) + ("*" if w.tied_with > 1 else "")
            sheet.text(x, place, 9)
            name = f"{w.entry.player.name} #{w.entry.number}"
            sheet.text(x + 52, name, 9, width=prize_x - x - 52 - 8)
            prize = (_("Seat to %(target)s") % {"target": target.name} if w.seat
                     else format_money(w.amount, event.currency, lang))
            sheet.text(prize_x, prize, 9, width=ticket_x - prize_x - 8)
            if w.ticket is not None:
                ticket = f"#{w.ticket.pk} · {w.ticket.get_status_display()}"
            else:
                ticket = _("not issued") if w.seat else "—"
            sheet.text(ticket_x, ticket, 9, width=right - ticket_x)
            sheet.down(12.5)
            if w.ticket is not None and w.ticket.player_id != w.entry.player_id:
                moved = _("moved to %(name)s") % {"name": w.ticket.player.name}
                sheet.text(ticket_x, moved, 8, width=right - ticket_x)
                sheet.down(11)
            progress((i + 1) / len(winners))
        sheet.down(8)
        if any(w.tied_with > 1 for w in winners):
            sheet.text(x, _("* tied: the tied players share the places they cover in cash."), 8, width=right - x)
            sheet.down(11)
        sheet.text(x, _("Each ticket pays its holder's buy-in to %(target)s once.") % {"target": target.name}, 8,
                   width=right - x)
        sheet.save()
        progress(1.0)
