"""Domain errors of the prize desk; each message is a sentence staff can read."""


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
