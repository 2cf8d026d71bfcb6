"""The real hands of shared/corpus/phh (1,525 online and WSOP hands) replayed through the model."""
from pathlib import Path

import pytest

from betlaw.conformance.replay import replay_files

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "phh"
FILES = sorted(str(p) for p in CORPUS.glob("*/*.phh*"))

pytestmark = pytest.mark.skipif(not FILES, reason="shared/corpus/phh is not beside this checkout")

# The one hand whose record breaks a rule under every rule set: the button's pre-flop fold is
# missing from the WSOP record (p8 never acts, and keeps the whole stack), so p1 acts out of turn.
MISSING_FOLD = ("00-01-07.phh", None, 13, "turn.in-turn")
# Online rooms let a player fold when a check was possible (TDA 58: legal but penalised).
FOLDS_WHEN_CHECK = {("ABS-1000NLH.phhs", "51"), ("ABS-200NLH.phhs", "18"), ("IPN-1000NLH.phhs", "49")}


def _flags(report):
    return {(Path(f["file"]).name, f["hand"], f["action_index"], f["clauses"][0]) for f in report.flagged}


def test_every_hand_reads():
    report = replay_files(FILES, None, {})
    assert report.errors == []
    assert report.hands == 1525


@pytest.mark.parametrize("preset", ["tda-2024", "roberts", "seeds"])
def test_rule_book_presets_accept_the_online_rooms(preset):
    report = replay_files(FILES, preset, {})
    assert _flags(report) == {MISSING_FOLD}
    penalised = {(Path(p["file"]).name, p["hand"]) for p in report.penalized}
    assert penalised == (FOLDS_WHEN_CHECK if preset == "tda-2024" else set())


@pytest.mark.parametrize("preset", ["pokerkit", "acpc"])
def test_engines_forbid_the_folds_the_rooms_allowed(preset):
    report = replay_files(FILES, preset, {})
    folds = {(name, hand) for name, hand, _, clause in _flags(report) if clause == "fold.when-check-possible"}
    assert folds == FOLDS_WHEN_CHECK
    assert MISSING_FOLD in _flags(report) and len(report.flagged) == 4


def test_model_and_spec_agree_on_a_sample_of_the_corpus():
    """Every action of a sample of hands (the first three of each file, all presets' default), judged
    by the model and the spec together; the whole corpus: `betlaw replay ... --oracle both`."""
    from betlaw.conformance.oracles import hand_disagreements
    from betlaw.conformance.phh import read_path

    checked = 0
    for path in FILES:
        for key, scenario in read_path(path)[:3]:
            assert hand_disagreements(scenario, scenario.rules()) == [], f"{path}#{key}"
            checked += 1
    assert checked == 16 * 3 + 1
