"""Every legality and state clause of the catalogue as one Z3 constraint over (s, a, s').

Written from the clause titles, the switch meanings (rulesets.SWITCHES) and the rule texts
(shared/seeds, shared/reference/rules.md), not from betlaw.model: agreement between the two
is evidence, not a tautology.

Each clause returns three lists of constraints:

``defn``  definitions of auxiliary terms of the action (a permission such as "all-in", or a
          derived fact such as "this increment is a full raise"). Permission terms are bounded
          from above by the vocabulary's domain constraints (``domain``) and granted by their
          clause, so a verdict that needs a permission cites the clause that grants it.
``pre``   restrictions on the action in the state ``s`` (legality).
``post``  what the successor ``s'`` is (state).

The tracked constraint of a clause is the conjunction of its three parts; the legality-only
solver tracks ``defn + pre``. The un-tracked constraints (:func:`domain`, :func:`mechanics`)
are the vocabulary's meaning: "to" amounts are totals (TDA 43-B), chips move from stack to
bet, one seat acts at a time, and what nobody acts on stays as it was.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import z3

from .vocabulary import (BET, BRING_IN, CALL, CHECK, COMPLETE, FOLD, O_BLINDS, O_BRING_IN, O_POSITION,
                         O_SHOWING, RAISE, ActionVars, Params, StateVars, zmax, zmin)

# Clauses of the legality or state layer that have no constraint, and why. The catalogue
# carries the same text in its `spec` field (betlaw.spec.catalogue.Clause.spec).
NOT_ENCODED = {
    "pots.side": "side pots are the showdown's division of the final contributions; a betting step "
                 "(s, a, s') neither reads nor changes them, so the one-step vocabulary has no pot-award terms",
}


@dataclass
class Ctx:
    """The terms a clause is written over: state ``s``, action ``a``, successor ``t``, parameters ``p``."""

    s: StateVars
    a: ActionVars
    t: StateVars | None
    p: Params
    settled: list | None = None  # t: stacks after the uncalled bet is returned (round.uncalled-bet)

    # ---- derived terms (pure functions of the vocabulary)

    @property
    def n(self) -> int:
        return self.p.n

    @property
    def owed(self):
        return zmax(0, self.s.call - self.a.a_bet)

    @property
    def allin_to(self):
        return self.a.a_stack + self.a.a_bet

    @property
    def from_full_level(self):
        """Is the bet/raise measured from the last full level? Under the rule books a completion is (it
        makes a full bet); under PokerKit's basis (only voluntary increments count) it is measured from
        the current bet, like any other raise."""
        completion = z3.And(self.a.kind == COMPLETE, z3.Not(self.voluntary), z3.Or(
            self.rule("cumulative-short-allins", "on"), self.stud_open(),
            self.a.to >= self.s.flevel + self.unit(self.s.fraise)))  # off: a short all-in completion is judged alone
        # spread limit (no completion): a bet or raise whose range was measured from the full level
        # (limit.after-short-allin) is measured from it too
        spread = z3.And(self.p.sl, z3.Not(self.voluntary), self.a.rbase == self.s.flevel)
        return z3.Or(completion, spread)

    @property
    def base(self):
        """The level a bet/raise is measured from: the current bet, or the last full level (:attr:`from_full_level`)."""
        return z3.If(self.from_full_level, self.s.flevel, self.s.call)

    def added_up(self):
        """Fixed limit: short all-ins that add up to a full bet over the last full level leave nothing
        to complete (complete.incomplete-bet), so the amount they reach is the level the next short
        all-in is completed from (seed 002: $2 opened, $2.50 all-in: "complete the raise to $4"),
        though it reopens nothing by itself."""
        return z3.And(self.p.fl, self.a.to - self.s.flevel >= self.unit(self.s.fraise))

    @property
    def incr(self):
        """The increment of a bet/raise over the level it is measured from (:attr:`base`)."""
        return self.a.to - self.base

    @property
    def face(self):
        """What the actor faces now beyond the level they last acted at."""
        return self.s.call - self.a.a_lvl

    def floor(self):
        """The minimum bet of the street: the spread's low end, else the street's bet size; after the
        first round of a big-bet game, at least the largest blind or straddle where it sets the minimum
        bet of every round (straddle-min-bet; Robert's No-Limit #2)."""
        p = self.p
        every_round = z3.And(p.bigbet, z3.Not(p.street0), self.rule("straddle-min-bet", "every-round"))
        return z3.If(p.sl, p.lo, z3.If(every_round, zmax(p.bet_size, p.big_blind), p.bet_size))

    def unit(self, fraise):
        """The fixed-limit size of a full bet: the street's, or the big bet once a big bet or raise has
        been made on an open pair's fourth street (stud.open-pair: only where that clause allowed it
        can a full raise reach the big bet)."""
        p = self.p
        return z3.If(z3.And(p.pair, p.big > p.bet_size, fraise >= p.big), p.big, p.bet_size)

    def minincr(self, fraise):
        """The smallest full increment: the fixed size in fixed-limit, else the largest of the
        last full bet or raise and the minimum bet."""
        return z3.If(self.p.fl, self.unit(fraise), zmax(fraise, self.floor()))

    def rule(self, key, value):
        return self.p.rule(key, value)

    @property
    def half_bet_rule(self):
        """reopen.half-bet-rule is in force: a limit game whose rule set picks it (TDA 47-B)."""
        return z3.And(self.p.limit, self.rule("limit-reopen", "half-bet"))

    def counts_full(self, amount, size):
        """Is ``amount`` a full bet or raise of ``size``: at least all of it, or half under the half-bet rule."""
        return z3.If(self.half_bet_rule, 2 * amount >= size, amount >= size)

    @property
    def voluntary(self):
        return self.rule("full-bet-basis", "voluntary-increments")

    def short_blind_base(self):
        """The full level below the largest post: the largest post of a full bet or more under it (a big
        blind under a straddle), else 0 (the small blind is no bet)."""
        s, p = self.s, self.p
        base = z3.IntVal(0)
        for x in p.posted:
            base = zmax(base, z3.If(z3.And(x >= p.bet_size, x < s.call), x, 0))
        return base

    def short_blind_measured(self):
        """The post short_blind_opening measures: the largest made all-in over the base (a big blind all-in
        for less than the small blind's live post), else the current bet."""
        s, p = self.s, self.p
        base, largest = self.short_blind_base(), z3.IntVal(0)
        for x, seat in zip(p.posted, s.seats):
            largest = zmax(largest, z3.If(z3.And(seat.stack == 0, x > base), x, 0))
        return z3.If(largest > 0, largest, s.call)

    def short_blind_opening(self):
        """forced.short-blind: fixed limit, later players calling what was posted and completing after a
        short all-in, and the largest blind or straddle posted all-in for less than a full bet over the full
        level below it (short_blind_base; by the half-bet or full-bet rule): an incomplete bet for the next
        player to complete (seed 002 rule 5; Robert's Betting and Raising #6)."""
        s, p = self.s, self.p
        return z3.And(p.fl, z3.Not(self.voluntary), self.rule("short-bb-call", "posted"),
                      self.rule("after-short-allin", "complete"), s.call < p.big_blind,
                      z3.Not(self.counts_full(self.short_blind_measured() - self.short_blind_base(), p.bet_size)))

    def incomplete(self):
        """A short all-in left the current bet above the last full level but short of a full bet over it."""
        s = self.s
        return z3.And(s.flevel < s.call, s.call < s.flevel + self.minincr(s.fraise))

    def bring_in_full_bet(self):
        """Spread limit: a bring-in of at least the spread's low end is a full bet, the opening bet (stud.bring-in)."""
        return z3.And(self.a.kind == BRING_IN, self.p.sl, z3.Not(self.voluntary), self.a.to >= self.floor())

    def stud_open(self):
        """Stud third street before the opening (full) bet: the bring-in round is not yet completed."""
        return z3.And(self.p.fl, self.s.bi_round, z3.Not(self.s.fopened))

    def short_allin(self):
        """The action is an all-in whose increment is below the full bet or raise."""
        return z3.And(self.a.to == self.allin_to, self.incr < self.s.fraise)

    def next_after(self, seat):
        return z3.If(seat == self.n - 1, 0, seat + 1)


def next_needing(st: StateVars, n: int, start) -> z3.ArithRef:
    """The first seat clockwise from ``start`` (inclusive) that still has to act, else -1."""
    def chain(k):
        expr = z3.IntVal(-1)
        for off in reversed(range(n)):
            j = (k + off) % n
            expr = z3.If(st.needs[j], j, expr)
        return expr
    if isinstance(start, int):
        return chain(start)
    expr = chain(n - 1)
    for k in reversed(range(n - 1)):
        expr = z3.If(start == k, chain(k), expr)
    return expr


def blind_start(p: Params) -> z3.ArithRef:
    """The seat left of the last largest live blind (big blind or last straddle); a new player's post
    is neither (PHH's negative entry: PokerKit's "post bet" leaves the opener where it was)."""
    n = p.n
    position = [z3.If(p.post[i], 0, p.blind[i]) for i in range(n)]
    top = position[0]
    for b in position[1:]:
        top = zmax(top, b)
    last = z3.IntVal(0)
    for i in ((n - 1, 0) if n == 2 else range(n)):  # the last posted with the largest blind wins (heads-up
        last = z3.If(position[i] == top, i, last)    # the button posts first: TDA 2024 34-B)
    # no blind at all (antes only): the player left of the button, seat 0, heads-up too (seed 002)
    return z3.If(z3.Or(top == 0, last == n - 1), 0, last + 1)


@dataclass
class Parts:
    defn: list = field(default_factory=list)
    pre: list = field(default_factory=list)
    post: list = field(default_factory=list)


CLAUSES: dict[str, Callable[[Ctx], Parts]] = {}


def clause(cid: str):
    def deco(fn):
        CLAUSES[cid] = fn
        fn.clause_id = cid
        return fn
    return deco


I = z3.Implies  # noqa: E741


# ============================================================================ turn order

def _first(c: Ctx, cond, start) -> list:
    """At the start of a round (nobody has acted) under ``cond``, the actor is the first seat
    from ``start`` that has to act."""
    return [I(z3.And(c.s.roundstart(), cond), c.s.actor == next_needing(c.s, c.n, start))]


@clause("turn.in-turn")
def turn_in_turn(c: Ctx) -> Parts:
    """Players act in turn, clockwise, skipping folded and all-in players."""
    parts = Parts(pre=[c.a.seat == c.s.actor])
    if c.t is not None:
        parts.post = [c.t.actor == z3.If(c.t.over, -1, next_needing(c.t, c.n, c.next_after(c.a.seat)))]
    return parts


@clause("turn.first-preflop")
def turn_first_preflop(c: Ctx) -> Parts:
    """Left of the last largest live blind (heads-up too: with the usual layout that is the button)."""
    return Parts(pre=_first(c, c.p.opening == O_BLINDS, blind_start(c.p)))


@clause("turn.first-later-streets")
def turn_first_later(c: Ctx) -> Parts:
    if c.n == 2:
        return Parts()
    return Parts(pre=_first(c, c.p.opening == O_POSITION, 0))


@clause("turn.heads-up")
def turn_heads_up(c: Ctx) -> Parts:
    """Heads-up the button (the last seat) posts the small blind, acts first before the flop and
    last after it; also when its blind is as large as the big blind (a post on the small blind). (A
    heads-up table whose button posts the larger blind, with a new player's post, or with no blind at
    all, is outside this clause's premise: turn.first-preflop still applies.)"""
    if c.n != 2:
        return Parts()
    p = c.p
    usual = z3.And(p.opening == O_BLINDS, p.blind[1] <= p.blind[0], p.blind[0] > 0, z3.Not(p.post[0]),
                   z3.Not(p.post[1]))
    return Parts(pre=_first(c, usual, 1) + _first(c, p.opening == O_POSITION, 0))


@clause("turn.stud-bring-in")
def turn_stud_bring_in(c: Ctx) -> Parts:
    return Parts(pre=_first(c, c.p.opening == O_BRING_IN, c.p.bring_in_seat))


@clause("turn.stud-first-later")
def turn_stud_first_later(c: Ctx) -> Parts:
    return Parts(pre=_first(c, c.p.opening == O_SHOWING, c.p.opener))


# ============================================================================ check, option, open

@clause("check.nothing-owed")
def check_nothing_owed(c: Ctx) -> Parts:
    return Parts(pre=[I(c.a.kind == CHECK, c.owed == 0)])


@clause("check.blinds-live")
def check_blinds_live(c: Ctx) -> Parts:
    """On the opening round of a blinds game only a blind with its option may check: the blinds
    are live bets to be called. (When every live blind was lost to the antes there is no live
    bet, and the reason for the rule is gone.)"""
    return Parts(pre=[I(z3.And(c.a.kind == CHECK, c.p.frb, c.s.call > 0), c.a.option)])


@clause("option.big-blind")
def option_big_blind(c: Ctx) -> Parts:
    """A blind (or straddle) that has not acted and is only called has the option (grant)."""
    a = c.a
    return Parts(defn=[I(z3.And(c.p.frb, a.a_blind > 0, z3.Not(a.a_acted), c.owed == 0), a.option)])


@clause("open.first-bet")
def open_first_bet(c: Ctx) -> Parts:
    """A bet opens an unopened round; once open, aggression is a raise. A later round starts unopened."""
    s = c.s
    start = I(z3.And(s.roundstart(), z3.Not(c.p.frb)), z3.And(
        s.call == 0, s.flevel == 0, s.fseq == 0, s.rcount == 0, z3.Not(s.scounted), z3.Not(s.fopened),
        z3.Not(s.capped),
        *[x.bet == 0 for x in s.seats]))
    return Parts(pre=[I(c.a.kind == BET, s.call == 0), I(c.a.kind == RAISE, s.call > 0), start])


@clause("open.minimum-bet")
def open_minimum_bet(c: Ctx) -> Parts:
    return Parts(pre=[I(c.a.kind == BET, z3.Or(c.a.to >= c.floor(), c.a.allin))])


@clause("open.requirement")
def open_requirement(c: Ctx) -> Parts:
    return Parts(pre=[I(z3.And(c.a.aggressive, c.s.call == 0), c.a.a_may_open)])


# ============================================================================ call and fold

@clause("call.match")
def call_match(c: Ctx) -> Parts:
    """To call is to put in what is owed; the current bet is the highest bet."""
    a = c.a
    parts = Parts(pre=[I(a.kind == CALL, z3.And(c.owed > 0, I(a.a_stack >= c.owed, a.paid == c.owed)))])
    if c.t is not None:
        parts.post = [c.t.call == zmax(c.s.call, a.a_bet + a.paid)]
    return parts


@clause("call.all-in-for-less")
def call_all_in_for_less(c: Ctx) -> Parts:
    """Table stakes: a short player calls all-in for less; no one puts in more than they have."""
    a = c.a
    return Parts(pre=[I(z3.And(a.kind == CALL, a.a_stack < c.owed), a.paid == a.a_stack),
                      I(a.aggressive, a.to <= c.allin_to)])


@clause("call.full-amount")
def call_full_amount(c: Ctx) -> Parts:
    """Facing a bet, a call is never for less than owed, unless it is all the caller has (no undercall).
    Checking (check.nothing-owed) and betting (open.first-bet) while owing are other clauses' refusals."""
    a = c.a
    return Parts(pre=[I(z3.And(a.kind == CALL, c.owed > 0), a.paid >= zmin(c.owed, a.a_stack))])


@clause("fold.any-turn")
def fold_any_turn(c: Ctx) -> Parts:
    return Parts(pre=[I(c.a.kind == FOLD, c.a.paid == 0)])


@clause("fold.when-check-possible")
def fold_when_check(c: Ctx) -> Parts:
    a = c.a
    folds_free = z3.And(a.kind == FOLD, c.owed == 0)
    return Parts(defn=[a.pen == z3.And(folds_free, c.rule("fold-when-check", "penalized"))],
                 pre=[I(folds_free, z3.Not(c.rule("fold-when-check", "forbidden")))])


# ============================================================================ raise sizes

@clause("raise.minimum")
def raise_minimum(c: Ctx) -> Parts:
    """A raise is at least the largest previous full bet or raise (TDA 43-A); the ACPC variant
    after a short all-in takes its level plus its own increment. A round starts with the
    minimum bet (or nothing, under PokerKit's basis) as the size to beat."""
    s, a, p = c.s, c.a, c.p
    last = c.rule("short-allin-min-raise", "last-full-raise")
    own = c.rule("short-allin-min-raise", "own-increment")
    sized = z3.And(a.kind == RAISE, z3.Or(p.nl, p.pl, p.sl))
    # the ACPC rule is a big-bet (no-limit) rule; limit raises keep the standard minimum
    standard = z3.Or(last, p.sl)
    pre = [
        I(z3.And(sized, standard), z3.Or(a.to >= a.rbase + c.minincr(s.fraise), a.allin)),
        I(z3.And(sized, own, p.bigbet), z3.Or(a.to >= s.minto, a.allin)),
        I(z3.And(s.roundstart(), z3.Not(p.frb)), s.fraise == z3.If(c.voluntary, 0, c.floor())),
        I(s.roundstart(), s.minto == s.call + c.minincr(s.fraise)),
    ]
    parts = Parts(pre=pre)
    if c.t is not None:
        t = c.t
        parts.post = [
            # fixed limit (rule books): the street's size, or the big bet once a big one is made (stud.open-pair)
            I(a.aggressive, t.fraise == z3.If(a.full, z3.If(z3.And(p.fl, z3.Not(c.voluntary)),
                                                            z3.If(z3.And(a.bigopt, c.incr >= p.big), p.big, s.fraise),
                                                            zmax(s.fraise, c.incr)), s.fraise)),
            I(a.aggressive, t.minto == z3.If(z3.And(z3.Not(a.full), own), zmax(s.minto, a.to + (a.to - s.call)),
                                             a.to + c.minincr(t.fraise))),
            # spread limit: a bring-in of at least the low end is a full bet, the size a raise must match
            # (Robert's Betting and Raising #5: a raise is at least the previous bet)
            I(a.kind == BRING_IN, t.fraise == z3.If(c.bring_in_full_bet(), zmax(s.fraise, a.to), s.fraise)),
            I(a.kind == BRING_IN, t.minto == t.call + c.minincr(t.fraise)),
        ]
    return parts


@clause("raise.all-in-exception")
def raise_all_in_exception(c: Ctx) -> Parts:
    """Going all-in is allowed below the minimum (grant of the all-in permission)."""
    return Parts(defn=[I(c.a.to == c.allin_to, c.a.allin)])


@clause("raise.needs-opponent")
def raise_needs_opponent(c: Ctx) -> Parts:
    a = c.a
    return Parts(pre=[I(a.aggressive, z3.And(a.a_stack > c.owed, a.a_opp_chips))])


@clause("raise.reopens")
def raise_reopens(c: Ctx) -> Parts:
    """A full bet or raise (or a completion that reaches one) reopens: it is counted and its level recorded."""
    s, a, p = c.s, c.a, c.p
    parts = Parts(defn=[I(a.aggressive, a.full == a.f_act)])
    if c.t is not None:
        t = c.t
        parts.post = [I(a.aggressive, z3.And(t.fseq == s.fseq + z3.If(a.full, 1, 0),
                                             t.flevel == z3.If(z3.Or(a.full, c.added_up()), a.to, s.flevel)))]
        # TDA 47-A/47-B per player: a full raise measured from below a seat's last action (a completion
        # over a short all-in it called) reopens it only if what it now faces is a full raise itself
        # (half of one under the half-bet rule); else the seat stays closed (its full_seq_at_action moves on).
        # A level no higher than stud's bring-in is a forced bet's (or a call of it): the completion reopens it.
        for i, (x, y) in enumerate(zip(s.seats, t.seats)):
            full_face = c.counts_full(a.to - x.lvl, t.fraise)
            forced = z3.And(s.bi_round, x.lvl <= p.bring_in)  # the bring-in's level, or a call of it (a limp)
            closed = z3.And(x.acted, x.lvl > c.base, z3.Not(forced), z3.Not(full_face))
            parts.post.append(I(z3.And(a.full, a.seat != i), y.fseq == z3.If(closed, t.fseq, x.fseq)))
    return parts


@clause("limit.fixed-sizes")
def limit_fixed_sizes(c: Ctx) -> Parts:
    a, s, p = c.a, c.s, c.p
    size = c.unit(s.fraise)
    largest = z3.If(a.bigopt, p.big, size)  # stud.open-pair: the big bet too
    return Parts(pre=[I(z3.And(p.fl, a.is_(BET, RAISE)),
                        z3.Or(a.to == s.call + size, z3.And(a.bigopt, a.to == s.call + p.big),
                              z3.And(a.allin, a.to < s.call + largest)))])


@clause("limit.spread-range")
def limit_spread_range(c: Ctx) -> Parts:
    a = c.a
    return Parts(pre=[I(z3.And(c.p.sl, a.is_(BET, RAISE)),
                        z3.And(z3.Or(a.to >= a.rbase + c.p.lo, a.allin), a.to <= a.rbase + c.p.hi))])


@clause("pot-limit.maximum")
def pot_limit_maximum(c: Ctx) -> Parts:
    """Pot-limit: at most the call plus the pot after the call. Reading: when the pot is smaller
    than the minimum bet or raise, the minimum is still allowed (else no one could open an
    empty pot; no rule text forbids the minimum)."""
    a, s = c.a, c.s
    pot = z3.Sum([x.contrib for x in s.seats]) + a.plx
    return Parts(pre=[I(z3.And(c.p.pl, a.is_(BET, RAISE)),
                        a.to <= zmax(s.call + pot + c.owed, s.call + c.minincr(s.fraise)))])


@clause("pot-limit.full-blinds")
def pot_limit_full_blinds(c: Ctx) -> Parts:
    """Pre-flop pot-limit maths counts short or dead blinds as full (where the rules say so, TDA 2024 54-B): each
    seat's bet this round (the actor's after its call) counted up to its full blind."""
    p, s, a = c.p, c.s, c.a
    after_call = [z3.If(a.seat == i, zmax(x.bet, s.call), x.bet) for i, x in enumerate(s.seats)]
    unposted = z3.Sum([z3.If(f > b, f - b, 0) for f, b in zip(p.full, after_call)])
    return Parts(defn=[a.plx == z3.If(z3.And(p.pl, p.frb, c.rule("pot-limit-blinds", "full")), unposted, 0)])


@clause("no-limit.maximum")
def no_limit_maximum(c: Ctx) -> Parts:
    return Parts(pre=[I(z3.And(c.p.nl, c.a.aggressive), c.a.to <= c.allin_to)])


# ============================================================================ the cap

@clause("cap.raises")
def cap_raises(c: Ctx) -> Parts:
    """After the opening bet, at most `cap` raises; the opening bet itself is not a raise."""
    s, a, p = c.s, c.a, c.p
    # before the opening, counted short all-ins stand in for it: one more than the cap may be counted
    parts = Parts(pre=[I(z3.And(a.aggressive, p.cap_on),
                         z3.Or(s.rcount < p.cap + z3.If(s.fopened, 0, 1), a.hu_exempt, a.nocap))])
    if c.t is not None:
        t = c.t
        # a short all-in (all-in, below a full raise) counts as cap.short-allin-counts says, even
        # when the half-bet rule makes it reopen; any other bet or raise after the opening counts,
        # including a raise that is legal below a full raise without being all-in (ACPC's minimum
        # raise after a short all-in, short-allin-min-raise=own-increment)
        # (before the opening, under after-short-allin=raise-on-top, such a short all-in stands in for the
        # opening bet: it counts, and the full raise on top of it, which opens the round, does not)
        early = z3.And(c.rule("after-short-allin", "raise-on-top"), z3.Not(a.full), z3.Not(s.bi_round))
        # a completion (or a spread-limit raise measured from the full level) over a short all-in that
        # counted is the same raise, not another (seed 002: "There would only be one raise counted")
        again = z3.And(c.from_full_level, s.scounted)
        counts = z3.And(z3.Or(s.fopened, early), z3.If(c.short_allin(), a.short_counts, True), z3.Not(again))
        parts.post = [I(a.aggressive, z3.And(
            t.rcount == s.rcount + z3.If(counts, 1, 0), t.fopened == z3.Or(s.fopened, a.full),
            t.scounted == z3.If(z3.Or(a.full, c.added_up()), False, z3.Or(s.scounted, z3.And(counts, c.short_allin())))))]
    return parts


@clause("cap.heads-up")
def cap_heads_up(c: Ctx) -> Parts:
    s, a, p = c.s, c.a, c.p
    hu = s.chips_count() <= 2
    lifted = z3.Or(c.rule("cap-heads-up", "lifted"),
                   z3.And(c.rule("cap-heads-up", "lifted-if-heads-up-before-cap"), z3.Not(s.capped)))
    parts = Parts(defn=[a.hu_exempt == z3.And(hu, lifted)])
    if c.t is not None:
        t = c.t
        # capped by a raise made while three or more could bet (Robert's #4: heads-up *before* the cap
        # lifts it; an all-in that reaches the cap and leaves two with chips does not)
        parts.post = [I(a.aggressive, t.capped == z3.Or(s.capped, z3.And(
            p.limit, p.cap_on, t.rcount >= p.cap + z3.If(t.fopened, 0, 1), s.chips_count() > 2)))]
    return parts


@clause("cap.none-big-bet")
def cap_none_big_bet(c: Ctx) -> Parts:
    return Parts(defn=[I(c.p.bigbet, c.a.nocap)])


@clause("cap.short-allin-counts")
def cap_short_allin_counts(c: Ctx) -> Parts:
    a = c.a
    return Parts(defn=[a.short_counts == z3.Or(
        c.rule("short-allin-counts-toward-cap", "always"),
        z3.And(c.rule("short-allin-counts-toward-cap", "half-or-more"), 2 * c.incr >= c.s.fraise))])


# ============================================================================ reopening

@clause("reopen.full-bet-rule")
def reopen_full_bet_rule(c: Ctx) -> Parts:
    """Full-bet rule: only at least a full bet or raise counts as one."""
    a = c.a
    off = z3.Not(c.half_bet_rule)
    return Parts(defn=[I(off, z3.And(a.f_act == (c.incr >= c.s.fraise), a.f_face == (c.face >= c.s.fraise)))])


@clause("reopen.half-bet-rule")
def reopen_half_bet_rule(c: Ctx) -> Parts:
    """Half-bet rule (limit): half a bet or raise or more counts as a full one."""
    a = c.a
    on = c.half_bet_rule
    return Parts(defn=[I(on, z3.And(a.f_act == (2 * c.incr >= c.s.fraise), a.f_face == (2 * c.face >= c.s.fraise)))])


@clause("reopen.cumulative")
def reopen_cumulative(c: Ctx) -> Parts:
    a = c.a
    return Parts(defn=[a.cum == z3.And(c.rule("cumulative-short-allins", "on"), a.f_face)])


@clause("reopen.acted-call-or-fold")
def reopen_acted_call_or_fold(c: Ctx) -> Parts:
    """One who acted may raise again only if reopened since: by a full raise, or short all-ins
    adding up to one (cumulative); under reopen=any-raise by any raise."""
    s, a = c.s, c.a
    full_rule = c.rule("reopen", "full-raise")
    any_rule = c.rule("reopen", "any-raise")
    return Parts(pre=[I(z3.And(a.aggressive, a.a_acted), z3.And(
        I(full_rule, z3.Or(s.fseq > a.a_fseq, a.cum)),
        I(any_rule, s.call > a.a_lvl)))])


@clause("limit.after-short-allin")
def limit_after_short_allin(c: Ctx) -> Parts:
    """Limit, after a short all-in that is not a full bet: complete to the full level (no raise on
    top), or raise on top (no completion); spread-limit raises are measured from the full level."""
    a, p = c.a, c.p
    complete = c.rule("after-short-allin", "complete")
    on_top = c.rule("after-short-allin", "raise-on-top")
    pending = z3.And(p.fl, c.incomplete(), z3.Not(c.stud_open()))
    return Parts(
        defn=[a.rbase == z3.If(z3.And(p.sl, complete, c.incomplete()), c.s.flevel, c.s.call)],
        pre=[I(z3.And(pending, complete), a.kind != RAISE), I(z3.And(pending, on_top), a.kind != COMPLETE)])


@clause("complete.incomplete-bet")
def complete_incomplete_bet(c: Ctx) -> Parts:
    """Completing takes an incomplete bet or raise to the full level plus one bet (fixed-limit); on an
    open pair's fourth street, plus the small or the big bet (stud.open-pair's big-bet permission)."""
    a, s, p = c.a, c.s, c.p
    target = s.flevel + c.unit(s.fraise)
    big = s.flevel + p.big
    largest = z3.If(a.bigopt, zmax(target, big), target)
    due = z3.Or(z3.And(c.stud_open(), z3.Or(s.bi_pending, s.call > s.flevel)),
                z3.And(z3.Not(c.stud_open()), c.rule("after-short-allin", "complete"), c.incomplete()))
    return Parts(pre=[I(a.kind == COMPLETE, z3.And(p.fl, due, a.to > s.call, z3.Or(
        a.to == target, z3.And(a.bigopt, a.to == big), z3.And(a.allin, a.to < largest))))])


@clause("check-raise")
def check_raise(c: Ctx) -> Parts:
    a = c.a
    return Parts(pre=[I(z3.And(a.aggressive, a.a_checked), z3.Not(c.rule("check-raise", "forbidden")))])


# ============================================================================ stud

@clause("stud.bring-in")
def stud_bring_in(c: Ctx) -> Parts:
    """The bring-in player must bring in or open for a full bet (a completion; in spread limit a bet in the
    spread); a bring-in is for the bring-in amount (or all-in)."""
    a, s = c.a, c.s
    parts = Parts(pre=[I(s.bi_pending, z3.If(c.p.sl, a.is_(BRING_IN, BET), a.is_(BRING_IN, COMPLETE))),
                       I(z3.Not(s.bi_pending), a.kind != BRING_IN),
                       I(a.kind == BRING_IN, a.to == zmin(c.p.bring_in, c.allin_to)),
                       I(z3.And(s.bi_pending, a.kind == COMPLETE), a.to > c.p.bring_in)])
    if c.t is not None:
        t, full = c.t, c.bring_in_full_bet()
        # spread limit: a bring-in that is a full bet is the opening bet, so the next raise is the first
        # counted toward the cap (cap.raises), as over a big blind
        parts.post = [z3.Not(t.bi_pending), t.bi_round == s.bi_round,
                      I(a.kind == BRING_IN, z3.And(t.fopened == z3.Or(s.fopened, full),
                                                   t.flevel == z3.If(full, a.to, s.flevel)))]
    return parts


@clause("stud.completion")
def stud_completion(c: Ctx) -> Parts:
    """Raising the bring-in to a full bet is a completion (the opening bet), not a raise."""
    return Parts(pre=[I(c.stud_open(), c.a.kind != RAISE)])


@clause("stud.open-pair")
def stud_open_pair(c: Ctx) -> Parts:
    """Fourth street with an open pair showing (fixed-limit seven-card stud): the big bet is a size a
    bet or raise may take as the rule set says (grant of the big-bet permission); the sizes
    themselves are limit.fixed-sizes over ``Ctx.unit``."""
    p = c.p
    return Parts(defn=[I(z3.And(p.fl, p.pair, p.big > p.bet_size), c.a.bigopt == c.rule("open-pair-bet", "either-bet"))])


# ============================================================================ forced bets

@clause("forced.blinds-live")
def forced_blinds_live(c: Ctx) -> Parts:
    """The posted live blinds are the round's first bets; under the rule books the big blind is the opening bet."""
    s, p = c.s, c.p
    return Parts(pre=[I(z3.And(s.roundstart(), p.frb), z3.And(
        *[x.bet == p.posted[i] for i, x in enumerate(s.seats)], s.fseq == 0, s.rcount == 0, z3.Not(s.scounted),
        z3.Not(s.capped))),
        I(z3.And(s.roundstart(), p.frb, z3.Not(c.short_blind_opening())), z3.And(
            s.flevel == s.call, s.fopened == z3.Not(c.voluntary)))])


@clause("forced.dead-money")
def forced_dead_money(c: Ctx) -> Parts:
    """Antes and dead posts are in the pot but in no one's bet."""
    s, p = c.s, c.p
    return Parts(pre=[I(z3.And(s.roundstart(), p.street0),
                        z3.And(*[x.contrib == p.dead[i] + x.bet for i, x in enumerate(s.seats)]))])


@clause("forced.straddle")
def forced_straddle(c: Ctx) -> Parts:
    """The largest live blind or straddle is the full bet to beat (rule books); PokerKit's basis ignores it."""
    s, p = c.s, c.p
    size = z3.If(p.fl, p.bet_size, zmax(c.floor(), p.big_blind))
    return Parts(pre=[I(z3.And(s.roundstart(), p.frb), s.fraise == z3.If(c.voluntary, 0, size))])


@clause("forced.short-blind")
def forced_short_blind(c: Ctx) -> Parts:
    """Later players call the full big blind or what was posted (short-bb-call); in fixed limit a post
    short of a full bet over the full level below it, called as posted and completed after
    (after-short-allin=complete), leaves that level (nothing opened, under a short big blind)."""
    s, p = c.s, c.p
    posted = z3.IntVal(0)
    for x in p.posted:
        posted = zmax(posted, x)
    return Parts(pre=[I(z3.And(s.roundstart(), p.frb), s.call == z3.If(
        c.rule("short-bb-call", "full-bb"), zmax(posted, p.big_blind), posted)),
        # fixed limit, a post short of a full bet called as posted: an incomplete opening bet (seed 002 rule 5)
        I(z3.And(s.roundstart(), p.frb, c.short_blind_opening()), z3.And(
            s.flevel == c.short_blind_base(), s.fopened == (c.short_blind_base() > 0)))])


# ============================================================================ the round

@clause("round.end")
def round_end(c: Ctx) -> Parts:
    """The round ends when no live player with chips owes anything or still has to act."""
    if c.t is None:
        return Parts()
    t = c.t
    nobody = z3.Not(z3.Or(*t.needs))
    return Parts(post=[I(nobody, t.over), I(t.over, z3.Or(nobody, t.live_count() < 2))])


@clause("round.all-fold")
def round_all_fold(c: Ctx) -> Parts:
    if c.t is None:
        return Parts()
    return Parts(post=[I(c.t.live_count() < 2, c.t.over)])


@clause("round.uncalled-bet")
def round_uncalled_bet(c: Ctx) -> Parts:
    """At the end of the round the part of the top bet no one matched goes back to its bettor."""
    if c.t is None:
        return Parts()
    t = c.t
    post = []
    for i, x in enumerate(t.seats):
        second = z3.IntVal(0)
        for j, y in enumerate(t.seats):
            if j != i:
                second = zmax(second, y.bet)
        excess = zmax(0, x.bet - second)
        post.append(c.settled[i] == x.stack + z3.If(t.over, excess, 0))
    return Parts(post=post)


@clause("round.free")
def round_free(c: Ctx) -> Parts:
    return Parts(pre=[I(c.a.kind == CHECK, c.a.paid == 0)])


@clause("round.over-no-action")
def round_over_no_action(c: Ctx) -> Parts:
    return Parts(pre=[z3.Not(c.s.over)])


@clause("hand.streets")
def hand_streets(c: Ctx) -> Parts:
    """Folded players stay folded and all-in players stay all-in."""
    if c.t is None:
        return Parts()
    post = []
    for x, y in zip(c.s.seats, c.t.seats):
        post += [I(x.folded, y.folded), I(z3.And(z3.Not(x.folded), x.stack == 0), y.stack == 0)]
    return Parts(post=post)


# ============================================================================ un-tracked meaning

def domain(c: Ctx) -> list:
    """Meaning of the action's vocabulary: the actor's seat values, and upper bounds of the
    permission terms (a permission can only hold where its clause could grant it)."""
    s, a, p = c.s, c.a, c.p
    n = c.n
    out = [a.seat >= 0, a.seat < n, a.kind >= 0, a.kind <= 6]
    for i, x in enumerate(s.seats):
        # an opponent with chips (beyond the current bet, unless raise-when-covered=allowed)
        covered_ok = c.rule("raise-when-covered", "allowed")
        opp = z3.Or(*[z3.And(s.has_chips(j), z3.Or(covered_ok, s.seats[j].stack + s.seats[j].bet > s.call))
                      for j in range(n) if j != i]) if n > 1 else z3.BoolVal(False)
        out.append(I(a.seat == i, z3.And(
            a.a_stack == x.stack, a.a_bet == x.bet, a.a_acted == x.acted, a.a_checked == x.checked,
            a.a_lvl == x.lvl, a.a_fseq == x.fseq, a.a_blind == p.blind[i], a.a_may_open == p.may_open[i],
            a.a_opp_chips == opp)))
    out += [
        I(a.allin, a.to == c.allin_to),
        I(a.option, z3.And(a.a_blind > 0, z3.Not(a.a_acted))),
        I(a.nocap, p.bigbet),
        I(a.bigopt, z3.And(p.fl, p.pair, p.big > p.bet_size)),
        I(a.full, a.aggressive),
        z3.Or(a.rbase == s.call, a.rbase == s.flevel),
        I(z3.Not(p.sl), a.rbase == s.call),
        a.plx >= 0, I(z3.Not(p.pl), a.plx == 0),
        I(z3.Or(a.is_(BET, RAISE, COMPLETE, BRING_IN)), a.paid == a.to - a.a_bet),
        I(a.kind == CALL, z3.And(a.paid >= 0, a.paid <= a.a_stack)),
        I(a.kind != FOLD, z3.Not(a.pen)),
    ]
    return out


def needs_definition(st: StateVars) -> list:
    """A seat still has to act: live with chips, and owes chips or has not acted while some opponent can still bet.
    What it owes beyond every live opponent's bet is moot when none of them has chips left (a big blind
    all-in for less than its amount, the other player matched: nobody could call the rest)."""
    n = st.n
    out = []
    for i, x in enumerate(st.seats):
        opp = z3.Or(*[st.has_chips(j) for j in range(n) if j != i])
        below = z3.Or(*[z3.And(z3.Not(st.seats[j].folded), x.bet < st.seats[j].bet) for j in range(n) if j != i])
        owes = z3.And(x.bet < st.call, z3.Or(opp, below))
        out.append(st.needs[i] == z3.And(st.has_chips(i), z3.Or(owes, z3.And(z3.Not(x.acted), opp))))
    return out


def mechanics(c: Ctx) -> list:
    """One seat acts: its chips move by ``paid``; it has now acted at the new level; the other
    seats and the round terms no rule touches stay as they were."""
    s, a, t = c.s, c.a, c.t
    out = []
    for i, (x, y) in enumerate(zip(s.seats, t.seats)):
        acts = z3.And(y.stack == x.stack - a.paid, y.bet == x.bet + a.paid, y.contrib == x.contrib + a.paid,
                      y.folded == z3.Or(x.folded, a.kind == FOLD), y.acted,
                      y.checked == z3.Or(x.checked, a.kind == CHECK), y.lvl == t.call, y.fseq == t.fseq)
        same = z3.And(y.stack == x.stack, y.bet == x.bet, y.contrib == x.contrib, y.folded == x.folded,
                      y.acted == x.acted, y.checked == x.checked, y.lvl == x.lvl,
                      z3.Or(a.full, y.fseq == x.fseq))  # after a full raise: raise.reopens
        out.append(z3.If(a.seat == i, acts, same))
    passive = a.is_(FOLD, CHECK, CALL, BRING_IN)
    out.append(I(passive, z3.And(t.fseq == s.fseq, t.rcount == s.rcount, t.scounted == s.scounted,
                                 t.capped == s.capped)))
    out.append(I(a.is_(FOLD, CHECK, CALL), z3.And(t.flevel == s.flevel, t.fopened == s.fopened)))  # a bring-in's: stud.bring-in
    out.append(I(a.is_(FOLD, CHECK, CALL), t.fraise == s.fraise))  # a bring-in's: raise.minimum
    out.append(I(a.is_(FOLD, CHECK, CALL), t.minto == s.minto))
    out.append(I(z3.Not(a.aggressive), z3.Not(a.full)))
    return out


def build(c: Ctx, with_post: bool) -> dict[str, z3.BoolRef]:
    """Clause id -> its one constraint (legality-only: definitions and restrictions)."""
    out = {}
    for cid, fn in CLAUSES.items():
        parts = fn(c)
        body = parts.defn + parts.pre + (parts.post if with_post else [])
        out[cid] = z3.And(*body) if body else z3.BoolVal(True)
    return out


def settled_vars(n: int, tag: str) -> list:
    return [z3.Int(f"{tag}p{i + 1}.settled_stack") for i in range(n)]
