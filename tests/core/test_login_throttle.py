"""Failed logins are throttled per account and per address (django-axes), the admin's login too."""

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry

from ..conftest import PASSWORD

LOGIN = "/accounts/login/"


def attempt(client, username: str, password: str = "wrong", address: str = "10.0.0.7", url: str = LOGIN, **extra):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address, **extra)


@pytest.fixture
def limit(settings):
    return settings.AXES_FAILURE_LIMIT


def test_an_account_is_locked_after_the_failure_limit_with_a_message(client, cast, limit):
    for _ in range(limit - 1):
        response = attempt(client, "floor")
        assert response.status_code == 200  # the ordinary "wrong password" form
        assert 'data-testid="login-locked"' not in response.content.decode()
    locked = attempt(client, "floor", HTTP_ACCEPT_LANGUAGE="en")
    assert locked.status_code == 429
    html = locked.content.decode()
    assert 'data-testid="login-locked"' in html
    assert "Too many failed logins" in html and "Wait 10 minutes" in html
    assert 'name="username"' in html  # still the login page
    # Even the right password is refused while the lock lasts.
    assert attempt(client, "floor", PASSWORD).status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_lock_out_message_is_translated(client, cast, limit):
    for _ in range(limit):
        response = attempt(client, "floor", HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.status_code == 429
    assert "Muitas tentativas de login" in response.content.decode()


def test_a_lock_out_is_audited_once(client, cast, limit):
    for _ in range(limit + 3):
        attempt(client, "floor")
    entries = list(AuditEntry.entries.filter(action="login.locked_out"))
    assert len(entries) == 1
    entry = entries[0]
    assert entry.actor_name == "10.0.0.7"
    assert entry.objects == [{"model": "auth.user", "id": cast["floor"].pk, "label": "floor"}]
    assert entry.after["failures"] == limit and entry.after["username"] == "floor"


def test_one_address_is_locked_whatever_names_it_tries(client, cast, limit):
    for n in range(limit):
        attempt(client, f"guess{n}", address="10.0.0.8")
    assert attempt(client, "viewer", PASSWORD, address="10.0.0.8").status_code == 429
    # Another address is not concerned.
    assert attempt(client, "viewer", PASSWORD, address="10.0.0.9").status_code == 302


def test_one_account_is_locked_from_every_address(client, cast, limit):
    for n in range(limit):
        attempt(client, "director", address=f"10.0.1.{n + 1}")
    assert attempt(client, "director", PASSWORD, address="10.0.2.1").status_code == 429
    assert attempt(client, "viewer", PASSWORD, address="10.0.2.1").status_code == 302


def test_a_good_login_clears_the_count(client, cast, limit):
    for _ in range(limit - 1):
        attempt(client, "floor")
    assert attempt(client, "floor", PASSWORD).status_code == 302
    client.logout()
    for _ in range(limit - 1):
        attempt(client, "floor")
    assert attempt(client, "floor", PASSWORD).status_code == 302


def test_the_admin_login_is_throttled_too(client, cast, limit):
    url = reverse("admin:login")
    for _ in range(limit):
        response = attempt(client, "director", url=url)
    assert response.status_code == 429
    assert 'data-testid="login-locked"' in response.content.decode()
    assert AuditEntry.entries.filter(action="login.locked_out", after__path=url).exists()


def test_the_lock_ends_after_the_cool_off(client, cast, limit):
    from datetime import timedelta

    from axes.models import AccessAttempt
    from django.utils import timezone

    for _ in range(limit):
        attempt(client, "floor")
    assert attempt(client, "floor", PASSWORD).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=11))
    assert attempt(client, "floor", PASSWORD).status_code == 302


def test_the_throttle_records_a_username_no_longer_than_a_username_can_be():
    from django.test import RequestFactory

    from tdconsole.accounts.throttle import throttled_username

    request = RequestFactory().post("/accounts/login/", {"username": "x" * 10_000})
    assert throttled_username(request, None) == "x" * 150
    assert throttled_username(request, {"username": "a\x00b" + "c" * 400}) == "ab" + "c" * 148
    assert throttled_username(request, {"password": "p"}) is None
