"""Domain errors of the cash desk; each message is a sentence staff can read, in their language."""

from __future__ import annotations

from collections.abc import Iterable


class CashierError(Exception):
    """A cash-desk action (rules, a sale, a void, a payout) cannot be done as asked."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class MoneyRulesInvalid(CashierError):
    """Money rules that contradict themselves or the event's structure: every problem, one sentence each."""

    def __init__(self, messages: Iterable[str]) -> None:
        self.messages: list[str] = [str(m) for m in messages]
        super().__init__(" ".join(self.messages))


class PurchaseRefused(CashierError):
    """A sale (or a void) the rules or the player's state do not allow now."""


class PayoutRefused(CashierError):
    """A payout to a player that would pay more than is owed, or its void, refused."""


class TicketRefused(PurchaseRefused):
    """A satellite ticket that cannot be used, cancelled or moved as asked."""
