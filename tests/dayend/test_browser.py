"""A scripted clerk types a table's bag counts at human speed (8 keystrokes a second, Enter or Tab
after each count), in a real browser: the time per player is measured and extrapolated to 300."""

import platform
import time

import pytest

from tdconsole.dayend.days import day_end_set
from tdconsole.dayend.models import BagCount
from tdconsole.tournaments.models import Entry
from tests import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEY_DELAY_MS = 125  # 8 keystrokes a second
# What the clerk types for seats 1..9: plain, grouped, the short forms; one mistyped and corrected later.
TYPED = ["12350", "45.000", "30,5k", "8 000", "1,2m", "27.650", "33000", "5O.000", "19.25k"]
MEANT = [12350, 45000, 30500, 8000, 1_200_000, 27650, 33000, 50000, 19250]


def test_a_clerk_types_a_tables_counts_at_keyboard_speed(page, live_server, browser_login, cast, event):
    event.starting_stack = 200_000
    event.save(update_fields=["starting_stack"])
    factories.make_entries(event, 9)
    factories.seat_field(event)
    day = day_end_set(event=event, actor=cast["director"], name="Dia 1A", last_level=2)
    entries = list(Entry.objects.filter(event=event).order_by("seat"))
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/day-end/counts/?table={entries[0].table.number}")
    inputs = page.locator("[data-testid=count-input]")
    assert inputs.count() == 9
    inputs.nth(0).click()
    began = time.monotonic()
    keystrokes = 0
    for i, typed in enumerate(TYPED):
        page.keyboard.type(typed, delay=KEY_DELAY_MS)
        page.keyboard.press("Enter" if i % 2 else "Tab", delay=KEY_DELAY_MS)
        keystrokes += len(typed) + 1
        if i + 1 < len(TYPED):
            # The cursor moved on to the next seat by itself.
            assert page.evaluate("document.activeElement.closest('tr').dataset.seat") == str(entries[i + 1].seat)
    page.wait_for_function("() => document.querySelectorAll('[data-testid=count-saved], [data-testid=count-error]')"
                           ".length + document.querySelectorAll('[data-testid=count-outlier]').length >= 9")
    typing = time.monotonic() - began
    # The mistyped count (a letter O for a zero) is refused in its row, nothing saved; corrected in place.
    row = page.locator(f"#count-row-{entries[7].pk}")
    assert row.locator("[data-testid=count-error]").inner_text().startswith("Não é um número")
    assert not BagCount.objects.filter(entry=entries[7]).exists()
    began_fix = time.monotonic()
    row.locator("[data-testid=count-input]").click()
    page.keyboard.type("50.000", delay=KEY_DELAY_MS)
    page.keyboard.press("Tab", delay=KEY_DELAY_MS)
    page.locator(f"#count-row-{entries[7].pk} [data-testid=count-saved]").wait_for()
    fixing = time.monotonic() - began_fix
    saved = dict(BagCount.objects.filter(day=day).values_list("entry__seat", "chips"))
    assert saved == {e.seat: chips for e, chips in zip(entries, MEANT, strict=True)}
    # 1,2m is more than five times the average (1.800.000 chips in play / 9 = 200.000): flagged for a recount.
    assert page.locator(f"#count-row-{entries[4].pk} [data-testid=count-outlier]").count() == 1
    per_player = (typing + fixing) / len(TYPED)
    total_300 = per_player * 300
    print(f"\nbag counts typed at {1000 // KEY_DELAY_MS} keystrokes/s: {len(TYPED)} players, {keystrokes} keystrokes "
          f"in {typing:.1f} s (+ {fixing:.1f} s correcting one); {per_player:.2f} s per player -> "
          f"300 players in {total_300 / 60:.1f} min (target < 20 min) on {platform.node()} "
          f"({platform.machine()}, Python {platform.python_version()})")
    assert total_300 < 20 * 60
