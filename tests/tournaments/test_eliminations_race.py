"""A bust and a late seat at the same seat at once, on PostgreSQL (real row locks, real threads).

The night this comes from: "12 4" typed at two terminals, and a late entry seated at table 12,
seat 4 between the two busts (30-84 ms after the first). The second bust named the player
its clerk had seen, so it must be refused, not bust the late entry.
"""

import time

import pytest

from tdconsole.seating.registration import entry_register_seated
from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate
from tdconsole.tournaments.exceptions import EliminationError, RegistrationError
from tdconsole.tournaments.models import Bust, Entry
from tdconsole.tournaments.players import player_register
from tests.races import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("in_english")]


def test_a_bust_and_a_late_seat_at_that_seat_at_once_never_bust_the_late_entry(full_field, director):
    event = full_field
    for round_ in range(6):
        table, seat = 1 + round_ % 2, 1 + round_
        seen = Entry.objects.get(event=event, table__number=table, seat=seat, status=Entry.Status.ALIVE)
        late_player = player_register(festival=event.festival, name=f"Late {round_}", actor=director)

        def clerk(table=table, seat=seat, seen=seen):
            # Both terminals read the same seat: both busts name the entry they were shown.
            return entries_eliminate(event=event, table_number=table, actor=director,
                                     busts=[SeatBust(seat, entry_id=seen.pk)], level_position=None)

        def registration_desk(late_player=late_player):
            # The late entry takes the first seat that opens: the one the bust leaves.
            for _ in range(200):
                try:
                    return entry_register_seated(event=event, player=late_player, actor=director,
                                          level_position=None)
                except RegistrationError:
                    time.sleep(0.005)
            raise AssertionError("the late entry never found a seat")

        first, late, second = at_once(clerk, registration_desk, clerk)
        results = [first, second]
        assert isinstance(late, Entry), late
        assert sum(isinstance(r, EliminationError) for r in results) == 1, results
        assert Bust.objects.filter(entry=seen).count() == 1
        late = Entry.objects.select_related("table").get(pk=late.pk)
        assert late.status == Entry.Status.ALIVE and (late.table.number, late.seat) == (table, seat)

        # The repeated bust, sent again after both: refused, naming the late entry that sits there now.
        with pytest.raises(EliminationError) as refused:
            clerk()
        assert f"Late {round_} (#{late.number}) sits there now" in str(refused.value)
        late.refresh_from_db()
        assert late.status == Entry.Status.ALIVE
    assert Bust.objects.filter(elimination__event=event).count() == 6
    assert Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count() == 18
