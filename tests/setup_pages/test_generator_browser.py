"""The structure generator in headless Chromium: a proposal typed from the keyboard and created once, and a
running event's remaining levels retargeted; both pages fit a desk screen (1366x768) and a phone (390 wide)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tdconsole.audit.models import AuditEntry
from tdconsole.clock import services as clock
from tdconsole.tournaments.generator import generate
from tdconsole.tournaments.models import Level, Structure
from tests import factories
from tests.browser import focused, overflow, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOUSE = (25, 100, 500, 1000, 5000)


def test_a_structure_proposed_from_the_keyboard_is_created_once(live_server, page, browser_login, screenshot):
    page.set_viewport_size({"width": 1366, "height": 768})
    browser_login(page, "director")
    page.goto(f"{live_server.url}/structures/generate/")
    assert focused(page, "stack") == "stack"
    page.keyboard.type("20.000")
    page.keyboard.press("Tab")
    page.keyboard.type("100")
    page.keyboard.press("Tab")
    page.keyboard.type("20")
    page.keyboard.press("Tab")
    page.keyboard.type("6")
    page.fill("input[name=starts_at]", "19:00")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=generator-rows]")
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=360, denominations=HOUSE)
    assert page.locator("[data-testid=row-level]").count() == sum(1 for r in plan.rows if not r.is_break)
    end = plan.expected_end_minutes
    assert f"{(19 * 60 + end) // 60 % 24:02d}:{end % 60:02d}" in page.inner_text("[data-testid=generator-end]")
    assert "Término previsto" in page.inner_text("[data-testid=generator-end]")
    assert "?stack=" in page.url  # the proposal has its own link
    assert overflow(page) <= 0
    screenshot(page, "generator-proposal-1366")
    page.fill("[data-testid=generator-name]", "Sexta 20k")
    page.dblclick("[data-testid=generator-create-button]")
    page.wait_for_selector(".msg.success")
    assert wait_for(lambda: Structure.objects.filter(name="Sexta 20k").count() == 1, page)
    page.wait_for_timeout(500)
    assert Structure.objects.filter(name="Sexta 20k").count() == 1
    assert Level.objects.filter(structure__name="Sexta 20k").count() == len(plan.rows)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/structures/generate/?stack=20000&entries=100&level_minutes=20&hours=1&chips=25,100")
    assert "cedo demais" in page.inner_text("[data-testid=generator-error]")
    assert overflow(page) <= 0
    screenshot(page, "generator-refusal-390")


def test_a_running_event_is_retargeted_and_the_new_levels_follow_the_one_played(live_server, page, browser_login,
                                                                                screenshot, cast):
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=480, denominations=HOUSE)
    rows = [(r.kind, r.small_blind, r.big_blind, r.ante, r.minutes, r.color_up) for r in plan.rows]
    event = factories.make_event("retarget", levels=rows, status="running", starting_stack=20000,
                                 chip_set=factories.make_chip_set())
    factories.make_entries(event, 140)
    clock.clock_start(event=event, actor=cast["director"], now=timezone.now() - timedelta(minutes=50))
    before = list(Level.objects.filter(structure=event.structure).order_by("position")
                  .values_list("small_blind", "big_blind", "minutes"))
    page.set_viewport_size({"width": 1366, "height": 768})
    browser_login(page, "director")
    page.goto(f"{live_server.url}/events/{event.slug}/structure/retarget/")
    assert focused(page, "ends_at") == "ends_at"
    target = timezone.localtime(timezone.now() + timedelta(hours=4)).strftime("%H:%M")
    page.keyboard.type(target)
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=retarget-proposal]")
    assert f"pedido: {target}" in page.inner_text("[data-testid=retarget-plan-end]")
    assert overflow(page) <= 0
    screenshot(page, "retarget-proposal-1366")
    page.click("[data-testid=retarget-apply-button]")
    page.wait_for_selector(".msg.success")
    assert wait_for(lambda: AuditEntry.entries.filter(action="structure.retarget", event_id=event.pk).exists(),
                    page)
    after = list(Level.objects.filter(structure=event.structure).order_by("position")
                 .values_list("small_blind", "big_blind", "minutes"))
    assert after[:3] == before[:3] and after != before
    assert after[3][1] > before[2][1]
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    assert overflow(page) <= 0
    screenshot(page, "retarget-applied-390")
