"""The pt-BR catalogue covers every string the code and templates mark, and every entry is translated.

The check extracts the strings afresh (makemessages) in a copy of the sources, so the working catalogue
is never rewritten; then it reads the merged copy for entries left empty or marked fuzzy.
"""

import re
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = Path("locale/pt_BR/LC_MESSAGES/django.po")


def po_entries(text: str) -> list[dict]:
    """Each live entry as {"msgid", "fuzzy", "translations"} (header and obsolete entries left out)."""
    out = []
    for block in text.split("\n\n"):
        lines = [line for line in block.strip().split("\n") if line and not line.startswith("#~")]
        current, fields, fuzzy = None, {}, False
        for line in lines:
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            elif line.startswith("#"):
                continue
            elif line.startswith('"') and current:
                fields[current] += line[1:-1]
            else:
                match = re.match(r'^(msgid|msgid_plural|msgstr(?:\[\d+\])?|msgctxt) "(.*)"$', line)
                if match:
                    current = match.group(1)
                    fields[current] = match.group(2)
        if fields.get("msgid"):
            translations = [v for k, v in fields.items() if k.startswith("msgstr")]
            out.append({"msgid": fields["msgid"], "fuzzy": fuzzy, "translations": translations})
    return out


def test_po_reader_sees_empty_and_fuzzy_entries():
    text = '#, fuzzy\nmsgid "a"\nmsgstr "b"\n\nmsgid "c"\nmsgid_plural "cs"\nmsgstr[0] "d"\nmsgstr[1] ""\n'
    a, c = po_entries(text)
    assert a["fuzzy"] and not c["fuzzy"] and c["translations"] == ["d", ""]


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs GNU gettext (xgettext, msgmerge)")
def test_every_marked_string_has_a_pt_br_translation(tmp_path, monkeypatch, settings):
    for name in ("tdconsole", "templates", "locale"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("*.mo", "__pycache__"))
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    monkeypatch.chdir(tmp_path)
    call_command("makemessages", locale=["pt_BR"], verbosity=0, no_obsolete=True)
    entries = po_entries((tmp_path / CATALOGUE).read_text(encoding="utf-8"))
    assert len(entries) > 500
    missing = [e["msgid"] for e in entries if e["fuzzy"] or not all(e["translations"])]
    assert missing == []
