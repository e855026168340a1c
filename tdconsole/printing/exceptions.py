"""Domain errors of the print desk."""


class PrintingError(Exception):
    """A document cannot be asked for as requested."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)
