"""The adjudicator in floor language: players named "Ana (seat 3)", typed actions read as the floor says them.

The rules engine names players p1..pn (PHH position order); the page names them by seat and name,
in the page's language, everywhere it shows them: options, refusals, the ruling's steps and the pots.
"""

from typing import Any

from tdconsole.rules import (
    FloorError,
    Hand,
    HandSpec,
    IllegalAction,
    describe_action,
    floor_labels,
    floor_players,
    parse_floor_action,
    relabel,
)


def typed_action(text: str, spec: HandSpec, hand: Hand) -> str:
    """The line typed at the desk (floor language or PHH) as the line the engine judges; FloorError if unreadable."""
    return parse_floor_action(text, floor_players(spec), hand)


def floor_refusal(exc: FloorError, lang: str) -> dict[str, Any]:
    """A line that could not be read, for the page: where, why and the accepted forms."""
    return {"message": exc.reason(lang), "rule": None, "remedy": exc.forms(lang), "code": f"floor.{exc.code}",
            "position": exc.column, "where": exc.message(lang)}


class FloorNames:
    """The floor names of one hand's players, in one language, and the engine's text rewritten with them."""

    def __init__(self, spec: HandSpec, lang: str):
        self.seats = floor_players(spec)
        self.labels = floor_labels(self.seats, lang)
        self.seat_of = {player.player: seat for seat, player in self.seats.items()}
        self.raw = list(spec.players) if spec.players else None
        self.lang = lang

    def text(self, text: str | None) -> str | None:
        return relabel(text, self.labels, self.raw) if text else text

    def action(self, line: str) -> str:
        return describe_action(line, self.labels, self.lang)

    def refusal(self, exc: IllegalAction) -> dict[str, Any]:
        """The engine's refusal of an action, players named by the floor."""
        error = exc.error
        return {"message": self.text(error.message(self.lang)), "rule": error.rule,
                "remedy": self.text(error.remedy(self.lang)), "code": error.code, "action": self.action(error.action)}

    def ruling(self, ruling: dict[str, Any]) -> dict[str, Any]:
        """The ruling for the page (a copy): its steps and error name players by the floor."""
        shown = dict(ruling)
        error = ruling.get("error")
        steps = ruling["explanation"]
        if error:
            described = self.action(error["action"])
            steps = [step.replace(f"({error['action']})", f"({described})") for step in steps]
            shown["error"] = {**error, "message": self.text(error["message"]), "remedy": self.text(error["remedy"]),
                              "action_text": described}
        shown["explanation"] = [self.text(step) for step in steps]
        return shown
