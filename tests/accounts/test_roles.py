"""Role boundaries on desk pages: login required, the right role, 403 fragments for htmx."""

import pytest
from django.urls import reverse

from tdconsole.accounts.roles import DIRECTOR, FLOOR, has_role, user_roles
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def test_anonymous_visitor_is_sent_to_login(client):
    response = client.get(reverse("home"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_anonymous_htmx_request_gets_a_redirect_header_not_a_page(client):
    response = client.get(reverse("home"), HTTP_HX_REQUEST="true")
    assert response.status_code == 401
    assert response["HX-Redirect"].startswith(reverse("login"))


@pytest.mark.parametrize("role", ["director", "floor", "registration", "viewer"])
def test_every_staff_role_opens_the_desk_home(client_as, role):
    assert client_as(role).get(reverse("home")).status_code == 200


def test_a_user_without_a_role_is_refused(client_as):
    response = client_as("nobody").get(reverse("home"))
    assert response.status_code == 403
    assert b"<html" in response.content


def test_htmx_request_without_permission_gets_a_403_fragment(client_as):
    event = make_event()
    url = reverse("audit:event_audit", args=[event.slug])
    response = client_as("registration").get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 403
    assert b"<html" not in response.content
    assert b'data-testid="forbidden"' in response.content


@pytest.mark.parametrize(("role", "status"), [("director", 200), ("floor", 200), ("viewer", 200),
                                              ("registration", 403), ("nobody", 403)])
def test_audit_trail_is_open_to_director_floor_and_viewer(client_as, role, status):
    event = make_event()
    assert client_as(role).get(reverse("audit:event_audit", args=[event.slug])).status_code == status


def test_director_holds_every_role(cast):
    assert has_role(cast["director"], [FLOOR])
    assert not has_role(cast["viewer"], [FLOOR])
    assert user_roles(cast["floor"]) == frozenset({FLOOR})


def test_superuser_counts_as_director(django_user_model):
    boss = django_user_model.objects.create_superuser("boss", "b@example.org", "pw-123456789")
    assert DIRECTOR in user_roles(boss)


def test_role_groups_are_created_by_migration():
    from django.contrib.auth.models import Group

    assert set(Group.objects.values_list("name", flat=True)) >= {"Director", "Floor", "Registration", "Viewer"}
