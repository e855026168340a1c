"""Domain errors of the rulings app."""


class RulingsError(Exception):
    """Base class for rulings errors."""


class ContentError(RulingsError):
    """The reference content files are inconsistent (missing field, unknown slug or topic)."""

