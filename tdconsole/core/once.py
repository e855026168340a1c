"""One click, one result: a desk form sent twice does its work once.

Every desk POST form carries a one-time token: a hidden `_once` field rendered by
`{% include "core/once_token.html" %}` (an `X-Once-Token` header works too). `OnceMiddleware` runs
the view of a logged-in POST that carries a token inside one transaction which first inserts the
token's `FormSubmission` row and, after the view, stores the answer in it. The row's unique
constraint is what makes a repeat safe under races: on PostgreSQL a second send of the same token
waits on the unique index until the first commits, then fails to insert and answers with the stored
response; on SQLite the IMMEDIATE transactions queue the same way. A double click, the same form in
two tabs or a retry after an answer lost on a slow network all get the first answer, and the work
(and its audit record) happens once.

What counts as "the same form": the same token AND the same page and fields (the fingerprint). A
form sent again with other values is another action and runs, whatever its token.

- The view raises: everything rolls back, the token is not used up (a retry runs the view again).
- The view answers 5xx: its answer is not kept and the token is not used up; what the view wrote
  stays as the view decided (the middleware never changes what a view commits).
- A 4xx refusal is kept: the same form sent again gets the same refusal.
- The stored answer is replayed to the user who sent it only; another user's token is refused.
- Replayed pages get fresh tokens in their forms, so the next send from them is a new one.
- Rows older than a day are deleted, at most every ten minutes per process.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import secrets
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import DatabaseError, IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from .models import FormSubmission

logger = logging.getLogger(__name__)

TOKEN_FIELD = "_once"
TOKEN_HEADER = "X-Once-Token"
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")
# Fields that differ between two sends of the same form without making it another action.
IGNORED_FIELDS = frozenset({TOKEN_FIELD, "csrfmiddlewaretoken"})
REPLAYED_HEADER = "X-Once-Replayed"
REFUSED_HEADER = "X-Once-Refused"
KEEP_FOR = timedelta(days=1)
PRUNE_EVERY_SECONDS = 600.0
# Larger answers are not kept (a repeat then gets a short "already sent" refusal).
MAX_KEPT_BODY = 2 * 1024 * 1024
_KEPT_HEADERS = frozenset({"location", "content-disposition", "content-language"})
_FIELD_IN_PAGE = re.compile(rb'name="' + TOKEN_FIELD.encode() + rb'" value="[A-Za-z0-9_-]{16,64}"')

_next_prune = 0.0


def new_token() -> str:
    """A fresh random token (22 URL-safe characters, 128 bits)."""
    return secrets.token_urlsafe(16)


def token_field() -> SafeString:
    """The hidden input a POST form carries; a fresh token each time it is rendered."""
    return format_html('<input type="hidden" name="{}" value="{}">', TOKEN_FIELD, new_token())


def fingerprint(request: HttpRequest) -> str:
    """The page, htmx or not, and every field sent (files by content), without the token and the CSRF token."""
    fields = sorted((key, request.POST.getlist(key)) for key in request.POST if key not in IGNORED_FIELDS)
    files = []
    for key in sorted(request.FILES):
        for upload in request.FILES.getlist(key):
            digest = hashlib.sha256()
            for chunk in upload.chunks():
                digest.update(chunk)
            upload.seek(0)
            files.append([key, upload.name, upload.size, digest.hexdigest()])
    # A fragment answered to htmx is no answer to a full page load of the same form.
    htmx = request.headers.get("HX-Request") == "true"
    # ensure_ascii escapes anything (lone surrogates included), so the text always encodes.
    return hashlib.sha256(json.dumps([request.path, htmx, fields, files]).encode()).hexdigest()


def prune(*, older_than: timedelta = KEEP_FOR) -> int:
    """Delete the submissions older than `older_than`; return how many went."""
    deleted, _counts = FormSubmission.objects.filter(created_at__lt=timezone.now() - older_than).delete()
    return deleted


def prune_now_and_then() -> None:
    """Prune at most once every PRUNE_EVERY_SECONDS in this process; a failure only logs."""
    global _next_prune
    now = time.monotonic()
    if now < _next_prune:
        return
    _next_prune = now + PRUNE_EVERY_SECONDS
    try:
        prune()
    except DatabaseError:
        logger.warning("could not prune old form submissions", exc_info=True)


class _AlreadySent(Exception):
    """The token's row exists: this send repeats one already answered."""


class OnceMiddleware:
    """Run a POST that carries a one-time token once; answer a repeat with the first answer.

    Place it after CsrfViewMiddleware and AuthenticationMiddleware: the view runs from
    `process_view`, after the CSRF check (a CSRF refusal never uses up a token).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view_func: Callable[..., HttpResponse],
                     view_args: tuple[Any, ...], view_kwargs: dict[str, Any]) -> HttpResponse | None:
        if request.method != "POST":
            return None
        token = request.headers.get(TOKEN_HEADER) or request.POST.get(TOKEN_FIELD)
        user = getattr(request, "user", None)
        if not token or user is None or not user.is_authenticated:
            return None
        if not TOKEN_PATTERN.fullmatch(token):
            return refusal(request, 400, _("This form's one-time token is damaged. Reload the page and send it again."))
        sent = fingerprint(request)
        try:
            with transaction.atomic():
                try:
                    submission = FormSubmission.objects.create(token=token, fingerprint=sent, user=user,
                                                               path=request.path[:500])
                except IntegrityError:
                    raise _AlreadySent from None
                response = view_func(request, *view_args, **view_kwargs)
                if hasattr(response, "render") and callable(response.render):
                    response = response.render()
                if response.status_code >= 500:
                    submission.delete()
                else:
                    _keep(submission, response)
        except _AlreadySent:
            response = _replay(request, token, sent)
        prune_now_and_then()
        return response


def _keep(submission: FormSubmission, response: HttpResponse) -> None:
    """Store the answer in the submission's row (in the view's transaction)."""
    submission.status_code = response.status_code
    submission.content_type = response.get("Content-Type", "")
    submission.headers = {name: value for name, value in response.items()
                          if name.lower() in _KEPT_HEADERS or name.lower().startswith("hx-")}
    if response.streaming or len(response.content) > MAX_KEPT_BODY:
        submission.replayable = False
    else:
        submission.body = response.content
    submission.save(update_fields=["status_code", "content_type", "headers", "body", "replayable"])


def _replay(request: HttpRequest, token: str, sent: str) -> HttpResponse:
    submission = FormSubmission.objects.filter(token=token, fingerprint=sent).first()
    if submission is None:
        # Pruned between the clash and this read: it was sent more than a day ago.
        return refusal(request, 409, _("This form was already sent. Reload the page to send it again."))
    if submission.user_id != request.user.pk:
        return refusal(request, 400, _("This form was opened by another staff member. Reload the page."))
    if not submission.replayable:
        return refusal(request, 409, _("This form was already sent. Reload the page to send it again."))
    body = bytes(submission.body)
    if "html" in submission.content_type:
        # The forms on a replayed page get new tokens: sending one of them is a new action.
        body = _FIELD_IN_PAGE.sub(lambda _m: f'name="{TOKEN_FIELD}" value="{new_token()}"'.encode(), body)
    response = HttpResponse(body, status=submission.status_code, content_type=submission.content_type or None)
    for name, value in submission.headers.items():
        response[name] = value
    response[REPLAYED_HEADER] = "1"
    return response


def refusal(request: HttpRequest, status: int, message: str) -> HttpResponse:
    """The middleware's own refusal: a message in the page, or in the desk's message area under htmx."""
    if getattr(request, "htmx", False):
        response = HttpResponse(render_to_string("core/once_refused.html#message", {"message": message}, request),
                                status=status)
        response["HX-Retarget"] = "#messages"
        response["HX-Reswap"] = "innerHTML"
    else:
        response = HttpResponse(render_to_string("core/once_refused.html", {"message": message}, request),
                                status=status)
    response[REFUSED_HEADER] = "1"
    return response
