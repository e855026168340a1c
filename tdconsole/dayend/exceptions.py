class DayEndError(Exception):
    """A refusal of the end-of-day desk, with a message for the user."""


class CountRefused(DayEndError):
    """A count that cannot be saved; `entry_id` names the row it was typed on."""

    def __init__(self, message: str, *, entry_id: int | None = None) -> None:
        super().__init__(message)
        self.entry_id = entry_id
