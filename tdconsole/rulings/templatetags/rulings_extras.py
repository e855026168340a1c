from typing import Any

from django import template
from django.utils import translation

from tdconsole.rulings.replay import adjudicator_href
from tdconsole.rulings.topics import topic_name

register = template.Library()


def _is_pt() -> bool:
    return (translation.get_language() or "pt-br").lower().startswith("pt")


@register.filter
def loc(obj: Any, field: str) -> str:
    """`{{ entry|loc:"title" }}` -> title_pt or title_en for the active language (objects or dicts)."""
    name = f"{field}_{'pt' if _is_pt() else 'en'}"
    if isinstance(obj, dict):
        return obj.get(name, "")
    return getattr(obj, name, "")


@register.filter
def other(obj: Any, field: str) -> str:
    """The same field in the other language (shown small, for bilingual staff)."""
    name = f"{field}_{'en' if _is_pt() else 'pt'}"
    if isinstance(obj, dict):
        return obj.get(name, "")
    return getattr(obj, name, "")


@register.filter
def topic_label(slug: str) -> str:
    return topic_name(slug, translation.get_language() or "pt-br")


@register.filter
def replay_href(phh: str) -> str:
    return adjudicator_href(phh)
