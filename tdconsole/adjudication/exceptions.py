class AdjudicationError(ValueError):
    """A hand cannot be saved or replayed; the message is shown to the floor."""


class FloorDecisionError(AdjudicationError):
    """A floor decision cannot be recorded as given."""
