"""Reading and writing hand histories in PHH (the TOML format of the pokerkit authors)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import MISSING, dataclass, fields
from typing import Any

import rtoml

from .cards import EVAL7_CARDS, CardError, split_cards
from .texts import PHH_TEXTS, norm_lang

SUPPORTED_VARIANTS = ("NT", "FT")
MODES = ("tournament", "cash")
BBA_ORDERS = ("blind_first", "ante_first")

# One parsed action: (kind, player index or -1 for the dealer, amount, cards, original text).
# kind is one of "dh", "db", "f", "cc", "cbr", "sm".
Action = tuple[str, int, int, tuple[str, ...] | None, str]


class PHHError(ValueError):
    """The text is not a usable hand history; ``line`` and/or ``field`` say where.

    ``str(error)`` is the English sentence (what the command line prints); ``text(lang)`` says the same in
    English or Brazilian Portuguese. An error built from ``key`` and ``params`` (a ``PHH_TEXTS`` entry) is
    translated; one built from a ``message`` alone (already in the reader's language) keeps it.
    """

    def __init__(
        self, message: str, *, line: int | None = None, field: str | None = None, code: str = "unusable",
        key: str | None = None, params: dict[str, Any] | None = None,
    ):
        self.message = message
        self.line = line
        self.field = field
        self.code = code
        self.key = key
        self.params: dict[str, Any] = params if params is not None else {}
        self._where = (line, field)  # the place str() names, even if a caller moves line/field afterwards
        where = []
        if line is not None:
            where.append(f"line {line}")
        if field is not None:
            where.append(f"field {field!r}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)

    @classmethod
    def keyed(
        cls, key: str, *, line: int | None = None, field: str | None = None, code: str = "unusable", **params: Any
    ) -> PHHError:
        """The error for a ``PHH_TEXTS`` key, its message the English text."""
        return cls(phh_text(key, "en", params), line=line, field=field, code=code, key=key, params=params)

    def text(self, lang: str | None) -> str:
        """The message with its place ("linha 3, campo 'min_bet': ...") in ``lang`` ("en" or "pt-br")."""
        lang = norm_lang(lang)
        body = phh_text(self.key, lang, self.params) if self.key is not None else self.message
        line, field = self._where
        where = []
        if line is not None:
            where.append(PHH_TEXTS["where.line"][lang].format(line=line))
        if field is not None:
            where.append(PHH_TEXTS["where.field"][lang].format(field=field))
        return f"{', '.join(where)}: {body}" if where else body


class ActionLineError(ValueError):
    """Why one action line is not PHH notation: ``str()`` in English, :meth:`text` in either language."""

    def __init__(self, key: str, **params: Any):
        self.key = key
        self.params = params
        super().__init__(phh_text(key, "en", params))

    def text(self, lang: str | None) -> str:
        return phh_text(self.key, norm_lang(lang), self.params)


def phh_text(key: str, lang: str, params: dict[str, Any]) -> str:
    """Fill the ``PHH_TEXTS`` template ``key`` in ``lang`` (normalised); a reason inside is told in ``lang`` too."""
    template = PHH_TEXTS[key][lang]
    if not params:
        return template
    values = {name: value.text(lang) if isinstance(value, ActionLineError) else value
              for name, value in params.items()}
    return template.format_map(values)


@dataclass(frozen=True)
class HandSpec:
    """Everything needed to replay one hand: table set-up plus the list of actions.

    Arrays are in PHH position order (p1 = first seat left of the button; heads-up p1 is the big
    blind). ``antes`` and ``blinds_or_straddles`` are kept exactly as written in the file.
    """

    variant: str
    starting_stacks: tuple[int, ...]
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    players: tuple[str, ...] | None = None
    mode: str = "tournament"
    smallest_chip: int = 1
    bba_order: str = "blind_first"
    raise_cap: int = 3
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    finishing_stacks: tuple[int, ...] | None = None
    recorded_finishing: tuple[float, ...] | None = None  # as written, half chips included
    parsed: tuple[Action, ...] = ()

    @property
    def actions(self) -> tuple[str, ...]:
        """The action lines, comments stripped."""
        return tuple([a[4] for a in self.parsed])

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def labels(self) -> list[str]:
        return [f"p{i + 1}" for i in range(len(self.starting_stacks))]


_SPEC_DEFAULTS: dict[str, Any] = {
    f.name: f.default for f in fields(HandSpec) if f.default is not MISSING
}


def _new_spec(values: dict[str, Any]) -> HandSpec:
    """Build a HandSpec without the per-field frozen-dataclass set-up cost (the replay hot path).

    ``values`` names fields (all of them, on the hot path); the others take their defaults. The instance is as
    frozen as one built by the constructor: attribute assignment still raises.
    """
    spec = object.__new__(HandSpec)
    if len(values) < _FIELD_COUNT:
        values = {**_SPEC_DEFAULTS, **values}
    object.__setattr__(spec, "__dict__", values)  # the dict given becomes the instance's: no copy
    return spec


_FIELD_COUNT = len(fields(HandSpec))


_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")


_SEATS = {f"p{k}": k - 1 for k in range(1, 100)}  # "p1" -> 0, as _PLAYER reads it
# "p3 f" -> ("f", 2, 0, None, "p3 f"): folds, checks or calls and mucks of p1 to p99, the commonest lines.
_BARE: dict[str, Action] = {
    f"{seat} {verb}": (verb, who, 0, None, f"{seat} {verb}")
    for seat, who in _SEATS.items()
    for verb in ("f", "cc", "sm")
}


def parse_action(text: str, player_count: int) -> Action:
    """Parse one PHH action line such as 'p3 cbr 600' or 'd db AhKd2c'.

    Raises ActionLineError (a ValueError) with a short reason when the line is not PHH action notation.
    """
    return _parse_plain(text, player_count) or _parse_any(text, player_count)


def _parse_plain(text: str, player_count: int) -> Action | None:
    """An action spelled the usual way (single spaces, no comment, known cards, players p1 to p99), or None.

    The same tuple as :func:`_parse_any` gives; anything else, right or wrong, is left to it.
    """
    bare = _BARE.get(text)
    if bare is not None:
        return bare if bare[1] < player_count else None
    if len(text) == 12 and text.startswith("d dh p") and text[7] == " ":  # hole cards to p1..p9
        who = _SEATS.get(text[5:7])
        c0, c1 = text[8:10], text[10:]
        if who is not None and who < player_count and (c0 in EVAL7_CARDS or c0 == "??") \
                and (c1 in EVAL7_CARDS or c1 == "??"):
            return ("dh", who, 0, (c0, c1), text)
        return None
    if "#" in text:
        return None
    parts = text.split(" ")
    size = len(parts)
    if size == 2:
        who = _SEATS.get(parts[0])
        verb = parts[1]
        if who is not None and who < player_count and (verb == "f" or verb == "cc" or verb == "sm"):
            return (verb, who, 0, None, text)
    elif size == 3:
        head, verb, arg = parts
        if head == "d":
            if verb == "db" and arg and len(arg) % 2 == 0:
                cards = []
                for k in range(0, len(arg), 2):  # a loop, not a comprehension (see build_ruling)
                    card = arg[k:k + 2]
                    if card not in EVAL7_CARDS:
                        return None
                    cards.append(card)
                return ("db", -1, 0, tuple(cards), text)
            return None
        who = _SEATS.get(head)
        if who is None or who >= player_count:
            return None
        if verb == "cbr" and arg.isascii() and arg.isdigit():
            return ("cbr", who, int(arg), None, text)
        if verb == "sm" and len(arg) == 4:
            c0, c1 = arg[:2], arg[2:]
            if c0 in EVAL7_CARDS and c1 in EVAL7_CARDS:
                return ("sm", who, 0, (c0, c1), text)
    elif size == 4 and parts[0] == "d" and parts[1] == "dh":
        who = _SEATS.get(parts[2])
        hole = parts[3]
        if who is not None and who < player_count and len(hole) == 4:
            c0, c1 = hole[:2], hole[2:]
            if (c0 in EVAL7_CARDS or c0 == "??") and (c1 in EVAL7_CARDS or c1 == "??"):
                return ("dh", who, 0, (c0, c1), text)
    return None


# Actions read by _parse_plain, per number of players: the same lines recur from hand to hand.
_PLAIN: dict[int, dict[str, Action]] = {}


def _plain_actions(raw: list[Any], count: int) -> list[Action | None]:
    """``[_parse_plain(item, count) if type(item) is str else None for item in raw]``, remembering lines read."""
    known = _PLAIN.get(count)
    if known is None:
        known = _PLAIN[count] = {}
    elif len(known) > 200_000:
        known.clear()
    get = known.get
    try:
        plain = list(map(get, raw)) if type(raw) is list else None
    except TypeError:  # an unhashable item (not a string)
        plain = None
    if plain is None:
        plain = [None] * len(raw)
    if not all(plain):  # an action is a tuple, never empty: only None is false
        for index, item in enumerate(raw):
            if plain[index] is None and type(item) is str:
                action = _parse_plain(item, count)
                if action is not None:
                    known[item] = action
                    plain[index] = action
    return plain


def clear_parse_cache() -> None:
    """Forget the action lines read so far (a benchmark's fresh start)."""
    _PLAIN.clear()


def _parse_any(text: str, player_count: int) -> Action:
    raw = text.split("#", 1)[0].strip()
    parts = raw.split()
    if not parts:
        raise ActionLineError("act.empty")
    head = parts[0]
    if head == "d":
        if len(parts) >= 2 and parts[1] == "dh":
            if len(parts) != 4:
                raise ActionLineError("act.dh_shape")
            match = _PLAYER.match(parts[2])
            if not match:
                raise ActionLineError("act.not_player", token=parts[2])
            who = int(match.group(1)) - 1
            if who >= player_count:
                raise ActionLineError("act.no_player", token=parts[2])
            try:
                cards = split_cards(parts[3])
            except CardError as exc:
                raise ActionLineError("act.card", card=exc.args[0]) from None
            if len(cards) != 2:
                raise ActionLineError("act.two_hole")
            return ("dh", who, 0, cards, raw)
        if len(parts) >= 2 and parts[1] == "db":
            if len(parts) != 3:
                raise ActionLineError("act.db_shape")
            try:
                cards = split_cards(parts[2])
            except CardError as exc:
                raise ActionLineError("act.card", card=exc.args[0]) from None
            if "??" in cards:
                raise ActionLineError("act.board_known")
            return ("db", -1, 0, cards, raw)
        raise ActionLineError("act.dealer")
    match = _PLAYER.match(head)
    if not match:
        raise ActionLineError("act.head", head=head)
    who = int(match.group(1)) - 1
    if who >= player_count:
        raise ActionLineError("act.no_player", token=head)
    if len(parts) < 2:
        raise ActionLineError("act.no_verb")
    verb = parts[1]
    if verb in ("f", "cc"):
        if len(parts) != 2:
            raise ActionLineError("act.no_argument", verb=verb)
        return (verb, who, 0, None, raw)
    if verb == "cbr":
        if len(parts) != 3:
            raise ActionLineError("act.cbr_shape")
        amount = parts[2]
        if not (amount.isascii() and amount.isdigit()):  # "²" and "３" are digits to Python, not to PHH
            raise ActionLineError("act.amount", amount=amount)
        return ("cbr", who, int(amount), None, raw)
    if verb == "sm":
        if len(parts) == 2:
            return ("sm", who, 0, None, raw)
        if len(parts) != 3:
            raise ActionLineError("act.sm_shape")
        try:
            cards = split_cards(parts[2])
        except CardError as exc:
            raise ActionLineError("act.card", card=exc.args[0]) from None
        if len(cards) != 2 or "??" in cards:
            raise ActionLineError("act.shown")
        return ("sm", who, 0, cards, raw)
    raise ActionLineError("act.verb", verb=verb)


def _line_of(text: str, needle: str) -> int | None:
    """The first line holding needle, preferring it as a quoted string or a key (not a comment)."""
    lines = [(number, line) for number, line in enumerate(text.splitlines(), start=1)
             if not line.lstrip().startswith("#")]
    for candidate in (f'"{needle}"', f"'{needle}'"):
        for number, line in lines:
            if candidate in line:
                return number
    for number, line in lines:
        if line.lstrip().startswith(needle):
            return number
    for number, line in lines:
        if needle in line:
            return number
    return None


def _chips(value: Any, field: str, text: str) -> int:
    if isinstance(value, bool):
        raise PHHError.keyed("chips.bool", field=field, line=_line_of(text, field))
    if isinstance(value, int):
        if value < 0:
            raise PHHError.keyed("chips.negative", field=field, line=_line_of(text, field))
        return value
    if isinstance(value, float) and value.is_integer() and value >= 0:
        return int(value)
    raise PHHError.keyed("chips.whole", field=field, line=_line_of(text, field), value=value)


def _chip_list(data: dict[str, Any], field: str, text: str, count: int | None) -> tuple[int, ...]:
    value = data.get(field)
    if value is None:
        raise PHHError.keyed("missing", field=field)
    if type(value) is list and (count is None or len(value) == count):
        for v in value:
            if type(v) is not int or v < 0:
                break
        else:
            return tuple(value)
    if not isinstance(value, list):
        raise PHHError.keyed("array", field=field, line=_line_of(text, field))
    if count is not None and len(value) != count:
        raise PHHError.keyed(
            "array.length", field=field, line=_line_of(text, field), entries=len(value), count=count
        )
    return tuple(_chips(v, field, text) for v in value)


def parse_phh(text: str) -> HandSpec:
    """Read PHH text into a :class:`HandSpec`; raise :class:`PHHError` naming the line or field."""
    try:
        data = rtoml.loads(text)
    except ValueError as exc:
        message = str(exc)
        match = re.search(r"line (\d+)", message)
        raise PHHError.keyed("toml", line=int(match.group(1)) if match else None, detail=message) from None
    return spec_from_mapping(data, text)


def _parse_actions(raw: list[Any], plain: list[Action | None], count: int, text: str) -> tuple[Action, ...]:
    """The actions, those :func:`_parse_plain` left (None) parsed one by one; raise PHHError naming the bad one."""
    for index, action in enumerate(plain):
        if action is not None:
            continue
        item = raw[index]
        if not isinstance(item, str):
            raise PHHError.keyed("action.string", field="actions", line=_line_of(text, str(item)), index=index)
        try:
            plain[index] = _parse_any(item, count)
        except ValueError as exc:
            raise PHHError.keyed(
                "action.line", field=f"actions[{index}]", line=_line_of(text, item), index=index, item=item, reason=exc
            ) from None
    return tuple(plain)  # type: ignore[arg-type]  # no None is left


def _all_of(values: list[Any], kind: type) -> bool:
    """``all([type(v) is kind for v in values])``, without making a comprehension's function on every call."""
    for value in values:
        if type(value) is not kind:
            return False
    return True


def spec_from_mapping(data: dict[str, Any], text: str = "") -> HandSpec:
    """Build a :class:`HandSpec` from already-decoded PHH fields."""
    variant = data.get("variant")
    if variant is None:
        raise PHHError.keyed("missing", field="variant")
    if variant not in SUPPORTED_VARIANTS:
        raise PHHError.keyed(
            "variant",
            variant=variant,
            field="variant",
            line=_line_of(text, "variant"),
            code="unsupported_variant",
        )
    if "starting_stacks" not in data:
        raise PHHError.keyed("missing", field="starting_stacks")
    stacks = _chip_list(data, "starting_stacks", text, None)
    count = len(stacks)
    if count < 2:
        raise PHHError.keyed(
            "players.two", field="starting_stacks", line=_line_of(text, "starting_stacks")
        )
    antes = _chip_list(data, "antes", text, count)
    blinds = _chip_list(data, "blinds_or_straddles", text, count)
    min_bet = small_bet = big_bet = 0
    if variant == "NT":
        if "min_bet" not in data:
            raise PHHError.keyed("missing", field="min_bet")
        min_bet = _chips(data["min_bet"], "min_bet", text)
        if min_bet <= 0:
            raise PHHError.keyed("positive", field="min_bet", line=_line_of(text, "min_bet"))
    else:
        for field in ("small_bet", "big_bet"):
            if field not in data:
                raise PHHError.keyed("missing", field=field)
        small_bet = _chips(data["small_bet"], "small_bet", text)
        big_bet = _chips(data["big_bet"], "big_bet", text)
        if small_bet <= 0 or big_bet <= 0:
            raise PHHError.keyed("bets.positive", field="small_bet", line=_line_of(text, "small_bet"))
    raw_actions = data.get("actions")
    if raw_actions is None:
        raise PHHError.keyed("missing", field="actions")
    if not isinstance(raw_actions, list):
        raise PHHError.keyed("actions.array", field="actions", line=_line_of(text, "actions"))
    # Each line as PHH writers spell it, on the short path; anything else (or not a string) after, one by one.
    plain = _plain_actions(raw_actions, count)
    parsed: tuple[Action, ...]
    if all(plain):  # every action is a tuple, never empty: true unless one is None
        parsed = tuple(plain)  # type: ignore[arg-type]
    else:
        parsed = _parse_actions(raw_actions, plain, count, text)
    players = data.get("players")
    if players is not None:
        if type(players) is not list or len(players) != count or not _all_of(players, str):
            raise PHHError.keyed("players.names", field="players", line=_line_of(text, "players"))
        players = tuple(players)
    seats = data.get("seats")
    if seats is not None:
        if type(seats) is not list or len(seats) != count or not all([type(v) is int and v > 0 for v in seats]):
            raise PHHError.keyed("seats", field="seats", line=_line_of(text, "seats"))
        seats = tuple(seats)
    seat_count = data.get("seat_count")
    if seat_count is not None and (type(seat_count) is not int or seat_count < count):
        raise PHHError.keyed("seat_count", field="seat_count",
                       line=_line_of(text, "seat_count"))
    finishing = None
    recorded: tuple[float, ...] | None = None
    raw_finishing = data.get("finishing_stacks")
    if type(raw_finishing) is list and len(raw_finishing) == count:
        if _all_of(raw_finishing, int):
            finishing = tuple(raw_finishing)
        elif all([type(v) is int or type(v) is float for v in raw_finishing]):
            recorded = tuple([float(v) for v in raw_finishing])
            if all([v.is_integer() for v in recorded]):
                finishing = tuple([int(v) for v in recorded])
    mode = data.get("_mode", "tournament")
    if mode not in MODES:
        raise PHHError.keyed("mode", field="_mode", line=_line_of(text, "_mode"))
    smallest_chip = 1
    if "_smallest_chip" in data:
        smallest_chip = _chips(data["_smallest_chip"], "_smallest_chip", text)
        if smallest_chip <= 0:
            raise PHHError.keyed("positive", field="_smallest_chip", line=_line_of(text, "_smallest_chip"))
    bba_order = data.get("_bba_order", "blind_first")
    if bba_order not in BBA_ORDERS:
        raise PHHError.keyed("bba_order", field="_bba_order", line=_line_of(text, "_bba_order"))
    raise_cap = _chips(data["_raise_cap"], "_raise_cap", text) if "_raise_cap" in data else 3
    return _new_spec({
        "variant": variant,
        "starting_stacks": stacks,
        "antes": antes,
        "blinds_or_straddles": blinds,
        "min_bet": min_bet,
        "small_bet": small_bet,
        "big_bet": big_bet,
        "players": players,
        "mode": mode,
        "smallest_chip": smallest_chip,
        "bba_order": bba_order,
        "raise_cap": raise_cap,
        "seats": seats,
        "seat_count": seat_count,
        "finishing_stacks": finishing,
        "recorded_finishing": recorded,
        "parsed": parsed,
    })


def spec_from_table(
    *,
    stacks: Sequence[int],
    small_blind: int,
    big_blind: int,
    ante: int = 0,
    big_blind_ante: bool = True,
    straddles: Sequence[int] = (),
    players: Sequence[str] | None = None,
    variant: str = "NT",
    mode: str = "tournament",
    smallest_chip: int = 1,
    bba_order: str = "blind_first",
    raise_cap: int = 3,
    actions: Sequence[str] = (),
) -> HandSpec:
    """Build a hand from what the floor sees at the table.

    ``stacks`` (and ``players``) start with the small blind and end with the button, as in PHH;
    for two players give them as small blind/button first, big blind second, as one reads the
    table, and this function converts them to the PHH heads-up order (big blind first).
    With ``big_blind_ante`` the big blind pays ``ante`` alone; otherwise everyone pays it.
    """
    count = len(stacks)
    if count < 2:
        raise PHHError.keyed("players.two", field="stacks")
    posts = [small_blind, big_blind, *straddles] + [0] * count
    posts = posts[:count]
    if big_blind_ante:
        antes = [0] * count
        antes[1] = ante
    else:
        antes = [ante] * count
    names = list(players) if players is not None else None
    stack_list = list(stacks)
    if count == 2:
        # PHH heads-up: p1 is the big blind; the blind and ante arrays stay small blind first.
        stack_list.reverse()
        if names is not None:
            names.reverse()
    data: dict[str, Any] = {
        "variant": variant,
        "antes": antes,
        "blinds_or_straddles": posts,
        "starting_stacks": stack_list,
        "actions": list(actions),
        "_mode": mode,
        "_smallest_chip": smallest_chip,
        "_bba_order": bba_order,
        "_raise_cap": raise_cap,
    }
    if variant == "NT":
        data["min_bet"] = big_blind
    else:
        data["small_bet"] = big_blind
        data["big_bet"] = 2 * big_blind
    if names is not None:
        data["players"] = names
    return spec_from_mapping(data)


def hand_to_phh(spec: HandSpec, actions: Sequence[str] | None = None) -> str:
    """Write a hand as PHH text (the actions given, or the spec's own)."""
    data: dict[str, Any] = {
        "variant": spec.variant,
        "antes": list(spec.antes),
        "blinds_or_straddles": list(spec.blinds_or_straddles),
    }
    if spec.variant == "NT":
        data["min_bet"] = spec.min_bet
    else:
        data["small_bet"] = spec.small_bet
        data["big_bet"] = spec.big_bet
    data["starting_stacks"] = list(spec.starting_stacks)
    data["actions"] = list(spec.actions if actions is None else actions)
    if spec.players is not None:
        data["players"] = list(spec.players)
    if spec.seats is not None:
        data["seats"] = list(spec.seats)
    if spec.seat_count is not None:
        data["seat_count"] = spec.seat_count
    if spec.mode != "tournament":
        data["_mode"] = spec.mode
    if spec.smallest_chip != 1:
        data["_smallest_chip"] = spec.smallest_chip
    if spec.bba_order != "blind_first":
        data["_bba_order"] = spec.bba_order
    if spec.variant == "FT" and spec.raise_cap != 3:
        data["_raise_cap"] = spec.raise_cap
    lines = []
    for key, value in data.items():
        if key == "actions":
            lines.append("actions = [")
            lines.extend(f"  {_toml_str(a)}," for a in value)
            lines.append("]")
        elif isinstance(value, list):
            items = ", ".join(_toml_str(v) if isinstance(v, str) else str(v) for v in value)
            lines.append(f"{key} = [{items}]")
        elif isinstance(value, str):
            lines.append(f"{key} = {_toml_str(value)}")
        else:
            lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"


def _toml_str(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'
