"""Domain errors of the prize desk; each message is a sentence staff can read."""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .calc import MAX_ICM_PLAYERS, CalcError


class PayoutError(Exception):
    """A change to an event's prize money cannot be made as asked."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.problems = problems or []

    def __str__(self) -> str:
        return str(self.message)


class PayoutTableLocked(PayoutError):
    """The money has been reached: the table is final."""


class PayoutTableInvalid(PayoutError):
    """A table that does not add up, increases, or pays more places than entries."""


class DealError(PayoutError):
    """A deal that does not match the players left or the money on the table."""


# What the prize maths refuses (calc.CalcError codes), said to staff in their language.
CALC_MESSAGES = {
    "players": _("A deal needs at least two players left."),
    "stacks": _("Every stack must be a positive whole number of chips."),
    "prizes": _("The payout table's amounts must be amounts that never increase from one place to the next."),
    "left_to_play": _("The amount left to play for must be a positive amount in cents."),
    "left_to_play_jump": _("The amount left to play for cannot exceed the first-place pay jump."),
    "too_many_players": _("ICM is calculated for at most %(max)s players."),
    "too_large": _("Too many players and places for an exact ICM."),
}


def calc_message(exc: CalcError) -> str:
    """The readable sentence for a refusal of the prize maths."""
    message = CALC_MESSAGES.get(exc.code)
    if message is None:
        text = gettext(exc.message)
        return text % exc.params if exc.params else text
    return str(message) % {"max": MAX_ICM_PLAYERS} if "%(max)s" in str(message) else str(message)
