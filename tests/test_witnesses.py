"""The clause witnesses (issue 5): ``spec/witnesses.json``, written by ``betlaw witness --all --write-cache``.

Every witness hand is replayed, independently of the search that found it, through ``betlaw ask``
with the model and with the spec (they must agree and give the recorded answer); every clause has
its three records under every preset; every clause has a decisive witness, or the catalogue says why
it is never decisive on its own, or (KNOWN) the search's bound is named as the reason.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from betlaw.conformance.ask import Answerer
from betlaw.conformance.oracles import answer
from betlaw.conformance.phh import read_text
from betlaw.conformance.questions import parse
from betlaw.spec import witnesses as W
from betlaw.spec.catalogue import catalogue
from betlaw.spec.rulesets import PRESETS

RECORDS = W.load()
LEGALITY = [r for r in RECORDS if catalogue()[r["clause"]].layer != "declaration"]

#: clauses with no decisive witness under any preset although the catalogue does not call them never
#: decisive: the search's bound is too small for them (each reason says what they need).
KNOWN: dict[str, str] = {}


def _id(r: dict) -> str:
    return f"{r['clause']}/{r['kind']}/{r['rules']}"


def test_every_clause_has_its_three_records_under_every_preset():
    expected = [(c, p, k) for c in catalogue() for p in PRESETS for k in W.ROLES]
    assert [(r["clause"], r["rules"], r["kind"]) for r in RECORDS] == expected
    for r in RECORDS:
        if "none" in r:
            assert set(r) == {"clause", "kind", "rules", "none"} and r["none"].strip(), r
        else:
            assert set(r) == {"clause", "kind", "rules", "phh", "question", "answer", "detail"}, r


def test_every_clause_is_decisive_somewhere_or_says_why_not():
    cat = catalogue()
    missing = {}
    for cid, clause in cat.items():
        decisive = [r for r in RECORDS if r["clause"] == cid and r["kind"] == "decisive"]
        if any("none" not in r for r in decisive):
            continue
        if clause.spec != "encoded":
            assert all("not encoded" in r["none"] for r in decisive), cid
            continue
        if all("impossible under" in r["none"] for r in decisive):
            continue  # no preset lets the clause act (its switch value is no preset's choice)
        if clause.never_decisive:
            assert all(clause.never_decisive in r["none"] or "impossible under" in r["none"]
                       for r in decisive), cid
            continue
        missing[cid] = decisive[0]["none"]
    assert set(missing) == set(KNOWN), {c: missing.get(c, "decisive now: remove it from KNOWN") for c in
                                         set(missing) ^ set(KNOWN)}


def test_a_preset_that_makes_a_clause_impossible_says_so():
    by = {(r["clause"], r["rules"], r["kind"]): r for r in RECORDS}
    for cid, switch, value, _ in W.IMPOSSIBLE:
        for preset, rules in PRESETS.items():
            if str(rules.values.get(switch)) == value:
                for kind in W.ROLES:
                    assert "impossible under" in by[(cid, preset, kind)].get("none", ""), (cid, preset, kind)


@pytest.mark.parametrize("record", [r for r in LEGALITY if "none" not in r], ids=_id)
def test_witness_replays_through_model_and_spec(record):
    """``betlaw ask`` gives the recorded answer, the model and the spec agreeing."""
    (_, scenario), = read_text(record["phh"], "witness")
    rules = scenario.rules(record["rules"])
    assert rules.name.split(" + ")[0] == record["rules"]
    result, disagreements = answer(Answerer(scenario, rules), parse(record["question"]), "both")
    assert result["answer"] == record["answer"], (result["answer"], record)
    assert not disagreements, disagreements


def test_the_witness_command_prints_the_json_shape_of_the_issue():
    out = subprocess.run([sys.executable, "-m", "betlaw.conformance.cli", "witness", "raise.minimum",
                          "--rules", "tda-2024", "--kind", "decisive", "--json"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    (record,) = json.loads(out.stdout)
    assert set(record) >= {"clause", "kind", "rules", "phh", "question", "answer"}
    assert record["clause"] == "raise.minimum" and record["kind"] == "decisive" and record["answer"] == "no"


def test_unknown_clause_is_a_clear_error():
    out = subprocess.run([sys.executable, "-m", "betlaw.conformance.cli", "witness", "raise.nonsense"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "raise.nonsense" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("argv, message", [
    # review BR: --cached --check-cache compared the cache with itself; --all dropped the clauses and --rules
    (["--all", "--cached", "--check-cache"], "--cached reads spec/witnesses.json"),
    (["--all", "raise.minimum", "--cached"], "--all is every clause under every preset"),
    (["--cached", "raise.minimum", "--out", "README.md"], "--out README.md: not a directory"),
    # review CV: a non-empty directory, or a file as a parent, was refused only after the search
    (["raise.minimum", "--out", "tests"], "--out tests: exists and is not empty"),
    (["raise.minimum", "--out", "README.md/sub"], "a parent of it is a file"),
])
def test_conflicting_witness_options_are_errors(argv, message):
    out = subprocess.run([sys.executable, "-m", "betlaw.conformance.cli", "witness", *argv],
                         capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parents[1])
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


def test_all_out_writes_phh_files_and_a_manifest(tmp_path):
    W.write_dir(RECORDS, tmp_path)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert len(manifest) == len(RECORDS)
    for entry in manifest:
        if "file" in entry:
            assert (tmp_path / entry["file"]).read_text().startswith("variant")
            assert {"question", "answer"} <= set(entry)


def test_all_out_is_all_or_nothing(tmp_path):
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "notes.txt").write_text("mine")
    with pytest.raises(OSError, match="exists"):
        W.write_dir(RECORDS, taken)
    assert [p.name for p in taken.iterdir()] == ["notes.txt"]
    W.write_dir(RECORDS, tmp_path / "new" / "dir")
    assert (tmp_path / "new" / "dir" / "manifest.json").exists()
    assert not [p for p in (tmp_path / "new").iterdir() if p.name.endswith(".tmp")]


def test_the_checked_in_witnesses_are_what_the_search_finds_now():
    """spec/witnesses.json is generated (``betlaw witness --all --write-cache``), never edited: a fresh
    search over every clause and preset gives the same bytes."""
    out = subprocess.run([sys.executable, "-m", "betlaw.conformance.cli", "witness", "--all", "--check-cache"],
                         capture_output=True, text=True, timeout=1200)
    assert out.returncode == 0, out.stderr
