"""How much a bet, raise or completion may be: clauses open.minimum-bet, raise.minimum,
raise.all-in-exception, no-limit.maximum, pot-limit.maximum, pot-limit.full-blinds,
limit.fixed-sizes, limit.spread-range, limit.after-short-allin, complete.incomplete-bet,
stud.completion and stud.open-pair. Every amount is a "to" amount (TDA 2024 rule 43-B)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .game import Structure
from .open_pair import big_bet_option, limit_size
from .reopening import min_increment

if TYPE_CHECKING:
    from .state import HandState


@dataclass(frozen=True)
class Bounds:
    """The aggressive options of one seat, by amount. ``complete_to`` excludes ``min_to``/``max_to``;
    ``amounts``, when given, are the only amounts allowed (stud.open-pair: the small bet, the big bet, or
    all-in for less than the big bet), of [``min_to``, ``max_to``] or, with ``complete_to``, of the completion."""

    min_to: int | None = None
    max_to: int | None = None
    complete_to: int | None = None
    amounts: tuple[int, ...] | None = None
    clauses: tuple[str, ...] = field(default_factory=tuple)


def completion_target(state: "HandState") -> int | None:
    """The level a completion reaches, when completing (not raising) is what the rules allow.

    stud.completion: after a bring-in, the next bet completes it to the small bet.
    limit.after-short-allin=complete: after a short all-in that is not a full bet, the next raise
    completes to the last full level plus one bet (seed 002: "can only complete the bet").
    """
    game = state.game
    if game.structure is not Structure.FIXED_LIMIT or state.call_level <= state.full_level:
        return None
    size = limit_size(state)
    if state.bring_in_round and not state.full_opened:
        return state.full_level + size
    if state.rules["after-short-allin"] == "complete" and state.call_level < state.full_level + size:
        return state.full_level + size
    return None


def big_completion_target(state: "HandState") -> int | None:
    """stud.open-pair with a completion due (limit.after-short-allin=complete): the completion may take the
    big bet over the last full level instead of the small one, while no big bet or raise has been made
    (Robert's Rules, Seven-Card Stud #4: over a small bet a player may "raise $5, or raise $10")."""
    target, big = completion_target(state), big_bet_option(state)
    if target is None or big is None or state.full_level + big <= target:
        return None
    return state.full_level + big


def spread_from_full_level(state: "HandState") -> bool:
    """Spread limit: is the next bet or raise measured from the last full level rather than the current
    bet? Only after an incomplete bet (a short all-in, a bring-in below the spread's low end; a
    bring-in of the low end is a full bet, stud.bring-in) under after-short-allin=complete
    (limit.after-short-allin)."""
    return (state.game.structure is Structure.SPREAD_LIMIT and state.rules["after-short-allin"] == "complete"
            and state.full_level < state.call_level < state.full_level + min_increment(state))


def bring_in_is_full_spread_bet(state: "HandState", to: int) -> bool:
    """Spread limit: is a bring-in to ``to`` a full bet, the size the next raise must match? Yes from the
    spread's low end up (raise.minimum; Robert's Betting and Raising #5: a raise is at least the previous
    bet); below it, it is incomplete (:func:`spread_from_full_level`)."""
    street = state.game.streets[state.street]
    return (state.game.structure is Structure.SPREAD_LIMIT and state.rules["full-bet-basis"] != "voluntary-increments"
            and to >= street.spread[0])


def pot_after_call(state: "HandState", seat: int) -> int:
    """pot-limit.maximum: every chip in the middle plus this seat's call, and pre-flop the blinds never
    posted where the rule set counts them (:func:`blinds_not_posted`)."""
    return sum(s.contributed for s in state.seats) + blinds_not_posted(state, seat) + \
        (state.call_level - state.seats[seat].bet)


def blinds_not_posted(state: "HandState", seat: int) -> int:
    """pot-limit.full-blinds (TDA 2024 rule 54-B): pre-flop the maths assumes full blinds (pot-limit-blinds=full),
    so a blind short all-in or dead counts at its full amount; what its seat has put in this round since
    (``seat``: after its call) is part of that amount, not more."""
    if state.street != 0 or state.rules["pot-limit-blinds"] != "full" or state.game.structure is not Structure.POT_LIMIT:
        return 0
    return sum(max(0, f - (max(x.bet, state.call_level) if i == seat else x.bet))
               for i, (f, x) in enumerate(zip(state.game.stakes_blinds, state.seats)))


def smallest_raise_to(state: "HandState") -> int:
    """The smallest bet or raise "to" amount that is not all-in, as the raise rules stand, whoever
    makes it: the completion where one is due (:func:`completion_target`), else limit.fixed-sizes,
    limit.spread-range or raise.minimum."""
    structure = state.game.structure
    target = completion_target(state)
    if target is not None:
        return target
    if structure is Structure.FIXED_LIMIT:
        return state.call_level + limit_size(state)
    if structure is Structure.SPREAD_LIMIT:
        base = state.full_level if spread_from_full_level(state) else state.call_level
        return max(base + min_increment(state), state.min_raise_to if base == state.call_level else 0)
    return state.min_raise_to


def bounds(state: "HandState", seat: int) -> Bounds:
    """Bet or raise range (or completion) for ``seat``, assuming it may raise at all."""
    game, s = state.game, state.seats[seat]
    street = game.streets[state.street]
    all_in_to = s.stack + s.bet
    opening = state.call_level == 0
    clauses: list[str] = ["open.minimum-bet" if opening else "raise.minimum"]
    if state.street == 0 and game.blind_game and not opening:
        clauses.append("forced.blinds-live")
    structure = game.structure
    target = completion_target(state)
    if target is not None:
        stud = state.bring_in_round and not state.full_opened
        clauses = ["stud.completion"] if stud else ["complete.incomplete-bet", "limit.after-short-allin"]
        clauses.append("limit.fixed-sizes")
        big = big_completion_target(state)
        if big is not None:
            clauses.append("stud.open-pair")
        if target > all_in_to:
            clauses.append("raise.all-in-exception")
        amounts = (target, min(big, all_in_to)) if big is not None and all_in_to > target else None
        return Bounds(complete_to=min(target, all_in_to), amounts=amounts, clauses=tuple(clauses))
    low = smallest_raise_to(state)
    if structure is Structure.FIXED_LIMIT:
        big = big_bet_option(state)
        high = state.call_level + big if big is not None else low
        clauses = ["limit.fixed-sizes"] + (["stud.open-pair"] if game.open_pair_big_bet(state.street) else [])
        if state.call_level > state.full_level or state.short_allins or state.last_raise_short:
            clauses.append("limit.after-short-allin")
    elif structure is Structure.SPREAD_LIMIT:
        base = state.call_level
        if spread_from_full_level(state):
            base = state.full_level
            clauses.append("limit.after-short-allin")
        high = max(low, base + street.spread[1])
        clauses.append("limit.spread-range")
    elif structure is Structure.POT_LIMIT:
        high = max(low, state.call_level + pot_after_call(state, seat))
        clauses.append("pot-limit.maximum")
        if blinds_not_posted(state, seat):
            clauses.append("pot-limit.full-blinds")
    else:
        high = all_in_to
        clauses.append("no-limit.maximum")
    if all_in_to < low:
        return Bounds(min_to=all_in_to, max_to=all_in_to, clauses=tuple(clauses + ["raise.all-in-exception"]))
    amounts = None
    if structure is Structure.FIXED_LIMIT and min(high, all_in_to) > low + 1:
        amounts = (low, min(high, all_in_to))  # the small or the big bet, or all-in between (not a range)
    return Bounds(min_to=low, max_to=min(high, all_in_to), amounts=amounts, clauses=tuple(clauses))
