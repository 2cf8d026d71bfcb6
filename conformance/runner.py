"""Run the conformance suite against an engine harness: ``betlaw conform``.

For every vector: skipped if the engine cannot express it (structure, feature, seat count: from the
profile it declares, or its own ``skipped`` reply) or if the vector's expectations need switch
values the rule set does not have; otherwise the harness replays it in a subprocess and the runner
compares every checkpoint: passed, failed (the first divergence, with the clause), or errored (the
engine crashed, hung or broke the protocol; the run goes on with a fresh harness).
"""
from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from betlaw.model.actions import Kind
from betlaw.model.state import HandState
from betlaw.model.turn_order import turn_clauses
from betlaw.spec.rulesets import PRESETS, SWITCHES, RuleSet, resolve

from .harness.client import HarnessClient, cannot_set, is_integer, profile_warnings, python_module, switch_values
from .talk_vectors import FEATURE as TALK_FEATURE, SKIP_REASON as TALK_SKIP, compare_talk
from .vectors import (SUITE_DIR, action_of, compatible, effective, game_of, holds_under, load_suite, require_shape,
                      setup_is_stud)

ENGINES = {
    "model": "betlaw.conformance.harness.model",
    "pokerkit": "betlaw.conformance.adapters.pokerkit",
    "open_spiel": "betlaw.conformance.adapters.open_spiel",
    "texasholdem": "betlaw.conformance.adapters.texasholdem",
    "clubs": "betlaw.conformance.adapters.clubs",
    "pypokerengine": "betlaw.conformance.adapters.pypokerengine",
}
ALIASES = {"openspiel": "open_spiel", "open-spiel": "open_spiel", "universal_poker": "open_spiel"}
OUTCOMES = ("passed", "failed", "skipped", "errored")


# the distribution each bundled engine's adapter imports (pyproject.toml's optional extra "engines")
DISTRIBUTIONS = {"pokerkit": "pokerkit", "open_spiel": "open-spiel", "texasholdem": "texasholdem", "clubs": "clubs",
                 "pypokerengine": "PyPokerEngine"}


def engine_command(engine: str) -> list[str]:
    name = ALIASES.get(engine, engine)
    if name not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; engines: {', '.join(ENGINES)} (or --harness COMMAND)")
    if name in DISTRIBUTIONS:
        from importlib.metadata import PackageNotFoundError, version
        try:
            version(DISTRIBUTIONS[name])
        except PackageNotFoundError:
            raise ValueError(f"engine {name}: {DISTRIBUTIONS[name]} is not installed; install the engines with "
                             f"pip install -e '.[engines]' (pinned versions, pyproject.toml)") from None
    return python_module(ENGINES[name])


# ---------------------------------------------------------------- the rule set to judge under


def closest_rules(profile: dict) -> RuleSet:
    """The preset that agrees with the most of the engine's switch values, with the switches it cannot
    meet overridden by the engine's own (first listed) value."""
    supported = switch_values(profile)  # "4" is the cap 4 (the schema allows strings)
    hint = profile.get("preset")

    def score(item):
        name, preset = item
        agree = sum(1 for k, values in supported.items() if k in preset.values and preset.values[k] in values)
        return (agree, name == hint)

    name, preset = max(PRESETS.items(), key=score)
    overrides = {}
    for key, values in supported.items():
        if values and preset.values.get(key) not in values:
            v = values[0]
            overrides[key] = "none" if v is None else str(v)
    return resolve(name, overrides)


def rules_message(rules: RuleSet) -> dict:
    return {"name": rules.name, "preset": rules.name.split(" + ")[0],
            "values": {k: rules.values[k] for k in SWITCHES}}


# ---------------------------------------------------------------- comparison


def _label(seat) -> str:
    return "nobody" if seat is None else f"p{seat + 1}"


def _state_at(vector: dict, rules: RuleSet, at: int) -> HandState | None:
    try:
        state = HandState(game_of(vector), rules)
        for a in vector["actions"][:at]:
            state.apply(action_of(a))
        return state
    except Exception:  # noqa: BLE001
        return None


KEY_KINDS = {"fold": (Kind.FOLD,), "check": (Kind.CHECK,), "call": (Kind.CALL,),
             "raise_to": (Kind.BET, Kind.RAISE, Kind.COMPLETE), "bring_in": (Kind.BRING_IN,),
             "fold_penalized": (Kind.FOLD,)}


def _clauses_for(vector: dict, rules: RuleSet, at: int, key: str) -> list[str]:
    """The clauses that decide ``key`` at checkpoint ``at`` (from the model)."""
    state = _state_at(vector, rules, at)
    if state is None:
        return []
    if key in ("actor", "street", "round_over"):
        return list(turn_clauses(state)) if state.actor is not None else (
            ["round.all-fold"] if state.live_players() < 2 else ["round.end"])
    if key == "pots":
        return ["pots.side"]
    L = state.legal()
    kinds = KEY_KINDS.get(key, ())
    if key == "raise_to":  # the one aggressive kind that applies here, not the refusals of the other two
        legal = [k for k in kinds if k in L.clauses]
        kinds = tuple(legal) or ((Kind.RAISE,) if state.call_level > 0 else (Kind.BET,))
    out: list[str] = []
    for kind in kinds:
        if kind in L.clauses:
            out += L.clauses[kind]
        elif kind in L.refusals:
            out += L.refusals[kind].clauses
    return list(dict.fromkeys(out))


def _expected_legal(cp: dict) -> dict | None:
    L = cp.get("legal")
    if L is None:
        return None
    rng = None
    if L["bet_or_raise"]:
        rng = [L["bet_or_raise"]["min_to"], L["bet_or_raise"]["max_to"]]
    elif L["complete_to"] is not None:  # the completion, or either of two (stud.open-pair)
        rng = [L["complete_to"], max(L.get("complete_amounts") or [L["complete_to"]])]
    return {"fold": L["fold"], "fold_penalized": L["fold_penalized"], "check": L["check"], "call": L["call"],
            "raise_to": rng, "bring_in": L["bring_in"]}


def _only_amounts(cp: dict) -> str:
    """The words for a range of which only its two ends are allowed (stud.open-pair: the small or the big bet or
    completion), else nothing: "20..30" alone would say 25 is legal too."""
    L = cp.get("legal") or {}
    only = (L.get("bet_or_raise") or {}).get("amounts") or L.get("complete_amounts")
    return f" (only {' or '.join(str(x) for x in only)}: stud.open-pair)" if only else ""


def _show(v) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v):
        return str(v[0]) if v[0] == v[1] else f"{v[0]}..{v[1]}"
    return json.dumps(v)


def _pots_norm(pots) -> list:
    return [(p["amount"], tuple(sorted(p["eligible"]))) for p in pots]


def compare(vector: dict, reply: dict, rules: RuleSet) -> dict:
    """One vector's outcome from the harness reply."""
    outcomes = [key for key in ("result", "skipped", "errored") if key in reply]
    if len(outcomes) != 1:  # protocol.schema.json, runReply: exactly one of them
        return {"outcome": "errored", "detail": "malformed reply: a run reply carries exactly one of 'result', "
                                                f"'skipped' or 'errored', got {' and '.join(outcomes) or 'none'} "
                                                f"in {json.dumps(reply)[:160]} (docs/conformance.md, the run reply)"}
    for key in ("skipped", "errored"):
        if key in reply and not (isinstance(reply[key], dict) and isinstance(reply[key].get("message"), str)):
            return {"outcome": "errored", "detail": f"malformed reply: '{key}' must be an object with a string "
                                                    f"'message', got {json.dumps(reply[key])[:80]} "
                                                    "(docs/conformance.md, the run reply)"}
    requirement = reply.get("skipped", {}).get("requirement")
    if requirement is not None and not isinstance(requirement, str):
        return {"outcome": "errored", "detail": "malformed reply: a skip's 'requirement' must be a string, got "
                                                f"{json.dumps(requirement)[:80]} (docs/conformance.md, the run reply)"}
    if "skipped" in reply:
        s = reply["skipped"]
        return {"outcome": "skipped", "skip_kind": "unsupported", "detail": s["message"],
                "requirement": requirement}
    if "errored" in reply:
        return {"outcome": "errored", "detail": reply["errored"]["message"]}
    result = reply.get("result")
    problem = _malformed(result, vector)
    if problem is not None:
        return {"outcome": "errored", "detail": f"malformed reply: {problem} (docs/conformance.md, the run reply)"}
    obs_by_at = {o.get("at"): o for o in result.get("observations", [])}
    stopped = result.get("stopped")
    prev_street = None
    unchecked: set[str] = set()
    checked = 0  # how many expectations the engine's observations were held to

    def fail(at: int, what: str, expected, got, clauses: list[str], extra: str = "") -> dict:
        actor = next((cp["actor"] for cp in vector["checkpoints"] if cp["at"] == at), None)
        where = f"checkpoint {at} (after {at} action{'s' if at != 1 else ''}, {_label(actor)} to act)"
        detail = f"{where}: {what}: expected {_show(expected)}, engine {_show(got)}{extra}"
        return {"outcome": "failed", "detail": detail, "clauses": clauses,
                "divergence": {"checkpoint": at, "what": what, "expected": expected, "engine": got}}

    for cp in vector["checkpoints"]:
        at = cp["at"]
        if stopped is not None and stopped["at"] < at:
            break
        obs = obs_by_at.get(at)
        if obs is None:
            return {"outcome": "errored", "detail": f"the harness reported nothing for checkpoint {at}"}
        if "actor" not in obs:
            unchecked.add("actor")
        else:
            checked += 1
            if obs["actor"] != cp["actor"]:
                return fail(at, "who acts", _label(cp["actor"]), _label(obs["actor"]),
                            _clauses_for(vector, rules, at, "actor"))
        if cp["actor"] is not None and cp["street"] is not None:  # the round of a turn (none once the hand is over)
            if obs.get("street") is None:
                unchecked.add("street")
            else:
                checked += 1
                if obs["street"] != cp["street"]:
                    return fail(at, "betting round", cp["street"], obs["street"],
                                _clauses_for(vector, rules, at, "street"))
        if "round_over" in cp and "actor" in obs:
            engine_over = obs["actor"] is None or (prev_street is not None and obs.get("street") is not None
                                                    and obs["street"] != prev_street)
            if engine_over != cp["round_over"] and (obs.get("street") is not None or obs["actor"] is None):
                return fail(at, "round over", cp["round_over"], engine_over,
                            ["round.end"] + _clauses_for(vector, rules, at, "round_over"))
        prev_street = obs.get("street")
        exp = _expected_legal(cp)
        got = obs.get("legal") or {}
        same_fold_rule = vector["rules"]["values"].get("fold-when-check") == rules.values["fold-when-check"]
        if exp is not None:
            for key in ("fold", "check", "call", "raise_to", "bring_in", "fold_penalized"):
                if key == "fold_penalized" and not same_fold_rule:
                    continue  # the penalty is the rule set's, not the vector's (see vectors.observable)
                if key not in got:
                    if key != "bring_in" or setup_is_stud(vector["setup"]):  # only stud has a bring-in to check
                        unchecked.add(key)
                    continue
                checked += 1
                g = got[key]
                if key == "raise_to" and g is not None:
                    g = list(g)
                if g != exp[key]:
                    return fail(at, f"legal {key.replace('_', ' ')}", exp[key], g,
                                _clauses_for(vector, rules, at, key), _only_amounts(cp) if key == "raise_to" else "")
        if "pots" in cp:
            if obs.get("pots") is None:
                unchecked.add("pots")
            elif _pots_norm(obs["pots"]) != _pots_norm(cp["pots"]):
                return fail(at, "pots", cp["pots"], obs["pots"], ["pots.side"])
            else:
                checked += 1
        if "talk" in cp:
            if obs.get("talk") is None:
                unchecked.add("table talk")
            else:
                same_fold_rule = vector["rules"]["values"].get("fold-when-check") == rules.values["fold-when-check"]
                diff = compare_talk(cp["talk"], obs["talk"], same_fold_rule)
                if diff is not None:
                    what, exp_value, got_value, clauses = diff
                    return fail(at, what, exp_value, got_value, clauses)
        if cp.get("probes") and "probes" not in obs:
            unchecked.add("probes")  # left out: the engine cannot show them (a list too short is an error)
        results = obs.get("probes", [])
        if "probes" in obs and len(results) > len(cp.get("probes", [])):
            return {"outcome": "errored", "detail": f"the harness reported {len(results)} probe results at checkpoint "
                                                    f"{at}, which has {len(cp.get('probes', []))} probes (one result "
                                                    f"per probe, in order)"}
        for i, probe in enumerate(cp.get("probes", []) if "probes" in obs else ()):
            r = results[i] if i < len(results) else None
            if r is None:
                return {"outcome": "errored", "detail": f"the harness reported no result for probe {i} at checkpoint {at}"}
            outcome = r.get("outcome")
            text = _action_text(probe["action"])
            clauses = probe.get("clauses") or _clauses_for(vector, rules, at, _key_of(probe["action"]["kind"]))
            if outcome == "inexpressible":
                unchecked.add("inexpressible probes")
                continue
            checked += 1
            if probe["expect"] == "illegal":
                if outcome == "accepted":
                    return fail(at, f"probe {text} ({probe['why']})", f"refused ({probe['reason']})", "accepted",
                                clauses, _message(r))
                if outcome == "converted":
                    return fail(at, f"probe {text} ({probe['why']})", f"refused ({probe['reason']})",
                                f"silently converted into {r.get('as', '?')}", clauses, _message(r))
            else:
                if outcome == "rejected":
                    return fail(at, f"probe {text} ({probe['why']})", "accepted", "refused", clauses, _message(r))
                if outcome == "converted":
                    return fail(at, f"probe {text} ({probe['why']})", "accepted as given",
                                f"silently converted into {r.get('as', '?')}", clauses, _message(r))
                penalized = probe["expect"] == "penalized"
                if outcome == "accepted" and "penalized" in r and r["penalized"] != penalized and same_fold_rule:
                    return fail(at, f"probe {text} ({probe['why']})", "penalized" if penalized else "no penalty",
                                "penalized" if r["penalized"] else "no penalty", clauses, _message(r))
        if stopped is not None and stopped["at"] == at:
            return _refused_action(vector, rules, stopped, fail)
    if stopped is not None and not any(cp["at"] == stopped["at"] for cp in vector["checkpoints"]):
        return _refused_action(vector, rules, stopped, fail)  # a stop between checkpoints is still a refusal
    if not checked:  # (a stop has been judged above)
        return {"outcome": "skipped", "skip_kind": "unobserved", "unchecked": sorted(unchecked),
                "detail": "the harness observed nothing this vector checks (" + ", ".join(sorted(unchecked)) + ")"}
    out = {"outcome": "passed"}
    if unchecked:
        out["unchecked"] = sorted(unchecked)
    return out


def _refused_action(vector: dict, rules: RuleSet, stopped: dict, fail) -> dict:
    """The engine stopped at an action of the hand: refused or converted it (failed), or cannot express
    it (skipped as unsupported, once every checkpoint before it has matched)."""
    at = stopped["at"]
    action = vector["actions"][at]
    if stopped["outcome"] == "inexpressible":
        return {"outcome": "skipped", "skip_kind": "unsupported",
                "requirement": f"action {_action_text(action)}{_message(stopped)}",
                "detail": f"the engine cannot express action {at} of the hand, {_action_text(action)}{_message(stopped)}"}
    how = "refused" if stopped["outcome"] == "rejected" else f"silently converted into {stopped.get('as', '?')}"
    return fail(at, f"action {_action_text(action)}", "accepted", how,
                _clauses_for(vector, rules, at, _key_of(action["kind"])), _message(stopped))


PROBE_OUTCOMES = ("rejected", "accepted", "converted", "inexpressible")
STOP_OUTCOMES = ("rejected", "converted", "inexpressible")  # an accepted action is not a stop


def _bad_legal(legal: dict) -> str | None:
    for key in ("fold", "fold_penalized", "check"):
        if key in legal and not isinstance(legal[key], bool):
            return f"legal '{key}' must be true or false, got {json.dumps(legal[key])[:40]}"
    for key in ("call", "bring_in"):
        if key in legal and legal[key] is not None and not is_integer(legal[key]):
            return f"legal '{key}' must be an integer or null, got {json.dumps(legal[key])[:40]}"
    r = legal.get("raise_to")
    if r is not None and not (isinstance(r, list) and len(r) == 2 and all(is_integer(x) for x in r)
                              and r[0] <= r[1]):
        return f"legal 'raise_to' must be [min, max] integers (min <= max) or null, got {json.dumps(r)[:40]}"
    return None


def _bad_observation(o: dict, n_seats: int) -> str | None:
    for key in ("actor", "street"):
        if o.get(key) is not None and not is_integer(o[key]):
            return f"'{key}' must be an integer or null, got {json.dumps(o[key])[:40]}"
    if o.get("actor") is not None and not 0 <= o["actor"] < n_seats:
        return f"'actor' {o['actor']} is not a seat of this {n_seats}-seat table (seats count from 0)"
    if o.get("legal") is not None:
        if not isinstance(o["legal"], dict):
            return "'legal' must be an object"
        problem = _bad_legal(o["legal"])
        if problem:
            return problem
    if "probes" in o:
        if not isinstance(o["probes"], list):
            return "'probes' must be a list"
        for r in o["probes"]:
            if not isinstance(r, dict) or r.get("outcome") not in PROBE_OUTCOMES:
                return (f"every probe result needs an 'outcome' among {', '.join(PROBE_OUTCOMES)}, got "
                        f"{json.dumps(r)[:80]}")
            if "penalized" in r and not isinstance(r["penalized"], bool):
                return f"a probe result's 'penalized' must be true or false, got {json.dumps(r['penalized'])[:80]}"
    pots = o.get("pots")
    if pots is not None and not (isinstance(pots, list) and all(
            isinstance(p, dict) and is_integer(p.get("amount")) and isinstance(p.get("eligible"), list)
            and all(is_integer(x) for x in p["eligible"]) for p in pots)):
        return f"'pots' must be a list of {{\"amount\": int, \"eligible\": [seat, ...]}}, got {json.dumps(pots)[:80]}"
    talk = o.get("talk")
    if talk is not None and not (isinstance(talk, list) and all(
            isinstance(t, dict) and "seat" in t and "status" in t for t in talk)):
        return f"'talk' must be a list of rulings (objects with 'seat' and 'status'), got {json.dumps(talk)[:80]}"
    return None


def _malformed(result, vector: dict) -> str | None:
    """What is wrong with a run reply's ``result`` (docs/conformance.md; protocol.schema.json,
    ``runReply``), or None."""
    if not isinstance(result, dict):
        return f"'result' must be an object, got {json.dumps(result)[:80]}"
    if "observations" not in result or "stopped" not in result:
        return "'result' needs 'observations' and 'stopped' (null when the engine took every action)"
    observations = result["observations"]
    if not isinstance(observations, list) or not all(isinstance(o, dict) for o in observations):
        return "'observations' must be a list of objects"
    checkpoints = {cp["at"] for cp in vector["checkpoints"]}
    seen: set[int] = set()
    for o in observations:
        if not is_integer(o.get("at")):
            return f"every observation needs an integer 'at', got {json.dumps(o)[:80]}"
        if o["at"] in seen:  # one observation per checkpoint: which of two would count?
            return f"two observations at {o['at']}"
        if o["at"] not in checkpoints:
            return f"an observation at {o['at']}, which is not a checkpoint of the vector ({sorted(checkpoints)})"
        seen.add(o["at"])
        problem = _bad_observation(o, vector["setup"]["seats"])
        if problem:
            return f"observation at {o['at']}: {problem}"
    stopped = result["stopped"]
    if stopped is not None:
        n = len(vector["actions"])
        if not isinstance(stopped, dict) or not is_integer(stopped.get("at")):
            return f"'stopped' must be an object with an integer 'at', got {json.dumps(stopped)[:80]}"
        if not 0 <= stopped["at"] < n:
            return f"'stopped' at {stopped['at']}: the hand has actions 0 to {n - 1}"
        if stopped.get("outcome") not in STOP_OUTCOMES:
            return (f"'stopped' needs an 'outcome' among {', '.join(STOP_OUTCOMES)} (an accepted action is not a "
                    f"stop), got {json.dumps(stopped.get('outcome'))}")
    return None


def _key_of(kind: str) -> str:
    return {"fold": "fold", "check": "check", "call": "call", "bring-in": "bring_in"}.get(kind, "raise_to")


def _action_text(a: dict) -> str:
    return f"p{a['seat'] + 1} {a['kind']}" + (f" to {a['to']}" if a.get("to") is not None else "")


def one_line(text: str, limit: int = 2000) -> str:
    """A detail as the reports print it: whitespace (newlines included) as single spaces, cut to ``limit``
    characters (a harness's message or stderr can hold anything)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else f"{flat[:limit]}... ({len(flat) - limit} more characters)"


def _message(r: dict) -> str:
    m = r.get("message")
    return f" ({m})" if m else ""


# ---------------------------------------------------------------- applicability


def _in_force(rules: RuleSet, key: str, value) -> bool:
    """Is ``value`` (as a harness's configure reply names it) the rule set's value of switch ``key``? A
    value that does not parse is taken as in force (the harness's words stand)."""
    if key not in SWITCHES or key not in rules.values:
        return True
    try:
        return SWITCHES[key].parse("none" if value is None else str(value)) == rules.values[key]
    except Exception:  # noqa: BLE001 - the harness's own spelling
        return True


def applicable(vector: dict, profile: dict, rules: RuleSet) -> dict | None:
    """None if the vector is to be run; else the skip record."""
    if vector["structure"] not in profile.get("structures", []):
        return {"outcome": "skipped", "skip_kind": "unsupported", "requirement": f"structure {vector['structure']}",
                "detail": f"the engine does not implement {vector['structure']}"}
    missing = [f for f in vector.get("features", []) if f not in profile.get("features", [])]
    if TALK_FEATURE in missing:
        return {"outcome": "skipped", "skip_kind": "unsupported", "requirement": f"feature {TALK_FEATURE}",
                "detail": TALK_SKIP}
    if missing:
        return {"outcome": "skipped", "skip_kind": "unsupported", "requirement": f"feature {missing[0]}",
                "detail": f"the engine cannot express: {', '.join(missing)}"}
    lo, hi = profile.get("seats", [2, 99])
    n = vector["setup"]["seats"]
    if not lo <= n <= hi:
        return {"outcome": "skipped", "skip_kind": "unsupported", "requirement": f"{n} seats",
                "detail": f"the engine plays {lo} to {hi} seats"}
    values = effective(rules, game_of(vector))
    why = compatible(vector["rules"].get("requires", {}), values)
    if why:
        return {"outcome": "skipped", "skip_kind": "rule-set", "requirement": why,
                "detail": f"the vector's expectations need {why}"}
    if values != vector["rules"].get("values", values) and not holds_under(vector, rules):
        # switches interact: several changed at once can change what each alone does not
        differ = ", ".join(f"{k}={_shown(values[k])}" for k in values if values[k] != vector["rules"]["values"].get(k))
        return {"outcome": "skipped", "skip_kind": "rule-set", "requirement": f"rule set {vector['rules']['preset']}",
                "detail": f"under {differ} together the vector's expectations change"}
    return None


def _shown(value) -> str:
    return "none" if value is None else str(value)


# ---------------------------------------------------------------- the run


@dataclass
class Run:
    engine: str
    implementation: dict
    profile: dict
    rules: RuleSet
    manifest: dict
    suite_path: str
    results: list[dict] = field(default_factory=list)
    seconds: float = 0.0
    started: str = ""
    unsupported_switches: dict = field(default_factory=dict)  # the configure reply's, and values outside the profile's
    warnings: list[str] = field(default_factory=list)  # names in the profile betlaw does not know
    command: list[str] = field(default_factory=list)  # how the harness was started

    def counts(self) -> dict:
        c = {k: 0 for k in OUTCOMES}
        for r in self.results:
            c[r["outcome"]] += 1
        return c

    def partly_checked(self) -> dict:
        """Of the passed vectors, how many left each expected field unchecked (the harness did not
        report it), and the fields the profile says it observes that it left unreported somewhere."""
        fields = Counter(f for r in self.results if r["outcome"] == "passed" for f in r.get("unchecked", []))
        vectors = sum(1 for r in self.results if r["outcome"] == "passed" and r.get("unchecked"))
        declared = set(self.profile.get("observes", []))
        return {"vectors": vectors, "unchecked": dict(sorted(fields.items(), key=lambda kv: (-kv[1], kv[0]))),
                "declared_but_unreported": sorted(f for f in fields if f in declared)}

    def compliance(self) -> dict:
        c = self.counts()
        run = c["passed"] + c["failed"] + c["errored"]
        unsupported = sum(1 for r in self.results if r.get("skip_kind") in ("unsupported", "unobserved"))
        return {
            "compliance": round(c["passed"] / run, 4) if run else None,
            "strict": round(c["passed"] / (run + unsupported), 4) if run + unsupported else None,
            "rule": ("compliance = passed / (passed + failed + errored): errored vectors count against the "
                     "engine, skipped ones are left out; strict = passed / (passed + failed + errored + "
                     "skipped as unsupported): vectors the engine cannot express count against it too. "
                     "Vectors skipped because they need other rule-switch values never count."),
        }

    def deviations(self) -> list[dict]:
        return [{"vector": r["id"], "clauses": r.get("clauses", []), "detail": r["detail"]}
                for r in self.results if r["outcome"] == "failed"]

    def errors(self) -> list[dict]:
        return [{"vector": r["id"], "detail": r["detail"]} for r in self.results if r["outcome"] == "errored"]

    def skipped(self) -> dict:
        """Skipped vectors by why: the engine cannot express them, the rule set differs, or the engine
        reported nothing they check."""
        kinds = Counter(r.get("skip_kind") for r in self.results if r["outcome"] == "skipped")
        return {"unsupported": kinds["unsupported"], "rule_set": kinds["rule-set"], "unobserved": kinds["unobserved"]}

    def summary_json(self) -> dict:
        comp = self.compliance()
        return {"engine": self.engine, "engine_version": str(self.implementation.get("version", "?")),
                "rules": self.rules.name, "suite_version": self.manifest.get("suite_version", "?"),
                "counts": self.counts(), "skipped": self.skipped(), "compliance": comp["compliance"],
                "strict_compliance": comp["strict"], "engine_cannot_set": self.unsupported_switches,
                "warnings": self.warnings, "partly_checked": self.partly_checked(), "deviations": self.deviations(),
                "errored": self.errors()}


def _progress(done: int, total: int, counts: dict) -> None:
    width = 30
    fill = int(width * done / total) if total else width
    sys.stderr.write(f"\r[{'=' * fill}{' ' * (width - fill)}] {done}/{total}  "
                     f"passed {counts['passed']} failed {counts['failed']} skipped {counts['skipped']} "
                     f"errored {counts['errored']}")
    sys.stderr.flush()


def run_suite(engine: str | None = None, rules_name: str | None = None, overrides: dict | None = None,
              suite: str | Path = SUITE_DIR, harness: list[str] | None = None, timeout: float = 10.0,
              jobs: int = 1, progress: bool | None = None, select=None, ignore_requirements: bool = False,
              only: list[str] | None = None) -> Run:
    """Run the suite. ``only`` (ids or id prefixes) and ``select(vector) -> bool`` narrow it;
    ``ignore_requirements`` runs every vector the engine can express whatever switch values it needs
    (for ``betlaw profile``)."""
    manifest, vectors = load_suite(suite)
    require_shape(vectors, suite, manifest)
    if not vectors:
        raise ValueError(f"{suite}: the suite holds no vectors")
    if only:  # --only: an exact vector id picks that vector alone (some ids are prefixes of others), else a prefix
        ids = {v["id"] for v in vectors}
        vectors = [v for v in vectors if any(v["id"] == p if p in ids else v["id"].startswith(p) for p in only)]
    if select is not None:
        vectors = [v for v in vectors if select(v)]
    if only and not vectors:
        raise ValueError(f"--only {' '.join(only)}: no vector id starts with {'it' if len(only) == 1 else 'any of them'}")
    if select is not None and not vectors:
        raise ValueError("no vector of the suite is selected")
    command = harness or engine_command(engine)
    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    t0 = time.monotonic()
    jobs = max(1, min(jobs, len(vectors) or 1, os.cpu_count() or 1))  # no more harnesses than work or cores
    clients = [HarnessClient(command, timeout=timeout) for _ in range(jobs)]
    try:
        hello = clients[0].start()
        profile = hello.get("profile", {})
        implementation = {**hello["implementation"], **{k: one_line(hello["implementation"][k], 200)
                                                         for k in ("name", "version")}}  # shown on one line
        name = engine or implementation["name"]  # a harness is named by its own start reply
        # --rule alone adjusts the rule set closest to the engine's profile, as --rules would name it
        rules = resolve(rules_name, overrides) if rules_name else closest_rules(profile).with_overrides(overrides or {})
        message = rules_message(rules)
        reply = clients[0].configure(message)
        for c in clients[1:]:
            c.start()
            c.configure(message)
        refused = reply.get("unsupported", {}) if isinstance(reply, dict) else {}
        refused = {k: v for k, v in refused.items() if _in_force(rules, k, v)}  # not a value this rule set has
        run = Run(name, implementation, profile, rules, manifest, str(suite), started=started,
                  unsupported_switches={**cannot_set(profile, rules.values), **refused},
                  warnings=profile_warnings(profile), command=command)
        results: list[dict | None] = [None] * len(vectors)
        todo: list[int] = []
        for i, v in enumerate(vectors):
            skip = applicable(v, profile, rules)
            if skip is not None and (not ignore_requirements or skip["skip_kind"] != "rule-set"):
                results[i] = {"id": v["id"], **skip}
            else:
                todo.append(i)
        show = sys.stderr.isatty() if progress is None else progress
        counts = {k: 0 for k in OUTCOMES}
        for r in results:
            if r is not None:
                counts[r["outcome"]] += 1
        lock = threading.Lock()
        done = [len(vectors) - len(todo)]

        def worker(client: HarnessClient, share: list[int]) -> None:
            for i in share:
                v = vectors[i]
                values = effective(rules, game_of(v))
                t = time.monotonic()
                try:
                    reply = client.run(v, values)
                    outcome = compare(v, reply, rules)
                except Exception as err:  # noqa: BLE001 - a malformed reply is the harness's error
                    outcome = {"outcome": "errored", "detail": f"malformed reply: {type(err).__name__}: {err}"}
                outcome = {"id": v["id"], **outcome, "seconds": round(time.monotonic() - t, 4)}
                if "detail" in outcome:  # the harness's own words among them: one line, of a bounded length
                    outcome["detail"] = one_line(outcome["detail"])
                if outcome["outcome"] == "failed" and not outcome.get("clauses"):
                    outcome["clauses"] = [c["id"] for c in v.get("clauses", [])][:3]
                with lock:
                    results[i] = outcome
                    counts[outcome["outcome"]] += 1
                    done[0] += 1
                    if show:
                        _progress(done[0], len(vectors), counts)

        threads = [threading.Thread(target=worker, args=(c, todo[k::jobs])) for k, c in enumerate(clients)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        if show:
            sys.stderr.write("\n")
        run.results = [r for r in results if r is not None]
        for r, v in zip(run.results, vectors):
            r.setdefault("vector_clauses", [c["id"] for c in v.get("clauses", [])])
            r.setdefault("actions", len(v["actions"]))
        run.seconds = round(time.monotonic() - t0, 2)
        return run
    finally:
        for c in clients:
            c.stop()
