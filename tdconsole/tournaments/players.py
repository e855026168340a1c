"""The festival's player register: a person registered once, a name typed wrong corrected, and a
person registered twice merged.

Corrections and merges lock the festival row first, like the registration desk does before it
looks for a name, then the rows they change: a correction or a merge never interleaves with a
clerk registering the same name. A merge also locks the events whose entries move (festival,
then events, then players: the order every desk service takes them in).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from tdconsole.audit.services import audit_record

from .cpf import cpf_digits, cpf_format, cpf_valid
from .exceptions import PlayerError, RegistrationError
from .models import Entry, Event, Festival, Player
from .names import search_key, tidy_name

PLAYER_FIELDS = ("name", "nickname", "document", "city", "country")


def document_clean(document: str, *, error: type[Exception] = PlayerError) -> str:
    """The document as kept: a CPF (eleven digits, formatted or bare) checked by its check digits and
    written `123.456.789-09`; any other document as typed. A CPF whose check digits are wrong is refused."""
    document = (document or "").strip()
    digits = cpf_digits(document)
    if digits is None:
        return document[:40]
    if not cpf_valid(digits):
        raise error(_("CPF %(cpf)s is not valid: its check digits do not match. Check the number on the "
                      "player's document.") % {"cpf": cpf_format(digits)})
    return cpf_format(digits)


def player_register(*, festival: Festival, name: str, actor: Any, nickname: str = "", document: str = "",
                    event: Event | None = None) -> Player:
    """Register a person with the festival (once: a document number is unique in a festival).

    `event` is the event the desk registered them for, so the audit record shows in its trail.
    """
    name = tidy_name(name)
    if not name:
        raise RegistrationError(_("Type the player's name."))
    document = document_clean(document, error=RegistrationError)
    with transaction.atomic():
        if document and Player.objects.filter(festival=festival, document=document).exists():
            raise RegistrationError(_("A player with this document is already registered in this festival."))
        try:
            # No savepoint needed: on a clash the error leaves this transaction, which rolls back.
            player = Player.objects.create(festival=festival, name=name[:120], nickname=tidy_name(nickname)[:60],
                                           document=document[:40], search_name=search_key(name)[:120],
                                           search_nickname=search_key(nickname)[:60])
        except IntegrityError:
            raise RegistrationError(_("A player with this document is already registered in this festival."))
        audit_record(actor=actor, action="player.register", event=event, objects=[player],
                     after={"name": player.name, "nickname": player.nickname, "festival": festival.slug},
                     summary=(gettext_lazy("Player %(name)s registered"), {"name": player.name}))
    return player


def _told_apart(*, nickname: str, document: str, others: Iterable[Player]) -> bool:
    """Whether a player with these details can be told from same-name `others` (a document always does)."""
    if document:
        return True
    return bool(nickname) and search_key(nickname) not in {search_key(p.nickname) for p in others}


def player_update(*, player: Player, actor: Any, name: str, nickname: str = "", document: str = "",
                  city: str | None = None, country: str | None = None, event: Event | None = None) -> Player:
    """Correct a player's name, nickname, document number, city or country (audited; `event` is where staff
    did it). A city or country left as None keeps what the player has."""
    name, nickname, document = tidy_name(name)[:120], tidy_name(nickname)[:60], document_clean(document)
    city = player.city if city is None else tidy_name(city)[:80]
    country = player.country if country is None else (country or "").strip().upper()
    if not name:
        raise PlayerError(_("Type the player's name."))
    if country and not re.fullmatch(r"[A-Z]{2}", country):
        raise PlayerError(_("Give the country as its two-letter code (BR, AR, US...)."))
    with transaction.atomic():
        Festival.objects.select_for_update().get(pk=player.festival_id)
        locked = Player.objects.select_for_update().filter(pk=player.pk).first()
        if locked is None:
            raise PlayerError(_("This player is no longer registered (merged into another?)."))
        player = locked
        after = {"name": name, "nickname": nickname, "document": document, "city": city, "country": country}
        before = {k: getattr(player, k) for k in PLAYER_FIELDS if getattr(player, k) != after[k]}
        if not before:
            return player
        if document and "document" in before:
            holder = Player.objects.filter(festival_id=player.festival_id, document=document).exclude(pk=player.pk)
            holder = holder.first()
            if holder is not None:
                raise PlayerError(_("Document %(document)s belongs to %(holder)s. If they are the same person, "
                                    "merge the two players.") % {"document": document, "holder": holder.name})
        key = search_key(name)
        others = list(Player.objects.filter(festival_id=player.festival_id, search_name=key).exclude(pk=player.pk))
        if others and not _told_apart(nickname=nickname, document=document, others=others):
            raise PlayerError(_("Another %(name)s is registered: give this one a nickname or a document number "
                                "that tells them apart, or merge the two if they are the same person.")
                              % {"name": name})
        player.name, player.nickname, player.document, player.search_name = name, nickname, document, key[:120]
        player.search_nickname = search_key(nickname)[:60]
        player.city, player.country = city, country
        try:
            player.save(update_fields=["name", "nickname", "document", "city", "country", "search_name",
                                       "search_nickname"])
        except IntegrityError:
            raise PlayerError(_("Another player of this festival has this document number."))
        audit_record(actor=actor, action="player.update", event=event, objects=[player], before=before,
                     after={k: after[k] for k in before},
                     summary=(gettext_lazy("Player %(name)s corrected"), {"name": player.name}))
    return player


def _entries_label(entries: Iterable[Entry]) -> list[str]:
    return [f"{e.event.slug}#{e.number}" for e in entries]


def merge_refusals(*, keep: Player, other: Player, entries: Iterable[Entry]) -> list[str]:
    """Why `other`'s entries cannot move to `keep`: one sentence per event (none when the merge can be done).

    `entries` are both players' entries with their events. Refused when an event would get more
    entries of one player than it allows (a freezeout: one), or two entries of one player in play.
    """
    if keep.pk == other.pk:
        return [_("Choose two different players.")]
    if keep.festival_id != other.festival_id:
        return [_("These players are registered in different festivals.")]
    by_event: dict[int, list[Entry]] = {}
    for entry in entries:
        by_event.setdefault(entry.event_id, []).append(entry)
    refusals = []
    for rows in by_event.values():
        event = rows[0].event
        alive = sum(1 for e in rows if e.status == Entry.Status.ALIVE)
        if alive > 1:
            refusals.append(_("%(event)s: both have an entry in play. Cancel the one registered by mistake "
                              "first.") % {"event": event.name})
        elif len(rows) > event.max_entries:
            if event.format == Event.Format.FREEZEOUT:
                refusals.append(_("%(event)s is a freezeout and both played it: one player, one entry.")
                                % {"event": event.name})
            else:
                refusals.append(ngettext(
                    "%(event)s: together they have %(total)d entries, past the limit of %(max)d entry per player.",
                    "%(event)s: together they have %(total)d entries, past the limit of %(max)d entries per player.",
                    event.max_entries) % {"event": event.name, "total": len(rows), "max": event.max_entries})
    return refusals


def _describe_player(player: Player, entries: Iterable[Entry]) -> dict[str, Any]:
    return {"id": player.pk, "name": player.name, "nickname": player.nickname, "document": player.document,
            "entries": _entries_label(e for e in entries if e.player_id == player.pk)}


def players_merge(*, keep: Player, other: Player, actor: Any, event: Event | None = None) -> Player:
    """Merge `other` (registered twice by mistake) into `keep`: its entries move over, then it is removed.

    Refused (nothing changes) when the events' entry limits would break (see `merge_refusals`).
    Entry attempts are renumbered in each event in the order the entries were made; `keep`
    takes `other`'s nickname or document where it has none. Audited in every event whose
    entries moved, and in `event` (where staff did it), with both players as they were.
    """
    if keep.pk == other.pk:
        raise PlayerError(_("Choose two different players."))
    with transaction.atomic():
        Festival.objects.select_for_update().get(pk=keep.festival_id)
        ids = [keep.pk, other.pk]
        event_ids = sorted(set(Entry.objects.filter(player_id__in=ids).values_list("event_id", flat=True)))
        events = {e.pk: e for e in Event.objects.select_for_update().filter(pk__in=event_ids).order_by("pk")}
        players = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=ids).order_by("pk")}
        if len(players) != 2:
            raise PlayerError(_("One of these players is no longer registered (merged already?)."))
        keep, other = players[keep.pk], players[other.pk]
        # With both players locked no entry of theirs can be added (entry_register locks the player):
        # this list is final. An event that gained one of their entries since the first read is read now.
        entries = list(Entry.objects.select_for_update().filter(player_id__in=ids).order_by("event_id", "number"))
        late = {e.event_id for e in entries} - events.keys()
        events |= {e.pk: e for e in Event.objects.filter(pk__in=late)}
        for entry in entries:
            entry.event = events[entry.event_id]
        refusals = merge_refusals(keep=keep, other=other, entries=entries)
        if refusals:
            raise PlayerError(" ".join(refusals))
        before = {"kept": _describe_player(keep, entries), "merged": _describe_player(other, entries)}
        moved = [e for e in entries if e.player_id == other.pk]
        # Attempts are unique per event and player: park them out of the way, then number them 1, 2, ...
        renumbered: list[Entry] = []
        by_event: dict[int, list[Entry]] = {}
        for entry in entries:
            by_event.setdefault(entry.event_id, []).append(entry)
        for rows in by_event.values():
            if not any(e.player_id == other.pk for e in rows):
                continue
            for index, entry in enumerate(rows, start=1):
                entry.player_id, entry.attempt = keep.pk, 10_000 + index
                renumbered.append(entry)
        Entry.objects.bulk_update(renumbered, ["player", "attempt"])
        for entry in renumbered:
            entry.attempt -= 10_000
        Entry.objects.bulk_update(renumbered, ["attempt"])
        document, nickname = keep.document or other.document, keep.nickname or other.nickname
        other_label = {"model": "tournaments.player", "id": other.pk, "label": other.name}
        other.delete()
        keep.document, keep.nickname, keep.search_nickname = document, nickname, search_key(nickname)[:60]
        keep.save(update_fields=["document", "nickname", "search_nickname"])
        after = {"player": _describe_player(keep, []) | {"entries": _entries_label(e for e in entries)},
                 "moved": _entries_label(moved)}
        summary = (ngettext_lazy("Player %(other)s merged into %(keep)s (%(n)d entry moved)",
                                 "Player %(other)s merged into %(keep)s (%(n)d entries moved)", "n"),
                   {"other": other_label["label"], "keep": keep.name, "n": len(moved)})
        audited = sorted({e.event_id for e in moved} | ({event.pk} if event is not None else set()))
        for event_id in audited or [None]:
            audit_record(actor=actor, action="player.merge", event=event_id, objects=[keep, other_label],
                         before=before, after=after, summary=summary)
    return keep
