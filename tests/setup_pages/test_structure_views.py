"""The structure pages: the list, the editor (a template's, an event's own), copies, imports and exports."""

import json
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from tdconsole.audit.models import AuditEntry
from tdconsole.clock import services as clock
from tdconsole.clock.selectors import clock_snapshot
from tdconsole.tournaments.events import structure_create
from tdconsole.tournaments.models import Event, Level, Structure
from tests.factories import make_chip_set, make_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]

ROWS = [
    {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 200, "minutes": 20},
    {"kind": "level", "small_blind": 200, "big_blind": 400, "ante": 400, "minutes": 20},
    {"kind": "break", "minutes": 10, "color_up": 25},
    {"kind": "level", "small_blind": 300, "big_blind": 600, "ante": 600, "minutes": 20},
]
HTMX = {"HX-Request": "true"}


@pytest.fixture
def client_as(cast):
    """Logged-in clients that read the pages in English (the messages are compared as English sentences)."""
    from django.test import Client

    def login(role: str) -> Client:
        client = Client(headers={"Accept-Language": "en"})
        client.force_login(cast[role])
        return client

    return login


@pytest.fixture
def template(db):
    return structure_create(name="Club regular", slug="club-regular", rows=ROWS)


def stored(structure):
    return [(lv.kind, lv.small_blind, lv.big_blind, lv.ante, lv.minutes, lv.color_up)
            for lv in Level.objects.filter(structure=structure).order_by("position")]


def form_of(rows, *, locked=0, name="Club regular", **extra):
    """The editor's fields for `rows` (dicts; the first `locked` are not sent, as the page does)."""
    data = {"rows": str(len(rows)), "locked": str(locked), "name": name, "description": ""}
    for i, row in enumerate(rows):
        if i < locked:
            continue
        data[f"r{i}-kind"] = row.get("kind", "level")
        if row.get("kind") == "break":
            data[f"r{i}-minutes"] = str(row["minutes"])
            data[f"r{i}-color_up"] = "" if row.get("color_up") is None else str(row["color_up"])
        else:
            for key in ("small_blind", "big_blind", "ante", "minutes"):
                data[f"r{i}-{key}"] = str(row[key])
    return data | extra


# --- the list -----------------------------------------------------------------------------------------


def test_the_list_shows_templates_and_events_structures_with_the_event(client_as, template,
                                                                       django_assert_max_num_queries):
    for n in range(6):
        make_event(f"night-{n}", name=f"Night {n}")
    client = client_as("director")
    with django_assert_max_num_queries(6):  # session, user, roles, the templates, the events, their structures
        response = client.get(reverse("setup_pages:structures"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Club regular" in html and "Night 5" in html and "night-5-structure" in html
    assert reverse("setup_pages:event_structure", args=["night-5"]) in html
    assert reverse("setup_pages:structure_export_csv", args=["club-regular"]) in html
    assert reverse("setup_pages:structure_generate") in html


def test_an_events_structure_links_to_retargeting_it_and_a_template_does_not(client_as, template):
    make_event("tuesday", name="Tuesday")
    client = client_as("director")
    html = client.get(reverse("setup_pages:event_structure", args=["tuesday"])).content.decode()
    assert reverse("setup_pages:event_retarget", args=["tuesday"]) in html
    html = client.get(reverse("setup_pages:structure_edit", args=["club-regular"])).content.decode()
    assert 'data-testid="retarget"' not in html


def test_staff_read_the_list_without_the_edit_links_and_cannot_edit(client_as, template):
    viewer = client_as("viewer")
    html = viewer.get(reverse("setup_pages:structures")).content.decode()
    assert "Club regular" in html and reverse("setup_pages:structure_edit", args=["club-regular"]) not in html
    assert viewer.get(reverse("setup_pages:structure_edit", args=["club-regular"])).status_code == 403
    response = viewer.post(reverse("setup_pages:structure_edit", args=["club-regular"]), form_of(ROWS))
    assert response.status_code == 403


# --- the editor: row operations save nothing -------------------------------------------------------------


def test_the_editor_numbers_levels_and_not_breaks(client_as, template):
    html = client_as("director").get(reverse("setup_pages:structure_edit", args=["club-regular"])).content.decode()
    assert html.count('data-testid="row"') == 4
    assert 'name="r3-big_blind" value="600"' in html
    assert "Level 3, big blind" in html  # the fourth row is the third level: the break has no number
    assert 'name="r2-color_up" value="25"' in html


def test_adding_a_level_fills_in_the_next_blinds_and_saves_nothing(client_as, template):
    response = client_as("director").post(reverse("setup_pages:structure_edit", args=["club-regular"]),
                                          form_of(ROWS, op="add-level"), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="structure-editor"' in html and "<html" not in html
    assert 'name="r4-small_blind" value="400" inputmode="numeric" autocomplete="off" maxlength="20" ' \
           'data-col="small_blind" data-testid="small_blind" aria-label="Level 4, small blind" autofocus' in html
    assert 'name="r4-big_blind" value="800"' in html and 'name="r4-ante" value="800"' in html
    assert 'name="rows" value="5"' in html
    assert len(stored(template)) == 4


def test_a_level_added_after_a_row_goes_there(client_as, template):
    response = client_as("director").post(reverse("setup_pages:structure_edit", args=["club-regular"]),
                                          form_of(ROWS, op="add-level", after="0"), headers=HTMX)
    html = response.content.decode()
    assert 'name="r1-small_blind" value="200"' in html and 'name="r1-big_blind" value="300"' in html
    assert 'name="r2-big_blind" value="400"' in html


def test_moving_and_removing_rows_keep_what_was_typed(client_as, template):
    typed = [dict(ROWS[0], minutes="25"), ROWS[1], ROWS[2], dict(ROWS[3], ante="1.000")]
    client = client_as("director")
    url = reverse("setup_pages:structure_edit", args=["club-regular"])
    html = client.post(url, form_of(typed, op="up:2"), headers=HTMX).content.decode()
    assert 'name="r1-kind" value="break"' in html and 'name="r2-big_blind" value="400"' in html
    assert 'name="r0-minutes" value="25"' in html and 'name="r3-ante" value="1.000"' in html
    html = client.post(url, form_of(typed, op="remove:1"), headers=HTMX).content.decode()
    assert 'name="rows" value="3"' in html and 'name="r1-kind" value="break"' in html
    assert stored(template)[0][4] == 20


def test_an_unknown_operation_is_refused(client_as, template):
    response = client_as("director").post(reverse("setup_pages:structure_edit", args=["club-regular"]),
                                          form_of(ROWS, op="explode"), headers=HTMX)
    assert response.status_code == 400 and "Unknown action." in response.content.decode()


# --- the editor: saving ----------------------------------------------------------------------------------


def test_saving_replaces_the_rows_renames_and_audits(client_as, template):
    rows = ROWS + [{"kind": "level", "small_blind": 400, "big_blind": 800, "ante": 800, "minutes": 20}]
    response = client_as("director").post(reverse("setup_pages:structure_edit", args=["club-regular"]),
                                          form_of(rows, name="Club regular (new)", op="save"))
    assert response.status_code == 302
    assert stored(template)[-1] == ("level", 400, 800, 800, 20, None)
    assert Structure.objects.get(pk=template.pk).name == "Club regular (new)"
    assert AuditEntry.entries.filter(action="structure.levels").count() == 1
    assert AuditEntry.entries.filter(action="structure.rename").count() == 1


def test_saving_with_htmx_redraws_the_table_saved(client_as, template):
    response = client_as("director").post(reverse("setup_pages:structure_edit", args=["club-regular"]),
                                          form_of([dict(ROWS[0], minutes=30)] + ROWS[1:], op="save"), headers=HTMX)
    assert response.status_code == 200 and 'data-testid="structure-saved"' in response.content.decode()
    assert stored(template)[0][4] == 30


def test_a_refused_save_shows_each_problem_beside_its_row_and_keeps_what_was_typed(client_as, template):
    rows = [ROWS[0], dict(ROWS[1], ante=900), ROWS[2], dict(ROWS[3], small_blind=50, big_blind=100, ante=0)]
    response = client_as("director").post(reverse("setup_pages:structure_edit", args=["club-regular"]),
                                          form_of(rows, op="save"), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 400
    assert 'data-for="1"' in html and "Level 2: the ante is larger than the big blind." in html
    assert 'data-for="3"' in html and "Level 3 goes backwards" in html
    assert 'name="r1-ante" value="900"' in html and 'name="r3-small_blind" value="50"' in html
    assert stored(template)[1][3] == 400


def test_a_cell_that_is_not_a_number_is_shown_as_typed_with_the_reason(client_as, template):
    rows = [ROWS[0], dict(ROWS[1], big_blind="4oo"), ROWS[2], dict(ROWS[3], minutes="9" * 30)]
    response = client_as("director").post(reverse("setup_pages:structure_edit", args=["club-regular"]),
                                          form_of(rows, op="save"))
    html = response.content.decode()
    assert response.status_code == 400
    assert 'value="4oo"' in html and "Type a whole number" in html and "Too large." in html
    assert "Nothing was saved" in html
    assert stored(template)[1][2] == 400


def test_a_structure_without_levels_is_refused_as_a_whole(client_as, template):
    response = client_as("director").post(reverse("setup_pages:structure_edit", args=["club-regular"]),
                                          form_of([ROWS[2]], op="save"))
    assert response.status_code == 400
    assert "A structure needs at least one blind level." in response.content.decode()
    assert len(stored(template)) == 4


def test_an_empty_name_is_refused(client_as, template):
    response = client_as("director").post(reverse("setup_pages:structure_edit", args=["club-regular"]),
                                          form_of(ROWS, name="  ", op="save"))
    assert response.status_code == 400 and "Give the structure a name." in response.content.decode()


# --- an event's own structure ----------------------------------------------------------------------------


@pytest.fixture
def running(director):
    event = make_event("night", status=Event.Status.RUNNING, late_registration_level=2,
                       levels=[(r["kind"], r.get("small_blind", 0), r.get("big_blind", 0), r.get("ante", 0),
                                r["minutes"], r.get("color_up")) for r in ROWS])
    clock.clock_start(event=event, actor=director, now=timezone.now() - timedelta(minutes=25))
    return event


def test_an_events_structure_opens_from_the_event_with_the_started_levels_read_only(client_as, running):
    client = client_as("director")
    assert client.get(reverse("setup_pages:structure_edit", args=["night-structure"])).status_code == 302
    html = client.get(reverse("setup_pages:event_structure", args=["night"])).content.decode()
    # The clock plays level 2: levels 1 and 2 are text, the break and level 3 are fields.
    assert 'name="r0-big_blind"' not in html and 'name="r1-big_blind"' not in html
    assert 'name="r3-big_blind" value="600"' in html and 'name="locked" value="2"' in html
    assert 'data-testid="playing"' in html and "late registration ends" in html


def test_editing_a_future_level_while_the_clock_runs_saves_and_the_screen_shows_it_at_once(
        client_as, running, settings, django_capture_on_commit_callbacks):
    settings.CLOCK_CACHE_SECONDS = 5
    assert clock_snapshot(event=running)["next_level"]["is_break"]  # the slow parts are cached now
    rows = ROWS[:3] + [dict(ROWS[3], small_blind=500, big_blind=1000, ante=1000)]
    client = client_as("director")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(reverse("setup_pages:event_structure", args=["night"]),
                               form_of(rows, locked=2, name=running.structure.name, op="save"))
    assert response.status_code == 302 and len(callbacks) == 1
    assert stored(running.structure)[3] == ("level", 500, 1000, 1000, 20, None)
    # The view dropped the screens' cached structure: the next poll reads the new one.
    levels = clock_snapshot(event=running)["_extra"]["levels"]
    assert levels[3].big_blind == 1000


def test_a_level_already_started_cannot_change_even_when_sent(client_as, running):
    rows = [dict(ROWS[0], minutes=40)] + ROWS[1:]
    response = client_as("director").post(reverse("setup_pages:event_structure", args=["night"]),
                                          form_of(rows, locked=0, name=running.structure.name, op="save"))
    html = response.content.decode()
    assert response.status_code == 400
    assert "The clock reached a level you changed" in html
    assert stored(running.structure)[0][4] == 20
    # Redrawn as played, read-only: a second save is not stuck on it.
    assert 'name="r0-minutes"' not in html


def test_the_events_chips_check_the_blinds(client_as, director):
    event = make_event("chips", chip_set=make_chip_set(chips=[(100, "black", "#000"), (500, "purple", "#609")]))
    rows = [ROWS[0], dict(ROWS[1], small_blind=250, big_blind=500, ante=500)]
    response = client_as("director").post(reverse("setup_pages:event_structure", args=["chips"]),
                                          form_of(rows, name=event.structure.name, op="save"))
    html = response.content.decode()
    assert response.status_code == 400 and "the smallest chip is 100" in html
    page = client_as("director").get(reverse("setup_pages:event_structure", args=["chips"])).content.decode()
    assert "100, 500" in page or "100 (black)" in page


def test_a_break_colours_up_a_chip_of_the_event(client_as, director):
    event = make_event("colour", chip_set=make_chip_set(), levels=[("level", 100, 200, 200, 20, None),
                                                                   ("break", 0, 0, 0, 10, None)])
    html = client_as("director").get(reverse("setup_pages:event_structure", args=["colour"])).content.decode()
    assert '<option value="25">25 (green)</option>' in html
    rows = [ROWS[0], {"kind": "break", "minutes": 10, "color_up": 25}]
    response = client_as("director").post(reverse("setup_pages:event_structure", args=["colour"]),
                                          form_of(rows, name=event.structure.name, op="save"))
    assert response.status_code == 302 and stored(event.structure)[1][5] == 25


def test_a_finished_events_structure_is_read_only(client_as, running):
    Event.objects.filter(pk=running.pk).update(status=Event.Status.FINISHED)
    client = client_as("director")
    html = client.get(reverse("setup_pages:event_structure", args=["night"])).content.decode()
    assert 'data-testid="structure-finished"' in html and 'name="r3-big_blind"' not in html
    response = client.post(reverse("setup_pages:event_structure", args=["night"]),
                           form_of(ROWS, locked=4, name="Renamed", op="save"))
    assert response.status_code == 400 and "finished" in response.content.decode()
    assert Structure.objects.get(pk=running.structure_id).name != "Renamed"


# --- new, copy, save as template -------------------------------------------------------------------------


def test_a_new_structure_starts_from_a_template_or_one_level(client_as, template):
    client = client_as("director")
    response = client.post(reverse("setup_pages:structure_new"), {"name": "Sunday turbo", "source": template.pk})
    new = Structure.objects.get(name="Sunday turbo")
    assert response.status_code == 302
    assert response["Location"] == reverse("setup_pages:structure_edit", args=[new.slug])
    assert new.is_template and stored(new) == stored(template)
    client.post(reverse("setup_pages:structure_new"), {"name": "Blank"})
    assert stored(Structure.objects.get(name="Blank")) == [("level", 100, 200, 200, 20, None)]


def test_a_new_structure_sent_twice_with_its_token_is_made_once(client_as, template):
    client = client_as("director")
    data = {"name": "Once", "_once": "A" * 22}
    assert client.post(reverse("setup_pages:structure_new"), data).status_code == 302
    assert client.post(reverse("setup_pages:structure_new"), data).status_code == 302
    assert Structure.objects.filter(name="Once").count() == 1


def test_copying_a_template_makes_a_new_template(client_as, template):
    response = client_as("director").post(reverse("setup_pages:structure_copy", args=["club-regular"]),
                                          {"name": "Club regular v2", "description": "Slower"})
    copy = Structure.objects.get(name="Club regular v2")
    assert response.status_code == 302 and copy.is_template and copy.description == "Slower"
    assert stored(copy) == stored(template) and copy.slug != template.slug
    assert AuditEntry.entries.filter(action="structure.copy").exists()


def test_saving_an_events_structure_as_a_template(client_as, running):
    client = client_as("director")
    page = client.get(reverse("setup_pages:structure_copy", args=["night-structure"])).content.decode()
    assert "Event night structure" in page
    client.post(reverse("setup_pages:structure_copy", args=["night-structure"]), {"name": "Night as played"})
    copy = Structure.objects.get(name="Night as played")
    assert copy.is_template and stored(copy) == stored(running.structure)
    assert AuditEntry.entries.get(action="structure.copy").event_id == running.pk


def test_a_copy_needs_a_name(client_as, template):
    response = client_as("director").post(reverse("setup_pages:structure_copy", args=["club-regular"]), {"name": " "})
    assert response.status_code == 400 and Structure.objects.count() == 1


# --- files -----------------------------------------------------------------------------------------------


def test_the_json_export_has_the_shape_of_the_shipped_templates(client_as, running):
    response = client_as("viewer").get(reverse("setup_pages:structure_export_json", args=["night-structure"]))
    assert response["Content-Disposition"] == 'attachment; filename="night-structure.json"'
    data = json.loads(response.content)
    assert set(data) == {"slug", "name", "description", "starting_stack", "levels"}
    assert data["starting_stack"] == 20000
    assert data["levels"][2] == {"kind": "break", "minutes": 10, "color_up": 25}
    assert data["levels"][0] == {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 200, "minutes": 20}


def test_the_csv_export_reads_back_as_the_same_structure(client_as, template):
    client = client_as("director")
    text = client.get(reverse("setup_pages:structure_export_csv", args=["club-regular"])).content
    assert text.decode().splitlines()[0] == "kind,small_blind,big_blind,ante,minutes,color_up"
    response = client.post(reverse("setup_pages:structure_import"),
                           {"file": SimpleUploadedFile("club.csv", text, "text/csv"), "name": "From CSV"})
    assert response.status_code == 302
    assert stored(Structure.objects.get(name="From CSV")) == stored(template)


def test_importing_a_json_file_takes_its_name(client_as, template):
    client = client_as("director")
    text = client.get(reverse("setup_pages:structure_export_json", args=["club-regular"])).content
    response = client.post(reverse("setup_pages:structure_import"), {"file": SimpleUploadedFile("s.json", text)})
    made = Structure.objects.exclude(pk=template.pk).get()
    assert response.status_code == 302 and made.name == "Club regular" and made.slug == "club-regular-2"


@pytest.mark.parametrize(("content", "reason"), [
    (b"", "The file is empty."),
    (b"kind,small_blind,big_blind,ante,minutes\nlevel,100,200,0,20\nlevel,\xff\xfe,400,0,20\n",
     "Line 3: the file is not UTF-8 text"),
    (b"kind,small_blind,ante\nlevel,100,0\n", "Line 1: the header lacks the columns big_blind, minutes"),
    (b"kind,small_blind,big_blind,ante,minutes\nlevel,100,200,0,20\nlevel,200,99999999999999999999999,0,20\n",
     "Line 3: big_blind is larger than a structure can hold."),
    (b"kind,small_blind,big_blind,ante,minutes\nlevel,100,200,0,20\nlevel,50,100,0,20\n",
     "Line 3: Level 2 goes backwards"),
])
def test_an_invalid_file_says_where_and_why_and_saves_nothing(client_as, template, content, reason):
    response = client_as("director").post(reverse("setup_pages:structure_import"),
                                          {"file": SimpleUploadedFile("s.csv", content), "name": "Bad"})
    assert response.status_code == 400
    assert reason in response.content.decode()
    assert not Structure.objects.filter(name="Bad").exists()


def test_replacing_a_template_from_a_file(client_as, template):
    csv_text = b"kind,small_blind,big_blind,ante,minutes,color_up\nlevel,50,100,100,15,\nbreak,,,,5,\n" \
               b"level,100,200,200,15,\n"
    response = client_as("director").post(reverse("setup_pages:structure_replace", args=["club-regular"]),
                                          {"file": SimpleUploadedFile("s.csv", csv_text)})
    assert response.status_code == 302
    assert stored(template) == [("level", 50, 100, 100, 15, None), ("break", 0, 0, 0, 5, None),
                                ("level", 100, 200, 200, 15, None)]


def test_replacing_an_events_structure_keeps_the_started_levels(client_as, running):
    changed_first = b"kind,small_blind,big_blind,ante,minutes\nlevel,100,200,200,30\nlevel,200,400,400,20\n"
    client = client_as("director")
    response = client.post(reverse("setup_pages:structure_replace", args=["night-structure"]),
                           {"file": SimpleUploadedFile("s.csv", changed_first)})
    assert response.status_code == 400 and "have started" in response.content.decode()
    later = changed_first.replace(b"200,30", b"200,20") + b"level,500,1000,1000,20\n"
    response = client.post(reverse("setup_pages:structure_replace", args=["night-structure"]),
                           {"file": SimpleUploadedFile("s.csv", later)})
    assert response.status_code == 302
    assert stored(running.structure)[-1] == ("level", 500, 1000, 1000, 20, None)
    assert len(stored(running.structure)) == 3

