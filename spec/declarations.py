"""The declaration clauses as Z3 constraints: how words, chips and gestures become a formal action.

Every clause of the catalogue's "declaration" layer is one constraint, asserted with
``assert_and_track`` under its clause id, over

* the *facts* of one decision: what the player faces (from :meth:`HandState.legal`, the legality
  layer's answer, taken as given), the rule switches, and a summary of the talk: what came first
  (words, chips or a gesture), the first verb and its amount, the chip motions (first motion,
  count, smallest chip, all motions), what was said after; for talk out of turn, what happened
  between it and the player's turn;
* and the *outcome*: the kind of formal action (``k``), its "to" amount (``to``), the chips that
  count toward it (``put``), and for talk out of turn its status (``st``) and whether a raise is
  barred (``noraise``).

Written from the clause titles and the rule texts (TDA 2024 rules 3, 40-45, 51, 53, 55, 56, 58; the
seeds; Robert's where it differs), not from :mod:`betlaw.model.declarations`: agreement between
the two is evidence. Arithmetic stays linear (the 50% test is ``2 * x >= y``).

:func:`check_binding` answers one decision from the solver: the outcome of the model it finds,
and the clauses of the unsat core that force it (asserting "any other outcome" is unsat).
:func:`spec_judge` walks a hand like :func:`betlaw.model.declarations.judge`.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cache

import z3

from betlaw.model.actions import Action, Kind
from betlaw.model.errors import IllegalAction
from betlaw.model.declarations import AGGRESSIVE, GESTURES, TableEvent, Talk, completes_the_blind, facing_opening_bet
from betlaw.model.game import Structure

# verb codes (fv) and outcome codes (k)
V_CHECK, V_CALL, V_FOLD, V_BET, V_RAISE, V_ALLIN, V_COMPLETE, V_POT, V_AMOUNT = range(9)
VERB_CODE = {"check": V_CHECK, "call": V_CALL, "fold": V_FOLD, "bet": V_BET, "raise": V_RAISE,
             "all-in": V_ALLIN, "complete": V_COMPLETE, "pot": V_POT, "amount": V_AMOUNT}
K_FOLD, K_CHECK, K_CALL, K_BET, K_RAISE, K_COMPLETE, K_OPEN, K_DISCRETION, K_REFUSED, K_BRING_IN = range(10)
K_NAME = {K_FOLD: "fold", K_CHECK: "check", K_CALL: "call", K_BET: "bet", K_RAISE: "raise",
          K_COMPLETE: "complete", K_OPEN: "open", K_DISCRETION: "discretion", K_REFUSED: "refused",
          K_BRING_IN: "bring-in"}
ST_IN_TURN, ST_BOUND, ST_PENDING, ST_RELEASED, ST_LAPSED, ST_MAY_BIND = range(6)
ST_NAME = {ST_IN_TURN: "in-turn", ST_BOUND: "bound", ST_PENDING: "pending", ST_RELEASED: "released",
           ST_LAPSED: "lapsed", ST_MAY_BIND: "may-bind"}
THEN_NONE, THEN_CALL, THEN_FOLD = range(3)
SRC_WORDS, SRC_CHIPS = range(2)

CLAUSE_IDS = (
    "declare.terms", "declare.verbal-binds", "declare.first-decides", "declare.amount-alone",
    "declare.string-raise", "declare.string-bet", "declare.single-chip", "declare.chips-unopened",
    "declare.multiple-chips-call", "declare.fifty-percent", "declare.raise-minimum",
    "declare.last-chips-all-in", "declare.undercall", "declare.call-no-bet", "declare.raise-no-bet",
    "declare.check-facing-bet", "declare.non-standard-fold", "declare.chips-in-play",
    "oot.backed-up", "oot.binding-unchanged", "oot.changed", "oot.fold-binding", "oot.roberts-restrictions",
)


class SpecUnderdetermined(RuntimeError):
    """The clauses leave the outcome open (a gap in the specification), or the solver gave up."""


# ----------------------------------------------------------------------------- vocabulary

INT_FACTS = ("call_add", "bet", "stack", "call_level", "min_to", "max_to", "full_to", "fk", "gesture_code",
             "fv", "famt", "then", "later_amount", "m1", "m1n", "m1min", "mall", "nmot", "n_bets", "n_calls")
BOOL_FACTS = ("facing", "agg", "is_bet", "complete", "two_sizes", "bring_in", "heads_up", "opening", "blind_short", "fold_ok", "fold_pen", "pl", "fby",
              "string_rest", "has_chips", "chips_ok", "mc_raise", "mm_ok", "roberts", "in_turn", "turn_now",
              "same_round", "settled", "later_talk")


class V:
    """The Z3 terms: facts (``f.x``) and outcome (``k``, ``to``, ``put``, ``st``, ``noraise``, ...)."""

    def __init__(self):
        for name in INT_FACTS:
            setattr(self, name, z3.Int(f"f.{name}"))
        for name in BOOL_FACTS:
            setattr(self, name, z3.Bool(f"f.{name}"))
        self.k = z3.Int("out.kind")
        self.to = z3.Int("out.to")
        self.put = z3.Int("out.put")
        self.st = z3.Int("out.status")
        self.noraise = z3.Bool("out.noraise")
        self.pen = z3.Bool("out.penalized")
        # auxiliary terms, each defined by the clause that grants it
        self.src = z3.Int("aux.source")  # words or chips decide (declare.first-decides)
        self.sil = z3.Bool("aux.silent")  # judged as chips pushed silently
        self.sv = z3.Int("aux.silent_value")
        self.svn = z3.Int("aux.silent_chips")  # 0 for an amount said alone
        self.svmin = z3.Int("aux.silent_smallest")
        self.counted = z3.Int("aux.counted")  # chips that count toward a verbal bet (declare.string-bet)
        self.tr = z3.Int("aux.target")  # the raw "to" a verbal bet or raise names

    # derived terms (pure functions of the vocabulary)
    @property
    def allin_to(self):
        return self.bet + self.stack

    @property
    def aggk(self):
        return z3.If(self.complete, K_COMPLETE, z3.If(self.is_bet, K_BET, K_RAISE))

    @property
    def words(self):
        return self.src == SRC_WORDS

    @property
    def aggressive_verb(self):
        return z3.Or(*[self.fv == c for c in (V_BET, V_RAISE, V_ALLIN, V_COMPLETE, V_POT)])

    def within(self, x):
        """A "to" amount kept inside the legal range: all-in at most; the completion; where only two sizes are
        allowed (stud.open-pair: min_to and max_to), the larger once reached, else the smaller; else min..max."""
        capped = z3.If(x < self.allin_to, x, self.allin_to)
        return z3.If(self.two_sizes, z3.If(capped >= self.max_to, self.max_to, self.min_to),
                     z3.If(self.complete, self.min_to,
                           z3.If(capped < self.min_to, self.min_to, z3.If(capped > self.max_to, self.max_to, capped))))


def _zmin(a, b):
    return z3.If(a < b, a, b)


def domain(v: V) -> list:
    """The vocabulary's meaning (untracked): codes in range, in-turn talk has no out-of-turn status."""
    return [
        z3.And(v.fk >= 0, v.fk <= 2), z3.And(v.fv >= 0, v.fv <= 8), z3.And(v.k >= 0, v.k <= 9),
        z3.And(v.st >= 0, v.st <= 5), z3.And(v.src >= 0, v.src <= 1), v.stack >= 0, v.bet >= 0, v.call_add >= 0, v.m1 >= 0, v.mall >= v.m1,
        z3.Implies(v.in_turn, v.st == ST_IN_TURN),
        z3.Implies(v.two_sizes, z3.And(v.agg, v.min_to < v.max_to)),
    ]


# ----------------------------------------------------------------------------- the clauses


def clauses(v: V) -> dict[str, z3.BoolRef]:
    """One constraint per clause id (each asserted under its id by the solver)."""
    return _clauses_and_conditions(v)[0]


def conditions(v: V) -> dict[str, z3.BoolRef]:
    """When each clause applies: the antecedent of its constraint (for a clause that defines a term
    everywhere, such as the source of the talk, the situation its rule text is about). Used by the
    witness search (``betlaw.spec.declaration_witnesses``): a clause is at work where its condition
    holds; the condition is written here, next to the constraint, so each clause stays in one place."""
    return _clauses_and_conditions(v)[1]


def _clauses_and_conditions(v: V) -> tuple[dict[str, z3.BoolRef], dict[str, z3.BoolRef]]:
    W, sil = v.words, v.sil
    verbal = z3.And(W, v.fv != V_AMOUNT)
    out: dict[str, z3.BoolRef] = {}
    when: dict[str, z3.BoolRef] = {}

    # TDA 3, seeds: a tap is a check, a muck a fold; words are the vocabulary's verbs.
    when["declare.terms"] = v.fk == 2
    out["declare.terms"] = z3.Implies(when["declare.terms"], v.fv == z3.If(v.gesture_code == 0, V_CHECK, V_FOLD))

    # TDA 40: whichever comes first defines the action; together, the words win. Chips first: they
    # are judged as pushed silently, the first motion only.
    when["declare.first-decides"] = z3.Or(z3.And(v.fk != 1, v.has_chips), v.later_talk)
    out["declare.first-decides"] = z3.And(
        (v.src == SRC_CHIPS) == (v.fk == 1),
        z3.Implies(v.src == SRC_CHIPS, z3.And(sil, v.sv == v.m1, v.svn == v.m1n, v.svmin == v.m1min, v.put == v.mall)),
        z3.Implies(verbal, z3.Not(sil)),
    )

    # TDA 40: an amount said alone is that amount pushed silently (no single/every-chip reading).
    when["declare.amount-alone"] = z3.And(W, v.fv == V_AMOUNT)
    out["declare.amount-alone"] = z3.Implies(when["declare.amount-alone"],
                                             z3.And(sil, v.sv == v.famt, v.svn == 0, v.svmin == 0, v.put == v.mall))

    # TDA 2024 45-B-2: the last chips pushed are all-in (a call if the call takes them), unless the
    # chips are a call by 44 (one chip) or 45-A (every chip needed), the last chips included.
    last = z3.And(sil, v.sv >= v.stack)
    one_chip = z3.And(v.facing, v.svn == 1)
    every_needed = z3.And(v.facing, v.svn >= 2, v.sv - v.svmin < v.call_add)
    last_all_in = z3.And(last, v.stack > v.call_add, z3.Not(one_chip), z3.Not(every_needed))
    when["declare.last-chips-all-in"] = z3.Or(z3.And(last, v.stack <= v.call_add), last_all_in)
    out["declare.last-chips-all-in"] = z3.And(
        z3.Implies(z3.And(last, v.stack <= v.call_add), v.k == K_CALL),
        z3.Implies(z3.And(last_all_in, v.agg), z3.And(v.k == v.aggk, v.to == v.within(v.allin_to))),
        z3.Implies(z3.And(last_all_in, z3.Not(v.agg)), v.k == z3.If(v.facing, K_CALL, K_CHECK)),
    )

    below = z3.And(sil, v.sv < v.stack)
    # TDA 44: no bet to face, chips are a bet of their full value (made up to the minimum).
    when["declare.chips-unopened"] = z3.And(below, z3.Not(v.facing))
    # Stud, the bring-in due (seed 001; Robert's Seven-Card Stud): chips short of the completion bring in.
    out["declare.chips-unopened"] = z3.Implies(when["declare.chips-unopened"], z3.If(
        z3.And(v.bring_in, v.bet + v.sv < v.min_to), v.k == K_BRING_IN,
        z3.If(v.agg, z3.And(v.k == v.aggk, v.to == v.within(v.bet + v.sv)), v.k == K_CHECK)))

    # TDA 51: less than the call: a full call heads-up or against the opening bet; else the TD decides.
    short = z3.And(below, v.facing, v.sv < v.call_add)
    when["declare.undercall"] = short
    out["declare.undercall"] = z3.Implies(short, v.k == z3.If(z3.Or(v.heads_up, v.opening), K_CALL, K_DISCRETION))

    covers = z3.And(below, v.facing, v.sv >= v.call_add)
    last_covers = z3.And(last, v.stack > v.call_add)  # the last chips, more than the call
    # TDA 2024 44, seed 003: one oversized chip facing a bet (the last chip included), "raise" not
    # declared, is a call.
    when["declare.single-chip"] = z3.And(z3.Or(covers, last_covers), one_chip)
    out["declare.single-chip"] = z3.Implies(when["declare.single-chip"], v.k == K_CALL)
    # TDA 2024 45-A: several chips (the last chips included), every one needed to make the call: a call.
    needed = z3.And(z3.Or(covers, last_covers), every_needed)
    when["declare.multiple-chips-call"] = needed
    out["declare.multiple-chips-call"] = z3.Implies(needed, v.k == K_CALL)
    # TDA 45 and 43-A: otherwise half a full raise or more is a raise made up to a full one, less a
    # call; seed 003 (multiple-chips=raise): several chips are a raise.
    rest = z3.And(covers, z3.Or(v.svn == 0, z3.And(v.svn >= 2, v.sv - v.svmin >= v.call_add)))
    half = 2 * (v.bet + v.sv - v.call_level) >= v.full_to - v.call_level
    raise_it = z3.And(v.agg, v.sv > v.call_add, z3.Or(z3.And(v.mc_raise, v.svn >= 2), half))
    when["declare.fifty-percent"] = z3.And(rest, raise_it)  # at least half a raise (less is its other side)
    out["declare.fifty-percent"] = z3.Implies(rest, z3.If(
        raise_it, z3.And(v.k == v.aggk, v.to == v.within(v.bet + v.sv)), v.k == K_CALL))

    # TDA 42, 56: one motion. Later motions do not count, unless the amount was declared first, or
    # (Robert's, multi-motion-raise) "raise" was said first.
    one = z3.And(v.nmot > 1, z3.Not(z3.And(W, v.fv == V_RAISE, v.mm_ok)))
    when["declare.string-bet"] = v.nmot > 1
    out["declare.string-bet"] = v.counted == z3.If(one, v.m1, v.mall)

    # TDA 40, 50, 51-A, seeds: words in turn bind.
    raw_target = z3.If(v.fv == V_ALLIN, v.allin_to,
                       z3.If(z3.And(v.fv == V_POT, v.pl), v.max_to,
                             z3.If(v.famt >= 0, z3.If(v.fby, v.call_level + v.famt, v.famt),
                                   z3.If(v.nmot >= 1, v.bet + v.counted,
                                         z3.If(v.later_amount >= 0, v.later_amount, -1)))))
    open_amount = z3.And(v.tr < 0, v.min_to != v.max_to)  # a completion too, of two sizes (stud.open-pair)
    # TDA 3: "complete" from a blind facing only the opening bet makes up the blind: a call
    makes_up_blind = z3.And(v.fv == V_COMPLETE, v.blind_short, z3.Not(v.fby),
                            z3.Or(v.famt < 0, v.famt == v.bet + v.call_add))
    aggressive = z3.And(v.aggressive_verb, z3.Not(makes_up_blind))
    when["declare.verbal-binds"] = verbal
    out["declare.verbal-binds"] = z3.Implies(verbal, z3.And(
        v.put == v.mall,  # every chip out counts toward what is made up or handed back
        z3.Implies(z3.And(v.fv == V_CALL, v.facing, z3.Not(v.string_rest)), v.k == K_CALL),
        z3.Implies(z3.And(v.fv == V_FOLD, v.facing), v.k == K_FOLD),
        z3.Implies(z3.And(v.fv == V_CHECK, z3.Not(v.facing), z3.Not(v.bring_in)), v.k == K_CHECK),
        # stud, the bring-in due: there is no check; "check", "call" (or a tap) is the forced bring-in
        z3.Implies(z3.And(z3.Or(v.fv == V_CHECK, v.fv == V_CALL), v.bring_in), v.k == K_BRING_IN),
        z3.Implies(makes_up_blind, v.k == K_CALL),
        z3.Implies(z3.And(aggressive, z3.Not(v.agg)), v.k == z3.If(v.facing, K_CALL, K_CHECK)),
        z3.Implies(z3.And(aggressive, v.agg), z3.And(
            z3.Implies(z3.Not(z3.And(v.fv == V_RAISE, v.is_bet)), v.k == v.aggk), v.tr == raw_target,
            z3.Implies(open_amount, v.to == -1),
            z3.Implies(z3.And(v.tr < 0, z3.Not(open_amount)), v.to == v.min_to),
            z3.Implies(v.tr >= v.min_to, v.to == v.within(v.tr)))),
    ))
    # TDA 43-A: "raise" declared short of the minimum is made up to a full minimum raise.
    when["declare.raise-minimum"] = z3.And(verbal, aggressive, v.agg, v.tr >= 0, v.tr < v.min_to)
    out["declare.raise-minimum"] = z3.Implies(when["declare.raise-minimum"], v.to == v.min_to)
    # seeds: "I call, and raise" is a call.
    when["declare.string-raise"] = z3.And(verbal, v.fv == V_CALL, v.string_rest, v.facing)
    out["declare.string-raise"] = z3.Implies(when["declare.string-raise"], v.k == K_CALL)
    # TDA 55: "call" with no bet is a check; "raise" with no bet a bet; "check" facing a bet: call or fold.
    when["declare.call-no-bet"] = z3.And(verbal, v.fv == V_CALL, z3.Not(v.facing), z3.Not(v.bring_in))
    when["declare.raise-no-bet"] = z3.And(verbal, v.fv == V_RAISE, v.is_bet, v.agg)
    when["declare.check-facing-bet"] = z3.And(verbal, v.fv == V_CHECK, v.facing)
    out["declare.call-no-bet"] = z3.Implies(when["declare.call-no-bet"], v.k == K_CHECK)
    out["declare.raise-no-bet"] = z3.Implies(when["declare.raise-no-bet"], v.k == K_BET)
    out["declare.check-facing-bet"] = z3.Implies(when["declare.check-facing-bet"], z3.And(
        v.k == z3.If(v.then == THEN_CALL, K_CALL, z3.If(v.then == THEN_FOLD, K_FOLD, K_OPEN)),
        v.put == v.mall))
    # TDA 58, seed 003: a fold with no bet to face binds (penalised as the rule set says), or is refused.
    when["declare.non-standard-fold"] = z3.Or(z3.And(verbal, v.fv == V_FOLD, z3.Not(v.facing)),
                                              z3.And(z3.Not(v.in_turn), v.k == K_FOLD))
    out["declare.non-standard-fold"] = z3.And(
        z3.Implies(z3.And(verbal, v.fv == V_FOLD, z3.Not(v.facing)), v.k == z3.If(v.fold_ok, K_FOLD, K_REFUSED)),
        v.pen == z3.And(v.k == K_FOLD, z3.Or(z3.And(z3.Not(v.facing), v.fold_pen),
                                            z3.And(z3.Not(v.in_turn), v.fold_pen))))
    # The chips in play are an input: every chip placed is one of them.
    when["declare.chips-in-play"] = v.has_chips
    out["declare.chips-in-play"] = z3.Implies(when["declare.chips-in-play"], v.chips_ok)

    # TDA 53-A: out of turn, backed up; binding if the action has not changed (a check, call or fold
    # does not change it); if a bet or raise changed it, every option back; a fold binds. Robert's
    # (Betting and Raising #11): after an intervening call "an action may be ruled binding": the floor's.
    # A player who has acted and owes nothing (``settled``) gets the turn back only after a bet or raise.
    changed = z3.Or(v.n_bets > 0, z3.And(v.roberts, v.n_calls > 0, z3.Not(v.settled)))
    oot = z3.And(z3.Not(v.in_turn), v.k != K_FOLD)
    when["oot.backed-up"] = z3.Or(z3.And(oot, v.same_round, z3.Not(changed), z3.Not(v.turn_now)),
                                  z3.And(oot, z3.Not(v.same_round)))
    when["oot.binding-unchanged"] = z3.And(oot, v.same_round, z3.Not(changed), v.turn_now)
    when["oot.changed"] = z3.And(oot, v.same_round, changed)
    when["oot.fold-binding"] = z3.And(z3.Not(v.in_turn), v.k == K_FOLD)
    # "check" facing a bet binds no action (TDA 55) but is a check out of turn all the same
    checked_or_called = z3.Or(v.k == K_CHECK, v.k == K_CALL, when["declare.check-facing-bet"])
    when["oot.roberts-restrictions"] = z3.And(z3.Not(v.in_turn), v.roberts, v.same_round, v.turn_now, z3.Not(v.settled),
                                              checked_or_called)  # at the next turn
    out["oot.backed-up"] = z3.And(
        z3.Implies(z3.And(oot, v.same_round, z3.Not(changed), z3.Not(v.turn_now)), v.st == ST_PENDING),
        z3.Implies(z3.And(oot, z3.Not(v.same_round)), v.st == ST_LAPSED))
    out["oot.binding-unchanged"] = z3.Implies(when["oot.binding-unchanged"],
                                              v.st == ST_BOUND)
    out["oot.changed"] = z3.Implies(when["oot.changed"], v.st == z3.If(v.n_bets > 0, ST_RELEASED, ST_MAY_BIND))
    out["oot.fold-binding"] = z3.Implies(when["oot.fold-binding"], v.st == ST_BOUND)
    # Robert's: an out-of-turn check bars a bet or raise on the next turn, a call a raise.
    out["oot.roberts-restrictions"] = v.noraise == z3.And(z3.Not(v.in_turn), v.roberts, v.same_round, z3.Not(v.settled),
                                                          checked_or_called)
    assert set(out) == set(CLAUSE_IDS) == set(when)
    return out, when


# ----------------------------------------------------------------------------- facts of a decision


@dataclass(frozen=True)
class OutOfTurn:
    """What happened between out-of-turn talk and now."""

    n_bets: int = 0  # intervening bets, raises, completions
    n_calls: int = 0  # intervening calls
    turn_now: bool = False  # the out-of-turn player is now to act
    same_round: bool = True

    @classmethod
    def since(cls, seat: int, street: int, now, intervening) -> "OutOfTurn":
        """The facts of talk by ``seat`` said on ``street``, given the actions taken since
        (``intervening``) and the hand ``now``."""
        same = now.street == street and not now.hand_over
        bets = sum(1 for a in intervening if a.kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE, Kind.BRING_IN))
        calls = sum(1 for a in intervening if a.kind is Kind.CALL)
        return cls(bets, calls, now.actor == seat and same, same)


def facts(events: list[TableEvent], state, denominations=(), oot: OutOfTurn | None = None) -> dict:
    """The facts of one decision: what the player to act in ``state`` faces, and a summary of the talk."""
    seat = events[0].seat
    heard = state.seats[seat]
    settled = heard.acted and heard.stack > 0 and state.owed(seat) == 0  # the turn comes back only after a bet
    if state.actor != seat:  # out of turn: what the talk means as if the turn were now
        state = copy.deepcopy(state)
        state.actor = seat
        state._legal = None
    legal = state.legal()
    s = state.seats[seat]
    rules = state.rules
    f: dict = {name: 0 for name in INT_FACTS} | {name: False for name in BOOL_FACTS}
    f.update(call_add=legal.call or 0, bet=s.bet, stack=s.stack, call_level=state.call_level,
             facing=state.owed(seat) > 0, fold_ok=legal.fold, fold_pen=rules["fold-when-check"] == "penalized",
             pl=state.game.structure is Structure.POT_LIMIT, heads_up=state.live_players() == 2,
             mc_raise=rules["multiple-chips"] == "raise", mm_ok=rules["multi-motion-raise"] == "after-verbal-raise",
             roberts=rules["out-of-turn"] == "no-intervening-action", famt=-1, later_amount=-1)
    f["opening"] = facing_opening_bet(state)  # an input: which bet is the opening bet (TDA 51-B)
    f["blind_short"] = completes_the_blind(state, seat)  # an input: a blind facing only the opening bet (TDA 3)
    f["bring_in"] = legal.bring_in is not None  # stud: the bring-in is due (or the completion)
    f["_bring_in_to"] = legal.bring_in or 0  # a "to" amount
    if legal.complete_to is not None:
        f.update(agg=True, complete=True, min_to=legal.complete_to,  # stud.open-pair: up to the big one
                 max_to=max(legal.completion_targets), full_to=legal.complete_to,
                 two_sizes=bool(legal.complete_amounts))
    elif legal.bet_or_raise is not None:
        lo, hi = legal.bet_or_raise
        f.update(agg=True, is_bet=legal.is_bet, min_to=lo, max_to=hi, two_sizes=bool(legal.amounts),
                 full_to=lo if lo < s.bet + s.stack else max(lo, state.min_raise_to))
    first = events[0]
    f["fk"] = {Talk.SAY: 0, Talk.CHIPS: 1, Talk.GESTURE: 2}[first.kind]
    motions = [e.chips for e in events if e.chips]
    if first.kind is Talk.GESTURE:
        f["gesture_code"] = 0 if GESTURES[first.gesture] == "check" else 1
        f["_free"] = ("fv",)  # what a gesture means is the clause declare.terms, not a fact
        rest = []
    elif first.kind is Talk.SAY:
        p = first.phrases[0]
        f["fv"] = VERB_CODE[p.verb]
        f["famt"] = -1 if p.verb == "amount" or p.amount is None else p.amount
        if p.verb == "amount":
            f["famt"] = p.amount
        f["fby"] = p.by
        rest = list(first.phrases[1:])
        f["string_rest"] = p.verb in ("call", "check") and any(q.verb in AGGRESSIVE or q.verb == "amount"
                                                                for q in rest)
    else:
        rest = []
    later_words = [e for e in events[1:] if e.kind is not Talk.CHIPS]
    f["later_talk"] = bool(rest or later_words)  # words or a gesture after the first (declare.first-decides)
    later_phrases = rest + [q for e in later_words if e.kind is Talk.SAY for q in e.phrases]
    verbs_after = [q.verb for q in later_phrases] + [GESTURES[e.gesture] for e in later_words
                                                     if e.kind is Talk.GESTURE]
    if motions:
        verbs_after.append("chips")
    for verb in verbs_after:
        if verb in ("call", "all-in", "amount", "chips"):
            f["then"] = THEN_CALL
            break
        if verb == "fold":
            f["then"] = THEN_FOLD
            break
    if first.kind is Talk.SAY and first.phrases[0].verb not in ("amount",):
        name = first.phrases[0].verb
        # a later amount said alone, the first verb again with one, or "all-in" (every chip: TDA 2024 40, 42)
        later = next((s.bet + s.stack if q.verb == "all-in" else q.amount for q in later_phrases
                      if q.verb in ("amount", "all-in") or (q.verb == name and q.amount is not None)), None)
        f["later_amount"] = -1 if later is None else later
    if motions:
        f.update(m1=sum(motions[0]), m1n=len(motions[0]), m1min=min(motions[0]), mall=sum(map(sum, motions)),
                 nmot=len(motions), has_chips=True,
                 chips_ok=not denominations or all(c in denominations for m in motions for c in m))
    f["in_turn"] = oot is None
    if oot is not None:
        f.update(n_bets=oot.n_bets, n_calls=oot.n_calls, turn_now=oot.turn_now, same_round=oot.same_round,
                 settled=settled)
    else:
        f["same_round"] = True
    return f


# ----------------------------------------------------------------------------- the solver


ACTION_KINDS = ("fold", "check", "call", "bet", "raise", "complete")  # a SpecBinding.kind that is an action


@dataclass(frozen=True)
class SpecBinding:
    kind: str  # fold, check, call, bet, raise, complete, open, discretion, refused
    to: int | None
    put: int
    status: str  # in-turn, bound, pending, released, lapsed
    noraise: bool
    penalized: bool

    def make_up(self, f: dict) -> int | None:
        if self.kind in ("bet", "raise", "complete"):
            return None if self.to is None else self.to - f["bet"] - self.put
        if self.kind in ("call", "discretion"):
            return f["call_add"] - self.put
        if self.kind == "check":
            return -self.put
        if self.kind == "bring-in":
            return f["_bring_in_to"] - f["bet"] - self.put
        return None if self.kind == "open" else 0


class _Solver:
    def __init__(self):
        self.v = V()
        self.s = z3.SolverFor("QF_LIA")
        self.s.set("core.minimize", True)
        for c in domain(self.v):
            self.s.add(c)
        self.track = {}
        for cid, body in clauses(self.v).items():
            lit = z3.Bool(cid)
            self.track[str(lit)] = cid
            self.s.assert_and_track(body, lit)

    def answer(self, f: dict) -> tuple[SpecBinding, tuple[str, ...]]:
        v, s = self.v, self.s
        s.push()
        try:
            for name in INT_FACTS:
                if name not in f.get("_free", ()):
                    s.add(getattr(v, name) == int(f[name]))
            for name in BOOL_FACTS:
                s.add(getattr(v, name) == bool(f[name]))
            r = s.check()
            if r != z3.sat:
                raise SpecUnderdetermined(f"the declaration clauses are {r} on these facts: {f}")
            m = s.model()
            outs = (v.k, v.to, v.put, v.st, v.noraise, v.pen)
            vals = [m.eval(x, model_completion=True) for x in outs]
            # "any other outcome": another kind, status or count of chips, or (for a bet, raise or
            # completion) another amount. noraise and pen are equalities of their own clauses.
            k = vals[0].as_long()
            other = [v.k != vals[0], v.st != vals[3], v.put != vals[2]]
            if k in (K_BET, K_RAISE, K_COMPLETE):
                other.append(v.to != vals[1])
            s.add(z3.Or(*other))
            r2 = s.check()
            if r2 != z3.unsat:
                raise SpecUnderdetermined(f"the declaration clauses leave the outcome open ({r2}) on {f}")
            core = tuple(sorted(self.track[str(c)] for c in s.unsat_core() if str(c) in self.track))
        finally:
            s.pop()
        k, to, put, st = (vals[i].as_long() for i in range(4))
        binding = SpecBinding(K_NAME[k], None if to < 0 or k not in (K_BET, K_RAISE, K_COMPLETE) else to, put,
                              ST_NAME[st], z3.is_true(vals[4]), z3.is_true(vals[5]))
        return binding, core


@cache
def _solver() -> _Solver:
    return _Solver()


def check_binding(events: list[TableEvent], state, denominations=(), oot: OutOfTurn | None = None
                  ) -> tuple[SpecBinding, tuple[str, ...]]:
    """The formal action the talk of one player at one decision binds to, from the solver, and the
    clauses that force it (the unsat core of "any other outcome")."""
    return _solver().answer(facts(list(events), state, denominations, oot))


# ----------------------------------------------------------------------------- a hand


def stands(first: SpecBinding, new: SpecBinding) -> bool:
    """Does an out-of-turn binding stand against the player's talk at the turn (``new``)? Bound to an
    action: yes; bound to call or fold (TDA 2024 51, 55): unless the new talk picks one; released or left
    to the floor under Robert's with the raise barred: against a bet or raise (Betting and Raising #11)."""
    if first.status == "bound" and first.kind != "refused":
        return first.kind not in ("open", "discretion") or new.kind not in ("call", "fold")
    return first.status in ("released", "may-bind") and first.noraise and new.kind in ("bet", "raise", "complete")


def bound_action(b: SpecBinding) -> bool:
    """Out-of-turn talk bound to an action other than a fold."""
    return b.status == "bound" and b.kind in ("check", "call", "bet", "raise", "complete")


def declared_taken(state, out: list, open_turn: dict[int, int]):
    """The hand as out-of-turn talk said now meets it: the player to act's binding in-turn talk (the
    solver's binding) taken, recorded or not (TDA 2024 40, 53-A); (a copy of that state, the seat), or a
    copy of ``state`` and None."""
    seat = state.actor
    heard = copy.deepcopy(state)
    if seat is None or seat not in open_turn:
        return heard, None
    b = out[open_turn[seat]][1]
    if b.kind not in ACTION_KINDS or (Kind(b.kind) in (Kind.BET, Kind.RAISE, Kind.COMPLETE) and b.to is None):
        return heard, None
    try:
        heard.apply(Action(seat, Kind(b.kind), b.to))
    except IllegalAction:
        return copy.deepcopy(state), None
    if heard.hand_over or heard.street != state.street:  # it ended the round: the talk will lapse
        return copy.deepcopy(state), None
    return heard, seat


def spec_judge(state, moves, events, denominations=()) -> list[tuple[int, SpecBinding, tuple[str, ...], dict]]:
    """Walk a hand as :func:`betlaw.model.declarations.judge` does, answering every group of talk from
    the solver: ``[(seat, binding, clauses, facts), ...]`` in the order of the model's rulings."""
    moves = list(moves)
    by_pos: dict[int, list[TableEvent]] = {}
    for e in events:
        if e.after <= len(moves):
            by_pos.setdefault(e.after, []).append(e)
    out: list = []
    pending: dict[int, dict] = {}  # seat -> {i, group, state, street, seen, ahead}
    open_turn: dict[int, int] = {}  # seat -> index in out of its in-turn binding not yet recorded

    def taken_since(i: int) -> list[Action]:
        """In-turn talk said after entry ``i`` that binds an action: taken, recorded or not (TDA 2024 53-A)."""
        return [Action(seat, Kind(b.kind), b.to) for seat, j in open_turn.items() if j > i
                for b in [out[j][1]] if b.kind in ACTION_KINDS]

    def evaluate(seat: int) -> None:
        p = pending[seat]
        o = OutOfTurn.since(seat, p["street"], state, p["seen"] + taken_since(p["i"]))
        roberts = state.rules["out-of-turn"] == "no-intervening-action"
        unchanged = o.n_bets == 0 and not (roberts and o.n_calls)
        # TDA 2024 53-A: unchanged when the turn comes, the talk is taken as said at that turn; a fold out
        # of turn bound at once, as said
        f = facts(p["group"], p["state"], denominations, o)
        if o.turn_now and unchanged and _solver().answer(f)[0].kind != "fold":
            f = facts(p["group"], state, denominations, o)
        binding, core = _solver().answer(f)
        out[p["i"]] = (seat, binding, core, f)
        if binding.status == "lapsed":
            del pending[seat]

    for pos in range(len(moves) + 1):
        groups: dict[int, list[TableEvent]] = {}
        for e in by_pos.get(pos, []):
            groups.setdefault(e.seat, []).append(e)
        for seat, group in groups.items():
            if seat == state.actor:
                binding, core = check_binding(group, state, denominations)
                if seat in pending:
                    evaluate(seat)
                    if seat in pending and bound_action(out[pending[seat]["i"]][1]):
                        # out-of-turn talk binds an action: the turn's talk joins it (TDA 2024 40, 42, 53-A)
                        pending[seat]["group"] = pending[seat]["group"] + group
                        evaluate(seat)
                        continue
                    if seat in pending and stands(out[pending[seat]["i"]][1], binding):
                        continue
                    pending.pop(seat, None)
                out.append((seat, binding, core, facts(group, state, denominations)))
                open_turn[seat] = len(out) - 1
                for other in list(pending):
                    evaluate(other)
            else:
                first = out[pending[seat]["i"]][1] if seat in pending else None
                if first is not None and first.status in ("bound", "pending", "may-bind") and first.kind != "refused":
                    continue  # the first out-of-turn talk stands while it binds or may bind (TDA 2024 40, 53-A)
                out.append(None)
                heard, ahead = declared_taken(state, out, open_turn)
                pending[seat] = {"i": len(out) - 1, "group": group, "state": heard,
                                 "street": state.street, "seen": [], "ahead": ahead}
                evaluate(seat)
        if pos == len(moves):
            break
        m = moves[pos]
        if m.seat is None or m.verb not in ("f", "cc", "cbr", "pb") or state.hand_over:
            continue
        action = state.classify(m.seat, m.verb, m.amount)
        pending.pop(m.seat, None)
        # the player's binding in-turn talk is the action taken (TDA 2024 40), whatever the history records
        j = open_turn.pop(m.seat, None)
        declared = Action(m.seat, Kind(out[j][1].kind), out[j][1].to) \
            if j is not None and out[j][1].kind in ACTION_KINDS else None
        try:
            state.apply(action)
        except IllegalAction:  # as the model's judge: the talk is ruled up to the first illegal action
            break
        for seat in list(pending):
            if pending[seat]["ahead"] == m.seat:  # the declared action the talk was said after
                pending[seat]["ahead"] = None
            else:
                taken = state.history[-1]
                pending[seat]["seen"].append(declared if declared is not None and declared.kind is not taken.kind
                                             else taken)
            evaluate(seat)
    return out


# ----------------------------------------------------------------------------- model and spec compared


def model_view(r) -> tuple[str, int | None, str, int | None]:
    """(kind, to, status, make_up) of a model ruling (:class:`betlaw.model.declarations.Ruling`) in the
    spec's terms: out of turn, the kind is what the talk meant when said (its intent)."""
    intent = r.intent or r
    kind = str(intent.action.kind) if intent.status == "bound" else intent.status  # open, discretion, refused
    to = intent.action.to if intent.action is not None and intent.action.kind in (
        Kind.BET, Kind.RAISE, Kind.COMPLETE) else None
    if r.in_turn:
        return kind, to, "in-turn", r.make_up
    status = "bound" if r.status in ("open", "discretion", "refused") else r.status  # the kind says which
    return kind, to, status, intent.make_up if status in ("bound", "pending") else None


def disagreements(model_rulings, spec_rulings) -> list[str]:
    """Every difference between the model's rulings of a hand (:func:`betlaw.model.declarations.judge`)
    and the spec's (:func:`spec_judge`), in words; empty when they agree."""
    if len(model_rulings) != len(spec_rulings):
        return [f"the model rules on {len(model_rulings)} groups of talk, the spec on {len(spec_rulings)}"]
    out = []
    for r, (seat, b, _core, f) in zip(model_rulings, spec_rulings):
        kind, to, status, make_up = model_view(r)
        who = f"p{seat + 1}"
        if (b.kind, b.to, b.status) != (kind, to, status):
            out.append(f"{who}: model {kind} to {to} ({status}), spec {b.kind} to {b.to} ({b.status})")
            continue
        if status in ("in-turn", "bound", "pending") and b.make_up(f) != make_up:
            out.append(f"{who}: make up model {make_up}, spec {b.make_up(f)}")
        if status != "pending" and b.penalized != r.penalized:
            out.append(f"{who}: penalised model {r.penalized}, spec {b.penalized}")
        if status in ("released", "may-bind"):
            barred = bool(r.barred)  # Robert's: the out-of-turn check or call bars aggression at the next turn
            if b.noraise != barred:
                out.append(f"{who}: raise barred model {barred}, spec {b.noraise}")
    return out
