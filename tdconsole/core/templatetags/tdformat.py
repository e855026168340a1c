"""Template filters for money, chips, places and time left: {{ amount|money:event.currency }},
{{ chips|chips }}, {{ place|ordinal }} ("7th" in English, "7º" in pt-BR), {{ left|clock }} ("12:34")."""

from django import template
from django.utils.translation import get_language

from tdconsole.core.durations import clock_text
from tdconsole.core.money import format_money, format_number
from tdconsole.core.ordinals import ordinal as ordinal_text

register = template.Library()


@register.filter
def money(value, currency: str = "BRL") -> str:
    if value is None or value == "":
        return ""
    return format_money(value, currency or "BRL", get_language() or "pt-br")


@register.filter
def chips(value) -> str:
    if value is None or value == "":
        return ""
    return format_number(int(value), get_language() or "pt-br")


@register.filter
def ordinal(value) -> str:
    if value is None or value == "":
        return ""
    return ordinal_text(int(value), get_language() or "pt-br")


@register.filter
def clock(value) -> str:
    """Time left (a timedelta or seconds) as the clock shows it: 12:34, or 1:02:03 from an hour up."""
    if value is None or value == "":
        return ""
    return clock_text(value)
