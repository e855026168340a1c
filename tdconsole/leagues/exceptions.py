"""Domain errors of the leagues; each message is a sentence the director can read."""


class LeagueError(Exception):
    """A league cannot be saved or read as asked; `field` names the setting at fault, when one is."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field
