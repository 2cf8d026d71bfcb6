"""``betlaw replay``: check every player action of every hand against the rules."""
from __future__ import annotations

from dataclasses import dataclass, field

from betlaw.spec.rulesets import RuleError

from .phh import read_path
from .scenario import ScenarioError, play


@dataclass
class ReplayReport:
    hands: int = 0
    flagged: list[dict] = field(default_factory=list)
    penalized: list[dict] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    disagreements: list[dict] = field(default_factory=list)
    oracle: str = "model"

    def as_json(self) -> dict:
        out = {"hands": self.hands, "flagged": self.flagged, "penalized": self.penalized, "errors": self.errors,
               "oracle": self.oracle}
        if self.oracle == "both":
            out["agree"] = not self.disagreements
            out["disagreements"] = self.disagreements
        return out


def replay_files(paths: list[str], preset: str | None, overrides: dict, oracle: str = "model") -> ReplayReport:
    """Replay every hand through the model; with ``oracle="both"`` the spec checks every action too."""
    report = ReplayReport(oracle=oracle)
    for path in paths:
        try:
            hands = read_path(path)
        except ScenarioError as err:
            report.errors.append({"file": path, "hand": None, "reason": str(err)})
            continue
        for key, scenario in hands:
            report.hands += 1
            if isinstance(scenario, ScenarioError):
                report.errors.append({"file": path, "hand": key, "reason": str(scenario)})
                continue
            try:
                rules = scenario.rules(preset, overrides)
                played = play(scenario, rules)
            except (ScenarioError, RuleError, ValueError) as err:
                report.errors.append({"file": path, "hand": key, "reason": str(err)})
                continue
            if oracle == "both":
                from .oracles import hand_disagreements

                for line in hand_disagreements(scenario, rules):
                    report.disagreements.append({"file": path, "hand": key, "detail": line})
            for event in played.penalized:
                report.penalized.append({"file": path, "hand": key, "action_index": event.index,
                                         "action": event.text, "clauses": ["fold.when-check-possible"]})
            if played.broken:
                b = played.broken
                report.flagged.append({"file": path, "hand": key, "action_index": b.event.index,
                                       "action": b.event.text, "clauses": list(b.error.clauses),
                                       "reason": b.error.reason.code, "detail": b.error.message,
                                       "rules": rules.name})
    return report
