from django.http import HttpRequest

from .roles import ALL_ROLES, DIRECTOR, user_roles


def roles(request: HttpRequest) -> dict:
    """Expose the user's roles to templates as `roles.Floor`, `roles.Director`..."""
    mine = user_roles(getattr(request, "user", None))
    flags = {name: (name in mine or DIRECTOR in mine) for name in ALL_ROLES}
    return {"roles": flags}
