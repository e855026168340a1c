"""Places read "7th" in English and "7º" in pt-BR (pages: tests/payouts, sheets: tests/printing)."""

import pytest
from django.template import Context, Template
from django.utils import translation

from tdconsole.core.ordinals import ordinal


@pytest.mark.parametrize(("place", "en", "pt"), [
    (1, "1st", "1º"), (2, "2nd", "2º"), (3, "3rd", "3º"), (4, "4th", "4º"), (7, "7th", "7º"),
    (11, "11th", "11º"), (12, "12th", "12º"), (13, "13th", "13º"), (21, "21st", "21º"), (22, "22nd", "22º"),
    (23, "23rd", "23º"), (101, "101st", "101º"), (111, "111th", "111º"), (1500, "1,500th", "1.500º"),
])
def test_ordinal_in_both_languages(place, en, pt):
    assert ordinal(place, "en") == en
    assert ordinal(place, "pt-br") == pt


def test_ordinal_filter_follows_the_active_language():
    template = Template("{% load tdformat %}{{ p|ordinal }}|{{ none|ordinal }}")
    with translation.override("en"):
        assert template.render(Context({"p": 2, "none": None})) == "2nd|"
    with translation.override("pt-br"):
        assert template.render(Context({"p": 2, "none": None})) == "2º|"
