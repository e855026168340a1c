"""Staff roles and the decorator every desk view uses.

Roles are Django groups. A Director may do everything; the other roles open only
the pages named for them. Superusers count as Directors.
"""

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

DIRECTOR = "Director"
FLOOR = "Floor"
REGISTRATION = "Registration"
VIEWER = "Viewer"

ALL_ROLES = (DIRECTOR, FLOOR, REGISTRATION, VIEWER)
# Roles that may read the desk (dashboards, table maps, audit trail).
ANY_STAFF = ALL_ROLES


def user_roles(user: Any) -> frozenset[str]:
    """Return the role names of a user, cached on the user object for the request."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return frozenset()
    cached = getattr(user, "_tdconsole_roles", None)
    if cached is not None:
        return cached
    names = set(user.groups.values_list("name", flat=True))
    if user.is_superuser:
        names.add(DIRECTOR)
    roles = frozenset(name for name in names if name in ALL_ROLES)
    user._tdconsole_roles = roles
    return roles


def has_role(user: Any, roles: Iterable[str]) -> bool:
    """Tell whether the user holds one of the roles; a Director holds them all."""
    mine = user_roles(user)
    return DIRECTOR in mine or bool(mine.intersection(roles))


def forbidden(request: HttpRequest, message: str | None = None) -> HttpResponse:
    """Answer 403: a small fragment for htmx requests, a full page otherwise."""
    context = {"message": message or _("Your role does not allow this action.")}
    template = "core/forbidden.html"
    if getattr(request, "htmx", False):
        template = "core/forbidden.html#forbidden"
    return render(request, template, context, status=403)


def role_required(*roles: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Require login and one of `roles` (Director always passes)."""
    unknown = set(roles) - set(ALL_ROLES)
    if unknown:
        raise ValueError(f"unknown roles: {sorted(unknown)}")

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                if getattr(request, "htmx", False):
                    # A swapped-in login form would be confusing: send the browser there.
                    response = HttpResponse(status=401)
                    response["HX-Redirect"] = redirect_to_login(request.get_full_path()).url
                    return response
                return redirect_to_login(request.get_full_path())
            if not has_role(request.user, roles):
                return forbidden(request)
            return view(request, *args, **kwargs)

        wrapped.required_roles = roles  # type: ignore[attr-defined]
        return wrapped

    return decorator
