"""Counted nouns ("1 player", "3 players") for messages that carry two counts.

A message with one count calls ``ngettext`` itself. A message with two counts cannot choose one
plural form for both, so it places these phrases into its own sentence ("Seat draw: %(players)s at
%(tables)s"); each phrase picks its form from its own number, in English and in pt-BR alike.
The `*_message` forms are the same phrases as (message, parameters) pairs, for audit summaries
(translated when they are read: see tdconsole.audit.messages).
"""

from django.utils.translation import ngettext, ngettext_lazy


def players(count: int) -> str:
    return ngettext("%(count)s player", "%(count)s players", count) % {"count": count}


def tables(count: int) -> str:
    return ngettext("%(count)s table", "%(count)s tables", count) % {"count": count}


def seats(count: int) -> str:
    return ngettext("%(count)s seat", "%(count)s seats", count) % {"count": count}


def open_seats(count: int) -> str:
    return ngettext("%(count)s open seat", "%(count)s open seats", count) % {"count": count}


def players_message(count: int) -> tuple:
    return ngettext_lazy("%(count)s player", "%(count)s players", "count"), {"count": count}


def tables_message(count: int) -> tuple:
    return ngettext_lazy("%(count)s table", "%(count)s tables", "count"), {"count": count}
