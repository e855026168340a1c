"""What the event's pages share, here and in the apps above: the event by its slug, the links of
the event's navigation bar, and how many players a search shows.

The links name other apps' pages by URL name only (a page missing from the site has no link): the
navigation joins the console's pages, it is not a dependency on their code.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import NoReverseMatch, reverse

from tdconsole.tournaments.public import public_url

from .models import Event

SEARCH_SHOWN = 30


def event_or_404(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("festival", "structure"), slug=slug)


def _url_or_none(name: str, slug: str) -> str | None:
    try:
        return reverse(name, kwargs={"slug": slug})
    except NoReverseMatch:
        return None


def event_links(event: Event) -> dict[str, str | None]:
    slug = event.slug
    return {
        "dashboard": reverse("tournaments:event_dashboard", kwargs={"slug": slug}),
        "registration": reverse("tournaments:registration", kwargs={"slug": slug}),
        "eliminations": reverse("tournaments:eliminations", kwargs={"slug": slug}),
        "chips": reverse("tournaments:chip_counts", kwargs={"slug": slug}),
        "h4h": reverse("tournaments:hand_for_hand", kwargs={"slug": slug}),
        "edit": reverse("tournaments:event_edit", kwargs={"slug": slug}),
        # A main event's flights page, reached from the event and from each of its flights.
        "flights": reverse("tournaments:event_flights", kwargs={"slug": slug}),
        "table_map": _url_or_none("seating:table_map", slug),
        "balance": _url_or_none("seating:balance_panel", slug),
        "clock": _url_or_none("clock:desk", slug),
        "payouts": _url_or_none("payouts:table", slug),
        "deal": _url_or_none("payouts:deal", slug),
        "print": _url_or_none("printing:desk", slug),
        "cash": _url_or_none("cashier_pages:desk", slug),
        "cash_ledger": _url_or_none("cashier_pages:ledger", slug),
        "closeout": _url_or_none("cashier_pages:closeout", slug),
        "money_rules": _url_or_none("cashier_pages:rules", slug),
        "tables": _url_or_none("seating:tables_assign", slug),
        "decisions": _url_or_none("adjudication:decision_log", slug),
        "day_end": _url_or_none("dayend:day_end", slug),
        "screen": public_url(event, "clock:screen", absolute=False),
        "audit": _url_or_none("audit:event_audit", slug),
        "structure": _url_or_none("setup_pages:event_structure", slug),
        "structure_pdf": _url_or_none("printing:event_structure_pdf", slug),
    }
