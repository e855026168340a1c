"""A club night in headless Chromium, as the cashier and the floor work it (issue 14, "Checks").

40 players bought in (set up through the factories), then in the browser: 25 rebuys sold at the cash desk by
typing ("/", the entry number, Enter, the sale), paid by cash, PIX and card; the clock moved to the add-on
break; 30 add-ons and 3 staff add-ons; a sale the rules refuse shows why and sells nothing; busts with their
eliminators typed at the elimination desk (one pot split); the payout table generated and locked; the field
busted down to a winner; every prize and bounty paid from the cash desk's ledger; the close-out page and its
PDF balance to the cent. Each phase is checked against the database, the money against what the rules make it.
"""

import re
import subprocess
from datetime import timedelta
from decimal import ROUND_DOWN
from decimal import Decimal as D

import pytest
from django.db import transaction
from django.utils import timezone

from tdconsole.cashier.bounties import bounties_award, bounty_money, heads
from tdconsole.cashier.models import BountyAward, Payout, Purchase
from tdconsole.clock import services as clock
from tdconsole.payouts.services import payout_table_generate, payout_table_lock
from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate
from tdconsole.tournaments.models import Entry, Event
from tests import factories
from tests.browser import focused, overflow, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ARTIFACTS_PREFIX = "club-night"
# Blind levels 1-3, the add-on break after level 3, then levels 4-6.
LEVELS = [
    ("level", 100, 200, 200, 20, None), ("level", 200, 400, 400, 20, None), ("level", 300, 600, 600, 20, None),
    ("break", 0, 0, 0, 15, None),
    ("level", 400, 800, 800, 20, None), ("level", 500, 1000, 1000, 20, None), ("level", 600, 1200, 1200, 20, None),
]
PRIZE, FEE, HEAD = D("100"), D("10"), D("50")
RULES = {
    "rebuy_until_level": 3, "rebuy_condition": "stack", "max_rebuys": 3, "double_rebuy": True,
    "rebuy_prize": D("100"), "rebuy_fee": D("10"), "rebuy_bounty": D("50"), "rebuy_chips": 20000,
    "addon_break_after_level": 3, "max_addons": 1, "addon_prize": D("50"), "addon_fee": D("0"), "addon_chips": 20000,
    "staff_addon_price": D("10"), "staff_addon_chips": 5000,
    "bounty_kind": "pko", "bounty": HEAD, "pko_cash_percent": D("50"), "bounty_unit": D("5"), "bounty_split": "equal",
    "staff_percent": D("3"),
}
PLAYERS, REBUYS, ADDONS, STAFF = 40, 25, 30, 3
BUY_IN_METHODS = ["cash"] * 20 + ["pix"] * 12 + ["card"] * 8          # entries 1-40
REBUY_METHODS = ["cash"] * 10 + ["pix"] * 8 + ["card"] * 7             # entries 1-25
ADDON_METHODS = ["cash"] * 15 + ["pix"] * 10 + ["card"] * 5            # entries 1-30
STAFF_METHODS = ["cash", "pix", "cash"]                                # entries 31-33


def text(locator) -> str:
    return " ".join(locator.inner_text().replace("\u00a0", " ").split())


def brl(amount: D) -> str:
    """pt-BR money as the pages print it: R$ 1.234,50."""
    whole, cents = f"{amount:.2f}".split(".")
    return f"R$ {int(whole):,}".replace(",", ".") + f",{cents}"


def entry(event, number) -> Entry:
    return Entry.objects.select_related("table", "player").get(event=event, number=number)


def head_of(event, number) -> D:
    pk = entry(event, number).pk
    return heads(event=event, entry_ids=[pk])[pk]


def pko_split(head: D, ways: int) -> list[tuple[D, D]]:
    """What each of `ways` eliminators wins of `head` under RULES: half now in whole R$ 5 bills (the units left
    over one each to the first named), the rest on their heads to the cent (the cents left over likewise)."""
    unit = RULES["bounty_unit"]
    cash = (head * RULES["pko_cash_percent"] / 100 / unit).to_integral_value(ROUND_DOWN) * unit
    units, cents = int(cash / unit), int((head - cash) * 100)
    return [((units // ways + (i < units % ways)) * unit, D(cents // ways + (i < cents % ways)) / 100)
            for i in range(ways)]


def sell(page, live_server, event, number, kind, method, receipt_number, price):
    """At the cash desk: "/", the entry number, Enter; the payment method; the sale (Enter on the first offer
    when the method is already picked and the sale is the one offered first, else its button)."""
    page.locator("h1").click()
    page.keyboard.press("/")
    assert focused(page, "q") == "q"
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")  # the last number typed goes (typing it again would change nothing)
    page.keyboard.type(str(number), delay=10)
    page.wait_for_selector(f"[data-testid=cash-match-{number}]")
    # The panel on screen may already be this entry's (a refused sale left it open): mark it, so that the wait
    # below is for the panel Enter brings, not the old one a later swap would replace under the clicks.
    page.evaluate("document.querySelector('#cash-main').dataset.stale = '1'")
    page.keyboard.press("Enter")
    pk = entry(event, number).pk
    page.wait_for_selector(f"#cash-main:not([data-stale]) [data-testid=sale-form] input[name=entry][value='{pk}']",
                           state="attached")
    radio = page.locator(f"[data-testid=method-{method}]")
    if kind == "rebuy" and radio.is_checked():
        assert focused(page, "sell-rebuy", attr="data-testid") == "sell-rebuy"
        page.keyboard.press("Enter")
    else:
        radio.check()
        page.click(f"[data-testid=sell-{kind}]")
    page.wait_for_selector(f"[data-testid=receipt-line]:has-text('nº {receipt_number} ')")
    assert text(page.locator("[data-testid=receipt-line]")).startswith(f"Recibo nº {receipt_number} · {brl(price)}")


def bust_at_desk(page, live_server, event, typed, busted, eliminators):
    """At the elimination desk: the bust typed with its eliminators, Enter, the confirmation read, Enter."""
    page.goto(f"{live_server.url}/events/{event.slug}/eliminations/")
    page.wait_for_function("() => document.activeElement && document.activeElement.name === 'bust'")
    page.keyboard.type(typed, delay=10)
    page.keyboard.press("Enter")
    page.locator("[data-testid=bust-confirm]").wait_for()
    assert [int(n) for n in page.locator("[data-testid=bust-by-who]").evaluate_all(
        "els => els.map(e => e.dataset.entry)")] == eliminators
    assert page.locator("[data-testid=bust-who]").get_attribute("data-entry") == str(busted)
    confirm = text(page.locator("[data-testid=bust-confirm]"))
    page.keyboard.press("Enter")
    page.locator("[data-testid=bust-done]").wait_for()
    return confirm


def knock(event, busted, by, actor):
    """A bust with its eliminator as the desk records it (the bust and the award in one transaction)."""
    out = entry(event, busted)
    with transaction.atomic():
        done = entries_eliminate(event=event, table_number=out.table.number, actor=actor, level_position=None,
                                 busts=[SeatBust(seat=out.seat, entry_id=out.pk)])
        bounties_award(event=event, elimination=done, eliminators={out.pk: [entry(event, by).pk]}, actor=actor)


def pdf_text(content: bytes) -> str:
    from tests.conftest import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{ARTIFACTS_PREFIX}-closeout.pdf"
    path.write_bytes(content)
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True).stdout
    return out.decode().replace("\u00a0", " ")


def test_a_club_night_at_the_cash_and_elimination_desks_balances_to_the_cent(
        live_server, browser, page, browser_login, screenshot, festival, director):
    # --- set-up: 40 players bought in (PKO head R$ 50), seated, the clock at level 2 ---------------------------
    event = factories.make_event("club-night", festival=festival, levels=LEVELS, structure_name="Club night",
                                 structure_slug="club-night-structure", status=Event.Status.RUNNING,
                                 format=Event.Format.REENTRY, max_entries=1, late_registration_level=3,
                                 buy_in_prize=PRIZE, buy_in_fee=FEE, starting_stack=20000)
    factories.make_money_rules(event, **RULES)
    for method in ("cash", "pix", "card"):
        names = [f"Jogador {n:02d}" for n in range(1, PLAYERS + 1) if BUY_IN_METHODS[n - 1] == method]
        factories.make_paid_entries(event, names, method=method)
    factories.seat_field(event)
    clock.clock_start(event=event, actor=director, now=timezone.now() - timedelta(minutes=30))  # level 2
    assert Purchase.objects.filter(event=event, kind="entry").count() == PLAYERS
    assert list(Entry.objects.filter(event=event).order_by("number").values_list("player__name", flat=True))[:2] == [
        "Jogador 01", "Jogador 02"]

    page.set_viewport_size({"width": 1366, "height": 768})
    browser_login(page, "registration")
    page.goto(f"{live_server.url}/events/{event.slug}/cash/")

    # --- 25 rebuys, typed at the cash desk -------------------------------------------------------------------
    rebuy_price = RULES["rebuy_prize"] + RULES["rebuy_fee"] + RULES["rebuy_bounty"]
    for n in range(1, REBUYS + 1):
        sell(page, live_server, event, n, "rebuy", REBUY_METHODS[n - 1], PLAYERS + n, rebuy_price)
    rebuys = Purchase.objects.filter(event=event, kind="rebuy", voided_at__isnull=True)
    assert rebuys.count() == REBUYS
    assert sorted(rebuys.values_list("entry__number", flat=True)) == list(range(1, REBUYS + 1))
    for method in ("cash", "pix", "card"):
        assert rebuys.filter(method=method).count() == REBUY_METHODS.count(method)
    assert entry(event, 1).chips == 40000 and entry(event, 26).chips == 20000
    assert overflow(page) <= 0
    screenshot(page, f"{ARTIFACTS_PREFIX}-rebuy-1366")

    # A second rebuy for entry 1 (stack 40,000, above the starting stack) is refused: the button says why, and
    # a sale sent anyway (the button forced) answers the reason and sells nothing.
    page.locator("h1").click()
    page.keyboard.press("/")
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.keyboard.type("1")
    page.wait_for_selector("[data-testid=cash-match-1]")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"[data-testid=sale-form] input[name=entry][value='{entry(event, 1).pk}']",
                           state="attached")
    assert page.locator("[data-testid=sell-rebuy]").is_disabled()
    why = text(page.locator("[data-testid=why-rebuy]"))
    assert "20.000" in why, why  # the starting stack it must be at or below
    assert page.locator("[data-testid=sell-addon]").is_disabled()  # not at its break yet
    page.evaluate("document.querySelector('[data-testid=sell-rebuy]').disabled = false")
    page.click("[data-testid=sell-rebuy]")
    page.wait_for_selector("[data-testid=cash-error]")
    assert text(page.locator("[data-testid=cash-error]")) == why
    assert Purchase.objects.filter(event=event).count() == PLAYERS + REBUYS
    screenshot(page, f"{ARTIFACTS_PREFIX}-refused-1366")

    # --- the clock to the add-on break (after level 3); registration closes with level 3 ---------------------
    clock.clock_next_level(event=event, actor=director)
    clock.clock_next_level(event=event, actor=director)
    Event.objects.filter(pk=event.pk).update(registration_closed_at=timezone.now())
    event.refresh_from_db()
    addon_price = RULES["addon_prize"] + RULES["addon_fee"]
    number = PLAYERS + REBUYS
    for n in range(1, ADDONS + 1):
        number += 1
        sell(page, live_server, event, n, "addon", ADDON_METHODS[n - 1], number, addon_price)
    for i, n in enumerate(range(31, 31 + STAFF)):
        number += 1
        sell(page, live_server, event, n, "staff", STAFF_METHODS[i], number, RULES["staff_addon_price"])
    addons = Purchase.objects.filter(event=event, kind="addon", voided_at__isnull=True)
    assert addons.count() == ADDONS and Purchase.objects.filter(event=event, kind="staff").count() == STAFF
    for method in ("cash", "pix", "card"):
        assert addons.filter(method=method).count() == ADDON_METHODS.count(method)
    assert entry(event, 1).chips == 60000 and entry(event, 31).chips == 25000
    # Entry 1 has had its add-on: a second one is refused, with the reason on the button.
    assert page.locator("[data-testid=sell-staff]").count() == 1  # the panel of entry 33
    sell_again = Purchase.objects.filter(event=event).count()
    page.goto(f"{live_server.url}/events/{event.slug}/cash/?entry={entry(event, 1).pk}")
    assert page.locator("[data-testid=sell-addon]").is_disabled()
    assert text(page.locator("[data-testid=why-addon]"))
    assert Purchase.objects.filter(event=event).count() == sell_again
    screenshot(page, f"{ARTIFACTS_PREFIX}-addon-break-1366")

    # --- the payout table, generated and locked: the pool is what the rules make it ----------------------------
    prize_in = PLAYERS * PRIZE + REBUYS * RULES["rebuy_prize"] + ADDONS * RULES["addon_prize"]
    deduction = (prize_in * RULES["staff_percent"] / 100).quantize(D("0.01"))
    pool = prize_in - deduction
    assert (prize_in, deduction, pool) == (D("8000"), D("240.00"), D("7760.00"))
    payout_table_generate(event=event, actor=director)
    table = payout_table_lock(event=event, actor=director)
    assert table.prize_pool == pool
    places = {p.place: p.amount for p in table.places.all()}
    assert sum(places.values()) == pool and len(places) >= 3

    # --- busts at the elimination desk, the eliminators typed ----------------------------------------------------
    floor_context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="pt-BR")
    floor = floor_context.new_page()
    floor.set_default_timeout(10_000)
    try:
        browser_login(floor, "floor")
        cases = [(1, [2]), (32, [33, 34]), (2, [3])]  # entry 32 (no rebuy) split between 33 and 34
        for busted, by in cases:
            out = entry(event, busted)
            before = {n: head_of(event, n) for n in [busted, *by]}
            expected_head = HEAD + (RULES["rebuy_bounty"] if busted <= REBUYS else 0)
            if busted == 2:
                expected_head += pko_split(HEAD + RULES["rebuy_bounty"], 1)[0][1]  # what 2 won on their head from 1
            assert before[busted] == expected_head
            seats = " ".join(str(entry(event, n).seat) for n in by)
            confirm = bust_at_desk(floor, live_server, event, f"{out.table.number} {out.seat} por {seats}", busted, by)
            shares = pko_split(before[busted], len(by))
            awards = list(BountyAward.objects.filter(event=event, bust__entry=out).order_by("pk"))
            assert [(a.eliminator.number, a.cash, a.head) for a in awards] == [
                (n, cash, gain) for n, (cash, gain) in zip(by, shares, strict=True)]
            for n, (cash, gain) in zip(by, shares, strict=True):
                assert head_of(event, n) == before[n] + gain
                assert f"Jogador {n:02d} ganha {brl(cash)} na hora" in confirm, confirm
            assert entry(event, busted).status == Entry.Status.BUSTED
            assert bounty_money(event=event).difference == 0
            if len(by) > 1:
                assert [(a.cash, a.head) for a in awards] == [(D("15"), D("12.50")), (D("10"), D("12.50"))]
                floor.goto(f"{live_server.url}/events/{event.slug}/eliminations/")
                assert overflow(floor) <= 0
                screenshot(floor, f"{ARTIFACTS_PREFIX}-split-pot-1366")
    finally:
        floor_context.close()

    # --- the rest of the field busted down to a winner (services) ----------------------------------------------
    alive = list(Entry.objects.filter(event=event, status=Entry.Status.ALIVE).order_by("number")
                 .values_list("number", flat=True))
    while len(alive) > 1:
        knock(event, alive[0], alive[1], director)
        alive.pop(0)
    champion = entry(event, alive[0])
    assert champion.place == 1 and Entry.objects.filter(event=event, place__isnull=True).count() == 0
    money = bounty_money(event=event)
    bounty_in = (PLAYERS + REBUYS) * HEAD
    assert money.paid_in == bounty_in and money.difference == 0

    # --- every prize and bounty paid from the ledger -------------------------------------------------------------
    page.goto(f"{live_server.url}/events/{event.slug}/cash/ledger/")
    buttons = page.locator("[data-testid^=pay-prize-], [data-testid^=pay-bounty-]")
    paid = 0
    while (left := buttons.count()) > 0:
        button = buttons.first
        number = int(button.get_attribute("data-testid").rsplit("-", 1)[1])
        page.select_option(f"[data-testid=pay-method-{number}]", "pix" if paid % 2 else "cash")
        button.click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('[data-testid^=pay-prize-], [data-testid^=pay-bounty-]').length < n",
            arg=left)
        assert page.locator(f"[data-testid=ledger-row-{number}] [data-testid=row-notice]").count() == 1
        paid += 1
    assert wait_for(lambda: Payout.objects.filter(event=event, voided_at__isnull=True).count() == paid, page)
    prizes_paid = sum(Payout.objects.filter(event=event, kind="prize").values_list("amount", flat=True))
    bounties_paid = sum(Payout.objects.filter(event=event, kind="bounty").values_list("amount", flat=True))
    assert prizes_paid == pool
    # Every head has been won at once or is the champion's own, collected at the end: all of it paid out.
    assert (money.on_heads, money.owed_back) == (0, 0), money
    assert bounties_paid == money.paid_cash + money.collected_by_champion == bounty_in
    assert dict(Payout.objects.filter(event=event, kind="prize", entry__place__isnull=False)
                .values_list("entry__place", "amount")) == places
    assert overflow(page) <= 0
    screenshot(page, f"{ARTIFACTS_PREFIX}-ledger-paid-1366")

    # --- the close-out page and its PDF ---------------------------------------------------------------------------
    money_in = (PLAYERS * (PRIZE + FEE + HEAD) + REBUYS * rebuy_price + ADDONS * addon_price
                + STAFF * RULES["staff_addon_price"])
    assert money_in == D("11930")
    page.goto(f"{live_server.url}/events/{event.slug}/cash/closeout/")
    assert text(page.locator("[data-testid=difference-amount]")) == "R$ 0,00"
    assert page.locator("[data-testid=difference]").get_attribute("data-balanced") == "1"
    assert text(page.locator("[data-testid=money-in]")) == brl(money_in)
    assert text(page.locator("[data-testid=prize-in]")) == brl(prize_in)
    assert text(page.locator("[data-testid=staff-deduction]")) == brl(deduction)
    assert text(page.locator("[data-testid=staff]")) == brl(deduction + STAFF * RULES["staff_addon_price"])
    assert text(page.locator("[data-testid=overlay]")) == brl(D("0"))
    assert overflow(page) <= 0
    screenshot(page, f"{ARTIFACTS_PREFIX}-closeout-1366")

    href = page.locator("[data-testid=closeout-print]").get_attribute("href")
    response = page.request.get(f"{live_server.url}{href}")
    assert response.ok and response.headers["content-type"] == "application/pdf"
    raw = pdf_text(response.body())
    flat = " ".join(raw.split())
    assert re.search(r"Diferença \(recebido − contabilizado\)\s+R\$ 0,00", raw), raw
    assert f"Rebuys: {REBUYS} · Add-ons: {ADDONS}" in flat
    assert re.search(rf"Total recebido\s+{re.escape(brl(money_in))}", raw)
    assert re.search(rf"Staff \(3% da premiação\)\s+{re.escape(brl(deduction))}", raw)
    by_method = {m: sum(p.total for p in Purchase.objects.filter(event=event, method=m)) for m in ("cash", "pix")}
    assert by_method["cash"] == (20 * 160 + 10 * 160 + 15 * 50 + 2 * 10)
    assert re.search(rf"Dinheiro\s+{re.escape(brl(by_method['cash']))}", raw)
    assert re.search(rf"PIX\s+{re.escape(brl(by_method['pix']))}", raw)
