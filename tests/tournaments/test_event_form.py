"""Event settings are checked against the running event: each nonsense value is refused, nothing is written."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.currencies import CURRENCIES
from tdconsole.tournaments.events import blind_level_count, event_create, event_update, structure_create
from tdconsole.tournaments.exceptions import EventSettingsError
from tdconsole.tournaments.forms import EventForm
from tdconsole.tournaments.models import Entry, Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def edit_url(event) -> str:
    return reverse("tournaments:event_edit", kwargs={"slug": event.slug})


def settings_of(event) -> dict:
    """What the edit form sends when nothing is changed."""
    return {
        "name": event.name, "date": event.date.isoformat(), "currency": event.currency,
        "buy_in_prize": str(event.buy_in_prize), "buy_in_fee": str(event.buy_in_fee),
        "starting_stack": str(event.starting_stack), "seats_per_table": str(event.seats_per_table),
        "format": event.format, "max_entries": str(event.max_entries),
        "late_registration_level": str(event.late_registration_level or ""), "ante_type": event.ante_type,
        "guarantee": "" if event.guarantee is None else str(event.guarantee),
    }


def stored(event) -> dict:
    return Event.objects.filter(pk=event.pk).values().get()


def busiest_table(event) -> tuple[int, int]:
    """(table number, players seated) of the table with most players."""
    counts: dict[int, int] = {}
    for entry in Entry.objects.filter(event=event, table__isnull=False).select_related("table"):
        counts[entry.table.number] = counts.get(entry.table.number, 0) + 1
    return max(counts.items(), key=lambda item: (item[1], -item[0]))


# --- the service ----------------------------------------------------------------------------------


def test_fewer_seats_than_a_table_seats_is_refused_naming_the_table(seated_event, director):
    table, players = busiest_table(seated_event)
    before, audited = stored(seated_event), AuditEntry.entries.count()
    with pytest.raises(EventSettingsError) as err:
        event_update(event=seated_event, actor=director, seats_per_table=players - 1)
    assert err.value.field == "seats_per_table"
    assert f"Table {table} seats {players} players" in str(err.value)
    assert stored(seated_event) == before and AuditEntry.entries.count() == audited


def test_fewer_seats_than_a_taken_seat_number_is_refused_naming_seat_and_table(make_event, register, director):
    from tdconsole.seating.services import seats_draw_initial

    event = make_event(tables=(1,))
    for i in range(3):
        register(event, f"P{i}")
    seats_draw_initial(event=event, actor=director)
    entries = list(Entry.objects.filter(event=event).order_by("number"))
    Entry.objects.filter(event=event).update(table=None, seat=None)
    for entry, seat in zip(entries, (1, 2, 9), strict=True):
        Entry.objects.filter(pk=entry.pk).update(table=entry.table, seat=seat)
    with pytest.raises(EventSettingsError) as err:
        event_update(event=event, actor=director, seats_per_table=8)
    assert str(err.value) == ("Seat 9 of table 1 is taken: seats per table cannot be fewer than 9 "
                              "until that player moves.")
    assert stored(event)["seats_per_table"] == 9


def test_fewer_seats_that_every_seated_player_fits_in_is_saved(make_event, register, director):
    from tdconsole.seating.services import seats_draw_initial

    event = make_event(tables=(1, 2, 3, 4))
    for i in range(8):
        register(event, f"P{i}")
    seats_draw_initial(event=event, actor=director)
    taken = max(Entry.objects.filter(event=event).values_list("seat", flat=True))
    event = event_update(event=event, actor=director, seats_per_table=max(taken, 2))
    assert event.seats_per_table == max(taken, 2)


@pytest.mark.parametrize(("fields", "field"), [
    ({"guarantee": Decimal("-1")}, "guarantee"),
    ({"guarantee": Decimal("NaN")}, "guarantee"),
    ({"guarantee": Decimal("1e12")}, "guarantee"),
    ({"currency": "XYZ"}, "currency"),
    ({"currency": "brl"}, "currency"),
    ({"currency": "çãõ"}, "currency"),
    ({"late_registration_level": 5}, "late_registration_level"),
    ({"late_registration_level": 0}, "late_registration_level"),
    ({"date": datetime.date(1, 1, 1)}, "date"),
    ({"date": datetime.date(1999, 12, 31)}, "date"),
    ({"date": datetime.date(2101, 1, 1)}, "date"),
    ({"starting_stack": 2**31}, "starting_stack"),
    ({"max_entries": 2**15}, "max_entries"),
], ids=lambda v: str(v)[:30])
def test_nonsense_settings_are_refused_and_nothing_is_written(make_event, director, fields, field):
    event = make_event(format=Event.Format.REENTRY, max_entries=3)
    before, audited = stored(event), AuditEntry.entries.count()
    with pytest.raises(EventSettingsError) as err:
        event_update(event=event, actor=director, **fields)
    assert err.value.field == field
    assert stored(event) == before and AuditEntry.entries.count() == audited


def test_the_late_registration_level_is_checked_against_the_structure_the_event_will_play(
    make_event, director, festival
):
    """The fixture's structure has 4 blind levels (and a break, not counted)."""
    event = make_event()
    assert blind_level_count(structure=event.structure) == 4
    assert event_update(event=event, actor=director, late_registration_level=4).late_registration_level == 4
    with pytest.raises(EventSettingsError) as err:
        event_update(event=event, actor=director, late_registration_level=5)
    assert str(err.value) == "The structure has 4 blind levels: late registration cannot close after level 5."
    short = structure_create(name="Short", rows=[{"small_blind": 50, "big_blind": 100, "minutes": 10}])
    with pytest.raises(EventSettingsError):
        event_create(festival=festival, template=short, actor=director, name="Short one",
                     date=datetime.date(2026, 12, 1), buy_in_prize=Decimal("100"), starting_stack=1000,
                     late_registration_level=2)
    assert not Event.objects.filter(name="Short one").exists()


def test_every_listed_currency_is_an_iso_code_and_brl_is_among_them():
    assert "BRL" in CURRENCIES and "USD" in CURRENCIES and "EUR" in CURRENCIES
    assert all(len(code) == 3 and code.isascii() and code.isupper() for code in CURRENCIES)
    assert Event._meta.get_field("currency").default == "BRL"


# --- the form ---------------------------------------------------------------------------------------


def test_the_form_reads_a_currency_in_lower_case(make_event):
    event = make_event()
    form = EventForm(settings_of(event) | {"currency": " usd "}, instance=event, creating=False,
                     initial={"festival": event.festival_id})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["currency"] == "USD"


@pytest.mark.parametrize("date", ["2026-13-01", "31/31/2026", "20266-01-01", "ção", "\x00", "9" * 10_000])
def test_the_form_refuses_an_unreadable_date(make_event, date):
    event = make_event()
    form = EventForm(settings_of(event) | {"date": date}, instance=event, creating=False,
                     initial={"festival": event.festival_id})
    assert not form.is_valid()
    assert "date" in form.errors


# --- the page ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"guarantee": "-100"}, "guarantee", "The guarantee cannot be negative."),
    ({"currency": "XYZ"}, "currency", "“XYZ” is not an ISO 4217 currency code (for example BRL, USD or EUR)."),
    ({"late_registration_level": "9"}, "late_registration_level",
     "The structure has 4 blind levels: late registration cannot close after level 9."),
    ({"date": "0202-12-01"}, "date", "Give a date between the years 2000 and 2100."),
    ({"date": "2026-02-30"}, "date", "Enter a valid date."),
    ({"starting_stack": "2147483648"}, "starting_stack", "Ensure this value is less than or equal to 2147483647."),
], ids=["guarantee", "currency", "late-registration", "year", "unreadable-date", "stack"])
def test_the_edit_page_refuses_with_the_message_beside_the_setting(client_as, seated_event, changes, field, message):
    before, audited = stored(seated_event), AuditEntry.entries.count()
    response = client_as("director").post(edit_url(seated_event), settings_of(seated_event) | changes, **EN)
    assert response.status_code == 400
    page = response.content.decode()
    assert f'data-testid="error-{field}"' in page
    assert message.replace("“", "&ldquo;").replace("”", "&rdquo;") in page or message in page
    assert stored(seated_event) == before and AuditEntry.entries.count() == audited


def test_the_edit_page_names_the_table_that_seats_too_many(client_as, seated_event):
    table, players = busiest_table(seated_event)
    changes = {"seats_per_table": str(players - 1)}
    response = client_as("director").post(edit_url(seated_event), settings_of(seated_event) | changes, **EN)
    assert response.status_code == 400
    assert f"Table {table} seats {players} players" in response.content.decode()
    assert 'data-testid="error-seats_per_table"' in response.content.decode()
    assert stored(seated_event)["seats_per_table"] == 9


def test_the_create_page_refuses_a_late_registration_beyond_the_template(client_as, festival, template):
    response = client_as("director").post(reverse("tournaments:event_create"), {
        "festival": festival.pk, "template": template.pk, "name": "Too Late", "slug": "", "date": "2026-12-06",
        "currency": "BRL", "buy_in_prize": "180", "buy_in_fee": "20", "starting_stack": "25000",
        "seats_per_table": "9", "format": "reentry", "max_entries": "2", "late_registration_level": "6",
        "ante_type": "bba", "guarantee": ""}, **EN)
    assert response.status_code == 400
    assert "late registration cannot close after level 6" in response.content.decode()
    assert 'value="Too Late"' in response.content.decode()
    assert not Event.objects.filter(name="Too Late").exists()


def test_an_event_named_as_long_as_the_form_allows_gets_its_structure(client_as, festival, template):
    """The event's own structure is named after the event and the template: with a 120-character event name
    that is longer than a structure name holds, so it is cut (PostgreSQL refused it: a 500)."""
    name = "Campeonato Brasileiro de Poker Etapa São Paulo Main Event Turbo Deepstack Bounty " + "X" * 39
    assert len(name) == Event._meta.get_field("name").max_length
    response = client_as("director").post(reverse("tournaments:event_create"), {
        "festival": festival.pk, "template": template.pk, "name": name, "slug": "", "date": "2026-12-06",
        "currency": "BRL", "buy_in_prize": "180", "buy_in_fee": "20", "starting_stack": "25000",
        "seats_per_table": "9", "format": "freezeout", "max_entries": "1", "late_registration_level": "",
        "ante_type": "bba", "guarantee": ""}, **EN)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.select_related("structure").get(name=name)
    limit = event.structure._meta.get_field("name").max_length
    assert len(event.structure.name) == limit and event.structure.name.endswith("…")
    assert event.structure.name.startswith("Campeonato Brasileiro") and event.structure.levels.count()
