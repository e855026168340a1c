"""Clerks at several desks at the same moment, on PostgreSQL (real row locks, real threads)."""

import pytest
from django.test import Client
from django.urls import reverse

from tdconsole.cashier.models import Purchase
from tdconsole.seating.registration import entry_register_seated
from tdconsole.tournaments import players
from tdconsole.tournaments.exceptions import TournamentError
from tdconsole.tournaments.models import Entry, Event, Player
from tdconsole.tournaments.players import player_register
from tests.races import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_four_clerks_typing_the_same_new_name_at_once_make_one_player(make_event, cast):
    event = make_event(tables=())
    address = reverse("tournaments:registration", kwargs={"slug": event.slug})

    def clerk():
        desk = Client()
        desk.force_login(cast["registration"])
        return desk.post(address, {"name": "Vitória Régia"}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")

    answers = at_once(*[clerk for _ in range(4)])
    assert all(getattr(a, "status_code", None) == 200 for a in answers), answers
    assert Player.objects.filter(search_name="vitoria regia").count() == 1
    assert Entry.objects.filter(event=event).count() == 1
    # The three others were asked whether it is the same person, not given a second player.
    asked = [a for a in answers if b'data-testid="notice-choose"' in a.content]
    assert len(asked) == 3


def test_a_merge_and_a_registration_of_the_merged_player_at_once_stay_consistent(make_event, director):
    event = make_event(format=Event.Format.REENTRY, max_entries=3, tables=())
    keep = player_register(festival=event.festival, name="Caio Prado", actor=director)
    twice = player_register(festival=event.festival, name="Caio Prado", document="1", actor=director)
    entry_register_seated(event=event, player=keep, actor=director, level_position=None)
    for _ in range(10):
        merged, registered = at_once(
            lambda: players.players_merge(keep=keep, other=twice, actor=director),
            lambda: entry_register_seated(event=event, player=twice, actor=director, level_position=None),
        )
        if Player.objects.filter(pk=twice.pk).exists():
            # The registration went first: the merge is refused (both would have an entry in play).
            assert isinstance(registered, Entry) and isinstance(merged, TournamentError), (merged, registered)
            # (Its buy-in purchase first: a purchase in force names its entry.)
            Purchase.objects.filter(entry__event=event, entry__player=twice).delete()
            Entry.objects.filter(event=event, player=twice).delete()
            continue
        # The merge went first: the registration found no such player, and nothing is half done.
        assert merged == keep and isinstance(registered, TournamentError), (merged, registered)
        break
    else:  # the registration won every time: merge now, undisturbed
        players.players_merge(keep=keep, other=twice, actor=director)
    assert not Player.objects.filter(pk=twice.pk).exists()
    assert not Entry.objects.exclude(player__in=Player.objects.all()).exists()
    assert list(Entry.objects.filter(event=event).values_list("player_id", "attempt")) == [(keep.pk, 1)]
