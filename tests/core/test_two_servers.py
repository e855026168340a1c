"""Two app servers on one PostgreSQL and one Redis, with a real Celery worker: the desk's writes.

A festival runs several desk terminals; each may be served by another gunicorn instance. Two clerks
on two instances registering at the same moment must never double an entry or a seat, and a PDF
asked for on both builds once. (The clock side, a pause reaching the other instance's screen, is
tests/core/test_instances.py.)
"""

from __future__ import annotations

import re
import time

import pytest
from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import Group, User

from tdconsole.audit.models import AuditEntry
from tdconsole.printing.models import Document
from tdconsole.tournaments.models import Entry
from tdconsole.tournaments.players import player_register
from tests import factories
from tests.races import at_once

from .servers import Session, manage, production_env, start_gunicorn
from .test_instances import database_url, redis_url

PASSWORD = "clerk-password-for-two-servers"
CLERKS_PER_SERVER = 8


def _staff(username: str, group: str) -> User:
    user = User.objects.create(username=username, password=PBKDF2PasswordHasher().encode(PASSWORD, "saltsalt5678"))
    user.groups.add(Group.objects.get_or_create(name=group)[0])
    return user


@pytest.fixture
def two_servers(transactional_db, tmp_path):
    cache_url = redis_url()
    director = _staff("director-two", "Director")
    _staff("clerk-two", "Registration")
    festival = factories.make_festival("two-servers", venue_name="Two Servers Room", tables=4)
    template = factories.make_structure("Two servers template", "two-servers-template")
    template.is_template = True
    template.save(update_fields=["is_template"])
    event = factories.event_create_at_desk(festival=festival, template=template, actor=director,
                                           tables=(1, 2, 3), seats_per_table=9)
    # Two players seated by the initial draw: from then on every registration is seated on arrival.
    event = factories.seated_at_desk(event, 2, actor=director, names="Sorteado {n}")
    env = production_env(
        DATABASE_URL=database_url(), DJANGO_CACHE_URL=cache_url, CELERY_BROKER_URL=settings.CELERY_BROKER_URL,
        TDCONSOLE_STATIC_ROOT=str(tmp_path / "static"), TDCONSOLE_MEDIA_ROOT=str(settings.MEDIA_ROOT),
    )
    manage(env, "collectstatic", "--noinput", "-v", "0")
    servers = []
    try:
        servers.append(start_gunicorn(env, tmp_path / "a.log", workers=2))
        servers.append(start_gunicorn(env, tmp_path / "b.log", workers=2))
        yield {"event": event, "director": director, "a": servers[0].url, "b": servers[1].url}
    finally:
        for server in servers:
            server.stop()


def _desk(url: str, username: str) -> Session:
    desk = Session(url)
    assert desk.login(username, PASSWORD).status == 200
    return desk


@pytest.mark.postgres
@pytest.mark.worker
def test_clerks_on_two_servers_at_once_never_double_an_entry_or_a_seat(two_servers):
    event, a, b = two_servers["event"], two_servers["a"], two_servers["b"]
    same = player_register(festival=event.festival, name="Dora Duas Mesas", actor=two_servers["director"])
    path = f"/events/{event.slug}/registration/"
    desks = [_desk(url, "clerk-two") for url in (a, b) for _ in range(CLERKS_PER_SERVER)]

    def clerk(index: int):
        return lambda: desks[index].request(path, {"name": f"Jogador {index:02d}", "method": "cash"}, timeout=60)

    # Every clerk types a new name; two of them, one on each server, register the same player.
    twice = [lambda: desks[0].request(path, {"player": str(same.pk), "method": "cash"}, timeout=60),
             lambda: desks[-1].request(path, {"player": str(same.pk), "method": "cash"}, timeout=60)]
    answers = at_once(*[clerk(i) for i in range(len(desks))])
    answers_twice = at_once(*twice)

    assert all(getattr(x, "status", None) == 200 for x in answers), [getattr(x, "status", x) for x in answers]
    statuses = sorted(x.status for x in answers_twice)
    assert statuses == [200, 400], statuses
    refusal = next(x for x in answers_twice if x.status == 400).text
    assert 'data-testid="notice-refused"' in refusal
    entries = list(Entry.objects.filter(event=event).values_list("player__name", "number", "table__number",
                                                                 "seat"))
    assert len(entries) == 2 + 2 * CLERKS_PER_SERVER + 1
    assert sorted(number for _, number, _, _ in entries) == list(range(1, len(entries) + 1))
    seats = [(table, seat) for _, _, table, seat in entries]
    assert None not in {table for table, _ in seats} and len(set(seats)) == len(seats), seats
    assert [name for name, *_ in entries].count("Dora Duas Mesas") == 1
    assert AuditEntry.entries.filter(event_id=event.pk, action="entry.register").count() == len(entries)


@pytest.mark.postgres
@pytest.mark.worker
def test_a_pdf_asked_for_on_both_servers_at_once_is_built_once(two_servers):
    from celery.contrib.testing.worker import start_worker

    from tdconsole.celery import app

    event, a, b = two_servers["event"], two_servers["a"], two_servers["b"]
    path = f"/events/{event.slug}/print/request/"
    desks = [_desk(a, "director-two"), _desk(b, "director-two")]
    answers = at_once(*[lambda d=d: d.request(path, {"kind": "seats", "lang": "pt-br"}, timeout=60) for d in desks])
    assert all(getattr(x, "status", None) == 200 for x in answers), answers  # both land back on the print desk
    documents = Document.objects.filter(event=event)
    assert documents.count() == 1
    document = documents.get()
    assert AuditEntry.entries.filter(event_id=event.pk, action="printing.request").count() == 1

    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        for _ in range(300):
            document.refresh_from_db()
            if document.status not in Document.PENDING:
                break
            time.sleep(0.1)
    assert document.status == Document.Status.READY, (document.status, document.error)
    assert re.match(r"worker .+ pid \d+", document.built_by), document.built_by
    # The file the worker wrote is served by the other server too.
    pdf = desks[1].request(f"/events/{event.slug}/print/{document.pk}/download/")
    assert pdf.status == 200 and pdf.body.startswith(b"%PDF-"), (pdf.status, pdf.body[:100])
    assert Document.objects.filter(event=event).count() == 1
