

def test_add_on_chips_count_in_the_average_stack(db):
    from tdconsole.tournaments.selectors import event_field_summary
    from tests.factories import make_event

    event = make_event("addons", starting_stack=10000)
    festival_player = event.festival.players.create(name="Ana")
    other = event.festival.players.create(name="Bia")
    event.entries.create(player=festival_player, number=1)
    event.entries.create(player=other, number=2)
    before = event_field_summary(event=event, addon_chips=0)
    assert (before["total_chips"], before["average_stack"]) == (20000, 10000)
    after = event_field_summary(event=event, addon_chips=2 * 5000)
    assert (after["total_chips"], after["average_stack"]) == (30000, 15000)


def test_players_made_by_the_test_factories_are_found_by_the_desk_search(db):
    """The factories fill `search_name` as the services do, so every test's players are searchable."""
    from tdconsole.tournaments.selectors import player_search
    from tests.factories import make_entries, make_event, make_players

    event = make_event("search")
    make_players(event.festival, ["João D'Ávila-Jr."])
    make_entries(event, 3)
    assert [p.name for p in player_search(festival_id=event.festival_id, query="joao davila").players] == [
        "João D'Ávila-Jr."]
    assert player_search(festival_id=event.festival_id, query="player 00003").total == 1
