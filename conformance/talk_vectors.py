"""Table-talk vectors (issue 7): hands with words, chips and gestures, and the ruling they bind to.

A talk vector is an ordinary vector (:mod:`betlaw.conformance.vectors`) with three more things:

* ``chips``: the chip denominations in play (chip units);
* ``events``: the table talk, in order, each ``{seat, after, kind, words | chips | gesture,
  in_turn?}``; ``after`` counts the vector's ``actions`` before it, ``words`` are in the vocabulary
  of docs/table-talk.md with every amount in chip units (written back from the parsed phrases);
* on every checkpoint from the first talk on, ``talk``: the ruling of every group of talk so far as a
  question asked at that point would be told it (``seat``, ``status``, ``binding``, ``bound_to``,
  ``options``, ``make_up``, ``returned``, ``amount_range``, ``penalized``, ``conflict``, and
  ``clauses``: the declaration clauses that decide it).

The feature ``table-talk`` marks them: an engine without a table-talk layer skips them ("no
table-talk layer"); betlaw's own model harness rules on the talk with
:func:`betlaw.model.declarations.judge` and must pass them.

Sources: every talk scenario of ``tests/scenarios`` (its own talk and each alternative talk its
``[[_expect]]`` tables ask about, under its rule set and every rule set they name), and the
declaration witnesses (:mod:`betlaw.spec.declaration_witnesses`), one vector per distinct hand.
``requires`` covers the talk too: the switch values under which both the betting checkpoints and
the rulings stay exactly the same.
"""
from __future__ import annotations

import json
from pathlib import Path

from betlaw.model.actions import Action, Kind
from betlaw.model.declarations import GESTURES, Move, TableEvent, Talk, judge, parse_words
from betlaw.model.state import HandState
from betlaw.spec.catalogue import catalogue
from betlaw.spec.rulesets import SWITCHES, RuleSet

FEATURE = "table-talk"
SKIP_REASON = "no table-talk layer"
VERB = {Kind.FOLD: "f", Kind.CHECK: "cc", Kind.CALL: "cc", Kind.BRING_IN: "pb"}


# ---------------------------------------------------------------- events <-> JSON


def event_json(e: TableEvent, after: int) -> dict:
    out: dict = {"seat": e.seat, "after": after, "kind": str(e.kind.value)}
    if e.kind is Talk.SAY:
        out["words"] = " and ".join(str(p) for p in e.phrases)
    if e.chips:
        out["chips"] = list(e.chips)
    if e.kind is Talk.GESTURE:
        out["gesture"] = e.gesture
    if e.in_turn is not None:
        out["in_turn"] = e.in_turn
    return out


def events_of(vector: dict) -> list[TableEvent]:
    """A vector's ``events`` as the model's table events (chip units throughout)."""
    out = []
    for i, d in enumerate(vector.get("events", [])):
        kind = Talk(d["kind"])
        phrases = parse_words(d["words"]) if kind is Talk.SAY else ()
        gesture = d.get("gesture")
        if kind is Talk.GESTURE and gesture not in GESTURES:
            raise ValueError(f"events[{i}]: unknown gesture {gesture!r}")
        out.append(TableEvent(seat=d["seat"], kind=kind, after=d["after"], phrases=phrases,
                              chips=tuple(d.get("chips", ())), gesture=gesture,
                              words=d.get("words") or gesture or "", in_turn=d.get("in_turn"), index=i))
    return out


def moves_of(actions: list[Action]) -> list[Move]:
    return [Move(i, a.seat, VERB.get(a.kind, "cbr"), a.to if a.kind not in VERB else None, str(a))
            for i, a in enumerate(actions)]


def ruling_json(r) -> dict:
    act = r.action
    clauses = [c for w in r.reasons for c in w.clauses if c in _declaration_ids()]
    return {
        "seat": r.seat,
        "status": r.status,
        "binding": r.binding,
        "bound_to": None if act is None else {"kind": str(act.kind), "to": act.to},
        "options": [str(k) for k in r.options],
        "make_up": None if r.make_up is None else max(r.make_up, 0),
        "returned": max(-(r.make_up or 0), 0),
        "amount_range": None if r.min_to is None else {"min_to": r.min_to, "max_to": r.max_to},
        "penalized": r.penalized,
        "conflict": r.conflict,
        "clauses": list(dict.fromkeys(clauses)),
    }


def _declaration_ids() -> set[str]:
    return {c.id for c in catalogue().values() if c.layer == "declaration"}


def rulings_by_point(game, rules: RuleSet, actions: list[Action], events: list[TableEvent],
                     denominations: tuple[int, ...]) -> dict[int, list[dict]]:
    """``{at: [ruling, ...]}``: the rulings of the talk as they stand after ``at`` actions, from the
    first talk on (the model's :func:`judge`, one pass)."""
    out: dict[int, list[dict]] = {}
    first = min((e.after for e in events), default=None)

    def seen(pos: int, rulings) -> None:
        if first is not None and pos >= first:
            out[pos] = [ruling_json(r) for r in rulings]

    judge(HandState(game, rules), moves_of(actions), events, denominations, at_point=seen)
    return out


# ---------------------------------------------------------------- building a vector


def talk_vector(vid: str, description: str, game, rules: RuleSet, preset: str, overrides: dict,
                actions: list[Action], events: list[TableEvent], denominations: tuple[int, ...], source: dict,
                focus: list[str]) -> dict:
    from .vectors import CAP_VALUES, build, effective, narrow_against_presets

    v = build(vid, description, game, rules, preset, overrides, actions, source, focus)
    applied = [Action(a["seat"], Kind(a["kind"]), a.get("to")) for a in v["actions"]]
    mine = rulings_by_point(game, rules, applied, events, denominations)
    v["features"] = sorted(set(v["features"]) | {FEATURE})
    if denominations:
        v["chips"] = list(denominations)
    v["events"] = [event_json(e, e.after) for e in events]
    for cp in v["checkpoints"]:
        if cp["at"] in mine:
            cp["talk"] = mine[cp["at"]]
    extra = [c for rs in mine.values() for r in rs for c in r["clauses"]]
    ids = [c["id"] for c in v["clauses"]]
    order = {c: i for i, c in enumerate(catalogue())}
    v["clauses"] = v["clauses"] + _cite([c for c in sorted(set(extra) - set(ids), key=order.get)])
    # requires: the talk must stay the same too
    base = _observable(mine)
    req = {k: list(vals) for k, vals in v["rules"]["requires"].items()}
    values = effective(rules, game)
    for key, switch in SWITCHES.items():
        allowed = req.get(key, list(CAP_VALUES if key == "cap" else switch.values))
        keep = []
        for value in allowed:
            if value == values[key] or _same(game, _variant(rules, key, value), applied, events, denominations, base):
                keep.append(value)
        if len(keep) < len(CAP_VALUES if key == "cap" else switch.values) or key in req:
            req[key] = keep
    # switches interact: narrow where a preset still differs, on the switches that together make the difference
    req = narrow_against_presets(game, rules, req, lambda other: _same(game, other, applied, events, denominations, base))
    v["rules"]["requires"] = {k: vals for k, vals in sorted(req.items())}
    return v


def _cite(ids: list[str]) -> list[dict]:
    from .vectors import citations

    return citations(ids)


def _variant(rules: RuleSet, key: str, value) -> RuleSet:
    return rules.with_overrides({key: "none" if value is None else str(value)})


def _observable(points: dict) -> str:
    """What an engine with a table-talk layer is checked on (the penalty aside, as for the legal set)."""
    return json.dumps({at: [{k: v for k, v in r.items() if k != "penalized"} for r in rs]
                       for at, rs in points.items()}, sort_keys=True)


def _same(game, rules: RuleSet, actions, events, denominations, base: str) -> bool:
    try:
        return _observable(rulings_by_point(game, rules, actions, events, denominations)) == base
    except Exception:  # noqa: BLE001 - talk the model cannot rule on under these rules: not the same
        return False


# ---------------------------------------------------------------- sources


def _vector_after(scenario, e: TableEvent) -> int:
    """A PHH event's ``after`` (entries of ``actions``, deals included) -> betting actions before it."""
    return sum(1 for x in scenario.events[: e.after] if x.is_bet_action)


def _with_vector_after(scenario, events) -> list[TableEvent]:
    from dataclasses import replace

    return [replace(e, after=_vector_after(scenario, e)) for e in events]


def scenario_talk_vectors(directory: Path | None = None) -> list[dict]:
    """One vector per talk scenario file, per alternative talk its ``[[_expect]]`` tables try, per
    rule set they ask under."""
    from betlaw.spec.rulesets import parse_assignments

    from .phh import scenario_from_fields
    from .scenario import ScenarioError
    from .vectors import SCENARIO_DIR, _finite, _scenario_actions, scenario_hands

    out = []
    for path, key, scenario in scenario_hands(directory or SCENARIO_DIR):
        expects = scenario.fields.get("_expect", [])
        alternatives = [(None, scenario)]
        for e in expects:
            if "events" in e and all(json.dumps(e["events"], sort_keys=True, default=str) != a
                                     for a, _ in alternatives):
                fields = {k: v for k, v in scenario.fields.items() if k != "_expect"}
                fields["_betlaw_events"] = e["events"]
                try:
                    alternatives.append((json.dumps(e["events"], sort_keys=True, default=str),
                                         scenario_from_fields(fields, str(path))))
                except ScenarioError:
                    continue
        seen = set()
        for n, (label, sc) in enumerate(alternatives):
            if not sc.talk:
                continue
            rule_sets = [(sc.preset, {})] + [(e.get("rules", sc.preset), parse_assignments(e.get("rule", [])))
                                             for e in expects if "rules" in e or "rule" in e]
            focus = [c for e in expects for c in e.get("clauses", []) if c in _declaration_ids()]
            for preset, extra in rule_sets:
                overrides = {**sc.overrides, **extra}
                sig = json.dumps([n, preset or "tda-2024", sorted(overrides.items())])
                if sig in seen:
                    continue
                seen.add(sig)
                try:
                    rules = sc.rules(preset, extra)
                    game = _finite(sc.game)
                    actions = _scenario_actions(sc, game, rules)
                    events = _with_vector_after(sc, sc.talk)
                    name = path.stem + (f"#{key}" if key else "") + (f"+{n}" if n else "")
                    suffix = "" if preset in (None, sc.preset) and not extra else "@" + (preset or "tda-2024") + \
                        "".join(f",{k}={v}" for k, v in sorted(extra.items()))
                    said = "; ".join(str(e) for e in sc.talk)
                    out.append(talk_vector(
                        f"talk/example/{name}{suffix}", f"{name}: {said}", game, rules, preset or "tda-2024",
                        {k: str(v) for k, v in sorted(overrides.items())}, actions, events, sc.denominations,
                        {"kind": "worked-example", "file": f"tests/scenarios/{path.name}",
                         **({"hand": key} if key else {})}, focus))
                except Exception:  # noqa: BLE001 - talk the model cannot rule on is not a vector
                    continue
    return out


def witness_talk_vectors(records: list[dict] | None = None) -> list[dict]:
    """The declaration witnesses as vectors: one per distinct hand and talk (a hand that is the witness
    of several clauses, or under several presets, is one vector listing them all), built under the
    first preset it is a witness under, and again under another only if ``requires`` excludes it."""
    from betlaw.spec.declaration_witnesses import compute

    from .phh import read_text
    from .vectors import _scenario_actions, compatible, effective

    if records is None:
        records = compute()
    groups: dict[str, list[dict]] = {}
    for r in records:
        if "none" in r:
            continue
        hand = "\n".join(line for line in r["phh"].splitlines() if not line.startswith("_betlaw_rules"))
        groups.setdefault(hand, []).append(r)
    out = []
    for hand, rs in groups.items():
        built: list[dict] = []
        for r in rs:
            (_, scenario), = read_text(r["phh"], "witness")
            rules = scenario.rules(r["rules"])
            game = scenario.game
            if any(compatible(v["rules"]["requires"], effective(rules, game)) is None for v in built):
                continue  # a vector of this hand already holds under this preset
            focus = list(dict.fromkeys(x["clause"] for x in rs))
            vid = f"talk/witness/{r['clause']}/{r['kind']}/{r['rules']}"
            roles = "; ".join(f"{x['kind']} {x['clause']} ({x['rules']})" for x in rs)
            actions = _scenario_actions(scenario, game, rules)
            events = _with_vector_after(scenario, scenario.talk)
            built.append(talk_vector(vid, f"solver witness: {roles}; {r['question']} -> {r['answer']}", game,
                                     rules, r["rules"], {}, actions, events, scenario.denominations,
                                     {"kind": "witness", "clause": r["clause"], "role": r["kind"]}, focus))
        out += built
    out.sort(key=lambda v: v["id"])
    return out


def talk_vectors(directory: Path | None = None, witnesses: bool = True) -> list[dict]:
    return scenario_talk_vectors(directory) + (witness_talk_vectors() if witnesses else [])


# ---------------------------------------------------------------- the harness side


def model_rulings(case: dict, rules: RuleSet) -> dict[int, list[dict]]:
    """What betlaw's model rules on a talk vector's events (the model harness reports it)."""
    from .vectors import action_of, game_of

    actions = [action_of(a) for a in case["actions"]]
    return rulings_by_point(game_of(case), rules, actions, events_of(case), tuple(case.get("chips", ())))


def compare_talk(expected: list[dict], got: list[dict], same_fold_rule: bool) -> tuple[str, object, object, list[str]] | None:
    """The first difference between expected and observed rulings: (what, expected, engine, clauses)."""
    if len(got) != len(expected):
        return "table talk: rulings", len(expected), len(got), [c for r in expected for c in r["clauses"]]
    for e, g in zip(expected, got):
        for key in ("seat", "status", "binding", "bound_to", "options", "make_up", "returned", "amount_range",
                    "conflict", "penalized", "clauses"):
            if key == "penalized" and not same_fold_rule:
                continue
            if key in ("clauses",) and key not in g:
                continue
            if g.get(key) != e.get(key):
                return f"table talk of p{e['seat'] + 1}: {key.replace('_', ' ')}", e.get(key), g.get(key), e["clauses"]
    return None
