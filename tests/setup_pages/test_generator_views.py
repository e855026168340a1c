"""The structure generator's pages: a structure proposed and created (/structures/generate/), and an event's
remaining levels retargeted during play (/events/<slug>/structure/retarget/)."""

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tdconsole.audit.models import AuditEntry
from tdconsole.clock import services as clock
from tdconsole.clock.selectors import clock_reading
from tdconsole.core.once import new_token
from tdconsole.tournaments.generator import expected_end, generate
from tdconsole.tournaments.models import Level, Structure
from tdconsole.tournaments.structure_edit import specs_of_levels
from tests import factories

pytestmark = pytest.mark.django_db

HOUSE = (25, 100, 500, 1000, 5000)
# The URL is read in the tests: reversing at import would load the URLconf before the test settings apply.
GENERATE = "/structures/generate/"
PROPOSAL = {"stack": "20.000", "entries": "100", "level_minutes": "20", "hours": "6",
            "chips": "25, 100, 500, 1.000, 5.000"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true"}


def plan_for(**kw):
    args = dict(stack=20000, entries=100, level_minutes=20, target_minutes=360, denominations=HOUSE) | kw
    return generate(**args)


def rows_of(plan) -> list[tuple]:
    return [(r.kind, r.small_blind, r.big_blind, r.ante, r.minutes, r.color_up) for r in plan.rows]


def stored(structure) -> list[tuple]:
    return [(lv.kind, lv.small_blind, lv.big_blind, lv.ante, lv.minutes, lv.color_up)
            for lv in Level.objects.filter(structure=structure).order_by("position")]


# --- the generator page -------------------------------------------------------------------------------


def test_it_asks_a_director(client, client_as):
    assert reverse("setup_pages:structure_generate") == GENERATE
    assert client.get(GENERATE).status_code == 302
    assert client_as("floor").get(GENERATE).status_code == 403
    assert client_as("viewer").post(GENERATE, PROPOSAL | {"name": "x"}).status_code == 403
    assert not Structure.objects.exists()


def test_the_empty_form_proposes_nothing(client_as):
    response = client_as("director").get(GENERATE, **EN)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-testid="generator-form"' in page and 'data-testid="generator-rows"' not in page
    assert "25, 100, 500, 1.000, 5.000" in page


def test_a_proposal_shows_every_row_and_the_expected_end(client_as, django_assert_max_num_queries):
    director = client_as("director")
    with django_assert_max_num_queries(6):
        response = director.get(GENERATE, PROPOSAL | {"starts_at": "19:00"}, **EN)
    assert response.status_code == 200
    page = response.content.decode()
    plan = plan_for()
    assert page.count('data-testid="row-level"') == sum(1 for r in plan.rows if not r.is_break)
    assert page.count('data-testid="row-break"') == sum(1 for r in plan.rows if r.is_break)
    end = plan.expected_end_minutes
    assert f"Expected end: <strong>{(19 * 60 + end) // 60 % 24:02d}:{end % 60:02d}</strong>" in page
    assert "colour up the 25 chips" in page
    assert 'data-testid="generator-create"' in page and 'name="_once"' in page


def test_a_proposal_in_portuguese_uses_brazilian_numbers(client_as):
    page = client_as("director").get(GENERATE, PROPOSAL, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "2.000.000" in page and "Término previsto" in page


def test_htmx_gets_the_proposal_alone(client_as):
    response = client_as("director").get(GENERATE, PROPOSAL, **HTMX, **EN)
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<section id="work"') and "<h1>" not in page


def test_a_chip_set_chosen_decides_the_blinds(client_as):
    chip_set = factories.make_chip_set("Hundreds", chips=((100, "black", "#111"), (500, "purple", "#639"),
                                                          (1000, "yellow", "#ec2"), (5000, "red", "#c22")))
    page = client_as("director").get(GENERATE, PROPOSAL | {"chip_set": str(chip_set.pk), "chips": ""}, **EN)
    plan = plan_for(denominations=(100, 500, 1000, 5000))
    assert page.status_code == 200
    assert "colour up the 25 chips" not in page.content.decode()
    assert f'value="{chip_set.pk}" selected' in page.content.decode()
    assert "colour up the 100 chips" in page.content.decode() and plan.rows[0].big_blind % 100 == 0


@pytest.mark.parametrize(("fields", "expected"), [
    ({"stack": "lots"}, "Type a whole number from 1"),
    ({"stack": "99999999999999999999999"}, "Type a whole number from 1"),
    ({"hours": "", "ends_at": "02:00"}, "Give the start time with the end time."),
    ({"hours": "", "starts_at": "19:00"}, "Give the duration, or the start and end times."),
    ({"ends_at": "02:00", "starts_at": "19:00"}, "Give the duration or the end time, not both."),
    ({"hours": "seis"}, "Type the hours such as 6"),
    ({"chips": "25, abc"}, "Type the chip values"),
    ({"chip_set": "987654"}, "Select a valid choice"),
])
def test_what_was_typed_wrong_answers_400_with_the_field_named(client_as, fields, expected):
    response = client_as("director").get(GENERATE, PROPOSAL | fields, **EN)
    assert response.status_code == 400
    assert expected in response.content.decode()
    htmx = client_as("director").get(GENERATE, PROPOSAL | fields, **HTMX, **EN)
    assert htmx.status_code == 400 and expected in htmx.content.decode()


def test_an_impossible_target_says_what_would_work(client_as):
    response = client_as("director").get(GENERATE, PROPOSAL | {"hours": "1"}, **EN)
    assert response.status_code == 400
    assert "too soon for these chips" in response.content.decode() and "Allow at least 3 h 15 min" in \
        response.content.decode()


def test_create_makes_the_template_proposed_and_audits_it(client_as, director):
    director_client = client_as("director")
    response = director_client.post(GENERATE, PROPOSAL | {"starts_at": "19:00", "name": "Sexta 20k",
                                                                  "_once": new_token()}, **EN)
    assert response.status_code == 302
    structure = Structure.objects.get()
    assert structure.name == "Sexta 20k" and structure.is_template
    assert stored(structure) == rows_of(plan_for())
    assert AuditEntry.entries.filter(action="structure.create", actor=director).count() == 1
    page = director_client.get(response["Location"], **EN).content.decode()
    assert "Structure “Sexta 20k” created with" in page


def test_a_double_click_creates_once(client_as):
    director = client_as("director")
    data = PROPOSAL | {"name": "Twice", "_once": new_token()}
    first, second = director.post(GENERATE, data), director.post(GENERATE, data)
    assert first.status_code == second.status_code == 302
    assert Structure.objects.count() == 1


def test_create_without_a_name_is_refused(client_as):
    response = client_as("director").post(GENERATE, PROPOSAL | {"name": "  "}, **EN)
    assert response.status_code == 400 and "This field is required." in response.content.decode()
    assert not Structure.objects.exists()


def test_create_of_an_impossible_target_is_refused(client_as):
    response = client_as("director").post(GENERATE, PROPOSAL | {"hours": "30", "name": "x"}, **EN)
    assert response.status_code == 400 and "too far off" in response.content.decode()
    assert not Structure.objects.exists()


# --- retargeting an event -------------------------------------------------------------------------------


def running_event(*, minutes_ago: int = 30, entries: int = 120, chip_set: bool = True, director=None):
    """An event on a generated 6-hour structure for 100 entries, `entries` made, its clock started
    `minutes_ago` (the second level of 20 minutes at 30)."""
    plan = plan_for()
    event = factories.make_event("night", levels=rows_of(plan), status="running", starting_stack=20000)
    if chip_set:
        event.chip_set = factories.make_chip_set()
        event.save(update_fields=["chip_set"])
    factories.make_entries(event, entries)
    if minutes_ago is not None:
        clock.clock_start(event=event, actor=director, now=timezone.now() - timedelta(minutes=minutes_ago))
    return event


def url(event) -> str:
    return reverse("setup_pages:event_retarget", kwargs={"slug": event.slug})


def at(hours: float) -> str:
    return timezone.localtime(timezone.now() + timedelta(hours=hours)).strftime("%H:%M")


def proposal_form(page: str) -> dict:
    """The hidden fields of the page's Apply form."""
    import re

    form = page[page.index('data-testid="retarget-apply"'):]
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    fields["rows"] = fields["rows"].replace("&quot;", '"')
    return fields


def test_retarget_asks_a_director(client_as, director):
    event = running_event(director=director)
    assert client_as("floor").get(url(event)).status_code == 403
    assert client_as("registration").post(url(event), {"rows": "[]"}).status_code == 403


def test_retarget_shows_the_level_played_the_chips_and_the_levels_left(client_as, director,
                                                                       django_assert_max_num_queries):
    event = running_event(director=director)
    factories.make_purchase(event.entries.first(), kind="rebuy", chips=20000)
    director_client = client_as("director")
    with django_assert_max_num_queries(14):
        response = director_client.get(url(event), **EN)
    page = response.content.decode()
    assert response.status_code == 200
    second = [r for r in plan_for().rows if not r.is_break][1]
    assert f"level 2 ({second.small_blind}/{second.big_blind})" in page
    assert "2,420,000" in page  # 120 entries of 20,000 and a rebuy
    assert page.count('data-testid="row-level"') == sum(1 for r in plan_for().rows if not r.is_break) - 2


def test_a_retarget_is_proposed_beside_the_levels_left_and_applied(client_as, director):
    event = running_event(director=director)
    before = stored(event.structure)
    director_client = client_as("director")
    page = director_client.get(url(event), {"ends_at": at(4)}, **EN).content.decode()
    assert 'data-testid="retarget-proposal"' in page and 'data-testid="retarget-current"' in page
    fields = proposal_form(page)
    assert fields["position"] == "2"
    response = director_client.post(url(event), fields | {"_once": new_token()}, **EN)
    assert response.status_code == 302
    after = stored(event.structure)
    assert after[:2] == before[:2] and after != before
    new = json.loads(fields["rows"])
    assert after[2:] == [(r["kind"], r["small_blind"], r["big_blind"], r["ante"], r["minutes"], r["color_up"])
                         for r in new]
    assert after[2][2] > before[1][2]
    # The model now ends near the target: within half a level and a break.
    _levels, reading = clock_reading(event=event)
    specs = specs_of_levels(Level.objects.filter(structure=event.structure))
    from tdconsole.setup_pages.retarget import rows_of as generator_rows

    minutes, _number = expected_end(generator_rows(specs)[2:], 120 * 20000)
    ends = timezone.now() + reading.seconds_left + timedelta(minutes=minutes)
    assert abs((ends - (timezone.now() + timedelta(hours=4))).total_seconds()) <= 18 * 60 + 60
    assert AuditEntry.entries.filter(action="structure.retarget", event_id=event.pk).count() == 1
    assert AuditEntry.entries.filter(action="structure.levels", event_id=event.pk).count() == 1


def test_applying_after_the_clock_moved_on_is_refused(client_as, director):
    event = running_event(director=director)
    before = stored(event.structure)
    director_client = client_as("director")
    fields = proposal_form(director_client.get(url(event), {"ends_at": at(4)}).content.decode())
    clock.clock_next_level(event=event, actor=director)
    response = director_client.post(url(event), fields, **EN)
    assert response.status_code == 409
    assert "The clock has moved to another level" in response.content.decode()
    assert stored(event.structure) == before


def test_applying_after_the_structure_changed_is_refused(client_as, director):
    event = running_event(director=director)
    director_client = client_as("director")
    fields = proposal_form(director_client.get(url(event), {"ends_at": at(4)}).content.decode())
    Level.objects.filter(structure=event.structure).order_by("-position").first().delete()
    response = director_client.post(url(event), fields, **EN)
    assert response.status_code == 409 and "The structure has changed" in response.content.decode()


def test_a_target_before_the_level_ends_is_refused_with_the_earliest_time(client_as, director):
    event = running_event(director=director)
    response = client_as("director").get(url(event), {"ends_at": at(0.1)}, **EN)
    assert response.status_code == 400 and "too soon for these chips" in response.content.decode()


def test_a_damaged_proposal_is_refused(client_as, director):
    event = running_event(director=director)
    before = stored(event.structure)
    director_client = client_as("director")
    fields = proposal_form(director_client.get(url(event), {"ends_at": at(4)}).content.decode())
    for damage in ({"rows": "not json"}, {"rows": "[]"}, {"rows": '[{"kind": "level", "minutes": 20, '
                                                            '"small_blind": 1, "big_blind": 99999999999}]'},
                   {"position": "x"}, {"target": "99:99"}, {"rows": json.dumps([{"kind": "level"}] * 500)}):
        response = director_client.post(url(event), fields | damage, **EN)
        assert response.status_code in (400, 409), damage
    assert stored(event.structure) == before


def test_before_the_start_the_whole_structure_is_proposed_for_the_entries_planned(client_as, director):
    event = running_event(minutes_ago=None, entries=40, director=director)
    director_client = client_as("director")
    missing = director_client.get(url(event), {"ends_at": "23:00"}, **EN)
    assert missing.status_code == 400 and "Give the time the clock will start." in missing.content.decode()
    page = director_client.get(url(event), {"starts_at": "19:00", "ends_at": "01:00", "entries": "80"}, **EN)
    assert page.status_code == 200
    fields = proposal_form(page.content.decode())
    assert fields["position"] == ""
    assert director_client.post(url(event), fields, **EN).status_code == 302
    plan = generate(stack=20000, entries=80, level_minutes=20, target_minutes=360, denominations=HOUSE,
                    break_every=6, break_minutes=15)
    assert stored(event.structure) == rows_of(plan)


def test_a_clock_past_the_last_level_starts_the_new_levels_now(client_as, director):
    plan = plan_for()
    event = factories.make_event("short", levels=rows_of(plan)[:10], status="running", starting_stack=20000)
    factories.make_entries(event, 100)
    total = sum(r.minutes for r in plan.rows[:10])
    clock.clock_start(event=event, actor=director, now=timezone.now() - timedelta(minutes=total + 25))
    director_client = client_as("director")
    page = director_client.get(url(event), {"ends_at": at(3)}, **EN).content.decode()
    assert "The event has no chip set" in page
    fields = proposal_form(page)
    assert director_client.post(url(event), fields, **EN).status_code == 302
    _levels, reading = clock_reading(event=event)
    assert reading.position == 11 and reading.elapsed < timedelta(minutes=1)
    assert AuditEntry.entries.filter(action="clock.set_left", event_id=event.pk).count() == 1
