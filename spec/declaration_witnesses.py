"""Witness hands for the declaration clauses (issue 7): table talk showing each clause at work.

For every clause of the catalogue's "declaration" layer (``declare.*``, ``oot.*``), under every
preset, three witnesses. Each is a legal hand from the start, written as PHH with
``_betlaw_events`` and ``_betlaw_chips`` (docs/table-talk.md), with a ``betlaw ask`` question and
the answer the model gives under that preset:

* ``reachable``: the clause's condition holds in the spec's (unique) ruling of the talk; the
  condition is the antecedent of the clause's constraint, :func:`betlaw.spec.declarations.conditions`;
* ``decisive``: the clause alone decides the ruling. With every clause the spec admits exactly one
  ruling X (kind of action, "to" amount, chips that count, out-of-turn status, raise barred,
  penalty); with every clause but this one it admits another (kind, amount, status, raise bar or
  penalty: each clause's constraint is switched by an assumption literal, as the legality witnesses
  switch theirs); and the condition holds;
* ``negative``: the case nearest to the decisive one where the condition fails and the ruling
  differs, and so does the answer to the same question. Nearest: edit distance over the actions
  before the talk, the talk (who, in turn or not, words, chips) and the actions after it, changing
  one amount costing half of any other change (:func:`_distance`), so "one chip fewer" or "the
  other side of the 50% threshold" comes before another word.

HOW: a concrete search, deterministic. Small no-limit tables (:data:`TABLES`: heads-up, then
three-handed; blinds 1/2, stacks 12, chips of 1 and 5), legal histories from the model
(breadth-first: check, call, fold facing a bet, the minimum raise and two more), and at each decision
a fixed list of talk (:func:`talks`: words, gestures, single chips, amounts, several chips, words
with chips, string raises, two motions; out of turn, a shorter list said by a player who is not to
act, followed by the actions up to that player's turn). Candidates are taken in the order: table
(fewest seats first), fewest actions, simplest talk; in-turn talk is searched first, then all talk.
A decision where no talk could meet the condition of a clause still without a witness is skipped
after one solver query (the hand's facts pinned, the talk's free). The first candidate that
qualifies is kept; a witness is kept only if the model (``betlaw ask``) rules the same way as the
spec. A clause found nowhere gets ``none`` with the reason: its condition cannot hold under the
preset's switches (proved by the solver), the catalogue's ``never_decisive`` reason, or the scope.
Every solver query is a sat/unsat question, and every piece of a record comes from those answers and
from the model, so the records do not depend on which models the solver happens to find.

:func:`compute` is what ``betlaw witness --all`` calls for this layer.
"""
from __future__ import annotations

import copy
import heapq
import itertools
from dataclasses import dataclass, field
from functools import cache

import z3

from betlaw.model.actions import Action, Kind
from betlaw.model.declarations import TableEvent, Talk, parse_words
from betlaw.model.state import HandState

from . import declarations as D
from .catalogue import catalogue
from .errors import SpecUnknown
from .rulesets import PRESETS

ROLES = ("reachable", "decisive", "negative")
CHIPS = (1, 5)
MAX_DEPTH = 3  # actions before in-turn talk
OOT_DEPTH = 2  # actions before out-of-turn talk
LATER_DEPTH = 3  # actions between out-of-turn talk and the question
BUDGET = 1500  # candidates evaluated per table and preset for reachable/decisive witnesses
NEGATIVE_BUDGET = 400  # candidates evaluated per negative witness
AGGRESSIVE = (D.K_BET, D.K_RAISE, D.K_COMPLETE)
# the facts (betlaw.spec.declarations.facts) that summarise the talk; the others are the hand's
TALK_FACTS = ("fk", "gesture_code", "fv", "famt", "fby", "then", "later_amount", "string_rest", "later_talk",
              "m1", "m1n", "m1min", "mall", "nmot", "has_chips", "chips_ok")
HAND_FACTS = tuple(n for n in D.INT_FACTS + D.BOOL_FACTS if n not in TALK_FACTS)


# ---------------------------------------------------------------- tables and talk


@dataclass(frozen=True)
class Table:
    label: str
    blinds: tuple[int, ...]  # PHH blinds_or_straddles
    stacks: tuple[int, ...]  # PHH starting_stacks

    def fields(self) -> dict:
        n = len(self.stacks)
        return {"variant": "NT", "antes": [0] * n, "blinds_or_straddles": list(self.blinds), "min_bet": 2,
                "starting_stacks": list(self.stacks), "actions": []}


TABLES = (
    Table("heads-up no-limit 1/2, stacks 12", (1, 2), (12, 12)),
    Table("three-handed no-limit 1/2, stacks 12", (1, 2, 0), (12, 12, 12)),
)


@cache
def _table_scenario(t: int):
    from betlaw.conformance.phh import scenario_from_fields

    return scenario_from_fields(TABLES[t].fields(), "witness")


@dataclass(frozen=True)
class Item:
    """One event of table talk: words (with chips pushed while speaking), a chip motion, or a gesture."""

    kind: str  # say, chips, gesture
    words: str = ""
    chips: tuple[int, ...] = ()
    gesture: str = ""

    def tokens(self) -> tuple[str, ...]:
        return (self.kind,) + tuple(self.words.split()) + tuple(map(str, sorted(self.chips))) + \
            ((self.gesture,) if self.gesture else ())

    def event(self, seat: int, index: int) -> TableEvent:
        return TableEvent(seat=seat, kind=Talk(self.kind), after=0,
                          phrases=_phrases(self.words) if self.kind == "say" else (),
                          chips=self.chips, gesture=self.gesture or None,
                          words=self.words or self.gesture, index=index)

    def field(self, seat: int, after: int, in_turn: bool) -> dict:
        out: dict = {"seat": f"p{seat + 1}", "after": after, "kind": self.kind}
        if self.kind == "say":
            out["words"] = self.words
        if self.chips:
            out["chips"] = list(self.chips)
        if self.kind == "gesture":
            out["gesture"] = self.gesture
        if not in_turn:
            out["in_turn"] = False
        return out

    def __str__(self) -> str:
        if self.kind == "say":
            return f'"{self.words}"' + (f" pushing {'+'.join(map(str, self.chips))}" if self.chips else "")
        if self.kind == "chips":
            return "+".join(map(str, self.chips))
        return f"a {self.gesture}"


@cache
def _phrases(words: str):
    return parse_words(words)


def say(words: str, *chips: int) -> Item:
    return Item("say", words, tuple(chips))


def push(*chips: int) -> Item:
    return Item("chips", chips=tuple(chips))


def gesture(name: str) -> Item:
    return Item("gesture", gesture=name)


COMBOS = ((1, 1), (1, 5), (5, 5), (1, 1, 1), (1, 1, 5), (1, 5, 5), (5, 5, 5))


def talks(state: HandState, seat: int, out_of_turn: bool) -> list[tuple[Item, ...]]:
    """The talk tried for ``seat`` at ``state``, simplest first. Out of turn, a shorter list."""
    s = state.seats[seat]
    behind = s.stack
    level = state.call_level
    lo = max(state.min_raise_to, level + 1)
    words = [say(w) for w in ("check", "call", "fold", "bet", "raise", "all-in")]
    out: list[tuple[Item, ...]] = [(w,) for w in words] + [(gesture("tap"),), (gesture("muck"),)]
    out += [(push(c),) for c in CHIPS if c <= behind]
    amounts = [x for x in (lo - 1, lo, lo + 1) if level < x <= s.bet + behind]
    out += [(say(f"{verb} {x}"),) for x in amounts for verb in ("bet", "raise")]
    if out_of_turn:
        return out
    out += [(say(str(x)),) for x in range(1, 7) if x <= behind]
    out += [(push(*c),) for c in COMBOS if sum(c) <= behind]
    out += [(say(w, c),) for w in ("call", "bet", "raise") for c in CHIPS if c <= behind]
    out += [(say(w, *c),) for w in ("bet", "raise") for c in COMBOS[:3] if sum(c) <= behind]
    out += [(say(f"call and raise {x}"),) for x in amounts[1:2]]
    out += [(say("check and call"),), (say("check and fold"),)]
    out += [(push(c), say("raise")) for c in CHIPS if c <= behind]
    out += [(push(a), push(b)) for a, b in ((1, 1), (5, 1), (1, 5)) if a + b <= behind]
    out += [(say(w, a), push(b)) for w in ("bet", "raise") for a, b in ((5, 1), (1, 5)) if a + b <= behind]
    return out


# ---------------------------------------------------------------- histories


def moves(state: HandState) -> list[Action]:
    """The legal actions the search expands: check, call, fold facing a bet, the minimum raise and two more."""
    L = state.options()
    a = L.actor
    if a is None or state.hand_over:
        return []
    out = []
    if L.check:
        out.append(Action(a, Kind.CHECK))
    if L.call is not None:
        out.append(Action(a, Kind.CALL))
    if L.bet_or_raise:
        lo, hi = L.bet_or_raise
        kind = Kind.BET if L.is_bet else Kind.RAISE
        out += [Action(a, kind, x) for x in dict.fromkeys((lo, min(hi, lo + 2)))]
    if L.call is not None and L.fold:
        out.append(Action(a, Kind.FOLD))
    return out


def _copy(st: HandState) -> HandState:
    """A copy of a hand that shares its (immutable) game and rules and drops its legal-action cache:
    :meth:`HandState.copy` copies those too, which is most of the search's time."""
    return copy.deepcopy(st, {id(st.game): st.game, id(st.rules): st.rules, id(st._legal): None})


def histories(start: HandState, depth: int, step) -> list[tuple[tuple[Action, ...], HandState]]:
    """Breadth-first: every history of at most ``depth`` actions ending at a decision.
    ``step(seq, state, action)`` is the state after ``seq + (action,)`` (memoised by the caller)."""
    out = []
    frontier = [((), start)]
    while frontier:
        nxt = []
        for seq, st in frontier:
            if st.actor is None:
                continue
            out.append((seq, st))
            if len(seq) >= depth:
                continue
            nxt += [(seq + (m,), step(seq, st, m)) for m in moves(st)]
        frontier = nxt
    return out


def continuations(seq0: tuple[Action, ...], state: HandState, seat: int, depth: int, step
                  ) -> list[tuple[tuple[Action, ...], HandState]]:
    """The actions after out-of-turn talk by ``seat`` (at ``state``, after ``seq0``): up to its turn,
    or until the round ends."""
    out = [((), state)]
    frontier = [((), state)]
    for _ in range(depth):
        nxt = []
        for seq, st in frontier:
            if st.actor is None or st.actor == seat or st.street != state.street:
                continue
            nxt += [(seq + (m,), step(seq0 + seq, st, m)) for m in moves(st)]
        out += nxt
        frontier = nxt
    return out


@dataclass(frozen=True)
class Cand:
    table: int
    before: tuple[Action, ...]
    seat: int
    talk: tuple[Item, ...]
    later: tuple[Action, ...] = ()
    out_of_turn: bool = False
    rank: tuple = field(default=(), compare=False)
    ids: tuple = field(default=(), compare=False)  # (before, later, talk) interned, for distances

    def describe(self) -> str:
        who = f"p{self.seat + 1}"
        talk = ", then ".join(map(str, self.talk))
        where = "out of turn" if self.out_of_turn else "in turn"
        return f"{who} {where}: {talk}"


# ---------------------------------------------------------------- the solver


@dataclass
class Info:
    ruling: tuple  # (k, to, put, status, noraise, penalized); to is None unless a bet, raise or completion
    bits: int  # which clauses' conditions hold (bit i: D.CLAUSE_IDS[i])
    unique: bool | None = None
    dropped: dict = field(default_factory=dict)  # clause -> another ruling without it, or None

    def holds(self, clause: str) -> bool:
        return bool(self.bits >> D.CLAUSE_IDS.index(clause) & 1)


class _Solver:
    """The declaration clauses, each switched by an assumption literal; the facts as assumptions."""

    def __init__(self):
        v = self.v = D.V()
        self.s = z3.SimpleSolver()
        for c in D.domain(v):
            self.s.add(c)
        self.lit = {}
        for cid, body in D.clauses(v).items():
            self.lit[cid] = z3.Bool(f"use:{cid}")
            self.s.add(z3.Implies(self.lit[cid], body))
        conds = D.conditions(v)
        self.bits = z3.Sum([z3.If(conds[c], 2 ** i, 0) for i, c in enumerate(D.CLAUSE_IDS)])
        self.conds = conds
        self._eq: dict = {}
        self.all = list(self.lit.values())
        self.queries = 0

    def _facts(self, f: dict, skip: tuple[str, ...] = ()) -> list:
        out = []
        for name in D.INT_FACTS:
            if name in f.get("_free", ()) or name in skip:
                continue
            key = (name, int(f[name]))
            term = self._eq.get(key)
            if term is None:
                term = self._eq[key] = getattr(self.v, name) == key[1]
            out.append(term)
        for name in D.BOOL_FACTS:
            if name in skip:
                continue
            key = (name, bool(f[name]))
            term = self._eq.get(key)
            if term is None:
                var = getattr(self.v, name)
                term = self._eq[key] = var if key[1] else z3.Not(var)
            out.append(term)
        return out

    def _ruling(self, m) -> tuple:
        v = self.v
        k, to, put, st = (m.eval(x, model_completion=True).as_long() for x in (v.k, v.to, v.put, v.st))
        noraise, pen = (z3.is_true(m.eval(x, model_completion=True)) for x in (v.noraise, v.pen))
        return (k, to if k in AGGRESSIVE else None, put, st, noraise, pen)

    def _other(self, ruling: tuple, chips: bool = True):
        """Another ruling: another kind, status, raise bar, penalty or amount; with ``chips``, or
        another count of the chips that go toward it."""
        v = self.v
        k, to, put, st, noraise, pen = ruling
        parts = [v.k != k, v.st != st, v.noraise != noraise, v.pen != pen] + ([v.put != put] if chips else [])
        if k in AGGRESSIVE:
            parts.append(v.to != to)
        return z3.Or(*parts)

    def _check(self, assumptions) -> bool:
        """``Solver.check(*assumptions)`` without z3py's per-assumption sort check (all are Booleans
        built here), which is most of the cost of a query this small."""
        self.queries += 1
        array = (z3.Ast * len(assumptions))(*[a.as_ast() for a in assumptions])
        r = z3.CheckSatResult(z3.Z3_solver_check_assumptions(self.s.ctx.ref(), self.s.solver, len(assumptions), array))
        if r == z3.unknown:  # never read as a verdict either way
            raise SpecUnknown(f"solver unknown: {self.s.reason_unknown()}")
        return r == z3.sat

    def info(self, f: dict) -> Info | None:
        facts = self._facts(f)
        if not self._check(self.all + facts):
            return None
        m = self.s.model()
        return Info(self._ruling(m), m.eval(self.bits, model_completion=True).as_long())

    def unique(self, f: dict, info: Info) -> bool:
        if info.unique is None:
            info.unique = not self._check(self.all + self._facts(f) + [self._other(info.ruling)])
        return info.unique

    def without(self, f: dict, info: Info, clause: str) -> str | None:
        """Another ruling the spec admits on these facts without ``clause`` (in words), or None. The
        words do not depend on which model the solver happens to find: the first other kind of
        action it admits (in the order of the kind codes), else the first other status, else the
        other raise bar or penalty, else another amount."""
        if clause not in info.dropped:
            lits = [lit for cid, lit in self.lit.items() if cid != clause]
            base = lits + self._facts(f)
            info.dropped[clause] = None
            if self._check(base + [self._other(info.ruling, chips=False)]):
                v = self.v
                k, to, _put, st, noraise, pen = info.ruling
                tries = [(v.k == x, f"a ruling of {D.K_NAME[x]}") for x in sorted(D.K_NAME) if x != k]
                tries += [(v.st == x, f"the status {D.ST_NAME[x]}") for x in sorted(D.ST_NAME) if x != st]
                tries += [(v.noraise != noraise, "a raise barred" if not noraise else "a raise allowed"),
                          (v.pen != pen, "a penalty" if not pen else "no penalty"),
                          (v.to != (-1 if to is None else to), f"another amount than {to}")]
                info.dropped[clause] = next(text for term, text in tries if self._check(base + [term]))
        return info.dropped[clause]

    def possible(self, f: dict, clause: str) -> bool:
        """Can the clause's condition hold at this decision, whatever the talk? (the facts of the
        hand pinned, those of the talk free)"""
        return self._check(self.all + self._facts(f, TALK_FACTS) + [self.conds[clause]])

    def applicable(self, clause: str, rules) -> bool:
        """Can the clause's condition hold at all under these switch values? (An unsat answer is a proof.)"""
        v = self.v
        pins = [v.mc_raise == (rules["multiple-chips"] == "raise"),
                v.mm_ok == (rules["multi-motion-raise"] == "after-verbal-raise"),
                v.roberts == (rules["out-of-turn"] == "no-intervening-action"),
                v.fold_pen == (rules["fold-when-check"] == "penalized")]
        return self._check(self.all + pins + [self.conds[clause]])


@cache
def _solver() -> _Solver:
    return _Solver()


def ruling_text(r: tuple) -> str:
    k, to, _put, st, noraise, pen = r
    name = D.K_NAME[k]
    what = {"open": "call or fold", "discretion": "the TD's discretion (call or fold)",
            "refused": "refused"}.get(name, name)
    if k in AGGRESSIVE:
        what += f" to {to}" if to is not None and to >= 0 else " (amount open)"
    if D.ST_NAME[st] != "in-turn":
        what = f"{D.ST_NAME[st]} ({what})"
    if noraise:
        what += ", no raise"
    if pen:
        what += ", penalised"
    return what


# ---------------------------------------------------------------- one preset


def _distance(a: tuple, b: tuple) -> int:
    """Edit distance between two token sequences: changing one amount into another costs 1, any
    other substitution, insertion or deletion 2 (so "one chip fewer" is nearer than another word)."""
    prev = list(range(0, 2 * len(b) + 1, 2))
    for i, x in enumerate(a, 1):
        cur = [2 * i]
        for j, y in enumerate(b, 1):
            sub = 0 if x == y else 1 if isinstance(x, str) and isinstance(y, str) and x.isdigit() and y.isdigit() else 2
            cur.append(min(prev[j] + 2, cur[j - 1] + 2, prev[j - 1] + sub))
        prev = cur
    return prev[-1]


class _Search:
    def __init__(self, preset: str, stats: dict):
        self.preset = preset
        self.rules = PRESETS[preset]
        self.solver = _solver()
        self.stats = stats
        self._states: dict = {}
        self._cands: dict = {}
        self._facts: dict = {}
        self._dist: dict = {}
        self._accepted: dict = {}
        self._proxies: dict = {}
        self._intern: dict = {}
        self._buckets: dict = {}
        self._possible: dict = {}
        self._opened: dict = {}

    # -- states and candidates

    def state(self, t: int, seq: tuple[Action, ...]) -> HandState:
        key = (t, seq)
        st = self._states.get(key)
        if st is None:
            st = HandState(_table_scenario(t).game, self.rules)
            for a in seq:
                st.apply(a)
            self._states[key] = st
        return st

    def proxy(self, t: int, seq: tuple[Action, ...], seat: int) -> HandState:
        """The hand after ``seq`` as if ``seat`` were to act (what out-of-turn talk is judged on)."""
        key = (t, seq, seat)
        st = self._proxies.get(key)
        if st is None:
            st = self._proxies[key] = _copy(self.state(t, seq))
            st.actor = seat
            st._legal = None
        return st

    def step(self, t: int):
        def child(seq: tuple[Action, ...], st: HandState, action: Action) -> HandState:
            key = (t, seq + (action,))
            out = self._states.get(key)
            if out is None:
                out = self._states[key] = _copy(st)
                out.apply(action)
            return out
        return child

    def candidates(self, t: int) -> list[Cand]:
        if t in self._cands:
            return self._cands[t]
        step = self.step(t)
        out: list[Cand] = []
        talk_rank: dict = {}
        intern: dict = {}

        def intern_id(key) -> int:
            return intern.setdefault(key, len(intern))

        none = intern_id(("l", ()))
        for h, (seq, st) in enumerate(histories(self.state(t, ()), MAX_DEPTH, step)):
            seat = st.actor
            hid = intern_id(("h", seq))
            for talk in talks(st, seat, False):
                r = talk_rank.setdefault(talk, len(talk_rank))
                out.append(Cand(t, seq, seat, talk, rank=(len(seq), 0, r, h, seat, 0),
                                ids=(hid, none, intern_id(("t", talk, seat, False)))))
            if len(seq) > OOT_DEPTH:
                continue
            for seat in range(len(st.seats)):
                x = st.seats[seat]
                if seat == st.actor or x.folded or x.stack == 0:
                    continue
                after = [(later, intern_id(("l", later))) for later, _ in continuations(seq, st, seat, LATER_DEPTH, step)]
                for talk in talks(self.proxy(t, seq, seat), seat, True):
                    r = talk_rank.setdefault(talk, len(talk_rank))
                    tid = intern_id(("t", talk, seat, True))
                    for c, (later, lid) in enumerate(after):
                        out.append(Cand(t, seq, seat, talk, later, True,
                                        rank=(len(seq) + len(later), 1, r, h, seat, c), ids=(hid, lid, tid)))
        out.sort(key=lambda c: c.rank)
        self._cands[t] = out
        self._intern[t] = {v: k for k, v in intern.items()}
        return out

    def facts(self, c: Cand) -> dict:
        f = self._facts.get(c)
        if f is None:
            then = self.state(c.table, c.before)
            events = [item.event(c.seat, i) for i, item in enumerate(c.talk)]
            oot = None
            if c.out_of_turn:
                now = self.state(c.table, c.before + c.later)
                oot = D.OutOfTurn.since(c.seat, then.street, now, c.later)
                then = self.proxy(c.table, c.before, c.seat)
            f = self._facts[c] = D.facts(events, then, CHIPS, oot)
        return f

    def possible(self, c: Cand, clause: str) -> bool:
        group = (c.table, c.ids[0], c.ids[1], c.seat, c.out_of_turn, clause)
        ok = self._possible.get(group)
        if ok is None:
            f = self.facts(c)
            key = tuple(f[n] for n in HAND_FACTS) + (clause,)
            cache_ = self.stats.setdefault("_possible", {})
            if key not in cache_:
                cache_[key] = self.solver.possible(f, clause)
            ok = self._possible[group] = cache_[key]
        return ok

    def info(self, c: Cand) -> Info | None:
        f = self.facts(c)
        key = tuple(f[n] for n in D.INT_FACTS + D.BOOL_FACTS) + (f.get("_free", ()),)
        cache_ = self.stats.setdefault("_cache", {})
        if key not in cache_:
            self.stats["evaluated"] += 1
            cache_[key] = self.solver.info(f)
        return cache_[key]

    # -- the hand as PHH, asked through betlaw ask

    def question(self, c: Cand, clause: str) -> str:
        who = f"p{c.seat + 1}"
        if clause == "oot.roberts-restrictions":
            return f"can {who} still raise?"
        if c.out_of_turn:
            return f"what happens to {who}'s out-of-turn action?"
        return f"what is {who}'s action?"

    def phh(self, c: Cand) -> str:
        from betlaw.conformance.phh import dumps, history_actions, state_to_fields

        then = self.state(c.table, c.before)
        now = self.state(c.table, c.before + c.later)
        fields = state_to_fields(_table_scenario(c.table), now, self.preset)
        entries = fields["actions"]
        after = len(history_actions(then))
        if c.before and then.street != then.history_streets[-1]:  # the talk comes after the next deal
            while after < len(entries) and entries[after].startswith("d "):
                after += 1
        fields["_betlaw_chips"] = list(CHIPS)
        fields["_betlaw_events"] = [item.field(c.seat, after, not c.out_of_turn) for item in c.talk]
        return dumps(fields)

    def ask(self, c: Cand, clause: str, info: Info) -> tuple[str, str, str] | None:
        """(phh, question, answer) if the model (betlaw ask) rules as the spec does; else None."""
        from betlaw.conformance.ask import Answerer
        from betlaw.conformance.phh import read_text
        from betlaw.conformance.questions import parse
        from betlaw.conformance.scenario import ScenarioError
        from betlaw.conformance.talk_answers import judgement

        question = self.question(c, clause)
        key = (c, question)
        if key in self._accepted:
            return self._accepted[key]
        text = self.phh(c)
        result = None
        try:
            (_, scenario), = read_text(text, "witness")
            a = Answerer(scenario, scenario.rules(self.preset))
            answer = a.answer(parse(question))["answer"]
            ruling = judgement(a).latest(c.seat)
            k, to, put, st, noraise, pen = info.ruling
            binding = D.SpecBinding(D.K_NAME[k], to if to is None or to >= 0 else None, put, D.ST_NAME[st],
                                    noraise, pen)
            if ruling is not None and not D.disagreements([ruling], [(c.seat, binding, (), self.facts(c))]):
                result = (text, question, answer)
            else:
                self.stats["disagree"] += 1
        except (ScenarioError, ValueError):  # talk the model refuses to rule on is not a witness
            self.stats["refused"] += 1
        self._accepted[key] = result
        return result

    # -- the search

    def distance(self, a: Cand, b: Cand) -> int:
        """Edit distance (:func:`_distance`) over the actions before the talk, the talk (with who and
        whether in turn), and the actions after it."""
        names = self._intern[a.table]
        total = 0
        for x, y in zip(a.ids, b.ids):
            key = (a.table, x, y) if x <= y else (a.table, y, x)
            d = self._dist.get(key)
            if d is None:
                d = self._dist[key] = _distance(self._tokens_of(names[x]), self._tokens_of(names[y]))
            total += d
        return total

    @staticmethod
    def _tokens_of(name: tuple) -> tuple:
        if name[0] in ("h", "l"):
            return name[1]
        _, talk, seat, oot = name
        return sum((i.tokens() for i in talk), (f"p{seat + 1}", "out-of-turn" if oot else "in-turn"))

    def run(self, ids: list[str]) -> dict:
        cat = catalogue()
        found: dict = {}
        reasons: dict = {}
        need: dict[str, set] = {"reachable": set(), "decisive": set()}
        for c in ids:
            if not self.solver.applicable(c, self.rules):
                switches = ", ".join(f"{k}={self.rules.values[k]}" for k in cat[c].switches) or "its switches"
                reasons[c] = (f"never applies under {self.preset} ({switches}): the solver finds its condition "
                              f"unsatisfiable with these switch values")
                continue
            need["reachable"].add(c)
            if cat[c].never_decisive:
                reasons[(c, "decisive")] = f"never decisive on its own (catalogue): {cat[c].never_decisive}"
            else:
                need["decisive"].add(c)
        decisive_at: dict = {}
        # In-turn talk first (the out-of-turn clauses cannot hold there and are skipped at once), then
        # all talk: a clause of the in-turn layer is shown in turn when it can be.
        for in_turn_only in (True, False):
            for t in range(len(TABLES)):
                evaluated = 0
                for cand in self.candidates(t):
                    if not need["reachable"] and not need["decisive"]:
                        break
                    if evaluated >= BUDGET:
                        break
                    if in_turn_only and cand.out_of_turn:
                        continue
                    wanted = [c for c in ids if c in need["reachable"] or c in need["decisive"]]
                    if not any(self.possible(cand, c) for c in wanted):
                        continue  # no talk at this decision can meet a clause still without a witness
                    evaluated += 1
                    info = self.info(cand)
                    if info is None:
                        continue
                    for c in wanted:
                        if info.holds(c):
                            self.consider(cand, c, info, need, found, decisive_at)
        for c in ids:
            if c in decisive_at:
                got = self.negative(c, *decisive_at[c])
                if got:
                    found[(c, "negative")] = got
        return self.records(ids, found, reasons)

    def consider(self, cand: Cand, c: str, info: Info, need: dict, found: dict, decisive_at: dict) -> None:
        """A candidate where the condition of ``c`` holds: a reachable witness, and a decisive one if
        the ruling is unique with every clause and not without ``c``."""
        if c in need["reachable"] and self.solver.unique(self.facts(cand), info):
            got = self.ask(cand, c, info)
            if got:
                detail = (f"the condition of {c} holds ({cand.describe()}); every clause together rules "
                          f"{ruling_text(info.ruling)}")
                found[(c, "reachable")] = (*got, detail)
                need["reachable"].discard(c)
        if c in need["decisive"] and self.solver.unique(self.facts(cand), info):
            other = self.solver.without(self.facts(cand), info, c)
            if other is not None:
                got = self.ask(cand, c, info)
                if got:
                    detail = (f"with every clause the spec rules {ruling_text(info.ruling)} ({cand.describe()}); "
                              f"without {c} it also admits {other}")
                    found[(c, "decisive")] = (*got, detail)
                    decisive_at[c] = (cand, info, got[2])
                    need["decisive"].discard(c)

    def nearest(self, at: Cand):
        """The candidates of ``at``'s table by (edit distance to ``at``, search order), lazily: the
        candidates are bucketed by their actions, and a bucket is only sorted by talk when its
        distance in actions (a lower bound for all of it) comes up."""
        names = self._intern[at.table]
        parts: list[dict] = [{}, {}, {}]

        def part(i: int, x: int) -> int:
            d = parts[i].get(x)
            if d is None:
                y = at.ids[i]
                key = (at.table, x, y) if x <= y else (at.table, y, x)
                d = self._dist.get(key)
                if d is None:
                    d = self._dist[key] = _distance(self._tokens_of(names[x]), self._tokens_of(names[y]))
                parts[i][x] = d
            return d

        buckets = self._buckets.get(at.table)
        if buckets is None:
            buckets = self._buckets[at.table] = {}
            for c in self.candidates(at.table):
                buckets.setdefault(c.ids[:2], []).append(c)
        heap = [(part(0, h) + part(1, l), (-1,), n, None) for n, (h, l) in enumerate(buckets)]
        heapq.heapify(heap)
        keys = list(buckets)
        while heap:
            total, rank, n, pos = heapq.heappop(heap)
            if pos is None:  # open the bucket
                base = total
                members = sorted(buckets[keys[n]], key=lambda c: (part(2, c.ids[2]), c.rank))
                self._opened[(at, n)] = (base, members)
                pos = -1
            else:
                base, members = self._opened[(at, n)]
                yield members[pos]
            if pos + 1 < len(members):
                nxt = members[pos + 1]
                heapq.heappush(heap, (base + part(2, nxt.ids[2]), nxt.rank, n, pos + 1))

    def negative(self, clause: str, at: Cand, info_at: Info, answer_at: str):
        for cand in itertools.islice(self.nearest(at), NEGATIVE_BUDGET):
            info = self.info(cand)
            if info is None or info.holds(clause):
                continue
            if info.ruling[:2] + info.ruling[3:] == info_at.ruling[:2] + info_at.ruling[3:]:
                continue  # the same ruling (the chips counted aside)
            if not self.solver.unique(self.facts(cand), info):
                continue
            got = self.ask(cand, clause, info)
            if got and self.question(cand, clause) == self.question(at, clause) and got[2] == answer_at:
                continue  # the same answer to the same question: not a case on the other side
            if got:
                detail = (f"the nearest case to the decisive witness (distance {self.distance(cand, at)}: "
                          f"{cand.describe()}) where the condition of {clause} fails: the spec rules "
                          f"{ruling_text(info.ruling)}, not {ruling_text(info_at.ruling)}")
                return (*got, detail)
        return None

    def records(self, ids: list[str], found: dict, reasons: dict) -> list[dict]:
        out = []
        scope = (f"none within the searched scope ({'; '.join(t.label for t in TABLES)}; chips "
                 f"{', '.join(map(str, CHIPS))}; up to {MAX_DEPTH} actions before the talk, {LATER_DEPTH} after "
                 f"out-of-turn talk; {BUDGET} candidates per table)")
        for c in ids:
            for role in ROLES:
                base = {"clause": c, "kind": role, "rules": self.preset}
                got = found.get((c, role))
                if got is not None:
                    phh, question, answer, detail = got
                    out.append({**base, "phh": phh, "question": question, "answer": answer, "detail": detail})
                    continue
                if c in reasons:
                    why = reasons[c]
                elif role == "decisive" and (c, role) in reasons:
                    why = reasons[(c, role)]
                elif role == "negative" and (c, "decisive") not in found:
                    why = f"no decisive witness under {self.preset}, so no other side of its condition to show"
                elif role == "negative":
                    why = (f"no case near the decisive witness (the {NEGATIVE_BUDGET} nearest) where the condition "
                           f"fails and the ruling differs")
                else:
                    why = scope
                out.append({**base, "none": why})
        return out


# ---------------------------------------------------------------- entry point


def in_scope() -> list[str]:
    return [c.id for c in catalogue().values() if c.layer == "declaration"]


def compute(clause_ids: list[str] | None = None, presets: list[str] | None = None) -> list[dict]:
    """Every declaration witness, as records of the shape ``betlaw witness`` prints: ``{clause, kind,
    rules, phh, question, answer, detail}`` or ``{clause, kind, rules, none}``; sorted by catalogue
    order, preset order, then reachable, decisive, negative. Afterwards ``compute.stats`` holds the
    figures of the run: ``evaluated`` (distinct facts the solver ruled on), ``queries`` (solver
    queries), ``disagree`` (candidates skipped because the model ruled otherwise than the spec: 0
    expected) and ``refused`` (candidates the model refused to rule on)."""
    ids = [c for c in in_scope() if clause_ids is None or c in clause_ids]
    unknown = sorted(set(clause_ids or ()) - set(in_scope()))
    if unknown:
        raise ValueError(f"not a declaration clause: {', '.join(unknown)}")
    names = list(presets or PRESETS)
    stats = {"evaluated": 0, "disagree": 0, "refused": 0}
    queries = _solver().queries
    out = []
    for preset in PRESETS:
        if preset in names:
            out += _Search(preset, stats).run(ids)
    stats.pop("_cache", None)
    stats.pop("_possible", None)
    stats["queries"] = _solver().queries - queries
    compute.stats = stats  # type: ignore[attr-defined]
    order = {c: i for i, c in enumerate(catalogue())}
    out.sort(key=lambda r: (order[r["clause"]], list(PRESETS).index(r["rules"]), ROLES.index(r["kind"])))
    return out
