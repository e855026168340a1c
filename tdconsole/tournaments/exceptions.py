"""Domain errors of the tournament floor; each message is a sentence staff can read."""


class TournamentError(Exception):
    """A desk action on an event, its players or entries cannot be done as asked."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class EventSettingsError(TournamentError):
    """An event's settings cannot be saved as given; `field` names the setting at fault."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class StructureError(TournamentError):
    """A blind structure is not valid."""


class RegistrationError(TournamentError):
    """A player or entry cannot be registered."""


class EliminationError(TournamentError):
    """An elimination (or its undo) cannot be recorded."""


class PlayerChoiceNeeded(RegistrationError):
    """A name typed as new matches players of the festival: staff choose one, or tell a new one apart."""

    def __init__(self, message: str, *, players: list, new_player_refused: bool = False) -> None:
        super().__init__(message)
        self.players = players
        # True when staff asked for a new player with the same name but gave nothing to tell them apart.
        self.new_player_refused = new_player_refused


class PlayerError(TournamentError):
    """A player cannot be changed or merged as asked."""


class FestivalError(TournamentError):
    """A festival, a venue or a venue's table cannot be set up as asked; `field` names the field at fault."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field
