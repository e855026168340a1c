"""Public links: the unguessable key opens an event's public pages; ids never do."""

import pytest
from django.http import Http404
from django.test import RequestFactory

from tdconsole.tournaments import public
from tdconsole.tournaments.public import public_event_or_404, public_event_polled, public_url
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def request_with(key: str = "", user=None):
    from django.contrib.auth.models import AnonymousUser

    request = RequestFactory().get("/", {"k": key} if key else {})
    request.user = user or AnonymousUser()
    return request


def test_the_key_opens_the_event_and_a_wrong_key_does_not():
    event = make_event()
    assert public_event_or_404(request_with(event.public_token), event.slug) == event
    with pytest.raises(Http404):
        public_event_or_404(request_with("guess"), event.slug)
    with pytest.raises(Http404):
        public_event_or_404(request_with(), event.slug)


def test_staff_open_public_pages_without_the_key(cast):
    event = make_event()
    assert public_event_or_404(request_with(user=cast["viewer"]), event.slug) == event
    with pytest.raises(Http404):
        public_event_or_404(request_with(user=cast["nobody"]), event.slug)


def test_public_urls_carry_the_token_not_the_id():
    event = make_event()
    url = public_url(event, "clock:screen", absolute=False)
    assert url == f"/events/{event.slug}/screen/?k={event.public_token}"
    assert len(event.public_token) >= 24


def test_polled_lookup_remembers_the_row_but_still_checks_the_key(django_assert_num_queries):
    public._EVENT_MEMO.clear()
    event = make_event()
    with django_assert_num_queries(1):
        assert public_event_polled(request_with(event.public_token), event.slug, 60) == event
        assert public_event_polled(request_with(event.public_token), event.slug, 60) == event
    with django_assert_num_queries(1), pytest.raises(Http404):
        public_event_polled(request_with("guess"), event.slug, 60)
    public._EVENT_MEMO.clear()


WRONG_KEYS = ["guess", "ção", "\U0001f600", "\u202eمفتاح", "\x00", "x" * 10_000]


@pytest.mark.parametrize("key", WRONG_KEYS, ids=["ascii", "accents", "emoji", "rtl", "nul", "long"])
def test_a_wrong_key_of_any_kind_is_the_same_404_as_an_unknown_event(key):
    public._EVENT_MEMO.clear()
    event = make_event()
    for lookup in (public_event_or_404, lambda request, slug: public_event_polled(request, slug, 60)):
        with pytest.raises(Http404) as wrong:
            lookup(request_with(key), event.slug)
        with pytest.raises(Http404) as unknown:
            lookup(request_with(key), "no-such-event")
        assert str(wrong.value) == str(unknown.value) == public.NOT_FOUND
    assert not public._EVENT_MEMO


def test_key_matches_only_the_token_itself():
    assert public.key_matches("abc", "abc")
    assert not public.key_matches("", "")
    assert not public.key_matches("abç", "abc")
    assert not public.key_matches("ab", "abc")
