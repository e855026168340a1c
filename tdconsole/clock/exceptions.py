"""Domain errors of the blind clock."""


class ClockError(Exception):
    """A desk control that cannot apply to the clock as it is now.

    `code` names the reason (not_started, started, paused, not_paused, first, last,
    no_levels, negative, too_long) so views can show a translated message.
    """

    def __init__(self, message: str, code: str = "invalid") -> None:
        super().__init__(message)
        self.code = code


class ClockNoStructure(ClockError):
    """The event's structure has no levels, so there is nothing to run."""

    def __init__(self, message: str = "the event's structure has no levels") -> None:
        super().__init__(message, code="no_levels")


class ScreenMessageError(ClockError):
    """A screen message that cannot be written (empty, too long, too many) or is gone.

    `code`: empty, too_long, too_many, gone; the message is marked for translation (lazy), so the
    view shows it in the reader's language.
    """
