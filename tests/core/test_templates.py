"""Identifiers in templates are never localized: under pt-BR, id 2625 would render as "2.625".

A form field named chips-2.625, or a link to /documents/2.625/, silently breaks once a field
grows past 999 entries, so every id, entry, table or seat number goes through |unlocalize.
"""

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
IDENTIFIER = re.compile(r"\{\{\s*[a-z_.]*\.(pk|id|number|seat|table_number)\s*\}\}")
LOCALIZE_OFF = re.compile(r"\{% localize off %\}.*?\{% endlocalize %\}", re.S)


def test_identifiers_are_rendered_without_thousand_separators():
    offenders = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = LOCALIZE_OFF.sub("", path.read_text(encoding="utf-8"))
        for match in IDENTIFIER.finditer(text):
            line = text[: match.start()].count("\n") + 1
            offenders.append(f"{path.relative_to(TEMPLATES)}:{line}: {match.group(0)}")
    assert offenders == []


def test_unlocalize_keeps_ids_plain_under_pt_br():
    from django.template import Context, Template
    from django.utils import translation

    with translation.override("pt-br"):
        rendered = Template("{{ n }}|{{ n|unlocalize }}").render(Context({"n": 2625}))
    assert rendered == "2.625|2625"
