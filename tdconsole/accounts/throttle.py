"""What the login throttle (django-axes) records as the username of a failed login."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

# django.contrib.auth's username column holds 150 characters; axes' own column holds 255.
USERNAME_MAX = 150


def throttled_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """The username typed, cut to what a username can be and without NUL characters.

    Axes writes it to the database on every failure: a 10,000-character or NUL-laden username would
    make PostgreSQL refuse the write and the login page answer 500.
    """
    if credentials:
        username = credentials.get("username")
    else:
        username = getattr(request, "POST", {}).get("username")
    if username is None:
        return None
    return str(username).replace("\x00", "")[:USERNAME_MAX]
