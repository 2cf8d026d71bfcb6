"""Random play shared by the spec agreement tests: random games over structures and presets,
and a comparison of the model's and the specification's verdicts at every step."""
from __future__ import annotations

import random

from betlaw.model.actions import Action, Kind
from betlaw.model.errors import IllegalAction
from betlaw.model.game import Game, Opening, Street, Structure
from betlaw.model.state import HandState

HOLDEM = ("pre-flop", "flop", "turn", "river")


def random_game(rng: random.Random, structure: Structure, n: int, stud: bool = False) -> Game:
    small = rng.choice([2, 4, 10])
    stacks = tuple(rng.choice([rng.randint(1, 6 * small), rng.randint(5 * small, 60 * small)]) for _ in range(n))
    antes = tuple([rng.choice([0, 0, 1])] * n)
    if stud:
        streets = (Street("third", Opening.BRING_IN, small),) + tuple(
            Street(name, Opening.SHOWING, small if i == 0 else 2 * small)
            for i, name in enumerate(["fourth", "fifth", "sixth", "seventh"]))
        firsts = (None,) + tuple(rng.randrange(n) for _ in range(4))
        return Game(structure, streets, stacks, tuple([max(1, a) for a in antes]), (0,) * n,
                    bring_in=max(1, small // 2), bring_in_seat=rng.randrange(n), first_actors=firsts, stud=True)
    bb = small
    sb = max(1, bb // 2)
    blinds = [0] * n
    if n == 2:
        blinds[0], blinds[1] = bb, sb  # heads-up: seat 0 posts the big blind
    else:
        blinds[0], blinds[1] = sb, bb
        if n > 3 and rng.random() < 0.15:
            blinds[2] = 2 * bb  # a live straddle
    if structure is Structure.SPREAD_LIMIT:
        streets = tuple(Street(name, Opening.BLINDS if i == 0 else Opening.POSITION, bb, spread=(bb, 3 * bb))
                        for i, name in enumerate(HOLDEM))
    elif structure is Structure.FIXED_LIMIT:
        streets = tuple(Street(name, Opening.BLINDS if i == 0 else Opening.POSITION, bb if i < 2 else 2 * bb)
                        for i, name in enumerate(HOLDEM))
    else:
        streets = tuple(Street(name, Opening.BLINDS if i == 0 else Opening.POSITION, bb)
                        for i, name in enumerate(HOLDEM))
    return Game(structure, streets, stacks, antes, tuple(blinds))


def model_options(state: HandState) -> dict:
    la = state.legal()
    return {"fold": la.fold, "fold_penalized": la.fold_penalized, "check": la.check, "call": la.call,
            "bet_or_raise": la.bet_or_raise, "is_bet": la.is_bet, "complete_to": la.complete_to,
            "complete_amounts": la.complete_amounts, "bring_in": la.bring_in}


def candidate_actions(state: HandState, options: dict, rng: random.Random) -> list[Action]:
    seat = state.actor
    out = []
    if options["fold"]:
        out.append(Action(seat, Kind.FOLD))
    if options["check"]:
        out.append(Action(seat, Kind.CHECK))
    if options["call"] is not None:
        out += [Action(seat, Kind.CALL)] * 3
    if options["bet_or_raise"]:
        lo, hi = options["bet_or_raise"]
        kind = Kind.BET if options["is_bet"] else Kind.RAISE
        out += [Action(seat, kind, lo), Action(seat, kind, hi), Action(seat, kind, rng.randint(lo, hi))]
    if options["complete_to"] is not None:
        out += [Action(seat, Kind.COMPLETE, x) for x in options["complete_amounts"] or (options["complete_to"],)]
    if options["bring_in"] is not None:
        out.append(Action(seat, Kind.BRING_IN))
    return out


def probes(state: HandState, options: dict, rng: random.Random) -> list[Action]:
    """A few actions worth asking about, legal or not."""
    seat = state.actor
    out = [Action(seat, k) for k in (Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BRING_IN)]
    s = state.seats[seat]
    top = s.stack + s.bet
    for kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE):
        for to in {state.call_level + 1, state.min_raise_to - 1, state.min_raise_to, top, top + 1,
                   rng.randint(0, top + 5)}:
            out.append(Action(seat, kind, to))
    out.append(Action((seat + 1) % state.game.seats, Kind.FOLD))
    return out


def model_verdict(state: HandState, action: Action):
    try:
        v = state.verify(action)
    except IllegalAction as e:
        return False, False, e
    return True, v.penalized, None
