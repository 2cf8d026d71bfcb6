"""Inductive proofs over the specification's one-step transition relation.

For a rule set and a table size N, with every table parameter symbolic (structure, stacks,
antes, blinds and straddles, bet sizes, spread range, cap, bring-in, who opens), the proofs
show, by induction and not by sampling, that in every state reachable from the start of a
betting round by actions the clauses allow:

P1  chips are conserved: for every seat, chips behind plus chips put in = the starting stack;
P2  no bet exceeds a starting stack;
P3  the current bet (call_level) equals the largest bet on the table;
P4  while the round is not over exactly one player is to act (``actor``), a seat that still has
    to act, and that player has at least one legal action;
P5  every round ends: the rank  R = N * (sum of stacks) + (number of seats still to act)  is
    non-negative and falls by at least 1 with every action, and a round that is not over has
    R >= 1. So a round that starts with C chips behind ends within N*C + N actions.
    (Each fold or check removes its player from those still to act; each call, bet, raise,
    completion or bring-in puts at least one chip in, which pays for up to N-1 players who
    must act again.)

**Finding (P3).** Under ``short-bb-call=full-bb`` (presets tda-2024 and roberts) a big blind
that is short all-in leaves ``call_level`` at the full big blind, above every bet on the table,
until someone calls or raises (forced.short-blind). P3 as stated fails there; the proof prints
the counterexample and then proves the exact exception (P3'): either some bet equals the
current bet, or it is the first round of a blinds game under full-bb, the current bet is the
big blind as written, and every bet is below it.

The inductive invariant (strengthening) used, over the state ``s`` and the parameters:

L1  per seat: stack >= 0, 0 <= bet <= contributed, stack + contributed = starting stack (P1, P2);
L2  every bet is at most call_level;
L3  P3' above;
L4  round_over <=> (fewer than two live players, or nobody still has to act); not over =>
    0 <= actor < N and the actor still has to act; over => actor = -1;
L5  0 <= level_at_action <= call_level, 0 <= full_seq_at_action <= full_seq, 0 <= full_level
    <= call_level, raises_counted >= 0, full_raise >= 0; a seat that checked has acted;
L6  bring_in_round is fixed by the street (bring-in opening, bring-in > 0); a pending bring-in
    means nobody has acted;
L7  while nobody has acted the state is a round start (Init below, less the stacks);
L8  a seat that has not acted this round has only its posted live blind in front of it (first
    round of a blinds game) or nothing, and no recorded action level;
L9  on the first round of a blinds game every bet is at least the seat's posted live blind;
L10 min_raise_to is above the current bet (needed by the own-increment minimum raise).

Init (the start of any betting round) is every state with: nobody acted; on the first street
contributions = antes/dead posts + posted live blinds and nobody folded; on later streets no
bets and any pattern of folds and contributions that conserves chips; the current bet, full
level, full raise and minimum raise as the forced-bet clauses say; the first actor as the
turn clauses say. The later-street Init is a superset of what the end of the previous round
(uncalled bet returned, bets reset) leaves, so the proofs cover whole hands round by round.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field

import z3

from . import clauses as C
from .rulesets import PRESETS, SWITCHES, RuleError, resolve
from .vocabulary import (BET, BRING_IN, CALL, CHECK, COMPLETE, FOLD, O_BLINDS, O_BRING_IN, O_POSITION, O_SHOWING,
                         RAISE, SELECTOR_SWITCHES, make_action, make_params, make_state, zmax, zmin)


@dataclass
class Outcome:
    name: str
    ok: bool
    seconds: float
    counterexample: str = ""
    note: str = ""


@dataclass
class Report:
    rules: str
    seats: int
    outcomes: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(o.ok or o.note.startswith("finding") for o in self.outcomes)


class ProofError(RuntimeError):
    pass


def _count(preds):
    return z3.Sum([z3.If(p, 1, 0) for p in preds])


class Model:
    """The symbolic one-step system for N seats under one rule set."""

    def __init__(self, rules, n: int):
        self.rules, self.n = rules, n
        self.p = make_params(n)
        self.s = make_state(n, "s.")
        self.t = make_state(n, "t.")
        self.a = make_action(n, "a.")
        self.settled = C.settled_vars(n, "t.")
        self.ctx = C.Ctx(self.s, self.a, self.t, self.p, self.settled)

    # ------------------------------------------------------------------ parameters and rules

    def rule_facts(self) -> list:
        out = []
        for key in SELECTOR_SWITCHES:
            for value in SWITCHES[key].values:
                lit = self.p.rule(key, value)
                out.append(lit if self.rules[key] == value else z3.Not(lit))
        return out

    def param_facts(self) -> list:
        """Well-formed tables: every parameter symbolic within what a game can be."""
        p, n = self.p, self.n
        out = [z3.PbEq([(x, 1) for x in (p.nl, p.pl, p.fl, p.sl)], 1),
               p.bet_size >= 1, p.lo >= 1, p.hi >= p.lo, p.cap >= 1, p.bring_in >= 0,
               p.opening >= 0, p.opening <= 3,
               z3.Implies(p.sl, p.bet_size == p.lo),
               z3.Implies(z3.Or(p.opening == O_BRING_IN, p.opening == O_SHOWING), p.fl),
               z3.Implies(p.opening == O_BRING_IN, z3.And(p.bring_in_seat >= 0, p.bring_in_seat < n)),
               z3.Implies(p.opening == O_SHOWING, z3.And(p.opener >= 0, p.opener < n)),
               p.street0 == z3.Or(p.opening == O_BLINDS, p.opening == O_BRING_IN),
               p.frb == z3.And(p.opening == O_BLINDS, p.big_blind > 0)]
        if self.rules.cap_for(4) is None and self.rules.cap_for(2) is None:
            out.append(z3.Not(p.cap_on))
        big = z3.IntVal(0)
        for i in range(n):
            out += [p.start[i] >= 1, p.dead[i] >= 0, p.dead[i] <= p.start[i], p.blind[i] >= 0,
                    p.posted[i] == zmin(p.blind[i], p.start[i] - p.dead[i]),
                    z3.Implies(p.opening != O_BLINDS, z3.And(p.blind[i] == 0, z3.Not(p.post[i])))]
            out.append(p.full[i] >= p.blind[i])  # a dead small blind: none posted, a full blind counted
            big = zmax(big, p.blind[i])
        out.append(p.big_blind == big)
        return out

    # ------------------------------------------------------------------ the round's start

    def start_seat(self):
        p = self.p
        return z3.If(p.opening == O_BLINDS, C.blind_start(p), z3.If(p.opening == O_POSITION, 0,
                     z3.If(p.opening == O_BRING_IN, p.bring_in_seat, p.opener)))

    def init_core(self, st) -> list:
        """What a round start is, apart from the stacks and folds."""
        p, n = self.p, self.n
        c = C.Ctx(st, self.a, None, p)
        vol = p.rule("full-bet-basis", "voluntary-increments")
        posted = z3.IntVal(0)
        for x in p.posted:
            posted = zmax(posted, x)
        call = z3.If(p.frb, z3.If(p.rule("short-bb-call", "full-bb"), zmax(posted, p.big_blind), posted), 0)
        fraise = z3.If(vol, 0, z3.If(p.frb, z3.If(p.fl, p.bet_size, zmax(c.floor(), p.big_blind)), c.floor()))
        out = []
        for i, x in enumerate(st.seats):
            out += [z3.Not(x.acted), z3.Not(x.checked), x.lvl == 0, x.fseq == 0,
                    z3.Implies(p.street0, z3.And(x.contrib == p.dead[i] + x.bet, z3.Not(x.folded))),
                    x.bet == z3.If(p.frb, p.posted[i], 0)]
        short = c.short_blind_opening()  # forced.short-blind: a short post leaves the full level below it
        opens = z3.And(p.frb, z3.Or(z3.Not(short), c.short_blind_base() > 0))
        level = z3.If(p.frb, z3.If(short, c.short_blind_base(), st.call), 0)
        out += [st.call == call, st.flevel == level, st.fseq == 0, st.rcount == 0,
                z3.Not(st.scounted), z3.Not(st.capped), st.fopened == z3.And(opens, z3.Not(vol)), st.fraise == fraise,
                st.minto == st.call + c.minincr(st.fraise),
                st.bi_pending == z3.And(st.bi_round, z3.Not(st.over), st.actor == p.bring_in_seat),
                st.actor == z3.If(st.over, -1, C.next_needing(st, n, self.start_seat()))]
        return out

    def init(self, st) -> list:
        out = self.init_core(st) + self.structural(st)
        for i, x in enumerate(st.seats):
            out += [x.stack + x.contrib == self.p.start[i], x.stack >= 0, x.contrib >= x.bet]
        return out

    def structural(self, st) -> list:
        """L4 and L6: who is to act, when the round is over, the bring-in flags."""
        p, n = self.p, self.n
        anyone = z3.Or(*st.needs)
        actor_needs = z3.Or(*[z3.And(st.actor == i, st.needs[i]) for i in range(n)])
        return [st.over == z3.Or(st.live_count() < 2, z3.Not(anyone)),
                z3.Implies(z3.Not(st.over), z3.And(st.actor >= 0, st.actor < n, actor_needs)),
                z3.Implies(st.over, st.actor == -1),
                st.bi_round == z3.And(p.opening == O_BRING_IN, p.bring_in > 0),
                z3.Implies(st.bi_pending, z3.And(*[z3.Not(x.acted) for x in st.seats]))]

    # ------------------------------------------------------------------ invariant and properties

    def p3_exception(self, st):
        p = self.p
        return z3.And(p.frb, p.rule("short-bb-call", "full-bb"), st.call == p.big_blind,
                      *[x.bet < st.call for x in st.seats])

    def invariant(self, st) -> list:
        p = self.p
        out = []
        for i, x in enumerate(st.seats):
            out += [x.stack >= 0, x.bet >= 0, x.contrib >= x.bet, x.stack + x.contrib == p.start[i],  # L1
                    x.bet <= st.call,  # L2
                    x.lvl >= 0, x.lvl <= st.call, x.fseq >= 0, x.fseq <= st.fseq,  # L5
                    z3.Implies(x.checked, x.acted),
                    z3.Implies(z3.Not(x.acted), z3.And(x.bet == z3.If(p.frb, p.posted[i], 0), x.lvl == 0,  # L8
                                                       x.fseq == 0)),
                    z3.Implies(p.frb, x.bet >= p.posted[i])]  # L9
        out += [z3.Or(z3.Or(*[x.bet == st.call for x in st.seats]), self.p3_exception(st)),  # L3
                st.flevel >= 0, st.flevel <= st.call, st.fseq >= 0, st.rcount >= 0, st.fraise >= 0,
                st.minto > st.call]  # L10
        out += self.structural(st)  # L4, L6
        nobody = z3.And(*[z3.Not(x.acted) for x in st.seats])
        out.append(z3.Implies(nobody, z3.And(*self.init_core(st))))  # L7
        return out

    def rank(self, st):
        return self.n * z3.Sum([x.stack for x in st.seats]) + _count(st.needs)

    def transition(self) -> list:
        c = self.ctx
        out = C.domain(c) + C.needs_definition(self.s) + C.needs_definition(self.t) + C.mechanics(c)
        for cid, body in C.build(c, with_post=True).items():
            out.append(body)
        return out

    def witness_illegal(self) -> list:
        """Constraints saying that each of a set of witness actions is illegal in ``s``.

        Every auxiliary term of a witness is pinned by its definitions (they are exact), so
        "illegal" is: the definitions hold and some restriction fails.
        """
        s, p, n = self.s, self.p, self.n
        out = []
        actor_val = {}
        for name in ("stack", "bet"):
            v = z3.IntVal(0)
            for i in range(n):
                v = z3.If(s.actor == i, getattr(s.seats[i], name), v)
            actor_val[name] = v
        allin = actor_val["stack"] + actor_val["bet"]
        base_c = C.Ctx(s, make_action(n, "w0."), None, p)
        aggressive_kind = z3.If(s.call == 0, BET, RAISE)
        last_min = z3.If(p.sl, zmax(s.call + base_c.minincr(s.fraise), s.call + p.lo), s.call + base_c.minincr(s.fraise))
        owed = zmax(0, s.call - actor_val["bet"])
        witnesses = [
            (FOLD, None), (CHECK, None), (CALL, None),
            (BRING_IN, zmin(p.bring_in, allin)),
            (COMPLETE, zmin(s.flevel + p.bet_size, allin)),
            (aggressive_kind, zmin(allin, s.call + p.bet_size)),
            (aggressive_kind, zmin(allin, last_min)),
            (aggressive_kind, zmin(allin, zmax(s.minto, s.call + 1))),
            (aggressive_kind, allin),
        ]
        for k, (kind, to) in enumerate(witnesses):
            a = make_action(n, f"w{k}.")
            c = C.Ctx(s, a, None, p)
            defs, pres = [], []
            for cid, fn in C.CLAUSES.items():
                parts = fn(c)
                defs += parts.defn
                pres += parts.pre
            out += C.domain(c) + defs + [a.seat == s.actor, a.kind == kind]
            if to is not None:
                out.append(a.to == to)
            if kind in (FOLD, CHECK):
                out.append(a.paid == 0)
            if kind == CALL:
                out.append(a.paid == zmin(owed, actor_val["stack"]))
            out.append(z3.Not(z3.And(*pres)))
        return out


def _describe_model(m: z3.ModelRef, mod: Model, with_t: bool) -> str:
    def val(x):
        v = m.eval(x, model_completion=True)
        return v.as_long() if z3.is_int_value(v) else z3.is_true(v)
    p = mod.p
    structure = [name for name, v in (("no-limit", p.nl), ("pot-limit", p.pl), ("fixed-limit", p.fl),
                                      ("spread-limit", p.sl)) if val(v)]
    lines = [f"  table: {structure} bet_size={val(p.bet_size)} spread=({val(p.lo)},{val(p.hi)}) cap={val(p.cap)}"
             f"(on={val(p.cap_on)}) opening={['blinds', 'position', 'bring-in', 'showing'][val(p.opening)]} "
             f"first_round_blinds={val(p.frb)} big_blind={val(p.big_blind)} bring_in={val(p.bring_in)}"
             f"@{val(p.bring_in_seat)} opener={val(p.opener)}",
             "  seats: " + "; ".join(f"p{i + 1} start={val(p.start[i])} blind={val(p.blind[i])} "
                                     f"posted={val(p.posted[i])} dead={val(p.dead[i])}" for i in range(mod.n))]
    for st in ((mod.s, mod.t) if with_t else (mod.s,)):
        lines.append(f"  {st.tag} actor={val(st.actor)} over={val(st.over)} call_level={val(st.call)} "
                     f"full_level={val(st.flevel)} full_raise={val(st.fraise)} full_seq={val(st.fseq)} "
                     f"raises_counted={val(st.rcount)} short_counted={val(st.scounted)} opened={val(st.fopened)} capped={val(st.capped)} "
                     f"min_raise_to={val(st.minto)} bring_in_pending={val(st.bi_pending)}")
        lines.append("     " + "; ".join(
            f"p{i + 1}: stack={val(x.stack)} bet={val(x.bet)} contrib={val(x.contrib)} folded={val(x.folded)} "
            f"acted={val(x.acted)} checked={val(x.checked)} lvl={val(x.lvl)} fseq={val(x.fseq)} "
            f"needs={val(st.needs[i])}" for i, x in enumerate(st.seats)))
    if with_t:
        a = mod.a
        lines.append(f"  action: seat={val(a.seat)} kind={val(a.kind)} to={val(a.to)} paid={val(a.paid)}")
    return "\n".join(lines)


def _rlimit_count(solver) -> int:
    stats = solver.statistics()
    return int(stats.get_key_value("rlimit count")) if "rlimit count" in stats.keys() else 0


def _why_unknown(solver, spent: int, rlimit: int | None) -> str:
    """Z3's reason for an unknown; "canceled" is both Ctrl-C's and, at times, the resource limit's, so a
    check that used up ``rlimit`` says so (review DF: --rlimit 100000 read as an interrupt)."""
    if rlimit and spent >= rlimit:
        return f"resource limit reached (--rlimit {rlimit})"
    return solver.reason_unknown()


def prove(rules, n: int, rlimit: int | None = None, timeout_ms: int | None = None, log=None) -> Report:
    """Run every proof obligation for one rule set and table size."""
    mod = Model(rules, n)
    report = Report(rules.name, n)
    s, t = mod.s, mod.t
    solver = z3.SolverFor("QF_LIA")
    if rlimit:
        solver.set("rlimit", rlimit)
    if timeout_ms:
        solver.set("timeout", timeout_ms)
    solver.add(*mod.rule_facts(), *mod.param_facts())

    def obligation(name, hyps, goal, with_t=False, note=""):
        t0 = time.perf_counter()
        solver.push()
        solver.add(*hyps)
        solver.add(z3.Not(z3.And(*goal)) if isinstance(goal, list) else z3.Not(goal))
        spent = _rlimit_count(solver)
        r = solver.check()
        dt = time.perf_counter() - t0
        if r == z3.unknown:
            why = _why_unknown(solver, _rlimit_count(solver) - spent, rlimit)
            solver.pop()
            raise ProofError(f"{name} ({rules.name}, {n} seats): solver unknown: {why}")
        cex = _describe_model(solver.model(), mod, with_t) if r == z3.sat else ""
        solver.pop()
        out = Outcome(name, r == z3.unsat, dt, cex, note if r == z3.sat else "")
        report.outcomes.append(out)
        if log:
            log(out)
        return out

    inv_s = mod.invariant(s)
    step = mod.transition()
    needs_s = C.needs_definition(s)
    obligation("init => invariant", mod.init(s) + needs_s, inv_s)
    # non-vacuity: from invariant states, steps of every kind exist (else induction proves nothing)
    for kind, name in ((FOLD, "fold"), (CHECK, "check"), (CALL, "call"), (BET, "bet"), (RAISE, "raise"),
                       (COMPLETE, "complete"), (BRING_IN, "bring-in")):
        t0 = time.perf_counter()
        solver.push()
        solver.add(*inv_s, *needs_s, z3.Not(s.over), *step, mod.a.kind == kind)
        spent = _rlimit_count(solver)
        r = solver.check()
        if r == z3.unknown:  # never a verdict (review CV: a cancelled check was recorded as FAILED)
            why = _why_unknown(solver, _rlimit_count(solver) - spent, rlimit)
            solver.pop()
            raise ProofError(f"non-vacuity: a {name} step exists ({rules.name}, {n} seats): solver unknown: {why}")
        solver.pop()
        out = Outcome(f"non-vacuity: a {name} step exists", r == z3.sat, time.perf_counter() - t0)
        report.outcomes.append(out)
        if log:
            log(out)
    obligation("invariant is inductive", inv_s + needs_s + [z3.Not(s.over)] + step, mod.invariant(t), with_t=True)
    conserve = [x.stack + x.contrib == mod.p.start[i] for i, x in enumerate(s.seats)]
    obligation("P1 chips conserved", inv_s + needs_s, conserve)
    obligation("P2 no bet exceeds a starting stack", inv_s + needs_s,
               [x.bet <= mod.p.start[i] for i, x in enumerate(s.seats)])
    strict = z3.And(z3.Or(*[x.bet == s.call for x in s.seats]), *[x.bet <= s.call for x in s.seats])
    full_bb = rules["short-bb-call"] == "full-bb"
    finding = "finding: short all-in big blind under short-bb-call=full-bb" if full_bb else ""
    # first at the start of a round (reachable by definition, so a failure there is a real state) ...
    p3_start = obligation("P3 current bet = largest bet (round starts)", mod.init(s) + needs_s, strict, note=finding)
    if p3_start.ok:  # ... then in every reachable state
        obligation("P3 current bet = largest bet", inv_s + needs_s, strict, note=finding)
    obligation("P3' current bet = largest bet, or the full-bb exception", inv_s + needs_s,
               z3.Or(strict, mod.p3_exception(s)))
    actor_ok = z3.Implies(z3.Not(s.over), z3.And(s.actor >= 0, s.actor < n,
                                                 z3.Or(*[z3.And(s.actor == i, s.needs[i]) for i in range(n)])))
    obligation("P4 one player to act", inv_s + needs_s, actor_ok)
    # P4 (legal action): unsat of "not over and every witness action illegal"
    t0 = time.perf_counter()
    solver.push()
    solver.add(*inv_s, *needs_s, z3.Not(s.over), *mod.witness_illegal())
    spent = _rlimit_count(solver)
    r = solver.check()
    if r == z3.unknown:
        why = _why_unknown(solver, _rlimit_count(solver) - spent, rlimit)
        solver.pop()
        raise ProofError(f"P4 legal action ({rules.name}, {n} seats): solver unknown: {why}")
    cex = _describe_model(solver.model(), mod, False) if r == z3.sat else ""
    solver.pop()
    out = Outcome("P4 at least one legal action", r == z3.unsat, time.perf_counter() - t0, cex)
    report.outcomes.append(out)
    if log:
        log(out)
    obligation("P5 rank falls with every action", inv_s + needs_s + [z3.Not(s.over)] + step,
               [mod.rank(t) < mod.rank(s), mod.rank(t) >= 0], with_t=True)
    obligation("P5 a round not over has rank >= 1", inv_s + needs_s + [z3.Not(s.over)], [mod.rank(s) >= 1])
    return report


def parse_seats(text: str, low: int = 2, high: int = 10) -> list[int]:
    """``--seats N`` or ``A-B`` (``betlaw prove``, ``betlaw explore``), within ``low``..``high``."""
    lo, sep, hi = text.partition("-")
    try:
        lo_i, hi_i = int(lo), int(hi) if sep else int(lo)
    except ValueError:
        lo_i = hi_i = 0
    if lo_i < low or hi_i > high or lo_i > hi_i:
        raise ValueError(f"--seats expects N or A-B with {low} <= A <= B <= {high}, got {text!r}")
    return list(range(lo_i, hi_i + 1))


def build_parser() -> argparse.ArgumentParser:
    """The options of ``betlaw prove`` (also read by the CLI reference, betlaw.docsgen)."""
    ap = argparse.ArgumentParser(prog="betlaw prove", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seats", default="2-10", help="table sizes, N or A-B (default 2-10)")
    ap.add_argument("--rules", default=None, help="a preset name (default: every preset)")
    ap.add_argument("--rlimit", type=int, default=None, help="deterministic resource limit per obligation")
    ap.add_argument("--quiet", action="store_true", help="one line per rule set and table size (and any finding's counterexample)")
    return ap


def main(argv: list[str] | None = None) -> int:
    """``betlaw prove [--seats 2-10] [--rules NAME] [--rlimit R] [--quiet]``: exit 0 when every
    obligation is proved (known findings are reported, not failed), 1 otherwise."""
    args = build_parser().parse_args(argv)
    try:
        seats = parse_seats(args.seats)
        rulesets = [resolve(args.rules)] if args.rules else [PRESETS[k] for k in PRESETS]
        if args.rlimit is not None and args.rlimit <= 0:
            raise ValueError(f"--rlimit expects a positive number of resource units, got {args.rlimit}")
    except (ValueError, RuleError) as e:
        print(f"betlaw prove: error: {e}", file=sys.stderr)
        return 2
    ok = True
    for rules in rulesets:
        for n in seats:
            t0 = time.perf_counter()
            try:
                rep = prove(rules, n, rlimit=args.rlimit)
            except ProofError as e:
                if str(e).endswith("canceled"):  # Z3 stopped by Ctrl-C: the run is interrupted (exit 130)
                    raise KeyboardInterrupt from None
                print(f"UNKNOWN {e}")
                ok = False
                continue
            dt = time.perf_counter() - t0
            status = "proved" if rep.ok else "FAILED"
            print(f"{rules.name:10s} {n:2d} seats: {status} ({dt:.1f}s)")
            for o in rep.outcomes:
                if not o.ok:
                    tag = "FINDING" if o.note.startswith("finding") else "FAILED"
                    print(f"  {tag}: {o.name}{' - ' + o.note if o.note else ''}\n  counterexample:\n{o.counterexample}")
                elif not args.quiet:
                    print(f"  ok: {o.name} ({o.seconds:.2f}s)")
            ok = ok and rep.ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
