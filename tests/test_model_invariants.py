"""Properties of the model on random tables, structures and rule sets: chips are conserved, a hand
that is not over always has exactly one player to act with at least one legal action, every legal
option (at its boundaries) can be applied, refused actions leave the state untouched, and every
hand ends."""
import random

from hypothesis import given, strategies as st

from betlaw.model.actions import Action, Kind
from betlaw.model.errors import IllegalAction
from betlaw.model.game import Game, Opening, Street, Structure
from betlaw.model.state import HandState
from betlaw.spec.rulesets import PRESETS, resolve
from betlaw.spec.stateful import boundary_actions


def random_game(rng: random.Random) -> Game:
    structure = rng.choice(list(Structure))
    seats = rng.randint(2, 9)
    stud = structure is Structure.FIXED_LIMIT and rng.random() < 0.3
    rounds = 5 if stud else rng.choice([2, 4])
    stacks = tuple(rng.choice([rng.randint(1, 30), rng.randint(20, 400), 1000]) for _ in range(seats))
    antes = tuple([rng.choice([0, 1, 2])] * seats) if rng.random() < 0.3 else (0,) * seats
    blinds = [0] * seats
    if not stud:
        blinds[0], blinds[1] = (2, 1) if seats == 2 else (1, 2)
        if seats > 3 and rng.random() < 0.2:
            blinds[2] = 4  # a straddle
    streets = []
    for i in range(rounds):
        opening = (Opening.BRING_IN if stud else Opening.BLINDS) if i == 0 else \
            (Opening.SHOWING if stud else Opening.POSITION)
        if structure is Structure.SPREAD_LIMIT:
            streets.append(Street(str(i), opening, 2, (2, rng.choice([4, 6, 10]))))
        else:
            streets.append(Street(str(i), opening, 2 if i < rounds // 2 or not structure.is_limit else 4))
    return Game(structure, tuple(streets), stacks, antes, tuple(blinds), bring_in=1 if stud else 0,
                bring_in_seat=rng.choice([i for i in range(seats) if stacks[i] > antes[i]] or [0]) if stud else None,
                first_actors=tuple(rng.randrange(seats) for _ in range(rounds)) if stud else (), stud=stud)


def options(rng, state):
    """The legal actions at their boundaries, plus one random legal amount."""
    out = boundary_actions(state)
    legal = state.options()
    if legal.bet_or_raise:
        lo, hi = legal.bet_or_raise
        out.append(Action(legal.actor, Kind.BET if legal.is_bet else Kind.RAISE, rng.randint(lo, hi)))
    return out


def probes(state):
    """Actions next to the legal ones that must be refused."""
    legal = state.legal()
    seat = legal.actor
    out = [Action((seat + 1) % state.game.seats, Kind.CALL)]  # out of turn
    if legal.bet_or_raise:
        lo, hi = legal.bet_or_raise
        kind = Kind.BET if legal.is_bet else Kind.RAISE
        all_in = state.seats[seat].stack + state.seats[seat].bet
        if lo > state.call_level + 1 and lo < all_in:
            out.append(Action(seat, kind, lo - 1))
        out.append(Action(seat, kind, hi + 1))
    if not legal.check:
        out.append(Action(seat, Kind.CHECK))
    return out


def snapshot(state):
    return ([vars(s).copy() for s in state.seats], state.actor, state.street, state.call_level, len(state.history))


@given(st.randoms(use_true_random=False), st.sampled_from(sorted(PRESETS)))
def test_random_hands_keep_the_invariants(rng, preset):
    game = random_game(rng)
    state = HandState(game, resolve(preset))
    total = sum(game.starting_stacks)
    for _ in range(400):
        assert sum(s.stack + s.contributed for s in state.seats) == total
        assert all(s.stack >= 0 and s.bet >= 0 for s in state.seats)
        if state.hand_over:
            break
        assert state.actor is not None and state.legal().any
        assert max(s.bet for s in state.seats) <= state.call_level
        for probe in probes(state):
            before = snapshot(state)
            try:
                state.verify(probe)
            except IllegalAction as err:
                assert err.clauses
            else:
                raise AssertionError(f"{probe} should be refused")
            assert snapshot(state) == before
        state.apply(rng.choice(options(rng, state)))
    assert state.hand_over, "a hand must end"
    assert sum(s.stack + s.contributed for s in state.seats) == total
