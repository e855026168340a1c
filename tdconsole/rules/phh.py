"""Reading and writing hand histories in PHH (the TOML format of the pokerkit authors)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import MISSING, dataclass, fields
from typing import Any

import rtoml

from .cards import CardError, split_cards

SUPPORTED_VARIANTS = ("NT", "FT")
MODES = ("tournament", "cash")
BBA_ORDERS = ("blind_first", "ante_first")

# One parsed action: (kind, player index or -1 for the dealer, amount, cards, original text).
# kind is one of "dh", "db", "f", "cc", "cbr", "sm".
Action = tuple[str, int, int, tuple[str, ...] | None, str]


class PHHError(ValueError):
    """The text is not a usable hand history; ``line`` and/or ``field`` say where."""

    def __init__(self, message: str, *, line: int | None = None, field: str | None = None, code: str = "unusable"):
        self.message = message
        self.line = line
        self.field = field
        self.code = code
        where = []
        if line is not None:
            where.append(f"line {line}")
        if field is not None:
            where.append(f"field {field!r}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


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

    The instance is as frozen as one built by the constructor: attribute assignment still raises.
    """
    spec = object.__new__(HandSpec)
    spec.__dict__.update(_SPEC_DEFAULTS)
    spec.__dict__.update(values)
    return spec


_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")


_ACTION_CACHE: dict[int, dict[str, Action]] = {}
_CACHE_LIMIT = 500_000


def parse_action(text: str, player_count: int) -> Action:
    """Parse one PHH action line such as 'p3 cbr 600' or 'd db AhKd2c'.

    Raises ValueError with a short reason when the line is not PHH action notation.
    Parsed lines are cached: the same lines recur from hand to hand.
    """
    cache = _ACTION_CACHE.get(player_count)
    if cache is None:
        cache = _ACTION_CACHE[player_count] = {}
    hit = cache.get(text)
    if hit is not None:
        return hit
    action = _parse_action(text, player_count)
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[text] = action
    return action


def _parse_action(text: str, player_count: int) -> Action:
    raw = text.split("#", 1)[0].strip()
    parts = raw.split()
    if not parts:
        raise ValueError("empty action")
    head = parts[0]
    if head == "d":
        if len(parts) >= 2 and parts[1] == "dh":
            if len(parts) != 4:
                raise ValueError("expected 'd dh pN CARDS'")
            match = _PLAYER.match(parts[2])
            if not match:
                raise ValueError(f"{parts[2]!r} is not a player such as p1")
            who = int(match.group(1)) - 1
            if who >= player_count:
                raise ValueError(f"there is no player {parts[2]}")
            try:
                cards = split_cards(parts[3])
            except CardError as exc:
                raise ValueError(f"{exc.args[0]!r} is not a card") from None
            if len(cards) != 2:
                raise ValueError("hold'em deals exactly two hole cards")
            return ("dh", who, 0, cards, raw)
        if len(parts) >= 2 and parts[1] == "db":
            if len(parts) != 3:
                raise ValueError("expected 'd db CARDS'")
            try:
                cards = split_cards(parts[2])
            except CardError as exc:
                raise ValueError(f"{exc.args[0]!r} is not a card") from None
            if "??" in cards:
                raise ValueError("board cards must be known")
            return ("db", -1, 0, cards, raw)
        raise ValueError("a dealer action is 'd dh' or 'd db'")
    match = _PLAYER.match(head)
    if not match:
        raise ValueError(f"{head!r} is neither 'd' nor a player such as p1")
    who = int(match.group(1)) - 1
    if who >= player_count:
        raise ValueError(f"there is no player {head}")
    if len(parts) < 2:
        raise ValueError("missing the action after the player")
    verb = parts[1]
    if verb in ("f", "cc"):
        if len(parts) != 2:
            raise ValueError(f"'{verb}' takes no argument")
        return (verb, who, 0, None, raw)
    if verb == "cbr":
        if len(parts) != 3:
            raise ValueError("expected 'pN cbr AMOUNT'")
        amount = parts[2]
        if not amount.isdigit():
            raise ValueError(f"{amount!r} is not a whole number of chips")
        return ("cbr", who, int(amount), None, raw)
    if verb == "sm":
        if len(parts) == 2:
            return ("sm", who, 0, None, raw)
        if len(parts) != 3:
            raise ValueError("expected 'pN sm CARDS' or 'pN sm'")
        try:
            cards = split_cards(parts[2])
        except CardError as exc:
            raise ValueError(f"{exc.args[0]!r} is not a card") from None
        if len(cards) != 2 or "??" in cards:
            raise ValueError("a shown hand is two known cards")
        return ("sm", who, 0, cards, raw)
    raise ValueError(f"{verb!r} is not a PHH action (f, cc, cbr, sm)")


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
        raise PHHError("expected a whole number of chips", field=field, line=_line_of(text, field))
    if isinstance(value, int):
        if value < 0:
            raise PHHError("chips cannot be negative", field=field, line=_line_of(text, field))
        return value
    if isinstance(value, float) and value.is_integer() and value >= 0:
        return int(value)
    raise PHHError(f"{value!r} is not a whole number of chips", field=field, line=_line_of(text, field))


def _chip_list(data: dict[str, Any], field: str, text: str, count: int | None) -> tuple[int, ...]:
    value = data.get(field)
    if value is None:
        raise PHHError("required field is missing", field=field)
    if type(value) is list and (count is None or len(value) == count):
        for v in value:
            if type(v) is not int or v < 0:
                break
        else:
            return tuple(value)
    if not isinstance(value, list):
        raise PHHError("expected an array", field=field, line=_line_of(text, field))
    if count is not None and len(value) != count:
        raise PHHError(
            f"has {len(value)} entries but starting_stacks has {count}", field=field, line=_line_of(text, field)
        )
    return tuple(_chips(v, field, text) for v in value)


def parse_phh(text: str) -> HandSpec:
    """Read PHH text into a :class:`HandSpec`; raise :class:`PHHError` naming the line or field."""
    try:
        data = rtoml.loads(text)
    except ValueError as exc:
        message = str(exc)
        match = re.search(r"line (\d+)", message)
        raise PHHError(f"not valid TOML ({message})", line=int(match.group(1)) if match else None) from None
    return spec_from_mapping(data, text)


def _parse_actions(raw: list[Any], hits: list[Action | None], count: int, text: str) -> list[Action]:
    """Parse the action lines not found in the cache; raise PHHError naming the bad one."""
    parsed: list[Action] = []
    for index, item in enumerate(raw):
        hit = hits[index]
        if hit is not None:
            parsed.append(hit)
            continue
        if not isinstance(item, str):
            raise PHHError(f"action {index} is not a string", field="actions", line=_line_of(text, str(item)))
        try:
            parsed.append(parse_action(item, count))
        except ValueError as exc:
            raise PHHError(
                f"action {index} {item!r}: {exc}", field=f"actions[{index}]", line=_line_of(text, item)
            ) from None
    return parsed


def spec_from_mapping(data: dict[str, Any], text: str = "") -> HandSpec:
    """Build a :class:`HandSpec` from already-decoded PHH fields."""
    variant = data.get("variant")
    if variant is None:
        raise PHHError("required field is missing", field="variant")
    if variant not in SUPPORTED_VARIANTS:
        raise PHHError(
            f"variant {variant!r} is not supported (only NT and FT)",
            field="variant",
            line=_line_of(text, "variant"),
            code="unsupported_variant",
        )
    if "starting_stacks" not in data:
        raise PHHError("required field is missing", field="starting_stacks")
    stacks = _chip_list(data, "starting_stacks", text, None)
    count = len(stacks)
    if count < 2:
        raise PHHError(
            "a hand needs at least two players", field="starting_stacks", line=_line_of(text, "starting_stacks")
        )
    antes = _chip_list(data, "antes", text, count)
    blinds = _chip_list(data, "blinds_or_straddles", text, count)
    min_bet = small_bet = big_bet = 0
    if variant == "NT":
        if "min_bet" not in data:
            raise PHHError("required field is missing", field="min_bet")
        min_bet = _chips(data["min_bet"], "min_bet", text)
        if min_bet <= 0:
            raise PHHError("must be positive", field="min_bet", line=_line_of(text, "min_bet"))
    else:
        for field in ("small_bet", "big_bet"):
            if field not in data:
                raise PHHError("required field is missing", field=field)
        small_bet = _chips(data["small_bet"], "small_bet", text)
        big_bet = _chips(data["big_bet"], "big_bet", text)
        if small_bet <= 0 or big_bet <= 0:
            raise PHHError("bet sizes must be positive", field="small_bet", line=_line_of(text, "small_bet"))
    raw_actions = data.get("actions")
    if raw_actions is None:
        raise PHHError("required field is missing", field="actions")
    if not isinstance(raw_actions, list):
        raise PHHError("expected an array of strings", field="actions", line=_line_of(text, "actions"))
    get = _ACTION_CACHE.get(count, {}).get
    try:
        hits: list[Action | None] = [get(item) for item in raw_actions]
    except TypeError:  # an unhashable item: the slow path below names it
        hits = [None] * len(raw_actions)
    if None in hits:
        parsed = _parse_actions(raw_actions, hits, count, text)
    else:
        parsed = hits  # type: ignore[assignment]
    players = data.get("players")
    if players is not None:
        if type(players) is not list or len(players) != count or not all([type(p) is str for p in players]):
            raise PHHError("expected one name per player", field="players", line=_line_of(text, "players"))
        players = tuple(players)
    seats = data.get("seats")
    if seats is not None:
        if type(seats) is not list or len(seats) != count or not all([type(v) is int and v > 0 for v in seats]):
            raise PHHError("expected one seat number per player", field="seats", line=_line_of(text, "seats"))
        seats = tuple(seats)
    seat_count = data.get("seat_count")
    if seat_count is not None and (type(seat_count) is not int or seat_count < count):
        raise PHHError("expected the number of seats at the table", field="seat_count",
                       line=_line_of(text, "seat_count"))
    finishing = None
    recorded: tuple[float, ...] | None = None
    raw_finishing = data.get("finishing_stacks")
    if type(raw_finishing) is list and len(raw_finishing) == count:
        if all([type(v) is int for v in raw_finishing]):
            finishing = tuple(raw_finishing)
        elif all([type(v) is int or type(v) is float for v in raw_finishing]):
            recorded = tuple([float(v) for v in raw_finishing])
            if all([v.is_integer() for v in recorded]):
                finishing = tuple([int(v) for v in recorded])
    mode = data.get("_mode", "tournament")
    if mode not in MODES:
        raise PHHError("expected 'tournament' or 'cash'", field="_mode", line=_line_of(text, "_mode"))
    smallest_chip = 1
    if "_smallest_chip" in data:
        smallest_chip = _chips(data["_smallest_chip"], "_smallest_chip", text)
        if smallest_chip <= 0:
            raise PHHError("must be positive", field="_smallest_chip", line=_line_of(text, "_smallest_chip"))
    bba_order = data.get("_bba_order", "blind_first")
    if bba_order not in BBA_ORDERS:
        raise PHHError("expected 'blind_first' or 'ante_first'", field="_bba_order", line=_line_of(text, "_bba_order"))
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
        "parsed": tuple(parsed),
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
        raise PHHError("a hand needs at least two players", field="stacks")
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
