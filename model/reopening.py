"""Full and short raises, and who may still raise: clauses raise.reopens, reopen.full-bet-rule,
reopen.half-bet-rule, reopen.cumulative and reopen.acted-call-or-fold (TDA 2024 rule 47)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import Reason
from .game import Structure
from .open_pair import limit_size

if TYPE_CHECKING:
    from .state import HandState


def half_bet_rule(state: "HandState") -> bool:
    """reopen.half-bet-rule applies to limit games whose rule set picks it (TDA 47-B)."""
    return state.game.structure.is_limit and state.rules["limit-reopen"] == "half-bet"


def counts_as_full(state: "HandState", increment: int) -> bool:
    """Is a raise of ``increment`` over the current bet a full raise?

    Full-bet rule: at least the full raise size (TDA 47-A). Half-bet rule (limit): at least half
    of it (TDA 47-B, Robert's #6). Under PokerKit's basis the size is the largest voluntary
    increment of the round, so the first voluntary chips are always "full".
    """
    size = state.full_raise
    if half_bet_rule(state):
        return 2 * increment >= size
    return increment >= size


def has_right_to_raise(state: "HandState", seat: int) -> Reason | None:
    """None if the seat may still raise; else why not (reopen.acted-call-or-fold).

    A player who has not acted this round may raise. One who has acted may raise again only if
    the betting was reopened for them since: by a full raise, or (cumulative-short-allins=on) by
    short all-ins that together make the amount they now face a full raise (TDA 47-A, Ex. 1-A).
    Under reopen=any-raise (the ACPC dealer) any raise since their action reopens.
    """
    s = state.seats[seat]
    if not s.acted:
        return None
    if state.rules["reopen"] == "any-raise":
        return None if state.call_level > s.level_at_action else Reason.NOT_REOPENED
    if state.full_seq > s.full_seq_at_action:
        return None
    facing = state.call_level - s.level_at_action
    if state.rules["cumulative-short-allins"] == "on":
        if counts_as_full(state, facing):
            return None
        return Reason.NOT_REOPENED_CUMULATIVE
    return Reason.NOT_REOPENED_HALF_BET if half_bet_rule(state) else Reason.NOT_REOPENED


def close_those_facing_less(state: "HandState", seat: int, base: int, to: int) -> None:
    """After ``seat``'s full raise to ``to``, measured from ``base`` (a completion from the last full level):
    a player who acted above ``base`` (calling a short all-in) is reopened only if what they now face is
    itself a full raise (TDA 2024 47-A "facing at least a full bet or raise", 47-B; Robert's Betting and
    Raising #6 "the total facing a player"). A level no higher than stud's bring-in is a forced bet's (the
    bring-in, or a call of it, like a limp): the completion reopens it."""
    forced = state.game.bring_in if state.bring_in_round else 0
    for i, other in enumerate(state.seats):
        if i != seat and other.acted and other.level_at_action > max(base, forced) \
                and not counts_as_full(state, to - other.level_at_action):
            other.full_seq_at_action = state.full_seq


def minimum_bet(state: "HandState", round_index: int | None = None) -> int:
    """The street's smallest opening bet (open.minimum-bet): the spread's low end, else its bet size; after
    the first round of no-limit and pot-limit under straddle-min-bet=every-round, at least the largest blind
    or straddle (Robert's No-Limit #2; on the first round forced.straddle sets the bet to beat). ``round_index``:
    another round than the one being played."""
    index = state.street if round_index is None else round_index
    street = state.game.streets[index]
    structure = state.game.structure
    if structure is Structure.SPREAD_LIMIT:
        return street.spread[0]
    if structure is not Structure.FIXED_LIMIT and index > 0 and state.rules["straddle-min-bet"] == "every-round":
        return max(street.bet_size, state.game.big_blind)
    return street.bet_size


def min_increment(state: "HandState") -> int:
    """The smallest raise increment that is not all-in (raise.minimum, limit sizes)."""
    if state.game.structure is Structure.FIXED_LIMIT:
        return limit_size(state)
    return max(state.full_raise, minimum_bet(state))
