

def test_add_on_chips_count_in_the_average_stack(db):
    from tdconsole.payouts.models import PrizeSettings
    from tdconsole.tournaments.selectors import event_field_summary
    from tests.factories import make_event

    event = make_event("addons", starting_stack=10000)
    festival_player = event.festival.players.create(name="Ana")
    other = event.festival.players.create(name="Bia")
    event.entries.create(player=festival_player, number=1)
    event.entries.create(player=other, number=2)
    before = event_field_summary(event=event)
    assert (before["total_chips"], before["average_stack"]) == (20000, 10000)
    PrizeSettings.objects.create(event=event, addons=2, addon_chips=5000)
    after = event_field_summary(event=event)
    assert (after["total_chips"], after["average_stack"]) == (30000, 15000)
