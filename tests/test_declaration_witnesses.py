"""Witnesses of the declaration clauses (issue 7, betlaw.spec.declaration_witnesses).

Every record's hand is replayed, independently of the search that found it: through ``betlaw ask``
(the model) for the recorded answer, through the spec (``spec_judge``: the same rulings as the
model), and the record's claim is checked again on the facts the spec reads off the hand: the
clause's condition holds (reachable, decisive), the clause alone decides (decisive), the condition
fails (negative).
"""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from betlaw.conformance.ask import Answerer
from betlaw.conformance.phh import read_text
from betlaw.conformance.questions import parse
from betlaw.model.declarations import Move, judge
from betlaw.model.state import HandState
from betlaw.spec import declaration_witnesses as W
from betlaw.spec.catalogue import catalogue
from betlaw.spec.declarations import CLAUSE_IDS, disagreements, spec_judge
from betlaw.spec.rulesets import PRESETS


@pytest.fixture(scope="module")
def records():
    return W.compute()


def _id(r: dict) -> str:
    return f"{r['clause']}/{r['kind']}/{r['rules']}"


def test_one_record_per_clause_preset_and_kind_in_order(records):
    declaration = [c.id for c in catalogue().values() if c.layer == "declaration"]
    assert set(declaration) == set(CLAUSE_IDS)
    expected = [(c, p, k) for c in declaration for p in PRESETS for k in W.ROLES]
    assert [(r["clause"], r["rules"], r["kind"]) for r in records] == expected
    for r in records:
        if "none" in r:
            assert set(r) == {"clause", "kind", "rules", "none"} and r["none"].strip(), r
        else:
            assert set(r) == {"clause", "kind", "rules", "phh", "question", "answer", "detail"}, r
            assert "_betlaw_events" in r["phh"] and "_betlaw_chips" in r["phh"] and r["detail"]


def test_every_clause_is_decisive_under_tda_2024_or_says_why_not(records):
    """Decisive under tda-2024, or a never_decisive reason in the catalogue; a clause that only exists
    under another preset's switch value (its condition is unsatisfiable under tda-2024's, which the
    record says) must be decisive under a preset where it applies."""
    for c in CLAUSE_IDS:
        (r,) = [x for x in records if x["clause"] == c and x["rules"] == "tda-2024" and x["kind"] == "decisive"]
        if "none" not in r:
            continue
        if catalogue()[c].never_decisive:
            assert catalogue()[c].never_decisive in r["none"]
            continue
        assert r["none"].startswith("never applies under tda-2024"), f"{c}: no decisive witness, no reason"
        assert any("none" not in x for x in records if x["clause"] == c and x["kind"] == "decisive"), c


def test_a_clause_that_never_applies_says_which_switch(records):
    # Robert's out-of-turn restrictions: nothing to show under TDA 53 (out-of-turn=action-unchanged).
    for r in records:
        if r["clause"] == "oot.roberts-restrictions":
            if r["rules"] == "roberts":
                assert "none" not in r, r
            else:
                assert "out-of-turn=action-unchanged" in r["none"], r


def _replay(r: dict):
    (_, scenario), = read_text(r["phh"], _id(r))
    rules = scenario.rules(r["rules"])
    return scenario, rules


def _seat(question: str) -> int:
    return int(re.search(r"\bp(\d+)\b", question).group(1)) - 1


def test_each_witness_replays_to_its_answer_in_the_model_and_the_spec(records):
    solver = W._solver()
    checked = 0
    for r in records:
        if "none" in r:
            continue
        scenario, rules = _replay(r)
        assert scenario.preset == r["rules"], _id(r)
        # the model: betlaw ask gives the recorded answer
        assert Answerer(scenario, rules).answer(parse(r["question"]))["answer"] == r["answer"], _id(r)
        # the spec: the same rulings as the model, on every group of talk of the hand
        moves = [Move(e.index, e.seat, e.verb, e.amount, e.text) for e in scenario.events]
        model = judge(HandState(scenario.game, rules), moves, scenario.talk, scenario.denominations).rulings
        spec = spec_judge(HandState(scenario.game, rules), moves, scenario.talk, scenario.denominations)
        assert not disagreements(model, spec), (_id(r), disagreements(model, spec))
        # the claim, on the facts the spec reads off this hand
        seat = _seat(r["question"])
        f = [x for x in spec if x[0] == seat][-1][3]
        info = solver.info(f)
        assert info is not None and solver.unique(f, info), _id(r)
        if r["kind"] in ("reachable", "decisive"):
            assert info.holds(r["clause"]), f"{_id(r)}: the condition does not hold"
        if r["kind"] == "decisive":
            assert solver.without(f, info, r["clause"]) is not None, f"{_id(r)}: not decisive"
        if r["kind"] == "negative":
            assert not info.holds(r["clause"]), f"{_id(r)}: the condition holds"
        checked += 1
    assert checked > 200


def test_negatives_answer_differently_from_their_decisive_witness(records):
    by = {(r["clause"], r["rules"], r["kind"]): r for r in records}
    for (c, p, k), r in by.items():
        if k == "negative" and "none" not in r:
            d = by[(c, p, "decisive")]
            assert (r["question"], r["answer"]) != (d["question"], d["answer"]), _id(r)


def test_the_cli_gives_the_recorded_answer(records, tmp_path):
    picks = [r for r in records if "none" not in r and r["rules"] == "roberts"
             and r["clause"] in ("declare.fifty-percent", "oot.roberts-restrictions") and r["kind"] == "decisive"]
    assert len(picks) == 2
    for r in picks:
        path = tmp_path / "w.phh"
        path.write_text(r["phh"], encoding="utf-8")
        out = subprocess.run([sys.executable, "-m", "betlaw.conformance", "ask", str(path), r["question"],
                              "--rules", r["rules"], "--json"], capture_output=True, text=True, check=True)
        assert json.loads(out.stdout)["answer"] == r["answer"]


def test_deterministic_and_selectable():
    one = W.compute(["declare.single-chip"], ["seeds"])
    assert [(r["clause"], r["rules"], r["kind"]) for r in one] == [
        ("declare.single-chip", "seeds", k) for k in W.ROLES]
    assert one == W.compute(["declare.single-chip"], ["seeds"])
    with pytest.raises(ValueError, match="not a declaration clause"):
        W.compute(["raise.minimum"])
