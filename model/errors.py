"""Typed refusals: every reason code names the catalogue clauses it enforces."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class ReasonCode(Enum):
    """Base of the reason-code enums: each member's value is (code, clause ids it enforces)."""

    @property
    def code(self) -> str:
        return self.value[0]

    @property
    def clauses(self) -> tuple[str, ...]:
        return self.value[1]


class Reason(ReasonCode):
    """Why an action is refused (or penalised): a reason code and the clause ids it enforces."""

    HAND_OVER = ("hand-over", ("round.over-no-action",))
    ROUND_OVER = ("round-over", ("round.over-no-action",))
    NOT_YOUR_TURN = ("not-your-turn", ("turn.in-turn",))
    CHECK_FACING_BET = ("check-facing-bet", ("check.nothing-owed",))
    CHECK_FACING_BLIND = ("check-facing-blind", ("check.nothing-owed", "check.blinds-live"))
    NOTHING_TO_CALL = ("nothing-to-call", ("call.match",))
    FOLD_WHEN_CHECK_FORBIDDEN = ("fold-when-check-forbidden", ("fold.when-check-possible",))
    FOLD_WHEN_CHECK_PENALIZED = ("fold-when-check-penalized", ("fold.when-check-possible",))
    BRING_IN_REQUIRED = ("bring-in-required", ("stud.bring-in",))
    BRING_IN_NOT_DUE = ("bring-in-not-due", ("stud.bring-in",))
    BET_FACING_BET = ("bet-facing-bet", ("open.first-bet",))
    RAISE_WITHOUT_BET = ("raise-without-bet", ("open.first-bet",))
    BELOW_MINIMUM_BET = ("below-minimum-bet", ("open.minimum-bet", "raise.all-in-exception"))
    BELOW_MINIMUM_RAISE = ("below-minimum-raise", ("raise.minimum", "raise.all-in-exception"))
    ABOVE_POT_LIMIT = ("above-pot-limit", ("pot-limit.maximum",))
    ABOVE_STACK = ("above-stack", ("no-limit.maximum", "call.all-in-for-less"))  # table stakes
    NOT_THE_LIMIT_SIZE = ("not-the-limit-size", ("limit.fixed-sizes", "raise.all-in-exception"))
    OUTSIDE_SPREAD = ("outside-spread", ("limit.spread-range", "raise.all-in-exception"))
    CAP_REACHED = ("cap-reached", ("cap.raises",))
    CAP_REACHED_HEADS_UP = ("cap-reached-heads-up", ("cap.raises", "cap.heads-up"))
    NOT_REOPENED = ("not-reopened", ("reopen.acted-call-or-fold", "reopen.full-bet-rule"))
    NOT_REOPENED_HALF_BET = ("not-reopened-half-bet", ("reopen.acted-call-or-fold", "reopen.half-bet-rule"))
    NOT_REOPENED_CUMULATIVE = ("not-reopened-cumulative", ("reopen.acted-call-or-fold", "reopen.full-bet-rule", "reopen.cumulative"))
    CHECK_RAISE_FORBIDDEN = ("check-raise-forbidden", ("check-raise",))
    NO_OPPONENT_TO_RAISE = ("no-opponent-to-raise", ("raise.needs-opponent",))
    COVERED = ("covered", ("raise.needs-opponent", "call.all-in-for-less"))
    MUST_COMPLETE = ("must-complete", ("limit.after-short-allin", "complete.incomplete-bet"))
    MUST_COMPLETE_BRING_IN = ("must-complete-bring-in", ("stud.completion", "complete.incomplete-bet"))
    NOTHING_TO_COMPLETE = ("nothing-to-complete", ("complete.incomplete-bet",))
    COMPLETE_IS_A_RAISE_HERE = ("complete-is-a-raise-here", ("limit.after-short-allin",))
    COMPLETE_IS_LIMIT_ONLY = ("complete-is-limit-only", ("complete.incomplete-bet",))  # Robert's NL/PL: limit only
    COMPLETE_IS_THE_SPREAD_RAISE = ("complete-is-the-spread-raise", ("limit.after-short-allin",))
    NOT_QUALIFIED_TO_OPEN = ("not-qualified-to-open", ("open.requirement",))


@dataclass(frozen=True)
class Verdict:
    """The outcome of a legal action: legal, or legal but penalised (TDA 58)."""

    penalized: bool = False
    reason: Reason | None = None
    clauses: tuple[str, ...] = field(default_factory=tuple)


class IllegalAction(Exception):
    """An action the rules forbid; ``reason`` maps to clause ids (``reason.clauses``)."""

    def __init__(self, reason: Reason, message: str, clauses: tuple[str, ...] | None = None):
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.clauses = clauses if clauses is not None else reason.clauses

    def __str__(self) -> str:
        return f"{self.message} [{self.reason.code}: {', '.join(self.clauses)}]"
