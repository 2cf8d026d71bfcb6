"""The harness protocol: a crashing or a hanging engine gives 'errored' for that vector, never a
stopped run; reports and the command-line handlers."""
import io
import json
import sys
from pathlib import Path

import pytest

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


def test_a_harness_line_that_is_not_utf8_is_named_as_such(tmp_path):
    # review BR: the reader thread died with a UnicodeDecodeError traceback and the vector was reported hung
    few = _suite_file(tmp_path, EXAMPLES[:3])
    run = run_suite(harness=[sys.executable, str(FAKES / "not_utf8.py")], rules_name="tda-2024", suite=few,
                    progress=False, timeout=20)
    outcomes = [r["outcome"] for r in run.results]
    assert outcomes[0] == "passed" and outcomes[1] == "errored", outcomes
    assert "the harness wrote a line that is not UTF-8 text (byte 0xff" in run.results[1]["detail"]


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


LIES = {  # lying.py mode -> (outcome, words in the detail)
    "nothing": ("skipped", "observed nothing"), "list": ("errored", "must be a JSON object"),
    "no-at": ("errored", "'stopped' must be an object with an integer 'at'"),
    "seq": ("errored", "must echo the request's seq"), "lower-seq": ("errored", "likely an extra reply to an earlier"),
    "stop-before": ("errored", "'stopped' at -1: the hand has actions 0 to"),
    "stop-after": ("errored", "the hand has actions 0 to"),
    "stop-accepted": ("errored", "an accepted action is not a stop"),
    "empty-probes": ("errored", "every probe result needs an 'outcome'"),
    "bogus-probes": ("errored", "every probe result needs an 'outcome'"),
    "call-text": ("errored", "legal 'call' must be an integer or null"),
    "skip-text": ("errored", "'skipped' must be an object with a string 'message'"),
    "error-text": ("errored", "'errored' must be an object with a string 'message'"),
    "skip-number": ("errored", "a skip's 'requirement' must be a string, got 5"),
    "raise-upside-down": ("errored", "legal 'raise_to' must be [min, max] integers (min <= max)"),
    "dup-at": ("errored", "two observations at 0"), "extra-at": ("errored", "at 999, which is not a checkpoint"),
    "extra-probes": ("errored", "probes (one result per probe, in order)"),
}


@pytest.mark.parametrize("mode", sorted(LIES))
def test_a_harness_that_observes_nothing_or_breaks_the_protocol_never_passes(tmp_path, mode):
    few = _suite_file(tmp_path, EXAMPLES[:3])
    outcome, words = LIES[mode]
    run = run_suite(harness=[sys.executable, str(FAKES / "lying.py"), mode], rules_name="tda-2024", suite=few,
                    progress=False, timeout=5)
    assert len(run.results) == 3, mode
    assert all(r["outcome"] == outcome and words in r["detail"] for r in run.results), (mode, run.results)
    assert run.compliance()["strict"] == 0.0 if outcome == "skipped" else run.compliance()["compliance"] == 0.0


def test_passes_checked_only_in_part_are_counted_and_shown(tmp_path, capsys):
    # a harness that reports who acts and nothing else passes, but the summary says what went unchecked
    # and that the profile (the model's, which the fake copies) promised those fields (review BC)
    few = _suite_file(tmp_path, EXAMPLES[:3])
    run = run_suite(harness=[sys.executable, str(FAKES / "lying.py"), "no-legal"], rules_name="tda-2024", suite=few,
                    progress=False, timeout=5)
    partly = run.partly_checked()
    assert run.counts()["passed"] == 3 and partly["vectors"] == 3
    assert partly["unchecked"]["raise_to"] == 3 and "raise_to" in partly["declared_but_unreported"]
    code = suite_main(["conform", "--harness", f"{sys.executable} {FAKES / 'lying.py'} no-legal", "--suite", str(few),
                       "--rules", "tda-2024", "--report", str(tmp_path / "rep")])
    out = capsys.readouterr().out
    assert code == 0 and "3 of the passed vectors were checked only in part" in out and "raise_to (3)" in out
    markdown = next((tmp_path / "rep").glob("*.md")).read_text()
    assert "## Passed, checked in part" in markdown and "| raise_to | 3 |" in markdown


def test_a_harness_that_never_says_who_acts_is_not_passed_on_the_round_alone(tmp_path, capsys):
    # the round is reported, who acts is not: the vectors pass checked in part, with "actor" unchecked,
    # and the profile's promise to observe it is named (review BN)
    few = _suite_file(tmp_path, EXAMPLES[:3])
    run = run_suite(harness=[sys.executable, str(FAKES / "lying.py"), "street-only"], rules_name="tda-2024",
                    suite=few, progress=False, timeout=5)
    partly = run.partly_checked()
    assert run.counts()["passed"] == 3 and partly["unchecked"]["actor"] == 3
    assert "actor" in partly["declared_but_unreported"]


def test_a_skip_without_a_requirement_is_reported_not_a_crash(tmp_path, capsys):
    # the requirement is optional (protocol.schema.json); the reports were written with a traceback (review BN)
    few = _suite_file(tmp_path, EXAMPLES[:2])
    code = suite_main(["conform", "--harness", f"{sys.executable} {FAKES / 'lying.py'} skip-bare", "--suite", str(few),
                       "--rules", "tda-2024", "--report", str(tmp_path / "rep")])
    captured = capsys.readouterr()
    assert code == 2 and "Traceback" not in captured.err and "nothing was tested" in captured.err
    assert "skipped 2 (2 unsupported, 0 rule set, 0 unobserved)" in captured.out
    markdown = next((tmp_path / "rep").glob("*.md")).read_text()
    assert "| engine cannot express | - | 2 |" in markdown


def test_names_the_profile_does_not_share_with_betlaw_are_warned_of(tmp_path, capsys):
    few = _suite_file(tmp_path, EXAMPLES[:1])
    code = suite_main(["conform", "--harness", f"{sys.executable} {FAKES / 'lying.py'} typos", "--suite", str(few),
                       "--rules", "tda-2024", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and len(out["warnings"]) == 4
    assert any("'tda2024' is no preset betlaw knows" in w for w in out["warnings"])
    assert any("'fold-when-checked' is no switch betlaw knows" in w for w in out["warnings"])
    assert any("'blind' is no feature" in w for w in out["warnings"])
    assert any("'actr' is no observation field" in w for w in out["warnings"])


def test_a_rule_set_value_outside_the_profile_is_named_as_one_the_engine_cannot_take():
    from betlaw.conformance.harness.client import cannot_set

    profile = {"switches": {"fold-when-check": ["allowed"], "cap": [4, None], "from-the-future": ["x"]}}
    assert cannot_set(profile, {"fold-when-check": "penalized", "cap": 4}) == {"fold-when-check": "penalized"}
    assert cannot_set(profile, {"fold-when-check": "allowed", "cap": 3}) == {"cap": 3}
    assert cannot_set(profile, {"fold-when-check": "allowed", "cap": None}) == {}


def test_a_harness_run_is_named_by_its_implementation(tmp_path, capsys):
    few = _suite_file(tmp_path, EXAMPLES[:1])
    run = run_suite(harness=[sys.executable, str(FAKES / "lying.py"), "nothing"], rules_name="tda-2024", suite=few,
                    progress=False, timeout=5)
    assert run.engine == ModelHarness().metadata()["name"] and run.command[-1] == "nothing"


def test_a_seq_that_is_true_is_not_the_integer_1(tmp_path):
    few = _suite_file(tmp_path, EXAMPLES[:2])
    run = run_suite(harness=[sys.executable, str(FAKES / "lying.py"), "seq-true"], rules_name="tda-2024",
                    suite=few, progress=False, timeout=5)
    assert [r["outcome"] for r in run.results] == ["errored", "passed"]


def test_a_talk_ruling_of_the_wrong_type_is_errored_not_failed(tmp_path):
    talk = [v for v in VECTORS if v["id"].startswith("talk/")][:2]
    few = _suite_file(tmp_path, talk)
    run = run_suite(harness=[sys.executable, str(FAKES / "lying.py"), "talk-text"], rules_name="tda-2024",
                    suite=few, progress=False, timeout=5, ignore_requirements=True)
    ran = [r for r in run.results if r["outcome"] != "skipped"]
    assert ran and all(r["outcome"] == "errored" and "'talk' must be a list of rulings" in r["detail"] for r in ran)


@pytest.mark.parametrize("mode,words", [("impl", "'implementation' must be an object"),
                                        ("impl-version", "a string 'name' and 'version'"),
                                        ("protocol-2", "implementation 'protocol' 2: this runner speaks protocol 1"),
                                        ("no-profile", "'profile' must be an object"),
                                        ("refuse-rules", "refused the rule set")])
def test_a_broken_start_or_configure_reply_stops_the_run_with_a_clear_error(tmp_path, mode, words, capsys):
    few = _suite_file(tmp_path, EXAMPLES[:1])
    code = suite_main(["conform", "--harness", f"{sys.executable} {FAKES / 'lying.py'} {mode}", "--suite", str(few)])
    err = capsys.readouterr().err
    assert code == 2 and words in err and "Traceback" not in err


def test_a_stop_the_engine_cannot_express_skips_the_vector():
    from betlaw.conformance.runner import compare
    from betlaw.spec.rulesets import resolve

    v = next(x for x in EXAMPLES if len(x["actions"]) >= 2)
    honest = ModelHarness().run(v, {})
    first = honest["observations"][0]
    reply = {"result": {"observations": [first], "stopped": {"at": 0, "outcome": "inexpressible",
                                                              "message": "no such action"}}}
    out = compare(v, reply, resolve("tda-2024"))
    assert out["outcome"] == "skipped" and out["skip_kind"] == "unsupported" and "no such action" in out["detail"]
    refused = {"result": {"observations": [first], "stopped": {"at": 0, "outcome": "rejected"}}}
    assert compare(v, refused, resolve("tda-2024"))["outcome"] == "failed"
    wrong = dict(first, actor=(first["actor"] + 1) % v["setup"]["seats"])  # a divergence before the stop still fails
    later = {"result": {"observations": [wrong], "stopped": {"at": 0, "outcome": "inexpressible"}}}
    out = compare(v, later, resolve("tda-2024"))
    assert out["outcome"] == "failed" and "who acts" in out["detail"]


def test_crash_stderr_is_the_crashed_process_own(tmp_path):
    few = _suite_file(tmp_path, EXAMPLES[:4])
    run = run_suite(harness=[sys.executable, str(FAKES / "crashing.py")], rules_name="tda-2024", suite=few,
                    progress=False, timeout=20)
    crashed = [r for r in run.results if r["outcome"] == "errored"]
    assert len(crashed) == 2
    assert all(r["detail"].count("segmentation fault") == 1 for r in crashed), crashed


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


def test_conform_and_profile_refuse_bad_command_lines_without_a_traceback(tmp_path, capsys):
    few = _suite_file(tmp_path, EXAMPLES[:1])
    honest = f"{sys.executable} {FAKES / 'fake_loop.py'}"
    cases = [
        (["conform", "--engine", "model", "--harness", honest], "not both"),
        (["conform", "--harness", 'python3 "unterminated'], "No closing quotation"),
        (["profile", "--harness", 'python3 "unterminated'], "No closing quotation"),
        (["conform"], "give --engine NAME or --harness COMMAND"),
        (["profile", "--suite", str(few), "--harness", f"{sys.executable} -c pass"], "could not be started"),
        (["conform", "--engine", "model", "--suite", str(tmp_path / "nope.jsonl")], "no such file"),
        (["conform", "--engine", "model", "--suite", str(few), "--only", "zzz"], "no vector id starts"),
    ]
    for argv, words in cases:
        code = suite_main(argv)
        err = capsys.readouterr().err
        assert code == 2 and words in err and "Traceback" not in err, (argv, err)
    for bad in ("inf", "nan", "0", "-1", "x"):
        with pytest.raises(SystemExit) as exit_:
            suite_main(["conform", "--engine", "model", "--timeout", bad])
        assert exit_.value.code == 2 and "--timeout" in capsys.readouterr().err


def test_an_engine_not_installed_is_named_with_the_extra_to_install(tmp_path, capsys, monkeypatch):
    # review DD: the adapter's own traceback tail was shown
    from betlaw.conformance import runner
    monkeypatch.setitem(runner.DISTRIBUTIONS, "clubs", "no-such-distribution-betlaw")
    few = _suite_file(tmp_path, EXAMPLES[:1])
    assert suite_main(["conform", "--engine", "clubs", "--suite", str(few)]) == 2
    err = capsys.readouterr().err
    assert "no-such-distribution-betlaw is not installed" in err and "'.[engines]'" in err and "Traceback" not in err


def test_a_profile_s_switch_values_are_read_as_betlaw_reads_them():
    # review DD: the schema allows strings; "4" is the cap 4 (tda-2024's own), not another value
    from betlaw.conformance.harness.client import cannot_set, profile_warnings
    from betlaw.conformance.runner import closest_rules
    assert closest_rules({"switches": {"cap": ["4", "3"]}}).name == "tda-2024"
    assert closest_rules({"switches": {"cap": ["none"]}}).name == closest_rules({"switches": {"cap": [None]}}).name
    assert cannot_set({"switches": {"cap": ["3", "bogus"]}}, {"cap": 4}) == {"cap": 4}
    assert any("'bogus' is no value" in w for w in profile_warnings({"switches": {"cap": ["bogus"]}}))


def test_generating_into_a_file_is_refused_before_the_generation(tmp_path, capsys):
    # review BR: 'vectors generate --out FILE' generated for 15 s before saying "not a directory"
    afile = tmp_path / "afile"
    afile.write_text("")
    assert suite_main(["vectors", "generate", "--out", str(afile)]) == 2
    assert "not a directory" in capsys.readouterr().err and afile.read_text() == ""


def test_a_report_directory_that_cannot_be_written_is_refused_before_the_run(tmp_path, capsys):
    few = _suite_file(tmp_path, EXAMPLES[:2])
    afile = tmp_path / "afile"
    afile.write_text("")
    assert suite_main(["conform", "--engine", "model", "--suite", str(few), "--report", str(afile)]) == 2
    out = capsys.readouterr()
    assert "not a directory" in out.err and out.out == ""  # nothing ran
    rep = tmp_path / "rep"
    (rep / "model-tda-2024.md").mkdir(parents=True)  # a directory where one report goes
    assert suite_main(["conform", "--engine", "model", "--rules", "tda-2024", "--suite", str(few),
                       "--report", str(rep)]) == 2
    out = capsys.readouterr()
    assert "passed 2" in out.out and "the results above stand" in out.err
    assert sorted(p.name for p in rep.iterdir()) == ["model-tda-2024.md"]  # all three reports or none


def test_profile_exits_non_zero_when_vectors_error(tmp_path, capsys):
    few = _suite_file(tmp_path, EXAMPLES[:2])
    code = suite_main(["profile", "--suite", str(few), "--harness",
                       f"{sys.executable} {FAKES / 'lying.py'} error-text"])
    out = capsys.readouterr().out
    assert code == 1 and "errored vectors" in out


def test_suites_that_cannot_be_read_name_the_file_and_line(tmp_path, capsys):
    from betlaw.conformance.vectors import SUITE_DIR, SuiteError

    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(EXAMPLES[0]) + "\nnot json\n")
    with pytest.raises(SuiteError, match=r"bad.jsonl line 2: not JSON"):
        load_suite(bad)
    assert suite_main(["vectors", "validate", "--suite", str(bad)]) == 2
    assert "line 2" in capsys.readouterr().err
    assert suite_main(["vectors", "check", "--suite", str(tmp_path / "none")]) == 2
    assert "no such suite directory" in capsys.readouterr().err
    import shutil

    copy = tmp_path / "suite"
    shutil.copytree(SUITE_DIR, copy)
    first = sorted((copy / "vectors").glob("*.jsonl"))[0]
    first.write_text(first.read_text().replace('"at":0', '"at":0 ', 1))  # one byte more: not the manifest's
    with pytest.raises(SuiteError, match="sha256"):
        load_suite(copy)
    first.unlink()
    (copy / "vectors" / "stale.jsonl").write_text("")
    with pytest.raises(SuiteError, match=r"not listed: vectors/stale.jsonl; missing: vectors/"):
        load_suite(copy)


def test_writing_a_suite_is_all_or_nothing(tmp_path):
    from betlaw.conformance.vectors import SuiteError, _write_suite

    out = tmp_path / "suite"
    manifest = '{"files": {"vectors/a.jsonl": "-"}}\n'  # the files the suite holds (vectors/ is written whole)
    _write_suite(out, {"vectors/a.jsonl": "{}\n", "manifest.json": manifest, "clauses.json": "{}\n"})
    (out / "README").write_text("kept")
    with pytest.raises(SuiteError, match="cannot write the suite"):
        _write_suite(out, {"vectors/b.jsonl": "{}\n", "no/such/dir/x": "y", "manifest.json": "[]\n"})
    assert sorted(p.name for p in (out / "vectors").iterdir()) == ["a.jsonl"]
    assert (out / "manifest.json").read_text() == manifest
    _write_suite(out, {"vectors/b.jsonl": "{}\n", "manifest.json": "[]\n", "clauses.json": "{}\n"})
    assert sorted(p.name for p in (out / "vectors").iterdir()) == ["b.jsonl"]
    assert (out / "README").read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["suite"]  # no staging left behind


def test_a_hanging_harness_behind_a_wrapper_script_is_stopped(tmp_path):
    """The harness runs in its own process group, so a wrapper's child that hangs is killed with it (the
    run goes on; the engine is not left running)."""
    few = _suite_file(tmp_path, [v for v in EXAMPLES if v["id"].endswith("1")][:1])
    wrapper = tmp_path / "wrap.sh"
    wrapper.write_text(f'#!/bin/sh\n"{sys.executable}" "{FAKES / "hanging.py"}" "$@"\n')
    wrapper.chmod(0o755)
    run = run_suite(harness=[str(wrapper)], rules_name="tda-2024", suite=few, progress=False, timeout=1.5)
    (hung,) = run.results
    assert hung["outcome"] == "errored" and "hung" in hung["detail"]


def test_a_suite_whose_vectors_lack_fields_is_refused_by_name(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "mine"}\n')
    assert suite_main(["conform", "--engine", "model", "--suite", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "vector 'mine': lacks format" in err and "vectors validate" in err and "Traceback" not in err


def test_only_an_exact_id_runs_that_vector_alone(capsys):
    ids = {v["id"] for v in VECTORS}
    short = next(i for i in sorted(ids) if any(j != i and j.startswith(i) for j in ids))
    code = suite_main(["conform", "--engine", "model", "--only", short, "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0 and sum(summary["counts"].values()) == 1


def test_rule_overrides_alone_adjust_the_engines_closest_rule_set():
    """--rule without --rules adjusts the preset the engine's profile is closest to (PokerKit: pokerkit),
    not the default preset, so rule-set differences are not reported as the engine's bugs."""
    pytest.importorskip("pokerkit", reason="pokerkit==0.7.7 is the optional engines extra (pip install 'betlaw[engines]')")
    run = run_suite("pokerkit", None, {"fold-when-check": "allowed"}, progress=False,
                    select=lambda v: v["id"].startswith("example/tda-47"))
    assert run.rules.name == "pokerkit + fold-when-check=allowed"


def test_profile_of_the_model_fits_the_rule_set_it_runs_under():
    """A passed vector speaks for a switch only where the engine's other switches are the vector's:
    betlaw's own model, run under tda-2024, fits tda-2024 with no switch matching none."""
    from betlaw.conformance.profile import profile

    result = profile("model", progress=False)
    assert result["inferred"] == "tda-2024"
    assert not [k for k, v in result["switches"].items() if v["status"] == "matches none"]
    assert not result["unexplained"]


def test_a_vector_whose_seats_and_stacks_disagree_is_refused_by_name(tmp_path, capsys):
    # the schema cannot say that every per-seat list has one entry per seat; such a vector used to
    # stop the run with "antes: expected 3 entries" and no vector named (review BN)
    from betlaw.conformance.schema import validate_vectors

    v = json.loads(json.dumps(EXAMPLES[0]))
    v["setup"]["stacks"] = v["setup"]["stacks"][:-1]
    assert validate_vectors([v]) == [f"{v['id']}: setup/stacks: {v['setup']['seats'] - 1} entries for "
                                     f"{v['setup']['seats']} seats (setup/seats)"]
    bad = _suite_file(tmp_path, [v])
    assert suite_main(["conform", "--engine", "model", "--suite", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"vector {v['id']!r}: setup/stacks" in err and "Traceback" not in err


def test_a_profile_that_settles_no_switch_says_so_rather_than_what_the_engine_fits():
    """Review BZ: texasholdem, run under seeds + raise-when-covered=allowed, passed 155 vectors none of
    which was judged under a rule set close enough to tell a switch apart; the profile said its
    behaviour "fits" that rule set on no evidence."""
    from betlaw.conformance.profile import text

    result = {"engine": "e", "engine_version": "1", "configured": "seeds + raise-when-covered=allowed",
              "inferred": "seeds + raise-when-covered=allowed", "counts": {"passed": 155},
              "switches": {"cap": {"match": None, "status": "undetermined", "note": "no vector"}},
              "explained_by_switches": 0, "unexplained": []}
    first = text(result).splitlines()[0]
    assert "no switch settled" in first and "fits" not in first
    result["switches"]["cap"] = {"match": "3", "status": "matched", "evidence": 4}
    assert "behaviour fits seeds" in text(result).splitlines()[0]


def test_a_configure_reply_naming_a_value_not_in_force_is_not_repeated(tmp_path, capsys):
    """Review CP: the docs' example harness calls fold-when-check=penalized unsupported, and its run under
    seeds (fold-when-check=allowed) repeated that, which is no value of the rule set judged under."""
    few = _suite_file(tmp_path, EXAMPLES[:1])
    run = run_suite(harness=[sys.executable, str(FAKES / "lying.py"), "claims-unsupported"], rules_name="seeds",
                    suite=few, progress=False, timeout=20)
    assert run.unsupported_switches == {}
    run = run_suite(harness=[sys.executable, str(FAKES / "lying.py"), "claims-unsupported"], rules_name="tda-2024",
                    suite=few, progress=False, timeout=20)
    assert run.unsupported_switches == {"fold-when-check": "penalized"}


def test_harness_words_in_reports_stay_one_line_of_text(tmp_path, capsys):
    """Review CP: a harness message's newline split the report's list item (an <h1> in the HTML) and its
    markup went raw into the Markdown; a 3 MB stderr line went whole into every report."""
    few = _suite_file(tmp_path, EXAMPLES[:1])
    code = suite_main(["conform", "--harness", f"{sys.executable} {FAKES / 'lying.py'} html-message", "--suite",
                       str(few), "--rules", "tda-2024", "--report", str(tmp_path / "rep"), "--no-progress"])
    assert code == 1
    markdown = next((tmp_path / "rep").glob("*.md")).read_text()
    assert "<script>" not in markdown and "&lt;script&gt;x&lt;/script&gt; # not a heading" in markdown
    page = next((tmp_path / "rep").glob("*.html")).read_text()
    assert "<h1>not a heading" not in page and "&lt;script&gt;" in page and "&amp;lt;" not in page
    # review CS: the harness's version and a warning naming its preset, one table cell each, no markup
    assert "| engine | betlaw-model 1 \\| &lt;b&gt;2&lt;/b&gt; # three |" in markdown and "<b>" not in markdown
    assert "&lt;i&gt;tda&lt;/i&gt; \\| x" in markdown and "# three under" in capsys.readouterr().out
    assert ">betlaw-model 1 | &lt;b&gt;2&lt;/b&gt; # three</t" in page and "<b>" not in page and "<i>" not in page
    from betlaw.conformance.runner import one_line
    assert one_line("a\n b", 10) == "a b" and one_line("x" * 30, 10) == "x" * 10 + "... (20 more characters)"


@pytest.mark.parametrize("extra", [{"skipped": {"message": "also"}}, {"errored": {"message": "x"}}])
def test_a_run_reply_with_two_outcomes_is_errored_not_skipped(extra):
    """protocol.schema.json, runReply: exactly one of result, skipped, errored (review DR)."""
    from betlaw.conformance.runner import compare
    from betlaw.spec.rulesets import resolve

    v = EXAMPLES[0]
    for reply in ({"result": ModelHarness().run(v, {})} | extra, {"skipped": {"message": "no"}} | extra
                  if "errored" in extra else {"errored": {"message": "x"}} | extra, {}):
        out = compare(v, reply, resolve("tda-2024"))
        assert out["outcome"] == "errored" and "exactly one of" in out["detail"], (reply, out)


def test_a_probe_result_penalty_is_checked_against_the_probe():
    """A probe accepted with the wrong penalty fails (TDA 2024 58 under fold-when-check=penalized);
    a penalty that is no boolean is a malformed reply (review DR)."""
    import copy

    from betlaw.conformance.runner import compare
    from betlaw.spec.rulesets import resolve

    v = next(x for x in VECTORS if any(p["expect"] == "penalized" for cp in x["checkpoints"]
                                       for p in cp.get("probes", [])))
    rules = resolve(v["rules"]["preset"], v["rules"].get("overrides") or {})
    harness = ModelHarness()
    harness.ruleset = rules
    honest = {"result": harness.run(v, {})}
    assert compare(v, honest, rules)["outcome"] == "passed"

    def tampered(value, expect):
        reply = copy.deepcopy(honest)
        for cp, obs in zip(v["checkpoints"], reply["result"]["observations"]):
            for probe, r in zip(cp.get("probes", []), obs.get("probes", [])):
                if probe["expect"] == expect and r["outcome"] == "accepted":
                    r["penalized"] = value
                    return reply
        raise AssertionError(f"no accepted {expect} probe")

    out = compare(v, tampered(False, "penalized"), rules)
    assert out["outcome"] == "failed" and "expected \"penalized\", engine \"no penalty\"" in out["detail"], out
    out = compare(v, tampered("yes", "penalized"), rules)
    assert out["outcome"] == "errored" and "'penalized' must be true or false" in out["detail"], out


def test_a_range_of_two_amounts_only_is_reported_as_those_two():
    """Review EO: an open pair's completion to 20 or 30 was reported "expected 20..30", which reads as 25 too."""
    from betlaw.conformance.runner import compare
    from betlaw.spec.rulesets import resolve

    v = next(x for x in VECTORS if any("complete_amounts" in (cp.get("legal") or {}) for cp in x["checkpoints"]))
    rules = resolve("roberts").with_overrides(v["rules"]["values"])
    harness = ModelHarness()
    harness.configure({"preset": "roberts", "values": v["rules"]["values"]})
    honest = harness.run(v, {})
    cp = next(cp for cp in v["checkpoints"] if "complete_amounts" in (cp.get("legal") or {}))
    observations = [dict(o, legal=dict(o["legal"], raise_to=[cp["legal"]["complete_to"]] * 2))
                    if o["at"] == cp["at"] else o for o in honest["observations"]]
    out = compare(v, {"result": dict(honest, observations=observations)}, rules)
    low, high = cp["legal"]["complete_amounts"]
    assert out["outcome"] == "failed" and f"(only {low} or {high}: stud.open-pair)" in out["detail"], out
