"""Table-talk vectors (issue 7, betlaw.conformance.talk_vectors): generated in isolation (a temporary
suite, never conformance/suite), valid against the schema, passed by betlaw's model harness under
every preset, failed when the expected ruling is wrong, and skipped by every engine adapter with the
reason "no table-talk layer"."""
from __future__ import annotations

import copy
import importlib
import importlib.metadata
import json
import shutil

import pytest

from betlaw.conformance import talk_vectors as T
from betlaw.conformance.harness import Harness, Skip
from betlaw.conformance.runner import ENGINES, run_suite
from betlaw.conformance.schema import validate_vectors
from betlaw.conformance.vectors import SCENARIO_DIR, scenario_files
from betlaw.spec import declaration_witnesses as W
from betlaw.spec.rulesets import PRESETS

WITNESS_CLAUSES = ["declare.single-chip", "declare.string-bet", "oot.changed", "oot.roberts-restrictions"]


@pytest.fixture(scope="module")
def scenario_vectors():
    return T.scenario_talk_vectors()


@pytest.fixture(scope="module")
def witness_vectors():
    return T.witness_talk_vectors(W.compute(WITNESS_CLAUSES))


@pytest.fixture(scope="module")
def suite(tmp_path_factory, scenario_vectors, witness_vectors):
    path = tmp_path_factory.mktemp("talk-suite") / "talk.jsonl"
    path.write_text("".join(json.dumps(v, sort_keys=True) + "\n" for v in scenario_vectors + witness_vectors),
                    encoding="utf-8")
    return path


def test_every_talk_scenario_is_a_vector_and_every_vector_is_valid(scenario_vectors, witness_vectors):
    pytest.importorskip("jsonschema")
    vectors = scenario_vectors + witness_vectors
    errors = validate_vectors(vectors)
    assert not errors, "\n".join(errors[:20])
    assert len({v["id"] for v in vectors}) == len(vectors)
    talk_files = {f"tests/scenarios/{p.name}" for p in scenario_files() if "_betlaw_events" in p.read_text("utf-8")}
    assert talk_files == {v["source"]["file"] for v in scenario_vectors}
    for v in vectors:
        assert v["id"].startswith("talk/") and "table-talk" in v["features"] and v["events"], v["id"]
        assert any("talk" in cp for cp in v["checkpoints"]), v["id"]
        assert any(c["id"].startswith(("declare.", "oot.")) for c in v["clauses"]), v["id"]
    witnessed = {c["id"] for v in witness_vectors for c in v["clauses"]}
    assert set(WITNESS_CLAUSES) <= witnessed


def test_a_vector_carries_the_ruling_and_its_clauses(scenario_vectors):
    # TDA 45 Ex. 2 (talk-tda-45-multiple-chips, second talk): one 1000 and five 100 facing 1100: a raise
    # made up to 1700 (200 more).
    (v,) = [x for x in scenario_vectors if x["id"] == "talk/example/talk-tda-45-multiple-chips+1"]
    assert v["setup"]["unit"] == "1" and v["chips"] == [100, 500, 1000, 5000]
    assert v["events"] == [{"seat": 3, "after": 1, "kind": "chips", "chips": [1000, 100, 100, 100, 100, 100]}]
    (ruling,) = v["checkpoints"][-1]["talk"]
    assert ruling["bound_to"] == {"kind": "raise", "to": 1700} and ruling["make_up"] == 200
    assert ruling["status"] == "bound" and "declare.fifty-percent" in ruling["clauses"]
    assert "talk" not in v["checkpoints"][0]  # before the talk (after one action) nothing is ruled on


def test_amounts_in_words_are_chip_units(tmp_path):
    (tmp_path / "decimal.phh").write_text("""variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.5, 1, 0]
min_bet = 1
starting_stacks = [100, 100, 100]
_betlaw_chips = [0.5, 1, 5]
actions = ['p3 cbr 2.5']
_betlaw_events = [{ seat = "p1", after = 1, kind = "say", words = "raise to 4.5", chips = [0.5, 1] }]
""", encoding="utf-8")
    (v,) = T.scenario_talk_vectors(tmp_path)
    assert v["setup"]["unit"] == "0.1" and v["chips"] == [5, 10, 50]
    assert v["events"] == [{"seat": 0, "after": 1, "kind": "say", "words": "raise 45", "chips": [5, 10]}]
    (ruling,) = v["checkpoints"][-1]["talk"]
    assert ruling["bound_to"] == {"kind": "raise", "to": 45} and ruling["make_up"] == 45 - 5 - 15


def test_requires_follow_the_talk_switches(scenario_vectors):
    # TDA 53-A vs Robert's: an intervening call binds (TDA) the out-of-turn caller, or leaves it to the floor
    # (Robert's Betting and Raising #11: "an action may be ruled binding").
    by_id = {v["id"]: v for v in scenario_vectors}
    tda = by_id["talk/example/talk-tda-53-roberts-call"]
    roberts = by_id["talk/example/talk-tda-53-roberts-call@roberts"]
    assert tda["rules"]["requires"]["out-of-turn"] == ["action-unchanged"]
    assert roberts["rules"]["requires"]["out-of-turn"] == ["no-intervening-action"]
    assert tda["checkpoints"][-1]["talk"][0]["status"] == "bound"
    assert roberts["checkpoints"][-1]["talk"][0]["status"] == "may-bind"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_model_harness_passes_every_talk_vector_that_applies(suite, preset):
    run = run_suite("model", preset, suite=suite, progress=False, timeout=60)
    c = run.counts()
    assert c["failed"] == 0 and c["errored"] == 0, run.deviations()[:5]
    assert c["passed"] >= 10
    assert all(r.get("skip_kind") == "rule-set" for r in run.results if r["outcome"] == "skipped")


def test_a_wrong_ruling_fails_with_the_clause(tmp_path, scenario_vectors):
    (v,) = [copy.deepcopy(x) for x in scenario_vectors if x["id"] == "talk/example/talk-tda-45-multiple-chips"]
    cp = v["checkpoints"][-1]
    cp["talk"][0]["bound_to"] = {"kind": "raise", "to": 34}  # the rule says a call (every chip is needed)
    path = tmp_path / "wrong.jsonl"
    path.write_text(json.dumps(v) + "\n", encoding="utf-8")
    run = run_suite("model", "tda-2024", suite=path, progress=False)
    (result,) = run.results
    assert result["outcome"] == "failed"
    assert "table talk of p4: bound to" in result["detail"]
    assert "declare.multiple-chips-call" in result["clauses"]


@pytest.mark.parametrize("engine", [e for e in ENGINES if e != "model"])
def test_engine_adapters_skip_talk_vectors(engine, suite):
    module = importlib.import_module(ENGINES[engine])
    (harness_class,) = [h for h in vars(module).values()
                        if isinstance(h, type) and issubclass(h, Harness) and h is not Harness]
    case = json.loads(suite.read_text("utf-8").splitlines()[0])
    try:
        harness = harness_class()
    except importlib.metadata.PackageNotFoundError:
        pytest.skip(f"{engine} is not installed: the engines are the optional extra (pip install -e '.[engines]')")
    with pytest.raises(Skip) as skip:  # the adapter itself, whatever its engine can do
        harness.run(case, {})
    assert skip.value.message == T.SKIP_REASON == "no table-talk layer"
    if engine == "pokerkit":  # and through the runner, with the engine installed
        pytest.importorskip("pokerkit")
        run = run_suite("pokerkit", None, suite=suite, progress=False, timeout=60)
        assert run.counts()["skipped"] == len(run.results) > 0
        assert {r["detail"] for r in run.results} == {"no table-talk layer"}


def test_generation_is_deterministic(tmp_path):
    for name in ("talk-tda-53-ex2-changed.phh", "talk-tda-45-ex1a.phh", "tda-43-ex1.phh"):
        shutil.copy(SCENARIO_DIR / name, tmp_path / name)
    first = T.scenario_talk_vectors(tmp_path)
    assert [v["id"] for v in first] == ["talk/example/talk-tda-45-ex1a", "talk/example/talk-tda-53-ex2-changed",
                                        "talk/example/talk-tda-53-ex2-changed@roberts"]
    assert json.dumps(first, sort_keys=True) == json.dumps(T.scenario_talk_vectors(tmp_path), sort_keys=True)
