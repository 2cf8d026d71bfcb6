"""Witness hands for every clause of the specification (issue 5): ``betlaw witness``.

For every legality/state clause the spec encodes, under every preset, three witnesses:

* ``reachable``: a legal hand from the start (forced bets posted) reaching a state and an action
  where the clause is *at work*: the other clauses admit an assignment that breaks this clause's
  constraint (``sat(others, not body_c)``), so the clause restricts or defines something there;
* ``decisive``: a reachable state and action where this clause and no other decides the verdict:
  with every clause the action is illegal, with every clause but this one it is legal (the
  selectable engine: each clause holds only when its literal is assumed). For clauses with a
  state part the successor counts too: with every clause the successor is unique, without this
  one it can differ (``detail`` says "successor");
* ``negative``: the nearest reachable (state, action) to the decisive one where the verdict is the
  other one (legal): the same action with the amount moved by the least, else the same action kind
  at the reachable state closest to the decisive one (edit distance of the action sequences).

HOW (honestly): this is the *hybrid* search the brief allows, not a symbolic unrolling. Hands are
enumerated concretely with the model (breadth-first, so the fewest actions first, over small
tables: 2 then 3 seats, blinds 1/2, stacks 20 with short-stack, ante, straddle and dead-post
variants, and 2-3 seat stud), each reached state is checked against the spec (every probe action's
verdict is the solver's; a probe where the model disagrees with the spec is skipped and counted),
and every clause question (at work / decisive / flip) is a solver query over the spec's one-step
relation (``_Engine(with_post=True, selectable=True)``) pinned to that state and action. The first
hit in (seats, actions, amount) order is kept, so the result is deterministic. A clause with no
witness in that scope gets ``none`` with the reason.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import z3

from betlaw.model.actions import Action, Kind
from betlaw.model.game import Game, Opening, Street, Structure
from betlaw.model.state import HandState

from . import clauses as C
from .catalogue import catalogue
from .rulesets import PRESETS
from .solver import SpecOracle, _Engine

ROLES = ("reachable", "decisive", "negative")
CACHE = Path(__file__).with_name("witnesses.json")
MAX_DEPTH = 6  # actions per hand
MAX_STATES = 70  # distinct states per table
BUDGET = 60  # solver tests per clause, role and preset before the search gives up on it
_MAX_LITERALS = 600


# ---------------------------------------------------------------- the tables searched

def _holdem(structure: Structure, stacks, blinds, antes=None, dead=None) -> Game:
    n = len(stacks)
    names = ("pre-flop", "flop", "turn", "river")
    if structure is Structure.FIXED_LIMIT:
        streets = tuple(Street(x, Opening.BLINDS if i == 0 else Opening.POSITION, 2 if i < 2 else 4)
                        for i, x in enumerate(names))
        code = "FT"
    elif structure is Structure.SPREAD_LIMIT:
        streets = tuple(Street(x, Opening.BLINDS if i == 0 else Opening.POSITION, 2 if i < 2 else 4,
                               (2, 6) if i < 2 else (4, 12)) for i, x in enumerate(names))
        code = "NT"
    else:
        streets = tuple(Street(x, Opening.BLINDS if i == 0 else Opening.POSITION, 2) for i, x in enumerate(names))
        code = "PO" if structure is Structure.POT_LIMIT else "NT"
    return Game(structure, streets, tuple(stacks), tuple(antes or (0,) * n), tuple(blinds),
                dead_posts=tuple(dead) if dead else (), variant=code)


def _stud(stacks, bring_in_seat=0) -> Game:
    n = len(stacks)
    names = ("third street", "fourth street", "fifth street", "sixth street", "seventh street")
    streets = tuple(Street(x, Opening.BRING_IN if i == 0 else Opening.SHOWING, 2 if i < 2 else 4)
                    for i, x in enumerate(names))
    return Game(Structure.FIXED_LIMIT, streets, tuple(stacks), (1,) * n, (0,) * n, bring_in=1,
                bring_in_seat=bring_in_seat, first_actors=(None,) + (0,) * 4, variant="F7S", stud=True)


def games() -> list[tuple[str, Game]]:
    """The tables, fewest seats first (the order is part of the determinism)."""
    out = []
    for st in (Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT):
        out += [
            (str(st), _holdem(st, (20, 20), (2, 1))),
            (str(st), _holdem(st, (20, 5), (2, 1))),
            (str(st), _holdem(st, (3, 20), (2, 1))),
            (str(st), _holdem(st, (1, 20), (2, 1))),
            (str(st), _holdem(st, (20, 20, 20), (1, 2, 0))),
            (str(st), _holdem(st, (20, 20, 5), (1, 2, 0))),
            (str(st), _holdem(st, (20, 20, 3), (1, 2, 0))),
            (str(st), _holdem(st, (20, 1, 20), (1, 2, 0))),
            (str(st), _holdem(st, (20, 20, 20), (1, 2, 0), antes=(1, 1, 1))),
            (str(st), _holdem(st, (20, 20, 20), (1, 2, 4))),
            (str(st), _holdem(st, (20, 20, 20), (1, 2, 0), dead=(0, 0, 1))),
        ]
    out += [("stud", _stud((20, 20))), ("stud", _stud((20, 3))), ("stud", _stud((2, 20))),
            ("stud", _stud((20, 20, 20))), ("stud", _stud((20, 20, 3), 1))]
    out.sort(key=lambda x: x[1].seats)  # stable: structure order within a seat count
    return out


def _applies(clause, kind: str) -> bool:
    structure = "fixed-limit" if kind == "stud" else kind
    return structure in clause.structures


# ---------------------------------------------------------------- the solver side

class _Checker:
    """The spec's one-step relation with every clause switchable, plus a negation literal per clause."""

    def __init__(self, n: int):
        self.n = n
        self._build()

    def _build(self):
        eng = _Engine(self.n, True, False, None, None, selectable=True)
        ctx = C.Ctx(eng.s, eng.a, eng.t, eng.p, eng.settled)
        self.neg = {}
        for cid, body in C.build(ctx, True).items():
            lit = z3.Bool(f"not:{cid}")
            eng.solver.add(z3.Implies(lit, z3.Not(body)))
            self.neg[cid] = lit
        t = eng.t
        self.observed = [t.actor, t.over, t.call, t.flevel, t.fraise, t.fseq, t.rcount, t.minto, t.capped,
                         t.fopened] + [x.stack for x in t.seats] + [x.bet for x in t.seats] + \
                        [x.folded for x in t.seats] + list(eng.settled)
        self.eng = eng
        self.order = list(eng.trackers)
        self.oracles: dict = {}

    def oracle(self, state) -> SpecOracle:
        key = (id(state.game), state.rules.name)
        o = self.oracles.get(key)
        if o is None:
            o = self.oracles[key] = SpecOracle(state.rules, state.game)
        return o

    def base(self, state, action) -> list:
        if self.eng.size > _MAX_LITERALS:
            oracles = self.oracles
            self._build()
            self.oracles = oracles
            for o in oracles.values():
                o._params_cache.clear()
        o = self.oracle(state)
        return o._facts(self.eng, state) + o._action_lits(self.eng, action)

    def check(self, lits) -> bool:
        return self.eng.check(lits) == z3.sat

    def trackers(self, but: str | None = None) -> list:
        return [b for cid, b in self.eng.trackers.items() if cid != but]

    def core_clauses(self) -> list[str]:
        names = {b.get_id(): cid for cid, b in self.eng.trackers.items()}
        return sorted({names[x.get_id()] for x in self.eng.solver.unsat_core() if x.get_id() in names},
                      key=self.order.index)

    def successor_values(self):
        m = self.eng.solver.model()
        return [m.eval(x, model_completion=True) for x in self.observed]

    def differs(self, values):
        return z3.Or(*[x != v for x, v in zip(self.observed, values)])


# ---------------------------------------------------------------- probes

QUESTION_VERB = {Kind.FOLD: "fold", Kind.CHECK: "check", Kind.CALL: "call", Kind.BET: "bet", Kind.RAISE: "raise",
                 Kind.COMPLETE: "complete", Kind.BRING_IN: "bring in"}


def question_of(action: Action) -> str:
    amount = f" to {action.to}" if action.to is not None else ""
    return f"can p{action.seat + 1} {QUESTION_VERB[action.kind]}{amount}?"


def probes(state: HandState) -> list[Action]:
    """Boundary actions for the actor (and one out-of-turn call), legal or not."""
    L = state.options()
    a = state.actor
    if a is None:
        return []
    out = [Action(a, Kind.FOLD), Action(a, Kind.CHECK), Action(a, Kind.CALL)]
    aggressive = Kind.BET if state.call_level == 0 else Kind.RAISE
    other = Kind.RAISE if aggressive is Kind.BET else Kind.BET
    if L.bet_or_raise:
        lo, hi = L.bet_or_raise
        kind = Kind.BET if L.is_bet else Kind.RAISE
        amounts = sorted({lo, hi, lo - 1, hi + 1} - {0})
        out += [Action(a, kind, x) for x in amounts if x > state.call_level]
        out.append(Action(a, other, lo))
    else:
        guess = state.min_raise_to if state.min_raise_to > state.call_level else state.call_level + 2
        out += [Action(a, aggressive, guess), Action(a, other, guess)]
    if L.complete_to is not None:
        out += [Action(a, Kind.COMPLETE, L.complete_to), Action(a, Kind.COMPLETE, L.complete_to + 1)]
    elif state.game.structure is Structure.FIXED_LIMIT:
        out.append(Action(a, Kind.COMPLETE, state.full_level + state.game.streets[state.street].bet_size))
    if state.game.stud:
        out.append(Action(a, Kind.BRING_IN))
    other_seat = next((i for k in range(1, state.game.seats) for i in [(a + k) % state.game.seats]
                       if not state.seats[i].folded), None)
    if other_seat is not None:
        out.append(Action(other_seat, Kind.CALL if state.owed(other_seat) else Kind.CHECK))
    seen, uniq = set(), []
    for x in out:
        if x not in seen:
            seen.add(x)
            uniq.append(x)
    return uniq


def moves(state: HandState) -> list[Action]:
    """The legal actions the search expands: fold, check, call, the smallest and largest bet or raise, complete, bring-in."""
    L = state.options()
    a = state.actor
    if a is None or state.hand_over:
        return []
    out = []
    if L.bring_in is not None:
        out.append(Action(a, Kind.BRING_IN))
    if L.check:
        out.append(Action(a, Kind.CHECK))
    if L.call is not None:
        out.append(Action(a, Kind.CALL))
    if L.bet_or_raise:
        lo, hi = L.bet_or_raise
        kind = Kind.BET if L.is_bet else Kind.RAISE
        out += [Action(a, kind, lo)] + ([Action(a, kind, hi)] if hi != lo else [])
    if L.complete_to is not None:
        out.append(Action(a, Kind.COMPLETE, L.complete_to))
    if L.fold and not L.check:
        out.append(Action(a, Kind.FOLD))
    return out


def _signature(state: HandState) -> tuple:
    return (state.street, state.actor, state.hand_over, state.call_level, state.full_level, state.full_raise,
            state.full_seq, state.raises_counted, state.capped_multiway, state.full_opened, state.min_raise_to,
            state.bring_in_pending,
            tuple((s.stack, s.bet, s.folded, s.acted, s.checked, s.level_at_action, s.full_seq_at_action)
                  for s in state.seats))


def explore(game: Game, rules):
    """Reachable decision states, breadth-first: (actions, state)."""
    start = HandState(game, rules)
    frontier = [((), start)]
    seen = {_signature(start)}
    out = []
    while frontier and len(out) < MAX_STATES:
        nxt = []
        for seq, st in frontier:
            if st.actor is None:
                continue
            out.append((seq, st))
            if len(out) >= MAX_STATES or len(seq) >= MAX_DEPTH:
                continue
            for m in moves(st):
                child = st.copy()
                child.apply(m)
                sig = _signature(child)
                if sig in seen:
                    continue
                seen.add(sig)
                nxt.append((seq + (m,), child))
        frontier = nxt
    return out


# ---------------------------------------------------------------- the search

@dataclass
class Found:
    clause: str
    role: str
    preset: str
    game: Game
    actions: tuple  # the hand, legal
    probe: Action | None  # the action asked about (None: a question about the state after the hand)
    question: str
    answer: str
    detail: str
    key: tuple


def _key(game, seq, probe) -> tuple:
    amounts = sum((a.to or 0) for a in seq) + ((probe.to or 0) if probe else 0)
    return (game.seats, len(seq), sum(game.starting_stacks), amounts)


def search(preset: str, clause_ids: list[str], checkers: dict, stats: dict) -> dict:
    rules = PRESETS[preset]
    cat = catalogue()
    best: dict = {}  # (clause, role) -> Found
    spent: dict = {}  # (clause, "r"|"d") -> solver tests so far
    decisive_ctx: dict = {}  # clause -> (states, index, probe) for the negative search
    for kind, game in games():
        wanted = [c for c in clause_ids if _applies(cat[c], kind)]
        if not wanted:
            continue
        chk = checkers.setdefault(game.seats, _Checker(game.seats))
        states = explore(game, rules)
        for idx, (seq, st) in enumerate(states):
            need_r = [c for c in wanted if (c, "reachable") not in best and spent.get((c, "r"), 0) < BUDGET]
            need_d = [c for c in wanted if (c, "decisive") not in best and spent.get((c, "d"), 0) < BUDGET]
            if not need_r and not need_d:
                continue
            for probe in probes(st):
                need_r = [c for c in need_r if (c, "reachable") not in best]
                need_d = [c for c in need_d if (c, "decisive") not in best]
                if not need_r and not need_d:
                    break
                model_ok = st.can(probe)
                base = chk.base(st, probe)
                legal = chk.check(base + chk.trackers())
                stats["queries"] += 1
                if legal != model_ok:
                    stats["disagree"] += 1
                    continue
                answer = "yes" if legal else "no"
                key = _key(game, seq, probe)
                values = chk.successor_values() if legal else None
                core = [] if legal else chk.core_clauses()
                for c in need_d:
                    hit = None
                    if not legal and c in core:
                        spent[(c, "d")] = spent.get((c, "d"), 0) + 1
                        stats["queries"] += 1
                        if chk.check(base + chk.trackers(but=c)):
                            hit = (probe, question_of(probe), answer, "verdict: illegal with every clause, "
                                   "legal without this one")
                    elif legal and c in POST:
                        spent[(c, "d")] = spent.get((c, "d"), 0) + 1
                        stats["queries"] += 2
                        if chk.check(base + chk.trackers(but=c) + [chk.differs(values)]) and \
                                not chk.check(base + chk.trackers() + [chk.differs(values)]):
                            hit = _successor_hit(st, probe)
                    if hit:
                        best[(c, "decisive")] = Found(c, "decisive", preset, game, seq, *hit, key)
                        decisive_ctx[c] = (states, idx, probe, chk, game)
                for c in need_r:
                    spent[(c, "r")] = spent.get((c, "r"), 0) + 1
                    stats["queries"] += 1
                    if chk.check(base + chk.trackers(but=c) + [chk.neg[c]]):
                        best[(c, "reachable")] = Found(c, "reachable", preset, game, seq, probe, question_of(probe),
                                                       answer, "at work: the other clauses allow breaking it here", key)
        # negatives are searched after each game for the decisive witnesses found in it
        for c, (states, idx, probe, chk2, g) in list(decisive_ctx.items()):
            if g is game and (c, "negative") not in best:
                neg = _negative(c, states, idx, probe, chk2, stats, preset, game)
                if neg:
                    best[(c, "negative")] = neg
    return best


def _post_clauses() -> set:
    eng = _Engine(2, True, False, None, None)
    ctx = C.Ctx(eng.s, eng.a, eng.t, eng.p, eng.settled)
    return {cid for cid, fn in C.CLAUSES.items() if fn(ctx).post}


POST = _post_clauses()


def _successor_hit(st: HandState, probe: Action):
    """A state clause decides the successor: ask about the state after the probe action."""
    after = st.copy()
    after.apply(probe)
    if after.actor is None:
        return None
    return (probe, f"what can p{after.actor + 1} do?", None,
            "successor: unique with every clause, not unique without this one")


def _negative(c, states, idx, probe, chk, stats, preset, game):
    seq0, st0 = states[idx]

    def legal_at(st, action):
        if not st.can(action):
            return False
        stats["queries"] += 1
        return chk.check(chk.base(st, action) + chk.trackers())

    if probe.to is not None:
        for d in range(1, 13):
            for to in (probe.to + d, probe.to - d):
                if to <= 0:
                    continue
                alt = Action(probe.seat, probe.kind, to)
                if legal_at(st0, alt):
                    return Found(c, "negative", preset, game, seq0, alt, question_of(alt), "yes",
                                 f"the amount moved by {to - probe.to}: legal", _key(game, seq0, alt))

    def distance(seq):
        common = 0
        for a, b in zip(seq, seq0):
            if a != b:
                break
            common += 1
        return (len(seq) + len(seq0) - 2 * common, len(seq))

    order = sorted(range(len(states)), key=lambda i: distance(states[i][0]))
    for i in order[:80]:
        seq, st = states[i]
        if st.actor is None or i == idx:
            continue
        seat = st.actor if probe.seat == st0.actor else probe.seat
        to = probe.to
        if to is not None:
            L = st.options()
            if probe.kind in (Kind.BET, Kind.RAISE) and L.bet_or_raise:
                to = L.bet_or_raise[0] if probe.to < L.bet_or_raise[0] or not st0.options().bet_or_raise \
                    else min(L.bet_or_raise[1], probe.to)
            elif probe.kind is Kind.COMPLETE and L.complete_to is not None:
                to = L.complete_to
        alt = Action(seat, probe.kind, to)
        if legal_at(st, alt):
            return Found(c, "negative", preset, game, seq, alt, question_of(alt), "yes",
                         f"the same action at the nearest state (edit distance {distance(seq)[0]}): legal",
                         _key(game, seq, alt))
    return None


# ---------------------------------------------------------------- output

def _phh(found: Found, with_probe: bool) -> tuple[str, object]:
    from betlaw.conformance.phh import dumps, state_to_fields
    from betlaw.conformance.scenario import Scenario

    st = HandState(found.game, PRESETS[found.preset])
    for a in found.actions:
        st.apply(a)
    if with_probe:
        st.apply(found.probe)
    fields = state_to_fields(Scenario(game=found.game, events=[], fields={}), st, found.preset)
    return dumps(fields), st


def ask(phh: str, preset: str, question: str) -> dict:
    """What ``betlaw ask`` answers (the model), for a witness."""
    from betlaw.conformance.ask import Answerer
    from betlaw.conformance.phh import read_text
    from betlaw.conformance.questions import parse

    (_, scenario), = read_text(phh, "witness")
    return Answerer(scenario, scenario.rules(preset)).answer(parse(question))


def _record(found: Found) -> dict:
    successor = found.answer is None
    text, _ = _phh(found, successor)
    answer = found.answer
    if successor:  # the model's answer about the state the clause decides
        answer = ask(text, found.preset, found.question)["answer"]
    return {"clause": found.clause, "kind": found.role, "rules": found.preset, "phh": text,
            "question": found.question, "answer": answer, "detail": found.detail}


def _none_reason(clause, role, preset, best) -> str:
    cl = catalogue()[clause]
    switches = ", ".join(f"{k}={PRESETS[preset].values.get(k)}" for k in cl.switches)
    where = f" under {preset}" + (f" ({switches})" if switches else "")
    if role == "negative" and (clause, "decisive") not in best:
        return f"no decisive witness{where}, so no other side of a threshold to show"
    if role == "decisive" and cl.never_decisive:
        return f"never decisive on its own (catalogue): {cl.never_decisive}"
    scope = (f"none within the searched scope (2-3 seats, blinds 1/2, stacks up to 20, up to {MAX_DEPTH} "
             f"actions, {MAX_STATES} states per table)")
    if role == "negative":
        return f"no legal action near the decisive one{where}; {scope}"
    if role == "decisive":
        return (f"no state and action{where} where this clause alone decides the verdict or the successor; "
                f"{scope}")
    return f"no reachable state{where} where the clause is at work; {scope}"


def _compute_preset(args) -> tuple[list[dict], dict]:
    preset, ids = args
    stats = {"queries": 0, "disagree": 0}
    best = search(preset, ids, {}, stats)
    out = []
    for c in ids:
        for role in ROLES:
            f = best.get((c, role))
            if f is None:
                out.append({"clause": c, "kind": role, "rules": preset, "none": _none_reason(c, role, preset, best)})
            else:
                out.append(_record(f))
    return out, stats


def compute(clause_ids: list[str] | None = None, presets: list[str] | None = None, jobs: int = 2) -> list[dict]:
    """Every witness (deterministic: each preset is searched on its own, in a fixed order)."""
    cat = catalogue()
    ids = clause_ids or in_scope()
    tasks = [(p, ids) for p in (presets or list(PRESETS))]
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(min(jobs, len(tasks))) as pool:
            results = pool.map(_compute_preset, tasks, chunksize=1)
    else:
        results = [_compute_preset(t) for t in tasks]
    out = [r for rs, _ in results for r in rs]
    compute.stats = {k: sum(st[k] for _, st in results) for k in ("queries", "disagree")}  # type: ignore[attr-defined]
    order = {c: i for i, c in enumerate(cat)}
    out.sort(key=lambda r: (order[r["clause"]], list(PRESETS).index(r["rules"]), ROLES.index(r["kind"])))
    return out


def in_scope() -> list[str]:
    return [c.id for c in catalogue().values() if c.layer in ("legality", "state") and c.spec == "encoded"]


def load(path: Path = CACHE) -> list[dict]:
    return json.loads(path.read_text("utf-8"))["witnesses"]


def dumps_cache(records: list[dict]) -> str:
    return json.dumps({"generator": "betlaw witness --all", "witnesses": records}, indent=1, ensure_ascii=False,
                      sort_keys=True) + "\n"


@dataclass
class VectorWitness:
    clause: str
    role: str
    game: Game
    rules: object
    preset: str
    actions: list


def vector_witnesses() -> list[VectorWitness]:
    """The cached witnesses in the shape conformance.vectors.witness_vectors() expects (see the report:
    it is not named ``witnesses`` yet, so the checked-in conformance suite stays as it is)."""
    from betlaw.conformance.phh import read_text
    from betlaw.conformance.scenario import play

    out = []
    for r in load():
        if "none" in r:
            continue
        (_, scenario), = read_text(r["phh"], "witness")
        rules = scenario.rules(r["rules"])
        out.append(VectorWitness(r["clause"], r["kind"], scenario.game, rules, r["rules"],
                                 list(play(scenario, rules).state.history)))
    return out


def _print(records: list[dict]) -> None:
    for r in records:
        print(f"== {r['clause']} [{r['kind']}] rules={r['rules']}")
        if "none" in r:
            print(f"   none: {r['none']}\n")
            continue
        print(r["phh"].rstrip())
        print(f"# {r['question']} -> {r['answer']}   ({r['detail']})\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="betlaw witness", description="solver-found witness hands for every clause")
    ap.add_argument("clauses", nargs="*", metavar="CLAUSE")
    ap.add_argument("--rules", choices=list(PRESETS))
    ap.add_argument("--kind", choices=ROLES)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--all", action="store_true", help="every clause under every preset")
    ap.add_argument("--out", help="with --all: write PHH files and manifest.json here")
    ap.add_argument("--cache", action="store_true", help="read spec/witnesses.json instead of searching")
    ap.add_argument("--write-cache", action="store_true", help="with --all: also rewrite spec/witnesses.json")
    args = ap.parse_args(argv)
    unknown = [c for c in args.clauses if c not in in_scope()]
    if unknown:
        print(f"betlaw: error: not an encoded legality/state clause: {', '.join(unknown)}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    if args.cache:
        records = [r for r in load() if (not args.clauses or r["clause"] in args.clauses)
                   and (not args.rules or r["rules"] == args.rules)]
    else:
        records = compute(None if args.all else (args.clauses or None), None if args.all or not args.rules
                          else [args.rules])
    elapsed = time.perf_counter() - started
    if args.kind:
        records = [r for r in records if r["kind"] == args.kind]
    if args.all and args.write_cache:
        CACHE.write_text(dumps_cache(records), encoding="utf-8")
    if args.out:
        write_dir(records, Path(args.out))
    if args.json:
        print(json.dumps(records, indent=1, ensure_ascii=False))
    elif not args.out:
        _print(records)
    stats = getattr(compute, "stats", {})
    print(f"betlaw witness: {sum('none' not in r for r in records)} witnesses, "
          f"{sum('none' in r for r in records)} none, {elapsed:.1f} s"
          + (f", {stats['queries']} solver queries, {stats['disagree']} probes skipped (model != spec)"
             if stats and not args.cache else ""), file=sys.stderr)
    return 0


def write_dir(records: list[dict], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    manifest = []
    for r in records:
        entry = {k: r[k] for k in ("clause", "kind", "rules")}
        if "none" in r:
            entry["none"] = r["none"]
        else:
            name = f"{r['clause']}.{r['kind']}.{r['rules']}.phh"
            (out / name).write_text(r["phh"], encoding="utf-8")
            entry.update(file=name, question=r["question"], answer=r["answer"])
        manifest.append(entry)
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
