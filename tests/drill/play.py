"""What the drills do the way staff do it: log in, type a bust and confirm it, do what the balancing panel
asks, check the seating; shared by the whole-night drill and the festival drill."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager

from tdconsole.tournaments.models import Entry, Event

PASSWORD = "correct-horse-battery"
KEY_DELAY_MS = 30  # a clerk typing a bust


@contextmanager
def browser_contexts(screenshot, prefix: str) -> Iterator[list]:
    """The list a drill appends its browser contexts to: if the drill fails, a screenshot of every page still
    open (`<prefix>-failure-<context>-<page>.png`) for the one reading the failure; every context closed."""
    contexts: list = []
    try:
        yield contexts
    except BaseException:
        for c, context in enumerate(contexts):
            for p, pg in enumerate(context.pages):
                try:
                    screenshot(pg, f"{prefix}-failure-{c}-{p}")
                except Exception:  # noqa: BLE001 - a closed page has nothing to show
                    pass
        raise
    finally:
        for context in contexts:
            context.close()


def password_for_gunicorn(user) -> None:
    """Give `user` a PBKDF2 password: the test process hashes with MD5 for speed, gunicorn knows only the real
    hashers."""
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    user.password = PBKDF2PasswordHasher().encode(PASSWORD, "drillsalt", iterations=1000)
    user.save(update_fields=["password"])


def _login(page, base: str, user) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", PASSWORD)
    page.click("[data-testid=login-submit]")
    page.wait_for_url(f"{base}/")


def _wait(predicate, seconds: float = 20.0, what: str = "condition", pump=None):
    """Poll `predicate`; with `pump` (a page), wait through it so its route handlers keep running."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        if pump is not None:
            pump.wait_for_timeout(100)
        else:
            time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _alive(event: Event) -> list[Entry]:
    return list(Entry.objects.filter(event=event, status=Entry.Status.ALIVE).select_related("player", "table")
                .order_by("table__number", "seat"))


def _bust(page, base: str, event: Event, text: str) -> list[int]:
    """Type a bust ("12 4" or "12 4:3000 7:5000") on the eliminations page and confirm it."""
    url = f"{base}/events/{event.slug}/eliminations/"
    if not page.url.startswith(url):
        page.goto(url)
    field = page.locator("[data-testid=bust-input]")
    field.fill("")
    field.type(text, delay=KEY_DELAY_MS)
    field.press("Enter")
    # The first Enter shows who sits there; the second busts exactly them.
    page.locator("[data-testid=bust-confirm]").wait_for()
    shown = page.locator("[data-testid=bust-who]").evaluate_all("els => els.map(e => e.dataset.entry)")
    page.locator("[data-testid=bust-input]").press("Enter")
    page.locator("[data-testid=bust-done]").wait_for()
    return [int(n) for n in shown]


def _follow_balancing_panel(page, base: str, event: Event) -> str:
    """Do what the balancing panel asks (break a table, balance, final table); say what was done."""
    page.goto(f"{base}/events/{event.slug}/tables/balance/")
    panel = page.locator("[data-testid=balance-panel]")
    panel.wait_for()
    if page.locator("[data-testid=final-draw]").count():
        page.click("[data-testid=final-draw]")
        page.locator("[data-testid=panel-notice]").wait_for()
        return "final"
    if page.locator("[data-testid=break-table]").count():
        page.click("[data-testid=break-table]")
        page.locator("[data-testid=panel-notice]").wait_for()
        return "break"
    if page.locator("[data-testid=show-moves]").count():
        for box in page.locator("[data-testid^=button-]").all():
            box.fill("1")
        page.click("[data-testid=show-moves]")
        page.locator("[data-testid=confirm-moves]").click()
        page.locator("[data-testid=panel-notice]").wait_for()
        return "balance"
    return ""


def _check_seating(event: Event) -> None:
    alive = _alive(event)
    assert all(e.table_id and e.seat for e in alive), "everyone still in is seated"
    assert len({(e.table_id, e.seat) for e in alive}) == len(alive), "one player per seat"
    sizes: dict[int, int] = {}
    for e in alive:
        sizes[e.table.number] = sizes.get(e.table.number, 0) + 1
    assert max(sizes.values()) <= event.seats_per_table


def bust_one_and_rebalance(page, base: str, event: Event, rng: random.Random, actions: list[str]) -> Entry:
    """Bust a player picked by `rng` by typing their table and seat, check their place, then do what the
    balancing panel asks until it asks nothing (or has drawn the final table), recording each action."""
    alive = _alive(event)
    out = rng.choice(alive)
    assert _bust(page, base, event, f"{out.table.number} {out.seat}") == [out.number]
    out.refresh_from_db()
    assert out.status == Entry.Status.BUSTED and out.place == len(alive), "the bust places at once"
    if len({e.table_id for e in _alive(event)}) > 1:
        while action := _follow_balancing_panel(page, base, event):
            actions.append(action)
            _check_seating(event)
            if action == "final":
                break
    _check_seating(event)
    return out
