"""Infer an engine's rule set from its behaviour on the suite: ``betlaw profile --engine NAME``.

Every vector the engine can express is run, whatever switch values it needs. A vector the engine
passes shows that the engine's behaviour is consistent with the switch values the vector requires
(of a switch, when the engine's other switches have the vector's values: requirements are worked out
one switch at a time, and switches interact), so for each switch the values that no passed vector excludes are the ones the
engine matches (none left: it matches none). Vectors that fail although the inferred rule set meets their requirements
are deviations no switch explains: the engine's bugs, each group shown by its smallest vector.
"""
from __future__ import annotations

import re
from collections import defaultdict

from betlaw.spec.rulesets import SWITCHES

from .runner import Run, run_suite
from .vectors import CAP_VALUES, compatible, effective, game_of, load_suite


def _values(key: str) -> list:
    return list(CAP_VALUES if key == "cap" else SWITCHES[key].values)


def infer(run: Run, vectors: dict) -> dict:
    evidence: dict = {k: {v: 0 for v in _values(k)} for k in SWITCHES}
    excluded: dict = {k: defaultdict(list) for k in SWITCHES}
    for r in run.results:
        if r["outcome"] != "passed":
            continue
        vec = vectors[r["id"]]
        req = vec["rules"].get("requires", {})
        values = effective(run.rules, game_of(vec))
        own = vec["rules"]["values"]
        for key, allowed in req.items():
            # A vector's requirements are worked out one switch at a time from its own rule set (switches
            # interact): a pass tells about this switch only when the engine's other switches are the vector's.
            if any(values[k] != own.get(k) for k in values if k != key):
                continue
            for v in _values(key):
                if v in allowed:
                    evidence[key][v] += 1
                else:
                    excluded[key][v].append(r["id"])
    switches = {}
    base = run.rules
    for key in SWITCHES:
        consistent = [v for v in _values(key) if not excluded[key][v]]
        seen = sum(evidence[key].values())
        if not seen:
            verdict = {"match": None, "status": "undetermined", "note": "no vector the engine passed depends on it"}
        elif not consistent:
            verdict = {"match": None, "status": "matches none",
                       "note": "; ".join(f"{_show(v)} excluded by {ids[0]}" for v, ids in excluded[key].items())}
        elif len(consistent) == 1:
            verdict = {"match": consistent[0], "status": "matched", "evidence": evidence[key][consistent[0]]}
        else:
            verdict = {"match": consistent, "status": "ambiguous",
                       "note": "the passed vectors do not tell these values apart"}
        verdict["configured"] = base.values.get(key)
        switches[key] = verdict
    overrides = {}
    for key, v in switches.items():
        if v["status"] == "matched" and v["match"] != base.values.get(key):
            overrides[key] = "none" if v["match"] is None else str(v["match"])
    inferred = base.with_overrides(overrides) if overrides else base
    bugs: dict = defaultdict(list)
    explained = 0
    for r in run.results:
        if r["outcome"] != "failed":
            continue
        vec = vectors[r["id"]]
        why = compatible(vec["rules"].get("requires", {}), effective(inferred, game_of(vec)))
        if why:
            explained += 1
            continue
        what = re.sub(r"\d+", "N", r.get("divergence", {}).get("what", "?"))
        bugs[(what, tuple(r.get("clauses", [])))].append(r)
    unexplained = []
    for (what, clauses), rs in sorted(bugs.items(), key=lambda kv: -len(kv[1])):
        smallest = min(rs, key=lambda r: (r.get("actions", 0), r["id"]))
        unexplained.append({"what": what, "clauses": list(clauses), "vectors": len(rs),
                            "minimal": smallest["id"], "detail": smallest["detail"]})
    return {"engine": run.engine, "engine_version": str(run.implementation.get("version", "?")),
            "configured": base.name, "inferred": inferred.name, "switches": switches,
            "counts": run.counts(), "explained_by_switches": explained, "unexplained": unexplained,
            "errored": run.errors()}


def _show(v) -> str:
    return "none" if v is None else str(v)


def profile(engine: str | None = None, suite=None, harness=None, timeout: float = 10.0, jobs: int = 1,
            rules_name: str | None = None, progress: bool | None = None) -> dict:
    kwargs = {"suite": suite} if suite else {}
    run = run_suite(engine, rules_name, None, harness=harness, timeout=timeout, jobs=jobs, progress=progress,
                    ignore_requirements=True, **kwargs)
    _, vectors = load_suite(suite) if suite else load_suite()
    return infer(run, {v["id"]: v for v in vectors})


def text(result: dict) -> str:
    none = [k for k, v in result["switches"].items() if v["status"] == "matches none"]
    # settled: some switch's value told apart from the others by the passed vectors (or matching none)
    settled = any(v["status"] == "matches none" or v["status"] == "matched" and not isinstance(v["match"], list)
                  for v in result["switches"].values())
    fits = f"behaviour fits {result['inferred']}" if not none else \
        f"behaviour fits no rule set: {', '.join(none)} match{'es' if len(none) == 1 else ''} none of the values " \
        f"(closest: {result['inferred']})"
    if not settled:  # a vector tells about a switch only when the engine's other switches are its rule set's
        fits = (f"no switch settled: no passed vector was judged under a rule set close enough to "
                f"{result['configured']} to tell its switches apart")
    lines = [f"engine {result['engine']} {result['engine_version']}: run under {result['configured']}; {fits}",
             f"vectors: {', '.join(f'{k} {v}' for k, v in result['counts'].items())}", "",
             "switch                         matches                 evidence"]
    for key, v in result["switches"].items():
        m = v["match"]
        shown = ("/".join(_show(x) for x in m) if isinstance(m, list) else _show(m)) if v["status"] != "matches none" \
            else "NONE"
        if v["status"] == "undetermined":
            shown = "?"
        ev = f"{v.get('evidence', '')} vectors" if v["status"] == "matched" else v.get("note", "")
        lines.append(f"{key:30} {shown:23} {ev}"[:160])
    lines += ["", f"failed vectors explained by switch values: {result['explained_by_switches']}",
              f"deviations no switch explains: {sum(u['vectors'] for u in result['unexplained'])} vectors "
              f"in {len(result['unexplained'])} groups"]
    for u in result["unexplained"]:
        lines.append(f"- {u['what']} [{', '.join(u['clauses'])}]: {u['vectors']} vectors; minimal {u['minimal']}: "
                     f"{u['detail']}")
    errored = result.get("errored", [])
    if errored:
        lines += ["", f"errored vectors (crashed, hung or broke the protocol; they count against the engine): "
                      f"{len(errored)}"]
        lines += [f"- {e['vector']}: {e['detail']}" for e in errored[:10]]
        if len(errored) > 10:
            lines.append(f"- ... {len(errored) - 10} more")
    return "\n".join(lines) + "\n"
