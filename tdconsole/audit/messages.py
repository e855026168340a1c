"""Audit summaries kept as a message id plus its parameters, translated when they are read.

A desk service passes `audit_record(summary=...)` one of:

- a lazy string: ``gettext_lazy("Registration closed")``;
- a pair of a message and its parameters: ``(gettext_lazy("Event %(name)s created"), {"name": name})``,
  or ``(ngettext_lazy("%(n)d entry moved", "%(n)d entries moved", "n"), {"n": 3})`` for a plural;
- a plain string, stored as written (records made before summaries were kept this way read as they were).

A parameter may itself be a lazy string or such a pair (a status label, "3 players"): it is
translated with the rest; a list of them reads joined by "; "; `Number(12500)` reads "12,500" in
English and "12.500" in pt-BR. The reader sees the summary in the language of the page, whatever
language the staff member who made the change was using.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.utils import translation
from django.utils.functional import Promise

from tdconsole.core.money import format_number

MESSAGE = "$message"  # marks a parameter that is itself a message
NUMBER = "$number"  # marks a number written in the reader's format
LIST = "$list"  # marks a list of parameters, read joined by "; "


class Number(int):
    """A count (chips, entries) written with the reader's thousands separator."""


def _forms(message: Any) -> tuple[str, str | None, Any]:
    """(singular, plural or None, the count or the name of the parameter that holds it)."""
    if isinstance(message, Promise):
        kw = getattr(message, "_kw", None) or {}
        if "singular" in kw and "plural" in kw:  # ngettext_lazy
            number = kw.get("number")
            if number is None:  # counted by a parameter: ngettext_lazy(singular, plural, "n")
                number = message.__reduce__()[1][2]
            return kw["singular"], kw["plural"], number
        with translation.override(None):  # no catalogue: the message id itself
            return str(message), None, None
    return str(message), None, None


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def encode(summary: Any) -> tuple[str, dict | None]:
    """The message id to store in `summary` and its `summary_args` (None: plain text, kept as written)."""
    if isinstance(summary, tuple):
        message, params = summary
    elif isinstance(summary, Promise):
        message, params = summary, {}
    else:
        return str(summary or ""), None
    singular, plural, number = _forms(message)
    args: dict[str, Any] = {"params": {key: _param(value) for key, value in (params or {}).items()}}
    if plural is not None:
        args["plural"] = plural
        args["n"] = number if isinstance(number, int) else int(params[number])
    return singular, args


def _param(value: Any) -> Any:
    if isinstance(value, tuple | Promise):
        msgid, args = encode(value)
        return {MESSAGE: msgid, **(args or {})}
    if isinstance(value, Number):
        return {NUMBER: int(value)}
    if isinstance(value, list):
        return {LIST: [_param(item) for item in value]}
    return _plain(value)


def render(msgid: str, args: dict | None) -> str:
    """The summary in the active language (plain-text summaries as they were written)."""
    if args is None:
        return msgid
    params = {key: _render_param(value) for key, value in (args.get("params") or {}).items()}
    if "plural" in args:
        text = translation.ngettext(msgid, args["plural"], args["n"])
        english = msgid if args["n"] == 1 else args["plural"]
    else:
        text = english = translation.gettext(msgid)
    if not params:
        return text
    try:
        return text % params
    except (KeyError, TypeError, ValueError):  # a broken translation: fall back to the message id
        return english % params


def _render_param(value: Any) -> Any:
    if isinstance(value, dict) and MESSAGE in value:
        return render(value[MESSAGE], {k: v for k, v in value.items() if k != MESSAGE})
    if isinstance(value, dict) and NUMBER in value:
        return format_number(value[NUMBER], translation.get_language() or "pt-br")
    if isinstance(value, dict) and LIST in value:
        return "; ".join(str(_render_param(item)) for item in value[LIST])
    return value
