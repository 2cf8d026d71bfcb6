"""Each legality clause of the Z3 specification on small concrete hands: the verdict the rule
text demands, and for a "no", the forbidding clause in the minimised unsat core."""
from __future__ import annotations


import pytest

from betlaw.model.actions import Action, Kind
from betlaw.model.game import Game, Opening, Street, Structure
from betlaw.model.state import HandState
from betlaw.spec.catalogue import catalogue
from betlaw.spec.clauses import CLAUSES, NOT_ENCODED
from betlaw.spec.rulesets import resolve
from betlaw.spec.solver import SpecOracle, SpecUnknown

RLIMIT = 20_000_000
HOLDEM = ("pre-flop", "flop", "turn", "river")


def game(stacks, blinds=None, structure=Structure.NO_LIMIT, size=2, antes=None, spread=None, **kw) -> Game:
    n = len(stacks)
    blinds = blinds if blinds is not None else ((size, size // 2) + (0,) * (n - 2) if n == 2
                                                else (size // 2, size) + (0,) * (n - 2))
    opening0 = Opening.BLINDS if any(blinds) else Opening.POSITION
    if structure is Structure.FIXED_LIMIT:
        streets = tuple(Street(x, opening0 if i == 0 else Opening.POSITION, size if i < 2 else 2 * size)
                        for i, x in enumerate(HOLDEM))
    else:
        streets = tuple(Street(x, opening0 if i == 0 else Opening.POSITION, size, spread=spread)
                        for i, x in enumerate(HOLDEM))
    return Game(structure, streets, tuple(stacks), tuple(antes or (0,) * n), tuple(blinds), **kw)


def stud(stacks, bring_in_seat=1, firsts=(None, 2, 0, 0, 0), size=10, bring_in=3) -> Game:
    streets = (Street("third", Opening.BRING_IN, size),) + tuple(
        Street(x, Opening.SHOWING, size if i == 0 else 2 * size) for i, x in enumerate(("4th", "5th", "6th", "7th")))
    n = len(stacks)
    return Game(Structure.FIXED_LIMIT, streets, tuple(stacks), (1,) * n, (0,) * n, bring_in=bring_in,
                bring_in_seat=bring_in_seat, first_actors=firsts, stud=True)


def hand(g: Game, preset="tda-2024", *moves, overrides=None) -> HandState:
    s = HandState(g, resolve(preset, overrides))
    for m in moves:
        kind, _, amount = m.partition(" ")
        s.apply(s.classify(s.actor, kind, int(amount) if amount else None))
    return s


def oracle(s: HandState) -> SpecOracle:
    return SpecOracle(s.rules, s.game, rlimit=RLIMIT)


def verdict(s: HandState, kind: Kind, to=None, seat=None):
    return oracle(s).check(s, Action(s.actor if seat is None else seat, kind, to))


def legal(s, kind, to=None, seat=None) -> bool:
    return verdict(s, kind, to, seat).legal


def forbidden_by(s, kind, to=None, seat=None, *, any_of) -> tuple:
    """Illegal, and one of ``any_of`` decides it: named in the minimised core or, since a minimal core is
    not unique when two clauses each forbid the action, sufficient on its own (SpecOracle.forbids)."""
    v = verdict(s, kind, to, seat)
    assert not v.legal, f"{kind} {to} should be illegal"
    action = Action(s.actor if seat is None else seat, kind, to)
    assert set(v.clauses) & set(any_of) or any(oracle(s).forbids(s, action, [c]) for c in any_of), \
        f"core {v.clauses} names none of {any_of}, and none of them forbids it alone"
    assert set(v.clauses) <= set(CLAUSES)
    return v


def with_actor(s: HandState, seat: int) -> HandState:
    t = s.copy()
    t.actor = seat
    return t


# ------------------------------------------------------------------------------------ coverage

def test_every_legality_and_state_clause_is_encoded_or_says_why():
    for cid, c in catalogue().items():
        if c.layer in ("legality", "state"):
            if cid in CLAUSES:
                assert c.spec == "encoded", cid
            else:
                assert c.spec.startswith("not encoded: "), cid
                assert cid in NOT_ENCODED


def test_unknown_is_an_error_never_legal():
    s = hand(game((100, 100, 100)))
    with pytest.raises(SpecUnknown):
        SpecOracle(s.rules, s.game, rlimit=10).check(s, Action(2, Kind.CALL))


# ------------------------------------------------------------------------------------ turn order

def test_turn_in_turn():
    s = hand(game((100,) * 6))
    assert legal(s, Kind.CALL)
    forbidden_by(s, Kind.CALL, seat=4, any_of={"turn.in-turn"})


def test_round_over_no_action():
    s = hand(game((100, 100)), "tda-2024", "f")
    assert s.hand_over
    forbidden_by(s, Kind.CHECK, seat=0, any_of={"round.over-no-action", "turn.in-turn"})


def test_turn_first_preflop_left_of_big_blind_and_straddle():
    s = hand(game((100,) * 5))
    assert s.actor == 2 and legal(s, Kind.CALL)
    forbidden_by(with_actor(s, 3), Kind.CALL, any_of={"turn.first-preflop"})
    st = hand(game((100,) * 5, blinds=(1, 2, 4, 0, 0)))  # a straddle moves the first actor
    assert st.actor == 3 and legal(st, Kind.CALL)
    forbidden_by(with_actor(st, 2), Kind.FOLD, any_of={"turn.first-preflop"})


def test_turn_first_later_streets():
    s = hand(game((100,) * 3), "tda-2024", "cc", "cc", "cc")
    assert s.street == 1 and s.actor == 0 and legal(s, Kind.CHECK)
    forbidden_by(with_actor(s, 1), Kind.CHECK, any_of={"turn.first-later-streets"})


def test_turn_heads_up():
    s = hand(game((100, 100)))
    assert s.actor == 1 and legal(s, Kind.CALL)  # the button (small blind) first before the flop
    forbidden_by(with_actor(s, 0), Kind.CHECK, any_of={"turn.heads-up"})
    f = hand(game((100, 100)), "tda-2024", "cc", "cc")
    assert f.street == 1 and f.actor == 0 and legal(f, Kind.CHECK)  # ... and last after it
    forbidden_by(with_actor(f, 1), Kind.CHECK, any_of={"turn.heads-up"})


def test_turn_stud_bring_in_and_first_later():
    s = hand(stud((200, 200, 200)))
    assert s.actor == 1 and legal(s, Kind.BRING_IN)
    forbidden_by(with_actor(s, 2), Kind.BRING_IN, any_of={"turn.stud-bring-in"})
    later = hand(stud((200, 200, 200)), "tda-2024", "pb", "cc", "cc")
    assert later.street == 1 and later.actor == 2 and legal(later, Kind.CHECK)
    forbidden_by(with_actor(later, 0), Kind.CHECK, any_of={"turn.stud-first-later"})


# ------------------------------------------------------------------------------------ check, option, open

def test_check_nothing_owed():
    s = hand(game((100,) * 3), "tda-2024", "cc", "cc", "cc", "cbr 4")
    forbidden_by(s, Kind.CHECK, any_of={"check.nothing-owed"})
    assert legal(s, Kind.CALL) and legal(s, Kind.FOLD)


def test_check_blinds_live_and_option():
    s = hand(game((100,) * 3))
    forbidden_by(s, Kind.CHECK, any_of={"check.blinds-live", "check.nothing-owed"})
    bb = hand(game((100,) * 3), "tda-2024", "cc", "cc")
    assert bb.actor == 1
    assert legal(bb, Kind.CHECK) and legal(bb, Kind.RAISE, 4)  # option.big-blind
    assert oracle(bb).legal_actions(bb)["bet_or_raise"] == (4, 100)


def test_open_first_bet():
    s = hand(game((100,) * 3), "tda-2024", "cc", "cc", "cc")
    forbidden_by(s, Kind.RAISE, 4, any_of={"open.first-bet"})
    assert legal(s, Kind.BET, 4)
    p = hand(game((100,) * 3))
    forbidden_by(p, Kind.BET, 4, any_of={"open.first-bet"})


def test_open_minimum_bet():
    s = hand(game((100,) * 3, size=10), "tda-2024", "cc", "cc", "cc")
    forbidden_by(s, Kind.BET, 9, any_of={"open.minimum-bet"})
    assert legal(s, Kind.BET, 10)


def test_open_requirement():
    g = game((100,) * 3, blinds=(0, 0, 0), may_open=(True, False, True))
    s = hand(g, "tda-2024", "cc")
    assert s.actor == 1
    forbidden_by(s, Kind.BET, 4, any_of={"open.requirement"})
    assert legal(s, Kind.CHECK)
    s2 = hand(g, "tda-2024", "cbr 4")
    assert legal(s2, Kind.RAISE, 8)  # only opening needs the qualifier


def test_call_all_in_for_less():
    s = hand(game((100, 100, 5)), "tda-2024", "cc", "cc", "cc", "cbr 10", "cc")
    assert s.actor == 2 and legal(s, Kind.CALL)
    assert s.seats[2].stack == 3 and s.owed(2) == 10
    assert oracle(s).legal_actions(s)["call"] == 3


def test_fold_any_turn_and_when_check_possible():
    s = hand(game((100,) * 3), "tda-2024", "cc", "cc", "cc", "cbr 4")
    assert legal(s, Kind.FOLD) and not verdict(s, Kind.FOLD).penalized
    for preset, ok, pen in (("tda-2024", True, True), ("roberts", True, False), ("pokerkit", False, False)):
        f = hand(game((100,) * 3), preset, "cc", "cc", "cc")
        v = verdict(f, Kind.FOLD)
        assert (v.legal, v.penalized) == (ok, pen), preset
        if not ok:
            assert "fold.when-check-possible" in v.clauses


# ------------------------------------------------------------------------------------ sizes

def test_raise_minimum_tda_43_example_2():
    # 50/100: UTG all-in to 150 is a short raise; the next minimum raise is to 250 (TDA 43 Addendum Ex. 2)
    s = hand(game((5000, 5000, 150, 5000), blinds=(50, 100, 0, 0), size=100), "tda-2024", "cbr 150")
    assert s.actor == 3
    forbidden_by(s, Kind.RAISE, 249, any_of={"raise.minimum"})
    assert legal(s, Kind.RAISE, 250)
    assert oracle(s).legal_actions(s)["bet_or_raise"] == (250, 5000)


def test_raise_all_in_exception():
    s = hand(game((100, 100, 3)), "tda-2024")
    assert legal(s, Kind.RAISE, 3)  # all-in for less than a full raise
    forbidden_by(hand(game((100, 100, 5))), Kind.RAISE, 3, any_of={"raise.minimum"})


def test_raise_needs_opponent():
    s = hand(game((100, 100, 10)), "tda-2024", "cbr 10", "f")  # p3 all-in, p1 folds
    assert s.actor == 1  # the big blind faces an all-in and no opponent has chips left
    forbidden_by(s, Kind.RAISE, 20, any_of={"raise.needs-opponent"})
    assert legal(s, Kind.CALL)


def test_limit_fixed_sizes():
    s = hand(game((100,) * 3, structure=Structure.FIXED_LIMIT, size=2))
    forbidden_by(s, Kind.RAISE, 5, any_of={"limit.fixed-sizes"})
    assert legal(s, Kind.RAISE, 4)


def test_limit_spread_range():
    s = hand(game((100,) * 3, structure=Structure.SPREAD_LIMIT, size=2, spread=(2, 6)), "tda-2024",
             "cc", "cc", "cc")
    forbidden_by(s, Kind.BET, 7, any_of={"limit.spread-range"})
    forbidden_by(s, Kind.BET, 1, any_of={"limit.spread-range", "open.minimum-bet"})
    assert legal(s, Kind.BET, 6) and legal(s, Kind.BET, 2)


def test_pot_limit_maximum():
    s = hand(game((100,) * 4, structure=Structure.POT_LIMIT))
    # call 2, pot after the call 1 + 2 + 2 = 5: a pot raise is to 7
    assert legal(s, Kind.RAISE, 7)
    forbidden_by(s, Kind.RAISE, 8, any_of={"pot-limit.maximum"})


def test_pot_limit_full_blinds():
    # the big blind has 1 chip of 2: under full-bb the maths counts a full blind (TDA 54-B)
    g = game((100, 1, 100, 100), structure=Structure.POT_LIMIT)
    full = hand(g, "tda-2024")
    assert oracle(full).legal_actions(full)["bet_or_raise"] == (4, 7)
    posted = hand(g, "seeds")  # later players call the posted 1
    assert oracle(posted).legal_actions(posted)["call"] == 1
    assert not legal(posted, Kind.RAISE, 7)


def test_no_limit_maximum():
    s = hand(game((100,) * 3))
    assert legal(s, Kind.RAISE, 100)
    forbidden_by(s, Kind.RAISE, 101, any_of={"no-limit.maximum", "call.all-in-for-less"})


# ------------------------------------------------------------------------------------ cap

def _fl(n=4, stacks=200):
    return game((stacks,) * n, structure=Structure.FIXED_LIMIT, size=2)


def test_cap_raises():
    s = hand(_fl(), "tda-2024", "cbr 4", "cbr 6", "cbr 8", "cbr 10")  # the blind + 4 raises
    assert s.raises_counted == 4
    forbidden_by(s, Kind.RAISE, 12, any_of={"cap.raises"})
    assert legal(s, Kind.CALL)


def test_cap_heads_up():
    moves = ("cbr 4", "cbr 6", "cbr 8", "cbr 10", "cbr 12")
    tda = hand(_fl(2), "tda-2024", *moves[:4])
    forbidden_by(tda, Kind.RAISE, 12, any_of={"cap.raises"})
    seeds = hand(_fl(2), "seeds", *moves[:3])  # cap 3, lifted heads-up
    assert seeds.raises_counted == 3 and legal(seeds, Kind.RAISE, 10)
    roberts = hand(_fl(2), "roberts", *moves[:3])  # heads-up before the cap: unlimited
    assert legal(roberts, Kind.RAISE, 10)


def test_cap_none_big_bet():
    s = hand(game((1000,) * 4), "tda-2024", "cbr 4", "cbr 6", "cbr 8", "cbr 10", "cbr 12")
    assert legal(s, Kind.RAISE, 14)


# ------------------------------------------------------------------------------------ reopening

def _flop(stacks, preset="tda-2024", structure=Structure.NO_LIMIT, size=100, overrides=None):
    n = len(stacks)
    g = game(stacks, blinds=(0,) * n, structure=structure, size=size)
    return hand(g, preset, overrides=overrides)


def test_reopen_full_bet_rule_and_acted_call_or_fold():
    s = _flop((1000, 150, 1000))
    for m in ("cbr 100", "cbr 150", "cc"):
        s.apply(s.classify(s.actor, *m.split()[:1], *(int(x) for x in m.split()[1:])))
    assert s.actor == 0  # faces only a 50 short all-in since acting
    v = forbidden_by(s, Kind.RAISE, 250, any_of={"reopen.acted-call-or-fold"})
    assert any(f.startswith("fact.p1.") for f in v.facts)
    assert legal(s, Kind.CALL)


def test_reopen_cumulative():
    def play(overrides=None):
        s = _flop((1000, 150, 210, 1000), overrides=overrides)
        for m in ("cbr 100", "cbr 150", "cbr 210", "cc"):
            kind, *amt = m.split()
            s.apply(s.classify(s.actor, kind, *(int(x) for x in amt)))
        return s
    on = play()
    assert on.actor == 0 and legal(on, Kind.RAISE, 310)  # faces 110 >= a full raise of 100 in total
    off = play({"cumulative-short-allins": "off"})
    forbidden_by(off, Kind.RAISE, 310, any_of={"reopen.acted-call-or-fold"})


def test_reopen_half_bet_rule():
    def play(preset):
        s = _flop((1000, 15, 1000), preset, Structure.FIXED_LIMIT, 10)
        for m in ("cbr 10", "cbr 15", "cc"):
            kind, *amt = m.split()
            s.apply(s.classify(s.actor, kind, *(int(x) for x in amt)))
        return s
    half = play("tda-2024")  # 5 of 10 is half a bet: a full raise, reopens for p1 (Robert's #6: to 25)
    assert half.actor == 0 and legal(half, Kind.RAISE, 25)
    full = play("pokerkit")
    forbidden_by(full, Kind.RAISE, 25, any_of={"reopen.acted-call-or-fold"})


def test_limit_after_short_allin_and_complete():
    def play(preset):
        s = _flop((1000, 13, 1000), preset, Structure.FIXED_LIMIT, 10)
        for m in ("cbr 10", "cbr 13"):
            kind, *amt = m.split()
            s.apply(s.classify(s.actor, kind, *(int(x) for x in amt)))
        return s
    tda = play("tda-2024")  # complete to 20, not on top to 23
    assert tda.actor == 2
    assert legal(tda, Kind.COMPLETE, 20)
    forbidden_by(tda, Kind.RAISE, 23, any_of={"limit.after-short-allin"})
    forbidden_by(tda, Kind.COMPLETE, 21, any_of={"complete.incomplete-bet"})
    pk = play("pokerkit")
    assert legal(pk, Kind.RAISE, 23)
    forbidden_by(pk, Kind.COMPLETE, 20, any_of={"limit.after-short-allin", "complete.incomplete-bet"})


def test_check_raise():
    moves = ("cc", "cbr 4", "f")
    ok = _flop((100, 100, 100), size=2)
    banned = _flop((100, 100, 100), size=2, overrides={"check-raise": "forbidden"})
    for s in (ok, banned):
        for m in moves:
            kind, *amt = m.split()
            s.apply(s.classify(s.actor, kind, *(int(x) for x in amt)))
    assert ok.actor == 0 and legal(ok, Kind.RAISE, 8)
    forbidden_by(banned, Kind.RAISE, 8, any_of={"check-raise"})
    assert legal(banned, Kind.CALL)


# ------------------------------------------------------------------------------------ stud, forced bets

def test_stud_bring_in():
    s = hand(stud((200, 200, 200)))
    forbidden_by(s, Kind.FOLD, any_of={"stud.bring-in"})
    forbidden_by(s, Kind.CHECK, any_of={"stud.bring-in"})
    assert legal(s, Kind.BRING_IN) and legal(s, Kind.COMPLETE, 10)
    assert oracle(s).legal_actions(s)["bring_in"] == 3


def test_stud_completion():
    s = hand(stud((200, 200, 200)), "tda-2024", "pb")
    assert s.actor == 2
    forbidden_by(s, Kind.RAISE, 13, any_of={"stud.completion"})
    assert legal(s, Kind.COMPLETE, 10)
    done = hand(stud((200, 200, 200)), "tda-2024", "pb", "cbr 10")
    assert done.raises_counted == 0  # the completion is the opening bet, not a raise


def test_forced_short_blind():
    g = game((100, 1, 100, 100))
    full = hand(g, "tda-2024")
    assert oracle(full).legal_actions(full)["call"] == 2  # the full big blind
    posted = hand(g, "pokerkit")
    assert oracle(posted).legal_actions(posted)["call"] == 1


def test_state_consistency_is_checked():
    """A state that contradicts the forced-bet clauses is refused, citing them."""
    s = hand(game((100,) * 3))
    bad = s.copy()
    bad.call_level = 3  # no live blind of 3
    v = oracle(bad).check(bad, Action(2, Kind.FOLD))
    assert not v.legal and set(v.clauses) & {"forced.short-blind", "forced.blinds-live", "raise.minimum"}


def test_successor_uncalled_bet_returned():
    s = hand(game((100, 100)), "tda-2024", "cbr 10")
    succ = oracle(s).successor(s, Action(0, Kind.FOLD))
    # the button raised to 10, the big blind (2) folds: 8 uncalled chips go back
    assert succ["round_over"] and succ["settled_stack"] == [98, 98]
