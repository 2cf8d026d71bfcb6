"""Who acts: clauses turn.in-turn, turn.first-preflop, turn.first-later-streets, turn.heads-up,
turn.stud-bring-in, turn.stud-first-later, option.big-blind and round.end."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .game import Opening

if TYPE_CHECKING:
    from .state import HandState


class TurnOrderError(ValueError):
    """The scenario does not say who opens a stud round."""


def clockwise_from(state: "HandState", start: int):
    n = state.game.seats
    for k in range(n):
        yield (start + k) % n


def first_seat_of_round(state: "HandState") -> int:
    """Where the search for the round's first actor starts."""
    game, street = state.game, state.game.streets[state.street]
    if street.opening is Opening.BLINDS:
        # turn.first-preflop: left of the largest live blind or straddle (the last one posted), a new
        # player's post aside; heads-up the button posts first and the big blind is seat 0, so the button
        # acts first (turn.heads-up, TDA 2024 34-B), also when its blind is as large as seat 0's.
        blinds = game.position_blinds
        largest = max(blinds)
        if largest == 0:  # no blind (antes only): the player left of the button, heads-up too (seed 002)
            return 0
        last = [i for i in game.posting_order if blinds[i] == largest][-1]
        return (last + 1) % game.seats
    if street.opening is Opening.BRING_IN:
        if game.bring_in_seat is None:
            raise TurnOrderError("stud: who brings in is not given (a table script: a 'bring-in: NAME' line or third "
                                 "street's first action; PHH: _betlaw_bring_in_seat or a 'pb' action)")
        return game.bring_in_seat
    if street.opening is Opening.SHOWING:
        given = game.first_actors[state.street] if state.street < len(game.first_actors) else None
        if given is None:
            raise TurnOrderError(
                f"stud: who opens {street.name} is not given (_betlaw_first_actors, or the hand's first action there; "
                f"in a table script, a round line such as '{street.name}: Bob to act')")
        return given
    return 0  # turn.first-later-streets: seat 0 is the first seat left of the button


def needs_to_act(state: "HandState", seat: int) -> bool:
    """round.end: a player still has to act if they can bet and either owe chips or have not acted yet.

    A player who owes nothing and has no opponent left who could respond (every other live
    player is all-in) has nothing to decide, so is passed over; so is one who has matched every
    all-in opponent and owes only the rest of a short big blind (forced.short-blind), which no one
    could call.
    """
    s = state.seats[seat]
    if s.folded or s.stack == 0:
        return False
    if s.bet < state.call_level:
        return state.opponents_with_chips(seat) > 0 or any(
            not o.folded and s.bet < o.bet for i, o in enumerate(state.seats) if i != seat)
    if s.acted:
        return False
    return state.opponents_with_chips(seat) > 0


def next_actor(state: "HandState", start: int) -> int | None:
    """turn.in-turn: the next seat clockwise from ``start`` (inclusive) that has to act."""
    for seat in clockwise_from(state, start):
        if needs_to_act(state, seat):
            return seat
    return None


def turn_clauses(state: "HandState") -> list[str]:
    """The clauses that put the current actor in turn."""
    clauses = ["turn.in-turn"]
    if state.actor is None:
        return ["round.end"]
    if not any(s.acted for s in state.seats):
        opening = state.game.streets[state.street].opening
        clauses.append({
            Opening.BLINDS: "turn.heads-up" if state.game.heads_up and any(state.game.position_blinds)
            else "turn.first-preflop",
            Opening.POSITION: "turn.heads-up" if state.game.heads_up else "turn.first-later-streets",
            Opening.BRING_IN: "turn.stud-bring-in",
            Opening.SHOWING: "turn.stud-first-later",
        }[opening])
    if state.has_option(state.actor):
        clauses.append("option.big-blind")
    return clauses
