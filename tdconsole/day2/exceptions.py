"""Refusals of the Day 2 desk."""

from tdconsole.tournaments.exceptions import TournamentError


class Day2Error(TournamentError):
    """The merge or the Day 2 draw cannot be done as asked; the message says why."""
