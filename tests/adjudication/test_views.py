"""The desk page "Adjudicate a hand": set-up, step-by-step options, refusals, PHH in and out, saving."""


import pytest
from django.urls import reverse

from tdconsole.adjudication.models import SavedAdjudication
from tdconsole.audit.models import AuditEntry
from tdconsole.rules import parse_phh
from tests.factories import make_event
from tests.rules.expect import EXAMPLES, require

pytestmark = pytest.mark.django_db
URL = "/rulings/adjudicate/"

REOPEN_HAND = """variant = "NT"
_mode = "cash"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [200, 16, 150, 180]
players = ["A", "B", "C", "D"]
actions = ["p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db Qh9c4d", "p1 cbr 10", "p2 cbr 14", "p3 cc", "p4 cc"]
"""


@pytest.fixture
def floor(client_as):
    return client_as("floor")


def setup_post(client, **overrides):
    data = {"op": "setup", "seats": "1 Ana 10000\n4 Bruno 3000\n7 Carla 20000", "button": "7",
            "small_blind": "100", "big_blind": "200", "ante": "200", "ante_type": "bba", "variant": "NT",
            "mode": "tournament", "smallest_chip": "25"}
    data.update(overrides)
    return client.post(URL, data, HTTP_ACCEPT_LANGUAGE="en")


def test_url_name_is_stable():
    assert reverse("adjudication:adjudicate") == URL


@pytest.mark.parametrize(("role", "status"), [("floor", 200), ("director", 200), ("registration", 403),
                                              ("viewer", 403)])
def test_only_floor_and_director_adjudicate(client_as, role, status):
    assert client_as(role).get(URL).status_code == status


def test_htmx_without_permission_gets_a_fragment(client_as):
    response = client_as("viewer").post(URL, {"op": "setup"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 403
    assert b"<html" not in response.content


def test_table_setup_deals_blinds_in_position_order_and_shows_who_acts(floor):
    response = setup_post(floor)
    spec = parse_phh(response.context["phh"])
    # Button on seat 7: seat 1 posts the small blind, seat 4 the big blind and its ante.
    assert spec.starting_stacks == (10000, 3000, 20000)
    assert list(spec.players) == ["Ana", "Bruno", "Carla"]
    assert spec.seats == (1, 4, 7)
    assert response.context["actor_name"] == "Carla (seat 7)"
    options = response.context["options"]
    assert (options.call, options.raise_min_to, options.raise_max_to) == (200, 400, 20000)
    assert response.context["pots"][0]["amount"] == 500


def test_bad_setup_rerenders_with_the_reason_and_keeps_the_input(floor):
    response = setup_post(floor, seats="1 Ana 10000\nfour Bruno", button="1")
    assert response.status_code == 200
    assert "seats" in response.context["setup_form"].errors
    assert "four Bruno" in response.content.decode()
    assert "phh" not in response.context or not response.context["phh"]


def test_buttons_apply_actions_step_by_step(floor):
    phh = setup_post(floor).context["phh"]
    response = floor.post(URL, {"op": "act", "phh": phh, "kind": "raise", "amount": "1000"},
                          HTTP_ACCEPT_LANGUAGE="en")
    assert response.context["actor_name"] == "Ana (seat 1)"
    assert response.context["options"].call == 900
    response = floor.post(URL, {"op": "act", "phh": response.context["phh"], "kind": "fold"})
    response = floor.post(URL, {"op": "act", "phh": response.context["phh"], "kind": "allin"})
    assert response.context["players"][1]["all_in"] is True
    response = floor.post(URL, {"op": "act", "phh": response.context["phh"], "kind": "call"})
    assert response.context["waiting"] == "board"


def test_short_all_in_leaves_the_bettor_no_raise_with_the_reason(floor):
    response = floor.post(URL, {"op": "load", "phh_text": REOPEN_HAND}, HTTP_ACCEPT_LANGUAGE="en")
    options = response.context["options"]
    assert response.context["actor_name"] == "A (seat 1)"
    assert (options.call, options.raise_min_to) == (4, None)
    assert 'data-testid="act-raise"' not in response.content.decode()
    assert response.context["reason"]


def test_an_illegal_action_is_refused_on_the_spot_and_nothing_changes(floor):
    response = floor.post(URL, {"op": "load", "phh_text": REOPEN_HAND})
    phh = response.context["phh"]
    refused = floor.post(URL, {"op": "act", "phh": phh, "kind": "line", "line": "p1 cbr 40"},
                         HTTP_ACCEPT_LANGUAGE="en")
    assert refused.context["action_error"]["message"]
    assert refused.context["phh"] == phh
    fragment = floor.post(URL, {"op": "act", "phh": phh, "kind": "line", "line": "p1 cbr 40"},
                          HTTP_HX_REQUEST="true")
    body = fragment.content.decode()
    assert "<html" not in body and 'data-testid="action-error"' in body
    assert 'value="p1 cbr 40"' in body


def test_pasted_history_that_is_not_usable_names_the_problem_and_keeps_the_text(floor):
    bad = REOPEN_HAND.replace('"p3 cc", "p4 cc"]', '"p3 raises 600"]')
    response = floor.post(URL, {"op": "load", "phh_text": bad})
    assert response.context["load_form"].errors["phh_text"]
    assert "p3 raises 600" in response.content.decode()
    assert 'data-testid="phh-error"' in response.content.decode()


def test_a_hand_can_be_uploaded_and_downloaded_as_phh(floor):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("hand.phh", REOPEN_HAND.encode())
    response = floor.post(URL, {"op": "load", "phh_file": upload})
    phh = response.context["phh"]
    download = floor.post(URL, {"op": "download", "phh": phh})
    assert download["Content-Disposition"] == 'attachment; filename="hand.phh"'
    assert parse_phh(download.content.decode()).actions == parse_phh(REOPEN_HAND).actions


def test_undo_removes_the_last_action(floor):
    phh = floor.post(URL, {"op": "load", "phh_text": REOPEN_HAND}).context["phh"]
    undone = floor.post(URL, {"op": "undo", "phh": phh}).context["phh"]
    assert len(parse_phh(undone).actions) == len(parse_phh(phh).actions) - 1


def test_the_page_prefills_from_a_link(floor):
    response = floor.get(URL, {"phh": REOPEN_HAND}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.context["actor_name"] == "A (seat 1)"


def test_saving_a_ruling_to_an_event_is_audited(floor, cast):
    event = make_event()
    phh = floor.post(URL, {"op": "load", "phh_text": REOPEN_HAND}).context["phh"]
    response = floor.post(URL, {"op": "save", "phh": phh, "event": event.pk, "table_number": "12",
                                "note": "Disputed re-raise"})
    assert response.status_code == 200
    saved = SavedAdjudication.objects.get()
    assert (saved.event, saved.table_number, saved.created_by) == (event, 12, cast["floor"])
    assert saved.ruling["to_act"]["options"]["raise"] is None
    assert f"/events/{event.slug}/rulings/new/?adjudication={saved.pk}" in response.content.decode()
    audit = AuditEntry.entries.get(action="adjudication.save")
    assert audit.event_id == event.pk and audit.actor_name == "floor"


def test_every_shared_example_opens_on_the_page(floor):
    for path in sorted(require(EXAMPLES).glob("*.phh")):
        response = floor.post(URL, {"op": "load", "phh_text": path.read_text()})
        assert response.status_code == 200, path.name
        if path.name.startswith("10-"):
            assert response.context["load_form"].errors
        else:
            assert response.context["ruling"]["status"] in {"complete", "in_progress", "invalid"}


BIG_POT_HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [100, 200, 0]
min_bet = 200
starting_stacks = [10000, 10000, 10000]
players = ["Ana", "Bruno", "Carla"]
actions = ["p3 cbr 1100", "p1 f", "p2 cc"]
"""


@pytest.mark.parametrize(("lang", "pot", "small"), [("en", "Main pot: 2,300,", "posts 100"),
                                                    ("pt-br", "Pote principal: 2.300,", "posta 100")])
def test_the_ruling_steps_on_the_page_group_chip_counts_by_language(floor, lang, pot, small):
    response = floor.post(URL, {"op": "load", "phh_text": BIG_POT_HAND}, HTTP_ACCEPT_LANGUAGE=lang)
    steps = response.context["ruling"]["explanation"]
    assert any(step.startswith(pot) for step in steps), steps
    body = response.content.decode()
    assert pot in body and small in body
    assert "2300" not in " ".join(steps)


def test_seat_example_writes_the_stack_the_way_the_language_does(floor):
    """The English help showed the Brazilian "12.500"; each language now groups thousands its own way."""
    en = floor.get(URL, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    pt = floor.get(URL, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "“3 Ana 12,500”" in en and "12.500" not in en
    assert "“3 Ana 12.500”" in pt
    # Both spellings read back as the same stack.
    for stack in ("12,500", "12.500"):
        response = setup_post(floor, seats=f"1 Ana {stack}\n4 Bruno 3000\n7 Carla 20000")
        assert b'data-testid="hand"' in response.content


HUGE = "99999999999999999999999"


@pytest.mark.parametrize(("shape", "line"), [
    (REOPEN_HAND.replace("[200, 16, 150, 180]", f"[200, {HUGE}, 150, 180]"), 6),
    (REOPEN_HAND.replace("[200, 16, 150, 180]", f"[200, {'9' * 10_000}, 150, 180]"), 6),
    (REOPEN_HAND.replace("blinds_or_straddles = [1, 2, 0, 0]", f"blinds_or_straddles = [1, {HUGE}, 0, 0]"), 4),
    (REOPEN_HAND.replace('"p1 cbr 10"', f'"p1 cbr {HUGE}"'), 8),
])
def test_a_history_with_more_chips_than_the_console_counts_names_the_line(floor, shape, line):
    response = floor.post(URL, {"op": "load", "phh_text": shape}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    [error] = response.context["load_form"].errors["phh_text"]
    assert error.startswith(f"Line {line}: ")
    assert "more chips than the console can count (at most 9,223,372,036,854,775,807)" in error
    assert "phh" not in response.context or response.context["phh"] is None


@pytest.mark.parametrize("op", ["act", "undo", "save"])
def test_a_history_sent_back_with_too_many_chips_is_refused_and_nothing_is_saved(floor, op):
    event = make_event()
    shape = REOPEN_HAND.replace("[200, 16, 150, 180]", f"[200, {HUGE}, 150, 180]")
    response = floor.post(URL, {"op": op, "phh": shape, "kind": "fold", "event": event.pk},
                          HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "Line 6: " in response.context["load_form"].errors["phh_text"][0]
    assert not SavedAdjudication.objects.exists()
    assert not AuditEntry.entries.filter(action="adjudication.save").exists()


def test_digits_in_a_players_name_are_not_chips(floor):
    named = REOPEN_HAND.replace('"A", "B"', f'"{HUGE}", "B"')
    response = floor.post(URL, {"op": "load", "phh_text": named}, HTTP_ACCEPT_LANGUAGE="en")
    assert not response.context["load_form"].errors
    assert response.context["actor_name"] == f"{HUGE} (seat 1)"


@pytest.mark.parametrize("stack", [HUGE, "9" * 10_000, "9.223.372.036.854.775.808"])
def test_a_set_up_stack_beyond_the_range_is_refused_with_its_line(floor, stack):
    response = setup_post(floor, seats=f"1 Ana 10000\n4 Bruno {stack}\n7 Carla 20000")
    assert response.status_code == 200
    errors = response.context["setup_form"].errors["seats"]
    assert errors == ["Line 2: the stack is more chips than the console can count (at most 9,223,372,036,854,775,807)."]


@pytest.mark.parametrize("stack", ["12.5", "1.50.000", "1.500,000"])
def test_a_set_up_stack_whose_separators_do_not_group_thousands_is_refused_with_its_line(floor, stack):
    """"12.5" used to read as 125 chips: every separator was dropped, wherever it stood."""
    response = setup_post(floor, seats=f"1 Ana 10000\n4 Bruno {stack}\n7 Carla 20000")
    assert response.status_code == 200
    assert response.context["setup_form"].errors["seats"] == ["Line 2: write “seat name stack”, e.g. “3 Ana 12500”."]


@pytest.mark.parametrize("fields", [["small_blind", "big_blind"], ["big_blind"], ["ante"], ["smallest_chip"]],
                         ids=lambda fields: "+".join(fields))
def test_set_up_blinds_beyond_the_range_are_refused(floor, fields):
    response = setup_post(floor, **dict.fromkeys(fields, HUGE))
    assert response.status_code == 200
    assert set(response.context["setup_form"].errors) == set(fields)
    assert "phh" not in response.context


def test_a_table_number_beyond_the_range_is_refused_and_nothing_is_saved(floor):
    event = make_event()
    response = floor.post(URL, {"op": "save", "phh": REOPEN_HAND, "event": event.pk, "table_number": HUGE},
                          HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response.context["save_form"].errors["table_number"]
    assert not SavedAdjudication.objects.exists()


def test_the_engines_refusal_of_a_set_up_table_is_shown_beside_the_form(floor, monkeypatch):
    from tdconsole.adjudication import forms as adjudication_forms
    from tdconsole.rules import PHHError

    def refuse(**kwargs):
        raise PHHError("a hand needs at least two players", field="stacks")

    monkeypatch.setattr(adjudication_forms, "spec_from_table", refuse)
    response = setup_post(floor)
    assert response.status_code == 200
    assert response.context["setup_form"].non_field_errors() == ["field 'stacks': a hand needs at least two players"]


def test_an_unexpected_error_while_setting_up_is_not_shown_as_a_refusal(floor, monkeypatch):
    """A bug is a bug (a 500 and a log line), never a message beside the form."""
    from tdconsole.adjudication import forms as adjudication_forms

    def broken(**kwargs):
        raise KeyError("small_blind")

    monkeypatch.setattr(adjudication_forms, "spec_from_table", broken)
    with pytest.raises(KeyError):
        setup_post(floor)
