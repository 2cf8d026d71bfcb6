"""Scenario files with their expected answers: PHH hands carrying ``[[_expect]]`` tables.

Each expectation is a question for ``betlaw ask`` and what the rule texts say it must answer:
``answer``, optionally ``clauses`` (each must be among the answer's clauses), ``actor``,
``round_over``, ``legal`` (a subset of the legal object; the string "none" stands for null), ``pots``; ``rules``/``rule`` ask under
another rule set; ``upto`` cuts the hand after that many actions. Table talk (docs/table-talk.md): ``events`` replaces the
file's ``_betlaw_events`` for this question (one file, several alternative things said at one point), and ``talk`` is a
subset of the answer's table-talk keys (``binding``, ``status``, ``bound_to``, ``make_up``, ``returned``, ``options``, ...).
"""
from __future__ import annotations

import dataclasses
from decimal import Decimal
from pathlib import Path

from betlaw.conformance.ask import Answerer
from betlaw.conformance.phh import read_path
from betlaw.conformance.questions import parse
from betlaw.spec.rulesets import parse_assignments

SCENARIOS = Path(__file__).parent / "scenarios"


def scenario_files() -> list[Path]:
    return sorted(SCENARIOS.glob("*.phh"))


def expectations():
    for path in scenario_files():
        ((_, scenario),) = read_path(str(path))
        for i, expect in enumerate(scenario.fields.get("_expect", [])):
            yield pytest_id(path, i, expect), scenario, expect


def pytest_id(path: Path, i: int, expect: dict) -> str:
    return f"{path.stem}[{i}] {expect['question']}" + (f" ({expect['rules']})" if "rules" in expect else "")


def _norm(value):
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dict):
        return {k: _norm(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_norm(v) for v in value]
    return value


def _subset(expected, actual, path="legal"):
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{path}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{path}.{key} missing"
            _subset(value, actual[key], f"{path}.{key}")
    elif expected == "none":
        assert actual is None, f"{path}: expected null, got {actual!r}"
    else:
        assert _norm(expected) == actual, f"{path}: expected {_norm(expected)!r}, got {actual!r}"


def ask(scenario, expect) -> dict:
    if "events" in expect:
        from betlaw.conformance.phh import scenario_from_fields

        fields = {k: v for k, v in scenario.fields.items() if k != "_expect"}
        fields["_betlaw_events"] = expect["events"]
        scenario = dataclasses.replace(scenario_from_fields(fields, scenario.source), fields=scenario.fields)
    if "upto" in expect:
        scenario = dataclasses.replace(scenario, events=scenario.events[: expect["upto"]])
    rules = scenario.rules(expect.get("rules"), parse_assignments(expect.get("rule", [])))
    return Answerer(scenario, rules).answer(parse(expect["question"]))


def check(scenario, expect) -> dict:
    result = ask(scenario, expect)
    context = f"{expect['question']} -> {result['answer']}: {result['explanation']} clauses={result['clauses']}"
    if "answer" in expect:
        assert result["answer"] == expect["answer"], context
    for clause in expect.get("clauses", []):
        assert clause in result["clauses"], f"clause {clause} not among {result['clauses']} ({context})"
    for key in ("actor", "round_over"):
        if key in expect:
            assert result[key] == expect[key], f"{key}: expected {expect[key]!r}, got {result[key]!r} ({context})"
    if "legal" in expect:
        _subset(expect["legal"], result["legal"])
    if "pots" in expect:
        assert result["pots"] == _norm(expect["pots"]), f"pots: {result['pots']} ({context})"
    if "talk" in expect:
        _subset(expect["talk"], result, "talk")
    return result
