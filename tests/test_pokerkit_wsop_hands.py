"""The 97 real WSOP 2023 hands of PokerKit 0.7.7's own tests (Event #43, the $50,000 Poker Players
Championship final table, Day 5, and Event #54: seven-card stud, stud hi-lo, razz, limit hold'em,
limit Omaha hi-lo, 2-7 triple draw, no-limit 2-7 single draw, no-limit hold'em, pot-limit Omaha),
replayed through betlaw.

PokerKit plays each hand in its test suite; the hand history it writes at the end of each is taken
here (nothing is copied into this repository) and replayed with the model and the spec together.
Every action PokerKit accepted is legal under every preset: the hands never hit a point where the
rule books disagree (a raise cap, a short all-in under half a bet, a heads-up cap).
"""
import unittest
import warnings

import pytest

from betlaw.conformance.replay import replay_files

pokerkit = pytest.importorskip("pokerkit", reason="PokerKit is the optional engines extra (CI installs it)")
MODULES = ("pokerkit.tests.test_wsop.test_2023_43_5", "pokerkit.tests.test_wsop.test_2023_54_4")


@pytest.fixture(scope="module")
def wsop_hands(tmp_path_factory):
    """Each WSOP test's hand as PokerKit writes it (``HandHistory.from_game_state``), in a .phh file."""
    import importlib

    from pokerkit import notation

    written: dict[str, str] = {}
    original = notation.HandHistory.from_game_state.__func__
    current = [""]

    def capture(cls, game, state):
        history = original(cls, game, state)
        written[current[0]] = history.dumps()
        return history

    notation.HandHistory.from_game_state = classmethod(capture)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for name in MODULES:
                case = importlib.import_module(name).StateTestCase
                for test in sorted(t for t in dir(case) if t.startswith("test_")):
                    current[0] = f"{name.rsplit('.', 1)[-1]}_{test}"
                    result = unittest.TestResult()
                    case(test).run(result)
                    assert not result.errors and not result.failures, f"PokerKit's own test {test} fails"
    finally:
        notation.HandHistory.from_game_state = classmethod(original)
    folder = tmp_path_factory.mktemp("wsop")
    files = []
    for key, text in sorted(written.items()):
        path = folder / f"{key}.phh"
        path.write_text(text)
        files.append(str(path))
    return files


def test_every_wsop_hand_is_legal_and_the_spec_agrees(wsop_hands):
    assert len(wsop_hands) == 97
    report = replay_files(wsop_hands, None, {}, "both")
    assert (report.hands, report.flagged, report.penalized, report.errors) == (97, [], [], [])


@pytest.mark.parametrize("preset", ["roberts", "seeds", "pokerkit", "acpc"])
def test_every_wsop_hand_is_legal_under_every_preset(wsop_hands, preset):
    report = replay_files(wsop_hands, preset, {})
    assert (report.hands, report.flagged, report.errors) == (97, [], [])
