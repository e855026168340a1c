"""Explanation templates are filled by functions made once per template: the same text as str.format."""

from string import Formatter

import pytest

from tdconsole.rules.ruling import _filler
from tdconsole.rules.texts import T

VALUES = ["p1 (Zoë)", "1.234.000", "{player}", "it's \"quoted\" \\ {{x}}", "", "João 'JJ' d'Ávila"]


def _fields(template):
    return {field for _, field, _, _ in Formatter().parse(template) if field is not None}


@pytest.mark.parametrize("key", sorted(T))
@pytest.mark.parametrize("lang", ["en", "pt-br"])
def test_every_template_fills_as_str_format_does(key, lang):
    template = T[key][lang] + " [Rule {{7}}]"
    for value in VALUES:
        fields = {name: value for name in _fields(template)}
        assert _filler(template)(**fields, unused="ignored") == template.format(**fields, unused="ignored")


def test_fields_other_than_plain_names_are_left_to_str_format():
    for template in ["{0} and {1}", "{amount:,}", "{player!r}", "{p.name}", "{p[0]}", "{class}"]:
        assert _filler(template) == template.format


def test_no_part_of_a_template_runs_as_code():
    template = "'); import os; ('{__import__} {x}\\n\" {{open}}"
    assert _filler(template)(__import__="a", x="b") == template.format(__import__="a", x="b")
    assert _filler("no fields at all {{}}")() == "no fields at all {}"
    with pytest.raises(TypeError):
        _filler("{player} posts")()  # a field left out is an error, as str.format's KeyError
