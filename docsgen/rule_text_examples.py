"""The worked examples of the rule texts (``tests/scenarios/*.phh``) as examples for the clause pages.

Each scenario file is a hand from a rule text (TDA 2024 Addendum, the seeds, Robert's, engine
behaviour) with its comment naming the source and ``[[_expect]]`` questions listing the clauses
that decide them (tests/scenario_expectations.py checks them). For each clause the first file
(in name order) with a question naming the clause is its example; questions that cut the hand
(``upto``) or replace its table talk (``events``) come after those that ask about the file as it is.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from betlaw.conformance.phh import dumps, read_path, scenario_from_fields
from betlaw.conformance.scenario import Scenario
from betlaw.spec.rulesets import parse_assignments

from .examples import Example

SCENARIO_DIR = Path("tests") / "scenarios"


@dataclass(frozen=True)
class RuleTextExample:
    path: str  # relative to the repository root
    text: str
    scenario: Scenario
    expect: dict

    def comment(self) -> str:
        lines = []
        for line in self.text.splitlines():
            if not line.startswith("#"):
                break
            lines.append(line.lstrip("#").strip())
        return " ".join(x for x in lines if x)

    def example(self, compare: bool) -> Example:
        sc = self.scenario
        notes = []
        text, command_file = self.text, self.path
        if "events" in self.expect:
            fields = {k: v for k, v in sc.fields.items() if k != "_expect"}
            fields["_betlaw_events"] = self.expect["events"]
            sc = dataclasses.replace(scenario_from_fields(fields, sc.source), fields=sc.fields)
            notes.append("The question is asked with other table talk than the file's own (its expectation's "
                         "events); the PHH below carries that talk.")
            text, command_file = dumps(fields), None  # the hand as asked, to run as it is shown (review BT)
        if "upto" in self.expect:
            sc = dataclasses.replace(sc, events=sc.events[: self.expect["upto"]])
            notes.append(f"The question is asked after the first {self.expect['upto']} entries of the hand's "
                         "actions.")
        intro = (f"From {self.path}: {self.comment()}",) + tuple(notes)
        return Example(sc, text, self.expect["question"], preset=self.expect.get("rules"),
                       overrides=parse_assignments(self.expect.get("rule", [])), intro=intro,
                       compare_presets=compare, command_file=command_file, upto=self.expect.get("upto"))


def collect(root: Path) -> dict[str, RuleTextExample]:
    """Clause id -> its example, from the scenario files under ``root``."""
    candidates: dict[str, list[tuple[int, str, int, RuleTextExample]]] = {}
    for path in sorted((root / SCENARIO_DIR).glob("*.phh")):
        rel = path.relative_to(root).as_posix()
        ((_, scenario),) = read_path(str(path))
        text = path.read_text(encoding="utf-8")
        for i, expect in enumerate(scenario.fields.get("_expect", [])):
            altered = int("upto" in expect or "events" in expect)
            for cid in expect.get("clauses", []):
                candidates.setdefault(cid, []).append((altered, rel, i, RuleTextExample(rel, text, scenario, expect)))
    return {cid: min(found, key=lambda x: x[:3])[3] for cid, found in candidates.items()}
