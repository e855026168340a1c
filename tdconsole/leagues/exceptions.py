"""Domain errors of the leagues; each message is a sentence the director can read."""


class LeagueError(Exception):
    """A league cannot be saved or read as asked."""
