"""The pt-BR catalogue covers every string the code and templates mark, and every entry is translated.

The check extracts the strings afresh (makemessages) in a copy of the sources, so the working catalogue
is never rewritten; then it reads the merged copy for entries left empty or marked fuzzy.
"""

import ast
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


# --- strings shown to users but not marked for translation ---------------------------------------
# makemessages only sees marked strings, so the check above cannot catch a message left in plain
# English. This one reads the code: the text given to the apps' exceptions (and the payout
# calculator's), to ValidationError, to `messages.*`, to `form.add_error` and to
# `audit_record(summary=...)` must go through gettext (or be a variable that did).

GETTEXT_CALLS = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext", "pgettext_lazy",
                 "npgettext", "npgettext_lazy", "gettext_noop"}
# Exceptions whose text never reaches a user: why each is left out.
NOT_SHOWN = {
    "AuditOutsideTransaction": "a programming error (audit_record outside a transaction)",
    "ContentError": "the rules-content loader's check, read by whoever edits the content files",
    "ClockError": "the clock's views show the translated message of its code (clock/views.py ERROR_MESSAGES)",
}
# The calculator's errors carry a code first, then the message.
MESSAGE_ARGUMENT = {"CalcError": 1}


def app_exception_names() -> set[str]:
    names = {"CalcError"}
    for path in (ROOT / "tdconsole").glob("*/exceptions.py"):
        names |= {node.name for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.ClassDef)}
    return names - set(NOT_SHOWN)


def unmarked(node: ast.AST) -> bool:
    """A text that reaches the user as written: a literal, an f-string, or one built from a literal."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(node.value.strip())
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod | ast.Add):
        return unmarked(node.left) or unmarked(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return unmarked(node.func.value)
    if isinstance(node, ast.IfExp):
        return unmarked(node.body) or unmarked(node.orelse)
    if isinstance(node, ast.Tuple) and node.elts:  # audit summaries: (message, parameters)
        return unmarked(node.elts[0])
    return False


def shown_texts(call: ast.Call, exceptions: set[str]) -> list[ast.AST]:
    """The arguments of `call` that are shown to a user as text."""
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    keyword = {k.arg: k.value for k in call.keywords}
    if name in exceptions or name == "ValidationError":
        index = MESSAGE_ARGUMENT.get(name, 0)
        return call.args[index:index + 1] + [v for k, v in keyword.items() if k == "message"]
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "messages":
        return call.args[1:2] + [v for k, v in keyword.items() if k == "message"]
    if name == "add_error":
        return call.args[1:2] + [v for k, v in keyword.items() if k == "error"]
    if name == "audit_record":
        return [v for k, v in keyword.items() if k == "summary"]
    return []


def untranslated(source: str, filename: str, exceptions: set[str]) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Call):
            found += [f"{filename}:{arg.lineno}: {ast.unparse(arg)[:100]}"
                      for arg in shown_texts(node, exceptions) if unmarked(arg)]
    return found


def test_the_untranslated_check_finds_plain_text_and_passes_marked_text():
    source = '''
raise TournamentError("Registration is closed.")
raise CalcError("stacks", f"No stacks: {n}")
messages.error(request, "Saved %s" % name)
form.add_error(None, "Bad")
audit_record(actor=a, action="x", summary=f"Deal among {n} players")
audit_record(actor=a, action="x", summary=("Event %(name)s created", {"name": n}))
raise ValidationError("Too long")
raise TournamentError(_("Registration is closed."))
raise CalcError("stacks", gettext_noop("No stacks given."))
messages.error(request, _("Saved %s") % name)
form.add_error(None, str(exc))
audit_record(actor=a, action="x", summary=(gettext_lazy("Event %(name)s created"), {"name": n}))
raise AuditOutsideTransaction(f"audit_record({action!r}) called outside a transaction")
'''
    found = untranslated(source, "example.py", app_exception_names())
    assert [line.split(":")[1] for line in found] == ["2", "3", "4", "5", "6", "7", "8"]


def test_every_text_shown_to_users_is_marked_for_translation():
    exceptions = app_exception_names()
    found = []
    for path in sorted((ROOT / "tdconsole").rglob("*.py")):
        relative = path.relative_to(ROOT)
        if "migrations" in relative.parts or "management" in relative.parts:  # command output is not the UI
            continue
        found += untranslated(path.read_text(encoding="utf-8"), str(relative), exceptions)
    assert found == []
