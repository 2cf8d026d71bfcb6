"""A warm Z3 oracle for the specification: is this action legal here, why not, what may the
actor do, and what state follows.

One solver pair per (seat count, rule set) is built once (clause templates over symbolic
state, action and successor) and cached for the process; every query re-bases it on a
concrete :class:`~betlaw.model.state.HandState` through *assumption literals* only
(``fact.p3.stack=975`` implies ``p3.stack == 975``), so nothing is pushed, popped or rebuilt.

Usage::

    oracle = SpecOracle(rules, game)
    verdict = oracle.check(state, Action(2, Kind.RAISE, 300))
    verdict.legal, verdict.penalized, verdict.clauses, verdict.facts
    oracle.legal_actions(state)   # {"fold": ..., "bet_or_raise": (min_to, max_to), ...}
    oracle.successor(state, action)

A solver answer of ``unknown`` (timeout, resource limit) raises :class:`SpecUnknown`; it is
never read as "legal".
"""
from __future__ import annotations

import functools
from contextlib import contextmanager
from dataclasses import dataclass, fields
from types import SimpleNamespace

import z3

from . import clauses as C
from .vocabulary import (BET, BRING_IN, CALL, CHECK, COMPLETE, FOLD, KIND_CODE, KINDS, RAISE, SELECTOR_SWITCHES,
                         make_action, make_params, make_state, param_values, rule_values, state_values,
                         variables_by_name)
from .rulesets import SWITCHES


from .errors import SpecUnknown  # noqa: E402  (re-exported: callers catch it without loading z3)


@dataclass(frozen=True)
class SpecVerdict:
    legal: bool
    penalized: bool = False
    clauses: tuple[str, ...] = ()  # illegal: the minimised unsat core, as clause ids
    facts: tuple[str, ...] = ()  # illegal: the facts of the hand in that core
    rules: tuple[str, ...] = ()  # illegal: the rule-switch selectors in that core
    action: tuple[str, ...] = ()  # illegal: the parts of the action in that core


def _kind_code(kind) -> int:
    return KIND_CODE[str(kind)]


_SERIAL = 0


@functools.lru_cache(maxsize=None)
def _relation(n: int, with_post: bool) -> SimpleNamespace:
    """The vocabulary and constraints of an engine, built once per seat count (Z3 terms are shared).

    ``meaning``: the un-tracked constraints (domain, definitions, one value per switch and
    structure, and with the successor its mechanics); ``clauses``: clause id -> its constraint.
    """
    s, p, a = make_state(n, ""), make_params(n), make_action(n, "act.")
    t = make_state(n, "next.") if with_post else None
    settled = C.settled_vars(n, "next.") if with_post else None
    ctx = C.Ctx(s, a, t, p, settled)
    domain = C.domain(ctx)
    meaning = domain + C.needs_definition(s)
    for key in SELECTOR_SWITCHES:  # exactly one value per switch
        meaning.append(z3.PbEq([(p.rule(key, v), 1) for v in SWITCHES[key].values], 1))
    meaning.append(z3.PbEq([(x, 1) for x in (p.nl, p.pl, p.fl, p.sl)], 1))
    if with_post:
        meaning += C.needs_definition(t) + C.mechanics(ctx)
    return SimpleNamespace(s=s, p=p, a=a, t=t, settled=settled, domain=domain, meaning=meaning,
                           clauses=C.build(ctx, with_post))


class _Engine:
    """One solver over the clause constraints for a seat count, warm across queries."""

    def __init__(self, n: int, with_post: bool, minimize: bool, rlimit: int | None, timeout: int | None,
                 factory=None, selectable: bool = False, copies: int = 1):
        self.n = n
        rel = _relation(n, with_post)
        self.s, self.p, self.a, self.t, self.settled = rel.s, rel.p, rel.a, rel.t, rel.settled
        solver = factory() if factory else z3.SolverFor("QF_LIA")
        # Z3's simplex-based arithmetic (arith.solver=2) answers these queries about twice as fast
        # as its default (betlaw bench: spec.query_median_ms, spec.explain_median_ms).
        solver.set("arith.solver", 2)
        if minimize:
            solver.set("core.minimize", True)
        self.rlimit = rlimit
        if rlimit:
            solver.set("rlimit", rlimit)
        if timeout:
            solver.set("timeout", timeout)
        solver.add(*rel.meaning)
        self.trackers = {}
        for cid, body in rel.clauses.items():
            b = z3.Bool(cid)
            if selectable:  # the clause holds only when its literal is assumed (forbids())
                solver.add(z3.Implies(b, body))
            else:
                solver.assert_and_track(body, b)
            self.trackers[cid] = b
        # Further copies of the action over the same state (legality only, untracked, each in force
        # when its literal is assumed): one query then asks about several actions at once; with the
        # state pinned by facts the copies are independent.
        self.actions = [self.a] + [make_action(n, f"act{k}.") for k in range(1, copies)]
        self.copy_on = {}
        if copies > 1:
            legality = z3.And(*rel.domain, *_relation(n, False).clauses.values())
            for a in self.actions[1:]:
                renamed = [(getattr(self.a, f.name), getattr(a, f.name)) for f in fields(a)
                           if isinstance(getattr(a, f.name), z3.ExprRef)]
                self.copy_on[a.tag] = on = z3.Bool(f"{a.tag}in-force")
                solver.add(z3.Implies(on, z3.substitute(legality, *renamed)))
        self.solver = solver
        self.env = variables_by_name(self.s, self.p)
        for a in self.actions:
            self.env.update({f"{a.tag}seat": a.seat, f"{a.tag}kind": a.kind, f"{a.tag}to": a.to,
                             f"{a.tag}paid": a.paid, f"{a.tag}penalized": a.pen})
        self._lits: dict = {}
        self.names: dict[int, str] = {}
        global _SERIAL
        _SERIAL += 1
        self.serial = _SERIAL  # names this engine in caches of literals (ids of dead engines get reused)
        self.in_scope = False  # inside scope(): no literal may be made (it would be popped with the scope)

    def lit(self, name: str, value, prefix: str = "fact."):
        """A cached assumption literal meaning ``name == value``."""
        key = (name, value)
        hit = self._lits.get(key)
        if hit is not None:
            return hit
        assert not self.in_scope, "literals are made outside scope()"
        var = self.env[name]
        if isinstance(value, bool):
            lit = var if value else z3.Not(var)
            label = f"{prefix}{name}" if value else f"{prefix}{name}=no"
            if name.startswith("rule.") or name.startswith("structure="):
                label = (name if name.startswith("rule.") else f"fact.{name}") if value else f"{prefix}not {name}"
        else:
            label = f"{prefix}{name}={value}"
            lit = z3.Bool(label)
            self.solver.add(z3.Implies(lit, var == value))
        self._lits[key] = lit
        self.names[lit.get_id()] = label
        return lit

    def group(self, key: tuple, items) -> z3.BoolRef:
        """A cached literal meaning every ``name == value`` of ``items`` at once (fast path)."""
        hit = self._lits.get(key)
        if hit is not None:
            return hit
        assert not self.in_scope, "literals are made outside scope()"
        lit = z3.Bool(f"group#{self.serial}.{len(self._lits)}")
        self.solver.add(z3.Implies(lit, _all_equal([(self.env[name], value) for name, value in items])))
        self._lits[key] = lit
        self.names[lit.get_id()] = "fact.group"
        return lit

    @property
    def size(self) -> int:
        return len(self._lits)

    def check(self, assumptions) -> z3.CheckSatResult:
        # Solver.check(*assumptions) less z3py's re-casting of every literal (ours are Boolean terms)
        array = (z3.Ast * len(assumptions))(*(lit.as_ast() for lit in assumptions))
        result = z3.CheckSatResult(z3.Z3_solver_check_assumptions(
            self.solver.ctx.ref(), self.solver.solver, len(assumptions), array))
        if result == z3.unknown:
            raise SpecUnknown(f"solver returned unknown: {self._why_unknown()}")
        return result

    def _why_unknown(self) -> str:
        """Z3's reason; its "canceled" is also a used-up resource limit's (as in proofs._why_unknown), which
        must not read as Ctrl-C's (review DS)."""
        reason = self.solver.reason_unknown()
        if reason == "canceled" and self.rlimit:
            return f"resource limit reached (rlimit {self.rlimit} per query)"
        return reason

    @contextmanager
    def scope(self, *constraints):
        """``constraints`` hold inside the ``with`` block only (for one-off claims about a state).

        They are pushed and popped, so nothing of them stays in the warm solver (an expression
        passed as an assumption would: Z3 keeps an internal proxy for it, and checks slow down).
        """
        self.solver.push()
        self.in_scope = True
        try:
            self.solver.add(*constraints)
            yield
        finally:
            self.in_scope = False
            self.solver.pop()


def _all_equal(pairs) -> z3.BoolRef:
    """``And(var == value, ...)`` for concrete ints and bools, made through Z3's C API.

    The term z3py's ``==`` and ``And`` make, without their coercions of every operand: the fast
    path pins each new table, seat and round with such a conjunction.
    """
    if not pairs:
        return z3.BoolVal(True)
    ctx = pairs[0][0].ctx
    ref = ctx.ref()
    terms = []  # z3py wrappers: they hold the reference counts of the terms until the And is made
    for var, value in pairs:
        if isinstance(value, bool):
            terms.append(var if value else z3.BoolRef(z3.Z3_mk_not(ref, var.as_ast()), ctx))
        else:
            num = z3.ArithRef(z3.Z3_mk_numeral(ref, str(value), z3.Z3_get_sort(ref, var.as_ast())), ctx)
            terms.append(z3.BoolRef(z3.Z3_mk_eq(ref, var.as_ast(), num.as_ast()), ctx))
    array = (z3.Ast * len(terms))(*(t.as_ast() for t in terms))
    return z3.BoolRef(z3.Z3_mk_and(ref, len(terms), array), ctx)


_CACHE: dict = {}
_MAX_LITERALS = 400


class SpecOracle:
    """The specification's verdicts for one rule set and game (warm solvers shared per seat count)."""

    def __init__(self, rules, game, rlimit: int | None = None, timeout: int | None = None):
        self.rules = rules
        self.game = game
        self.n = game.seats
        key = (self.n, rlimit, timeout)  # the rules are facts (assumptions): one set of engines serves them all
        if key not in _CACHE:
            _CACHE[key] = {"legal": _Engine(self.n, False, False, rlimit, timeout)}
        self._engines = _CACHE[key]
        self._rlimit, self._timeout = rlimit, timeout
        self._rule_items = rule_values(rules)
        self._params_cache: dict = {}

    # ---------------------------------------------------------------- engines

    def warm(self) -> None:
        """Build now the engines that the confirmations and probes use (else built on first use)."""
        self._full, self._claims, self._selector()

    def _fresh(self) -> None:
        """Rebuild the engines once their fact literals pile up.

        Every concrete state leaves a few guarded fact literals in a warm solver; the solver
        must assign each stale one at every later query, so past a few hundred they cost more
        than a rebuild (about 0.1 s). Only the engines' literal caches are lost.
        """
        if any(e.size > _MAX_LITERALS for e in self._engines.values()):
            kinds = list(self._engines)
            self._engines.clear()
            self._engines["legal"] = _Engine(self.n, False, False, self._rlimit, self._timeout)
            self._params_cache.clear()
            for k in kinds:
                if k == "full":
                    self._engines[k] = _Engine(self.n, True, False, self._rlimit, self._timeout)

    @property
    def _legal(self) -> _Engine:
        """Legality only: the definitions and restrictions of every clause over (s, a)."""
        return self._engines["legal"]

    @property
    def _full(self) -> _Engine:
        """The whole one-step relation over (s, a, s'): for successors."""
        if "full" not in self._engines:
            self._engines["full"] = _Engine(self.n, True, False, self._rlimit, self._timeout)
        return self._engines["full"]

    @property
    def _claims(self) -> _Engine:
        """Legality with four copies of the action: claims about several actions in one query."""
        if "claims" not in self._engines:
            self._engines["claims"] = _Engine(self.n, False, False, self._rlimit, self._timeout, copies=4)
        return self._engines["claims"]

    def _selector(self) -> _Engine:
        """Legality with every clause switchable by its literal (for forbids())."""
        if "select" not in self._engines:
            self._engines["select"] = _Engine(self.n, False, False, self._rlimit, self._timeout, selectable=True)
        return self._engines["select"]

    def forbids(self, state, action, clause_ids) -> bool:
        """Do these clauses alone (with the state vocabulary's definitions) forbid ``action`` here?

        A minimised unsat core is minimal but not unique: when two clauses each forbid an action,
        the core names one of them. This asks the solver whether another explanation (the model's
        reason, say) is a sufficient one too.
        """
        self._fresh()
        eng = self._selector()
        chosen = [eng.trackers[c] for c in clause_ids if c in eng.trackers]
        if not chosen:
            return False
        return eng.check(self._facts(eng, state) + self._action_lits(eng, action) + chosen) == z3.unsat

    def _explainer(self) -> _Engine:
        """Legality with core minimisation (explain mode)."""
        if "explain" not in self._engines:
            self._engines["explain"] = _Engine(self.n, False, True, self._rlimit, self._timeout)
        return self._engines["explain"]

    # ---------------------------------------------------------------- assumptions

    def _facts(self, eng: _Engine, state, grouped: bool = True) -> list:
        """Assumption literals pinning the symbolic state to ``state``.

        Fine-grained (one literal per variable, named ``fact.p3.stack=975``) for explanations;
        grouped (one literal per seat, one for the round, one for the table and rules) for the
        fast path, which is several times cheaper for the solver.
        """
        key = (eng.serial, grouped, state.street, id(state.game))
        fixed = self._params_cache.get(key)
        if fixed is None:
            params = param_values(state)
            if grouped:
                items = tuple(params.items()) + tuple(self._rule_items.items())
                fixed = [eng.group(("table",) + items, items)]
            else:
                fixed = [eng.lit(k, v) for k, v in params.items()]
                fixed += [eng.lit(k, v, "") for k, v in self._rule_items.items() if v]
            self._params_cache[key] = fixed
        values = state_values(state)
        if not grouped:
            return fixed + [eng.lit(k, v) for k, v in values.items()]
        out = list(fixed)
        items = list(values.items())
        per = 8  # SeatVars fields, in state_values order
        for i in range(self.n):
            chunk = tuple(items[i * per:(i + 1) * per])
            out.append(eng.group(("seat",) + chunk, chunk))
        rest = tuple(items[self.n * per:])
        out.append(eng.group(("round",) + rest, rest))
        return out

    def _action_lits(self, eng: _Engine, action, with_to: bool = True) -> list:
        seat = action.seat if 0 <= action.seat < self.n else 0
        out = [eng.lit("act.seat", seat, ""), eng.lit("act.kind", _kind_code(action.kind), "")]
        if with_to and action.to is not None:
            out.append(eng.lit("act.to", int(action.to), ""))
        elif _kind_code(action.kind) in (FOLD, CHECK, CALL):
            out.append(eng.lit("act.to", 0, ""))  # no amount: pin the unused term (cheaper models)
        return out

    # ---------------------------------------------------------------- queries

    def check(self, state, action, explain: bool = True) -> SpecVerdict:
        """Is ``action`` legal in ``state``? If not (and ``explain``), the minimised core names the clauses and facts."""
        self._fresh()
        if not 0 <= action.seat < self.n:
            return SpecVerdict(False, clauses=("turn.in-turn",), action=(f"act.seat={action.seat}",))
        eng = self._legal
        assumptions = self._facts(eng, state) + self._action_lits(eng, action)
        if eng.check(assumptions) == z3.sat:
            pen = False  # only a fold can be penalised (fold.when-check-possible)
            if _kind_code(action.kind) == FOLD:
                pen = z3.is_true(eng.solver.model().eval(eng.a.pen, model_completion=True))
            return SpecVerdict(True, penalized=pen)
        return self.explain(state, action) if explain else SpecVerdict(False)

    def explain(self, state, action) -> SpecVerdict:
        """The minimised unsat core of an illegal action, split into clauses, facts, rules and action parts."""
        self._fresh()
        eng = self._explainer()
        assumptions = self._facts(eng, state, grouped=False) + self._action_lits(eng, action)
        if eng.check(assumptions) == z3.sat:
            return SpecVerdict(True, penalized=z3.is_true(eng.solver.model().eval(eng.a.pen, model_completion=True)))
        clauses, facts, rules, act = [], [], [], []
        for lit in eng.solver.unsat_core():
            name = eng.names.get(lit.get_id()) or str(lit)
            if name in C.CLAUSES:
                clauses.append(name)
            elif name.startswith("fact."):
                facts.append(name)
            elif name.startswith("rule.") or name.startswith("not rule."):
                rules.append(name)
            else:
                act.append(name)
        order = list(C.CLAUSES)
        clauses.sort(key=order.index)
        return SpecVerdict(False, clauses=tuple(clauses), facts=tuple(sorted(facts)), rules=tuple(sorted(rules)),
                           action=tuple(sorted(act)))

    def _sat_kind(self, eng, base, kind: int):
        lit = eng.lit("act.kind", kind, "")
        if eng.check(base + [lit]) == z3.sat:
            return eng.solver.model()
        return None

    def _extreme(self, eng, assumptions, term, lowest: bool, start: int) -> int:
        """Exact minimum (or maximum) of ``term`` over the satisfying assignments, by descent."""
        sign = -1 if lowest else 1
        best = start  # feasible
        step = 1
        bad = None  # known infeasible bound (best + sign*k for k >= the gap)
        while True:
            probe = best + sign * step if bad is None else best + sign * max(1, abs(bad - best) // 2)
            if bad is not None and abs(bad - best) <= 1:
                return best
            bound = term <= probe if lowest else term >= probe
            if eng.check(assumptions + [bound]) == z3.sat:
                best = eng.solver.model().eval(term, model_completion=True).as_long()
                step *= 2
            else:
                bad = probe

    def legal_actions(self, state) -> dict:
        """The actor's options, computed by the solver (min/max amounts by exact descent)."""
        self._fresh()
        out = {"fold": False, "fold_penalized": False, "check": False, "call": None, "bet_or_raise": None,
               "amounts": None, "is_bet": False, "complete_to": None, "complete_amounts": None, "bring_in": None}
        if state.actor is None:
            return out
        eng = self._legal
        a = eng.a
        base = self._facts(eng, state) + [eng.lit("act.seat", state.actor, "")]
        m = self._sat_kind(eng, base, FOLD)
        if m is not None:
            out["fold"] = True
            out["fold_penalized"] = z3.is_true(m.eval(a.pen, model_completion=True))
        out["check"] = self._sat_kind(eng, base, CHECK) is not None
        m = self._sat_kind(eng, base, CALL)
        if m is not None:
            out["call"] = m.eval(a.paid, model_completion=True).as_long()
        for kind in (BET, RAISE):
            m = self._sat_kind(eng, base, kind)
            if m is not None:
                first = m.eval(a.to, model_completion=True).as_long()
                q = base + [eng.lit("act.kind", kind, "")]
                lo, hi = self._extreme(eng, q, a.to, True, first), self._extreme(eng, q, a.to, False, first)
                out["bet_or_raise"] = (lo, hi)
                if hi > lo + 1 and eng.check(q + [a.to > lo, a.to < hi]) == z3.unsat:
                    out["amounts"] = (lo, hi)  # the two ends only (stud.open-pair: the small or the big bet)
                out["is_bet"] = kind == BET
                break
        m = self._sat_kind(eng, base, COMPLETE)
        if m is not None:
            first, q = m.eval(a.to, model_completion=True).as_long(), base + [eng.lit("act.kind", COMPLETE, "")]
            lo, hi = self._extreme(eng, q, a.to, True, first), self._extreme(eng, q, a.to, False, first)
            out["complete_to"] = lo
            if hi > lo:  # stud.open-pair: the small or the big bet over the full level, nothing between
                out["complete_amounts"] = (lo, hi) if eng.check(q + [a.to > lo, a.to < hi]) == z3.unsat \
                    else tuple(range(lo, hi + 1))  # (no clause allows this; a claim of two amounts then disagrees)
        m = self._sat_kind(eng, base, BRING_IN)
        if m is not None:
            out["bring_in"] = m.eval(a.to, model_completion=True).as_long()
        return out

    def successor(self, state, action) -> dict:
        """The state after ``action`` as the specification computes it (None if illegal).

        ``to=None`` means the minimum amount. When the round ends, ``settled_stack`` gives the
        stacks after the uncalled bet is returned (round.uncalled-bet).
        """
        self._fresh()
        eng = self._full
        base = self._facts(eng, state) + self._action_lits(eng, action)
        if eng.check(base) != z3.sat:
            return None
        if action.to is None and _kind_code(action.kind) in (BET, RAISE, COMPLETE):
            first = eng.solver.model().eval(eng.a.to, model_completion=True).as_long()
            low = self._extreme(eng, base, eng.a.to, True, first)
            base = base + [eng.lit("act.to", low, "")]
            if eng.check(base) != z3.sat:
                return None
        m = eng.solver.model()
        ev = lambda x: m.eval(x, model_completion=True)  # noqa: E731
        num = lambda x: ev(x).as_long()  # noqa: E731
        t = eng.t
        out = {
            "stack": [num(x.stack) for x in t.seats],
            "bet": [num(x.bet) for x in t.seats],
            "contributed": [num(x.contrib) for x in t.seats],
            "folded": [z3.is_true(ev(x.folded)) for x in t.seats],
            "acted": [z3.is_true(ev(x.acted)) for x in t.seats],
            "call_level": num(t.call), "full_level": num(t.flevel), "full_raise": num(t.fraise),
            "full_seq": num(t.fseq), "raises_counted": num(t.rcount), "min_raise_to": num(t.minto),
            "short_counted": z3.is_true(ev(t.scounted)),
            "capped_multiway": z3.is_true(ev(t.capped)), "full_opened": z3.is_true(ev(t.fopened)),
            "round_over": z3.is_true(ev(t.over)),
            "actor": None if z3.is_true(ev(t.over)) else num(t.actor),
            "settled_stack": [num(x) for x in eng.settled],
            "penalized": z3.is_true(ev(eng.a.pen)),
            "to": num(eng.a.to) if _kind_code(action.kind) in (BET, RAISE, COMPLETE, BRING_IN) else None,
        }
        return out


    # ---------------------------------------------------------------- confirming the model's answers

    def confirm_legal_actions(self, state, claimed: dict) -> bool:
        """Is ``claimed`` (shaped like :meth:`legal_actions`) exactly what the spec lets the actor do?

        Two queries instead of a search: every claimed option is legal (a bet or raise range at
        both ends), asked at once of an engine with several copies of the action; then no legal
        action lies outside the claim (unsat), so every closed option is closed, each end of a
        range is exact, and a call's chips, a fold's penalty, a completion's and a bring-in's amounts
        are the only ones. Like :meth:`legal_actions`, a range is taken to have no holes, unless the
        claim lists its only ``amounts``.
        """
        self._fresh()
        if state.actor is None:
            return not any(claimed.get(k) not in (None, False) for k in
                           ("fold", "check", "call", "bet_or_raise", "complete_to", "bring_in"))
        eng = self._claims
        a = eng.a
        witnesses, inside = [], []  # (kind, amount name, amount) that must each be legal; the claim as a formula
        if claimed["fold"]:
            pen = bool(claimed["fold_penalized"])
            witnesses.append((FOLD, "penalized", pen))
            inside.append(z3.And(a.kind == FOLD, a.pen if pen else z3.Not(a.pen)))
        if claimed["check"]:
            witnesses.append((CHECK, None, None))
            inside.append(a.kind == CHECK)
        if claimed["call"] is not None:
            witnesses.append((CALL, "paid", claimed["call"]))
            inside.append(z3.And(a.kind == CALL, a.paid == claimed["call"]))
        if claimed["bet_or_raise"]:
            lo, hi = claimed["bet_or_raise"]
            kind = BET if claimed["is_bet"] else RAISE
            witnesses += [(kind, "to", lo)] + ([(kind, "to", hi)] if hi != lo else [])
            only = claimed.get("amounts")
            inside.append(z3.And(a.kind == kind, z3.Or(*[a.to == x for x in only]) if only else
                                 z3.And(a.to >= lo, a.to <= hi)))
        if claimed["complete_to"] is not None:
            targets = claimed.get("complete_amounts") or (claimed["complete_to"],)
            witnesses += [(COMPLETE, "to", x) for x in targets]
            inside.append(z3.And(a.kind == COMPLETE, z3.Or(*[a.to == x for x in targets])))
        if claimed["bring_in"] is not None:
            witnesses.append((BRING_IN, "to", claimed["bring_in"]))
            inside.append(z3.And(a.kind == BRING_IN, a.to == claimed["bring_in"]))
        facts = self._facts(eng, state)
        k = len(eng.actions)

        def pinned(copies, batch) -> list:
            out = []
            for copy, (kind, name, value) in zip(copies, batch):
                out += [eng.lit(f"{copy.tag}seat", state.actor, ""), eng.lit(f"{copy.tag}kind", kind, "")]
                out += [eng.copy_on[copy.tag]] if copy.tag in eng.copy_on else []
                if name is not None:
                    out.append(eng.lit(f"{copy.tag}{name}", value, ""))
            return out

        batches = [witnesses[i:i + k] for i in range(0, len(witnesses), k)]
        if any(eng.check(facts + pinned(eng.actions, batch)) != z3.sat for batch in batches):
            return False
        # copy 0 looks for an action outside the claim (the other copies are not in force)
        other = z3.Bool("claim.other")
        with eng.scope(z3.Implies(other, z3.Not(z3.Or(*inside)) if inside else z3.BoolVal(True))):
            return eng.check(facts + [eng.lit("act.seat", state.actor, ""), other]) == z3.unsat

    def confirm_step(self, state, action, claimed: dict) -> bool:
        """Does the spec allow ``action`` here with the claimed outcome, and no other outcome?

        ``claimed`` holds any of :meth:`successor`'s keys (``penalized``, ``round_over``,
        ``settled_stack``, ``stack``, ``call_level``, ``actor`` while the round goes on, ...) with
        the values to confirm. Two queries
        on the one-step relation: the claim is a successor (sat; the relation includes every
        legality clause, so the action is legal too), and no successor differs from it in those
        keys (unsat). A bet, raise or completion needs its amount.
        """
        self._fresh()
        if action.to is None and _kind_code(action.kind) in (BET, RAISE, COMPLETE):
            raise ValueError(f"confirm_step needs the amount of {action}")
        if not 0 <= action.seat < self.n:
            return False
        eng = self._full
        base = self._facts(eng, state) + self._action_lits(eng, action)
        terms = self._successor_terms(eng)
        same = _all_equal([pair for key, value in claimed.items() for pair in (
            zip(terms[key], value) if isinstance(value, list) else ((terms[key], value),))])
        if eng.check(base) != z3.sat:
            return False
        differ = z3.Bool("claim.differs")
        with eng.scope(z3.Implies(differ, z3.Not(same))):
            return eng.check(base + [differ]) == z3.unsat

    @staticmethod
    def _successor_terms(eng: _Engine) -> dict:
        """The spec's terms for each key of :meth:`successor`."""
        t = eng.t
        return {
            "stack": [x.stack for x in t.seats], "bet": [x.bet for x in t.seats],
            "contributed": [x.contrib for x in t.seats], "folded": [x.folded for x in t.seats],
            "acted": [x.acted for x in t.seats], "call_level": t.call, "full_level": t.flevel,
            "full_raise": t.fraise, "full_seq": t.fseq, "raises_counted": t.rcount, "min_raise_to": t.minto,
            "short_counted": t.scounted, "capped_multiway": t.capped, "full_opened": t.fopened, "round_over": t.over, "actor": t.actor,
            "settled_stack": list(eng.settled), "penalized": eng.a.pen, "to": eng.a.to,
        }


def kind_name(code: int) -> str:
    return KINDS[code]
