"""Domain errors of the blind clock."""


class ClockError(Exception):
    """A desk control that cannot apply to the clock as it is now."""


class ClockNoStructure(ClockError):
    """The event's structure has no levels, so there is nothing to run."""
