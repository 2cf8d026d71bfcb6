"""The harness protocol: a crashing or a hanging engine gives 'errored' for that vector, never a
stopped run; reports and the command-line handlers."""
import io
import json
import sys
from pathlib import Path

from betlaw.conformance.harness import serve
from betlaw.conformance.harness.model import ModelHarness
from betlaw.conformance.runner import run_suite
from betlaw.conformance.suite_cli import main as suite_main
from betlaw.conformance.vectors import load_suite

FAKES = Path(__file__).parent / "fake_harnesses"
_, VECTORS = load_suite()
EXAMPLES = [v for v in VECTORS if v["id"].startswith("explore/tda-2024/")]  # all apply under tda-2024


def _suite_file(tmp_path, vectors):
    path = tmp_path / "few.jsonl"
    path.write_text("".join(json.dumps(v) + "\n" for v in vectors))
    return path


def test_crashing_harness_gives_errored_and_the_run_goes_on(tmp_path):
    few = _suite_file(tmp_path, EXAMPLES[:4])
    run = run_suite(harness=[sys.executable, str(FAKES / "crashing.py")], rules_name="tda-2024", suite=few,
                    progress=False, timeout=20)
    outcomes = [r["outcome"] for r in run.results]
    assert len(outcomes) == 4
    assert "errored" in outcomes
    crashed = next(r for r in run.results if r["outcome"] == "errored")
    assert "exited" in crashed["detail"] and "segmentation fault" in crashed["detail"]
    # the harness was restarted (a fresh one crashes on its own second vector again)
    assert outcomes == ["passed", "errored", "passed", "errored"]


def test_hanging_harness_times_out_as_errored(tmp_path):
    picks = [v for v in EXAMPLES if not v["id"].endswith("1")][:2] + \
        [v for v in EXAMPLES if v["id"].endswith("1")][:1]
    few = _suite_file(tmp_path, picks)
    run = run_suite(harness=[sys.executable, str(FAKES / "hanging.py")], rules_name="tda-2024", suite=few,
                    progress=False, timeout=1.5)
    by_id = {r["id"]: r for r in run.results}
    hung = by_id[picks[2]["id"]]
    assert hung["outcome"] == "errored" and "hung" in hung["detail"]
    assert all(by_id[v["id"]]["outcome"] != "errored" for v in picks[:2])


def test_a_harness_that_observes_nothing_or_breaks_the_protocol_never_passes(tmp_path):
    few = _suite_file(tmp_path, EXAMPLES[:3])
    expected = {"nothing": ("skipped", "observed nothing"), "list": ("errored", "must be a JSON object"),
                "no-at": ("errored", "'stopped' must be an object with an integer 'at'"),
                "seq": ("errored", "must echo the request's seq")}
    for mode, (outcome, words) in expected.items():
        run = run_suite(harness=[sys.executable, str(FAKES / "lying.py"), mode], rules_name="tda-2024", suite=few,
                        progress=False, timeout=5)
        assert len(run.results) == 3, mode
        assert all(r["outcome"] == outcome and words in r["detail"] for r in run.results), (mode, run.results)
        assert run.compliance()["strict"] == 0.0 if outcome == "skipped" else run.compliance()["compliance"] == 0.0


def test_serve_speaks_the_protocol():
    v = EXAMPLES[0]
    lines = [{"cmd": "start", "version": 1}, {"cmd": "configure", "rules": {"name": "tda-2024", "values": {}}},
             {"cmd": "run", "seq": 7, "case": v, "rules": {}}, {"cmd": "run", "seq": 8, "case": {"bad": 1}},
             {"cmd": "stop"}]
    out = io.StringIO()
    serve(ModelHarness(), io.StringIO("".join(json.dumps(x) + "\n" for x in lines)), out)
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert replies[0]["ok"] and replies[0]["implementation"]["name"] == "betlaw-model"
    assert replies[1]["ok"]
    assert replies[2]["seq"] == 7 and "observations" in replies[2]["result"]
    assert replies[3]["seq"] == 8 and "errored" in replies[3]


def test_protocol_messages_match_the_schema():
    import pytest

    jsonschema = pytest.importorskip("jsonschema")
    from betlaw.conformance.schema import protocol_schema

    schema = protocol_schema()
    v = EXAMPLES[0]
    out = io.StringIO()
    serve(ModelHarness(), io.StringIO(json.dumps({"cmd": "start", "version": 1}) + "\n" +
                                      json.dumps({"cmd": "run", "seq": 1, "case": v, "rules": {}}) + "\n"), out)
    start, run = [json.loads(x) for x in out.getvalue().splitlines()]
    registry_schema = dict(schema)
    for name, msg in (("startReply", start), ("runReply", run)):
        jsonschema.validate(msg, {**registry_schema, "$ref": f"#/$defs/{name}"})


def test_reports_and_cli(tmp_path, capsys):
    few = _suite_file(tmp_path, EXAMPLES[:6])
    code = suite_main(["conform", "--engine", "model", "--rules", "tda-2024", "--suite", str(few),
                       "--report", str(tmp_path / "rep"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["counts"]["failed"] == 0
    files = sorted(p.name for p in (tmp_path / "rep").iterdir())
    assert any(f.endswith(".jsonl") for f in files) and any(f.endswith(".md") for f in files) \
        and any(f.endswith(".html") for f in files)
    lines = [json.loads(x) for x in next((tmp_path / "rep").glob("*.jsonl")).read_text().splitlines()]
    assert lines[0]["type"] == "header" and lines[-1]["type"] == "footer"
    assert all(x["type"] == "vector" for x in lines[1:-1]) and len(lines) == 8
    md = next((tmp_path / "rep").glob("*.md")).read_text()
    assert "compliance" in md and "Clauses by outcome" in md
