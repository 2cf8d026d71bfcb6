"""Questions with a premise: "if p3 calls and p4 folds, can p1 raise?" (docs/asking.md)."""
import json
from pathlib import Path

import pytest

from betlaw.conformance.cli import main
from betlaw.conformance.questions import QuestionError, parse
from betlaw.model.actions import Kind

ROOT = Path(__file__).resolve().parents[1]
TDA_47 = str(ROOT / "conformance" / "examples" / "tda-47-ex1a.phh")

SIX = """game: no-limit hold'em 1/2
seats: Alice 200, Bob 150, Carol 300, David {david}, Erin 500, Fay 80
"""


def ask(capsys, hand, question, *more):
    code = main(["ask", hand, question, "--json", *more])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code in (0, 3) else None), err


@pytest.fixture
def six(tmp_path):
    def table(david=20):
        path = tmp_path / f"six-{david}.txt"
        path.write_text(SIX.format(david=david))
        return str(path)
    return table


@pytest.mark.parametrize("question, premises, kind", [
    ("if C calls, can A raise?", [("c", Kind.CALL, None)], "can"),
    ("If C goes all-in for 150, can A re-raise?", [("c", "all-in", 150)], "can"),
    ("can A raise if C calls?", [("c", Kind.CALL, None)], "can"),
    ("after C called, who acts?", [("c", Kind.CALL, None)], "who"),
    ("suppose C folds; is the round over?", [("c", Kind.FOLD, None)], "round"),
    ("if c calls can a raise", [("c", Kind.CALL, None)], "can"),
    ("what if p2 shoves?", [("p2", "all-in", None)], "what"),
    ("if p3 raised to 300 and p4 jammed and p5 smooth calls, what can p6 do?",
     [("p3", Kind.RAISE, 300), ("p4", "all-in", None), ("p5", Kind.CALL, None)], "what"),
    ("if mary ann bets 40, then bob min-raises, can carol 3-bet?",
     [("mary ann", Kind.BET, 40), ("bob", Kind.RAISE, None)], "can"),
    ("if I call, can p3 raise?", [(None, Kind.CALL, None)], "can"),
    ("if p3 brings it in, can p4 complete?", [("p3", Kind.BRING_IN, None)], "can"),
    ("if p2 is all in, would p3 be able to raise?", [("p2", "all-in", None)], "can"),
])
def test_premises_parse_into_actions(question, premises, kind):
    q = parse(question)
    assert q.kind == kind
    assert [(p.player, p.verb, p.amount) for p in q.premises] == premises


def test_everyone_premises_parse():
    q = parse("if everyone folds to the big blind, can the big blind check?")
    (p,) = q.premises
    assert (p.kind, p.player, p.verb) == ("everyone", "the big blind", Kind.FOLD)
    (p,) = parse("if it is checked around, is the round over?").premises
    assert (p.kind, p.player, p.verb) == ("everyone", None, Kind.CHECK)


@pytest.mark.parametrize("question", ["if blah, can p1 raise?", "can p1 raise if blah?", "if p2 calls"])
def test_unreadable_premise_is_named(question):
    with pytest.raises(QuestionError):
        parse(question)


def test_a_plain_question_has_no_premise():
    assert parse("can p1 raise?").premises == ()
    with pytest.raises(QuestionError):  # "when" may begin a plain question: no premise is read into it
        parse("when can p1 raise?")


def test_full_raise_all_in_reopens_short_one_does_not(capsys, six):
    """TDA 2024 rule 47: David's all-in to 20 over Carol's 6 is a full raise (14 >= 4), so Carol may re-raise
    when the calls come back to her; his all-in to 8 is 2 short of a full raise, so she may only call or fold."""
    code, full, _ = ask(capsys, six(20), "if Carol raises to 6 and David goes all-in and everyone calls, can Carol raise?")
    assert code == 0 and full["answer"] == "yes"
    assert full["legal"]["bet_or_raise"]["min_to"] == 34
    assert full["assuming"][:2] == ["p3 (Carol) raises to 6", "p4 (David) raises to 20 (all-in)"]
    assert len(full["assuming"]) == 6  # Erin, Fay, Alice and Bob call
    code, short, _ = ask(capsys, six(8), "if Carol raises to 6 and David goes all-in and everyone calls, can Carol raise?")
    assert code == 0 and short["answer"] == "no"
    assert "reopen.full-bet-rule" in short["clauses"]


def test_premise_then_minimum_reraise(capsys, six):
    code, out, _ = ask(capsys, six(20), "If Carol raises to 6 and David is all-in for 20, what is the minimum reraise for Erin?")
    assert code == 0 and out["answer"] == "raise to 34" and out["actor"] == "p5"


def test_premise_is_checked_by_the_rules(capsys, six):
    code, _, err = ask(capsys, six(20), "if Carol raises to 3, can David call?")
    assert code == 2 and "raise.minimum" in err and "Traceback" not in err
    code, _, err = ask(capsys, six(20), "if David folds, can Erin raise?")
    assert code == 2 and "it is p3 (Carol)'s turn, not p4 (David)'s" in err
    code, out, _ = ask(capsys, six(20), "if everyone folds to the big blind, can the big blind check?")
    assert code == 0 and out["answer"] == "no" and out["betting"]["winner"] == "p2"  # the hand is over: Bob wins
    code, _, err = ask(capsys, six(20), "if everyone folds to Erin, can Erin raise?")  # Carol, David fold: Erin
    assert code == 0
    code, out, _ = ask(capsys, six(20), "if Carol raises to 6 and everyone folds to Carol, who wins?")
    assert code == 0 and out["answer"] == "p3"  # everyone else folds: Carol wins (round.all-fold)
    code, _, err = ask(capsys, six(20), "if Carol raises to 6 and everyone calls to Carol, can Carol raise?")
    assert code == 2 and "the round ends before the action reaches p3 (Carol)" in err  # Bob's call ends it
    code, _, err = ask(capsys, six(20), "if Carol folds, David folds, and Erin calls, can Fay raise?")  # ", and"
    assert code == 0, err


def test_everyone_premises_stop_where_the_words_say(capsys, six):
    """'Everyone calls' before a question about a player's action: the others (the explanation says so);
    before another premise: up to that premise's player; 'checked around': the whole round."""
    code, out, _ = ask(capsys, six(20), "if Carol raises to 6 and everyone calls, can Bob raise?")
    assert code == 0 and out["actor"] == "p2" and "(everyone before p2 (Bob))" in out["assuming"][-1]
    code, out, _ = ask(capsys, six(20), "if everyone calls and the big blind checks, is the round over?")
    assert code == 0 and out["answer"] == "yes" and out["assuming"][-1].startswith("p2 (Bob) checks")
    code, out, _ = ask(capsys, six(20), "if everyone calls and the big blind checks and it is checked around, who acts?")
    assert code == 0 and out["street"] == "turn" and out["actor"] == "p1"
    code, _, err = ask(capsys, six(20), "if everyone folds to Carol, can Carol raise?")  # nobody before Carol
    assert code == 0


def test_small_blind_completes_after_folds(capsys, six):
    code, out, _ = ask(capsys, six(20), "if everyone folds to the small blind, can the big blind raise?")
    assert code == 0 and out["actor"] == "p1"  # the premise stops at the small blind, to act
    code, out, _ = ask(capsys, six(20), "if everyone folds to the small blind and the small blind completes, "
                                        "can the big blind raise?")
    assert code == 0 and out["answer"] == "yes" and out["assuming"][-1] == "p1 (Alice) calls 1 (to 2)"
    assert out["legal"]["check"]  # the big blind's option (TDA 2024 rule 40-B)


def test_round_end_and_tail_form_agree(capsys):
    code, lead, _ = ask(capsys, TDA_47, "if C calls, is the round over?")
    code2, tail, _ = ask(capsys, TDA_47, "is the round over if C calls?")
    assert code == code2 == 0 and lead["answer"] == tail["answer"] == "yes"
    assert lead["assuming"] == ["p3 (C) calls 75 (to 200) (the flop betting is over)"]
    code, out, _ = ask(capsys, TDA_47, "what if C calls?")
    assert out["actor"] == "p1" and out["street"] == "turn"  # the next round opens with A


def test_premises_under_both_oracles(capsys, six):
    code, out, err = ask(capsys, six(8), "if Carol raises to 6 and David goes all-in and everyone calls, can Carol raise?",
                         "--oracle", "both")
    assert code == 0 and out["agree"] and out["answer"] == "no", err


def test_premise_amount_finer_than_the_hand(capsys, six):
    code, out, _ = ask(capsys, six(20), "if Carol raises to 6.5, what is the minimum reraise?")
    assert code == 0 and out["answer"] == "raise to 11"


def test_review_af_premise_readings(capsys, six):
    """'I' is one player throughout; 'everyone calls' before another premise plays on to where that
    premise's action can be taken; the spec oracle keeps the premise in its explanation; a plain question
    has no 'assuming'; 'when p4 is all-in' describes the hand as it stands."""
    code, out, _ = ask(capsys, six(20), "if I raise to 6 and David raises to 12, can I re-raise?", "--oracle", "both")
    assert code == 0 and out["agree"] and "Carol" in out["explanation"].split(":", 1)[1]
    code, out, _ = ask(capsys, six(20), "if everyone calls, Alice bets 10, can Bob raise?")
    assert code == 0 and out["street"] == "flop" and out["answer"] == "yes"
    code, out, _ = ask(capsys, six(20), "if Carol calls, can David raise?", "--oracle", "spec")
    assert out["explanation"].startswith("If p3 (Carol) calls 2 (to 2): ")
    code, out, _ = ask(capsys, six(20), "can Carol raise?")
    assert "assuming" not in out
    code, out, _ = ask(capsys, str(ROOT / "conformance" / "examples" / "no_limit_holdem.txt"),
                       "can p2 call when p4 is all-in?")
    assert code == 0 and out["answer"] == "yes" and out["assuming"] == ["p4 (David) is all-in (as the hand stands)"]
    code, _, err = ask(capsys, str(ROOT / "conformance" / "examples" / "no_limit_holdem.txt"),
                       "if everyone folds to alice, who acts?")
    assert code == 2 and "p1 (Alice) has folded" in err
    code, _, err = ask(capsys, six(20), "if everyone raises, who acts?")
    assert code == 2 and "'everyone' takes fold, check or call" in err


FLOP = """game: no-limit hold'em 1/2
seats: Ann 200, Bob 200, Cat 200, Dan 200
pre-flop: Cat calls, Dan calls, Ann calls, Bob checks
flop:
"""


@pytest.mark.parametrize("question, kind, street, premise_streets", [
    ("can Ann bet on the turn?", "can", "turn", []),
    ("on the flop, can Ann bet?", "can", "flop", []),
    ("can p3 raise preflop?", "can", "preflop", []),
    ("what can Ann do on the river?", "what", "river", []),
    ("who acts on the turn?", "who", "turn", []),
    ("if everyone checks on the flop, can Ann bet on the turn?", "can", "turn", ["flop"]),
    ("if Ann bets 10 on the flop and Bob folds, can Cat raise?", "can", "", ["flop", ""]),
    ("who acts first on the turn?", "first", "", []),  # the round is part of this question
])
def test_a_question_or_premise_names_its_round(question, kind, street, premise_streets):
    q = parse(question)
    assert (q.kind, q.street, [p.street for p in q.premises]) == (kind, street, premise_streets)


def test_the_round_named_is_the_round_in_play(capsys, tmp_path):
    """"On the turn" names the round the action is taken in: the round in play (or the one to come once
    a round's betting is over); a premise on the flop plays the flop's checks, then the turn is asked about."""
    hand = tmp_path / "flop.txt"
    hand.write_text(FLOP)
    code, data, _ = ask(capsys, str(hand), "can Ann bet on the flop?")
    assert (code, data["answer"], data["street"]) == (0, "yes", "flop")
    code, data, _ = ask(capsys, str(hand), "if it is checked around on the flop, can Ann bet on the turn?")
    assert (code, data["answer"], data["street"]) == (0, "yes", "turn")
    assert data["assuming"][-1].endswith("(the flop betting is over)")
    code, data, _ = ask(capsys, str(hand), "who acts on the turn?")  # a later round: who acts first there
    assert (code, data["answer"]) == (0, "p1")
    assert "as things stand" in data["explanation"]
    code, _, err = ask(capsys, str(hand), "can Ann bet on the turn?")
    assert code == 2 and "the flop is being played, not the turn" in err and "Traceback" not in err
    code, _, err = ask(capsys, str(hand), "can Cat raise preflop?")
    assert code == 2 and "the pre-flop betting is over" in err
    code, _, err = ask(capsys, str(hand), "if everyone checks on the turn, can Ann bet?")
    assert code == 2 and "not the turn" in err


PLO = """game: pot-limit omaha 1/2
seats: A 200, B 200, C 200, D 200
"""


@pytest.mark.parametrize("hand, question, call, raise_range", [
    # pot-limit: the pot raise to 7 (call 2, then the pot of 5 after it), then D's re-raise range
    (PLO, "if p3 raises to the max, what can p4 do?", 7, (12, 24)),
    (PLO, "if p3 makes the maximum raise, what can p4 do?", 7, (12, 24)),
    (PLO, "if C max-raises, what can D do?", 7, (12, 24)),
    (PLO, "if p3 raises the minimum, what can p4 do?", 4, (6, 15)),
    (SIX.format(david=20), "if Carol raises to the max, what can David do?", 20, None),  # no-limit: all-in
])
def test_a_premise_raising_to_the_max_or_min(capsys, tmp_path, hand, question, call, raise_range):
    """'The max' and 'the minimum' are the ends of the range open at that turn (TDA 2024 43-A, 54)."""
    path = tmp_path / "hand.txt"
    path.write_text(hand)
    code, data, err = ask(capsys, str(path), question)
    assert code == 0, err
    legal = data["legal"]
    assert legal["call"] == call, data
    rng = legal["bet_or_raise"]
    assert (None if rng is None else (rng["min_to"], rng["max_to"])) == raise_range, data


def test_the_max_goes_with_bet_or_raise(capsys, tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text(PLO)
    code, data, err = ask(capsys, str(path), "can p3 raise to the max?")
    assert code == 0 and data["answer"] == "yes" and "p3 (C) may raise to 7" in data["explanation"], data
    code, _, err = ask(capsys, str(path), "can p3 call the max?")
    assert code == 2 and "'max' goes with bet or raise" in err


@pytest.mark.parametrize("question", ["what is the max raise?", "what's the maximum bet?", "max raise?", "the max bet"])
def test_the_max_raise_asked_about_is_still_the_range_end(capsys, tmp_path, question):
    path = tmp_path / "hand.txt"
    path.write_text(PLO)
    code, data, err = ask(capsys, str(path), question)
    assert code == 0 and data["answer"] == "raise to 7", (err, data)


def test_a_raise_premise_with_no_bet_out_is_the_bet_it_stands_for(capsys, tmp_path):
    # TDA 2024 55 (declare.raise-no-bet): "raise" with no bet to raise is a bet; the premise plays it so,
    # and says so. The question "can A raise?" keeps its strict answer: there is nothing to raise.
    path = tmp_path / "unopened.txt"
    path.write_text("game: no-limit hold'em 1/2\nseats: A 100, B 100, C 100\npre-flop: C calls, A calls, B checks\n")
    code, out, _ = ask(capsys, str(path), "if A raises to 4, what can B do?")
    assert code == 0 and out["answer"] == "fold, call 4 (to 4) or raise to 8-98"
    assert "bets to 4 (no bet to raise: a bet)" in out["explanation"]
    code, out, _ = ask(capsys, str(path), "if A min-raises, what can B do?")
    assert code == 0 and out["answer"] == "fold, call 2 (to 2) or raise to 4-98"
    code, out, _ = ask(capsys, str(path), "can A raise?")
    assert code == 0 and out["answer"] == "no"


@pytest.mark.parametrize("question", [
    "is Bob allowed to re-raise after David's short shove?", "can bob reraise after david's all-in?",
    "after david's shove can bob raise?", "can bob raise after david shoves?", "since david shoved, can bob raise?",
    "with david all-in, can bob raise?", "now that david is all in, can bob raise?"])
def test_an_action_the_hand_records_may_be_restated(capsys, question):
    """Review CJ: "after David's short shove" restates the hand's last action (TDA 2024 47: Bob, who acted before
    it, may not re-raise); it was refused, or played again as a premise out of turn."""
    code, out, err = ask(capsys, str(ROOT / "conformance" / "examples" / "no_limit_holdem.txt"), question)
    assert code == 0, err
    assert out["answer"] == "no" and "(as the hand" in out["explanation"] and "reopen.full-bet-rule" in out["clauses"]


def test_pronouns_resolve_only_where_the_hand_says_who(capsys, tmp_path):
    """Review CL: a pronoun after premises naming players was taken as the last one named ("if Carol bets 10
    and David raises to 30, can she re-raise?" asked about David), a premise's pronoun as the player to act
    (whose action was then played), and a player named "Her" lost to the pronoun."""
    flop = tmp_path / "flop.txt"
    flop.write_text("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200, David 200\n"
                    "pre-flop: Carol calls, David calls, Alice calls, Bob checks\nflop: Alice checks, Bob checks\n")
    code, _, err = ask(capsys, str(flop), "if Carol bets 10 and David raises to 30, can she re-raise?")
    assert code == 2 and "'she': which player? the premises name carol, david" in err
    code, out, _ = ask(capsys, str(flop), "if everyone checks to david, can he bet?")
    assert code == 0 and out["answer"] == "yes" and "p4 (David) may bet" in out["explanation"]
    shove = tmp_path / "shove.txt"
    shove.write_text("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200, David 30\n"
                     "pre-flop: Carol raises to 6, David goes all-in\n")
    code, _, err = ask(capsys, str(shove), "after his shove, who can still raise?")
    assert code == 2 and "which player is 'his'?" in err
    names = tmp_path / "names.txt"
    names.write_text("game: no-limit hold'em 1/2\nseats: Max 200, Will 150, Pat 300, Her 20, Al 100\n"
                     "pre-flop: Pat raises to 6, Her calls, Al calls, Max calls, Will calls\n"
                     "flop: Max checks, Will bets 10, Pat calls, Her goes all-in, Al folds\n")
    code, out, _ = ask(capsys, str(names), "can Her raise?")
    assert code == 0 and out["answer"] == "no" and "Her's" in out["explanation"]


def test_a_premise_said_as_a_fact_is_played_when_its_player_is_still_to_act(capsys):
    """Review CL: "can Bob raise once Carol calls?" matched Carol's earlier call, though she faces David's
    all-in and is still to act: a call to come, played in turn (and refused here, as it is Bob's turn)."""
    code, _, err = ask(capsys, str(ROOT / "conformance" / "examples" / "no_limit_holdem.txt"),
                       "can Bob raise once Carol calls?")
    assert code == 2 and "it is p2 (Bob)'s turn, not p3 (Carol)'s" in err


def test_regressions_of_review_cn(capsys, tmp_path):
    """Review CN: "after Bob's bet" matched Bob's later raise; a premise the table talk let through but the rules
    refuse ended in a traceback with exit 0; "can Bob bet on fourth street?" with its opener not given said no."""
    three = tmp_path / "three.txt"
    three.write_text("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200\n"
                     "pre-flop: Carol calls, Alice calls, Bob checks\n"
                     "flop: Alice checks, Bob bets 10, Carol raises to 30, Alice folds, Bob raises to 90\n")
    code, _, err = ask(capsys, str(three), "after Bob's bet, what is the minimum raise?")
    assert code == 2 and "(as the hand records)" not in err
    talk = tmp_path / "talk.txt"
    talk.write_text("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 150, Carol 300\n"
                    "pre-flop: Carol calls, Alice calls, Bob checks\n"
                    "flop: Alice checks, Bob bets 10, Carol to act, Carol says \"raise\"\n")
    code, _, err = ask(capsys, str(talk), "if Carol bets, can Alice raise?")
    assert code == 2 and "Traceback" not in err and "the premise 'carol bets' breaks a rule" in err
    stud = tmp_path / "stud.txt"
    stud.write_text("game: fixed-limit stud 10/20 ante 1 bring-in 3\nseats: Alice 200, Bob 200, Carol 200, David 200\n"
                    "bring-in: Carol\nthird street: Carol brings in, David completes to 10, Alice folds, Bob calls, "
                    "Carol calls\n")
    for question in ("can Bob bet on fourth street?", "what can Bob do?", "can Bob bet?"):  # review DN: unknown
        code, out, err = ask(capsys, str(stud), question)  # (was refused): who opens turns on the cards
        assert code == 0 and out["answer"] == "unknown" and out["clauses"] == ["turn.stud-first-later"], (question, err)


def test_review_dn_upto_reads_the_hand_as_if_it_ended_there(capsys, tmp_path):
    """Review DN: --upto 13 (third street over, fourth street's cards dealt only in entries 14-17) used the
    later cards: p3's open pair made p3 the opener, with the small or the big bet (Robert's Seven-Card Stud
    #4). Cut there, who opens fourth street is unknown (turn.stud-first-later), as in the file cut by hand."""
    path = tmp_path / "f7s.phh"
    path.write_text('variant = "F7S"\nantes = [1, 1, 1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n'
                    'starting_stacks = [100, 100, 100, 100]\n'
                    'actions = ["d dh p1 ????7c", "d dh p2 ????2d", "d dh p3 ????Kh", "d dh p4 ????Ts", "p2 pb", '
                    '"p3 cc", "p4 cbr 5", "p1 cbr 10", "p2 cbr 15", "p3 cbr 20", "p4 cc", "p1 cc", "p2 cc", '
                    '"d dh p1 9c", "d dh p2 3d", "d dh p3 Kd", "d dh p4 2s"]\n')
    for question in ("who acts?", "what can p3 do?"):
        code, out, err = ask(capsys, str(path), question, "--upto", "13", "--rules", "roberts")
        assert code == 0 and out["answer"] == "unknown", (question, err)
    code, out, err = ask(capsys, str(path), "what can p3 do?", "--upto", "17", "--rules", "roberts")
    assert code == 0 and out["answer"] == "fold, check or bet to 5 or 10", err  # the pair shows: p3 opens


def test_review_cx_pot_limit_terse_questions(capsys, tmp_path):
    """Review CX: "how much can p2 pot?" answered yes; a terse question after a premise ("max raise-to for
    p4") was read as a premise and refused; "if C pots" was not read. Pot limit 5/10, A bets 30 on the flop
    into 50: B's pot raise is to 30 + (50 + 30 + 30) = 140 (Robert's No-Limit and Pot-Limit)."""
    path = tmp_path / "f1.txt"
    path.write_text("game: pot-limit omaha 5/10\nseats: A 1000, B 1000, C 1000, D 300, E 25\n"
                    "pre-flop: C calls, D calls, E calls, A calls, B checks\nflop: A bets 30\n")
    for question in ("how much can p2 pot?", "how much can B raise the pot?"):
        code, result, _ = ask(capsys, str(path), question)
        assert code == 0 and result["answer"] == "raise to 140", result
    for question in ("if p2 folds and p3 calls, max raise-to for p4", "if p2 folds and p3 calls, max raise for p4"):
        code, result, err = ask(capsys, str(path), question)
        assert code == 0 and result["answer"] == "raise to 170", (question, err)  # 30 + (50 + 30 + 30 + 30)
    code, result, _ = ask(capsys, str(path), "if B pots, what can C do?")
    assert code == 0 and result["answer"] == "fold, call 140 (to 140) or raise to 250-500", result


def test_review_dj_potting_keeps_the_minimum_bet_and_names_the_full_blinds(capsys, tmp_path):
    """Review DJ: with an ante-only pot of 2 and a minimum bet of 5, "how much can A pot?" answered "bet to 2",
    below the least bet allowed (Robert's No-Limit and Pot-Limit: the minimum bet stands); potting over a
    short big blind left out the pot counted with the blinds in full (TDA 2024 54-B)."""
    antes = tmp_path / "antes.txt"
    antes.write_text("game: pot-limit omaha 5 ante 0.5\nseats: A 100, B 100, C 100, D 100\npre-flop:\n")
    code, result, _ = ask(capsys, str(antes), "how much can A pot?")
    assert code == 0 and result["answer"] == "bet to 5" and "open.minimum-bet" in result["clauses"], result
    short = tmp_path / "short.txt"
    short.write_text("game: pot-limit omaha 1/2\nseats: S 100, B 1.5, U 100, D 100\npre-flop:\n")
    code, result, _ = ask(capsys, str(short), "how much can U pot?")  # call 2, then the pot counted as 1 + 2 + 2
    assert code == 0 and result["answer"] == "raise to 7" and "pot-limit.full-blinds" in result["clauses"], result
    assert "54-B" in result["explanation"], result


def test_review_dm_players_named_like_question_words_in_premises(capsys, tmp_path):
    """Review DM: players called Max, May and Will were refused in premises ("max" read as the maximum,
    "may" and "will" as question words); a verb said as done after the name makes it a player."""
    path = tmp_path / "names.txt"
    path.write_text("game: no-limit hold'em 5/10\nseats: May 500, Will 500, Max 300, Pat 1000\npre-flop:\n")
    code, result, err = ask(capsys, str(path), "if max shoves, what can pat do?")
    assert code == 0 and result["answer"] == "fold, call 300 (to 300) or raise to 590-1000", err
    code, result, err = ask(capsys, str(path), "if max folds, pat folds and may calls, what can will do?")
    assert code == 0 and result["answer"] == "fold (legal but penalised), check or raise to 20-500", err  # the option
    code, result, err = ask(capsys, str(path), "if p3 raises to 30, max raise for p4")  # still the maximum
    assert code == 0 and result["answer"] == "raise to 1000", err



def test_everyone_folds_to_a_big_blind_with_nothing_to_decide(tmp_path, capsys):
    """Review EI: the small blind all-in for 30 of 50, the big blind's 100 covers it: when C and D fold the
    betting is over with B still in (70 of B's blind comes back: round.uncalled-bet), not a refused premise."""
    from betlaw.conformance.cli import main

    hand = tmp_path / "short_sb.txt"
    hand.write_text("game: no-limit hold'em 50/100\nseats: A 30, B 1000, C 1000, D 1000\npre-flop:\n")
    assert main(["ask", str(hand), "if everyone folds to the big blind, what are the pots?"]) == 0
    assert capsys.readouterr().out.startswith("main pot 60 (p1, p2)\n")
