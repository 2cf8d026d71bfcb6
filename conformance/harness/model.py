"""betlaw's own model as a harness: ``python -m betlaw.conformance.harness.model``.

It implements every structure, feature and switch value, so it must pass every vector that applies
under the rule set it is configured with (CI checks this for every preset).
"""
from __future__ import annotations

from betlaw.model.errors import IllegalAction
from betlaw.model.state import HandState
from betlaw.spec.rulesets import PRESETS, SWITCHES, resolve

from . import Harness, Table, serve
from ..talk_vectors import model_rulings
from ..vectors import CAP_VALUES, action_of, game_of


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("betlaw")
    except Exception:  # noqa: BLE001
        return "0"


class ModelTable(Table):
    def __init__(self, case: dict, rules) -> None:
        self.state = HandState(game_of(case), rules)
        self.talk = model_rulings(case, rules) if case.get("events") else {}

    def observe(self) -> dict:
        s = self.state
        L = s.legal()
        obs = {"actor": L.actor, "street": s.street if L.actor is not None else None}
        if len(s.history) in self.talk:  # the rulings of the table talk so far (docs/table-talk.md)
            obs["talk"] = self.talk[len(s.history)]
        if L.actor is not None:
            rng = None
            if L.bet_or_raise is not None:
                rng = list(L.bet_or_raise)
            elif L.complete_to is not None:  # the completion, or either of two (stud.open-pair)
                rng = [L.complete_to, max(L.completion_targets)]
            obs["legal"] = {"fold": L.fold, "fold_penalized": L.fold_penalized, "check": L.check, "call": L.call,
                            "raise_to": rng, "bring_in": L.bring_in}
            if not any(x.acted for x in s.seats) and s.street > 0:
                obs["pots"] = [{"amount": p.amount, "eligible": list(p.eligible)} for p in s.pots()]
        return obs

    def probe(self, action: dict) -> dict:
        try:
            verdict = self.state.verify(action_of(action))
        except IllegalAction as err:
            return {"outcome": "rejected", "message": str(err), "reason": err.reason.code}
        return {"outcome": "accepted", "penalized": verdict.penalized}

    def act(self, action: dict) -> dict | None:
        try:
            self.state.apply(action_of(action))
        except IllegalAction as err:
            return {"outcome": "rejected", "message": str(err), "reason": err.reason.code}
        return None


class ModelHarness(Harness):
    name = "betlaw-model"
    language = "python"
    homepage = "betlaw"
    table_talk = True

    def __init__(self) -> None:
        super().__init__()
        self.version = _version()
        self.ruleset = PRESETS["tda-2024"]

    def profile(self) -> dict:
        switches = {k: list(CAP_VALUES if k == "cap" else s.values) for k, s in SWITCHES.items()}
        return {"structures": ["no-limit", "pot-limit", "fixed-limit", "spread-limit"],
                "features": ["antes", "blinds", "straddle", "dead-posts", "live-posts", "dead-small-blind", "bring-in",
                             "open-pair", "opening-requirement", "heads-up", "short-bb", "unequal-stacks", "side-pots", "later-streets", "table-talk"],
                "switches": switches, "preset": "tda-2024", "seats": [2, 23],
                "observes": ["actor", "street", "fold", "fold_penalized", "check", "call", "raise_to", "bring_in",
                             "pots", "talk"]}

    def configure(self, rules: dict) -> dict:
        reply = super().configure(rules)
        self.ruleset = resolve(rules.get("preset") or "tda-2024", _overrides(rules.get("values", {})))
        return reply

    def table(self, case: dict, rules: dict) -> Table:
        ruleset = self.ruleset
        if rules:
            ruleset = ruleset.with_overrides(_overrides(rules))
        return ModelTable(case, ruleset)


def _overrides(values: dict) -> dict:
    return {k: ("none" if v is None else str(v)) for k, v in values.items() if k in SWITCHES}


def main() -> int:
    return serve(ModelHarness())


if __name__ == "__main__":
    raise SystemExit(main())
