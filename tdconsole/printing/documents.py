"""The printed sheets: payouts, receipts, seat cards, the table draw, results, the deal, move slips.

Each builder reads the event through selectors, draws on a `Sheet` in the language
asked for (labels through gettext, money and numbers in that language's format) and
reports its progress as a fraction between 0 and 1.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import IO

from django.db.models import F
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, override
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from tdconsole.cashier.bounties import bounties_by_entry, bounty_rules
from tdconsole.core.money import format_money, format_number
from tdconsole.core.ordinals import ordinal
from tdconsole.live.links import base_url_of, entry_url, live_url
from tdconsole.payouts.models import Deal
from tdconsole.payouts.selectors import event_awards, event_payout_amounts, event_prize_summary
from tdconsole.seating.selectors import BreakMove, TableBreak, table_break_moves
from tdconsole.tournaments.models import Entry, Event

from .exceptions import PrintingError
from .money import rebuys_addons_by_entry
from .pdf import BOLD, REGULAR, Progress, Sheet, draw, fit, fonts_register, no_progress, text_width, wrap
from .qr import qr_draw
from .registry import extra_kind
from .satellite import build_satellite

RECEIPT_WIDTH = 80 * mm


def _money(event: Event, lang: str) -> Callable[[Decimal], str]:
    return lambda amount: format_money(amount, event.currency, lang)


def _event_line(event: Event) -> str:
    return f"{event.festival.name} · {formats.date_format(event.date, 'SHORT_DATE_FORMAT')}"


def percent(value: Decimal, lang: str) -> str:
    """A percent without trailing zeros in the language's format: 3 -> "3", 2.5 -> "2,5" / "2.5"."""
    value = Decimal(value)
    places = next((p for p in (0, 1) if value == value.quantize(Decimal(1).scaleb(-p))), 2)
    return format_number(value, lang, places=places)


def _printed_at() -> str:
    return _("Printed %(when)s") % {"when": formats.date_format(timezone.localtime(), "SHORT_DATETIME_FORMAT")}


def build_payouts(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress) -> None:
    """The payout sheet: event, date, entries, prize pool, then every place and its amount."""
    with override(lang):
        money = _money(event, lang)
        summary = event_prize_summary(event=event)
        amounts = event_payout_amounts(event=event)
        sheet = Sheet(out, title=_("Payouts · %(event)s") % {"event": event.name}, subtitle=_event_line(event),
                      footer=_printed_at())
        facts = [
            (_("Entries"), format_number(summary["entries"], lang)),
            (_("Prize pool"), money(summary["prize_pool"])),
            (_("Places paid"), format_number(len(amounts), lang)),
        ]
        if summary["staff_deduction"] or summary["overlay"]:
            # The pool's arithmetic, so the sheet shows where the prize money went.
            facts.insert(1, (_("Collected for the pool"), money(summary["collected"])))
        if summary["staff_deduction"]:
            facts.insert(2, (_("Staff (%(percent)s%%)") % {"percent": percent(summary["staff_percent"], lang)},
                             money(summary["staff_deduction"])))
        if summary["overlay"]:
            facts.append((_("Overlay (guarantee)"), money(summary["overlay"])))
        if summary["rebuys"]:
            facts.append((_("Rebuys"), format_number(summary["rebuys"], lang)))
        if summary["addons"]:
            facts.append((_("Add-ons"), format_number(summary["addons"], lang)))
        left = sheet.margin
        values_at = left + max(130.0, max(text_width(label, REGULAR, 9) for label, _value in facts) + 14)
        for label, value in facts:
            sheet.text(left, label, 9)
            sheet.text(values_at, value, 11, bold=True)
            sheet.down(15)
        sheet.down(8)
        columns = 3
        col_width = (sheet.width - 2 * sheet.margin) / columns
        row = 13.0
        count = len(amounts)
        c = sheet.canvas

        def rows_per_column(top: float) -> int:
            fit, y = 0, top - row
            while y >= sheet.bottom + 4:
                fit += 1
                y -= row
            return fit

        def headers(top: float, used: int) -> None:
            c.setFont(BOLD, 8.5)
            for k in range(used):
                x = sheet.margin + k * col_width
                c.drawString(x + 4, top, _("Place"))
                c.drawRightString(x + col_width - 10, top, _("Amount"))

        index = 0
        while index < count:
            if index:
                sheet.new_page()
            top = sheet.y
            per_column = rows_per_column(top)
            if per_column == 0:  # nothing fits under the facts: the places start on the next page
                sheet.new_page()
                top = sheet.y
                per_column = rows_per_column(top)
            on_page = min(count - index, columns * per_column)
            # headers only over the columns that hold places on this page
            headers(top, -(-on_page // per_column))
            for k in range(on_page):
                col, line = divmod(k, per_column)
                x = sheet.margin + col * col_width
                y = top - row * (line + 1)
                if index % 2 == 0:
                    c.setFillGray(0.93)
                    c.rect(x, y - 3, col_width - 6, row, stroke=0, fill=1)
                    c.setFillGray(0)
                c.setFont(REGULAR, 9)
                c.drawString(x + 4, y, ordinal(index + 1, lang))
                c.drawRightString(x + col_width - 10, y, money(amounts[index]))
                if index % 200 == 0:
                    progress(index / max(1, count))
                index += 1
        sheet.save()
        progress(1.0)


def build_receipts(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress) -> None:
    """One receipt per paid finisher, two to an A4 page, each with a signature line."""
    with override(lang):
        money = _money(event, lang)
        awards = [a for a in event_awards(event=event) if a.amount > 0]
        sheet = Sheet(out, title=_("Payout receipts · %(event)s") % {"event": event.name},
                      subtitle=_event_line(event), footer=_printed_at())
        if not awards:
            sheet.text(sheet.margin, _("No player has finished in the money yet."), 11)
        block = (sheet.height - 2 * sheet.margin - 60) / 2
        for i, award in enumerate(awards):
            if i and i % 2 == 0:
                sheet.new_page()
            start = sheet.y
            x = sheet.margin
            sheet.down(6)
            sheet.text(x, _("Receipt"), 13, bold=True)
            sheet.down(22)
            place = ordinal(award.place, lang)
            if award.tied_with > 1:
                place += " " + _("(tied, %(n)s players)") % {"n": award.tied_with}
            if award.by_deal:
                place += " " + _("(by deal)")
            rows = [
                (_("Player"), award.entry.player.name),
                (_("Document"), award.entry.player.document or "—"),
                (_("Entry"), f"#{award.entry.number}"),
                (_("Place"), place),
                (_("Amount"), money(award.amount)),
            ]
            value_width = sheet.width - sheet.margin - (x + 110)
            for label, value in rows:
                sheet.text(x, label, 9)
                # a long name wraps inside the receipt rather than running off the page
                sheet.lines(x + 110, value, 12, value_width, max_lines=3, bold=label == _("Amount"))
                sheet.down(18)
            sheet.down(12)
            sheet.text(x, _("I received the amount above from the tournament organisers."), 9)
            sheet.down(46)
            sheet.line(x, x + 250)
            sheet.line(x + 290, sheet.width - sheet.margin)
            sheet.down(11)
            sheet.text(x, _("Signature"), 8)
            sheet.text(x + 290, _("Date"), 8)
            sheet.y = start - block
            progress((i + 1) / len(awards))
        sheet.save()
        progress(1.0)


@dataclass(frozen=True)
class SeatCard:
    table: int
    seat: int
    name: str
    number: int
    entry_id: int = 0


@dataclass(frozen=True)
class CardLinks:
    """The two links a seat card carries as QR codes: the event's live page and the entry's own page."""

    live: str
    base: str

    def entry(self, event: Event, card: SeatCard) -> str:
        return entry_url(event=event, entry_id=card.entry_id, base_url=self.base)


def card_links(event: Event) -> CardLinks | None:
    """The links for the QR codes, or None when the address players reach the site on is unknown
    (TDCONSOLE_PUBLIC_URL unset): a code with a bare path would lead a phone nowhere."""
    base = base_url_of()
    return CardLinks(live=live_url(event=event, base_url=base), base=base) if base else None


def _seat_cards(event: Event) -> list[SeatCard]:
    rows = (
        Entry.objects.filter(event=event, status=Entry.Status.ALIVE, table__isnull=False)
        .select_related("player", "table")
        .order_by("table__number", "seat")
    )
    return [SeatCard(e.table.number, e.seat, e.player.name, e.number, e.pk) for e in rows]


def build_seats(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress,
                variant: str = "a4") -> None:
    """Seat cards: ten to an A4 page to cut out, or one per 80 mm receipt-printer slip; each with the QR
    codes of the event's live page and of the entry's own page (when the site's address is known)."""
    with override(lang):
        fonts_register()
        cards = _seat_cards(event)
        links = card_links(event)
        if variant == "receipt":
            _receipt_cards(event, cards, links, out, progress)
        else:
            _a4_cards(event, cards, links, out, progress)
        progress(1.0)


# The QR codes on an A4 card (points), side by side in its lower right corner, and the gap between them.
CARD_QR = 54
CARD_QR_GAP = 12


def _card_codes(c, event: Event, card: SeatCard, links: CardLinks, right: float, bottom: float, size: float,
                gap: float, caption_size: float) -> None:
    """The live page's code and the entry's, right to left from `right`, their captions under them."""
    x_entry = right - size
    x_live = x_entry - gap - size
    qr_draw(c, links.live, x_live, bottom, size, _("Live: blinds and results"), caption_size)
    qr_draw(c, links.entry(event, card), x_entry, bottom, size, _("Your entry"), caption_size)


def _a4_cards(event: Event, cards: list[SeatCard], links: CardLinks | None, out, progress: Progress) -> None:
    sheet = Sheet(out, title=_("Seat cards · %(event)s") % {"event": event.name}, subtitle=_event_line(event),
                  footer=_printed_at())
    c = sheet.canvas
    cols, rows = 2, 5
    width = (sheet.width - 2 * sheet.margin) / cols
    height = (sheet.y - sheet.margin) / rows
    top = sheet.y
    codes_width = (2 * CARD_QR + CARD_QR_GAP + 6) if links is not None else 0
    if not cards:
        sheet.text(sheet.margin, _("No player is seated."), 11)
    for i, card in enumerate(cards):
        slot = i % (cols * rows)
        if i and slot == 0:
            sheet.new_page()
            top = sheet.y
        x = sheet.margin + (slot % cols) * width
        y = top - (slot // cols + 1) * height
        c.setDash(3, 3)
        c.setLineWidth(0.4)
        c.rect(x + 3, y + 3, width - 6, height - 6)
        c.setDash()
        draw(c, x + 12, y + height - 18, event.name, REGULAR, 8, width=width - 26)
        c.setFont(BOLD, 22)
        c.drawString(x + 12, y + height - 48, _("Table %(n)s") % {"n": card.table})
        c.drawRightString(x + width - 14, y + height - 48, _("Seat %(n)s") % {"n": card.seat})
        name_width = width - 26 - codes_width
        name_lines = wrap(card.name, REGULAR, 12, name_width, max_lines=2)
        for k, line in enumerate(name_lines):
            draw(c, x + 12, y + 34 + 14 * (len(name_lines) - 1 - k), line, REGULAR, 12)
        draw(c, x + 12, y + 18, _("Entry #%(n)s") % {"n": card.number}, REGULAR, 8)
        if links is not None:
            _card_codes(c, event, card, links, x + width - 12, y + 22, CARD_QR, CARD_QR_GAP, 6.5)
        progress((i + 1) / len(cards))
    sheet.save()


# The receipt-printer card: the text, then the two codes side by side under it.
RECEIPT_CARD_TEXT = 60 * mm
RECEIPT_QR = 28 * mm
RECEIPT_CODES = RECEIPT_QR + 2 * mm


def _receipt_cards(event: Event, cards: list[SeatCard], links: CardLinks | None, out, progress: Progress) -> None:
    from reportlab.pdfgen.canvas import Canvas

    height = RECEIPT_CARD_TEXT + (RECEIPT_CODES if links is not None else 0)
    c = Canvas(out, pagesize=(RECEIPT_WIDTH, height), pageCompression=1, initialFontName=REGULAR)
    c.setTitle(_("Seat cards · %(event)s") % {"event": event.name})
    if not cards:
        c.setFont(REGULAR, 9)
        c.drawString(4 * mm, height - 10 * mm, _("No player is seated."))
    for i, card in enumerate(cards):
        draw(c, 4 * mm, height - 7 * mm, event.name, REGULAR, 8, width=RECEIPT_WIDTH - 8 * mm)
        c.setFont(BOLD, 20)
        c.drawString(4 * mm, height - 20 * mm, _("Table %(n)s") % {"n": card.table})
        c.drawString(4 * mm, height - 31 * mm, _("Seat %(n)s") % {"n": card.seat})
        name_lines = wrap(card.name, REGULAR, 11, RECEIPT_WIDTH - 8 * mm, max_lines=2)
        top = height - (42 if len(name_lines) == 1 else 39.5) * mm
        for k, line in enumerate(name_lines):
            draw(c, 4 * mm, top - k * 13, line, REGULAR, 11)
        draw(c, 4 * mm, height - 50 * mm, _("Entry #%(n)s") % {"n": card.number}, REGULAR, 8)
        if links is not None:
            gap = RECEIPT_WIDTH - 8 * mm - 2 * RECEIPT_QR
            _card_codes(c, event, card, links, RECEIPT_WIDTH - 4 * mm, 8 * mm, RECEIPT_QR, gap, 7.5)
        c.showPage()
        progress((i + 1) / len(cards))
    c.save()


def build_draw(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress) -> None:
    """The table draw: each table with its seats and players, for the wall or the desk."""
    with override(lang):
        cards = _seat_cards(event)
        sheet = Sheet(out, title=_("Table draw · %(event)s") % {"event": event.name}, subtitle=_event_line(event),
                      footer=_printed_at())
        if not cards:
            sheet.text(sheet.margin, _("No player is seated."), 11)
        tables: dict[int, list[SeatCard]] = {}
        for card in cards:
            tables.setdefault(card.table, []).append(card)
        col_width = (sheet.width - 2 * sheet.margin) / 2
        col = 0
        top = sheet.y
        y = top
        for done, (number, seated) in enumerate(tables.items(), start=1):
            needed = 20 + 13 * len(seated) + 10
            if y - needed < sheet.margin:
                col += 1
                y = top
                if col == 2:
                    sheet.new_page()
                    top = y = sheet.y
                    col = 0
            x = sheet.margin + col * col_width
            c = sheet.canvas
            c.setFont(BOLD, 11)
            c.drawString(x, y, _("Table %(n)s") % {"n": number})
            y -= 15
            for card in seated:
                c.setFont(REGULAR, 9)
                c.drawRightString(x + 16, y, str(card.seat))
                number = f"#{card.number}"
                room = col_width - 12 - 24 - text_width(number, REGULAR, 9) - 8
                draw(c, x + 24, y, card.name, REGULAR, 9, width=room)
                c.drawRightString(x + col_width - 12, y, number)
                y -= 13
            y -= 10
            progress(done / len(tables))
        sheet.save()
        progress(1.0)


@dataclass(frozen=True)
class _Column:
    """A right-aligned column of the results beside the prize: its header, width and text per entry."""

    label: str
    width: float
    value: Callable[[int], str]


@dataclass(frozen=True)
class _FlightsPart:
    """The results of a tournament in starting flights: the pool's event (the main event), the flights by id,
    and, for the sheet of one flight, that flight."""

    main: Event
    flights: dict[int, Event]
    flight: Event | None

    def of(self, entry: Entry) -> bool:
        return self.flight is None or entry.event_id == self.flight.pk

    def scope(self) -> dict:
        if self.flight is not None:
            return {"event": self.flight}
        return {"event__in": [self.main, *self.flights.values()]}


def _flights_part(event: Event) -> _FlightsPart | None:
    """None for an event not played in flights (one query otherwise: the main event's flights)."""
    if event.parent_id is None and not event.has_flights:
        return None
    main = event if event.parent_id is None else Event.objects.get(pk=event.parent_id)
    flights = {f.pk: f for f in Event.objects.filter(parent=main).order_by("date", "pk")}
    return _FlightsPart(main=main, flights=flights, flight=event if event.parent_id is not None else None)


def _flights_results(sheet: Sheet, part: _FlightsPart, lang: str) -> None:
    """Below the places: the busts whose place waits for the whole field ("out in Day 1B", latest first) and
    the players still in, biggest bag first (their last count: the bag once counted)."""
    x = sheet.margin
    right = sheet.width - sheet.margin
    waiting = list(Entry.objects.filter(status=Entry.Status.BUSTED, place__isnull=True, **part.scope())
                   .select_related("player", "event").order_by("-busted_at", "-number"))
    # A flight's players through to Day 2 are bagged; the main event's are its Day 2 entries then.
    still_in = [Entry.Status.ALIVE, Entry.Status.BAGGED] if part.flight is not None else [Entry.Status.ALIVE]
    survivors = list(Entry.objects.filter(status__in=still_in, **part.scope()).select_related("player", "event")
                     .order_by(F("chips").desc(nulls_last=True), "number"))

    def flight_of(entry: Entry) -> str:
        return "" if part.flight is not None or entry.event_id == part.main.pk else f" ({entry.event.name})"

    def title(text: str) -> None:
        sheet.need(40)
        sheet.down(6)
        sheet.text(x, text, 11, bold=True)
        sheet.down(15)

    if waiting:
        title(_("Out before the field is known"))
        sheet.text(x, _("Places are given once registration has closed in every flight."), 8)
        sheet.down(13)
        for entry in waiting:
            sheet.need(14)
            sheet.text(x, fit(entry.player.name + flight_of(entry), REGULAR, 9, 300), 9)
            sheet.text(x + 330, f"#{entry.number}", 9)
            sheet.text(right, _("out in %(flight)s") % {"flight": entry.event.name}, 9, right=True)
            sheet.down(12.5)
    if survivors:
        title(ngettext("Still in: %(n)s player", "Still in: %(n)s players", len(survivors))
              % {"n": format_number(len(survivors), lang)})
        sheet.text(x, _("Player"), 9, bold=True)
        sheet.text(x + 330, _("Entry"), 9, bold=True)
        sheet.text(right, _("Bag"), 9, bold=True, right=True)
        sheet.down(14)
        for entry in survivors:
            sheet.need(14)
            sheet.text(x, fit(entry.player.name + flight_of(entry), REGULAR, 9, 300), 9)
            sheet.text(x + 330, f"#{entry.number}", 9)
            sheet.text(right, format_number(entry.chips, lang) if entry.chips else _("not counted"), 9, right=True)
            sheet.down(12.5)


def build_results(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress) -> None:
    """Final results: every placed entry, best first, with what it won; the rebuys and add-ons each bought
    and the bounties each won when the event had any.

    A tournament in flights pays from one pool (the main event's): a flight's sheet lists that flight's
    places, its busts waiting for the whole field ("out in Day 1B") and its players still in with their bags;
    the main event's lists them for every flight."""
    with override(lang):
        money = _money(event, lang)
        part = _flights_part(event)
        pool_event = part.main if part is not None else event
        summary = event_prize_summary(event=pool_event)
        awards = event_awards(event=pool_event)
        if part is not None:
            awards = [a for a in awards if part.of(a.entry)]
        columns: list[_Column] = []
        if summary["rebuys"] or summary["addons"]:
            bought = rebuys_addons_by_entry(event=event)

            def count(pk: int, i: int) -> str:
                n = bought.get(pk, (0, 0))[i]
                return format_number(n, lang) if n else "—"

            if summary["rebuys"]:
                columns.append(_Column(_("Rebuys"), 48, lambda pk: count(pk, 0)))
            if summary["addons"]:
                columns.append(_Column(_("Add-ons"), 48, lambda pk: count(pk, 1)))
        has_bounty = bounty_rules(event=event) is not None
        if has_bounty:
            lines = bounties_by_entry(event=event)

            def won(pk: int) -> str:
                line = lines.get(pk)
                return money(line.to_pay) if line is not None and line.to_pay else "—"

            columns.append(_Column(_("Bounties"), 78, won))
        sheet = Sheet(out, title=_("Results · %(event)s") % {"event": event.name}, subtitle=_event_line(event),
                      footer=_printed_at())
        x = sheet.margin
        right = sheet.width - sheet.margin
        entries_label = _("Entries") if part is None else _("Entries, every flight")
        pool_label = _("Prize pool") if part is None else _("Prize pool, every flight")
        sheet.text(x, entries_label, 9)
        sheet.text(x + max(90, text_width(entries_label, REGULAR, 9) + 8), format_number(summary["entries"], lang),
                   10, bold=True)
        sheet.text(x + 200, pool_label, 9)
        sheet.text(x + max(290, 200 + text_width(pool_label, REGULAR, 9) + 8), money(summary["prize_pool"]), 10,
                   bold=True)
        sheet.down(22)
        edge = right - 88  # the prize's column
        edges = []
        for column in reversed(columns):
            edges.insert(0, edge)
            edge -= column.width
        entry_x = min(x + 330, edge - max(text_width(_("Entry"), BOLD, 9), text_width("#00000", REGULAR, 9)) - 10)

        def header() -> None:
            sheet.text(x, _("Place"), 9, bold=True)
            sheet.text(x + 50, _("Player"), 9, bold=True)
            sheet.text(entry_x, _("Entry"), 9, bold=True)
            for column, at in zip(columns, edges, strict=True):
                sheet.text(at, column.label, 9, bold=True, right=True, width=column.width - 6)
            sheet.text(right, _("Prize"), 9, bold=True, right=True)
            sheet.down(14)

        # A flight's sheet before the field is known has no place yet: no empty table of places.
        if awards or part is None:
            header()
        for i, award in enumerate(awards):
            if sheet.y < sheet.margin + 12:
                sheet.new_page()
                header()
            place = ordinal(award.place, lang) + ("*" if award.tied_with > 1 else "")
            sheet.text(x, place, 9)
            mark = " †" if award.by_deal else ""
            room = entry_x - (x + 50) - 8 - text_width(mark, REGULAR, 9)
            name = award.entry.player.name
            if part is not None and part.flight is None and award.entry.event_id in part.flights:
                name += f" ({part.flights[award.entry.event_id].name})"
            sheet.text(x + 50, fit(name, REGULAR, 9, room) + mark, 9)
            sheet.text(entry_x, f"#{award.entry.number}", 9)
            for column, at in zip(columns, edges, strict=True):
                sheet.text(at, column.value(award.entry.pk), 9, right=True)
            sheet.text(right, money(award.amount) if award.amount else "—", 9, right=True)
            sheet.down(12.5)
            if i % 200 == 0:
                progress(i / max(1, len(awards)))
        sheet.down(8)
        if any(a.tied_with > 1 for a in awards):
            sheet.text(x, _("* tied: the tied players share the prizes of the places they cover."), 8)
            sheet.down(11)
        if any(a.by_deal for a in awards):
            sheet.text(x, _("† amount agreed in a deal at the final table."), 8)
            sheet.down(11)
        if has_bounty:
            sheet.text(x, _("Bounties: won at once, and the player's own head when it is paid back to them."), 8)
            sheet.down(11)
        if part is not None:
            _flights_results(sheet, part, lang)
        sheet.save()
        progress(1.0)


def build_deal(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress) -> None:
    """The deal sheet: each player's chips, ICM, chip chop and agreed amount, to sign."""
    with override(lang):
        money = _money(event, lang)
        deal = Deal.objects.filter(event=event).prefetch_related("shares__entry__player").first()
        sheet = Sheet(out, title=_("Deal · %(event)s") % {"event": event.name}, subtitle=_event_line(event),
                      footer=_printed_at())
        x = sheet.margin
        right = sheet.width - sheet.margin
        if deal is None:
            sheet.text(x, _("No deal has been recorded."), 11)
            sheet.save()
            progress(1.0)
            return
        sheet.text(x, _("Method"), 9)
        sheet.text(x + 120, deal.get_method_display(), 10, bold=True)
        sheet.down(15)
        sheet.text(x, _("Shared now"), 9)
        sheet.text(x + 120, money(deal.distributed), 10, bold=True)
        sheet.down(15)
        sheet.text(x, _("Left to play for"), 9)
        sheet.text(x + 120, money(deal.left_to_play), 10, bold=True)
        sheet.down(15)
        when = formats.date_format(timezone.localtime(deal.created_at), "SHORT_DATETIME_FORMAT")
        sheet.text(x, _("Agreed"), 9)
        sheet.text(x + 120, when, 10)
        sheet.down(26)
        cols = [(x, _("Player"), False), (x + 200, _("Chips"), True), (x + 290, _("ICM"), True),
                (x + 380, _("Chip chop"), True), (right, _("Agreed"), True)]
        for cx, label, is_right in cols:
            sheet.text(cx, label, 9, bold=True, right=is_right)
        sheet.down(15)
        shares = list(deal.shares.all())
        widest_chips = max((text_width(format_number(s.chips, lang), REGULAR, 9) for s in shares), default=0)
        for share in shares:
            sheet.text(x, share.entry.player.name, 9, width=200 - widest_chips - 10)
            sheet.text(x + 200, format_number(share.chips, lang), 9, right=True)
            sheet.text(x + 290, money(share.icm_amount), 9, right=True)
            sheet.text(x + 380, money(share.chip_chop_amount), 9, right=True)
            sheet.text(right, money(share.amount), 9, bold=True, right=True)
            sheet.down(14)
        sheet.down(10)
        sheet.text(x, _("We, the players below, agree to share the prize money as shown above."), 9)
        sheet.down(30)
        for share in shares:
            sheet.need(40)
            sheet.line(x, x + 300)
            sheet.text(x + 320, share.entry.player.name, 9, width=right - (x + 320))
            sheet.down(34)
        sheet.save()
        progress(1.0)


# --- move slips ------------------------------------------------------------------------------------

# "a4" or "receipt", then the table break (its draw's id); without it, the latest break.
MOVE_SLIPS_VARIANT = re.compile(r"(a4|receipt)(?:-([0-9]{1,18}))?")


def _move_slips_of(event: Event, variant: str) -> tuple[str, TableBreak | None]:
    match = MOVE_SLIPS_VARIANT.fullmatch(variant or "a4")
    if match is None:
        raise PrintingError(_("Unknown format for this document."))
    draw_id = int(match.group(2)) if match.group(2) else None
    found = table_break_moves(event=event, draw_id=draw_id)
    if found is None and draw_id is not None:  # a named break that is not this event's
        raise PrintingError(_("No table break has been recorded for this event."))
    return match.group(1), found


def move_slips_variant(*, event: Event, variant: str) -> str:
    """The move slips asked for, as the document records them: "<paper>-<break id>".

    Naming the break keeps the slips of a break printable later, and two breaks in a
    row never print each other's slips; without an id, the latest break is meant.
    """
    paper, found = _move_slips_of(event, variant)
    if found is None:
        raise PrintingError(_("No table break has been recorded for this event."))
    return f"{paper}-{found.draw.pk}"


def _fit(text: str, font: str, size: float, width: float) -> str:
    """`text` shortened with an ellipsis to fit `width` points."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _slip(c, x: float, top: float, width: float, event: Event, broken: TableBreak, move: BreakMove,
          big: float) -> None:
    """One player's move slip, its top-left corner at (x, top)."""
    def line(y: float, text: str, size: float, bold: bool = False, shrink: bool = False) -> None:
        font = BOLD if bold else REGULAR
        if shrink:
            # The seat to take is never cut short: it gets smaller until it fits.
            size = max(8.0, min(size, size * width / max(1.0, stringWidth(text, font, size))))
        c.setFont(font, size)
        c.drawString(x, top - y, _fit(text, font, size, width))

    when = formats.time_format(timezone.localtime(broken.draw.created_at), "TIME_FORMAT")
    line(8, event.name, 7.5)
    line(18, _("Table %(table)s broken · %(when)s") % {"table": broken.table, "when": when}, 7.5, bold=True)
    line(34, move.name or "—", 12, bold=True)
    line(46, _("Entry #%(n)s") % {"n": move.number}, 8)
    line(60, _("From table %(table)s, seat %(seat)s") % {"table": move.from_table, "seat": move.from_seat}, 9)
    line(74, _("Go to"), 8)
    line(74 + big, _("Table %(table)s · seat %(seat)s") % {"table": move.to_table, "seat": move.to_seat}, big,
         bold=True, shrink=True)


def build_move_slips(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress,
                     variant: str = "a4") -> None:
    """The move slips of a table break: one per player, to hand over at the broken table.

    Each names the player and entry, the seat left and the seat to take; ten to an A4
    page to cut out, or one per 80 mm receipt-printer slip.
    """
    with override(lang):
        fonts_register()
        paper, broken = _move_slips_of(event, variant)
        moves = broken.moves if broken is not None else []
        title = _("Move slips · %(event)s") % {"event": event.name}
        if paper == "receipt":
            _receipt_slips(event, broken, moves, title, out, progress)
        else:
            _a4_slips(event, broken, moves, title, out, progress)
        progress(1.0)


def _a4_slips(event: Event, broken: TableBreak | None, moves: list[BreakMove], title: str, out,
              progress: Progress) -> None:
    subtitle = _event_line(event)
    if broken is not None:
        subtitle += " · " + ngettext("Table %(table)s broken: %(n)s player moves",
                                     "Table %(table)s broken: %(n)s players move", len(moves)) % {
            "table": broken.table, "n": len(moves)}
    sheet = Sheet(out, title=title, subtitle=subtitle, footer=_printed_at())
    if broken is None:
        sheet.text(sheet.margin, _("No table break has been recorded for this event."), 11)
    c = sheet.canvas
    cols, rows = 2, 5
    width = (sheet.width - 2 * sheet.margin) / cols
    height = (sheet.y - sheet.margin) / rows
    top = sheet.y
    for i, move in enumerate(moves):
        slot = i % (cols * rows)
        if i and slot == 0:
            sheet.new_page()
            top = sheet.y
        x = sheet.margin + (slot % cols) * width
        y = top - (slot // cols) * height
        c.setDash(3, 3)
        c.setLineWidth(0.4)
        c.rect(x + 3, y - height + 3, width - 6, height - 6)
        c.setDash()
        _slip(c, x + 12, y - 6, width - 24, event, broken, move, big=18)
        progress((i + 1) / len(moves))
    sheet.save()


def _receipt_slips(event: Event, broken: TableBreak | None, moves: list[BreakMove], title: str, out,
                   progress: Progress) -> None:
    from reportlab.pdfgen.canvas import Canvas

    height = 44 * mm
    margin = 4 * mm
    c = Canvas(out, pagesize=(RECEIPT_WIDTH, height), pageCompression=1, initialFontName=REGULAR)
    c.setTitle(title)
    if broken is None:
        c.setFont(REGULAR, 8)
        c.drawString(margin, height - 10 * mm, _fit(_("No table break has been recorded for this event."),
                                                     REGULAR, 8, RECEIPT_WIDTH - 2 * margin))
    for i, move in enumerate(moves):
        _slip(c, margin, height - 2 * mm, RECEIPT_WIDTH - 2 * margin, event, broken, move, big=16)
        c.showPage()
        progress((i + 1) / len(moves))
    c.save()


BUILDERS = {
    "payouts": build_payouts,
    "receipts": build_receipts,
    "seats": build_seats,
    "draw": build_draw,
    "results": build_results,
    "deal": build_deal,
    "moves": build_move_slips,
    "satellite": build_satellite,
}


def build(kind: str, event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress,
          variant: str = "") -> None:
    """Build one document kind into `out`."""
    extra = extra_kind(kind)
    if extra is not None:
        extra.build(event, out, lang, progress, variant)
        return
    if kind == "seats":
        build_seats(event, out, lang, progress, variant=variant or "a4")
        return
    if kind == "moves":
        build_move_slips(event, out, lang, progress, variant=variant or "a4")
        return
    BUILDERS[kind](event, out, lang, progress)

