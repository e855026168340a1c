"""What the clock tells the registration services (clock/selectors.py, `registration_clock_level`)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tdconsole.clock import services
from tdconsole.clock.selectors import registration_clock_level
from tdconsole.tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_none_before_the_clock_starts(event):
    assert registration_clock_level(event=event) is None


def test_the_level_being_played_while_registration_is_open(event, floor_user):
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(minutes=45))
    assert registration_clock_level(event=event) == 3  # the break after two 20-minute levels


@pytest.mark.parametrize("change", [{"registration_closed_at": timezone.now()}, {"status": Event.Status.DRAFT},
                                    {"status": Event.Status.FINISHED}])
def test_not_read_once_no_entry_can_be_taken(event, floor_user, change):
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(minutes=45))
    Event.objects.filter(pk=event.pk).update(**change)
    event.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        assert registration_clock_level(event=event) is None
    assert len(queries) == 0
