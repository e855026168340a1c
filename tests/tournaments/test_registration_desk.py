"""The registration desk: one transaction from a typed name to a seated entry, names found
without case or accents, and a clerk asked to choose when a new name is already registered."""

import pytest
from django.apps import apps as django_apps
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments import selectors
from tdconsole.tournaments.exceptions import PlayerChoiceNeeded, RegistrationError
from tdconsole.tournaments.models import Entry, Event, Player
from tdconsole.tournaments.names import search_key
from tdconsole.tournaments.players import player_register, player_update, players_merge
from tdconsole.tournaments.registration import desk_register, event_registration_close

HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
# Messages are read in English here (the site's default language is pt-BR).
pytestmark = pytest.mark.usefixtures("in_english")


def url(name, event, **kw):
    return reverse(f"tournaments:{name}", kwargs={"slug": event.slug, **kw})


def written():
    """What a refused registration must leave unchanged."""
    return Player.objects.count(), Entry.objects.count(), AuditEntry.entries.count()


# --- names ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["João Silva", "joao silva", "JOÃO SILVA", "  joão   silva ", "Joao Silva"])
def test_a_name_reads_the_same_whatever_its_case_accents_and_spaces(typed):
    assert search_key(typed) == "joao silva"


def test_punctuation_does_not_split_or_hide_a_name():
    assert search_key("D'Ávila") == search_key("Davila") == "davila"
    assert search_key("Jean-Luc") == search_key("jean luc")
    assert search_key("Straße") == "strasse"


# --- search ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["joao silva", "JOÃO", "silva jo", "João Sil", "joão"])
def test_search_finds_a_name_without_case_or_accents(festival, director, typed):
    joao = player_register(festival=festival, name="João Silva", actor=director)
    player_register(festival=festival, name="Maria Joaquina", actor=director)
    found = selectors.player_search(festival_id=festival.pk, query=typed)
    assert found.players == [joao] and found.total == 1


@pytest.mark.parametrize(("typed", "expected"), [("ze", {"José Carvalho", "Maria Pereira"}),
                                                 ("ZÉ", {"José Carvalho", "Maria Pereira"}),
                                                 ("Pequeno", {"José Carvalho"}), ("zé peq", {"José Carvalho"}),
                                                 ("MAZE", {"Maria Pereira"})])
def test_search_finds_a_nickname_without_case_or_accents(festival, director, typed, expected):
    player_register(festival=festival, name="José Carvalho", nickname="Zé Pequeno", actor=director)
    player_register(festival=festival, name="Maria Pereira", nickname="Mazé", actor=director)
    player_register(festival=festival, name="Paulo Souza", actor=director)
    found = selectors.player_search(festival_id=festival.pk, query=typed)
    assert {p.name for p in found.players} == expected and found.total == len(expected)


def test_a_corrected_or_merged_nickname_is_found_by_search(festival, director):
    kept = player_register(festival=festival, name="Luís Alves", actor=director)
    twin = player_register(festival=festival, name="Luis Alves", nickname="Índio", document="77", actor=director)
    assert selectors.player_search(festival_id=festival.pk, query="indio").players == [twin]
    player_update(player=twin, actor=director, name="Luis Alves", nickname="Tatú", document="77")
    assert selectors.player_search(festival_id=festival.pk, query="tatu").players == [twin]
    assert selectors.player_search(festival_id=festival.pk, query="indio").players == []
    players_merge(keep=kept, other=twin, actor=director)
    assert selectors.player_search(festival_id=festival.pk, query="TATU").players == [kept]


def test_search_puts_names_starting_with_what_was_typed_first(festival, director):
    for name in ("Ana Beatriz Souza", "Luísa Souza", "Souza Lima"):
        player_register(festival=festival, name=name, actor=director)
    found = selectors.player_search(festival_id=festival.pk, query="souza")
    assert [p.name for p in found.players] == ["Souza Lima", "Ana Beatriz Souza", "Luísa Souza"]


def test_search_shows_thirty_and_counts_the_rest(festival, director):
    for i in range(35):
        player_register(festival=festival, name=f"Silva {i:02d}", actor=director)
    found = selectors.player_search(festival_id=festival.pk, query="silva")
    assert len(found.players) == 30 and found.total == 35 and found.more == 5


@pytest.mark.parametrize("typed", ["\x00ana", "ana\x00lima", "\x00\x00", "a" * 10_000])
def test_search_survives_hostile_text(client_as, make_event, director, typed):
    event = make_event()
    player_register(festival=event.festival, name="Ana Lima", actor=director)
    response = client_as("registration").get(url("registration_search", event), {"name": typed}, **HTMX)
    assert response.status_code == 200
    page = client_as("registration").get(url("player_detail", event, pk=Player.objects.get().pk), {"q": typed})
    assert page.status_code == 200


def test_search_list_says_how_many_more_match(client_as, make_event, director):
    event = make_event()
    for i in range(33):
        player_register(festival=event.festival, name=f"Costa {i:02d}", actor=director)
    html = client_as("registration").get(url("registration_search", event), {"name": "COSTA"}, **HTMX, **EN)
    html = html.content.decode()
    assert html.count('data-testid="register-player-') == 30
    assert 'data-testid="matches-more"' in html and "3 more — type more of the name." in html


def test_existing_names_get_their_search_column_from_the_migration(festival):
    import importlib

    migration = importlib.import_module("tdconsole.tournaments.migrations.0006_player_search_name")
    Player.objects.bulk_create([Player(festival=festival, name="Conceição Ávila"), Player(festival=festival,
                                                                                         name="Zé  Ninguém")])
    assert set(Player.objects.values_list("search_name", flat=True)) == {""}
    migration.fill_search_names(django_apps, None)
    assert set(Player.objects.values_list("search_name", flat=True)) == {"conceicao avila", "ze ninguem"}
    assert migration.search_key("Ção, D'Ávila-Jr.") == search_key("Ção, D'Ávila-Jr.")


# --- a refused registration writes nothing --------------------------------------------------------

def test_registration_refused_because_it_is_closed_leaves_no_player_and_no_audit(seated_event, director):
    event = event_registration_close(event=seated_event, actor=director)
    before = written()
    with pytest.raises(RegistrationError, match="closed"):
        desk_register(event=event, actor=director, name="Late Larissa", level_position=None)
    assert written() == before


def test_desk_refusal_through_the_page_leaves_no_orphan_player(client_as, seated_event, director):
    event_registration_close(event=seated_event, actor=director)
    before = written()
    response = client_as("registration").post(url("registration", seated_event), {"name": "Orphan Otto"}, **HTMX,
                                              **EN)
    html = response.content.decode()
    assert 'data-testid="notice-refused"' in html and "closed" in html
    assert written() == before
    assert not Player.objects.filter(name="Orphan Otto").exists()


def test_a_player_who_used_every_entry_is_refused_without_a_trace(make_event, register, director):
    event = make_event(format=Event.Format.REENTRY, max_entries=2, tables=())
    first = register(event, "Reentry Rui")
    Entry.objects.filter(pk=first.pk).update(status=Entry.Status.BUSTED)
    second = desk_register(event=event, actor=director, player_id=first.player_id, level_position=None)
    Entry.objects.filter(pk=second.pk).update(status=Entry.Status.BUSTED)
    before = written()
    with pytest.raises(RegistrationError, match="all 2 entries"):
        desk_register(event=event, actor=director, player_id=first.player_id, level_position=None)
    assert written() == before


# --- a new name that is already registered --------------------------------------------------------

@pytest.fixture
def joao(festival, director):
    return player_register(festival=festival, name="João Silva", actor=director)


def test_a_new_name_matching_a_player_asks_which_one_and_writes_nothing(make_event, joao, director):
    event = make_event(tables=())
    before = written()
    with pytest.raises(PlayerChoiceNeeded) as asked:
        desk_register(event=event, actor=director, name="JOAO  silva", level_position=None)
    assert asked.value.players == [joao] and not asked.value.new_player_refused
    assert written() == before


def test_choosing_the_listed_player_buys_them_in(make_event, joao, director):
    entry = desk_register(event=make_event(tables=()), actor=director, player_id=joao.pk, name="joao silva",
                          level_position=None)
    assert entry.player == joao and Player.objects.count() == 1


def test_a_second_player_with_the_same_name_needs_a_nickname_or_document(make_event, joao, director):
    event = make_event(tables=())
    before = written()
    with pytest.raises(PlayerChoiceNeeded) as asked:
        desk_register(event=event, actor=director, name="João Silva", new_player=True, level_position=None)
    assert asked.value.new_player_refused and "tells them apart" in asked.value.message
    assert written() == before
    other = desk_register(event=event, actor=director, name="João Silva", nickname="Jota", new_player=True,
                          level_position=None)
    assert other.player != joao and other.player.nickname == "Jota"
    # A third one called "jota" too cannot be told from the second: refused.
    with pytest.raises(PlayerChoiceNeeded):
        desk_register(event=event, actor=director, name="Joao Silva", nickname="JOTA", new_player=True,
                      level_position=None)
    third = desk_register(event=event, actor=director, name="Joao Silva", document="555", new_player=True,
                          level_position=None)
    assert Player.objects.filter(search_name="joao silva").count() == 3 and third.player.document == "555"


def test_a_document_finds_its_holder_but_not_under_another_name(make_event, festival, director):
    event = make_event(tables=())
    bia = player_register(festival=festival, name="Beatriz Lemos", document="77", actor=director)
    assert desk_register(event=event, actor=director, name="beatriz lemos", document="77",
                         level_position=None).player == bia
    before = written()
    with pytest.raises(RegistrationError, match="Document 77 belongs to Beatriz Lemos"):
        desk_register(event=event, actor=director, name="Bruno Lemos", document="77", level_position=None)
    assert written() == before


def test_a_player_of_another_festival_cannot_be_picked(make_event, director):
    from tdconsole.tournaments.models import Festival

    event = make_event(tables=())
    elsewhere = Festival.objects.create(name="Other", slug="other", venue=event.festival.venue)
    stranger = player_register(festival=elsewhere, name="Stranger", actor=director)
    with pytest.raises(RegistrationError, match="no longer registered in this festival"):
        desk_register(event=event, actor=director, player_id=stranger.pk, level_position=None)


def test_the_page_asks_the_clerk_to_choose_then_registers_the_choice(client_as, make_event, joao):
    event = make_event(tables=())
    desk = client_as("registration")
    html = desk.post(url("registration", event), {"name": "joao silva"}, **HTMX, **EN).content.decode()
    assert 'data-testid="notice-choose"' in html and "João Silva is already registered" in html
    assert f'data-testid="choose-player-{joao.pk}"' in html and 'data-testid="choose-new-player"' in html
    assert 'hx-target="closest .notice"' in html and not Entry.objects.exists()
    # Picked from the notice: the notice goes, the seat card and the recent list come.
    html = desk.post(url("registration", event), {"player": joao.pk, "name": "joao silva"}, **HTMX).content.decode()
    assert 'data-testid="notice-' not in html and 'data-testid="seat-card"' in html
    assert Entry.objects.get().player == joao and Player.objects.count() == 1


def test_the_page_refuses_a_same_name_new_player_until_told_apart(client_as, make_event, joao):
    event = make_event(tables=())
    desk = client_as("registration")
    html = desk.post(url("registration", event), {"name": "João Silva", "new_player": "1"}, **HTMX,
                     **EN).content.decode()
    assert 'data-testid="notice-choose"' in html and "tells them apart" in html and not Entry.objects.exists()
    desk.post(url("registration", event), {"name": "João Silva", "new_player": "1", "document": "9"}, **HTMX)
    assert Player.objects.filter(search_name="joao silva").count() == 2


def test_the_question_works_without_javascript(client_as, make_event, joao):
    event = make_event(tables=())
    response = client_as("registration").post(url("registration", event), {"name": "JOÃO SILVA"})
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html
    assert 'data-testid="notice-choose"' in html and 'value="JOÃO SILVA"' in html
    assert f'data-testid="choose-player-{joao.pk}"' in html


# --- the answer to a registration -----------------------------------------------------------------

def test_the_answer_updates_the_card_and_lists_but_never_the_form(client_as, make_event):
    event = make_event(tables=())
    html = client_as("registration").post(url("registration", event), {"name": "Ana Lima"}, **HTMX).content.decode()
    for part in ('id="reg-result" data-testid="reg-result" hx-swap-oob="true"', 'id="reg-recent"',
                 'id="reg-closed" hx-swap-oob="true"'):
        assert part in html
    assert "<form" not in html.split('id="reg-recent"')[0]
    assert 'name="name"' not in html and 'data-testid="registration-form"' not in html


def test_a_refusal_answers_with_a_notice_keeping_what_was_typed(client_as, seated_event):
    desk = client_as("registration")
    desk.post(url("registration", seated_event), {"name": "Dora Dias", "document": "88"}, **HTMX)
    html = desk.post(url("registration", seated_event), {"name": "Dora Dias", "document": "88"}, **HTMX, **EN)
    html = html.content.decode()
    assert 'data-testid="notice-refused"' in html and "already has an entry in play" in html
    assert 'data-refill data-name="Dora Dias" data-nickname="" data-document="88"' in html
    assert 'data-testid="seat-card"' not in html


def test_a_cancel_answers_with_a_notice_and_retires_its_seat_card(client_as, seated_event):
    desk = client_as("registration")
    desk.post(url("registration", seated_event), {"name": "Wrong Walter"}, **HTMX)
    wrong = Entry.objects.get(player__name="Wrong Walter")
    html = desk.post(url("entry_cancel", seated_event, pk=wrong.pk), **HTMX).content.decode()
    assert 'data-testid="notice-cancelled"' in html and f'id="seat-card-{wrong.pk}" hx-swap-oob="true"' in html
    assert 'name="name"' not in html


@pytest.mark.parametrize("value", ["99999999999999999999", "-1", "NaN", "1\x00", "x" * 10_000])
def test_hostile_player_ids_are_refused_with_a_message(client_as, seated_event, value):
    response = client_as("registration").post(url("registration", seated_event), {"player": value, "name": "A"},
                                              **HTMX)
    assert response.status_code == 200 and b'data-testid="notice-refused"' in response.content
    assert not Player.objects.filter(name="A").exists()


def test_hostile_ids_in_paths_are_not_found(client_as, seated_event):
    desk = client_as("registration")
    huge = 99999999999999999999
    assert desk.get(url("player_detail", seated_event, pk=huge)).status_code == 404
    response = desk.post(url("entry_cancel", seated_event, pk=huge), **HTMX)
    assert response.status_code == 200 and b'data-testid="notice-refused"' in response.content


@pytest.mark.parametrize("field,value", [("name", "x" * 10_000), ("name", "Ana\x00"), ("document", "9" * 500),
                                         ("nickname", "n" * 61)])
def test_hostile_text_is_refused_with_a_message(client_as, seated_event, field, value):
    before = written()
    data = {"name": "Ana", field: value}
    response = client_as("registration").post(url("registration", seated_event), data)
    assert response.status_code == 400 and b'data-testid="form-error"' in response.content
    assert written() == before
