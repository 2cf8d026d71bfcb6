"""Hands where the model and the spec once disagreed, kept for good (tests/regressions/*.phh,
including every failure the stateful test has shrunk): replayed through both, every action and the
final decision must agree."""
from pathlib import Path

import pytest

from betlaw.conformance.oracles import hand_disagreements
from betlaw.conformance.phh import read_path
from betlaw.conformance.scenario import play
from betlaw.model.state import HandState
from betlaw.spec.claims import step_claim
from betlaw.spec.solver import SpecOracle

FILES = sorted((Path(__file__).parent / "regressions").glob("*.phh"))


def test_there_are_regressions_to_replay():
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_model_and_spec_agree_on_the_regression(path):
    ((_, scenario),) = read_path(str(path))
    rules = scenario.rules()
    assert hand_disagreements(scenario, rules) == []
    state = play(scenario, rules).state
    if state.actor is not None:
        legal = state.options()
        spec = SpecOracle(rules, scenario.game).legal_actions(state)
        assert (legal.fold, legal.check, legal.call, legal.bet_or_raise, legal.amounts, legal.complete_to,
                legal.complete_amounts) == \
            (spec["fold"], spec["check"], spec["call"], tuple(spec["bet_or_raise"]) if spec["bet_or_raise"] else None,
             tuple(spec["amounts"]) if spec["amounts"] else None, spec["complete_to"], spec["complete_amounts"])


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_successor_of_the_regression_is_the_specs(path):
    """The state after each action (stacks, bets, levels, the raise count, the next actor) is the
    only one the spec allows."""
    ((_, scenario),) = read_path(str(path))
    rules = scenario.rules()
    oracle = SpecOracle(rules, scenario.game)
    state = HandState(scenario.game, rules)
    for action in play(scenario, rules).state.history:
        before = state.copy()
        verdict = state.verify(action)
        state.apply(action)
        assert oracle.confirm_step(before, action, step_claim(before, state, verdict)), (action, state.describe())
