"""The conformance suite: every vector valid against the schema, the checked-in suite regenerated
byte for byte, and betlaw's own model harness passing everything that applies under every preset."""
import json

import pytest

from betlaw.conformance import vectors
from betlaw.conformance.runner import run_suite
from betlaw.conformance.schema import protocol_schema, validate_vectors, vector_schema
from betlaw.spec.rulesets import PRESETS

MANIFEST, VECTORS = vectors.load_suite()


def test_suite_is_a_reasonable_size_and_covers_every_source():
    assert 300 <= len(VECTORS) <= 2500
    kinds = {v["source"]["kind"] for v in VECTORS}
    assert {"worked-example", "exploration"} <= kinds
    assert len({v["id"] for v in VECTORS}) == len(VECTORS), "vector ids must be unique"
    structures = {v["structure"] for v in VECTORS}
    assert structures == {"no-limit", "pot-limit", "fixed-limit", "spread-limit"}
    assert any("bring-in" in v["features"] for v in VECTORS)


def test_every_vector_matches_the_schema():
    pytest.importorskip("jsonschema")
    errors = validate_vectors(VECTORS)
    assert not errors, "\n".join(errors[:20])


def test_schemas_are_valid_json_schema():
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(vector_schema())
    jsonschema.Draft202012Validator.check_schema(protocol_schema())


def test_every_probe_names_its_reason_and_every_scenario_file_is_in_the_suite():
    for v in VECTORS:
        for cp in v["checkpoints"]:
            for p in cp.get("probes", []):
                if p["expect"] == "illegal":
                    assert p["reason"] and p["clauses"], v["id"]
    files = {v["source"].get("file") for v in VECTORS if v["source"]["kind"] == "worked-example"}
    readable = {f"tests/scenarios/{p.name}" for p in vectors.scenario_files()}
    missing = readable - files
    assert not missing, f"scenario files without a vector (run 'betlaw vectors generate'): {sorted(missing)}"


def test_the_suite_regenerates_byte_identical():
    """CI: the checked-in suite is what 'betlaw vectors generate' writes from the current sources."""
    diffs = vectors.check(vectors.SUITE_DIR)
    assert not diffs, f"the suite is out of date, run 'betlaw vectors generate': {diffs}"


def test_manifest_records_version_and_counts():
    assert MANIFEST["suite_version"].startswith(vectors.FORMAT_VERSION + "+")
    assert MANIFEST["vectors"] == len(VECTORS)
    assert MANIFEST["oracle"] == "betlaw-model"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_model_harness_passes_everything_that_applies(preset):
    run = run_suite("model", preset, progress=False, timeout=30)
    c = run.counts()
    assert c["failed"] == 0 and c["errored"] == 0, run.deviations()[:5]
    assert c["passed"] >= 40
    # skipped only for rule-set reasons: the model expresses every structure and feature
    assert all(r.get("skip_kind") == "rule-set" for r in run.results if r["outcome"] == "skipped")


def test_json_summary_shape():
    run = run_suite("model", "roberts", progress=False, select=lambda v: v["id"].startswith("example/"))
    out = json.loads(json.dumps(run.summary_json()))
    assert set(out) == {"engine", "engine_version", "rules", "suite_version", "counts", "skipped", "compliance",
                        "strict_compliance", "engine_cannot_set", "warnings", "partly_checked", "deviations",
                        "errored"}
    assert out["partly_checked"]["vectors"] == 0  # the model's harness reports every field it is held to
    assert set(out["counts"]) == {"passed", "failed", "skipped", "errored"}
    assert set(out["skipped"]) == {"unsupported", "rule_set", "unobserved"}
    assert sum(out["skipped"].values()) == out["counts"]["skipped"]
    assert out["compliance"] == 1.0 and out["warnings"] == [] and out["engine_cannot_set"] == {}
    assert out["engine"] == "model" and out["rules"] == "roberts"
