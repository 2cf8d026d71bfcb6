"""Player actions. Amounts are always "to" amounts: the player's total bet this round (TDA 43-B)."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    COMPLETE = "complete"
    BRING_IN = "bring-in"


@dataclass(frozen=True)
class Action:
    seat: int  # 0-based position: PHH p1 is seat 0
    kind: Kind
    to: int | None = None  # chip units, for bet / raise / complete

    def __str__(self) -> str:
        amount = f" to {self.to}" if self.to is not None else ""
        return f"p{self.seat + 1} {self.kind}{amount}"
