"""``betlaw replay``: check every player action of every hand against the rules, and the table talk
of a hand (docs/table-talk.md) against the actions it records: talk that binds a player to another
action than the one recorded is flagged, with the declaration clauses that bind it."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from betlaw.spec.rulesets import RuleError

from .load import load_hands
from .scenario import ScenarioError, play, talk_error


@dataclass
class ReplayReport:
    hands: int = 0
    flagged: list[dict] = field(default_factory=list)
    penalized: list[dict] = field(default_factory=list)
    moot: list[dict] = field(default_factory=list)  # checks recorded when nobody had anything to decide
    errors: list[dict] = field(default_factory=list)
    disagreements: list[dict] = field(default_factory=list)
    oracle: str = "model"

    def as_json(self) -> dict:
        out = {"hands": self.hands, "flagged": self.flagged, "penalized": self.penalized, "moot": self.moot,
               "errors": self.errors, "oracle": self.oracle}
        if self.oracle == "both":
            out["agree"] = not self.disagreements
            out["disagreements"] = self.disagreements
        return out


def replay_files(paths: list[str], preset: str | None, overrides: dict, oracle: str = "model") -> ReplayReport:
    """Replay every hand through the model; with ``oracle="both"`` the spec checks every action too."""
    report = ReplayReport(oracle=oracle)
    for path in expand_directories(paths, report):
        try:
            hands = load_hands(path, preset, overrides)  # PHH (FILE#KEY picks a hand) or a table script
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
            if scenario.talk:  # talk that cannot be (marked in turn out of turn, ...) makes the hand unreadable
                try:
                    report.flagged += talk_conflicts(scenario, rules, path, key)
                except ScenarioError as err:
                    report.errors.append({"file": path, "hand": key, "reason": str(err)})
                    continue
            if oracle == "both":
                from .oracles import hand_disagreements, talk_disagreements

                lines = hand_disagreements(scenario, rules)
                if scenario.talk:
                    lines += talk_disagreements(scenario, rules)
                for line in lines:
                    report.disagreements.append({"file": path, "hand": key, "detail": line})
            for event in played.moot:
                report.moot.append({"file": path, "hand": key, "action_index": event.index, "action": event.text})
            for event in played.penalized:
                report.penalized.append({"file": path, "hand": key, "action_index": event.index,
                                         "action": event.text, "clauses": ["fold.when-check-possible"]})
            if played.broken:
                b = played.broken
                report.flagged.append({"file": path, "hand": key, "action_index": b.event.index,
                                       "action": b.event.text, "clauses": list(b.error.clauses),
                                       "reason": b.error.reason.code, "detail": b.error.message,
                                       "rules": rules.name, **({"line": scenario.action_where[b.event.index]}
                                                             if b.event.index in scenario.action_where else {})})
    return report


HAND_SUFFIXES = (".phh", ".phhs")


def expand_directories(paths: list[str], report: ReplayReport) -> list[str]:
    """A directory stands for every PHH file under it (``.phh``, ``.phhs``, in name order); one with none
    is an error of the report."""
    out: list[str] = []
    for path in paths:
        if path == "-" or not Path(path).is_dir():
            out.append(path)
            continue
        found = sorted(str(p) for p in Path(path).rglob("*") if p.suffix in HAND_SUFFIXES and p.is_file())
        if not found:
            report.errors.append({"file": path, "hand": None, "reason": "the directory holds no .phh or .phhs file"})
        out += found
    return out


def talk_conflicts(scenario, rules, path: str, key) -> list[dict]:
    """The table talk of a hand that binds a player to another action than the one the history
    records (:func:`betlaw.model.declarations.judge`), as flagged entries."""
    from betlaw.model.declarations import DeclarationError, Move, describe, judge
    from betlaw.model.errors import IllegalAction
    from betlaw.model.state import HandState

    moves = [Move(e.index, e.seat, e.verb, e.amount, e.text) for e in scenario.events]
    try:
        rulings = judge(HandState(scenario.game, rules), moves, scenario.talk, scenario.denominations).rulings
    except DeclarationError as err:
        raise talk_error(scenario, err) from None
    except IllegalAction as err:
        raise ScenarioError("_betlaw_events", str(err)) from None
    out = []
    for r in rulings:
        if not r.conflict:
            continue
        game = scenario.game
        who = game.label(r.seat)  # a heads-up script numbers its seats from the button
        if r.status == "bound":
            bound = f"binds {who} to {describe(r.action, game)}"
        else:
            bound = f"leaves {who} {' or '.join(str(k) for k in r.options)}"
        out.append({"file": path, "hand": key, "action_index": r.recorded_index, "action": r.recorded,
                    "clauses": list(r.clauses), "reason": "talk-conflict",
                    "detail": f"{who}'s table talk ({game.relabel(r.declared)}) {bound}, but the history records "
                              f"{game.relabel(r.recorded)!r}",
                    "rules": rules.name, **({"line": scenario.action_where[r.recorded_index]}
                                            if r.recorded_index in scenario.action_where else {})})
    return out
