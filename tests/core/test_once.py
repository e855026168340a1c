"""The one-time form token: a second send of the same form gets the first answer (issue 11, point 5)."""

import datetime
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.http import HttpResponse, StreamingHttpResponse
from django.test import Client, RequestFactory
from django.utils import timezone

from tdconsole.core import once
from tdconsole.core.models import FormSubmission
from tdconsole.core.once import OnceMiddleware

pytestmark = pytest.mark.django_db

TOKEN = "AbCdEfGhIjKlMnOpQrStUv"
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def work_done():
    return Group.objects.filter(name__startswith="work").count()


class CountingView:
    """A view that does some work (creates a Group) and answers with what it did."""

    def __init__(self, status=200, raises=None, body=None):
        self.calls = 0
        self.status = status
        self.raises = raises
        self.body = body

    def __call__(self, request):
        self.calls += 1
        group = Group.objects.create(name=f"work {work_done() + 1}")
        if self.raises:
            raise self.raises
        response = HttpResponse(self.body or f"<p>done: {group.name}</p>".encode(), status=self.status)
        response["HX-Trigger"] = "entry-registered"
        response.set_cookie("flavour", "vanilla")
        return response


def send(user, view, data=None, htmx=False, **headers):
    """POST through the middleware as `user`; the view runs only if the middleware lets it."""
    request = RequestFactory().post("/desk/thing/", data if data is not None else {"name": "Ana", "_once": TOKEN},
                                    **headers)
    request.user = user
    request.htmx = htmx
    middleware = OnceMiddleware(lambda r: HttpResponse("not the view"))
    return middleware.process_view(request, view, (), {})


@pytest.fixture
def clerk(cast):
    return cast["registration"]


def test_a_second_send_gets_the_first_answer_byte_for_byte_and_the_work_is_done_once(clerk):
    view = CountingView()
    first = send(clerk, view)
    second = send(clerk, view)
    third = send(clerk, view)
    assert view.calls == 1
    assert work_done() == 1
    assert first.content == second.content == third.content == b"<p>done: work 1</p>"
    assert first.status_code == second.status_code == 200
    assert second["HX-Trigger"] == "entry-registered"
    assert second[once.REPLAYED_HEADER] == "1"
    assert once.REPLAYED_HEADER not in first


def test_a_replay_sends_no_cookie_of_the_first_answer(clerk):
    view = CountingView()
    send(clerk, view)
    assert "flavour" not in send(clerk, view).cookies


def test_a_redirect_is_replayed_with_its_location(clerk):
    def view(request):
        Group.objects.create(name="work made")
        return HttpResponse(status=303, headers={"Location": "/events/main/"})

    send(clerk, view)
    again = send(clerk, view)
    assert (again.status_code, again["Location"]) == (303, "/events/main/")
    assert work_done() == 1


def test_a_refusal_is_kept_and_the_same_form_gets_the_same_refusal(clerk):
    view = CountingView(status=409, body=b"Registration is closed.")
    answers = [send(clerk, view) for _ in range(2)]
    assert view.calls == 1
    assert [(a.status_code, a.content) for a in answers] == [(409, b"Registration is closed.")] * 2


def test_a_5xx_answer_is_not_kept_and_the_token_can_be_sent_again(clerk):
    view = CountingView(status=503)
    assert send(clerk, view).status_code == 503
    assert not FormSubmission.objects.exists()
    assert send(clerk, view).status_code == 503
    assert view.calls == 2


def test_a_view_that_raises_rolls_back_its_work_and_the_token_is_not_used_up(clerk):
    view = CountingView(raises=RuntimeError("boom"))
    with pytest.raises(RuntimeError):
        send(clerk, view)
    assert work_done() == 0
    assert not FormSubmission.objects.exists()
    view.raises = None
    assert send(clerk, view).content == b"<p>done: work 1</p>"
    assert view.calls == 2


def test_another_users_token_is_refused(cast, clerk):
    view = CountingView()
    send(clerk, view)
    refused = send(cast["floor"], view)
    assert refused.status_code == 400
    assert b"done" not in refused.content
    assert refused[once.REFUSED_HEADER] == "1"
    assert view.calls == 1


def test_the_same_token_with_other_fields_is_another_action(clerk):
    view = CountingView()
    send(clerk, view, {"name": "Ana", "_once": TOKEN})
    other = send(clerk, view, {"name": "Bruno", "_once": TOKEN})
    assert view.calls == 2
    assert other.content == b"<p>done: work 2</p>"
    assert once.REPLAYED_HEADER not in other


def test_the_csrf_token_is_not_part_of_what_makes_a_form_the_same(clerk):
    view = CountingView()
    send(clerk, view, {"name": "Ana", "_once": TOKEN, "csrfmiddlewaretoken": "one"})
    send(clerk, view, {"name": "Ana", "_once": TOKEN, "csrfmiddlewaretoken": "two"})
    assert view.calls == 1


def test_a_post_without_a_token_takes_the_normal_path(clerk):
    view = CountingView()
    assert send(clerk, view, {"name": "Ana"}) is None
    assert view.calls == 0
    assert not FormSubmission.objects.exists()


def test_an_anonymous_post_takes_the_normal_path():
    from django.contrib.auth.models import AnonymousUser

    view = CountingView()
    assert send(AnonymousUser(), view) is None
    assert view.calls == 0


def test_a_get_takes_the_normal_path(clerk):
    request = RequestFactory().get("/desk/thing/", {"_once": TOKEN})
    request.user = clerk
    view = CountingView()
    assert OnceMiddleware(lambda r: HttpResponse()).process_view(request, view, (), {}) is None


def test_the_token_can_come_in_a_header(clerk):
    view = CountingView()
    send(clerk, view, {"name": "Ana"}, HTTP_X_ONCE_TOKEN=TOKEN)
    send(clerk, view, {"name": "Ana"}, HTTP_X_ONCE_TOKEN=TOKEN)
    assert view.calls == 1


@pytest.mark.parametrize("token", ["short", "x" * 65, "spaces in token here!", "ção" * 8, "a\x00" * 10])
def test_a_damaged_token_is_refused_with_a_message(clerk, token):
    view = CountingView()
    refused = send(clerk, view, {"name": "Ana", "_once": token})
    assert refused.status_code == 400
    assert view.calls == 0


def test_under_htmx_a_refusal_goes_to_the_messages_area(cast, clerk):
    view = CountingView()
    send(clerk, view)
    refused = send(cast["floor"], view, htmx=True)
    assert refused["HX-Retarget"] == "#messages"
    assert b'data-testid="once-refused"' in refused.content
    assert b"<html" not in refused.content


def test_the_forms_in_a_replayed_page_get_fresh_tokens(clerk):
    page = ('<form method="post"><input type="hidden" name="_once" value="%s"></form>'
            '<form method="post"><input type="hidden" name="_once" value="%s"></form>')
    body = (page % (once.new_token(), once.new_token())).encode()

    def view(request):
        return HttpResponse(body)

    first = send(clerk, view)
    second = send(clerk, view)
    tokens = lambda r: re.findall(rb'name="_once" value="([^"]+)"', r.content)  # noqa: E731
    assert len(tokens(second)) == 2
    assert not set(tokens(first)) & set(tokens(second))
    assert re.sub(rb'value="[^"]+"', b"", first.content) == re.sub(rb'value="[^"]+"', b"", second.content)


def test_a_streamed_answer_is_not_replayed_but_a_repeat_is_refused(clerk):
    calls = []

    def view(request):
        calls.append(1)
        return StreamingHttpResponse(iter([b"a", b"b"]))

    send(clerk, view)
    again = send(clerk, view)
    assert again.status_code == 409
    assert len(calls) == 1


def test_a_page_load_is_not_answered_with_the_fragment_sent_to_htmx(clerk):
    view = CountingView()
    send(clerk, view, HTTP_HX_REQUEST="true")
    send(clerk, view)
    assert view.calls == 2


def test_a_file_sent_again_is_the_same_form_and_another_file_is_not(clerk):
    from django.core.files.uploadedfile import SimpleUploadedFile

    view = CountingView()
    for content in (b"hand one", b"hand one", b"hand two"):
        send(clerk, view, {"_once": TOKEN, "phh": SimpleUploadedFile("hand.phh", content)})
    assert view.calls == 2


def test_old_submissions_are_pruned(clerk):
    send(clerk, CountingView())
    FormSubmission.objects.update(created_at=timezone.now() - datetime.timedelta(days=1, minutes=1))
    send(clerk, CountingView(), {"name": "Other", "_once": TOKEN[::-1]})
    assert once.prune() == 1
    assert FormSubmission.objects.count() == 1


def test_pruning_runs_at_most_every_ten_minutes(clerk, monkeypatch):
    calls = []
    monkeypatch.setattr(once, "prune", lambda: calls.append(1))
    monkeypatch.setattr(once, "_next_prune", 0.0)
    now = [1000.0]
    monkeypatch.setattr(once.time, "monotonic", lambda: now[0])
    once.prune_now_and_then()
    once.prune_now_and_then()
    now[0] += once.PRUNE_EVERY_SECONDS + 1
    once.prune_now_and_then()
    assert len(calls) == 2


def test_a_csrf_refusal_does_not_use_up_the_token(client_as, cast):
    from tests.factories import make_event

    event = make_event()
    client = Client(enforce_csrf_checks=True)
    client.force_login(cast["director"])
    url = f"/events/{event.slug}/registration/close/"
    assert client.post(url, {"_once": TOKEN}).status_code == 403
    assert not FormSubmission.objects.exists()


# --- every desk POST form carries the token -------------------------------------------------------

# Forms that do not: the language switch (its answer sets the language cookie, which a replay would
# not; the live page has its own), logging out, and the login form (nobody is logged in yet: the
# middleware skips it anyway).
EXEMPT = {("base.html", "set_language"), ("live/base.html", "set_language"), ("base.html", "logout"),
          ("registration/login.html", "login")}
FORM = re.compile(r"<form\b[^>]*>", re.S)
INCLUDE = '{% include "core/once_token.html" %}'


def post_forms():
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for match in FORM.finditer(text):
            tag = match.group(0)
            if not re.search(r"""method\s*=\s*["']?post""", tag, re.I):
                continue
            end = text.find("</form>", match.end())
            yield str(path.relative_to(TEMPLATES)), text[: match.start()].count("\n") + 1, tag, text[match.end():end]


def test_the_walk_finds_the_desk_forms():
    found = {(name, line) for name, line, _tag, _body in post_forms()}
    assert len(found) >= 35
    assert any(name == "desk_pages/registration.html" for name, _line in found)


def test_every_post_form_in_the_templates_carries_the_one_time_token():
    missing = []
    for name, line, tag, body in post_forms():
        exempt = any(name == n and f"'{url}'" in tag for n, url in EXEMPT)
        if exempt == (INCLUDE in body):
            missing.append(f"{name}:{line} " + ("is exempt but carries the token" if exempt else
                                                f"has no one-time token: add {INCLUDE} inside the form"))
    assert missing == []


def test_nothing_posts_from_outside_a_form():
    offenders = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = FORM.sub("", path.read_text(encoding="utf-8"))
        for match in re.finditer(r"<(?!form\b)(\w+)[^>]*\bhx-post=", text):
            offenders.append(f"{path.relative_to(TEMPLATES)}: <{match.group(1)} hx-post>")
    assert offenders == []


def test_a_rendered_form_carries_a_fresh_token_each_time(client_as):
    from tests.factories import make_event

    event = make_event()
    page = client_as("director").get(f"/events/{event.slug}/clock/")
    tokens = re.findall(r'name="_once" value="([A-Za-z0-9_-]+)"', page.content.decode())
    forms = re.findall(r'<form[^>]*method="post"', page.content.decode())
    assert len(tokens) == len(forms) - 2  # the language switch and logout carry none
    assert len(set(tokens)) == len(tokens) >= 5
