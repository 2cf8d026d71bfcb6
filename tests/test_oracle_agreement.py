"""`betlaw ask --oracle both`: the model and the Z3 spec agree on every worked-example question
(the history replayed through the spec step by step, the legal actions, the yes/no verdicts)."""
import dataclasses

import pytest

from betlaw.conformance.oracles import answer
from betlaw.conformance.premises import assume
from betlaw.conformance.questions import parse
from betlaw.spec.rulesets import parse_assignments

from scenario_expectations import expectations

CASES = list(expectations())


@pytest.mark.parametrize("scenario,expect", [(s, e) for _, s, e in CASES], ids=[i for i, _, _ in CASES])
def test_model_and_spec_agree(scenario, expect):
    if "upto" in expect:
        scenario = dataclasses.replace(scenario, events=scenario.events[: expect["upto"]])
    if expect.get("events"):
        pytest.skip("alternative table talk: the talk layer's own spec comparison is tests/test_declarations.py")
    rules = scenario.rules(expect.get("rules"), parse_assignments(expect.get("rule", [])))
    question = parse(expect["question"])
    answerer = assume(scenario, rules, question)  # premises played first, as `betlaw ask` does
    result, disagreements = answer(answerer, answerer.speaking(question), "both")
    assert disagreements == [], disagreements
    assert result["agree"] is True
    if result["answer"] == "no" and "reason" in result:
        assert result["clauses"], "a no names the clauses that forbid it"
