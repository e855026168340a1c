"""Applying a ruling while staff act at the same table, on PostgreSQL (real row locks, real threads)."""

import pytest
from django.utils import translation

from tdconsole.adjudication.apply import ApplyError, ruling_apply
from tdconsole.adjudication.models import FloorDecision, RulingApplication
from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate
from tdconsole.tournaments.exceptions import EliminationError
from tdconsole.tournaments.models import Bust, ChipCount, Elimination, Entry
from tests.adjudication.test_apply import build
from tests.races import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("in_english")]


def test_two_applies_of_the_same_dispute_at_once_apply_it_once(director, cast):
    for round_ in range(3):
        event, saved, at = build(20, f"twice-{round_}")

        def floor(user, saved=saved):
            def run():
                with translation.override("en"):  # a thread starts in the default language
                    return ruling_apply(saved=saved, actor=user, lang="en")
            return run

        results = at_once(floor(director), floor(cast["floor"]))
        assert sum(isinstance(r, RulingApplication) for r in results) == 1, results
        refused = [r for r in results if not isinstance(r, RulingApplication)]
        assert isinstance(refused[0], ApplyError) and "applied already" in str(refused[0])
        assert Elimination.objects.filter(event=event).count() == 1
        assert Bust.objects.filter(elimination__event=event).count() == 2
        assert ChipCount.objects.filter(entry__event=event).count() == 2
        assert FloorDecision.objects.filter(event=event).count() == 1


def test_an_apply_and_a_bust_at_that_table_at_once_never_both_bust_the_same_player(director, cast):
    for round_ in range(4):
        event, saved, at = build(20, f"bust-{round_}")
        ana = at[3]

        def apply(saved=saved):
            with translation.override("en"):
                return ruling_apply(saved=saved, actor=director, lang="en")

        def clerk(event=event, ana=ana):
            # The desk busts Ana (seat 3) from the table map while the floor applies the ruling.
            return entries_eliminate(event=event, table_number=1, actor=cast["floor"], level_position=None,
                                     busts=[SeatBust(3, entry_id=ana.pk)])

        applied, busted = at_once(apply, clerk) if round_ % 2 else reversed(at_once(clerk, apply))
        assert isinstance(applied, RulingApplication) != isinstance(busted, Elimination), (applied, busted)
        assert Bust.objects.filter(entry=ana).count() == 1
        if isinstance(applied, RulingApplication):
            assert isinstance(busted, EliminationError)
            assert ChipCount.objects.filter(entry__event=event).count() == 2
        else:
            # The ruling was refused whole: no chip count, no decision, the button where it was.
            assert isinstance(applied, ApplyError) and "changed since the hand" in str(applied)
            assert not ChipCount.objects.filter(entry__event=event).exists()
            assert not FloorDecision.objects.filter(event=event).exists()
            assert Entry.objects.get(pk=at[8].pk).chips == 20000
