"""Template filters for money and chips: {{ amount|money:event.currency }}, {{ chips|chips }}."""

from django import template
from django.utils.translation import get_language

from tdconsole.core.money import format_money, format_number

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
