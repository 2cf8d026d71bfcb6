"""The raise cap in limit games: clauses cap.raises, cap.heads-up, cap.none-big-bet,
cap.short-allin-counts and stud.completion (TDA 2024 rule 48, Robert's #3 and #4)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import Reason

if TYPE_CHECKING:
    from .state import HandState


def cap_in_force(state: "HandState") -> int | None:
    """Raises allowed after the opening bet this round, or None for no cap."""
    if not state.game.structure.is_limit:
        return None  # cap.none-big-bet
    return state.rules.cap_for(len(state.game.streets))


def heads_up_now(state: "HandState") -> bool:
    """Only two players can still bet (Robert's #3: the cap is for 3+ players not all-in)."""
    return state.players_with_chips() <= 2


def lifted_heads_up(state: "HandState") -> bool:
    """cap.heads-up: only two players can bet, and the rules lift the cap then (always, or only if the pot
    went heads-up before the cap was reached)."""
    rule = state.rules["cap-heads-up"]
    return heads_up_now(state) and (rule == "lifted" or (rule == "lifted-if-heads-up-before-cap"
                                                         and not state.capped_multiway))


def cap_reason(state: "HandState") -> Reason | None:
    """None if another raise is allowed; else CAP_REACHED (or its heads-up variant). The opening bet
    (a bet, a stud completion) is not a raise, so the cap's count starts after it (cap=0: a bet and no
    raise); before it, short all-ins counted toward the cap (after-short-allin=raise-on-top) stand in for
    it, so one more than the cap may be counted before the round is capped."""
    cap = cap_in_force(state)
    if cap is None or state.raises_counted < cap + (0 if state.full_opened else 1):
        return None
    if lifted_heads_up(state):
        return None
    return Reason.CAP_REACHED_HEADS_UP if heads_up_now(state) else Reason.CAP_REACHED


def short_allin_counts(state: "HandState", increment: int) -> bool:
    """cap.short-allin-counts: does a short all-in raise of ``increment`` count toward the cap?"""
    rule = state.rules["short-allin-counts-toward-cap"]
    if rule == "always":
        return True
    if rule == "half-or-more":
        return 2 * increment >= state.full_raise
    return False
