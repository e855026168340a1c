"""Domain errors of the tournament floor; each message is a sentence staff can read."""


class TournamentError(Exception):
    """A desk action on an event, its players or entries cannot be done as asked."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class StructureError(TournamentError):
    """A blind structure is not valid."""


class RegistrationError(TournamentError):
    """A player or entry cannot be registered."""


class EliminationError(TournamentError):
    """An elimination (or its undo) cannot be recorded."""
