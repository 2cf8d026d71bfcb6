"""Exhaustive small scopes: the model and the spec compared at every reachable state.

For a seat count, a rule set and a betting structure, every action sequence of the first
betting round (blinds posted; in the full scope also the round after it) is played to its end
from a few small stack configurations chosen so that short blinds, all-ins and short all-in
raises happen. The amount space is cut down to its boundary values at each decision: for a bet
or raise the minimum and the maximum, one chip below the minimum and one above the maximum
(illegal probes), the all-in amount, and in limit games the half-bet threshold (TDA 47-B) and
one chip below it. At every distinct state (deduplicated on the model's state fields) the
model and the solver must give the same legal actions with amounts, the same verdict for every
candidate action and probe, and the same successor state for every legal action.

    betlaw explore [--seats 2-4] [--rules NAME|all] [--scope ci|full] [--json]

Exit status 1 when a disagreement is found.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from contextlib import nullcontext
from dataclasses import astuple

from betlaw.model.actions import Action, Kind
from betlaw.model.errors import IllegalAction
from betlaw.model.game import Game, Opening, Street, Structure
from betlaw.model.state import HandState
from betlaw.spec.claims import step_claim
from betlaw.spec.errors import ignore_interrupts
from betlaw.spec.rulesets import PRESETS, RuleError

BB, SB = 4, 2  # the blinds of every table (small numbers keep the amounts and the solver small)
STRUCTURES = ("no-limit", "pot-limit", "fixed-limit", "spread-limit", "stud", "stud-open-pair", "stud-spread")
RLIMIT = 5_000_000
MAX_REPORTED = 10  # disagreements described per scope

# Per scope and seat count: the deep stack, then the stack configurations: () is everyone deep,
# (seat, stack) one short stack, a tuple of them several; a later round is entered from its first
# `later` openings per configuration. With the blinds at 2/4 and a full raise of 4,
# the short stacks post a blind short (1, 3), raise all-in by less than half a bet (5), exactly
# half (6), more than half (7), a full bet (8); (10, 12) and (6, 8) make two successive short
# all-ins that add up to a full raise (cumulative reopening). Heads-up, seat 0 is the big blind
# and seat 1 acts first; three-handed and more, the last seat acts first.
SCOPES = {
    "ci": {"streets": 1, "later": 0, "structures": STRUCTURES[:4], "stacks": {
        2: (16, [(), (0, 3), (1, 6)]),
        3: (10, [(2, 6)]),
        4: (12, [(3, 6)]),
    }},
    "full": {"streets": 2, "later": 2, "structures": STRUCTURES, "stacks": {
        2: (20, [()] + [(seat, short) for short in (1, 3, 5, 6, 7, 8) for seat in (0, 1)]),
        3: (12, [(), (0, 1), (1, 3), (2, 5), (2, 6), (2, 7), ((0, 10), (1, 12)), ((0, 6), (1, 8))]),
        4: (10, [(), (3, 6)]),
    }},
}


def table(structure: str, stacks: tuple[int, ...]) -> Game:
    """A hold'em-style table with blinds 2/4 (heads-up: seat 0 is the big blind), or stud."""
    n = len(stacks)
    if structure.startswith("stud"):  # bring-in 1 by the last seat, antes 1, small bet 4; seat 0 opens later
        if structure == "stud-open-pair":  # three big bets deeper: the stacks run out on fourth street instead
            stacks = tuple(x + 3 * 2 * BB for x in stacks)
        # spread-limit stud: a 1-8 spread, whose low end the bring-in is (a full bet, stud.bring-in)
        spread = (1, 2 * BB) if structure == "stud-spread" else None
        streets = tuple(Street(name, Opening.BRING_IN if i == 0 else Opening.SHOWING,
                               spread[0] if spread else BB if i < 2 else 2 * BB, spread=spread)
                        for i, name in enumerate(("third", "fourth", "fifth", "sixth", "seventh")))
        # a seat all-in for the ante cannot bring in: the bring-in passes to the next one back
        bring_in_seat = next((i for i in reversed(range(n)) if stacks[i] > 1), None)
        kind = Structure.SPREAD_LIMIT if spread else Structure.FIXED_LIMIT
        return Game(kind, streets, stacks, (1,) * n, (0,) * n, bring_in=1,
                    bring_in_seat=bring_in_seat, first_actors=(None, 0, 0, 0, 0), stud=True,
                    open_pair=structure == "stud-open-pair")  # stud.open-pair on fourth street
    blinds = [0] * n
    if n == 2:
        blinds[0], blinds[1] = BB, SB
    else:
        blinds[0], blinds[1] = SB, BB
    kind = Structure(structure)
    spread = (BB, 3 * BB) if kind is Structure.SPREAD_LIMIT else None
    # four rounds, as in hold'em (the number of rounds matters: Robert's caps two-round games higher)
    streets = tuple(Street(name, Opening.BLINDS if i == 0 else Opening.POSITION, BB if i < 2 else 2 * BB,
                           spread=spread) for i, name in enumerate(("pre-flop", "flop", "turn", "river")))
    return Game(kind, streets, stacks, (0,) * n, tuple(blinds))


def stack_sets(n: int, scope: str) -> list[tuple[int, ...]]:
    """The stack configurations of the scope for ``n`` seats."""
    deep, placements = SCOPES[scope]["stacks"][n]
    out = []
    for place in placements:
        stacks = [deep] * n
        for seat, short in (place if not place or isinstance(place[0], tuple) else (place,)):
            stacks[seat] = short
        out.append(tuple(stacks))
    return out


def state_key(state: HandState) -> tuple:
    """Everything the model's future depends on (not the history)."""
    skip = {"history", "history_streets", "penalties", "_legal", "_legal_explained", "game", "rules", "seats"}
    fields = tuple(sorted((k, v) for k, v in vars(state).items() if k not in skip))
    return (state.game.starting_stacks, fields, tuple(astuple(s) for s in state.seats))


def model_options(state: HandState) -> dict:
    la = state.options()
    return {"fold": la.fold, "fold_penalized": la.fold_penalized, "check": la.check, "call": la.call,
            "bet_or_raise": la.bet_or_raise, "amounts": la.amounts, "is_bet": la.is_bet and bool(la.bet_or_raise),
            "complete_to": la.complete_to, "complete_amounts": la.complete_amounts, "bring_in": la.bring_in}


def candidates(state: HandState) -> list[Action]:
    """The actor's actions over the boundary amount domain, legal or not, and an out-of-turn probe."""
    seat, la = state.actor, state.options()
    s = state.seats[seat]
    all_in = s.stack + s.bet
    out = [Action(seat, k) for k in (Kind.FOLD, Kind.CHECK, Kind.CALL)]
    if state.game.stud:
        out.append(Action(seat, Kind.BRING_IN))
    if la.bet_or_raise:
        lo, hi = la.bet_or_raise
        kind, wrong = (Kind.BET, Kind.RAISE) if la.is_bet else (Kind.RAISE, Kind.BET)
        amounts = {lo - 1, lo, hi, hi + 1, all_in} | ({lo + 1, hi - 1} if la.amounts else set())
        out.append(Action(seat, wrong, lo))
    else:  # raising is closed (not reopened, capped, covered): probe it anyway
        kind = Kind.BET if state.call_level == 0 else Kind.RAISE
        amounts = {max(state.call_level + 1, min(all_in, state.min_raise_to)), state.min_raise_to, all_in}
    if state.game.structure.is_limit:  # TDA 47-B: an all-in of half a bet or more
        for size in {state.game.streets[state.street].bet_size, state.full_raise}:  # the big bet made (stud.open-pair)
            half = state.call_level + (size + 1) // 2
            amounts |= {half - 1, half}
    out += [Action(seat, kind, to) for to in sorted(amounts) if to > 0]
    if la.complete_to is not None:  # each completion (stud.open-pair: two) and its neighbours
        out += [Action(seat, Kind.COMPLETE, to) for to in
                sorted({x + d for x in la.completion_targets for d in (-1, 0, 1)})]
    out.append(Action((seat + 1) % state.game.seats, Kind.CALL))
    return out


class Explorer:
    """One scope: a seat count, a rule set, a structure; every stack configuration of it."""

    def __init__(self, n: int, rules, structure: str, scope: str):
        from betlaw.spec.solver import SpecOracle

        self.n, self.rules, self.structure, self.scope = n, rules, structure, scope
        self.streets, self.later = SCOPES[scope]["streets"], SCOPES[scope]["later"]
        self.oracle_for = lambda game: SpecOracle(rules, game, rlimit=RLIMIT)
        self.states = self.actions = self.successors = self.terminals = 0
        self.disagreements: list[dict] = []
        self.found = 0
        self.refusals: Counter = Counter()  # the model's reason codes for the probes it refused

    def disagree(self, state: HandState, what: str) -> None:
        self.found += 1
        if len(self.disagreements) < MAX_REPORTED:
            self.disagreements.append({
                "what": what, "rules": self.rules.name, "structure": self.structure,
                "stacks": list(state.game.starting_stacks), "history": [str(a) for a in state.history],
                "repro": (f"table({self.structure!r}, {state.game.starting_stacks}); play "
                          f"{[(a.seat, str(a.kind), a.to) for a in state.history]} under {self.rules.name!r}"),
                "state": state.describe()})

    def run(self) -> "Explorer":
        for stacks in stack_sets(self.n, self.scope):
            game = table(self.structure, stacks)
            self.walk(HandState(game, self.rules), self.oracle_for(game))
        return self

    def live(self, state: HandState) -> bool:
        return state.actor is not None and state.street < self.streets

    def walk(self, start: HandState, oracle) -> None:
        """Depth first over distinct states; a later round is entered from its first few openings only."""
        seen = {state_key(start)}
        todo = [start] if self.live(start) else []
        openings = 0
        while todo:
            state = todo.pop()
            self.states += 1
            for nxt in self.check_state(state, oracle):
                key = state_key(nxt)
                if key in seen:
                    continue
                seen.add(key)
                if self.live(nxt) and nxt.street > state.street:
                    openings += 1
                    if openings <= self.later:
                        todo.append(nxt)
                elif self.live(nxt):
                    todo.append(nxt)
                elif nxt.hand_over:
                    self.check_over(nxt, oracle)

    def check_state(self, state: HandState, oracle) -> list[HandState]:
        mine = model_options(state)
        spec = oracle.legal_actions(state)
        spec = {**spec, "bet_or_raise": tuple(spec["bet_or_raise"]) if spec["bet_or_raise"] else None,
                "amounts": tuple(spec["amounts"]) if spec["amounts"] else None,
                "complete_amounts": tuple(spec["complete_amounts"]) if spec["complete_amounts"] else None,
                "is_bet": spec["is_bet"] and bool(spec["bet_or_raise"])}
        if mine != spec:
            self.disagree(state, f"legal actions differ: model {mine} spec {spec}")
        out = []
        for action in candidates(state):
            self.actions += 1
            try:
                verdict = state.verify(action)
            except IllegalAction as err:
                self.refusals[err.reason.code] += 1
                if oracle.check(state, action, explain=False).legal:
                    self.disagree(state, f"{action}: model refuses ({err.reason.code}), spec allows it")
                continue
            got = oracle.check(state, action, explain=False)
            if not got.legal or got.penalized != verdict.penalized:
                self.disagree(state, f"{action}: model legal (penalized={verdict.penalized}), spec {got}")
                continue
            nxt = self.check_successor(state, action, oracle)
            if nxt is not None:
                out.append(nxt)
        return out

    def check_successor(self, state: HandState, action: Action, oracle) -> HandState | None:
        self.successors += 1
        predicted = oracle.successor(state, action)
        nxt = state.copy()
        got = step_claim(state, nxt, nxt.apply(action))
        if predicted is None:
            self.disagree(state, f"{action}: the spec has no successor")
            return nxt
        want = {k: predicted[k] for k in got}
        if got != want:
            self.disagree(state, f"{action}: successor differs: model {got} spec {want}")
        return nxt

    def check_over(self, state: HandState, oracle) -> None:
        """Once the hand is over no one may act, in both (round.over-no-action)."""
        self.terminals += 1
        action = Action(0, Kind.CHECK)
        if state.can(action) or oracle.check(state, action, explain=False).legal:
            self.disagree(state, "an action is allowed after the hand is over")

    def summary(self) -> dict:
        return {"seats": self.n, "rules": self.rules.name, "structure": self.structure, "states": self.states,
                "actions": self.actions, "successors": self.successors, "terminals": self.terminals,
                "disagreements": self.found, "details": self.disagreements, "refusals": dict(self.refusals)}


def explore(n: int, rules, structure: str, scope: str = "ci") -> dict:
    """Explore one scope; returns its summary (states, actions, disagreements with details)."""
    start = time.perf_counter()
    out = Explorer(n, rules, structure, scope).run().summary()
    out["seconds"] = round(time.perf_counter() - start, 2)
    return out


def _explore_job(job) -> dict:
    n, rules, structure, scope = job
    return explore(n, rules, structure, scope)


def _seat_range(text: str) -> list[int]:
    """``--seats N`` or ``A-B``, within the seat counts the scopes define."""
    from .proofs import parse_seats

    known = sorted(SCOPES["ci"]["stacks"])
    return parse_seats(text, known[0], known[-1])


def build_parser() -> argparse.ArgumentParser:
    """The options of ``betlaw explore`` (also read by the CLI reference, betlaw.docsgen)."""
    parser = argparse.ArgumentParser(prog="betlaw explore", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", default="2-4", help="a seat count or a range (default 2-4)")
    parser.add_argument("--rules", default="all", help="a preset name, or all (default)")
    parser.add_argument("--rule", metavar="KEY=VALUE", action="append", default=[],
                        help="override a switch in every preset explored (repeatable; see 'betlaw rules')")
    parser.add_argument("--scope", choices=sorted(SCOPES), default="ci")
    parser.add_argument("--structures", help="comma-separated (default: all; the ci scope leaves out stud)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    presets = list(PRESETS) if args.rules == "all" else [args.rules]
    if any(p not in PRESETS for p in presets):
        parser.error(f"unknown preset {args.rules!r}; presets: {', '.join(PRESETS)}")
    structures = args.structures.split(",") if args.structures is not None else SCOPES[args.scope]["structures"]
    if args.jobs < 1:
        parser.error(f"--jobs expects a whole number of worker processes, 1 or more, got {args.jobs}")
    if unknown := [s for s in structures if s not in STRUCTURES]:
        parser.error(f"--structures: unknown {', '.join(map(repr, unknown))}; structures: {', '.join(STRUCTURES)}")
    overrides = {}
    for text in args.rule:
        key, sep, value = text.partition("=")
        if not (key.strip() and sep and value.strip()):
            parser.error(f"--rule {text!r}: expected KEY=VALUE (see 'betlaw rules')")
        overrides[key.strip()] = value.strip()
    try:
        seats = _seat_range(args.seats)
        rule_sets = [PRESETS[name].with_overrides(overrides) for name in presets]
    except (ValueError, RuleError) as err:
        parser.error(str(err))
    jobs = [(n, rules, structure, args.scope) for n in seats for rules in rule_sets for structure in structures]
    results = []
    start = time.perf_counter()
    workers = min(args.jobs, len(jobs), os.cpu_count() or 1)  # no more processes than work or cores (review EG)
    with multiprocessing.Pool(workers, initializer=ignore_interrupts) if workers > 1 else nullcontext() as pool:
        for r in (pool.imap(_explore_job, jobs) if pool else map(_explore_job, jobs)):
            results.append(r)
            if not args.json:
                print(f"{r['seats']} seats  {r['rules']:9} {r['structure']:12} states={r['states']:6} "
                      f"actions={r['actions']:7} successors={r['successors']:6} "
                      f"disagreements={r['disagreements']}  {r['seconds']}s", flush=True)
                for d in r["details"]:
                    print(f"  DISAGREEMENT {d['what']}\n    {d['repro']}\n    {d['state']}")
    total = {k: sum(r[k] for r in results) for k in ("states", "actions", "successors", "disagreements")}
    total["seconds"] = round(time.perf_counter() - start, 1)
    if args.json:
        print(json.dumps({"scope": args.scope, "total": total, "scopes": results}, indent=2))
    else:
        print(f"total: {total}")
    return 1 if total["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
