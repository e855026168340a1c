"""The cash desk's printouts: the receipt of one purchase and the close-out report of the night.

Both are built in the request (one small page, or a few pages of ledger), not through the print desk's
queue. The receipt fits an 80 mm thermal roll, its page as tall as what it says, or sits at the top of an
A4 page; the close-out report is A4, with signature lines for the cashier and the director.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import IO

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, override
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from tdconsole.cashier.models import Purchase
from tdconsole.cashier.selectors import DRAWER_METHODS
from tdconsole.core.money import format_money, format_number
from tdconsole.live.links import base_url_of, live_url
from tdconsole.tournaments.models import Event

from .documents import percent
from .money import CloseoutReport
from .pdf import BOLD, REGULAR, Sheet, draw, fit, fonts_register, text_width, wrap
from .qr import qr_paint

RECEIPT_WIDTH = 80 * mm
RECEIPT_MARGIN = 4 * mm
A4_RECEIPT_WIDTH = 110 * mm
SIZES = ("80mm", "a4")


def _money(event: Event, lang: str) -> Callable[[Decimal], str]:
    return lambda amount: format_money(amount, event.currency, lang)


def _when(moment) -> str:
    return formats.date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


def _staff_name(user) -> str:
    if user is None:
        return "—"
    return user.get_full_name() or user.get_username()


def _house_line(event: Event) -> str:
    """The club and the festival: "Cash Room · Cash Series" (the festival alone when named alike)."""
    venue, festival = event.festival.venue.name, event.festival.name
    return festival if venue == festival else f"{venue} · {festival}"


# --- the receipt of one purchase --------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One line of a receipt: `style` "centre" / "text" (wrapped to `lines`), "pair" (label left, value
    right), "rule" (a dashed line), "gap" (`size` points of space) or "qr" (the link `left` as a QR code
    `size` points wide, centred, with the caption `right` under it)."""

    style: str
    left: str = ""
    right: str = ""
    size: float = 8.5
    bold: bool = False
    lines: int = 1


# The live page's QR code at the foot of the receipt (points), and its caption's size.
RECEIPT_QR = 30 * mm
QR_CAPTION = 7.5


def receipt_rows(purchase: Purchase, event: Event, lang: str, live_link: str = "") -> list[Row]:
    """What the receipt says, line by line, in the active language (call inside `override(lang)`);
    with `live_link` (an absolute link to the event's live page) its QR code at the foot."""
    money = _money(event, lang)
    entry = purchase.entry
    player = entry.player if entry is not None else purchase.player
    rows = [
        Row("centre", _house_line(event), size=8, lines=2),
        Row("centre", event.name, size=10, bold=True, lines=2),
        Row("rule"),
        Row("centre", _("Receipt #%(number)s") % {"number": purchase.number}, size=13, bold=True),
        Row("centre", _when(purchase.created_at), size=8.5),
        Row("rule"),
        Row("centre", purchase.get_kind_display(), size=11, bold=True),
        Row("text", player.name if player is not None else "—", size=10, bold=True, lines=2),
        Row("pair", _("Entry"), f"#{entry.number}" if entry is not None else "—"),
    ]
    if entry is not None and purchase.kind in (Purchase.Kind.ENTRY, Purchase.Kind.REENTRY) and entry.table_id:
        rows.append(Row("pair", _("Seat"), _("Table %(table)s · seat %(seat)s")
                        % {"table": entry.table.number, "seat": entry.seat}))
    rows.append(Row("rule"))
    for label, amount in ((_("Prize pool"), purchase.prize), (_("Fee"), purchase.fee),
                          (_("Bounty"), purchase.bounty), (_("Staff"), purchase.staff)):
        if amount:
            rows.append(Row("pair", label, money(amount)))
    rows += [
        Row("pair", _("Total"), money(purchase.total), size=11, bold=True),
        Row("rule"),
        Row("pair", _("Chips"), format_number(purchase.chips, lang)),
        Row("pair", _("Payment"), purchase.get_method_display()),
        Row("pair", _("Sold by"), _staff_name(purchase.sold_by)),
    ]
    if purchase.voided_at is not None:
        rows += [
            Row("rule"),
            Row("centre", _("VOIDED"), size=18, bold=True),
            Row("text", _("Reason: %(reason)s") % {"reason": purchase.void_reason}, lines=4),
            Row("text", _("Voided by %(who)s, %(when)s") % {"who": _staff_name(purchase.voided_by),
                                                             "when": _when(purchase.voided_at)}, lines=2),
        ]
    if live_link:
        rows += [Row("gap", size=6),
                 Row("qr", live_link, _("Blinds, seats and results on your phone"), size=RECEIPT_QR)]
    rows += [Row("gap", size=6), Row("centre", _("Printed %(when)s") % {"when": _when(timezone.now())}, size=7)]
    return rows


def _leading(row: Row) -> float:
    return row.size * 1.4


def _layout(rows: list[Row], width: float) -> list[tuple[Row, list[str]]]:
    """Each row with the lines it prints at `width` points."""
    laid = []
    for row in rows:
        font = BOLD if row.bold else REGULAR
        if row.style in ("centre", "text"):
            laid.append((row, wrap(row.left, font, row.size, width, max_lines=row.lines) or [""]))
        elif row.style == "qr":
            laid.append((row, wrap(row.right, REGULAR, QR_CAPTION, width, max_lines=2)))
        else:
            laid.append((row, [row.left]))
    return laid


def _height(laid: list[tuple[Row, list[str]]], scale: float = 1.0) -> float:
    total = 0.0
    for row, lines in laid:
        if row.style == "rule":
            total += 8 * scale
        elif row.style == "gap":
            total += row.size * scale
        elif row.style == "qr":
            total += row.size * scale + QR_CAPTION * 1.2 * scale * len(lines)
        else:
            total += _leading(row) * scale * len(lines)
    return total


def _draw_rows(c: Canvas, laid: list[tuple[Row, list[str]]], x: float, top: float, width: float,
               scale: float = 1.0) -> float:
    """Draw the rows from `top` down in a column `width` wide; the y below the last one."""
    y = top
    for row, lines in laid:
        size = row.size * scale
        font = BOLD if row.bold else REGULAR
        if row.style == "rule":
            c.setDash(2, 2)
            c.setLineWidth(0.5)
            c.line(x, y - 4 * scale, x + width, y - 4 * scale)
            c.setDash()
            y -= 8 * scale
            continue
        if row.style == "gap":
            y -= size
            continue
        if row.style == "qr":
            y -= size
            qr_paint(c, row.left, x + (width - size) / 2, y, size)
            for line in lines:
                y -= QR_CAPTION * 1.2 * scale
                draw(c, x + width / 2, y + QR_CAPTION * 0.3 * scale, line, REGULAR, QR_CAPTION * scale,
                     align="centre")
            continue
        for line in lines:
            y -= _leading(row) * scale
            baseline = y + size * 0.35
            if row.style == "centre":
                draw(c, x + width / 2, baseline, line, font, size, align="centre")
            elif row.style == "text":
                draw(c, x, baseline, line, font, size)
            else:
                value = fit(row.right, font, size, width * 0.62)
                value_width = text_width(value, font, size)
                draw(c, x + width, baseline, value, font, size, align="right")
                draw(c, x, baseline, line, REGULAR if not row.bold else BOLD, size,
                     width=max(10.0, width - value_width - 6))
    return y


def build_purchase_receipt(purchase: Purchase, event: Event, out: IO[bytes] | str, lang: str,
                           size: str = "80mm", base_url: str = "") -> None:
    """The receipt of one purchase: an 80 mm roll page as tall as its lines, or the top of an A4 page;
    the live page's QR code at its foot when the site's address is known (`base_url`, else
    TDCONSOLE_PUBLIC_URL)."""
    with override(lang):
        fonts_register()
        base = base_url_of(base_url=base_url)
        rows = receipt_rows(purchase, event, lang, live_url(event=event, base_url=base) if base else "")
        title = _("Receipt #%(number)s · %(event)s") % {"number": purchase.number, "event": event.name}
        if size == "a4":
            scale = 1.15
            inner = A4_RECEIPT_WIDTH - 2 * 6 * mm
            laid = _layout([Row(r.style, r.left, r.right, r.size * scale, r.bold, r.lines) for r in rows], inner)
            c = Canvas(out, pagesize=A4, pageCompression=1, initialFontName=REGULAR)
            c.setTitle(title)
            c.setAuthor("tdconsole")
            left, top = 15 * mm, A4[1] - 15 * mm
            bottom = _draw_rows(c, laid, left + 6 * mm, top - 4 * mm, inner)
            c.setLineWidth(0.5)
            c.rect(left, bottom - 4 * mm, A4_RECEIPT_WIDTH, top - bottom + 4 * mm)
        else:
            inner = RECEIPT_WIDTH - 2 * RECEIPT_MARGIN
            laid = _layout(rows, inner)
            height = _height(laid) + 2 * RECEIPT_MARGIN
            c = Canvas(out, pagesize=(RECEIPT_WIDTH, height), pageCompression=1, initialFontName=REGULAR)
            c.setTitle(title)
            c.setAuthor("tdconsole")
            _draw_rows(c, laid, RECEIPT_MARGIN, height - RECEIPT_MARGIN, inner)
        c.showPage()
        c.save()


# --- the close-out report ---------------------------------------------------------------------------------


def build_closeout(report: CloseoutReport, event: Event, out: IO[bytes] | str, lang: str) -> None:
    """The cash close-out: money in by method, what accounts for it, the difference, each player's money,
    and signature lines for the cashier and the director."""
    with override(lang):
        money = _money(event, lang)
        result = report.closeout
        sheet = Sheet(out, title=_("Cash close-out · %(event)s") % {"event": event.name},
                      subtitle=f"{_house_line(event)} · {formats.date_format(event.date, 'SHORT_DATE_FORMAT')}",
                      footer=_("Printed %(when)s") % {"when": _when(timezone.now())})
        x = sheet.margin
        right = sheet.width - sheet.margin

        def heading(text: str) -> None:
            sheet.need(40)
            sheet.text(x, text, 11, bold=True)
            sheet.down(5)
            sheet.line(x, right, 0.6)
            sheet.down(13)

        # Money in, by method: what came in, what went out, what the drawer should hold.
        heading(_("Money in"))
        cols = (right - 190, right - 95, right)
        for cx, label in zip(cols, (_("In"), _("Paid out"), _("Should hold")), strict=True):
            sheet.text(cx, label, 8.5, bold=True, right=True)
        sheet.down(13)
        drawer = result.in_drawer_by_method
        for method, label in DRAWER_METHODS:
            sheet.text(x, str(label), 9.5)
            sheet.text(cols[0], money(result.money_in_by_method.get(method, Decimal(0))), 9.5, right=True)
            sheet.text(cols[1], money(result.paid_out_by_method.get(method, Decimal(0))), 9.5, right=True)
            sheet.text(cols[2], money(drawer[method]), 9.5, right=True)
            sheet.down(13)
        if result.tickets_in:
            sheet.text(x, _("Satellite tickets (not in a drawer)"), 9.5)
            sheet.text(cols[0], money(result.tickets_in), 9.5, right=True)
            sheet.down(13)
        if result.unrecorded_entries:
            label = _("Entries without a recorded payment (%(n)s)") % {"n": format_number(result.unrecorded_entries,
                                                                                          lang)}
            sheet.text(x, label, 9.5, width=cols[0] - x - 80)
            sheet.text(cols[0], money(result.unrecorded_money), 9.5, right=True)
            sheet.down(13)
        sheet.down(2)
        sheet.line(x, right)
        sheet.down(12)
        sheet.text(x, _("Total money in"), 10, bold=True)
        sheet.text(cols[0], money(result.money_in), 10, bold=True, right=True)
        sheet.down(24)

        # What accounts for it (docs/club-money.md, "The close-out").
        heading(_("Accounted for"))
        staff_percent = report.summary.get("staff_percent") or Decimal(0)
        lines: list[tuple[str, Decimal | None, bool]] = [
            (_("Prizes owed (payout table and deal)"), result.prizes_owed, False),
            (_("paid at the cash desk: %(paid)s · still to pay: %(unpaid)s")
             % {"paid": money(result.prizes_paid), "unpaid": money(result.prizes_unpaid)}, None, True),
            (_("Fees"), result.fees, False),
            (_("Staff (%(percent)s%% of the pool)") % {"percent": percent(staff_percent, lang)},
             result.staff_deduction, False),
            (_("Staff add-ons"), result.staff_addons, False),
            (_("Bounties won or paid back"), result.bounties_paid, False),
            (_("Bounties on the heads of players in play"), result.bounties_on_heads, False),
            (_("Overlay (guarantee), paid by the house"), -result.overlay, False),
        ]
        for label, amount, detail in lines:
            if detail:  # a line under the one above, indented, without an amount of its own
                sheet.text(x + 12, label, 8.5, width=cols[1] - x - 12)
            else:
                sheet.text(x, label, 9.5, width=cols[1] - x - 90)
                sheet.text(cols[1], money(amount), 9.5, right=True)
            sheet.down(13)
        sheet.down(2)
        sheet.line(x, right)
        sheet.down(12)
        sheet.text(x, _("Total accounted for"), 10, bold=True)
        sheet.text(cols[1], money(result.accounted), 10, bold=True, right=True)
        sheet.down(20)
        sheet.text(x, _("Difference (money in − accounted for)"), 12, bold=True)
        sheet.text(cols[1], money(result.difference), 12, bold=True, right=True)
        sheet.down(24)

        # The pool, for reading the lines above.
        heading(_("Prize pool"))
        pool_lines = [(_("Collected for the pool"), result.prize_in)]
        if result.staff_deduction:
            pool_lines.append((_("Staff (%(percent)s%%)") % {"percent": percent(staff_percent, lang)},
                               -result.staff_deduction))
        if result.overlay:
            pool_lines.append((_("Overlay (guarantee)"), result.overlay))
        pool_lines.append((_("Prize pool"), result.prize_pool))
        if result.undistributed:
            pool_lines.append((_("Not shared out by the payout table"), result.undistributed))
        for label, amount in pool_lines:
            sheet.text(x, label, 9.5, width=cols[1] - x - 90)
            sheet.text(cols[1], money(amount), 9.5, right=True)
            sheet.down(13)
        if report.summary.get("rebuys") or report.summary.get("addons"):
            sheet.text(x, _("Rebuys: %(rebuys)s · Add-ons: %(addons)s") % {
                "rebuys": format_number(report.summary.get("rebuys", 0), lang),
                "addons": format_number(report.summary.get("addons", 0), lang)}, 8.5)
            sheet.down(13)
        sheet.down(14)

        _ledger(sheet, report, money, lang)
        _signatures(sheet)
        sheet.save()


_LEDGER_NUMBERS = 34  # the entry number's column, at least


def _ledger(sheet: Sheet, report: CloseoutReport, money: Callable[[Decimal], str], lang: str) -> None:
    x = sheet.margin
    right = sheet.width - sheet.margin
    size = 7.5
    money_width = 58.0
    count_width = 42.0
    # right edges, from the right: net, paid out, prize, bounties, add-ons, rebuys, paid in
    edges = {}
    edge = right
    for key, width in (("net", money_width), ("paid_out", money_width), ("prize", money_width),
                       ("bounties", money_width), ("addons", count_width), ("rebuys", count_width),
                       ("paid_in", money_width)):
        edges[key] = edge
        edge -= width
    name_x = x + max(_LEDGER_NUMBERS, text_width(_("Entry"), BOLD, size) + 8)
    name_width = edge - name_x - 6
    labels = {"paid_in": _("Paid in"), "rebuys": _("Rebuys"), "addons": _("Add-ons"), "bounties": _("Bounties"),
              "prize": _("Prize"), "paid_out": _("Paid out"), "net": _("Net")}

    def header() -> None:
        sheet.text(x, _("Entry"), size, bold=True)
        sheet.text(name_x, _("Player"), size, bold=True)
        for key, label in labels.items():
            sheet.text(edges[key], fit(label, BOLD, size, (count_width if key in ("rebuys", "addons")
                                                          else money_width) - 4), size, bold=True, right=True)
        sheet.down(4)
        sheet.line(x, right, 0.5)
        sheet.down(10)

    sheet.need(60)
    sheet.text(x, _("Players"), 11, bold=True)
    sheet.down(16)
    header()
    totals = dict.fromkeys(("paid_in", "bounties", "prize", "paid_out", "net"), Decimal(0))
    counts = {"rebuys": 0, "addons": 0}
    for i, p in enumerate(report.players):
        if sheet.y < sheet.margin + 14:
            sheet.new_page()
            header()
        if i % 2 == 0:
            c = sheet.canvas
            c.setFillGray(0.93)
            c.rect(x, sheet.y - 2.6, right - x, 10.5, stroke=0, fill=1)
            c.setFillGray(0)
        sheet.text(x, f"#{p.number}", size)
        sheet.text(name_x, p.name, size, width=name_width)
        values = {"paid_in": p.paid_in, "bounties": p.bounties, "prize": p.prize, "paid_out": p.paid_out,
                  "net": p.net}
        for key, amount in values.items():
            totals[key] += amount
            sheet.text(edges[key], money(amount) if amount else "—", size, right=True)
        for key in counts:
            counts[key] += getattr(p, key)
            value = getattr(p, key)
            sheet.text(edges[key], format_number(value, lang) if value else "—", size, right=True)
        sheet.down(10.5)
    sheet.need(30)
    sheet.down(2)
    sheet.line(x, right, 0.5)
    sheet.down(11)
    sheet.text(name_x, ngettext("Total (%(n)s entry)", "Total (%(n)s entries)", len(report.players))
               % {"n": format_number(len(report.players), lang)}, size,
               bold=True, width=name_width)
    for key, amount in totals.items():
        sheet.text(edges[key], money(amount), size, bold=True, right=True)
    for key, value in counts.items():
        sheet.text(edges[key], format_number(value, lang), size, bold=True, right=True)
    sheet.down(12)
    note = _("Bounties: won at once, and the player's own head when it is paid back to them. "
             "Net: prize + bounties − paid in.")
    sheet.lines(x, note, 7.5, right - x, max_lines=2)
    sheet.down(10)


def _signatures(sheet: Sheet) -> None:
    x = sheet.margin
    right = sheet.width - sheet.margin
    half = (right - x) / 2
    sheet.need(80)
    sheet.down(46)
    sheet.line(x, x + half - 20)
    sheet.line(x + half + 20, right)
    sheet.down(11)
    sheet.text(x, _("Cashier"), 8.5)
    sheet.text(x + half + 20, _("Tournament director"), 8.5)
