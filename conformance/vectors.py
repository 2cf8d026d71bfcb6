"""Conformance vectors: the format, the model oracle that fills in their expectations, and the
deterministic generator of the checked-in suite (``betlaw vectors generate``).

A vector is one hand: a table (``setup``), the actions taken in it, and at every decision point a
checkpoint with what a conforming engine must show (who acts, the legal set with "to" amounts,
whether the last action closed the round, the pots at the start of a later street) and probes: actions
it must refuse (each with the reason code and clauses) or accept. docs/conformance.md has the
format; ``conformance/schema/vector.schema.json`` is its JSON Schema.

Sources, each recorded in the vector's ``source``:

* ``worked-example``: every PHH scenario of ``tests/scenarios`` (the rule books' worked examples,
  whose ``[[_expect]]`` answers the test-suite checks), replayed under its own rule set and under
  each other rule set its expectations ask about;
* ``exploration``: a seeded random walk through the model for every preset and structure, legal play
  with illegal probes at the boundaries;
* ``witness``: the solver's clause witnesses (issue 5, ``spec/witnesses.json``) through
  :func:`witness_vectors`;
* table talk (issue 7): :mod:`betlaw.conformance.talk_vectors` (``talk/...``, group ``talk``), from the
  talk scenarios and the declaration witnesses.

Expectations always come from the model (``source.oracle``), which the tests hold to the spec.
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from betlaw.model.actions import Action, Kind
from betlaw.model.errors import IllegalAction, Reason
from betlaw.model.game import INFINITE_STACK, Game, Opening, Street, Structure
from betlaw.model.state import HandState
from betlaw.spec.catalogue import catalogue
from betlaw.spec.rulesets import PRESETS, SWITCHES, RuleSet, resolve

FORMAT_VERSION = "1.0"
GENERATOR = "betlaw.conformance.vectors"
ORACLE = "betlaw-model"
SUITE_DIR = Path(__file__).parent / "suite"
SCENARIO_DIR = Path(__file__).resolve().parent.parent / "tests" / "scenarios"

# The values a vector's requirements are computed over (cap: the effective cap for the game).
CAP_VALUES = (None, 2, 3, 4, 5)
STRUCTURE_KINDS = ("no-limit", "pot-limit", "fixed-limit", "spread-limit", "stud")
EXPLORE_PER_CELL = 16  # hands per (preset, structure kind)
EXPLORE_SEED = 20240601


# ---------------------------------------------------------------- setup <-> Game


def setup_of(game: Game) -> dict:
    setup = {
        "variant": game.variant,
        "seats": game.seats,
        "button": game.button,
        "stacks": list(game.starting_stacks),
        "antes": list(game.antes),
        "blinds": list(game.blinds),
        "dead_posts": list(game.dead_posts) if game.dead_posts else [0] * game.seats,
        "bring_in": game.bring_in,
        "bring_in_seat": game.bring_in_seat,
        "first_actors": list(game.first_actors) if game.first_actors else [],
        "may_open": list(game.may_open) if game.may_open is not None else None,
        "streets": [{"name": s.name, "opening": str(s.opening), "bet_size": s.bet_size,
                     "spread": list(s.spread) if s.spread else None} for s in game.streets],
        "unit": str(game.unit),
    }
    if any(game.live_posts):
        setup["live_posts"] = list(game.live_posts)
    if game.open_pair:
        setup["open_pair"] = True
    if game.full_blinds:
        setup["full_blinds"] = list(game.full_blinds)
    return setup


def setup_is_stud(setup: dict) -> bool:
    """A vector's table is stud's: it has a bring-in (an amount or a seat)."""
    return setup["bring_in_seat"] is not None or setup["bring_in"] > 0


def game_of(vector: dict) -> Game:
    s = vector["setup"]
    return Game(
        structure=Structure(vector["structure"]),
        streets=tuple(Street(x["name"], Opening(x["opening"]), x["bet_size"],
                             tuple(x["spread"]) if x["spread"] else None) for x in s["streets"]),
        starting_stacks=tuple(s["stacks"]), antes=tuple(s["antes"]), blinds=tuple(s["blinds"]),
        dead_posts=tuple(s["dead_posts"]), live_posts=tuple(s.get("live_posts") or ()), bring_in=s["bring_in"], bring_in_seat=s["bring_in_seat"],
        first_actors=tuple(s["first_actors"]), may_open=tuple(s["may_open"]) if s["may_open"] is not None else None,
        variant=s["variant"], unit=Decimal(s["unit"]), stud=setup_is_stud(s),
        open_pair=s.get("open_pair", False), full_blinds=tuple(s.get("full_blinds") or ()),
    )


def action_json(a: Action) -> dict:
    out = {"seat": a.seat, "kind": str(a.kind)}
    if a.to is not None:
        out["to"] = a.to
    return out


def action_of(d: dict) -> Action:
    return Action(d["seat"], Kind(d["kind"]), d.get("to"))


def rules_of(vector: dict) -> RuleSet:
    """The rule set a vector's expectations were computed under."""
    r = vector["rules"]
    return resolve(r["preset"], {k: ("none" if v is None else str(v)) for k, v in r.get("overrides", {}).items()})


# ---------------------------------------------------------------- the oracle


def legal_json(state: HandState) -> dict | None:
    L = state.legal()
    if L.actor is None:
        return None
    return {
        "fold": L.fold,
        "fold_penalized": L.fold_penalized,
        "check": L.check,
        "call": L.call,
        "bet_or_raise": None if L.bet_or_raise is None else
        {"min_to": L.bet_or_raise[0], "max_to": L.bet_or_raise[1], "kind": "bet" if L.is_bet else "raise"}
        | ({"amounts": list(L.amounts)} if L.amounts else {}),  # only these (stud.open-pair)
        "complete_to": L.complete_to,
        "bring_in": L.bring_in,
    } | ({"complete_amounts": list(L.complete_amounts)} if L.complete_amounts else {})  # either (stud.open-pair)


def _probe(state: HandState, action: Action, why: str) -> dict | None:
    try:
        verdict = state.verify(action)
    except IllegalAction as err:
        return {"action": action_json(action), "expect": "illegal", "reason": err.reason.code,
                "clauses": list(err.clauses), "why": why}
    expect = "penalized" if verdict.penalized else "legal"
    return {"action": action_json(action), "expect": expect, "why": why,
            **({"clauses": list(verdict.clauses)} if verdict.clauses else {})}


def probes(state: HandState, out_of_turn: bool) -> list[dict]:
    """Boundary probes at the current decision: illegal ones a conforming engine must refuse, and the
    legal extremes it must accept."""
    L = state.legal()
    a = L.actor
    if a is None:
        return []
    seat = state.seats[a]
    total = seat.stack + seat.bet  # the seat's all-in "to" amount
    structure = state.game.structure
    out: list[dict] = []

    def add(action: Action, why: str, want: str | None = None) -> None:
        p = _probe(state, action, why)
        if p is not None and (want is None or p["expect"] == want) and p not in out:
            out.append(p)

    aggressive = Kind.BET if state.call_level == 0 else Kind.RAISE
    if L.bet_or_raise is not None:
        lo, hi = L.bet_or_raise
        kind = Kind.BET if L.is_bet else Kind.RAISE
        add(Action(a, kind, lo), "the minimum bet or raise", "legal")
        if hi != lo:
            add(Action(a, kind, hi), "the maximum bet or raise", "legal")
        if L.amounts and lo + 1 < hi:
            add(Action(a, kind, lo + 1), "between the small and the big bet", "illegal")
        if lo - 1 > state.call_level and lo < total:
            add(Action(a, kind, lo - 1), "one chip below the minimum", "illegal")
        if hi + 1 <= total:
            add(Action(a, kind, hi + 1), "one chip above the maximum", "illegal")
        elif structure is Structure.NO_LIMIT or hi == total:
            add(Action(a, kind, total + 1), "more chips than the stack", "illegal")
    elif L.complete_to is not None and L.bring_in is None:
        add(Action(a, Kind.COMPLETE, L.complete_to), "the completion", "legal")
        if L.complete_amounts:  # stud.open-pair: the completion by the big bet, and nothing between
            add(Action(a, Kind.COMPLETE, L.complete_amounts[-1]), "the completion by the big bet", "legal")
            if L.complete_to + 1 < L.complete_amounts[-1]:
                add(Action(a, Kind.COMPLETE, L.complete_to + 1), "between the small and the big completion", "illegal")
        size = state.game.streets[state.street].bet_size
        if state.call_level + size <= total:
            add(Action(a, aggressive, state.call_level + size), "a raise on top instead of the completion", "illegal")
    else:
        reason = L.refusals.get(aggressive)
        if reason not in (None, Reason.COVERED, Reason.NO_OPPONENT_TO_RAISE, Reason.BRING_IN_REQUIRED):
            to = min(total, max(state.min_raise_to, state.call_level + 1))
            if to > state.call_level:
                why = {Reason.CAP_REACHED: "a raise past the cap", Reason.CAP_REACHED_HEADS_UP: "a raise past the cap",
                       Reason.CHECK_RAISE_FORBIDDEN: "a check-raise"}.get(reason, "a raise when not reopened")
                add(Action(a, aggressive, to), why, "illegal")
    if L.bring_in is not None:
        add(Action(a, Kind.BRING_IN), "the bring-in", "legal")
        add(Action(a, Kind.FOLD), "a fold instead of the bring-in", "illegal")
        if L.complete_to is not None:
            add(Action(a, Kind.COMPLETE, L.complete_to), "the completion of the bring-in", "legal")
    if L.call is not None:
        add(Action(a, Kind.CHECK), "a check facing a bet", "illegal")
    if not L.fold and L.bring_in is None:
        add(Action(a, Kind.FOLD), "a fold when a check is possible", "illegal")
    if out_of_turn:
        for other in range(1, state.game.seats):
            o = (a + other) % state.game.seats
            s = state.seats[o]
            if not s.folded and s.stack > 0:
                kind = Kind.CALL if state.owed(o) > 0 else Kind.CHECK
                add(Action(o, kind), "acting out of turn", "illegal")
                break
    return out


def _pots(state: HandState) -> list[dict]:
    return [{"amount": p.amount, "eligible": list(p.eligible)} for p in state.pots()]


@dataclass
class Expectations:
    checkpoints: list[dict]
    actions: list[Action]  # the actions applied (amounts filled in)
    broken: tuple[int, Action, IllegalAction] | None  # an action the model refused
    clauses: list[str]


ILLEGAL_LAST = "the rule text's illegal action"  # the probe a vector ending in an illegal action carries


def expect(game: Game, rules: RuleSet, actions: list[Action], with_probes: bool = True) -> Expectations:
    """Replay ``actions`` through the model and write down every checkpoint."""
    state = HandState(game, rules)
    checkpoints: list[dict] = []
    applied: list[Action] = []
    clauses: set[str] = set()
    street_of_last_oot = None
    previous_street = None
    broken = None

    def checkpoint(at: int, round_over: bool | None) -> None:
        nonlocal street_of_last_oot
        cp: dict = {"at": at, "actor": state.actor,
                    "street": state.street if state.actor is not None else None,
                    "hand_over": state.actor is None}
        if round_over is not None:
            cp["round_over"] = round_over
        L = state.legal()
        cp["legal"] = legal_json(state)
        if L.actor is not None:
            for ids in L.clauses.values():
                clauses.update(ids)
        first_of_street = state.actor is not None and not any(s.acted for s in state.seats)
        if first_of_street and state.street > 0:
            cp["pots"] = _pots(state)
        if with_probes:
            oot = state.actor is not None and street_of_last_oot != state.street
            cp["probes"] = probes(state, oot)
            if oot:
                street_of_last_oot = state.street
            for p in cp["probes"]:
                clauses.update(p.get("clauses", []))
        checkpoints.append(cp)

    checkpoint(0, None)
    for i, action in enumerate(actions):
        previous_street = state.street
        try:
            state.apply(action)
        except IllegalAction as err:
            broken = (i, action, err)
            clauses.update(err.clauses)
            checkpoints[-1].setdefault("probes", [])
            probe = {"action": action_json(action), "expect": "illegal", "reason": err.reason.code,
                     "clauses": list(err.clauses), "why": ILLEGAL_LAST}
            if probe not in checkpoints[-1]["probes"]:
                checkpoints[-1]["probes"].append(probe)
            break
        applied.append(state.history[-1])
        clauses.update(_turn_clauses(state))
        checkpoint(i + 1, state.street != previous_street or state.actor is None)
    order = {c: n for n, c in enumerate(catalogue())}
    return Expectations(checkpoints, applied, broken, sorted(clauses, key=lambda c: order.get(c, 999)))


def _turn_clauses(state: HandState) -> set[str]:
    out = {"turn.in-turn"}
    if state.actor is None:
        out.add("round.all-fold" if state.live_players() < 2 else "round.end")
    return out


def observable(cps: list[dict]) -> list:
    """What an engine can be checked on (reason codes and clauses left out): used to decide which
    switch values a vector's expectations depend on."""
    out = []
    for cp in cps:
        legal = dict(cp["legal"]) if cp["legal"] else None
        if legal:
            # A penalty (TDA 58) is no engine's observable behaviour: allowed and penalised folds look
            # alike, so a vector does not depend on which of the two its rule set picks.
            legal.pop("fold_penalized", None)
        if legal and legal["bet_or_raise"]:
            legal["bet_or_raise"] = {k: legal["bet_or_raise"][k] for k in ("min_to", "max_to", "amounts")
                                     if k in legal["bet_or_raise"]}
        out.append((cp["at"], cp["actor"], cp["street"], cp.get("round_over"), json.dumps(legal, sort_keys=True),
                    json.dumps(cp.get("pots")),
                    tuple((json.dumps(p["action"], sort_keys=True), "legal" if p["expect"] == "penalized" else p["expect"])
                          for p in cp.get("probes", []))))
    return out


# ---------------------------------------------------------------- requirements


def effective(rules: RuleSet, game: Game) -> dict:
    """The switch values in force for this game (the cap as the number that applies to it)."""
    values = {k: rules.values[k] for k in SWITCHES}
    values["cap"] = rules.cap_for(len(game.streets))
    return values


def _variant(rules: RuleSet, key: str, value) -> RuleSet:
    return rules.with_overrides({key: "none" if value is None else str(value)})


def _played(exp: Expectations) -> list[Action]:
    """The actions an expectation was written from: those applied, then the illegal one it ends with, if any."""
    return exp.actions + ([exp.broken[1]] if exp.broken else [])


def _same(game: Game, rules: RuleSet, exp: Expectations) -> bool:
    """Does the hand give the same expectations under ``rules``: the same checkpoints (reason codes and
    clauses left out), ending, if it does, with the same action refused?"""
    try:
        other = expect(game, rules, _played(exp))
    except Exception:  # noqa: BLE001 - a rule set the game cannot be played under
        return False
    return ((other.broken is None) == (exp.broken is None) and len(other.actions) == len(exp.actions)
            and observable(other.checkpoints) == observable(exp.checkpoints))


def holds_under(vector: dict, rules: RuleSet) -> bool:
    """Would the model give this vector's expectations under ``rules``: at every checkpoint the same actor,
    round, legal actions and pots, and the same verdict on each of its probes (reason codes and clauses
    left out, as :func:`observable`)? ``requires`` is worked out one switch at a time and against the
    presets; a rule set that differs in several switches at once is checked here, by replaying the
    vector (the runner skips it as a rule-set difference when not)."""
    try:
        state = HandState(game_of(vector), rules)
        actions = [action_of(a) for a in vector["actions"]]
        at_street = None
        for cp in vector["checkpoints"]:
            while len(state.history) < cp["at"]:
                at_street = state.street
                state.apply(actions[len(state.history)])
            mine = {"at": cp["at"], "actor": state.actor, "street": state.street if state.actor is not None else None,
                    "legal": legal_json(state), "probes": [{"action": p["action"], "expect": _verdict(state, p)}
                                                           for p in cp.get("probes", [])]}
            if "round_over" in cp:
                mine["round_over"] = state.street != at_street or state.actor is None
            if "pots" in cp:
                mine["pots"] = _pots(state)
            if observable([mine]) != observable([cp]):
                return False
        return True
    except Exception:  # noqa: BLE001 - an action refused, or a rule set the table cannot be played under
        return False


def _verdict(state: HandState, probe: dict) -> str:
    try:
        return "penalized" if state.verify(action_of(probe["action"])).penalized else "legal"
    except IllegalAction:
        return "illegal"


def requirements(game: Game, rules: RuleSet, exp: Expectations) -> dict:
    """For every switch, the values under which the vector's expectations stay exactly the same.
    A switch whose every value gives the same expectations is left out (the vector does not depend on it)."""
    req: dict = {}
    mine = effective(rules, game)
    for key, switch in SWITCHES.items():
        values = CAP_VALUES if key == "cap" else switch.values
        ok = [value for value in values if value == mine[key] or _same(game, _variant(rules, key, value), exp)]
        if mine[key] not in ok:
            ok.append(mine[key])
        if len(ok) < len(values) or mine[key] not in values:
            req[key] = ok
    return req


def compatible(requires: dict, values: dict) -> str | None:
    """None if a rule set with these effective switch values meets the requirements; else the first
    requirement it misses, in words."""
    for key, allowed in requires.items():
        if values.get(key) not in allowed:
            shown = ", ".join("none" if v is None else str(v) for v in allowed)
            have = values.get(key)
            return f"{key} in {{{shown}}} (rule set has {'none' if have is None else have})"
    return None


def _narrow(game: Game, rules: RuleSet, exp: Expectations, req: dict) -> dict:
    """Switches can interact: check the requirements against every preset and narrow them where a
    preset meets them but would give different expectations.

    Only the switches that together make the difference are narrowed: of those where the preset differs,
    each is set back to this rule set's value in turn and stays so when the difference remains (a
    switch that cannot matter to the hand, such as table talk's in a hand without talk, is not pinned)."""
    return narrow_against_presets(game, rules, req, lambda other: _same(game, other, exp))


def narrow_against_presets(game: Game, rules: RuleSet, req: dict, same) -> dict:
    """:func:`_narrow` for any vector: ``same(rule_set)`` says whether its expectations hold under a rule set."""
    mine = effective(rules, game)
    for preset in PRESETS.values():
        values = effective(preset, game)
        if compatible(req, values) is not None or same(preset):
            continue
        differ = [key for key in SWITCHES if values[key] != mine[key]]
        needed = {key: values[key] for key in differ}
        for key in differ:
            trial = {k: v for k, v in needed.items() if k != key}
            if not same(_with_values(rules, trial)):
                needed = trial  # the difference remains without this switch: it is not needed
        for key, value in needed.items():
            allowed = req.get(key, list(CAP_VALUES if key == "cap" else SWITCHES[key].values))
            req[key] = [v for v in allowed if v != value]
    return req


def _with_values(rules: RuleSet, values: dict) -> RuleSet:
    """``rules`` with these effective switch values (see :func:`effective`) put in."""
    return rules.with_overrides({k: "none" if v is None else str(v) for k, v in values.items()}) if values else rules


# ---------------------------------------------------------------- features


def features(game: Game, exp: Expectations) -> list[str]:
    f = set()
    live = [b for b in game.blinds if b > 0]
    if live:
        f.add("blinds")
    if sum(1 for b in game.position_blinds if b > 0) > 2:
        f.add("straddle")
    if any(game.live_posts):
        f.add("live-posts")
    if any(game.antes):
        f.add("antes")
    if game.dead_posts and any(game.dead_posts):
        f.add("dead-posts")
    if game.full_blinds:
        f.add("dead-small-blind")
    if game.bring_in or game.bring_in_seat is not None:
        f.add("bring-in")
    if game.open_pair:
        f.add("open-pair")
    if game.may_open is not None:
        f.add("opening-requirement")
    if game.heads_up:
        f.add("heads-up")
    if live:
        bb = max(game.blinds)
        for i, b in enumerate(game.blinds):
            if b == bb and game.forced_bets_paid(i)[1] < b:  # short of it, the ante taken first too (review DV)
                f.add("short-bb")
    if len({s for s in game.starting_stacks}) > 1:
        f.add("unequal-stacks")
    for cp in exp.checkpoints:
        if len(cp.get("pots") or []) > 1:
            f.add("side-pots")
        if cp["street"] is not None and cp["street"] > 0:
            f.add("later-streets")
    return sorted(f)


# ---------------------------------------------------------------- building a vector


def short_citation(c) -> str:
    """A compact citation: "TDA 2024 47-A", "Robert's Betting and Raising #6", "seed 002", "practice"."""
    if c.tda:
        return f"TDA 2024 {c.tda}"
    if c.roberts:
        return f"Robert's {c.roberts}"
    if c.seed:
        return f"seed {c.seed[:3]}"
    return "practice"


def citations(ids: list[str]) -> list[dict]:
    """Clause ids with compact citations (the full quotes are in the suite's clauses.json)."""
    cat = catalogue()
    return [{"id": c, "cite": list(dict.fromkeys(short_citation(x) for x in cat[c].citations))}
            for c in ids if c in cat]


def clause_table() -> dict:
    return {c.id: {"title": c.title, "citations": [str(x) for x in c.citations], "layer": c.layer}
            for c in catalogue().values()}


def build(vid: str, description: str, game: Game, rules: RuleSet, preset: str, overrides: dict,
          actions: list[Action], source: dict, focus: list[str] | None = None) -> dict:
    exp = expect(game, rules, actions)
    req = _narrow(game, rules, exp, requirements(game, rules, exp))
    clause_ids = list(dict.fromkeys((focus or []) + exp.clauses))
    if not any("pots" in cp for cp in exp.checkpoints):  # pots are checked only where a later round starts
        clause_ids = [c for c in clause_ids if c != "pots.side"]
    shown = {k: (None if v is None else v) for k, v in effective(rules, game).items()}
    return {
        "format": FORMAT_VERSION,
        "id": vid,
        "description": description,
        "source": {**source, "oracle": ORACLE},
        "clauses": citations([c for c in clause_ids if c in catalogue()]),
        "rules": {"preset": preset, "overrides": overrides, "values": shown,
                  "requires": {k: v for k, v in sorted(req.items())}},
        "structure": str(game.structure),
        "features": features(game, exp),
        "setup": setup_of(game),
        "actions": [action_json(a) for a in exp.actions],
        "checkpoints": exp.checkpoints,
    }


# ---------------------------------------------------------------- worked examples


def scenario_files(directory: Path = SCENARIO_DIR) -> list[Path]:
    return sorted(list(directory.glob("*.phh")) + list(directory.glob("*.phhs")))


def _finite(game: Game) -> Game:
    """PHH "inf" stacks become a finite deep stack (engines need numbers)."""
    from dataclasses import replace


    if not any(s >= INFINITE_STACK for s in game.starting_stacks):
        return game
    finite = [s for s in game.starting_stacks if s < INFINITE_STACK]
    deep = max([10_000, 100 * max(game.blinds + (game.bring_in,) + tuple(st.bet_size for st in game.streets))]
               + [2 * s for s in finite])
    return replace(game, starting_stacks=tuple(deep if s >= INFINITE_STACK else s for s in game.starting_stacks),
                   infinite=())


def scenario_hands(directory: Path = SCENARIO_DIR):
    """Every readable hand of the scenario files: ``(path, key, scenario)``."""
    from .phh import read_path
    from .scenario import ScenarioError

    for path in scenario_files(directory):
        try:
            hands = read_path(str(path))
        except ScenarioError:
            continue
        for key, scenario in hands:
            if not isinstance(scenario, ScenarioError):
                yield path, key, scenario


def example_vectors(directory: Path = SCENARIO_DIR) -> list[dict]:
    out = []
    for path, key, scenario in scenario_hands(directory):
        expects = scenario.fields.get("_expect", [])
        # the vector carries the betting actions only: a table-talk clause (a talk scenario's) is not its
        # focus (the talk group's vectors carry the talk, conformance/talk_vectors.py)
        focus = [c for e in expects for c in e.get("clauses", [])
                 if c not in catalogue() or catalogue()[c].layer != "declaration"]
        rule_sets = [(scenario.preset, {})]
        for e in expects:
            if "rules" in e or "rule" in e:
                from betlaw.spec.rulesets import parse_assignments
                rule_sets.append((e.get("rules", scenario.preset), parse_assignments(e.get("rule", []))))
        seen = set()
        for preset, extra in rule_sets:
            overrides = {**scenario.overrides, **extra}
            try:
                rules = scenario.rules(preset, extra)
                game = _finite(scenario.game)
                actions = _scenario_actions(scenario, game, rules)
            except Exception:  # noqa: BLE001 - a scenario the model cannot set up is not a vector
                continue
            sig = json.dumps([preset or "tda-2024", sorted(overrides.items())])
            if sig in seen:
                continue
            seen.add(sig)
            name = path.stem + (f"#{key}" if key else "")
            suffix = "" if len(seen) == 1 else "@" + (preset or "tda-2024") + "".join(
                f",{k}={v}" for k, v in sorted(extra.items()))
            questions = "; ".join(f"{e.get('question')} -> {e.get('answer')}" for e in expects)
            desc = f"{name}: {questions}" if questions else name
            out.append(build(f"example/{name}{suffix}", desc, game, rules, preset or "tda-2024",
                             {k: str(v) for k, v in sorted(overrides.items())}, actions,
                             {"kind": "worked-example", "file": f"tests/scenarios/{path.name}",
                              **({"hand": key} if key else {})}, focus))
    return out


def _scenario_actions(scenario, game: Game, rules: RuleSet) -> list[Action]:
    """The formal actions of a PHH hand (classified against the model as it goes); an action the model
    refuses is kept last, so that it becomes an illegal probe."""
    state = HandState(game, rules)
    out = []
    for event in scenario.events:
        if not event.is_bet_action:
            continue
        action = state.classify(event.seat, event.verb, event.amount)
        out.append(action)
        try:
            state.apply(action)
        except IllegalAction:
            break
    return out


# ---------------------------------------------------------------- exploration


def _random_game(rng: random.Random, kind: str) -> Game:
    n = rng.choice((2, 2, 3, 3, 4, 4, 5, 6))
    if kind == "stud":
        n = max(n, 2)
        stacks = tuple(rng.choice((3, 6, 10, 20, 40, 100)) for _ in range(n))
        streets = tuple(Street(name, Opening.BRING_IN if i == 0 else Opening.SHOWING, 2 if i < 2 else 4)
                        for i, name in enumerate(("third street", "fourth street", "fifth street",
                                                  "sixth street", "seventh street")))
        first = tuple([None] + [rng.randrange(n) for _ in range(4)])
        return Game(Structure.FIXED_LIMIT, streets, stacks, (1,) * n, (0,) * n, bring_in=1,
                    bring_in_seat=rng.randrange(n), first_actors=first, variant="F7S", stud=True)
    big = rng.choice((2, 2, 2, 10))
    small = big // 2
    blinds = [0] * n
    if n == 2:
        blinds = [big, small]
    else:
        blinds[0], blinds[1] = small, big
        if n >= 4 and rng.random() < 0.2:
            blinds[2] = 2 * big  # a straddle
    antes = (0,) * n
    if rng.random() < 0.2:
        antes = tuple(rng.choice((small, big // 2 or 1)) for _ in range(n)) if rng.random() < 0.5 else (small,) * n
    def stack() -> int:
        r = rng.random()
        if r < 0.3:
            return rng.randint(1, 4 * big)
        if r < 0.7:
            return rng.randint(5 * big, 40 * big)
        return 100 * big
    stacks = [stack() for _ in range(n)]
    if rng.random() < 0.1:
        bb_seat = 0 if n == 2 else 1
        stacks[bb_seat] = rng.randint(1, big - 1) if big > 1 else 1
    if kind == "no-limit":
        structure, code = Structure.NO_LIMIT, "NT"
        streets = tuple(Street(name, Opening.BLINDS if i == 0 else Opening.POSITION, big)
                        for i, name in enumerate(("pre-flop", "flop", "turn", "river")))
    elif kind == "pot-limit":
        structure, code = Structure.POT_LIMIT, "PO"
        streets = tuple(Street(name, Opening.BLINDS if i == 0 else Opening.POSITION, big)
                        for i, name in enumerate(("pre-flop", "flop", "turn", "river")))
    elif kind == "fixed-limit":
        structure, code = Structure.FIXED_LIMIT, "FT"
        streets = tuple(Street(name, Opening.BLINDS if i == 0 else Opening.POSITION, big if i < 2 else 2 * big)
                        for i, name in enumerate(("pre-flop", "flop", "turn", "river")))
    else:
        structure, code = Structure.SPREAD_LIMIT, "NT"
        spread = (big, 3 * big)
        streets = tuple(Street(name, Opening.BLINDS if i == 0 else Opening.POSITION, spread[0] * (1 if i < 2 else 2),
                               (spread[0] * (1 if i < 2 else 2), spread[1] * (1 if i < 2 else 2)))
                        for i, name in enumerate(("pre-flop", "flop", "turn", "river")))
    return Game(structure, streets, tuple(stacks), antes, tuple(blinds), variant=code)


def _random_action(rng: random.Random, state: HandState) -> Action:
    L = state.legal()
    a = L.actor
    if L.bring_in is not None:
        if L.complete_to is not None and rng.random() < 0.3:
            return Action(a, Kind.COMPLETE, L.complete_to)
        return Action(a, Kind.BRING_IN)
    r = rng.random()
    if L.complete_to is not None and r < 0.35:
        return Action(a, Kind.COMPLETE, L.complete_to)
    if L.bet_or_raise is not None and r < 0.45:
        lo, hi = L.bet_or_raise
        pick = rng.random()
        to = hi if pick < 0.25 else lo if pick < 0.6 or L.amounts else rng.randint(lo, min(hi, 3 * lo))
        return Action(a, Kind.BET if L.is_bet else Kind.RAISE, to)
    if L.call is not None:
        if r < 0.57:
            return Action(a, Kind.FOLD)
        return Action(a, Kind.CALL)
    if L.check:
        if L.fold and not L.fold_penalized and r > 0.97:
            return Action(a, Kind.FOLD)
        return Action(a, Kind.CHECK)
    return Action(a, Kind.FOLD)


def exploration_vectors(per_cell: int = EXPLORE_PER_CELL, seed: int = EXPLORE_SEED) -> list[dict]:
    out = []
    for preset_name, preset in PRESETS.items():
        for kind in STRUCTURE_KINDS:
            rng = random.Random(f"{seed}/{preset_name}/{kind}")
            made = 0
            tries = 0
            while made < per_cell and tries < per_cell * 20:
                tries += 1
                game = _random_game(rng, kind)
                try:
                    state = HandState(game, preset)
                except Exception:  # noqa: BLE001
                    continue
                actions = []
                limit = rng.randint(3, 12)
                while state.actor is not None and len(actions) < limit:
                    action = _random_action(rng, state)
                    state.apply(action)
                    actions.append(state.history[-1])
                if not actions:
                    continue
                vid = f"explore/{preset_name}/{kind}/{made:03d}"
                desc = (f"seeded exploration ({preset_name}, {kind}, {game.seats} seats, "
                        f"{len(actions)} actions)")
                out.append(build(vid, desc, game, preset, preset_name, {}, actions,
                                 {"kind": "exploration", "seed": f"{seed}/{preset_name}/{kind}", "index": made}))
                made += 1
    return out


# ---------------------------------------------------------------- witnesses (issue 5)


def witness_vectors(records: list[dict] | None = None) -> list[dict]:
    """The solver's clause witnesses (``spec/witnesses.json``, issue 5) as vectors.

    One vector per distinct hand and question: the same hand found for several clauses, kinds or
    presets is one vector, built under the first preset it was found under, listing every clause it
    witnesses (its ``rules.requires`` says under which switch values its expectations hold). The id
    names the first witness, ``witness/<clause>/<kind>[@<preset>]``; the witness's own question is a
    probe at the last checkpoint. Declaration witnesses are table talk
    (:mod:`betlaw.conformance.talk_vectors`).
    """
    from betlaw.spec import witnesses as W

    from .phh import read_text
    from .questions import parse
    from .scenario import play

    if records is None:
        records = W.load()
    groups: dict[tuple, list[dict]] = {}
    for r in records:
        if "none" in r or catalogue()[r["clause"]].layer == "declaration":
            continue
        hand = "\n".join(x for x in r["phh"].splitlines() if not x.startswith("_betlaw_rules"))
        groups.setdefault((hand, r["question"]), []).append(r)
    out = []
    for group in groups.values():
        r = group[0]
        (_, scenario), = read_text(r["phh"], "witness")
        rules = scenario.rules(r["rules"])
        state = play(scenario, rules).state
        vid = f"witness/{r['clause']}/{r['kind']}" + ("" if r["rules"] == "tda-2024" else f"@{r['rules']}")
        shown = ", ".join(dict.fromkeys(f"{x['clause']} ({x['kind']}, {x['rules']})" for x in group))
        focus = list(dict.fromkeys(x["clause"] for x in group))
        vector = build(vid, f"solver witness of {shown}: {r['detail']}", scenario.game, rules, r["rules"], {},
                       list(state.history), {"kind": "witness", "clause": r["clause"], "role": r["kind"]}, focus)
        q = parse(r["question"])
        if q.kind == "can" and isinstance(q.verb, Kind):
            to = None if q.amount is None else int(q.amount)
            action = Action(scenario.seat_of(q.player), q.verb, to)
            probe = _probe(state, action, f"the witness's question: {r['question']} ({r['answer']})")
            last = vector["checkpoints"][-1]
            if probe is not None and probe not in last.setdefault("probes", []):
                last["probes"].append(probe)
        out.append(vector)
    return out


# ---------------------------------------------------------------- the suite on disk


def dumps_line(vector: dict) -> str:
    return json.dumps(vector, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def generate(out: Path = SUITE_DIR, per_cell: int = EXPLORE_PER_CELL, seed: int = EXPLORE_SEED,
             scenarios: Path = SCENARIO_DIR) -> dict:
    """Write the suite: one JSON Lines file per group plus manifest.json. Deterministic: the same
    inputs give byte-identical files."""
    from betlaw.spec.witnesses import load

    from .talk_vectors import scenario_talk_vectors, witness_talk_vectors  # table talk (issue 7)

    _refuse_unwritable(Path(out))  # before the work, not after it
    records = load()  # spec/witnesses.json: the clause witnesses (issue 5)
    groups: dict[str, list[dict]] = {"worked-examples": example_vectors(scenarios),
                                     "witnesses": witness_vectors(records)}
    talk = [r for r in records if catalogue()[r["clause"]].layer == "declaration"]
    groups["talk"] = scenario_talk_vectors(scenarios) + witness_talk_vectors(talk)
    for v in exploration_vectors(per_cell, seed):
        _, preset, kind, _ = v["id"].split("/")
        groups.setdefault(f"explore-{preset}-{kind}", []).append(v)
    texts: dict[str, str] = {}
    files = {}
    digest = hashlib.sha256()
    for name in sorted(groups):
        text = "".join(dumps_line(v) + "\n" for v in groups[name])
        texts[f"vectors/{name}.jsonl"] = text
        sha = hashlib.sha256(text.encode()).hexdigest()
        files[f"vectors/{name}.jsonl"] = {"vectors": len(groups[name]), "sha256": sha}
        digest.update(name.encode() + b"\0" + sha.encode())
    manifest = {
        "format": FORMAT_VERSION,
        "suite_version": f"{FORMAT_VERSION}+{digest.hexdigest()[:12]}",
        "generator": GENERATOR,
        "oracle": ORACLE,
        "command": "betlaw vectors generate",
        "exploration": {"seed": seed, "per_cell": per_cell, "presets": list(PRESETS),
                        "structures": list(STRUCTURE_KINDS)},
        "vectors": sum(len(g) for g in groups.values()),
        "files": files,
    }
    texts["clauses.json"] = json.dumps(clause_table(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    texts["manifest.json"] = json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    _write_suite(out, texts)
    return manifest


def _write_suite(out: Path, texts: dict[str, str]) -> None:
    """Write the suite all or nothing: every file is staged in a sibling directory first, then the
    old suite is swapped out for it (a failure leaves the old suite as it was)."""
    import shutil
    import tempfile

    import os

    from .files import directory_mode

    out = Path(out)
    _refuse_unwritable(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    except OSError as err:
        raise SuiteError(f"{out}: cannot write the suite ({err.strerror or err})") from None
    old = None
    try:  # the directory keeps its permissions (mkdtemp's are the owner's only)
        os.chmod(stage, out.stat().st_mode & 0o7777 if out.is_dir() else directory_mode())
        if out.is_dir():  # keep whatever else the directory holds (e.g. a README), links as links
            for item in out.iterdir():
                if item.name not in ("vectors", "manifest.json", "clauses.json"):
                    if item.is_dir() and not item.is_symlink():
                        shutil.copytree(item, stage / item.name, symlinks=True)
                    else:
                        shutil.copy2(item, stage / item.name, follow_symlinks=False)
        (stage / "vectors").mkdir()
        for rel, text in texts.items():
            (stage / rel).write_text(text, encoding="utf-8")
        if out.exists():
            old = out.parent / f"{stage.name}.old"
            out.rename(old)
        stage.rename(out)
    except OSError as err:
        if old is not None and not out.exists():
            old.rename(out)
        shutil.rmtree(stage, ignore_errors=True)
        raise SuiteError(f"{out}: cannot write the suite ({err.strerror or err})") from None
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _refuse_unwritable(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise SuiteError(f"{out}: not a directory")
    _refuse_foreign_vector_files(out)


def _refuse_foreign_vector_files(out: Path) -> None:
    """The suite's ``vectors/`` folder is generated whole; a file there that the old manifest does not list
    is not betlaw's, and is refused rather than dropped."""
    folder = out / "vectors"
    if not folder.is_dir():
        return
    try:
        listed = set(json.loads((out / "manifest.json").read_text("utf-8"))["files"])
    except (OSError, ValueError, KeyError, TypeError):
        return  # no manifest to tell betlaw's files from others: the folder is betlaw's, as before
    foreign = sorted(f"vectors/{p.name}" for p in folder.iterdir() if f"vectors/{p.name}" not in listed)
    if foreign:
        raise SuiteError(f"{out}: {', '.join(foreign)} is not a file of the generated suite (its manifest.json "
                         f"does not list it), and the vectors folder is written whole; move it out first")


class SuiteError(ValueError):
    """A suite that cannot be read or written: the message names the path (and line)."""


def _parse_lines(path: Path, text: str) -> list[dict]:
    vectors = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            v = json.loads(line)
        except json.JSONDecodeError as err:
            raise SuiteError(f"{path} line {n}: not JSON ({err.msg}); a suite file holds one vector object per line") \
                from None
        except RecursionError:
            raise SuiteError(f"{path} line {n}: nested too deeply to be a vector") from None
        if not isinstance(v, dict):
            raise SuiteError(f"{path} line {n}: a vector must be a JSON object")
        vectors.append(v)
    return vectors


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SuiteError(f"{path}: no such file or directory") from None
    except UnicodeDecodeError:
        raise SuiteError(f"{path}: not UTF-8 text") from None
    except OSError as err:
        raise SuiteError(f"{path}: cannot read ({err.strerror or err})") from None


def load_suite(path: Path | str = SUITE_DIR) -> tuple[dict, list[dict]]:
    """(manifest, vectors) of a suite directory, a single .jsonl file, or a single .json vector file.
    A directory with a manifest is checked against it (every listed file present, its sha256 the
    recorded one, no unlisted file), so a report never names a suite version it did not run."""
    path = Path(path)
    if path.is_dir():
        manifest_path = path / "manifest.json"
        manifest = {}
        if manifest_path.exists():
            try:
                manifest = json.loads(_read(manifest_path))
            except json.JSONDecodeError as err:
                raise SuiteError(f"{manifest_path}: not JSON ({err.msg})") from None
            except RecursionError:
                raise SuiteError(f"{manifest_path}: nested too deeply") from None
            if not isinstance(manifest, dict):
                raise SuiteError(f"{manifest_path}: expected a JSON object (suite_version, files, ...)")
        files = sorted((path / "vectors").glob("*.jsonl")) if (path / "vectors").is_dir() else sorted(path.glob("*.jsonl"))
        listed = manifest.get("files")
        if isinstance(listed, dict):
            present = {str(f.relative_to(path)) for f in files}
            stale = sorted(present - set(listed))
            missing = sorted(set(listed) - present)
            if stale or missing:
                raise SuiteError(f"{path}: the files differ from manifest.json ("
                                 + "; ".join(x for x in (f"not listed: {', '.join(stale)}" if stale else "",
                                                         f"missing: {', '.join(missing)}" if missing else "") if x)
                                 + f"); regenerate with 'betlaw vectors generate --out {path}'")
        vectors = []
        for f in files:
            text = _read(f)
            rel = str(f.relative_to(path))
            if isinstance(listed, dict) and hashlib.sha256(text.encode()).hexdigest() != listed[rel].get("sha256"):
                raise SuiteError(f"{f}: its sha256 is not the one manifest.json records (edited by hand, or a "
                                 f"generation that did not finish); regenerate with 'betlaw vectors generate --out {path}'")
            vectors += _parse_lines(f, text)
        if not manifest:
            manifest = {"suite_version": "unversioned", "vectors": len(vectors)}
        return manifest, vectors
    text = _read(path)
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise SuiteError(f"{path}: not JSON ({err.msg})") from None
        except RecursionError:
            raise SuiteError(f"{path}: nested too deeply to be a vector") from None
        vectors = data if isinstance(data, list) else [data]
        if not all(isinstance(v, dict) for v in vectors):
            raise SuiteError(f"{path}: a vector must be a JSON object")
    else:
        vectors = _parse_lines(path, text)
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    return {"suite_version": f"file+{digest}", "vectors": len(vectors)}, vectors


def require_shape(vectors: list[dict], suite, manifest: dict | None = None) -> None:
    """Every vector has the schema's required fields, or a SuiteError names the first that does not. A
    suite whose manifest vouches for its files (each file's sha256 checked by :func:`load_suite`) is as
    generated; any other (a single file, a directory without a manifest) is checked against the whole
    schema first, as ``betlaw vectors validate`` does, so a malformed vector is named, not blamed on the
    engine."""
    from .schema import setup_mismatch, validate_vectors, vector_schema

    def refuse(vector_id, problem: str, more: int = 0):
        raise SuiteError(f"{suite}: vector {vector_id!r}: {problem}{f' (and {more} more)' if more else ''}; "
                         f"check the suite with 'betlaw vectors validate --suite {suite}'")

    required = vector_schema()["required"]
    for v in vectors:
        missing = [k for k in required if k not in v]
        problem = f"lacks {', '.join(missing)}" if missing else setup_mismatch(v)
        if problem:
            refuse(v.get("id", "(no id)"), problem)
    vouched = isinstance((manifest or {}).get("files"), dict)  # load_suite checked each listed file's sha256
    if not vouched:
        try:
            errors = validate_vectors(vectors)  # 'id: path: message'
        except ImportError:  # jsonschema is the dev extra's: without it, the required fields above are all checked
            errors = []
        if errors:
            vector_id, _, problem = errors[0].partition(": ")
            refuse(vector_id, problem, len(errors) - 1)


def check(path: Path = SUITE_DIR) -> list[str]:
    """Regenerate into a temporary directory and list the files that differ from ``path``."""
    import tempfile

    path = Path(path)
    if not path.is_dir():
        raise SuiteError(f"{path}: no such suite directory" if not path.exists() else f"{path}: not a suite directory")
    with tempfile.TemporaryDirectory() as tmp:
        try:
            m = json.loads(_read(path / "manifest.json")) if (path / "manifest.json").exists() else {}
        except json.JSONDecodeError:
            m = {}  # a broken manifest differs from the regenerated one, as any other file would
        ex = m.get("exploration", {})
        generate(Path(tmp), ex.get("per_cell", EXPLORE_PER_CELL), ex.get("seed", EXPLORE_SEED))
        diffs = []
        for f in sorted(Path(tmp).rglob("*")):
            if f.is_file():
                rel = f.relative_to(tmp)
                mine = path / rel
                if not mine.exists() or mine.read_bytes() != f.read_bytes():
                    diffs.append(str(rel))
        for f in sorted(path.rglob("*.jsonl")):
            if not (Path(tmp) / f.relative_to(path)).exists():
                diffs.append(str(f.relative_to(path)))
        return diffs
