"""The eliminations desk with bounties: "12 4 by 7", split pots, names, "by -", one transaction, undo."""

import re
from decimal import Decimal

import pytest
from django import forms
from django.urls import reverse

from tdconsole.cashier.models import BountyAward, Payout
from tdconsole.tournaments.forms import EliminationForm, bust_key, parse_eliminators, split_by
from tdconsole.tournaments.models import Elimination, Entry, Table

from .test_bounties import bounty_night, knock, who

D = Decimal
EN = {"HTTP_ACCEPT_LANGUAGE": "en", "HTTP_HX_REQUEST": "true"}
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-br", "HTTP_HX_REQUEST": "true"}
HIDDEN = re.compile(r'name="(seen|seen_by)" value="([^"]*)"')


def url(event):
    return reverse("tournaments:eliminations", kwargs={"slug": event.slug})


def first_enter(client, event, text, lang=EN):
    return client.post(url(event), {"bust": text}, **lang)


def hidden(response) -> dict[str, str]:
    found = dict(HIDDEN.findall(response.content.decode()))
    assert "seen" in found, "no confirmation on the page"
    return found


def second_enter(client, event, text, shown, lang=EN):
    return client.post(url(event), {"bust": text, "confirmed": text, **shown}, **lang)


def both_enters(client, event, text, lang=EN):
    preview = first_enter(client, event, text, lang)
    assert preview.status_code == 200, preview.content.decode()[:2000]
    return second_enter(client, event, text, hidden(preview), lang)


def page_text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split()).replace("\u00a0", " ")


def awards(event):
    return [(a.bust.entry.player.name, a.eliminator.player.name, a.cash, a.head)
            for a in BountyAward.objects.filter(event=event).select_related("bust__entry__player",
                                                                            "eliminator__player").order_by("id")]


# --- reading what is typed ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "seats", "named"), [
    ("12 4", [(4, None)], None),
    ("12 4 by 7", [(4, None)], [7]),
    ("12 4 BY 7", [(4, None)], [7]),
    ("12 4 por 7", [(4, None)], [7]),
    ("12 4 by 7 9", [(4, None)], [7, 9]),
    ("12 4 5 by 7", [(4, None), (5, None)], [7]),
    ("12 4:35.000 5:20000 por 7", [(4, 35000), (5, 20000)], [7]),
    ("12 4 by Ana", [(4, None)], ["Ana"]),
    ("12 4 por  João   da Silva ", [(4, None)], ["João da Silva"]),
    ("12 4 by Ana, Bia", [(4, None)], ["Ana", "Bia"]),
    ("12 4 by 7, Bia", [(4, None)], [7, "Bia"]),
    ("12 4 by -", [(4, None)], []),
    ("12 4 por -", [(4, None)], []),
])
def test_a_bust_line_reads_the_seats_and_who_knocked_them_out(text, seats, named):
    form = EliminationForm({"bust": text})
    assert form.is_valid(), form.errors
    assert (form.cleaned_data["table"], form.cleaned_data["seats"], form.cleaned_data["eliminators"]) == (
        12, seats, named)
    assert form.cleaned_data["entry_ids"] is None  # the first Enter only shows who sits there


@pytest.mark.usefixtures("in_english")
@pytest.mark.parametrize(("text", "error"), [
    ("12 4 by", 'Type who knocked them out after "by": a seat, a name, or "-" for nobody.'),
    ("12 4 by , ,", 'Type who knocked them out after "by": a seat, a name, or "-" for nobody.'),
    ("12 4 by - 7", '"-" (nobody) goes alone after "by".'),
    ("12 4 by 99999", "There is no seat 99999."),
    ("12 by 7", 'Type the table and the seat, for example "12 4".'),
    ("12 4 by " + "x" * 121, "That name is too long to be a player's."),
])
def test_a_bust_line_that_cannot_be_read_says_why(text, error):
    form = EliminationForm({"bust": text})
    assert not form.is_valid()
    assert form.errors["bust"] == [error]


def test_the_eliminator_words_are_whole_words_in_either_language():
    assert split_by("12 4 by 7") == ("12 4", "7")
    assert split_by("12 4 Por Ana") == ("12 4", "Ana")
    assert split_by("12 4") == ("12 4", None)
    assert split_by("12 4 byron") == ("12 4 byron", None)
    assert bust_key("12  4 por 7") == bust_key("12 4 by 7") == "12 4 by 7"
    assert bust_key("12 4 by Ana, Bia") != bust_key("12 4 by Ana Bia")
    with pytest.raises(forms.ValidationError):
        parse_eliminators("")


def test_a_confirmation_needs_the_eliminators_shown_for_the_eliminators_typed():
    confirmed = {"bust": "1 2 by 1", "confirmed": "1 2 by 1", "seen": "2:20"}
    unshown = EliminationForm(confirmed)
    assert unshown.is_valid() and unshown.cleaned_data["entry_ids"] is None  # no eliminator was shown
    form = EliminationForm(confirmed | {"seen_by": "10"})
    assert form.is_valid() and (form.cleaned_data["entry_ids"], form.cleaned_data["eliminator_ids"]) == ({2: 20}, [10])
    # Two named, one shown: shown again.
    two = EliminationForm({"bust": "1 2 by 1 3", "confirmed": "1 2 by 1 3", "seen": "2:20", "seen_by": "10"})
    assert two.is_valid() and two.cleaned_data["entry_ids"] is None
    nobody = EliminationForm({"bust": "1 2 by -", "confirmed": "1 2 by -", "seen": "2:20", "seen_by": "-"})
    assert nobody.is_valid() and nobody.cleaned_data["eliminator_ids"] == []
    # An eliminator shown for a bust that no longer names one: shown again.
    plain = EliminationForm({"bust": "1 2", "confirmed": "1 2", "seen": "2:20", "seen_by": "10"})
    assert plain.is_valid() and plain.cleaned_data["entry_ids"] is None


# --- the desk -------------------------------------------------------------------------------------

def test_the_confirmation_names_the_eliminator_and_what_the_bounty_pays(client_as):
    event = bounty_night()
    floor = client_as("floor")
    preview = first_enter(floor, event, "1 2 by 1")
    assert preview.status_code == 200
    text = page_text(preview)
    assert "Knocked out by Ana #1 seat 1" in text
    assert "Ana wins R$50.00 now and R$50.00 on their head for Bruno" in text
    assert hidden(preview) == {"seen": f"2:{who(event, 'Bruno').pk}", "seen_by": str(who(event, "Ana").pk)}
    assert who(event, "Bruno").status == Entry.Status.ALIVE and not BountyAward.objects.exists()
    done = second_enter(floor, event, "1 2 by 1", hidden(preview))
    assert done.status_code == 200
    assert "Bounty: pay Ana R$50.00 now; R$50.00 goes on their head." in page_text(done)
    assert who(event, "Bruno").status == Entry.Status.BUSTED
    assert awards(event) == [("Bruno", "Ana", D("50.00"), D("50.00"))]


def test_the_desk_reads_por_and_names_in_portuguese(client_as):
    event = bounty_night()
    floor = client_as("floor")
    preview = first_enter(floor, event, "1 2 por ana", PT)
    assert "Quem eliminou: Ana #1 assento 1" in page_text(preview)
    assert "Ana ganha R$ 50,00 na hora e R$ 50,00 na própria cabeça por Bruno" in page_text(preview)
    done = second_enter(floor, event, "1 2 por ana", hidden(preview), PT)
    assert "Recompensa: pague R$ 50,00 a Ana agora; R$ 50,00 vão para a cabeça de Ana." in page_text(done)
    assert awards(event) == [("Bruno", "Ana", D("50.00"), D("50.00"))]


@pytest.mark.parametrize(("lang", "message"), [
    (EN, "Who knocked Bruno (#2) out? Add “by” and the seat (“by -”: nobody)."),
    (PT, "Quem eliminou Bruno (nº 2)? Acrescente “por” e o assento (“por -”: ninguém)."),
])
def test_a_bust_without_an_eliminator_in_a_bounty_event_asks_who_did_it(client_as, lang, message):
    event = bounty_night()
    answer = first_enter(client_as("floor"), event, "1 2", lang)
    assert answer.status_code == 409
    assert message in page_text(answer).replace("&quot;", '"')
    assert who(event, "Bruno").status == Entry.Status.ALIVE


def test_by_nobody_busts_without_an_award_and_the_head_is_owed_back(client_as):
    event = bounty_night()
    floor = client_as("floor")
    preview = first_enter(floor, event, "1 2 by -")
    assert "Knocked out by nobody: their own head is owed back to them." in page_text(preview)
    assert hidden(preview)["seen_by"] == "-"
    assert second_enter(floor, event, "1 2 by -", hidden(preview)).status_code == 200
    assert who(event, "Bruno").status == Entry.Status.BUSTED and awards(event) == []


def test_a_split_pot_names_both_winners_and_shares_the_head(client_as):
    event = bounty_night()
    done = both_enters(client_as("floor"), event, "1 2 by 3 1")
    assert done.status_code == 200
    assert awards(event) == [("Bruno", "Carla", D("25.00"), D("25.00")), ("Bruno", "Ana", D("25.00"), D("25.00"))]


def test_two_busted_by_one_seat_pay_both_heads_to_it(client_as):
    event = bounty_night()
    done = both_enters(client_as("floor"), event, "1 2 4 by 1")
    assert done.status_code == 200
    assert awards(event) == [("Bruno", "Ana", D("50.00"), D("50.00")), ("Davi", "Ana", D("50.00"), D("50.00"))]


@pytest.mark.parametrize(("text", "message"), [
    ("1 2 by ana", "“ana” could be Ana Souza (seat 1) or Maria Ana (seat 3): type the seat instead."),
    ("1 2 by 2", "Bruno (#2) is out in this same hand and cannot win a bounty."),
    ("1 2 3 by 3", "Maria Ana (#3) is out in this same hand and cannot win a bounty."),
    ("1 2 by 1 1", "Ana Souza (#1) is named twice."),
    ("1 2 by 8", "Table 1, seat 8: nobody is sitting there to win the bounty."),
    ("1 2 by Olga", "Nobody called “Olga” is in play at table 1."),
])
def test_an_eliminator_the_desk_cannot_tell_or_accept_is_refused_at_the_first_enter(client_as, text, message):
    event = bounty_night(["Ana Souza", "Bruno", "Maria Ana", "Davi"])
    answer = first_enter(client_as("floor"), event, text)
    assert answer.status_code == 409
    assert message in page_text(answer)
    assert who(event, "Bruno").status == Entry.Status.ALIVE


def test_a_refused_bounty_leaves_nobody_busted(client_as, director):
    """The bust and its awards are one transaction: Ana, shown as the eliminator, is knocked out at another
    terminal before the Enter that confirms; the bust of Bruno is refused with her, not recorded alone."""
    event = bounty_night()
    floor = client_as("floor")
    preview = first_enter(floor, event, "1 2 by 1")
    knock(event, ["Ana"], ["Carla"], director)  # the other terminal
    eliminations = Elimination.objects.count()
    answer = second_enter(floor, event, "1 2 by 1", hidden(preview))
    assert answer.status_code == 409
    assert "Ana (#1) is out already and cannot win a bounty." in page_text(answer)
    assert who(event, "Bruno").status == Entry.Status.ALIVE and who(event, "Bruno").seat == 2
    assert Elimination.objects.count() == eliminations and len(awards(event)) == 1


def test_an_event_without_a_bounty_busts_with_or_without_an_eliminator(client_as):
    event = bounty_night(kind="none")
    floor = client_as("floor")
    preview = first_enter(floor, event, "1 2 by 1")
    assert "This event has no bounty: nothing is paid for the knockout." in page_text(preview)
    assert second_enter(floor, event, "1 2 by 1", hidden(preview)).status_code == 200
    assert both_enters(floor, event, "1 3").status_code == 200
    assert who(event, "Bruno").status == who(event, "Carla").status == Entry.Status.BUSTED and awards(event) == []


def test_the_recent_busts_show_the_bounty_and_who_won_it(client_as):
    event = bounty_night()
    floor = client_as("floor")
    both_enters(floor, event, "1 2 by 1")
    page = floor.get(url(event), HTTP_ACCEPT_LANGUAGE="en")
    assert "bounty: Ana R$50.00 (+R$50.00 on their head)" in page_text(page)


def test_ticking_seats_with_an_eliminator_seat_busts_at_once_with_the_bounty(client_as):
    event = bounty_night()
    entries = {e.seat: e.pk for e in Entry.objects.filter(event=event)}
    answer = client_as("floor").post(url(event), {"pick_table": "1", "seat": ["2"], "by": "1",
                                                  **{f"entry_{s}": str(pk) for s, pk in entries.items()}}, **EN)
    assert answer.status_code == 200
    assert awards(event) == [("Bruno", "Ana", D("50.00"), D("50.00"))]


def test_ticking_seats_with_an_eliminator_name_asks_to_confirm(client_as):
    event = bounty_night()
    entries = {e.seat: e.pk for e in Entry.objects.filter(event=event)}
    answer = client_as("floor").post(url(event), {"pick_table": "1", "seat": ["2"], "by": "Ana",
                                                  **{f"entry_{s}": str(pk) for s, pk in entries.items()}}, **EN)
    assert answer.status_code == 200 and "Knocked out by Ana #1 seat 1" in page_text(answer)
    assert who(event, "Bruno").status == Entry.Status.ALIVE


# --- undo at the desk -----------------------------------------------------------------------------

def undo(client, event, elimination, lang=EN):
    return client.post(reverse("tournaments:elimination_undo", kwargs={"slug": event.slug, "pk": elimination.pk}),
                       **lang)


def test_undo_at_the_desk_takes_the_bounty_back(client_as):
    event = bounty_night()
    floor = client_as("floor")
    both_enters(floor, event, "1 2 by 1")
    assert undo(floor, event, Elimination.objects.get(event=event)).status_code == 200
    assert who(event, "Bruno").status == Entry.Status.ALIVE and awards(event) == []


@pytest.mark.parametrize(("lang", "message"), [
    (EN, "Ana (#1) has been knocked out since, at table 2, and the bounty won here went on with their head: "
         "undo that elimination first."),
    (PT, "Ana (nº 1) saiu depois, na mesa 2, levando na cabeça a recompensa ganha aqui: "
         "desfaça aquela eliminação primeiro."),
])
def test_undo_at_the_desk_is_refused_when_the_head_went_on(client_as, director, lang, message):
    event = bounty_night(["Ana", "Bruno", "Carla", "Davi", "Elisa", "Fábio"], per_table=3)
    floor = client_as("floor")
    first, _a = knock(event, ["Bruno"], ["Ana"], director)
    Entry.objects.filter(pk=who(event, "Ana").pk).update(table=Table.objects.get(event=event, number=2), seat=4)
    knock(event, ["Ana"], ["Elisa"], director)
    answer = undo(floor, event, first, lang)
    assert answer.status_code == 409
    assert message in page_text(answer)
    assert who(event, "Bruno").status == Entry.Status.BUSTED and len(awards(event)) == 2


def test_undo_at_the_desk_is_refused_when_the_bounty_was_paid(client_as):
    event = bounty_night()
    floor = client_as("floor")
    both_enters(floor, event, "1 2 by 1")
    Payout.objects.create(event=event, entry=who(event, "Ana"), kind=Payout.Kind.BOUNTY, amount=D("50.00"))
    answer = undo(floor, event, Elimination.objects.get(event=event), PT)
    assert answer.status_code == 409
    assert "O caixa já pagou R$ 50,00 de recompensas a Ana (nº 1)" in page_text(answer)
