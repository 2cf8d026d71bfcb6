"""Pot questions (conformance/pot_answers.py): the list, the total, one pot, a player's pots, the
chips returned, counted by hand from the chips each player put in (pots.side, round.uncalled-bet,
forced.dead-money)."""
import json

import pytest

from betlaw.conformance.cli import main

# Chips in: A 50 (small blind, folds), B 3000 (the big-blind ante of 100, dead money, and 2900 live),
# C 2000 (straddle, all-in), D 80 (all-in), E 600 (folds), F 2900 (calls B's all-in) = 8630.
# Main pot: the ante 100 + A's 50 + 80 from each of the other five = 550 (p2, p3, p4, p6);
# side pot 1 up to C's 2000: 1920 x 3 + E's 520 = 6280 (p2, p3, p6); side pot 2: 900 x 2 = 1800 (p2, p6).
SIX = """game: no-limit hold'em 50/100 bb ante 100 straddle 200
seats: A 5000, B 3000, C 2000, D 80, E 1000, F 4000
pre-flop: D goes all-in, E calls, F raises to 600, A folds, B calls, C calls, E calls
flop: B bets 400, C goes all-in, E folds, F calls, B calls
turn: B goes all-in, F calls
"""
# D raises to 200 and only 50 is matched (B's all-in): 150 goes back to D.
RETURNED = """game: no-limit hold'em 1/2
seats: A 100, B 50, C 30, D 200, E 30
pre-flop: C raises to 6, D raises to 200, E calls, A folds, B calls, C calls
"""
# Review BP: mid-flop, A's 60 faces B's 28 behind: 32 of it no one can call, in no pot (round.uncalled-bet).
UNCALLABLE = """game: no-limit hold'em 1/2
seats: A 100, B 30
pre-flop: A calls, B checks
flop: B checks, A bets 60
"""
# Three-way: A's 100 on the flop faces B's 28 and C's 48 behind: 52 goes back whatever they do.
UNCALLABLE_3 = """game: no-limit hold'em 1/2
seats: A 500, B 30, C 50
pre-flop: C calls, A calls, B checks
flop: A bets 100
"""
ONE_POT = """game: no-limit hold'em 1/2
seats: A 100, B 100, C 100
pre-flop: C raises to 6, A calls, B calls
"""


def ask(capsys, tmp_path, hand, question, *more):
    path = tmp_path / "hand.txt"
    path.write_text(hand)
    code = main(["ask", str(path), question, "--json", *more])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("hand, question, answer", [
    (SIX, "what are the pots?", "main pot 550 (p2, p3, p4, p6); side pot 1: 6280 (p2, p3, p6); side pot 2: 1800 (p2, p6)"),
    (SIX, "how much is in the pot?", "8630"),
    (SIX, "what is the total pot?", "8630"),
    (SIX, "pot size?", "8630"),
    (SIX, "how much is the main pot?", "550"),
    (SIX, "how much is side pot 2?", "1800"), (SIX, "how much is sidepot 2?", "1800"),
    (SIX, "what is in the second side pot?", "1800"),
    (SIX, "how much is in the side pot?", "side pot 1: 6280; side pot 2: 1800"),
    (SIX, "who can win side pot 2?", "p2, p6"),
    (SIX, "who is eligible for the main pot?", "p2, p3, p4, p6"),
    (SIX, "who wins side pot 1?", "undecided"),
    (SIX, "is p3 in side pot 2?", "no"),
    (SIX, "can p3 win side pot 1?", "yes"),
    (SIX, "is p4 in the side pot?", "no"),
    (SIX, "which pots can p3 win?", "main pot 550; side pot 1: 6280"),
    (SIX, "which side pots can p3 win?", "side pot 1: 6280"),  # review DC: the side pots only
    (SIX, "which side pots can p4 win?", "none"),
    (SIX, "how much is the last side pot?", "1800"),
    (SIX, "who can win the last side pot?", "p2, p6"),
    (SIX, "how much is in the side pots?", "side pot 1: 6280; side pot 2: 1800"),
    (SIX, "how much can p4 win?", "550"),
    (SIX, "what does p2 win if he wins the main pot?", "550"),
    (SIX, "what does p1 win if he wins the main pot?", "0"),
    (SIX, "is there a side pot?", "yes"),
    (SIX, "how many side pots are there?", "2"),
    (SIX, "how many pots are there?", "3"),
    (SIX, "how much does p4 get back?", "0"),
    (RETURNED, "how much does p4 get back?", "150"),
    (RETURNED, "does D get anything back?", "yes"),
    (RETURNED, "what is the uncalled bet?", "150"),
    (RETURNED, "how much is in the pot?", "161"),  # 1 + 50 + 30 + 50 + 30: the returned 150 is no one's to win
    (RETURNED, "how much is the side pot?", "40"),  # B's 50 matched by D: 20 each over the 30 level
    (UNCALLABLE, "what are the pots?", "main pot 32 (p1, p2)"),
    (UNCALLABLE, "is there a side pot?", "no"),
    (UNCALLABLE, "how many side pots are there?", "0"),
    (UNCALLABLE, "how much can A win?", "32"),
    (UNCALLABLE, "what is the total pot?", "32"),
    (UNCALLABLE, "how much does A get back?", "32"),
    (UNCALLABLE, "what is the uncalled bet?", "32"),
    (UNCALLABLE_3, "what are the pots?", "main pot 34 (p1, p2, p3); side pot 1: 20 (p1, p3)"),
    (UNCALLABLE_3, "how much can A win?", "54"),
    (UNCALLABLE_3, "how much does A get back?", "52"),
    (ONE_POT, "is there a side pot?", "no"),
    (ONE_POT, "how much is the side pot?", "none"),
    (ONE_POT, "how many side pots are there?", "0"),
    (ONE_POT, "what is the uncalled bet?", "none"),
])
def test_pot_questions(capsys, tmp_path, hand, question, answer):
    data = ask(capsys, tmp_path, hand, question)
    assert data["answer"] == answer, data
    assert "pots.side" in data["clauses"]
    assert data["pot_total"] == sum(p["amount"] for p in data["pots"])


def test_mid_round_a_player_is_not_listed_for_a_pot_their_stack_cannot_reach(capsys, tmp_path):
    """C (p3) has 30 in all, facing D's raise to 200: C may call all-in for 30 and so win only the
    main pot, not B's 50 level (pots.side: an all-in player wins up to their stake); D's 150 over B's 50
    no one can call, so it is in no pot: it goes back (round.uncalled-bet)."""
    data = ask(capsys, tmp_path, RETURNED, "what are the pots?", "--upto", "10")
    assert data["actor"] == "p3"
    assert data["pots"] == [{"amount": 97, "eligible": ["p2", "p3", "p4", "p5"]},
                            {"amount": 40, "eligible": ["p2", "p4"]}]
    assert "150 of p4's bet, which no one can call, goes back to p4" in data["explanation"]


@pytest.mark.parametrize("hand, upto, pots", [
    # D (p4) has yet to act with 150 behind against A's all-in for 500: D can still win up to 150 from each
    # player (1 + 2 + 150 = 153), not A's other 350, so the pots split at D's stack
    ("game: no-limit hold'em 1/2\nseats: S 1000, B 1000, A 500, D 150\npre-flop: A goes all-in\n", None,
     [(153, ["p1", "p2", "p3", "p4"]), (350, ["p1", "p2", "p3"])]),
    # a big-blind ante (dead money, to the main pot) and D with 20: D can win 20 from each, not C's other 30
    ("game: no-limit hold'em 1/2 bb ante 2\nseats: A 100, B 100, C 100, D 20\npre-flop: C raises to 50\n", None,
     [(25, ["p1", "p2", "p3", "p4"]), (30, ["p1", "p2", "p3"])]),
    # the blinds (10 and 30 in all) can win up to their stacks; p3's 60 all-in; p4's and p5's 200
    ("variant = 'NT'\nantes = [0, 0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0, 0]\nmin_bet = 2\n"
     "starting_stacks = [10, 30, 60, 200, 200]\nactions = ['p3 cbr 60', 'p4 cbr 200', 'p5 cc', 'p1 cc', 'p2 cc']\n", 3,
     [(33, ["p1", "p2", "p3", "p4", "p5"]), (60, ["p2", "p3", "p4", "p5"]), (90, ["p3", "p4", "p5"]),
      (280, ["p4", "p5"])]),
    # B, the big blind, can call A's all-in only for 50: the main pot is 50 from A and B's 2 so far; A's
    # other 150 no one can call (round.uncalled-bet: in no pot, it goes back)
    ("game: no-limit hold'em 1/2\nseats: A 200, B 50, C 100\npre-flop: C folds, A goes all-in\n", None,
     [(52, ["p1", "p2"])]),
])
def test_a_player_yet_to_act_is_listed_for_the_pots_their_stack_reaches(capsys, tmp_path, hand, upto, pots):
    path = tmp_path / ("hand.phh" if hand.startswith("variant") else "hand.txt")
    path.write_text(hand)
    code = main(["ask", str(path), "what are the pots?", "--json", *(["--upto", str(upto)] if upto else [])])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert [(p["amount"], p["eligible"]) for p in json.loads(out)["pots"]] == pots


def test_chips_handed_back_by_table_talk_are_what_a_player_gets_back(capsys, tmp_path):
    # review BP: "what is p4's action?" said "call 1100; 3900 back" while "how much does p4 get back?" said 0
    hand = ("game: no-limit hold'em 250/500\nseats: Ann 50000, Bob 50000, Cy 50000, Di 50000\n"
            "chips: 100, 500, 1000, 5000\npre-flop: Cy raises to 1100, Di puts out 5000\n")
    data = ask(capsys, tmp_path, hand, "how much does p4 get back?")
    assert data["answer"] == "3900" and "declare.single-chip" in data["clauses"], data
    assert ask(capsys, tmp_path, hand, "how much does p3 get back?")["answer"] == "0"


def test_everyone_calls_in_stud_brings_in_first_and_pot_words(capsys, tmp_path):
    """Review CM: "if everyone calls, what are the pots?" at a stud bring-in named a check the user never said;
    the low card's forced bring-in comes first (stud.bring-in), as a blind is posted. And "pot total"."""
    from betlaw.conformance.cli import main

    hand = tmp_path / "s7.txt"
    hand.write_text("game: fixed-limit stud 10/20 ante 2 bring-in 5\nseats: A 200, B 9, C 200, D 13\nbring-in: C\n"
                    "third street:\n")
    assert main(["ask", str(hand), "if everyone calls, what are the pots?", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["answer"] == "main pot 28 (p1, p2, p3, p4)" and out["explanation"].startswith("If p3 (C) brings in for 5")
    for question in ("what's the pot total?", "list the pots"):
        assert main(["ask", str(hand), question]) == 0, question
    capsys.readouterr()


def test_a_side_pot_only_a_short_call_would_make_is_not_there_yet(capsys, tmp_path):
    """Review DC: mid-round the pots are split at a short stack's all-in call (pots.side), but until someone is
    all-in there is no side pot: 'is there a side pot?' is no, and the listing says the split is as if B calls."""
    hand = "game: no-limit hold'em 1/2\nseats: A 300, B 42, C 500\npre-flop: C calls, A calls, B checks\nflop: A bets 100\n"
    out = ask(capsys, tmp_path, hand, "is there a side pot?")
    assert out["answer"] == "no" and "only a call all-in for less would make one" in out["explanation"]
    out = ask(capsys, tmp_path, hand, "what are the pots?")
    assert out["answer"] == "main pot 46 (p1, p2, p3); side pot 1: 60 (p1, p3)"
    assert "p2 (B) can call only all-in for 40 more: the pots are split as if p2 calls" in out["explanation"]
    out = ask(capsys, tmp_path, SIX, "is there a side pot?")  # all-in players: there are
    assert out["answer"] == "yes"
    # review EF: the counts agree with "is there a side pot?" and say what a short call would make
    out = ask(capsys, tmp_path, hand, "how many side pots are there?")
    assert out["answer"] == "0" and out["explanation"].startswith("0 as the betting stands, 1 if p2 calls all-in")
    assert ask(capsys, tmp_path, hand, "how many pots are there?")["answer"] == "1"
    assert ask(capsys, tmp_path, SIX, "how many side pots are there?")["answer"] == "2"


def test_untrimmed_antes_are_named_and_a_call_that_comes_back_is_said(capsys, tmp_path):
    """Review DC: PHH antes are untrimmed by default (forced.dead-money): a short ante can win every ante; a call
    of a full big blind to a big blind all-in for less has a part no one can match (round.uncalled-bet)."""
    stud = ("game: fixed-limit stud 10/20 ante 2 bring-in 5\nseats: Alice 200, Bob 200, Carol 1, David 200\n"
            "bring-in: David\nthird street: David brings in, Alice completes to 10, Bob calls, David calls\n")
    out = ask(capsys, tmp_path, stud, "what are the pots?")
    assert out["answer"].startswith("main pot 7 (p1, p2, p3, p4)") and "antes untrimmed" in out["explanation"]
    out = ask(capsys, tmp_path, stud.replace("bring-in 5\n", "bring-in 5 trim-antes\n"), "what are the pots?")
    assert out["answer"].startswith("main pot 4 (p1, p2, p3, p4)") and "untrimmed" not in out["explanation"]
    heads_up = "game: no-limit hold'em 10/20\nseats: Alice 1000, Bob 15\n"
    out = ask(capsys, tmp_path, heads_up, "what can Alice do?")
    assert out["answer"] == "fold or call 10 (to 20) (5 of it comes back: no one can match it)"
    out = ask(capsys, tmp_path, heads_up, "who wins the main pot?")
    assert out["answer"] == "undecided" and out["pot_total"] == 25



@pytest.mark.parametrize("question", ["if B calls, which pots can C win?", "suppose B calls, what pots can C win?",
                                      "which pots can C win if B calls?", "if B calls, which pots is C in?"])
def test_which_pots_after_a_premise(capsys, tmp_path, question):
    """"which pots" after a premise is the question, not a player "which" potting (review DQ): B's call
    all-in for 300 and C's 200 behind leave C a main pot of 300 + 2 x 200 = 700 (pots.side)."""
    result = ask(capsys, tmp_path, UNCALLABLE_3.replace("A 500, B 30, C 50", "A 5000, B 400, C 300").replace(
        "A bets 100", "A bets 1000").replace("1/2", "50/100"), question)
    assert result["answer"] == "main pot 700", result


@pytest.mark.parametrize("question, answer", [("how much goes back to A?", "700"), ("does A get any change?", "yes"),
                                              ("how much does A get back?", "700"),
                                              ("what does A get back?", "700"), ("does A get some back?", "yes"),
                                              ("how much of A's bet comes back?", "700"),
                                              ("how much is A's uncalled bet?", "700"), ("was anything returned?", "yes"),
                                              ("does anyone get anything back?", "yes"),
                                              ("how much can C win at most?", "500"), ("how much can C win?", "500")])
def test_chips_returned_and_a_players_most_in_other_words(capsys, tmp_path, question, answer):
    """Review DQ: A's 1000 faces at most B's 300, so 700 goes back (round.uncalled-bet); C can win the
    main pot of 300 + 200 of A's = 500 now (pots.side)."""
    hand = UNCALLABLE_3.replace("A 500, B 30, C 50", "A 5000, B 400, C 300").replace(
        "A bets 100", "A bets 1000").replace("1/2", "50/100")
    assert ask(capsys, tmp_path, hand, question)["answer"] == answer
