class SeatingError(Exception):
    """A seating action that cannot be done; the message is a user-readable sentence."""
