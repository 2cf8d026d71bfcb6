"""Questions about where the hand stands (conformance/standing.py) and the other phrasings of
docs/asking.md: each answer checked against the rule it rests on."""
import json
from pathlib import Path

import pytest

from betlaw.conformance.cli import main
from betlaw.conformance.questions import parse
from betlaw.model.actions import Kind

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "conformance" / "examples"
NL = str(EXAMPLES / "no_limit_holdem.txt")  # flop: Bob bets 10, Carol calls, David all-in to 14 (4 more)
PLO = str(EXAMPLES / "pot_limit_omaha.txt")  # blinds 0.5/1, straddle 2

FIXED = """game: fixed-limit hold'em 10/20
seats: Alice 500, Bob 500, Carol 500, David 500
pre-flop: Carol raises, David raises, Alice raises
"""
HALF_BET = """game: fixed-limit hold'em 10/20
seats: Alice 100, Bob 100, Carol 42, David 100
pre-flop: Carol calls, David calls, Alice calls, Bob checks
flop: Alice checks, Bob checks, Carol checks, David checks
turn: Alice bets 20, Bob calls, Carol goes all-in, David calls
"""


def ask(capsys, hand, question, *more):
    code = main(["ask", hand, question, "--json", *more])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


@pytest.fixture
def script(tmp_path):
    def write(text, name="hand.txt"):
        path = tmp_path / name
        path.write_text(text)
        return str(path)
    return write


def test_raises_made_left_and_the_cap(capsys, script):
    """TDA 2024 48: a bet and four raises; Robert's: a bet and three."""
    hand = script(FIXED)
    assert ask(capsys, hand, "how many raises so far?")["answer"] == "3"
    assert ask(capsys, hand, "how many raises have been made?")["answer"] == "3"
    assert ask(capsys, hand, "how many more raises are allowed?")["answer"] == "1"
    assert ask(capsys, hand, "what is the cap?")["answer"] == "4"
    assert ask(capsys, hand, "what is the cap?", "--rules", "roberts")["answer"] == "3"
    assert ask(capsys, hand, "has the pot been capped?", "--rules", "roberts")["answer"] == "yes"
    assert ask(capsys, NL, "what is the cap?")["answer"] == "no cap"
    # Robert's #4: the pot heads-up before the cap is reached: no cap this round
    heads_up = script(FIXED.replace("Carol raises, David raises, Alice raises", "Carol folds, David folds, Alice raises"))
    assert ask(capsys, heads_up, "what is the cap?", "--rules", "roberts")["answer"] == "no cap"
    assert ask(capsys, heads_up, "what is the cap?")["answer"] == "4"  # TDA 2024 48: the cap applies heads-up


def test_full_raise_questions(capsys, script):
    """TDA 2024 47: David's all-in adds 4 to a bet of 10, short of a full raise; in limit an all-in of
    half a bet or more (12 of 20) is a full one and counts toward the cap (the half-bet rule)."""
    for question in ("was David's all-in a full raise?", "did David's all-in reopen the betting?", "is it a full raise?"):
        out = ask(capsys, NL, question)
        assert out["answer"] == "no" and "reopen.full-bet-rule" in out["clauses"], question
    half = script(HALF_BET)
    out = ask(capsys, half, "was Carol's all-in a full raise?")
    assert out["answer"] == "yes"
    # review DL: in fixed limit the half-bet rule decides (TDA 2024 47-B), not the no-limit minimum raise (43-A)
    assert "reopen.half-bet-rule" in out["clauses"] and "raise.minimum" not in out["clauses"], out
    assert "reopen.full-bet-rule" not in out["clauses"], out
    assert ask(capsys, half, "can Alice raise?")["answer"] == "yes"
    assert ask(capsys, half, "does Carol's all-in count toward the cap?")["answer"] == "yes"
    assert ask(capsys, half, "does Carol's all-in count toward the cap?", "--rule",
               "short-allin-counts-toward-cap=never")["answer"] == "no"
    assert ask(capsys, half, "was Bob's raise a full raise?")["answer"] == "no"  # Bob never bet
    # review BT: in no-limit there is no cap to count toward (cap.none-big-bet); it said "yes"
    out = ask(capsys, NL, "does David's all-in count toward the cap?")
    assert out["answer"] == "no" and out["clauses"] == ["cap.none-big-bet"], out
    assert ask(capsys, half, "does Carol's all-in count toward the cap?", "--rule", "cap=none")["answer"] == "no"


def test_who_is_in_and_their_chips(capsys):
    assert ask(capsys, NL, "is David all-in?")["answer"] == "yes"
    assert ask(capsys, NL, "has Alice folded?")["answer"] == "yes"
    assert ask(capsys, NL, "is Alice still in the hand?")["answer"] == "no"
    assert ask(capsys, NL, "who is still in?")["answer"] == "p2, p3, p4"
    assert ask(capsys, NL, "who has folded?")["answer"] == "p1"
    assert ask(capsys, NL, "how many players are left?")["answer"] == "3"
    assert ask(capsys, NL, "what is Bob's stack?")["answer"] == "134"  # 150 - 6 pre-flop - 10 on the flop
    assert ask(capsys, NL, "how much has David put in?")["answer"] == "14"  # this round
    assert ask(capsys, NL, "how much has David put in the pot?")["answer"] == "20"  # in all


def test_current_bet_last_aggressor_and_the_next_player(capsys):
    out = ask(capsys, NL, "what is the current bet?")
    assert out["answer"] == "14" and out["betting"]["current_bet"] == 14
    assert ask(capsys, NL, "who raised last?")["answer"] == "p4"
    assert ask(capsys, NL, "who acts after Bob?")["answer"] == "p3"
    assert ask(capsys, NL, "who acts after Carol?")["answer"] == "p2"  # David all-in, Alice folded: passed over


def test_rounds_named(capsys):
    assert ask(capsys, NL, "is the preflop over?")["answer"] == "yes"
    assert ask(capsys, NL, "is the flop over?")["answer"] == "no"
    assert ask(capsys, NL, "is the turn betting over?")["answer"] == "no"
    assert ask(capsys, NL, "who acts first on the flop?")["answer"] == "p1"  # Alice checked first
    assert ask(capsys, NL, "who acts first on the turn?")["answer"] == "p2"  # Alice folded: Bob, left of the button


def test_who_acts_last(capsys, script):
    """The round in play, played out with checks and calls (turn.in-turn, round.end); a round played: who did;
    a later round: the last player with chips in turn order (turn.first-later-streets)."""
    assert ask(capsys, NL, "who acts last?")["answer"] == "p3"  # Bob calls David's 14, then Carol
    assert ask(capsys, NL, "who closes the action?")["answer"] == "p3"
    assert ask(capsys, NL, "who acted last pre-flop?")["answer"] == "p2"  # Bob called Carol's raise last
    assert ask(capsys, NL, "who acts last on the river?")["answer"] == "p3"  # David all-in, Alice folded
    fresh = script("game: no-limit hold'em 1/2 straddle 4\nseats: A 100, B 100, C 100, D 100, E 100\n")
    assert ask(capsys, fresh, "who acts last?")["answer"] == "p3"  # the straddler has the option
    assert ask(capsys, fresh, "on the flop, who acts last?")["answer"] == "p5"  # the button
    raised = script("game: no-limit hold'em 1/2\nseats: A 100, B 100, C 100, D 100\npre-flop: C calls, D raises to 8\n")
    assert ask(capsys, raised, "who acts last?")["answer"] == "p3"  # C acts on D's raise last
    heads_up = script("game: no-limit hold'em 1/2\nseats: A 100, B 100\n")
    assert ask(capsys, heads_up, "who acts last on the flop?")["answer"] == "p1"  # the button (TDA 2024 34-B)
    assert ask(capsys, heads_up, "who acts last?")["answer"] == "p2"  # the big blind
    all_in = script("game: no-limit hold'em 1/2\nseats: Ann 100, Bob 100, Cat 100\npre-flop: Cat raises to 100, Ann calls\n")
    out = ask(capsys, all_in, "if Bob calls, who acts last on the flop?")  # review EB: not "nobody acted"
    assert out["answer"] == "nobody" and "nobody acts on the flop: at most one player" in out["explanation"]


def test_stakes(capsys):
    assert ask(capsys, PLO, "what is the big blind?")["answer"] == "1"  # the straddle is not the big blind
    assert ask(capsys, PLO, "what is the small blind?")["answer"] == "0.5"
    assert ask(capsys, PLO, "what are the blinds?")["answer"] == "0.5/1 straddle 2"
    assert ask(capsys, PLO, "what are the stakes?")["answer"] == "pot-limit, blinds 0.5/1 straddle 2"
    assert ask(capsys, str(EXAMPLES / "stud.txt"), "what is the bring-in?")["answer"] == "3"
    assert ask(capsys, str(EXAMPLES / "stud.txt"), "how much is the ante?")["answer"] == "1"
    assert ask(capsys, str(EXAMPLES / "cap.txt"), "how much is a bet on the turn?")["answer"] == "20"


def test_must(capsys):
    out = ask(capsys, NL, "does Bob have to call?")
    assert out["answer"] == "no" and "fold" in out["explanation"]
    assert ask(capsys, NL, "must Carol fold?")["answer"] == "no"  # not her turn


@pytest.mark.parametrize("question, same_as", [
    ("is a raise to 30 legal for Bob?", "can bob raise to 30?"),
    ("Is a fold legal?", "can I fold?"),
    ("is folding allowed here?", "can I fold?"),
    ("is check raising allowed?", "can I check-raise?"),
    ("is Bob's raise to 31 legal?", "can bob raise to 31?"),
    ("does Bob have the option to raise?", "can bob raise?"),
    ("can Bob just call?", "can bob call?"),
    ("can bob raise to 30 chips?", "can bob raise to 30?"),
    ("what does it cost Bob to call?", "what does bob need to call?"),
    ("how much does Bob owe?", "how much does bob need to call?"),
    ("If Bob raises to 120, is that legal?", "can bob raise to 120?"),
    ("Bob raises to 30 - is that legal?", "can bob raise to 30?"),
])
def test_other_words_for_the_same_question(question, same_as):
    mine, theirs = parse(question), parse(same_as)
    assert (mine.kind, mine.player, mine.verb, mine.amount, mine.focus, mine.premises) == \
        (theirs.kind, theirs.player, theirs.verb, theirs.amount, theirs.focus, theirs.premises)


def test_players_listed_before_a_shared_verb():
    q = parse("if David, Alice and Bob call, can Carol complete?")
    assert [(p.player, p.verb.value) for p in q.premises] == [("david", "call"), ("alice", "call"), ("bob", "call")]
    q = parse("is the hand over if p3 and p1 fold?")
    assert [(p.player, p.verb.value) for p in q.premises] == [("p3", "fold"), ("p1", "fold")]
    q = parse("Alice raises to 30. Can Bob raise?")
    assert q.kind == "can" and q.premises[0].player == "alice"


def test_pot_sized_raise_and_positions(capsys, script):
    """Robert's No-Limit and Pot-Limit: a pot-sized raise is the call, then the pot after it. PLO: pot 47,
    23.5 to call: 23.5 + 70.5 = 94, above Alice's stack (92.5)."""
    out = ask(capsys, PLO, "what is a pot-sized raise?")
    assert out["answer"] == "raise to 94" and "more than the most allowed here, 92.5" in out["explanation"]
    six = script("game: no-limit hold'em 1/2\nseats: A 100, B 100, C 100, D 100, E 100, F 100\n", "six.txt")
    assert ask(capsys, six, "who is the cutoff?")["answer"] == "p5"
    assert ask(capsys, six, "who is the hijack?")["answer"] == "p4"
    assert ask(capsys, six, "who is on the button?")["answer"] == "p6"
    out = ask(capsys, six, "can C raise 4 more?")  # an increment: a raise to 6
    assert out["answer"] == "yes" and "raise to 6" in out["explanation"]
    assert ask(capsys, NL, "can Bob call 4 more?")["answer"] == "yes"  # the chips the call adds


def test_review_ai_findings(capsys, script):
    """TDA 2024 47-A: short all-ins that add up reopen the betting for a player facing a full raise in total
    (Example 1: D's all-in reopens it for A, not for C); a rule set reopening on any raise (acpc) says so."""
    tda = str(EXAMPLES / "tda-47-ex1a.phh")
    out = ask(capsys, tda, "did p4's all-in reopen the betting?", "--upto", "16")
    assert out["answer"] == "yes" and "reopened the betting for p1 (A)," in out["explanation"]
    assert ask(capsys, tda, "was p4's all-in a full raise?", "--upto", "16")["answer"] == "no"
    acpc = script("game: no-limit hold'em 50/100\nseats: A 5000, B 5000, C 5000, D 225\n"
                  "pre-flop: C calls, D calls, A calls, B checks\nflop: A bets 100, B calls, C calls, D goes all-in\n",
                  "acpc.txt")
    assert ask(capsys, acpc, "did D's all-in reopen the betting?")["answer"] == "no"
    assert ask(capsys, acpc, "did D's all-in reopen the betting?", "--rules", "acpc")["answer"] == "yes"
    # "call X more" is the chips the call adds, strictly
    assert ask(capsys, NL, "can Bob call 14 more?")["answer"] == "no"
    assert ask(capsys, NL, "can Bob call 4 more?")["answer"] == "yes"
    assert ask(capsys, NL, "if Bob calls, must Carol call?")["answer"] == "no"
    cap = str(EXAMPLES / "cap.txt")
    assert [ask(capsys, cap, q)["answer"] for q in ("what is the big bet?", "what is the small bet?",
                                                    "what are the limits?")] == ["20", "10", "10/20"]
    assert ask(capsys, NL, "how many raises so far?")["answer"] == "1"  # David's short all-in is a raise
    # after the hand's betting is over: the round's chips, and no more rounds
    over = script("game: no-limit hold'em 1/2\nseats: A 500, B 500, C 42\npre-flop: C calls, A calls, B checks\n"
                  "flop: A bets 100, B folds, C goes all-in\n", "over.txt")
    assert ask(capsys, over, "how much has C bet this round?")["answer"] == "40"
    assert ask(capsys, over, "how much has A put in?")["answer"] == "40"  # 60 of the 100 returned uncalled
    assert ask(capsys, over, "who acts first on the turn?")["answer"] == "nobody"
    stud = script("game: fixed-limit stud 10/20 ante 1 bring-in 3\nseats: Alice 200, Bob 200, Carol 200, David 200\n"
                  "bring-in: Carol\nthird street: Carol brings in, David calls\n", "stud.txt")
    assert "completion, to 10" in ask(capsys, stud, "what is the current bet?")["explanation"]
    assert ask(capsys, stud, "who acts after the bring-in?")["answer"] == "p4"
    assert ask(capsys, stud, "is third street over?")["answer"] == "no"


def test_review_aj_findings(capsys, script):
    hand = script("game: no-limit hold'em 1/2\nseats: A 200, B 200, C 200, D 200, E 200\npre-flop: C raises to 6\n",
                  "five.txt")
    out = ask(capsys, hand, "who acts after D calls?")  # a premise after "after", not a player named "d calls"
    assert out["answer"] == "p5" and out["assuming"] == ["p4 (D) calls 6 (to 6)"]
    assert ask(capsys, hand, "who acts after the big blind?")["answer"] == "p3"  # a position
    out = ask(capsys, hand, "if I raise to 20 and everyone calls, who acts?")  # "everyone" is not "I"
    assert out["street"] == "flop" and out["actor"] == "p1"
    code = main(["ask", hand, "if D calls 50 more, can E raise?"])  # strict: the call adds 6
    assert code == 2
    capsys.readouterr()
    called = script("game: no-limit hold'em 1/2\nseats: A 500, B 500, C 100\npre-flop: C raises to 6, A calls, "
                    "B calls\nflop: A bets 200, B folds, C calls\n", "called.txt")
    out = ask(capsys, called, "was C's all-in a full raise?")  # C went all-in by calling
    assert out["answer"] == "no" and "by calling" in out["explanation"]
    assert ask(capsys, called, "was C's raise a full raise?")["answer"] == "yes"  # the pre-flop raise to 6
    assert ask(capsys, called, "what is the current bet?")["answer"] == "none"  # the betting is over
    out = ask(capsys, str(EXAMPLES / "tda-47-ex1a.phh"), "did D's all-in reopen the betting?")
    assert "reopened the betting for p1 (A)" in out["explanation"] and \
        "did not reopen the betting for p3 (C)" in out["explanation"]


ALL_INS = """game: no-limit hold'em 1/2
seats: Ann 200, Bob 3, Cat 50, Dan 10
pre-flop: Cat raises to 6, Dan calls, Ann calls, Bob calls
flop: Ann checks, Cat bets 10, Dan calls, Ann folds
"""

ALL_IN_BET = """game: no-limit hold'em 1/2
seats: Ann 200, Bob 5, Cat 50, Dan 10
pre-flop: Cat calls, Dan calls, Ann calls, Bob checks
flop: Ann checks, Bob goes all-in
"""


@pytest.mark.parametrize("hand, question, answer, clause", [
    (ALL_INS, "is Bob's all-in a call?", "yes", "call.all-in-for-less"),  # 3 facing 6: a call for less
    (ALL_INS, "was Dan's all-in a call or a raise?", "call", "call.all-in-for-less"),
    (ALL_INS, "is Cat's all-in a bet?", "no", "call.all-in-for-less"),  # Cat is not all-in
    (HALF_BET, "is Carol's all-in a bet or a raise?", "raise", "raise.all-in-exception"),  # 32 over 20
    (HALF_BET, "what kind of action was Carol's all-in?", "raise", "raise.all-in-exception"),  # fixed limit: no 43-A
    (ALL_IN_BET, "is the all-in a bet, a call or a raise?", "bet", "open.first-bet"),  # 3 with nothing to call
])
def test_what_an_all_in_was(capsys, script, hand, question, answer, clause):
    """An all-in for no more than the bet to call is a call (call.all-in-for-less); over it, a raise, or a
    bet with nothing to call, full or not (TDA 2024 43, 47-A)."""
    assert parse(question).kind == "all-in-kind"
    data = ask(capsys, script(hand), question)
    assert data["answer"] == answer and clause in data["clauses"], data


@pytest.mark.parametrize("question, rules, rest", [
    ("under Robert's rules, is the betting capped?", "roberts", "is the betting capped"),
    ("per TDA rule 47, can Bob re-raise?", "tda-2024", "can Bob re-raise"),
    ("is the betting capped under roberts?", "roberts", "is the betting capped"),
    ("can Bob raise (per TDA 2024 rule 47)?", "tda-2024", "can Bob raise"),
    ("according to the seeds, can p2 check?", "seeds", "can p2 check"),
    ("under the seed texts, can p2 check?", "seeds", "can p2 check"),  # review DL: was refused
    ("under rule 47, can Bob raise?", None, "can Bob raise"),
    ("if Carol calls, under Robert's rules, can Bob raise?", "roberts", "if Carol calls, can Bob raise"),
    ("if p3 raises to 30, by the seeds can p4 call?", "seeds", "if p3 raises to 30, can p4 call"),
    ("if p3 calls, in the pot, can p1 raise?", None, "if p3 calls, in the pot, can p1 raise?"),
    ("if Bob calls under Robert's rules, can Carol raise?", "roberts", "if Bob calls, can Carol raise"),
    ("who acts on the flop?", None, "who acts on the flop?"),
])
def test_a_rule_book_named_in_the_question(question, rules, rest):
    from betlaw.conformance.questions import rule_book

    assert rule_book(question) == (rules, rest)


def test_a_question_under_a_rule_book_is_answered_under_its_preset(capsys, script):
    hand = script(FIXED)  # a bet and three raises: capped under Robert's (bet + 3), not under TDA 2024 (bet + 4)
    out = ask(capsys, hand, "under Robert's rules, is the betting capped?")
    assert (out["answer"], out["rules"]) == ("yes", "roberts")
    assert ask(capsys, hand, "per TDA 2024 rule 48, is the betting capped?")["answer"] == "no"
    assert ask(capsys, hand, "if Bob calls, under Robert's rules, is the betting capped?")["rules"] == "roberts"
    code = main(["ask", hand, "under Robert's rules, is the betting capped?", "--rules", "seeds"])
    assert code == 2 and "--rules says seeds" in capsys.readouterr().err
    code = main(["ask", hand, "if Bob calls, under house rules, is the betting capped?"])
    assert code == 2 and "'house' rules: betlaw has the presets" in capsys.readouterr().err


@pytest.mark.parametrize("question, same_as", [
    ("min raise-to for p4", "what is the minimum raise for p4?"),
    ("max bet p1", "what is the maximum bet for p1?"),
    ("legal actions for p1", "what can p1 do?"),
    ("call amount for p2", "how much does p2 need to call?"),
    ("current bet?", "what is the current bet?"),
    ("actor?", "who acts?"), ("next to act", "who acts?"),
    ("stack of p3?", "what is p3's stack?"),
    ("how many raises this round?", "how many raises have been made?"),
    ("Bob says he can still raise, is he right?", "is the betting reopened for bob?"),
    ("Alice says she can check, is she right?", "can alice check?"),
    ("can Bob raise when it gets back to him?", "is the betting reopened for bob?"),
    ("can Bob raise when it gets to him?", "is the betting reopened for bob?"),  # review BS: "back" left out
    ("who's in the main pot?", "who can win the main pot?"),
    ("who acts first after the flop?", "who acts first on the flop?"),
    ("how much does Bob need to put in?", "how much does bob need to call?"),
    ("what's the biggest raise Bob can make?", "what is the maximum raise for bob?"),
    ("what's the pot limit for Bob?", "what is the maximum raise for bob?"),
    ("how many raises are left this round?", "how many raises are left?"),  # review DG
    ("is the cap reached?", "is it capped?"),
    ("have we hit the cap?", "is it capped?"),
    ("how big is each pot?", "what are the pots?"),  # review DC
    ("how much is in each pot?", "what are the pots?"),
    ("is any bet returned?", "is there an uncalled bet?"),
    ("how much is in the side pots?", "how much is the side pot?"),
])
def test_terse_and_floor_words(question, same_as):
    mine, theirs = parse(question), parse(same_as)
    assert (mine.kind, mine.player, mine.verb, mine.amount, mine.focus, mine.said) == \
        (theirs.kind, theirs.player, theirs.verb, theirs.amount, theirs.focus, theirs.said)


def test_seat_numbers_the_street_and_who_may_raise(capsys, script, tmp_path):
    hand = script("game: no-limit hold'em 50/100\nseats: Alice 5000, Bob 5000, Carol 5000, David 5000\n"
                  "pre-flop: Carol raises to 300, David raises to 500\n")
    assert ask(capsys, hand, "legal actions for seat 1")["actor"] == "p1"
    assert ask(capsys, hand, "what street is it?")["answer"] == "pre-flop"
    # TDA 2024 47: David made the last full raise, so the betting is closed to him until someone raises again
    out = ask(capsys, hand, "which players may still raise?")
    assert out["answer"] == "p1, p2, p3" and "not p4 (David)" in out["explanation"]
    phh = tmp_path / "seats.phh"  # PHH's seats field: the table's seat numbers of p1, p2, p3
    phh.write_text("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
                   "starting_stacks = [100, 100, 100]\nseats = [2, 5, 9]\nactions = ['d dh p1 ????', "
                   "'d dh p2 ????', 'd dh p3 ????']\n")
    assert ask(capsys, str(phh), "can seat 9 raise?")["answer"] == "yes"  # p3, to act
    assert ask(capsys, str(phh), "can the player in seat 5 raise?")["answer"] == "no"  # p2, not to act
    code = main(["ask", str(phh), "can seat 3 raise?"])
    assert code == 2 and "nobody sits in seat 3 (the hand's seats are 2, 5, 9)" in capsys.readouterr().err


def test_how_many_betting_rounds(capsys, script):
    """Seed 000: a round of betting follows each deal; the count is the game's, the rest follow the one in play."""
    flop = script("game: no-limit hold'em 1/2\nseats: Ann 200, Bob 200, Cat 200\n"
                  "pre-flop: Cat calls, Ann calls, Bob checks\nflop: Ann checks\n")
    assert ask(capsys, flop, "how many betting rounds are there?")["answer"] == "4"
    out = ask(capsys, flop, "how many betting rounds are left?")
    assert out["answer"] == "2" and "the flop is being played; after it: turn, river" in out["explanation"]
    assert ask(capsys, flop, "is this the last betting round?")["answer"] == "no"
    closed = script("game: fixed-limit 2-7 triple draw 10/20\nseats: Ann 300, Bob 300, Cat 300\n"
                    "pre-draw: Cat raises, Ann folds, Bob calls\nfirst draw: Bob checks, Cat bets, Bob calls\n"
                    "second draw: Bob checks, Cat checks\n")
    out = ask(capsys, closed, "is this the last betting round?")
    assert out["answer"] == "yes" and "the third draw is next" in out["explanation"]
    out = ask(capsys, closed, "how many streets are left?")  # review EJ: the third draw's betting is still to come
    assert out["answer"] == "1" and "to come: third draw" in out["explanation"], out
    stud = script("game: fixed-limit stud 10/20 ante 1 bring-in 3\nseats: Ann 100, Bob 100\nbring-in: Bob\n")
    assert ask(capsys, stud, "how many betting rounds?")["answer"] == "5"


def test_the_big_blind_option(capsys, script):
    """Seed 000, TDA 2024 47 Addendum Ex. 3-A: the big blind (a live straddle) may raise a first round
    only called to it; a raise before its turn leaves it facing a raise instead."""
    limped = script("game: no-limit hold'em 1/2\nseats: Ann 200, Bob 200, Cat 200, Dan 200\n"
                    "pre-flop: Cat calls, Dan calls, Ann calls\n")
    out = ask(capsys, limped, "does the big blind have the option?")
    assert out["answer"] == "yes" and "option.big-blind" in out["clauses"]
    assert ask(capsys, limped, "who has the option?")["answer"] == "p2"
    assert parse("does Bob get an option?").kind == "reopened"  # as before: may Bob raise at his turn
    assert ask(capsys, limped, "does Cat have the option?")["answer"] == "no"
    raised = script("game: no-limit hold'em 1/2\nseats: Ann 200, Bob 200, Cat 200, Dan 200\n"
                    "pre-flop: Cat raises to 6\n", "raised.txt")
    assert ask(capsys, raised, "does the big blind have the option?")["answer"] == "no"
    assert ask(capsys, PLO, "who has the option?", "--upto", "0")["answer"] == "p3"  # the straddle


def test_first_on_the_last_round_played_and_the_fixed_raise_step(capsys, script):
    """Review AK: a round played to the end of the hand still has who acted first on it; the current
    bet's next step in fixed limit is one amount (limit.fixed-sizes), not "or more"."""
    over = script("game: no-limit hold'em 1/2\nseats: Ann 100, Bob 100, Cat 100\n"
                  "pre-flop: Cat calls, Ann calls, Bob checks\nflop: Ann checks, Bob bets 10, Cat goes all-in, "
                  "Ann folds, Bob calls\n")
    out = ask(capsys, over, "who acts first on the flop?")
    assert out["answer"] == "p1" and "acted first on the flop" in out["explanation"]
    out = ask(capsys, script(FIXED, "fixed.txt"), "what is the current bet?")  # bet, 3 raises: 40, Bob to act
    assert out["answer"] == "40" and "may raise to 50 only" in out["explanation"]


def test_review_am_words(capsys, script):
    """'The' is no player's name word ("The Rock"); the engine shorthand does not swallow a round or an
    amount; rule books betlaw does not have are named; '5th street' is fifth street."""
    named = script("game: no-limit hold'em 1/2\nseats: Will Smith 200, Max Power 200, Call Me 200, The Rock 200, "
                   "Tom Jones 200\npre-flop: Call Me raises to 6, The Rock folds\n")
    for question in ("what are the legal actions?", "legal actions", "what are the options?"):
        assert ask(capsys, named, question)["answer"] == "fold, call 6 (to 6) or raise to 10-200"
    assert ask(capsys, named, "can Rock raise?")["answer"] == "no"  # folded
    for question, error in (("max bet on the turn", "not the turn"), ("under house rules, can Tom raise?", "'house' rules"),
                            ("under TDA 2013 rules, can Tom raise?", "TDA rules of 2024 only")):
        assert main(["ask", named, question]) == 2 and error in capsys.readouterr().err
    assert parse("can Bob bet on 5th street?").street == "fifth street"
    assert parse("on the turn, who acts first?").said == "turn"


def test_how_much_a_raise_is_by(capsys, script):
    """'Raise by' is the chips over the current bet; the answer gives the 'to' amounts too (TDA 2024 43-B)."""
    hand = script("game: no-limit hold'em 50/100\nseats: Alice 5000, Bob 5000, Carol 5000, David 5000\n"
                  "pre-flop: Carol raises to 300, David raises to 500\n")
    assert ask(capsys, hand, "how much can Alice raise by?")["answer"] == "raise by 200-4500 (to 700-5000)"
    assert ask(capsys, script(FIXED, "fixed.txt"), "how much can Bob raise by?")["answer"] == "raise by 10 (to 50)"


STRING_TALK = """game: no-limit hold'em 1/2
chips: 1, 5, 25, 100
seats: Alice 200, Bob 200, Carol 200
pre-flop: Carol raises to 6, Alice calls, Bob calls
flop: Alice checks, Bob bets 10, {talk}
"""


@pytest.mark.parametrize("talk, rules, answer, bound", [
    ('Carol says "raise" pushing 25, Carol puts out 25', "tda-2024", "yes", ("raise", 25)),  # TDA 2024 42, 56
    ('Carol says "raise" pushing 25, Carol puts out 25', "roberts", "no", ("raise", 50)),  # Robert's cash games
    ("Carol puts out 5+5, Carol puts out 25", "tda-2024", "yes", ("call", None)),  # later motion goes back: a call
    ('Carol says "I call and raise 30"', "tda-2024", "yes", ("call", None)),  # a string raise (seeds 000, 003)
    ('Carol says "raise" pushing 25', "tda-2024", "no", ("raise", 25)),
])
def test_is_that_a_string_bet(capsys, script, talk, rules, answer, bound):
    """A string bet is chips going back to the stack after a motion, or "call and raise": only table
    talk records it (declare.string-bet, declare.string-raise)."""
    hand = script(STRING_TALK.format(talk=talk))
    for question in ("is that a string bet?", "was Carol's raise a string raise?", "did Carol string-bet?"):
        data = ask(capsys, hand, question, "--rules", rules)
        assert data["answer"] == answer, (question, data)
        assert (data["bound_to"]["kind"], data["bound_to"]["to"]) == bound, data
    assert ("declare.string-bet" in data["clauses"] or "declare.string-raise" in data["clauses"]) == (
        "pushing 25, Carol puts out" in talk or "Carol puts out 5+5" in talk or "and raise" in talk), data


def test_a_string_bet_without_table_talk(capsys, script):
    hand = script(STRING_TALK.format(talk="Carol raises to 30"))
    assert ask(capsys, hand, "is Carol's raise a string raise?")["answer"] == "none"
    assert main(["ask", hand, "is that a string bet?"]) == 2
    assert "names no one" in capsys.readouterr().err


@pytest.mark.parametrize("question, answer", [
    ("can p1 raise to 1.99 all-in?", "no"),  # "to" is the total bet (TDA 2024 43-B): all-in is to 2
    ("can p1 raise to 2 all-in?", "yes"),
    ("can p1 raise 1.99 all-in?", "no"),  # a bare amount after raise is a "to" amount too
    ("can p1 go all-in for 1.99?", "yes"),  # "for": the chips pushed, 1.99 behind the small blind's 0.01
    ("can p1 go all-in for 2?", "yes"),
])
def test_all_in_to_is_the_total_bet(capsys, script, question, answer):
    hand = script("game: no-limit hold'em 0.01/0.02\nseats: Alice 2, Bob 1.5, Carol 3.37\npre-flop: Carol raises to 0.06\n")
    assert ask(capsys, hand, question)["answer"] == answer


def test_the_legal_line_writes_amounts_as_the_answer_does(capsys, script):
    """0.10, not 0.1 (JSON's number); the hand's money format throughout the text answer."""
    hand = script("game: no-limit hold'em 0.01/0.02\nseats: Alice 2, Bob 1.5, Carol 3.37\npre-flop: Carol raises to 0.06\n")
    assert main(["ask", hand, "what can p1 do?"]) == 0
    out = capsys.readouterr().out
    assert "legal for p1: fold, call to 0.06, raise to 0.10..2\n" in out, out


@pytest.mark.parametrize("hand, question, answer", [
    # the small blind posts a big blind's worth live (posts: A 2): both blinds have the option
    ("game: no-limit hold'em 1/2\nseats: A 200, B 200, C 200, D 200\nposts: A 2\npre-flop: C calls, D calls\n",
     "who has the option?", "p1, p2"),
    ("game: no-limit hold'em 1/2\nseats: A 200, B 200, C 200, D 200\nposts: A 2\npre-flop: C calls, D calls\n",
     "if A checks, does the big blind have the option?", "yes"),
    # a new player's live post of a big blind (Robert's Buttons and Blinds: a player who posts may raise at the
    # first turn)
    ("game: no-limit hold'em 1/2\nseats: A 200, B 200, C 200, D 200, E 200\nposts: D 3\n",
     "if C calls, does D have the option?", "yes"),
    ("game: no-limit hold'em 1/2\nseats: A 200, B 200, C 200, D 200, E 200\nposts: D 3\n", "does C have the option?", "no"),
])
def test_the_option_is_every_live_blind_the_pot_is_only_called_to(capsys, script, hand, question, answer):
    """option.big-blind: the live forced bets as posted, not the seats' places (TDA 2024 47 Addendum Ex. 3-A)."""
    assert ask(capsys, script(hand), question)["answer"] == answer


@pytest.mark.parametrize("rules", ["seeds", "tda-2024", "roberts"])
def test_the_option_after_a_straddle_all_in_for_less(capsys, script, rules):
    """The straddler is all-in for 1 of 4: a straddle is what the straddler puts out (Robert's No-Limit and
    Pot-Limit), and 1 is no more than the big blind, so no straddle: the bet is the big blind's 2 and the big
    blind keeps the option under every rule set (reviews BW, CD: short-bb-call=full-bb made it 4, though that
    switch is about the big blind)."""
    hand = script("game: no-limit hold'em 1/2 straddle 4\nseats: A 200, B 200, C 1, D 200, E 200\n")
    assert ask(capsys, hand, "what can D do?", "--rules", rules)["answer"] == "fold, call 2 (to 2) or raise to 4-200"
    data = ask(capsys, hand, "if D calls, E calls, A calls, does the big blind have the option?", "--rules", rules)
    assert data["answer"] == "yes"


def test_a_straddle_short_of_its_amount_is_a_straddle_of_what_it_posts(capsys, script):
    """A straddler with 3 of a 4 straddle straddles 3: the bet is 3, a raise is to 6 (forced.straddle)."""
    hand = script("game: no-limit hold'em 1/2 straddle 4\nseats: A 200, B 200, C 3, D 200, E 200\n")
    assert ask(capsys, hand, "what can D do?")["answer"] == "fold, call 3 (to 3) or raise to 6-200"


SHORT_OPENING = """game: fixed-limit hold'em 10/20
seats: A 100, B 14, C 100, D 100
pre-flop: C calls, D calls, A calls, B checks
flop: A checks, B goes all-in for 4
"""


@pytest.mark.parametrize("rules, can_c, left", [
    # ACPC counts every raise action: B's short all-in bet (4) is the bet, C 14, D 24, A 34 the three raises
    ("acpc", "fold or call 20 (to 34)", "3"),
    # PokerKit: the same four wagers cap it (PokerKit 0.7.7 run directly: 4/14/24/34, then call only)
    ("pokerkit", "fold or call 20 (to 34)", "3"),
    # TDA: the next action completes B's short bet to 10 (the opening bet); three raises leave one more
    ("tda-2024", "fold, call 20 (to 30) or raise to 40", "4"),
])
def test_a_short_all_in_opening_bet_counts_toward_the_cap_as_the_rules_say(capsys, script, rules, can_c, left):
    hand = script(SHORT_OPENING)
    assert ask(capsys, hand, "if C raises, D raises and A raises, what can C do?", "--rules", rules)["answer"] == can_c
    assert ask(capsys, hand, "how many raises are left?", "--rules", rules)["answer"] == left


def test_raises_left_before_a_voluntary_opening_raise_count_that_raise(capsys, script):
    # pokerkit preset (full-bet-basis=voluntary-increments): the blinds do not open the round, so the first
    # raise opens it and the cap's three raises follow: four raises over the big blind (PokerKit E8)
    hand = script("game: fixed-limit hold'em 2/4\nseats: A 100, B 100, C 100\n")
    assert ask(capsys, hand, "how many raises are left?", "--rules", "pokerkit")["answer"] == "4"
    assert ask(capsys, hand, "if C raises, A raises, B raises and C raises, can A raise?",
               "--rules", "pokerkit")["answer"] == "no"
    assert ask(capsys, hand, "if C raises, A raises and B raises, can C raise?", "--rules", "pokerkit")["answer"] == "yes"


SHORT_BB_PL = "game: pot-limit hold'em 50/100\nseats: Alice 1000, Bob 60, Carol 1000, David 1000\n"
DEAD_SB_PLO = "game: pot-limit omaha 50/100 blinds 0/100\nseats: A 1000, B 1000, C 1000, D 1000\n"


@pytest.mark.parametrize("hand, rules, most", [
    # a short all-in big blind (60 of 100): TDA 2024 54-B counts it in full: 50 + 100 + the call 100 = 250,
    # raise to 350; Robert's counts the pot as it is: 50 + 60 + 100 = 210, raise to 310 (the call is the
    # full 100 under both: short-bb-call=full-bb); the seeds count and call what was posted: 50 + 60 + 60 = 170
    (SHORT_BB_PL, "tda-2024", "raise to 350"),
    (SHORT_BB_PL, "roberts", "raise to 310"),
    (SHORT_BB_PL, "seeds", "raise to 230"),
    # a dead small blind (TDA 2024 54-B Ex 1 shape): 50 + 100 + 100 = 250 -> 350 counted in full, else 300
    (DEAD_SB_PLO, "tda-2024", "raise to 350"),
    (DEAD_SB_PLO, "roberts", "raise to 300"),
])
def test_pot_limit_blinds_switch_sets_the_pot_maths_of_short_and_dead_blinds(capsys, script, hand, rules, most):
    path = script(hand)
    assert ask(capsys, path, "what is the maximum raise?", "--rules", rules)["answer"] == most
    pot = ask(capsys, path, "what is a pot-sized raise?", "--rules", rules)
    assert pot["answer"] == most
    assert ("pot-limit.full-blinds" in pot["clauses"]) == (rules == "tda-2024")


def test_short_all_ins_before_the_opening_reach_the_cap_under_acpc(capsys, script):
    # ACPC counts every raise action, at most four a post-flop round (cap 3 after the opening): Cy's short
    # bet of 2 and the short raises to 4, 6 and 8 are four, so Gus may not raise (PokerKit 0.7.7 agrees
    # under its own preset: can_complete_bet_or_raise_to() is False there)
    hand = script("""game: fixed-limit hold'em 10/20
seats: Al 200, Bo 200, Cy 12, Di 14, Ed 16, Flo 18, Gus 200
pre-flop: Cy calls, Di calls, Ed calls, Flo calls, Gus calls, Al calls, Bo checks
flop: Al checks, Bo checks, Cy bets 2, Di raises to 4, Ed raises to 6, Flo raises to 8
""")
    for rules in ("acpc", "pokerkit"):
        assert ask(capsys, hand, "is the betting capped?", "--rules", rules)["answer"] == "yes"
        assert ask(capsys, hand, "what can Gus do?", "--rules", rules)["answer"] == "fold or call 8 (to 8)"
    assert ask(capsys, hand, "how many raises are left?", "--rules", "acpc")["answer"] == "0"


def test_raises_left_do_not_depend_on_who_is_to_act(capsys, script):
    # pokerkit preset: four raises over the big blind whether or not the player to act could raise (Cy's
    # stack is the big blind)
    hand = script("game: fixed-limit hold'em 10/20\nseats: Al 200, Bo 200, Cy 10, Di 200\n")
    assert ask(capsys, hand, "how many raises are left?", "--rules", "pokerkit")["answer"] == "4"
    assert ask(capsys, hand, "if Cy calls, how many raises are left?", "--rules", "pokerkit")["answer"] == "4"


@pytest.mark.parametrize("rules, next_to", [
    ("acpc", 24), ("pokerkit", 24),  # raise-on-top: a full bet on top of the all-in to 14
    ("tda-2024", 20), ("seeds", 20), ("roberts", 20),  # less than half a bet: complete to 20 (TDA 2024 47)
])
def test_the_next_raise_in_the_betting_json_is_the_legal_one_in_fixed_limit(capsys, script, rules, next_to):
    # flop: a bet of 10, an all-in to 14; betting.min_raise_to is the fixed-limit amount, not the no-limit
    # formula (the all-in plus the last full raise, 20 under acpc: review AX)
    hand = script("""game: fixed-limit hold'em 10/20
seats: A 100, B 100, C 24, D 100
pre-flop: C calls, D calls, A calls, B checks
flop: A bets 10, B calls, C goes all-in for 14
""")
    answer = ask(capsys, hand, "what can D do?", "--rules", rules)
    assert answer["betting"]["min_raise_to"] == next_to
    legal = answer["legal"]
    assert next_to in (legal["complete_to"], (legal["bet_or_raise"] or {}).get("min_to"))


SIX = "game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200, David 200, Erin 200, Frank 200\n"


@pytest.mark.parametrize("hand, question, answer", [
    # the cap reached (four raises, TDA 2024 48): it is in force, not lifted
    (FIXED + "", "is the cap lifted?", "no"),
    ("game: fixed-limit hold'em 10/20\nseats: Alice 500, Bob 500, Carol 500, David 500\n"
     "pre-flop: Carol raises, David raises, Alice raises, Bob raises\n", "is the cap off?", "no"),
    ("game: fixed-limit hold'em 10/20\nseats: Alice 500, Bob 500, Carol 500, David 500\n"
     "pre-flop: Carol raises, David raises, Alice raises, Bob raises\n", "is the cap in force?", "yes"),
    # Robert's #4: heads-up before the cap is reached, the cap is lifted
    ("game: fixed-limit hold'em 10/20\nseats: Alice 500, Bob 500, Carol 500\n"
     "pre-flop: Carol raises, Alice folds, Bob raises, Carol raises\n",
     "under Robert's rules, is the cap lifted heads up?", "yes"),
    ("game: no-limit hold'em 1/2\nseats: Alice 100, Bob 100\n", "is the cap lifted?", "yes"),  # no cap at all
    # a premise of calls stops at the player an option or turn question names (option.big-blind)
    (SIX, "if everyone calls, does the big blind have the option?", "yes"),
    (SIX, "if everyone calls, is it the big blind's turn?", "yes"),
    (SIX, "if everyone calls, who has the option?", "p2"),
    # "raise all-in" when every chip in is only a call for less (call.all-in-for-less)
    ("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200, David 30\npre-flop: Carol raises to 50\n",
     "can david raise all-in?", "no"),
    ("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200, David 30\npre-flop: Carol raises to 50\n",
     "can david go all-in?", "yes"),
    # poker words that do not fit the betting: a limp after a raise, the wrong N-bet
    (SIX + "pre-flop: Carol raises to 6\n", "can david limp?", "no"),
    (SIX, "can carol limp?", "yes"),
    (SIX, "can carol 3-bet?", "no"),  # her raise would be the 2-bet (the big blind the first)
    (SIX + "pre-flop: Carol raises to 6\n", "can david 3-bet?", "yes"),
    (SIX + "pre-flop: Carol raises to 6\n", "can david three-bet?", "yes"),
    (SIX + "pre-flop: Carol raises to 6\n", "can david four-bet?", "no"),
    (SIX, "can carol 2-bet?", "yes"),
    # the big blind already to act: the premise plays nothing and the question is answered as things stand
    ("game: no-limit hold'em 1/2\nseats: Alice 100, Bob 100, Carol 100, Dave 100\n"
     "pre-flop: Carol calls, Dave calls, Alice calls\n", "if everyone calls, does the big blind have the option?", "yes"),
    ("game: no-limit hold'em 1/2\nseats: Alice 100, Bob 100, Carol 100, Dave 100\n"
     "pre-flop: Carol calls, Dave calls, Alice calls\n", "if everyone calls, who has the option?", "p2"),
    ("game: no-limit hold'em 1/2 straddle 4\nseats: Alice 200, Bob 200, Carol 200, David 200, Erin 200\n",
     "can david 3-bet?", "yes"),  # the straddle is the 2-bet
    # a round named after "the action on": the round question, not a player
    ("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200\n"
     "pre-flop: Carol calls, Alice calls, Bob checks\nflop: Alice checks, Bob checks, Carol checks\n",
     "is the action on the flop over?", "yes"),
    ("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200\n", "is anyone all-in?", "no"),
    ("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200\n", "can't carol raise?", "yes"),
    ("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200\n", "does carol have the action?", "yes"),
    ("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200\n", "how many raises remain?", "no cap"),
])
def test_review_ba_phrasings(capsys, script, hand, question, answer):
    assert ask(capsys, script(hand), question)["answer"] == answer


@pytest.mark.parametrize("raises, rules, answer", [
    # asked before the pot is heads-up, "is the cap lifted heads-up?" is the rule set's rule (cap.heads-up)
    ("Carol raises, David raises", "roberts", "yes"),  # Robert's #4: lifted if heads-up before the cap
    ("Carol raises, David raises, Alice raises", "roberts", "no"),  # capped multiway: it stays
    ("Carol raises, David raises", "tda-2024", "no"),  # TDA 2024 48: the cap applies heads-up
    ("Carol raises, David raises", "seeds", "yes"),
])
def test_review_be_the_heads_up_cap_rule_asked_before_heads_up(capsys, script, raises, rules, answer):
    hand = script(f"game: fixed-limit hold'em 10/20\nseats: Alice 500, Bob 500, Carol 500, David 500\npre-flop: {raises}\n")
    assert ask(capsys, hand, "is the cap lifted heads-up?", "--rules", rules)["answer"] == answer


def test_review_ba_heads_up_script_numbering_survives_a_finer_chip(capsys, script):
    # a decimal amount reads the hand again with a finer chip; the script's heads-up numbering (p1 the
    # button) stays, so p2 is still Bob
    hand = script("game: no-limit hold'em 1/2\nseats: Alice 100, Bob 80\npre-flop: Alice raises to 6\n")
    out = ask(capsys, hand, "can p2 raise to 12.5?")
    assert out["answer"] == "yes" and "Bob" in out["explanation"]
    assert ask(capsys, hand, "can p1 raise to 12.5?")["answer"] == "no"


def test_review_ba_the_bring_in_check_raise_and_premise(capsys, script):
    hand = script("game: fixed-limit stud 10/20 ante 1 bring-in 3\nseats: Alice 200, Bob 200, Carol 200, David 200\n"
                  "bring-in: Carol\nthird street:\n")
    out = ask(capsys, hand, "can carol check-raise?")
    assert out["answer"] == "no" and "stud.bring-in" in out["clauses"]
    assert ask(capsys, hand, "if the bring-in completes, can david raise?")["answer"] == "yes"


def test_review_be_stud_counts_the_completion_as_the_first_bet(capsys):
    stud = str(EXAMPLES / "stud.txt")  # third street: the bring-in, David completes to 10, Alice to act
    assert ask(capsys, stud, "can alice 2-bet?", "--upto", "6")["answer"] == "yes"
    assert ask(capsys, stud, "can alice 3-bet?", "--upto", "6")["answer"] == "no"


def test_review_ba_an_amount_alone_below_the_bet_says_how_to_ask_by(capsys, script):
    hand = script("game: no-limit hold'em 1/2\nseats: Alice 100, Bob 80\npre-flop: Alice raises to 6\n")
    out = ask(capsys, hand, "can bob raise 4?")
    assert out["answer"] == "no" and "raise by 4?" in out["explanation"] and "43-B" in out["explanation"]


def test_the_options_name_what_keeps_the_player_from_raising(capsys, script):
    # review BH: "what can A do?" listed only fold and call; the clauses that close the raise decide it too
    hand = script("""game: no-limit hold'em 0.5/1
seats: A 100, B 100, C 2.6, D 3.2, E 100, F 3.9
pre-flop: C calls, D calls, E calls, F calls, A calls, B checks
flop: A bets 1.5, B calls, C goes all-in, D goes all-in, E calls, F goes all-in
""")
    out = ask(capsys, hand, "what can A do?")  # 1.4 of short all-ins over a full bet of 1.5: TDA 2024 47-A
    assert out["answer"] == "fold or call 1.4 (to 2.9)"
    assert {"reopen.full-bet-rule", "reopen.cumulative", "reopen.acted-call-or-fold"} <= set(out["clauses"])
    capped = script("""game: fixed-limit hold'em 0.5/1
seats: A 100, B 100, C 100, D 100
pre-flop: C calls, D calls, A calls, B checks
flop: A checks, B checks, C checks, D checks
turn: A bets 1, B raises to 2, C raises to 3, D raises to 4, A raises to 5
""", "capped.txt")
    out = ask(capsys, capped, "what can B do?")  # TDA 2024 48: a bet and four raises
    assert out["legal"]["bet_or_raise"] is None and "cap.raises" in out["clauses"]
    out = ask(capsys, hand, "what can A do?", "--rules", "acpc")  # any raise reopens: the raise is open
    assert out["legal"]["bet_or_raise"] is not None and "reopen.full-bet-rule" not in out["clauses"]


def test_a_stud_opener_who_cannot_act_passes_the_turn_clockwise_and_says_so(capsys, script):
    hand = script("""game: fixed-limit stud 1/2 ante 0.1 bring-in 0.25
seats: Ann 30, Bo 30, Cy 30, Dee 0.6
bring-in: Cy
third street: Cy brings in, Dee goes all-in, Ann calls, Bo calls, Cy calls
fourth street: Dee to act
""")
    out = ask(capsys, hand, "who acts first on fourth street?")
    assert out["answer"] == "p1" and "Dee), who shows the best hand, is all-in" in out["explanation"]


ONE_BLIND = """variant = 'NT'
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [10, 0, 0, 0, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000, 1000, 1000]
actions = []
"""


@pytest.mark.parametrize("question, answer", [
    # review BQ (FTP-1000NLH #3): one blind posted is the big blind (p2 acts first, p1 has the option), so
    # under the gun is p2 and there is no small blind; betlaw named p3 utg and p1 the small blind
    ("who is utg?", "p2"), ("who acts?", "p2"), ("who is the big blind?", "p1"), ("what is the big blind?", "10"),
    ("what is the small blind?", "0"), ("what are the blinds?", "0/10"),
    ("if everyone calls, does the big blind have the option?", "yes"),
])
def test_a_single_blind_is_the_big_blind(capsys, tmp_path, question, answer):
    hand = tmp_path / "one.phh"
    hand.write_text(ONE_BLIND)
    data = ask(capsys, str(hand), question)
    assert data["answer"] == answer, data


def test_a_single_blind_game_has_no_small_blind(capsys, tmp_path):
    hand = tmp_path / "one.phh"
    hand.write_text(ONE_BLIND)
    out = ask(capsys, str(hand), "who is the small blind?")  # review CJ: an answer, not an error
    assert out["answer"] == "nobody" and "this hand has no small blind" in out["explanation"]


def test_raises_so_far_after_a_short_all_in_bet_says_it_opened_nothing(capsys, tmp_path):
    # review BQ: "0 raises (nobody has opened yet)" beside "who opened?": "p2 opened ... with a bet to 0.5"
    hand = tmp_path / "fl.phh"
    hand.write_text("variant = 'FT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4\n"
                    "starting_stacks = [50, 2.50, 50]\nactions = ['p3 cc', 'p1 cc', 'p2 cc', 'd db 4s5d3s', 'p1 cc', "
                    "'p2 cbr 0.50', 'p3 cc']\n")
    data = ask(capsys, str(hand), "how many raises so far?")
    assert data["answer"] == "0"
    assert "(the only bets so far are all-ins short of a full bet, which open nothing)" in data["explanation"]
    stud = tmp_path / "stud.txt"
    stud.write_text("game: fixed-limit stud 10/20 ante 1 bring-in 3\nseats: A 300, B 300, C 300\nbring-in: C\n"
                    "third street: C brings in\n")
    data = ask(capsys, str(stud), "how many raises so far?")
    assert "(only the bring-in so far: the completion is the opening bet)" in data["explanation"]


def test_review_bu_edges(capsys, tmp_path):
    """Review BU: a dead small blind's stake is still named; utg with a straddle stays the straddler;
    a partial completion of a counted short all-in says why it is not counted again."""
    dsb = tmp_path / "dsb.txt"
    dsb.write_text("game: pot-limit omaha 100/200 blinds 0/200\nseats: A 5000, B 5000, C 5000, D 5000\npre-flop:\n")
    out = ask(capsys, str(dsb), "what is the small blind?")
    assert out["answer"] == "0" and "the stakes' small blind is 100" in out["explanation"]
    straddle = tmp_path / "st.txt"
    straddle.write_text("game: no-limit hold'em 1/2 straddle 4\nseats: A 200, B 200, C 200, D 200\npre-flop:\n")
    assert ask(capsys, str(straddle), "who is utg?")["answer"] == "p3"
    cap = tmp_path / "cap.txt"
    cap.write_text("game: fixed-limit hold'em 2/4\nseats: A 100, B 4.5, C 4.75, D 100, E 100\n"
                   "pre-flop: C calls, D calls, E calls, A calls, B checks\nflop: A bets 2, B goes all-in, C goes all-in\n")
    out = ask(capsys, str(cap), "does C's all-in count toward the cap?", "--rule", "short-allin-counts-toward-cap=always")
    assert out["answer"] == "no" and "it completes the short all-in before it, which already counted" in out["explanation"]


@pytest.mark.parametrize("question, judged", [
    ("was E's raise pre-flop legal?", "p5 cbr 20"), ("was E's pre-flop raise legal?", "p5 cbr 20"),
    ("was E's flop bet legal?", "p5 cbr 30"),
])
def test_a_round_named_before_or_after_the_action(capsys, tmp_path, question, judged):
    hand = tmp_path / "rec.txt"
    hand.write_text("game: no-limit hold'em 1/2\nseats: A 200, B 200, C 200, D 200, E 200\n"
                    "pre-flop: C raises to 6, D calls, E raises to 20, A folds, B folds, C calls, D folds\n"
                    "flop: C checks, E bets 30, C raises to 90, E calls\nturn: C bets 50\n")
    out = ask(capsys, str(hand), question)
    assert (out["answer"], out["judged"]) == ("yes", judged)


@pytest.mark.parametrize("question, answer", [
    # review BV: "what is the bet on fifth street?" did not parse; "what is the limit on fifth street?" gave 10/20
    ("what is the bet on fifth street?", "20"), ("what is the bet on 5th street?", "20"),
    ("what is the limit on fifth street?", "20"), ("what is the limit on third street?", "10"),
    ("what is the limit?", "10/20"),
])
def test_a_stud_rounds_bet(capsys, tmp_path, question, answer):
    hand = tmp_path / "stud.txt"
    hand.write_text("game: stud 10/20 ante 1 bring-in 3\nseats: Ann 200, Ben 200, Cy 200\nbring-in: Ben\n"
                    "third street: Ben brings in, Cy calls, Ann calls\n")
    assert ask(capsys, str(hand), question)["answer"] == answer


@pytest.mark.parametrize("question, answer", [
    # review BY: "what are the limits?" in spread limit answered none (small and big bets are fixed-limit terms)
    ("what are the limits?", "2-6"), ("what is the limit on the river?", "2-6"), ("what is the big bet?", "none"),
])
def test_the_limits_of_a_spread_game_are_its_spread(capsys, tmp_path, question, answer):
    hand = tmp_path / "spread.txt"
    hand.write_text("game: spread-limit hold'em 2-6 blinds 1/2\nseats: A 100, B 100, C 100\n")
    out = ask(capsys, str(hand), question)
    assert out["answer"] == answer and (answer == "none" or "limit.spread-range" in out["clauses"])


@pytest.mark.parametrize("script, question", [
    # review BY: an opening short all-in "did not count under short-allin-counts-toward-cap=half-or-more"; it is
    # the opening bet (or the completion of the bring-in), which the cap never counts (cap.raises, stud.completion)
    ("game: fixed-limit hold'em 10/20\nseats: A 500, B 16, C 500, D 500\npre-flop: C calls, D calls, A calls, B checks\n"
     "flop: A checks, B goes all-in, C raises\n", "does B's all-in count toward the cap?"),
    ("game: fixed-limit stud 10/20 ante 1 bring-in 3\nseats: A 200, B 200, C 200, D 8\nbring-in: C\n"
     "third street: C brings in, D goes all-in, A to act\n", "does D's all-in count toward the cap?"),
])
def test_an_opening_all_in_is_not_a_raise_toward_the_cap(capsys, tmp_path, script, question):
    hand = tmp_path / "h.txt"
    hand.write_text(script)
    out = ask(capsys, str(hand), question, "--rules", "roberts")
    assert out["answer"] == "no" and "not a raise: the cap counts the raises after it" in out["explanation"], out["explanation"]


def test_who_may_still_raise_cites_the_clauses_of_each_refusal(capsys, script):
    """Review BX: "who can still raise?" cited raise.minimum, reopen.full-bet-rule and cap.raises whatever
    decided it; Ann may not raise here only because check-raising is forbidden (the check-raise switch)."""
    hand = script("game: no-limit hold'em 1/2\nseats: Ann 200, Bob 200, Cy 200\n"
                  "pre-flop: Cy calls, Ann calls, Bob checks\nflop: Ann checks, Bob bets 4\n")
    out = ask(capsys, hand, "who can still raise?", "--rule", "check-raise=forbidden")
    assert out["answer"] == "p3" and "check-raise" in out["clauses"] and "cap.raises" not in out["clauses"]


def test_a_premise_where_the_stud_opener_is_not_given_names_the_input(capsys, script):
    """Review BX: "if Bob bets 20, ..." on a fourth street whose opener the hand does not give said the
    betting was over; it is the missing input, named as for any question."""
    hand = script("game: fixed-limit stud 10/20 ante 1 bring-in 3\nseats: Alice 200, Bob 200, Carol 200\n"
                  "bring-in: Carol\nthird street: Carol brings in, Alice calls, Bob calls\nfourth street:\n")
    code = main(["ask", hand, "if Bob bets 20, what can Carol do?"])
    err = capsys.readouterr().err
    assert code == 2 and "who opens fourth street is not given" in err and "betting is over" not in err


def test_the_open_pair_bet_by_names_the_two_sizes(capsys, script):
    """Review BX: "how much can Bob bet by?" on an open pair's fourth street gave a range, 10-20."""
    hand = script("game: fixed-limit stud 10/20 ante 1 bring-in 3\nrules: roberts\nseats: Alice 200, Bob 200, Carol 200\n"
                  "bring-in: Carol\nopen-pair: Bob\nthird street: Carol brings in, Alice calls, Bob calls\n"
                  "fourth street: Bob to act\n")
    assert ask(capsys, hand, "how much can Bob bet by?")["answer"] == "bet by 10 or 20 (to 10 or 20)"


def test_reopened_for_a_player_not_to_act_gives_their_reason(capsys):
    """Review BX: TDA 2024 47 Ex. 1-A after A's call: nobody has raised since, which the answer now says
    (it gave the reason of a player facing an incomplete raise)."""
    hand = str(Path(__file__).resolve().parents[1] / "conformance" / "examples" / "tda-47-ex1a.phh")
    out = ask(capsys, hand, "is the betting reopened for p1?")
    assert out["answer"] == "no" and "nobody has bet or raised since" in out["explanation"]


def test_the_half_bet_rule_is_cited_where_it_decides_a_full_raise(capsys):
    """Review BX: seed 001's $5 all-in in a $20 round is not a full bet under the half-bet rule, which the
    answer cited only when the all-in was made full by it."""
    hand = str(Path(__file__).resolve().parents[1] / "conformance" / "examples" / "fixed_limit_half_bet.txt")
    out = ask(capsys, hand, "was Carol's all-in a full raise?")
    assert out["answer"] == "no" and "reopen.half-bet-rule" in out["clauses"]


def test_a_big_blind_nobody_can_reach_has_no_option(capsys, script):
    """Review CD: heads-up, the button has 1.5 against a big blind of 2, so it can only fold or call all-in;
    the big blind never gets a turn (round.end), yet was said to have the option to check or raise."""
    hand = script("game: no-limit hold'em 1/2\nseats: A 1.5, B 100\npre-flop:\n")
    out = ask(capsys, hand, "does the big blind have the option?")
    assert out["answer"] == "no" and "gets no turn" in out["explanation"]
    assert ask(capsys, hand, "who has the option?")["answer"] == "nobody"


def test_must_and_the_turn_answer_with_the_table_talk_that_binds(capsys, script):
    """Review CI: "does Ann have to call?" after Ann said "call" answered no (fold, call or raise), while
    "can Ann fold?" said no: a call said in turn binds to calling only (seed 000; TDA 2024 40)."""
    hand = script('game: no-limit hold\'em 1/2\nseats: Ann 100, Bob 100, Cy 100\n'
                  'pre-flop: Cy raises to 6, Ann says "call"\n')
    must = ask(capsys, hand, "does Ann have to call?")
    assert must["answer"] == "yes" and "declare.verbal-binds" in must["clauses"]
    assert ask(capsys, hand, "must Ann fold?")["answer"] == "no"
    for question in ("who acts?", "is it Ann's turn?"):
        explanation = ask(capsys, hand, question)["explanation"]
        assert "Bound by table talk: call 5 (to 6)" in explanation and "raise" not in explanation
    narrowed = script('game: no-limit hold\'em 1/2\nseats: Ann 100, Bob 100, Cy 100\n'
                      'pre-flop: Cy raises to 6, Ann says "check"\n')  # facing a bet: call or fold (TDA 2024 55)
    out = ask(capsys, narrowed, "does Ann have to call?")
    assert out["answer"] == "no" and "fold" in out["explanation"] and "raise" not in out["explanation"]
    assert "raise" not in ask(capsys, narrowed, "who acts?")["explanation"]


def test_who_opens_a_stud_street_the_hand_does_not_give_is_unknown(capsys, script):
    """Review CG: once third street's betting was over, "who acts?" was an error, though the round before it
    answered "unknown" (turn.stud-first-later: the cards decide)."""
    hand = script("game: fixed-limit stud 15/30 ante 2 bring-in 5\nseats: A 1000, B 1000, C 1000, D 1000\n"
                  "bring-in: A\nthird street: A brings in, B calls, C calls, D calls\n")
    for question in ("who acts?", "who acts first on fourth street?"):
        out = ask(capsys, hand, question)
        assert out["answer"] == "unknown" and out["clauses"] == ["turn.stud-first-later"], out
        assert "fourth street: Bob to act" in out["explanation"]


def test_refusals_name_the_half_bet_rule_and_count_the_raises_since(capsys, script):
    """Review CG: "who can still raise?" on seed 001's $5 all-in left out reopen.half-bet-rule; one short
    all-in since was worded as raises that "add up"; a stud completion was measured by its chips on top
    (7 over a bring-in of 5) rather than the level it reached (12 of 15, TDA 2024 47-B)."""
    half_bet = str(Path(__file__).resolve().parents[1] / "conformance" / "examples" / "fixed_limit_half_bet.txt")
    assert "reopen.half-bet-rule" in ask(capsys, half_bet, "who can still raise?")["clauses"]
    one = script("game: no-limit hold'em 50/100\nseats: A 10000, B 10000, C 10000, D 150\n"
                 "pre-flop: C calls, D goes all-in, A calls, B calls, C to act\n", "one.txt")
    assert "the raise since is less than a full raise" in ask(capsys, one, "can C raise?")["explanation"]
    two = script("game: no-limit hold'em 50/100\nseats: A 10000, B 10000, C 10000, D 150, E 180\n"
                 "pre-flop: C calls, D goes all-in, E goes all-in, A calls, B calls, C to act\n", "two.txt")
    assert "the raises since add up to less than a full raise" in ask(capsys, two, "can C raise?")["explanation"]
    stud = script("game: fixed-limit stud 15/30 ante 2 bring-in 5\nseats: A 1000, B 14, C 1000, D 1000\n"
                  "bring-in: A\nthird street: A brings in, B goes all-in\n", "stud.txt")
    out = ask(capsys, stud, "was B's all-in a full raise?")
    assert out["answer"] == "yes" and "the full completion was to 15" in out["explanation"]
    out = ask(capsys, stud, "was B's all-in a full raise?", "--rules", "pokerkit")
    assert "the round's first voluntary bet or raise" in out["explanation"]


def test_how_players_ask(capsys, script):
    """Review CJ: "check raise" (a space) was read as a raise, "does the bb get the option?" as whether the
    betting reopened, "can Max raise?" lost its player to "raise to the max", pronouns named no player, and
    several everyday forms were refused."""
    flop = script("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200, David 200\n"
                  "pre-flop: Carol raises to 6, David calls, Alice calls, Bob calls\nflop:\n", "flop.txt")
    for question in ("can alice check raise?", "can alice checkraise?", "can alice check-raise?"):
        out = ask(capsys, flop, question)
        assert out["answer"] == "yes" and "check-raising is allowed" in out["explanation"], (question, out)
    assert parse("can carol 3 bet?").said == "3-bet" and parse("can carol three bet?").said == "three-bet"
    assert parse("can bob re raise?").verb is Kind.RAISE
    six = script("game: no-limit hold'em 1/2\nseats: Max 200, Bea 200, Uma 200, Hal 200, Cody 200, Bo 200\n"
                 "pre-flop: Uma raises to 6, Hal calls\n", "six.txt")
    for question in ("does the bb get the option?", "does the big blind get an option?", "does bea get her option?"):
        out = ask(capsys, six, question)
        assert out["answer"] == "no" and "faces a bet above their blind" in out["explanation"], (question, out)
    assert parse("does Bob get an option?").kind == "reopened"
    assert parse("can Max raise?").player == "max" and parse("can max raise to the max?").extreme == "max"
    assert "p5 (Cody) may" in ask(capsys, six, "can he raise?")["explanation"]  # no one named: the player to act
    out = ask(capsys, six, "if everyone folds to the bb, can she 3-bet?")
    assert out["answer"] == "yes" and "p2 (Bea) may raise" in out["explanation"]
    assert ask(capsys, six, "does bea get to raise?")["answer"] == "yes"  # at her turn (TDA 2024 47)
    assert "not 5." in ask(capsys, six, "can cody raise to 2.5 big blinds?")["explanation"]  # Uma raised to 6
    assert "p5 (Cody) may raise to 12." in ask(capsys, six, "can cody raise to 6bb?")["explanation"]
    assert "(to 10)" in ask(capsys, six, "if cody raises by 2bb, can bo call?")["explanation"]
    assert ask(capsys, six, "who straddled?")["answer"] == "nobody"
    assert ask(capsys, six, "can anyone raise?")["answer"] == "yes"  # "who can still raise?": p1, p2, p5, p6
    assert ask(capsys, six, "who can still raise?")["answer"] == "p1, p2, p5, p6"
    tda = str(Path(__file__).resolve().parents[1] / "conformance" / "examples" / "tda-47-ex1a.phh")
    assert ask(capsys, tda, "is anyone allowed to raise?")["answer"] == "no"
    assert ask(capsys, six, "is this capped?")["answer"] == "no"
    # "how much can max pot?" asks the amount, a pot-sized raise (review CX), "can max pot?" whether he may
    q = parse("how much can max pot?")
    assert (q.kind, q.focus, q.player) == ("what", "potting", "max") and parse("can max pot?").kind == "can"


def test_min_raise_and_pot_from_a_short_stack(capsys, script):
    """Review CJ: "can hal min-raise to 50?" said a min-raise is to 45 (Hal's all-in, not the minimum raise of
    50: raise.all-in-exception); "pot" from a stack short of a pot-sized raise is all of it (table stakes)."""
    short = script("game: no-limit hold'em 5/10\nseats: Sam 1000, Bea 1000, Uma 1000, Hal 45, Cody 1000, Bo 1000\n"
                   "pre-flop: Uma raises to 30\n", "short.txt")
    out = ask(capsys, short, "can hal min-raise to 50?")
    assert out["answer"] == "no" and "the minimum raise is to 50" in out["explanation"]
    assert "raise.all-in-exception" in out["clauses"]
    plo = str(Path(__file__).resolve().parents[1] / "conformance" / "examples" / "pot_limit_omaha.txt")
    out = ask(capsys, plo, "can alice pot it?")
    assert out["answer"] == "yes" and "raise to 92.5" in out["explanation"]


def test_a_stud_action_after_the_round_closes_without_its_next_opener(capsys, script):
    """Review CJ: "if everyone calls, can Carol complete?" (the bring-in) was an error about fourth street's
    opener; the third-street betting is over (the bring-in has no option), so no one may act now."""
    hand = script("game: fixed-limit stud 10/20 ante 1 bring-in 3\nseats: Alice 200, Bob 200, Carol 200, David 200, "
                  "Ed 200\nbring-in: Carol\nthird street: Carol brings in\n", "stud.txt")
    out = ask(capsys, hand, "if everyone calls, can carol complete?")
    assert out["answer"] == "no" and "the third street betting is over" in out["explanation"] and out["agree"]
    # a bet is fourth street's, where who acts first is by the cards: unknown, as without a premise (review DY)
    out = ask(capsys, hand, "if everyone calls, can carol bet?")
    assert out["answer"] == "unknown" and "turn.stud-first-later" in out["clauses"], out


def test_regressions_of_review_cl(capsys, script):
    """Review CL: "seat 3 bet" was read as a 3-bet; "does Bob have to raise?" said no when his "raise" with no
    bet out bound him to bet (TDA 2024 55); "is there a straddle?" answered a name."""
    flop = script("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200, David 200\n"
                  "pre-flop: Carol calls, David calls, Alice calls, Bob checks\nflop: Alice checks, Bob checks\n")
    assert ask(capsys, flop, "can seat 3 bet?")["answer"] == "yes"
    talk = script("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 200, Carol 200, David 200\n"
                  "pre-flop: Carol calls, David calls, Alice calls, Bob checks\nflop: Alice checks, Bob says \"raise\"\n",
                  "talk.txt")
    assert ask(capsys, talk, "does Bob have to raise?")["answer"] == "yes"
    assert ask(capsys, talk, "does Bob have to bet?")["answer"] == "yes"


def test_pronouns_and_pot_questions_of_review_cn(capsys, script):
    """Review CN: "what can she do?" and the table-talk legal line failed on a pronoun; "how much can David pot?"
    gave a pot-sized raise above his stack; "3 bet to 18" was not read."""
    nl = script("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 150, Carol 300, David 15, Erin 500\n"
                "pre-flop: Carol raises to 6\n", "nl.txt")
    assert ask(capsys, nl, "what can she do?")["answer"] == ask(capsys, nl, "what can david do?")["answer"]
    out = ask(capsys, nl, "how much can David pot?")  # a pot-sized raise is to 21; David has 15 (table stakes)
    assert out["answer"] == "raise to 15" and "potting is a raise to 15 all-in" in out["explanation"], out
    assert ask(capsys, nl, "can David 3 bet to 15?")["answer"] == "yes"
    talk = script("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 150, Carol 300\n"
                  "pre-flop: Carol calls, Alice calls, Bob checks\n"
                  "flop: Alice checks, Bob bets 10, Carol to act, Carol says \"raise\"\n", "talk.txt")
    assert main(["ask", talk, "can she call?"]) == 0
    assert "by the betting rules alone" in capsys.readouterr().out


TALK = "game: no-limit hold'em 50/100\nseats: Ann 10000, Bob 10000, Cy 10000, Di 10000\nchips: 25, 100, 500, 1000\n"


def test_binding_talk_in_turn_is_the_action_taken(capsys, script):
    """Review CQ: where the hand stands ignored binding talk in turn (docs/table-talk.md; TDA 2024 40: a muck
    in turn is the fold, "raise 600" the raise), and a bare premise ("if Di raises") played the least raise
    where Di's words bound 800."""
    muck = script(TALK + "pre-flop: Cy calls, Di calls, Ann calls, Bob checks\n"
                         "flop: Ann bets 200, Bob folds, Cy folds, Di mucks\n")
    out = ask(capsys, muck, "who wins the pot?")
    assert out["answer"] == "p1" and out["talk_taken"].startswith("p4 (Di)'s table talk in turn binds: fold")
    assert "declare.terms" in out["clauses"]
    assert ask(capsys, muck, "has Di folded?")["answer"] == "yes"
    assert ask(capsys, muck, "who acts?")["answer"] == "p4"  # the fold is bound, not yet carried out
    raised = script(TALK + "pre-flop: Cy calls, Di calls, Ann calls, Bob checks\nflop: Ann bets 200, Bob says \"raise 600\"\n")
    assert ask(capsys, raised, "what is the current bet?")["answer"] == "600"
    assert ask(capsys, raised, "can Ann raise when it gets back to her?")["answer"] == "yes"
    assert ask(capsys, raised, "can Cy call?")["answer"] == "yes"  # after Bob's bound raise, Cy's turn
    assert ask(capsys, raised, "if Bob raises to 600, what are the pots?")["answer"] == "main pot 1200 (p1, p2, p3, p4)"
    # review CS: premises are played from the hand as it stands, so "I" is Bob, whose talk binds a raise
    assert main(["ask", raised, "if I fold, what are the pots?", "--json"]) == 2
    err = capsys.readouterr().err
    assert "the premise 'i fold' breaks a rule" in err and "declare.verbal-binds" in err
    assert "talk_taken" not in ask(capsys, raised, "what can Bob do?")
    bound = script(TALK + "pre-flop: Cy raises to 300, Di says \"raise 800\"\n")
    out = ask(capsys, bound, "if Di raises, can Ann re-raise to 1000?")
    assert out["answer"] == "no" and "raises to 800 (as the table talk binds)" in out["explanation"]
    open_amount = script(TALK + "pre-flop: Cy raises to 300, Di says \"raise\"\n")  # no amount: the least, said so
    assert "the least the table talk binds to" in ask(capsys, open_amount, "what can Ann do if Di raises?")["explanation"]


def test_heads_up_script_labels_the_asked_player(capsys, script):
    """Review CQ: the 'legal for pN' caveat compared a heads-up script's numbering with PHH's."""
    hu = script("game: no-limit hold'em 50/100\nseats: Ann 10000, Bob 10000\nchips: 25, 100, 500, 1000\n"
                "pre-flop: Ann raises to 300, Bob raises to 900, Ann puts out 500\n")
    main(["ask", hu, "what is Ann's action?"])
    assert "legal for p1 by the betting rules alone" in capsys.readouterr().out
    oot = script("game: no-limit hold'em 50/100\nseats: Ann 10000, Bob 10000\nchips: 25, 100, 500, 1000\n"
                 "pre-flop: Bob says \"raise 400\" out of turn\n")
    main(["ask", oot, "what is Bob's action?"])
    assert "legal for p1: " in capsys.readouterr().out  # Ann, to act, is not narrowed by Bob's talk


def test_a_floors_forms_of_the_talk_and_reopening_questions(capsys, script):
    """Review CQ: "is Di bound to call?", "is Di bound by his chips?", "how much change does Di get back?",
    "can Ann re-raise Cy's all-in?" and "does Cy's all-in count as a raise?" were refused."""
    chips = script(TALK + "pre-flop: Cy raises to 300, Di puts out 100+100+100+25+25+25\n")
    assert ask(capsys, chips, "is Di bound to call?")["answer"] == "yes"
    assert ask(capsys, chips, "is Di bound to raise?")["answer"] == "no"
    assert ask(capsys, chips, "is Di bound by his chips?")["answer"] == "yes"
    assert ask(capsys, chips, "how much change does Di get back?")["answer"] == "75"
    short = script("game: no-limit hold'em 50/100\nseats: Ann 10000, Bob 10000, Cy 299, Di 10000\n"
                   "pre-flop: Cy calls, Di calls, Ann calls, Bob checks\nflop: Ann bets 100, Bob calls, Cy goes all-in, "
                   "Di calls\n")
    assert ask(capsys, short, "can Ann re-raise Cy's all-in?")["answer"] == "no"  # TDA 2024 47: not a full raise
    assert ask(capsys, short, "can Ann call Cy's shove?")["answer"] == "yes"
    assert ask(capsys, short, "does Cy's all-in count as a raise?")["answer"] == "no"


SCENARIOS = Path(__file__).parent / "scenarios"
STUD_OPEN_PAIR = (SCENARIOS / "roberts-stud-open-pair.phh").read_text().split("[[_expect]]")[0]


def test_rounds_named_as_players_name_them(capsys, script):
    """Review CT: 'if everyone calls, can Ann bet on the flop?' stopped the calls at Ann's pre-flop turn and was
    refused, though the refusal suggests that very form; draw words were read in hold'em and 'the river' not
    in stud (seventh street); a stud question naming the next round, once premises closed this one, said no
    where who opens it is by the cards; the cap's two-round value named a switch there is none of."""
    holdem = script("game: no-limit hold'em 1/2\nseats: Ann 200, Bob 200, Cy 200\npre-flop: Cy calls\n")
    out = ask(capsys, holdem, "if everyone calls, can Ann bet on the flop?")
    assert out["answer"] == "yes" and "p2 (Bob) checks (the pre-flop betting is over)" in out["explanation"]
    assert ask(capsys, holdem, "if everyone calls, can Bob bet on the flop?")["answer"] == "no"  # Ann's turn
    assert main(["ask", holdem, "can Bob bet after the draw?"]) == 2
    assert "this game's rounds are pre-flop, flop, turn, river" in capsys.readouterr().err
    stud = script(STUD_OPEN_PAIR.replace("'p3 cbr 5', 'p1 cbr 15', 'p2 cbr 25']", "'p3 cc']"), "stud.phh")
    out = ask(capsys, stud, "who acts first on the river?")
    assert out["answer"] == "unknown" and "seventh street" in out["explanation"]
    out = ask(capsys, stud, "if everyone checks, can p2 bet on fifth street?")
    assert out["answer"] == "unknown" and out["clauses"] == ["turn.stud-first-later"] and out["agree"]
    # the fourth street is over; a bet is fifth street's, where who opens is by the cards: unknown, as asked at the
    # same moment with no premise, and as a flop game answers for the next round (review DY)
    assert ask(capsys, stud, "if everyone checks, can p2 bet?")["answer"] == "unknown"
    draw = script("game: fixed-limit N2L1D 2/4\nseats: Ann 200, Bob 200, Cy 200\n", "draw.txt")
    out = ask(capsys, draw, "what is the cap?", "--rules", "roberts")
    assert out["answer"] == "4" and "Robert's Betting and Raising #3" in out["explanation"]
    assert "cap-two-round" not in out["explanation"]


def test_a_bet_after_an_open_pairs_big_bet_and_a_short_all_in(capsys, script):
    """Review CT: with an open pair under Robert's, a big bet then a short all-in over it left only a
    completion open, and 'how much is a bet?' fell back to the small bet; every later raise is big (Robert's
    Seven-Card Stud #4)."""
    hand = STUD_OPEN_PAIR.replace("'p3 cbr 5', 'p1 cbr 15', 'p2 cbr 25']", "'p3 cbr 10', 'p1 cbr 13']")
    hand = script(hand.replace("starting_stacks = [200, 200, 200]", "starting_stacks = [16, 200, 200]"), "pair.phh")
    assert ask(capsys, hand, "what can p2 do?")["legal"]["complete_to"] == 20
    out = ask(capsys, hand, "how much is a bet?")
    assert out["answer"] == "10" and "stud.open-pair" in out["clauses"]
    small = script(STUD_OPEN_PAIR.replace("'p3 cbr 5', 'p1 cbr 15', 'p2 cbr 25']", "'p3 cc']"), "small.phh")
    assert ask(capsys, small, "how much is a bet?", "--rules", "tda-2024")["answer"] == "5"  # TDA RP-10-F


def test_a_full_all_in_raise_reopens_though_no_one_is_left_to_call_a_raise(capsys, script):
    """Review CU: a full all-in raise (TDA 2024 47-A reopens) was said not to have reopened the betting for
    the bettor, citing reopen.full-bet-rule, where the bettor may not raise only because no opponent could
    call a raise (raise.needs-opponent); and in no-limit and pot-limit the JSON's raises_counted counted
    toward a cap there is none of."""
    hand = script("game: pot-limit omaha 50/100\nseats: A 2000, B 2000, C 830, D 2000\n"
                  "pre-flop: C raises to 350, D folds, A folds, B calls\nflop: B bets 200, C raises to 480 all-in\n")
    out = ask(capsys, hand, "did p3's all-in reopen the betting?")
    assert out["answer"] == "no" and "a full raise" in out["explanation"]
    assert "it reopened the betting for p2 (B), who had acted, but p2 (B) may not raise" in out["explanation"]
    assert "raise.needs-opponent" in out["clauses"] and "reopen.full-bet-rule" not in out["clauses"]
    assert out["betting"]["raises_counted"] is None
    assert ask(capsys, hand, "was p3's all-in a full raise?")["answer"] == "yes"
    limit = script("game: fixed-limit hold'em 10/20\nseats: A 500, B 500, C 500\npre-flop: C raises\n", "fl.txt")
    assert ask(capsys, limit, "what can A do?")["betting"]["raises_counted"] == 1


def test_reopened_by_short_all_ins_adding_up_names_the_cumulative_clause(capsys):
    """Review DE: TDA 2024 47 Ex. 1: B's and D's short all-ins add up to a full raise over A's bet, which
    reopens the betting for A (reopen.cumulative); C, facing less, may not raise, and 'how much can C pot?'
    is no raise (TDA 2024 47-A), not a pot-sized raise."""
    ex1a = str(EXAMPLES / "tda-47-ex1a.phh")
    out = ask(capsys, ex1a, "is the betting reopened for p1?", "--upto", "16")  # A to act, before A calls
    assert out["answer"] == "yes" and "reopen.cumulative" in out["clauses"], out
    out = ask(capsys, ex1a, "how much can p3 pot?")
    assert out["answer"] == "no raise" and "pot-limit.maximum" not in out["clauses"]
    assert "reopen.cumulative" in out["clauses"]


TALK_TABLE = ("seats: Ann 10000, Bob 10000, Cy 10000, Di 10000\nchips: 25, 100, 500, 1000, 5000\n"
              "pre-flop: Cy calls, Di calls, Ann calls, Bob checks\n")


def test_table_talk_does_not_make_a_bet_a_raise_or_hold_a_pot_to_its_size_when_said(capsys, script):
    """Review DH. The talk decides which action was taken, not whether the word fits the betting (TDA 2024 55;
    open.first-bet): facing a bet, 'can Bob bet?' is no, talk or none. Robert's Betting and Raising #11: an
    out-of-turn 'pot' held binding after an intervening call is the pot at the player's turn; and once the
    player has acted, whether the floor held them to the declaration is said."""
    tapped = script("game: no-limit hold'em 50/100\n" + TALK_TABLE + "flop: Bob taps out of turn, Ann bets 200\n")
    assert ask(capsys, tapped, "can Bob bet?")["answer"] == "no"
    assert ask(capsys, tapped, "can Bob raise?")["answer"] == "yes"
    raised = script("game: no-limit hold'em 50/100\n" + TALK_TABLE + 'flop: Ann says "raise"\n', "raise.txt")
    assert ask(capsys, raised, "can Ann raise to 300?")["answer"] == "no"  # nothing to raise: a bet
    assert ask(capsys, raised, "can Ann bet 300?")["answer"] == "yes"
    pot = script("game: pot-limit omaha 50/100\n" + TALK_TABLE + 'flop: Ann bets 200, Cy says "pot" out of turn, '
                 "Bob calls\n", "pot.txt")
    for rules in ("tda-2024", "roberts"):  # 800 in the pot, the call 200, then 1000 more: to 1200
        out = ask(capsys, pot, "what is Cy's action?", "--rules", rules)
        assert out["bound_to"] == {"kind": "raise", "to": 1200} and out["make_up"] == 1200, (rules, out)
    let_go = script("game: no-limit hold'em 50/100\n" + TALK_TABLE + 'flop: Ann bets 200, Di says "raise 1000" out '
                    "of turn, Bob folds, Cy calls, Di raises to 800\n", "letgo.txt")
    out = ask(capsys, let_go, "what is Di's action?", "--rules", "roberts")
    assert out["answer"].startswith("not held to raise to 1000: every option") and out["carried_out"] is True


def test_a_fixed_limit_no_cites_no_big_bet_minimum_raise(capsys, script):
    """Review DL: the spec's core for a fixed-limit "no" held raise.minimum (TDA 2024 43-A, which the
    catalogue scopes to no-limit, pot-limit and spread-limit) through the round sizes it defines;
    the answer cites the catalogue's fixed-limit clauses only (TDA 2024 RP-10-F: the small bet)."""
    hand = script("game: fixed-limit stud 10/20 ante 1 bring-in 3\n"
                  "seats: Alice 500, Bob 500, Carol 500, David 500\nopen-pair: Bob\nbring-in: Carol\n"
                  "third street: Carol brings in, David completes to 10, Alice calls, Bob calls, Carol calls\n"
                  "fourth street: Bob to act\n")
    out = ask(capsys, hand, "can Bob bet 20?")
    assert out["answer"] == "no" and out["agree"], out
    assert "stud.open-pair" in out["clauses"] and "limit.fixed-sizes" in out["clauses"], out
    assert "raise.minimum" not in out["clauses"], out
    no_limit = script("game: no-limit hold'em 1/2\nseats: A 200, B 200, C 200\npre-flop: C raises to 6\n", "nl.txt")
    assert "raise.minimum" in ask(capsys, no_limit, "can A raise to 8?")["clauses"]  # no-limit keeps it (to 10)


@pytest.mark.parametrize("question, answer", [
    ("is Bob allowed to go all in?", "no"),  # review DM: read as "is Bob ... all-in?" and refused
    ("is Bob able to go all-in?", "no"),  # to 144 would be a raise, and the betting is not reopened (TDA 2024 47-A)
    ("is David all in?", "yes"),
    ("what's my stack?", "134"),  # "my": the player to act, Bob
    ("how much would it cost Bob to call?", "call 4 (to 14)"),
    ("what's the call for p2?", "call 4 (to 14)"),
    ("what's the minimum raise amount?", "no raise"),
    ("can player two call?", "yes"),
    ("can seat two call?", "yes"),
    ("can player 2 raise?", "no"),
])
def test_everyday_forms_of_review_dm(capsys, question, answer):
    assert ask(capsys, NL, question)["answer"] == answer, question


def test_a_straddle_all_in_is_a_straddle(capsys, script):
    """Review DI: a straddler all-in for the straddle was explained by the short big blind's rule; the
    straddle is a blind raise of its own (Robert's No-Limit and Pot-Limit: forced.straddle)."""
    hand = script("game: no-limit hold'em 1/2 straddle 4\nseats: A 200, B 200, C 3, D 200\npre-flop:\n")
    out = ask(capsys, hand, "is C's all-in a bet or a raise?")
    assert out["answer"] == "blind" and "forced.straddle" in out["clauses"], out
    assert "forced.short-blind" not in out["clauses"] and "straddle" in out["explanation"], out
    assert ask(capsys, hand, "who is the straddle?")["explanation"] == "p3 (C) is the straddler."


def test_a_button_blind_is_named_so(capsys, tmp_path):
    """Review DN: a short-deck button blind (PHH blinds_or_straddles [0, 0, 0, 3]) was written "0/0 straddle 3"."""
    path = tmp_path / "ns.phh"
    path.write_text('variant = "NS"\nantes = [3, 3, 3, 3]\nblinds_or_straddles = [0, 0, 0, 3]\nmin_bet = 3\n'
                    'starting_stacks = [500, 500, 500, 500]\nactions = ["p1 cc", "p2 cc", "p3 cc"]\n')
    out = ask(capsys, str(path), "what are the blinds?")
    assert out["answer"] == "0/0, button blind 3" and "straddle" not in out["explanation"], out
    assert ask(capsys, str(path), "what can p4 do?")["answer"] == "fold (legal but penalised), check or raise to 6-497"


def test_a_reopening_by_short_all_ins_adding_up_says_what_the_player_faces(capsys):
    """TDA 2024 47 Ex. 1-A: D's all-in puts 75 on top, short of a full raise, yet A faces 25 + 75 = 100 since
    acting, a full raise: the explanation gives that total (review DQ)."""
    example = str(Path(__file__).resolve().parents[1] / "conformance" / "examples" / "tda-47-ex1a.phh")
    out = ask(capsys, example, "did D's all-in reopen the betting?", "--upto", "16")
    assert out["answer"] == "yes"
    assert "p1 (A) faces 100 in all since acting: the short all-ins since add up to a full raise" in \
        out["explanation"], out["explanation"]


def test_talk_taken_as_the_action_is_said_first_without_premises(capsys, tmp_path):
    """Di's muck in turn is her fold (TDA 2024 40): an answer that takes it as played says so first, as
    docs/table-talk.md documents, with no premise in the question too (review DU)."""
    hand = tmp_path / "w.txt"
    hand.write_text("game: no-limit hold'em 50/100\nseats: Ann 10000, Bob 10000, Cy 10000, Di 10000\n"
                    "pre-flop: Cy calls, Di calls, Ann calls, Bob checks\n"
                    "flop: Ann bets 200, Bob folds, Cy folds, Di mucks\n")
    for question in ("who wins the pot?", "is the round over?"):
        out = ask(capsys, str(hand), question)
        assert out["explanation"].startswith("p4 (Di)'s table talk in turn binds: fold, taken as the action"), out
