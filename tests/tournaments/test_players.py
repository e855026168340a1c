"""Correcting the player register: a name typed wrong, and a person registered twice."""

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry

# The desk cancels through the cash desk, which voids the buy-in first.
from tdconsole.cashier.purchases import entry_cancel_with_purchases as entry_cancel
from tdconsole.tournaments import players, selectors
from tdconsole.tournaments.exceptions import PlayerError
from tdconsole.tournaments.models import Entry, Event, Player
from tdconsole.tournaments.players import player_register

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
# Messages are read in English here (the site's default language is pt-BR).
pytestmark = pytest.mark.usefixtures("in_english")


def url(name, event, **kw):
    return reverse(f"tournaments:{name}", kwargs={"slug": event.slug, **kw})


def bust(entry):
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.BUSTED, table=None, seat=None)


# --- correcting a player --------------------------------------------------------------------------

def test_a_corrected_name_is_saved_searchable_and_audited(make_event, register, director):
    event = make_event(tables=())
    entry = register(event, "Renata Pnto")
    player = players.player_update(player=entry.player, actor=director, event=event, name=" Renata  Pinto ",
                                   nickname="Rê", document="")
    assert (player.name, player.nickname, player.search_name) == ("Renata Pinto", "Rê", "renata pinto")
    assert selectors.player_search(festival_id=event.festival_id, query="renata pinto").players == [player]
    record = AuditEntry.entries.get(action="player.update")
    assert record.event_id == event.pk and record.actor == director
    assert record.before == {"name": "Renata Pnto", "nickname": ""}
    assert record.after == {"name": "Renata Pinto", "nickname": "Rê"}


def test_city_and_country_are_saved_with_the_code_in_capitals_and_audited(festival, director):
    ana = player_register(festival=festival, name="Ana", actor=director)
    ana = players.player_update(player=ana, actor=director, name="Ana", city=" Porto  Alegre ", country="br")
    ana.refresh_from_db()
    assert (ana.city, ana.country) == ("Porto Alegre", "BR")
    record = AuditEntry.entries.get(action="player.update")
    assert record.before == {"city": "", "country": ""}
    assert record.after == {"city": "Porto Alegre", "country": "BR"}
    # A correction that does not name them keeps them.
    players.player_update(player=ana, actor=director, name="Ana Paula")
    ana.refresh_from_db()
    assert (ana.name, ana.city, ana.country) == ("Ana Paula", "Porto Alegre", "BR")


@pytest.mark.parametrize("country", ["Brasil", "B", "B1", "ÇA"])
def test_a_country_that_is_not_a_two_letter_code_is_refused_and_nothing_saved(festival, director, country):
    ana = player_register(festival=festival, name="Ana", actor=director)
    with pytest.raises(PlayerError, match="two-letter code"):
        players.player_update(player=ana, actor=director, name="Ana Lima", city="Recife", country=country)
    ana.refresh_from_db()
    assert (ana.name, ana.city, ana.country) == ("Ana", "", "")
    assert not AuditEntry.entries.filter(action="player.update").exists()


def test_the_player_page_corrects_city_and_country(make_event, register, client_as):
    event = make_event(tables=())
    entry = register(event, "Diego Ramos")
    registration = client_as("registration")
    response = registration.post(url("player_edit", event, pk=entry.player_id),
                                 {"name": "Diego Ramos", "city": "Montevideo", "country": "uy"}, **EN)
    assert response.status_code == 302
    entry.player.refresh_from_db()
    assert (entry.player.city, entry.player.country) == ("Montevideo", "UY")
    refused = registration.post(url("player_edit", event, pk=entry.player_id),
                                {"name": "Diego Ramos", "city": "Montevideo", "country": "U"}, **EN)
    assert refused.status_code == 400 and "two-letter code" in refused.content.decode()


def test_nothing_changed_records_nothing(festival, director):
    ana = player_register(festival=festival, name="Ana", actor=director)
    players.player_update(player=ana, actor=director, name="Ana")
    assert not AuditEntry.entries.filter(action="player.update").exists()


def test_a_document_of_somebody_else_is_refused_naming_them(festival, director):
    player_register(festival=festival, name="Bia Lemos", document="77", actor=director)
    ana = player_register(festival=festival, name="Ana", actor=director)
    with pytest.raises(PlayerError, match="Document 77 belongs to Bia Lemos"):
        players.player_update(player=ana, actor=director, name="Ana", document="77")
    ana.refresh_from_db()
    assert ana.document == "" and not AuditEntry.entries.filter(action="player.update").exists()


def test_renaming_onto_another_players_name_needs_something_to_tell_them_apart(festival, director):
    player_register(festival=festival, name="Caio Melo", actor=director)
    typo = player_register(festival=festival, name="Kaio Melo", actor=director)
    with pytest.raises(PlayerError, match="merge the two"):
        players.player_update(player=typo, actor=director, name="CAIO MELO")
    assert players.player_update(player=typo, actor=director, name="Caio Melo", nickname="Caião").name == "Caio Melo"


def test_the_registration_list_leads_to_the_player_page_where_the_name_is_corrected(client_as, make_event):
    event = make_event(tables=())
    desk = client_as("registration")
    desk.post(url("registration", event), {"name": "Joana Prdo"})
    entry = Entry.objects.get()
    page = desk.get(url("registration", event)).content.decode()
    player_page = url("player_detail", event, pk=entry.player_id)
    assert f'href="{player_page}"' in page
    html = desk.get(player_page, **EN).content.decode()
    assert 'data-testid="player-form"' in html and f"#{entry.number}" in html and event.name in html
    response = desk.post(url("player_edit", event, pk=entry.player_id),
                         {"name": "Joana Prado", "nickname": "", "document": "12"})
    assert response.status_code == 302 and response["Location"] == player_page
    assert Player.objects.get().name == "Joana Prado"


def test_a_refused_correction_keeps_what_was_typed(client_as, make_event, festival, director):
    event = make_event(tables=())
    player_register(festival=festival, name="Bia Lemos", document="77", actor=director)
    ana = player_register(festival=festival, name="Ana", actor=director)
    response = client_as("registration").post(url("player_edit", event, pk=ana.pk),
                                              {"name": "Ana Maria", "document": "77"}, **EN)
    html = response.content.decode()
    assert response.status_code == 400 and 'data-testid="form-error"' in html and "belongs to Bia Lemos" in html
    assert 'value="Ana Maria"' in html


@pytest.mark.parametrize("role,allowed", [("registration", True), ("director", True), ("floor", False),
                                          ("viewer", False)])
def test_only_registration_and_director_correct_players(client_as, make_event, festival, director, role,
                                                        allowed):
    event = make_event(tables=())
    ana = player_register(festival=festival, name="Ana", actor=director)
    client = client_as(role)
    assert (client.get(url("player_detail", event, pk=ana.pk)).status_code == 200) is allowed
    client.post(url("player_edit", event, pk=ana.pk), {"name": "Ana Paula"})
    assert (Player.objects.get().name == "Ana Paula") is allowed


def test_a_player_of_another_festival_is_not_found_here(client_as, make_event, director):
    from tdconsole.tournaments.models import Festival

    event = make_event(tables=())
    other = Festival.objects.create(name="Other", slug="other", venue=event.festival.venue)
    stranger = player_register(festival=other, name="Stranger", actor=director)
    assert client_as("registration").get(url("player_detail", event, pk=stranger.pk)).status_code == 404


# --- merging a player registered twice -----------------------------------------------------------

@pytest.fixture
def reentry(make_event):
    return make_event(format=Event.Format.REENTRY, max_entries=3, tables=())


def test_merging_moves_the_entries_renumbers_attempts_and_is_audited(reentry, register, director):
    first = register(reentry, "João Silva")
    bust(first)
    twice = player_register(festival=reentry.festival, name="Joao Silva", document="123",
                            actor=director)
    second = register(reentry, "", player=twice)
    assert (first.attempt, second.attempt) == (1, 1)
    kept = players.players_merge(keep=first.player, other=twice, actor=director, event=reentry)
    assert not Player.objects.filter(pk=twice.pk).exists()
    assert kept.document == "123"  # taken over: the kept player had none
    rows = list(Entry.objects.filter(event=reentry).order_by("number").values_list("number", "player_id", "attempt"))
    assert rows == [(first.number, kept.pk, 1), (second.number, kept.pk, 2)]
    record = AuditEntry.entries.get(action="player.merge")
    assert record.event_id == reentry.pk and record.actor == director
    assert record.before["merged"]["name"] == "Joao Silva" and record.before["merged"]["entries"] == [
        f"{reentry.slug}#{second.number}"]
    assert record.before["kept"]["entries"] == [f"{reentry.slug}#{first.number}"]
    assert record.after["moved"] == [f"{reentry.slug}#{second.number}"]
    assert record.after["player"]["document"] == "123"


def test_a_merge_past_the_entry_limit_is_refused_and_changes_nothing(make_event, register, director):
    event = make_event(format=Event.Format.REENTRY, max_entries=2, tables=())
    a1 = register(event, "Lia Costa")
    bust(a1)
    a2 = register(event, "", player=a1.player)
    bust(a2)
    b1 = register(event, "Lia  Costa ")
    bust(b1)
    with pytest.raises(PlayerError, match="together they have 3 entries, past the limit of 2 entries"):
        players.players_merge(keep=a1.player, other=b1.player, actor=director)
    assert Player.objects.count() == 2 and Entry.objects.get(pk=b1.pk).player_id == b1.player_id
    assert not AuditEntry.entries.filter(action="player.merge").exists()


def test_a_merge_of_two_who_both_played_a_freezeout_is_refused(make_event, register, director):
    event = make_event(tables=())
    a, b = register(event, "Rui"), register(event, "Rui Sá")
    bust(a)
    bust(b)
    with pytest.raises(PlayerError, match="is a freezeout and both played it"):
        players.players_merge(keep=a.player, other=b.player, actor=director)


def test_a_merge_leaving_two_entries_in_play_is_refused(reentry, register, director):
    a, b = register(reentry, "Téo"), register(reentry, "Teo")
    with pytest.raises(PlayerError, match="both have an entry in play"):
        players.players_merge(keep=a.player, other=b.player, actor=director)
    # Once the one made by mistake is cancelled, they merge.
    entry_cancel(event=reentry, entry_id=b.pk, actor=director)
    assert players.players_merge(keep=a.player, other=b.player, actor=director) == a.player


def test_a_player_cannot_be_merged_into_itself(festival, director):
    ana = player_register(festival=festival, name="Ana", actor=director)
    with pytest.raises(PlayerError):
        players.players_merge(keep=ana, other=ana, actor=director)


def test_merging_through_the_pages(client_as, reentry, register, director):
    a = register(reentry, "Márcia Gonçalves")
    bust(a)
    twice = player_register(festival=reentry.festival, name="Marcia Goncalves", document="5",
                            actor=director)
    b = register(reentry, "", player=twice)
    desk = client_as("registration")
    page = desk.get(url("player_detail", reentry, pk=a.player_id), **EN).content.decode()
    preview = url("player_merge", reentry, pk=a.player_id)
    assert f'href="{preview}?other={twice.pk}"' in page
    html = desk.get(preview, {"other": twice.pk}, **EN).content.decode()
    assert 'data-testid="merge-confirm"' in html and "Marcia Goncalves" in html and f"#{b.number}" in html
    response = desk.post(preview, {"other": twice.pk})
    assert response.status_code == 302
    assert set(Entry.objects.values_list("player_id", flat=True)) == {a.player_id}


def test_the_merge_page_says_why_it_cannot_merge_and_offers_no_button(client_as, reentry, register):
    a, b = register(reentry, "Téo"), register(reentry, "Teo")
    desk = client_as("registration")
    preview = url("player_merge", reentry, pk=a.player_id)
    html = desk.get(preview, {"other": b.player_id}, **EN).content.decode()
    assert 'data-testid="merge-refused"' in html and "both have an entry in play" in html
    assert 'data-testid="merge-confirm"' not in html
    response = desk.post(preview, {"other": b.player_id}, **EN)
    assert response.status_code == 400 and Player.objects.count() == 2


@pytest.mark.parametrize("other", ["", "abc", "-3", "99999999999999999999", "1\x00"])
def test_the_merge_page_refuses_nonsense(client_as, reentry, register, other):
    a = register(reentry, "Téo")
    response = client_as("registration").post(url("player_merge", reentry, pk=a.player_id), {"other": other})
    assert response.status_code in (302, 404) and Player.objects.count() == 1


@pytest.mark.parametrize("role", ["floor", "viewer"])
def test_only_registration_and_director_merge(client_as, reentry, register, role):
    a, b = register(reentry, "Téo"), register(reentry, "Teo")
    response = client_as(role).post(url("player_merge", reentry, pk=a.player_id), {"other": b.player_id})
    assert response.status_code == 403 and Player.objects.count() == 2
