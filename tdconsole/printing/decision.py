"""The decision sheet of a saved dispute: the hand, the ruling with its rules, and signature lines.

One A4 page for an ordinary hand; a long hand (many actions, long notes, several floor decisions)
wraps and goes on to the next page rather than running off the bottom. It is small and built from
one row, so the print desk's view renders it in the request (no queued Document, no Celery job).
"""

from __future__ import annotations

from typing import IO

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import override

from tdconsole.adjudication.history import DisputeRecord, dispute_record
from tdconsole.adjudication.models import SavedAdjudication
from tdconsole.core.money import format_number

from .pdf import BOLD, REGULAR, Sheet, draw, text_width, wrap

BODY = 8.5
LEADING = 11.0
# Lines a single paragraph may take before it is shortened with "…" (a note pasted twice, say).
MAX_PARAGRAPH_LINES = 60


def _para(sheet: Sheet, x: float, text: str, *, size: float = BODY, bold: bool = False,
          width: float | None = None) -> None:
    """Draw `text` wrapped to `width`, a line at a time, starting a new page where the page ends."""
    width = width if width is not None else sheet.width - sheet.margin - x
    font = BOLD if bold else REGULAR
    for paragraph in (text or "").splitlines() or [""]:
        for line in wrap(paragraph, font, size, width, max_lines=MAX_PARAGRAPH_LINES) or [""]:
            sheet.need(LEADING)
            draw(sheet.canvas, x, sheet.y, line, font, size)
            sheet.down(LEADING)


def _heading(sheet: Sheet, text: str) -> None:
    sheet.down(4)
    sheet.need(LEADING * 3)  # a heading never ends a page alone
    draw(sheet.canvas, sheet.margin, sheet.y, text, BOLD, 10.5)
    sheet.down(LEADING + 2)


def _numbered(sheet: Sheet, items: list[str], *, columns: int = 1) -> None:
    """A numbered list; in `columns` (top to bottom, then the next column) when every item fits its column
    on one line and the whole list fits on this page, otherwise one column that goes on to the next page."""
    x = sheet.margin
    width = (sheet.width - 2 * sheet.margin) / columns
    rows = -(-len(items) // columns)
    if columns > 1 and rows * LEADING <= sheet.y - sheet.bottom and all(
            text_width(item, REGULAR, BODY) <= width - 30 for item in items):
        top = sheet.y
        for n, item in enumerate(items):
            column, row = divmod(n, rows)
            left, y = x + column * width, top - row * LEADING
            draw(sheet.canvas, left + 14, y, f"{n + 1}.", REGULAR, BODY, align="right")
            draw(sheet.canvas, left + 20, y, item, REGULAR, BODY)
        sheet.down(rows * LEADING)
        return
    for n, item in enumerate(items, start=1):
        sheet.need(LEADING)
        draw(sheet.canvas, x + 14, sheet.y, f"{n}.", REGULAR, BODY, align="right")
        _para(sheet, x + 20, item)


def build_decision_sheet(dispute: SavedAdjudication, out: IO[bytes] | str, lang: str) -> None:
    """Write the decision sheet of `dispute` to `out`, in `lang` ("pt-br" or "en")."""
    with override(lang):
        _draw(dispute_record(dispute=dispute, lang=lang), out, lang)


def _draw(record: DisputeRecord, out: IO[bytes] | str, lang: str) -> None:
    dispute = record.dispute
    event = dispute.event
    number = lambda value: format_number(value, lang)  # noqa: E731
    printed = formats.date_format(record.when, "SHORT_DATETIME_FORMAT")
    sheet = Sheet(
        out, title=_("Decision sheet · %(event)s") % {"event": event.name},
        subtitle=f"{event.festival.name} · {formats.date_format(event.date, 'SHORT_DATE_FORMAT')}",
        footer=_("Dispute #%(n)s · saved %(when)s") % {"n": dispute.pk, "when": printed},
    )
    x = sheet.margin
    right = sheet.width - sheet.margin
    facts = [
        (_("Table"), str(dispute.table_number) if dispute.table_number else "–"),
        (_("Level"), record.level or "–"),
        (_("Time"), printed),
        (_("Saved by"), dispute.created_by.get_username() if dispute.created_by else "–"),
        (_("Outcome"), record.outcome),
    ]
    for label, value in facts:
        sheet.need(LEADING)
        draw(sheet.canvas, x, sheet.y, label, REGULAR, 8.5)
        _para(sheet, x + 90, value, bold=label == _("Outcome"))

    if record.players:
        _heading(sheet, _("Players"))
        columns = ((x, _("Seat")), (x + 50, _("Player")), (x + 330, _("Starting stack")), (x + 350, _("Shown")))
        for cx, label in columns:
            draw(sheet.canvas, cx, sheet.y, label, BOLD, 8.5, align="right" if cx == x + 330 else "left")
        sheet.down(LEADING)
        for player in record.players:
            sheet.need(LEADING)
            draw(sheet.canvas, x, sheet.y, str(player["seat"]), REGULAR, BODY)
            draw(sheet.canvas, x + 50, sheet.y, player["name"], REGULAR, BODY, width=200)
            draw(sheet.canvas, x + 330, sheet.y, number(player["stack"]), REGULAR, BODY, align="right")
            draw(sheet.canvas, x + 350, sheet.y, player["shown"] or "–", REGULAR, BODY, width=right - x - 350)
            sheet.down(LEADING)
        _heading(sheet, _("Actions"))
        _numbered(sheet, record.actions or [_("No action yet.")], columns=2)
        if record.board:
            sheet.down(2)
            _para(sheet, x, _("Board: %(cards)s") % {"cards": record.board}, bold=True)

    _heading(sheet, _("Pots"))
    for pot in record.pots:
        _para(sheet, x, f"{pot['name']}: {number(pot['amount'])}", bold=True)
        _para(sheet, x + 12, _("Eligible: %(names)s") % {"names": ", ".join(pot["eligible"])})
        if pot["awards"]:
            won = "; ".join(f"{name} {number(amount)}" for name, amount in pot["awards"])
            _para(sheet, x + 12, _("Won by: %(who)s") % {"who": won})
        if pot["odd_chips"]:
            _para(sheet, x + 12, _("Odd chips: %(chips)s, to the winner nearest the button's left first")
                  % {"chips": number(pot["odd_chips"])})
    for name, amount in record.uncalled:
        _para(sheet, x, _("Uncalled, returned to %(name)s: %(amount)s") % {"name": name, "amount": number(amount)})
    if record.finishing and not record.steps:  # the ruling's last step says them otherwise
        _para(sheet, x, _("Finishing stacks: %(stacks)s") % {
            "stacks": ", ".join(f"{name} {number(chips)}" for name, chips in record.finishing)})

    _heading(sheet, _("Ruling"))
    if record.error:
        _para(sheet, x, record.error["message"] or "", bold=True)
        if record.error.get("remedy"):
            _para(sheet, x, record.error["remedy"])
    _numbered(sheet, [f"{text} [{rule}]" if rule else text for text, rule in record.steps])
    if record.citations:
        sheet.down(2)
        _para(sheet, x, _("Rules applied: %(rules)s") % {"rules": " · ".join(record.citations)}, bold=True)

    if dispute.note:
        _heading(sheet, _("Note"))
        _para(sheet, x, dispute.note)

    if record.decisions:
        _heading(sheet, _("Floor decision"))
        for decision in record.decisions:
            when = formats.date_format(decision.decided_at, "SHORT_DATETIME_FORMAT")
            by = decision.decided_by.get_username() if decision.decided_by else "–"
            head = f"{when} · {by}" + (f" · {decision.rule_cited}" if decision.rule_cited else "")
            _para(sheet, x, head, size=8.5)
            _para(sheet, x, decision.question)
            _para(sheet, x, decision.decision, bold=True)
            sheet.down(4)

    _signatures(sheet, [_("Floor person"), _("Tournament director"), *record.involved])
    sheet.save()


def _signatures(sheet: Sheet, who: list[str]) -> None:
    """A line to sign and a name under it, three to a row; the heading stays with the first row."""
    per_row = 3
    rows = -(-len(who) // per_row)
    sheet.down(4)
    # The signatures stay together: a page that holds only some of them would go unsigned.
    sheet.need(LEADING * 4 + 34 * rows)
    _heading(sheet, _("Signatures"))
    x = sheet.margin
    column = (sheet.width - 2 * sheet.margin) / per_row
    for i in range(0, len(who), per_row):
        sheet.need(34)
        sheet.down(20)
        for k, name in enumerate(who[i:i + per_row]):
            left = x + k * column
            sheet.canvas.setLineWidth(0.5)
            sheet.canvas.line(left, sheet.y, left + column - 16, sheet.y)
            draw(sheet.canvas, left, sheet.y - 10, name, REGULAR, 8, width=column - 16)
        sheet.down(12)
