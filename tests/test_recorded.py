"""Questions about an action the hand recorded (conformance/recorded.py): judged where it was taken,
by the same rules as a "can" question there, under both oracles."""
import json
from pathlib import Path

import pytest

from betlaw.conformance.cli import main
from betlaw.conformance.questions import parse

RAISES = """game: no-limit hold'em 50/100
seats: Alice 5000, Bob 5000, Carol 5000, David 5000
pre-flop: Carol raises to 300, David raises to 500
"""
FOLDED = """game: no-limit hold'em 1/2
seats: Ann 200, Bob 200, Cat 200
pre-flop: Cat calls, Ann calls, Bob checks
flop: Ann checks, Bob folds
"""

SHORT_ALL_IN = """game: no-limit hold'em 50/100
seats: Ann 10000, Bob 225, Cy 10000
pre-flop: Cy calls, Ann calls, Bob checks
flop: Ann bets 100, Bob goes all-in, Cy calls, Ann calls
"""


def ask(capsys, tmp_path, hand, question, *more):
    path = tmp_path / "hand.txt"
    path.write_text(hand)
    code = main(["ask", str(path), question, "--json", *more])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else None), err


@pytest.mark.parametrize("question, recorded", [
    ("is David's raise legal?", "maybe"), ("was David's raise to 500 legal?", "yes"),
    ("was that a legal raise?", "last"), ("is that legal?", "last"), ("was the completion legal?", "yes"),
    ("was Carol allowed to raise to 250?", "either"), ("could Bob have checked?", "turn"),
    ("could Carol have brought in?", "turn"),  # review BX
    ("is a raise to 30 legal for Bob?", ""),  # an action to come
])
def test_recorded_questions_parse(question, recorded):
    q = parse(question)
    assert (q.kind, q.recorded) == ("can", recorded)


@pytest.mark.parametrize("hand, question, answer, judged", [
    # TDA 2024 43-A: 500 over 300 is a raise of 200, at least the 200 of Carol's raise: legal
    (RAISES, "is David's raise legal?", "yes", "p4 cbr 500"),
    (RAISES, "was that a legal raise?", "yes", "p4 cbr 500"),
    (RAISES, "was Carol's raise to 300 legal?", "yes", "p3 cbr 300"),
    # asked at David's turn: a raise to 400 is below the minimum, to 500
    (RAISES, "is David's raise to 400 legal?", "no", "p4 cbr 500"),
    (RAISES, "could David have called?", "yes", "p4 cbr 500"),
    # TDA 2024 58: folding where a check was possible is legal but penalised
    (FOLDED, "is Bob's fold legal?", "yes", "p2 f"),
    (FOLDED, "could Bob have checked?", "yes", "p2 f"),
    (FOLDED, "was Ann allowed to bet?", "yes", "p1 cc"),  # her check on the flop: she could have bet
    # review DM: a bet is no raise (TDA 2024 3): "allowed to (re-)raise" is asked at her last turn, the call
    # facing Bob's all-in 25 over her 100 bet, which did not reopen the betting for her (TDA 2024 47-A)
    (SHORT_ALL_IN, "was Ann allowed to re-raise?", "no", "p1 cc"),
    (SHORT_ALL_IN, "was Ann allowed to raise?", "no", "p1 cc"),
    (SHORT_ALL_IN, "was Ann's raise legal?", "yes", "p1 cbr 100"),  # her bet, named loosely
])
def test_a_recorded_action_is_judged_where_it_was_taken(capsys, tmp_path, hand, question, answer, judged):
    code, data, err = ask(capsys, tmp_path, hand, question)
    assert code == 0, err
    assert (data["answer"], data["judged"], data["agree"]) == (answer, judged, True), data


def test_an_action_to_come_or_never_made(capsys, tmp_path):
    # Alice is to act: "is Alice's raise legal?" asks about her raise now
    code, data, _ = ask(capsys, tmp_path, RAISES, "is Alice's raise legal?")
    assert code == 0 and data["answer"] == "yes" and "judged" not in data
    code, _, err = ask(capsys, tmp_path, RAISES, "was Alice's raise legal?")
    assert code == 2 and "has made no raise in this hand" in err and "Traceback" not in err
    code, _, err = ask(capsys, tmp_path, RAISES, "was Bob allowed to check?")
    assert code == 2 and "has not acted in this hand yet" in err
    # the spec judges it too, where it was taken
    code, data, _ = ask(capsys, tmp_path, RAISES, "is David's raise to 400 legal?", "--oracle", "spec")
    assert code == 0 and data["answer"] == "no" and "raise.minimum" in data["clauses"]


def test_a_recorded_action_is_binding_without_table_talk(capsys, tmp_path):
    """TDA 2024 50: action in turn is binding; 58: a fold where a check was possible is binding too, and
    may be penalised. (Table talk's own binding answers: tests/test_conformance_talk.py.)"""
    code, data, _ = ask(capsys, tmp_path, FOLDED, "is Bob's fold binding?")
    assert code == 0 and data["answer"] == "yes" and "fold.when-check-possible" in data["clauses"]
    code, data, _ = ask(capsys, tmp_path, FOLDED, "is Cat's raise binding?")  # Cat has made no raise: a yes/no
    assert code == 0 and data["answer"] == "no" and data["binding"] is None  # question (review CC), nothing binds


def test_review_am_findings(capsys, tmp_path):
    """A completion is only a completion; "that" is the hand's last action; a heads-up script's own
    numbering in the answer."""
    code, _, err = ask(capsys, tmp_path, RAISES, "was David's completion legal?")  # no-limit: no completions
    assert code == 2 and "has made no completion" in err
    code, _, err = ask(capsys, tmp_path, FOLDED, "was that a legal raise?")  # the last action was Bob's fold
    assert code == 2 and "the last action was p2 (Bob)'s fold, not a raise" in err
    code, data, _ = ask(capsys, tmp_path, FOLDED, "was that legal?")
    assert code == 0 and data["judged"] == "p2 f"
    code, _, err = ask(capsys, tmp_path, FOLDED, "was Cat's check-raise legal?")  # Cat never checked and raised
    assert code == 2 and "no check-raise" in err
    heads_up = "game: no-limit hold'em 1/2\nseats: Alice 100, Bob 80\npre-flop: Alice raises to 6, Bob raises to 20\n"
    code, data, _ = ask(capsys, tmp_path, heads_up, "was Bob's raise legal?")  # script p2 is Bob (PHH p1)
    assert code == 0 and data["answer"] == "yes" and data["judged"].startswith("p2 ")


def test_i_in_a_recorded_question_is_the_player_to_act(capsys, tmp_path):
    code, _, err = ask(capsys, tmp_path, RAISES, "could I have called?")  # Alice is to act, and has not acted
    assert code == 2 and "has not acted in this hand yet" in err
    code, data, _ = ask(capsys, tmp_path, FOLDED, "could I have raised?")  # Cat is to act: her pre-flop call
    assert code == 0 and data["judged"] == "p3 cc" and data["answer"] == "yes"


BROKEN = """game: pot-limit omaha 1/2
seats: A 200, B 200, C 200, D 200
pre-flop: C raises to 8, D calls
"""


@pytest.mark.parametrize("question, answer", [
    ("was C's raise legal?", "no"), ("was p3 allowed to raise to 8?", "no"), ("could C have raised to 8?", "no"),
    ("could C have raised to 7?", "yes"), ("could C have raised the pot?", "yes"), ("could C have raised to 4x?", "no"),
    ("could C have raised to 3x?", "yes"), ("could C have raised by 6?", "no"), ("could C have min-raised?", "yes"),
])
def test_the_action_that_broke_the_hand_is_judged_where_it_was_taken(capsys, tmp_path, question, answer):
    """The raise over the pot (pot-limit.maximum, TDA 2024 54) is refused with its clause; the hand
    stands just before it."""
    code, data, err = ask(capsys, tmp_path, BROKEN, question)
    assert code == 0, err
    assert data["answer"] == answer and data["actor"] == "p3", data
    if answer == "no":
        assert "pot-limit.maximum" in data["clauses"]


@pytest.mark.parametrize("question", ["was D's call legal?", "was that legal?", "can D call?"])
def test_an_action_after_the_break_cannot_be_judged(capsys, tmp_path, question):
    code, _, err = ask(capsys, tmp_path, BROKEN, question)
    assert code == 2 and "breaks a rule" in err and "C raises to 8" in err


EARLIER = """game: no-limit hold'em 1/2
seats: A 200, B 200, C 200, D 200
pre-flop: C raises to 6, D raises to 8, A folds, B folds, C calls
"""


@pytest.mark.parametrize("question, answer", [
    ("was D's raise legal?", "no"),  # the raise that broke the hand: under the minimum (TDA 2024 43-A)
    ("was C's raise legal?", "yes"),  # before it: C's later call is no raise, so it does not stand in the way
    ("was C's call legal?", None), ("was A's fold legal?", None),  # after it: not judged
])
def test_an_action_before_the_break_is_judged(capsys, tmp_path, question, answer):
    code, data, err = ask(capsys, tmp_path, EARLIER, question)
    if answer is None:
        assert code == 2 and "D raises to 8" in err
    else:
        assert code == 0 and data["answer"] == answer, err


def test_an_earlier_action_named_by_its_amount_past_a_later_one_after_the_break(capsys, tmp_path):
    """C raised to 6, D broke the hand (a raise to 8, under the minimum of 10), C raised again to 20:
    the raise to 6 is named by its amount, and judged; the raise to 20 cannot be."""
    hand = EARLIER.replace("C calls", "C raises to 20")
    code, data, err = ask(capsys, tmp_path, hand, "was C's raise to 6 legal?")
    assert code == 0 and data["answer"] == "yes", err
    code, _, err = ask(capsys, tmp_path, hand, "was C's raise to 20 legal?")
    assert code == 2 and "D raises to 8" in err


ROUNDS = """game: no-limit hold'em 1/2
seats: A 100, B 100, C 100
pre-flop: C raises to 6, A calls, B calls
flop: A checks, B bets 10, C calls, A folds
turn: B checks, C bets 20, B calls
river: B checks, C checks
"""


@pytest.mark.parametrize("question, answer, judged", [
    # review BQ: the round named was ignored once the hand was over (the player's latest action was judged)
    ("could C have bet on the flop?", "no", "p3 cc"),  # C called B's 10 there: a bet would be a raise
    ("could C have bet?", "yes", "p3 cc"),  # no round named: C's last turn, the river check
    ("on the turn, could C have bet 30?", "yes", "p3 cbr 20"),
    ("was B's bet on the flop legal?", "yes", "p2 cbr 10"),
    ("was B's bet legal on the flop?", "yes", "p2 cbr 10"),
    ("preflop, was C's raise legal?", "yes", "p3 cbr 6"),
    ("could B have checked on the flop?", "yes", "p2 cbr 10"),
])
def test_a_recorded_action_is_found_on_the_round_named(capsys, tmp_path, question, answer, judged):
    code, data, err = ask(capsys, tmp_path, ROUNDS, question)
    assert code == 0, err
    assert (data["answer"], data["judged"]) == (answer, judged), data


@pytest.mark.parametrize("question, upto, message", [
    ("could A have checked on the turn?", None, "p1 (A) did not act on the turn in this hand"),
    ("was C's raise on the flop legal?", None, "p3 (C) has made no raise on the flop to judge"),
    ("could C have checked on the river?", 9, "the river has not been played yet (the flop is being played)"),
    ("could C have checked on the river?", 15, "p3 (C) has not acted on the river yet"),
])
def test_no_action_on_the_round_named_is_an_error(capsys, tmp_path, question, upto, message):
    code, _, err = ask(capsys, tmp_path, ROUNDS, question, *(["--upto", str(upto)] if upto else []))
    assert code == 2 and message in err and "Traceback" not in err


def test_an_earlier_round_can_be_asked_about_while_the_hand_goes_on(capsys, tmp_path):
    # review BQ: with the turn in play, "could B have checked on the flop?" was refused ("ask about the turn")
    code, data, err = ask(capsys, tmp_path, ROUNDS, "could B have checked on the flop?", "--upto", "10")
    assert code == 0, err
    assert (data["answer"], data["judged"]) == ("yes", "p2 cbr 10")


def test_a_check_read_as_no_action_is_not_the_action_judged(capsys, tmp_path):
    """Review BX: A's last 'p1 cc' comes when nobody has anything left to decide (replay reads it as no
    action); "was p1's call legal?" judged it as an illegal call after the betting, not A's call pre-flop."""
    path = tmp_path / "moot.phh"
    path.write_text("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
                    "starting_stacks = [100, 100, 50]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', "
                    "'p3 cbr 50', 'p1 cc', 'p2 f', 'd db ??????', 'p1 cc']\n")
    code = main(["ask", str(path), "was p1's call legal?", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["answer"] == "yes" and "call 49 (to 50)" in out["explanation"]


def test_a_raise_the_player_never_made_is_asked_at_their_last_turn(capsys):
    """Review BX: TDA 2024 47 Ex. 1-A, A bet 100 then called: "was p1's raise to 300 legal?" was asked at A's
    bet (no bet to raise) while "could p1 have raised to 300?" was asked at the call (yes)."""
    hand = str(Path(__file__).resolve().parents[1] / "conformance" / "examples" / "tda-47-ex1a.phh")
    answers = []
    for question in ("was p1's raise to 300 legal?", "could p1 have raised to 300?"):
        assert main(["ask", hand, question, "--json"]) == 0
        answers.append(json.loads(capsys.readouterr().out))
    assert [x["answer"] for x in answers] == ["yes", "yes"] and answers[0]["judged"] == answers[1]["judged"] == "p1 cc"


def test_a_raise_never_made_is_not_asked_at_the_action_that_broke_a_rule(capsys, tmp_path):
    """Review CE: D folds out of turn on the flop (the hand breaks a rule there): "was D's raise to 400 legal?"
    was judged at that fold, not a turn of D's; it is asked at D's last turn before it, the pre-flop call."""
    hand = ("game: no-limit hold'em 50/100\nseats: A 2000, B 2000, C 2000, D 2000\n"
            "pre-flop: C calls, D calls, A calls, B checks\nflop: A checks, D folds\n")
    code, data, _ = ask(capsys, tmp_path, hand, "was D's raise to 400 legal?")
    assert code == 0 and data["answer"] == "yes" and data["judged"] == "p4 cc"


def test_could_have_with_a_pot_multiple_or_extreme_is_asked_at_the_turn(capsys, tmp_path):
    """"Could C have raised the pot?" is "can C raise the pot?" at C's turn: the pot-sized raise there is to 7
    (blinds 1/2: the call, 2, then the pot after it, 5; pot-limit.maximum, TDA 2024 rule 54)."""
    for question, said in (("could C have raised the pot?", "raise to 7"), ("could C have raised to the max?", "raise to 7"),
                           ("could C have raised to 3x?", "raise to 6")):
        code, data, err = ask(capsys, tmp_path, BROKEN, question)
        assert code == 0, err
        assert data["answer"] == "yes" and said in data["explanation"] and data["judged"] == "p3 cbr 8", data
