"""Table scripts (betlaw.conformance.script): reading, writing, round trips and error messages."""
from __future__ import annotations

import json
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from betlaw.conformance.phh import dumps, read_text, scenario_from_fields
from betlaw.conformance.scenario import ScenarioError, play
from betlaw.conformance.script import convert, dumps_script, parse_script, script_fields

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "conformance" / "examples").glob("*.txt"))


def betting(scenario):
    return [(e.seat, e.verb, e.amount) for e in scenario.events if e.is_bet_action]


def bets_text(fields):
    return [a for a in fields["actions"] if not a.startswith("d ") and not a.endswith(" sd")]


def round_trip(scenario):
    text = dumps_script(scenario)
    again = parse_script(text, "round-trip")
    assert again.game == scenario.game, text
    assert betting(again) == betting(scenario), text
    assert again.preset == scenario.preset and again.overrides == scenario.overrides, text
    return text


# ---------------------------------------------------------------- examples and the seed


def test_examples_exist():
    names = {p.name for p in EXAMPLES}
    assert {"no_limit_holdem.txt", "fixed_limit_half_bet.txt", "stud.txt", "heads_up.txt"} <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_parse_play_and_round_trip(path):
    scenario = parse_script(path.read_text(encoding="utf-8"), str(path))
    played = play(scenario, scenario.rules())
    assert played.broken is None, played.broken and str(played.broken.error)
    round_trip(scenario)


SEED_001 = """\
# Seed 001: limit, a $20 round; Alice checks, Bob checks, Carol goes all-in for $5; David to act.
game: fixed-limit hold'em 10/20
rules: seeds
seats: Alice 100, Bob 100, Carol 15, David 100
pre-flop: Carol calls, David calls, Alice calls, Bob checks
flop: Alice checks, Bob checks, Carol checks, David checks
turn: Alice checks, Bob checks, Carol goes all-in for $5, David to act
"""


def test_seed_001_gives_the_expected_phh():
    fields = script_fields(SEED_001, "seed.txt")
    assert fields["variant"] == "FT"
    assert fields["small_bet"] == 10 and fields["big_bet"] == 20
    assert fields["blinds_or_straddles"] == [5, 10, 0, 0]
    assert fields["starting_stacks"] == [100, 100, 15, 100]
    assert fields["players"] == ["Alice", "Bob", "Carol", "David"]
    assert fields["_betlaw_rules"] == "seeds"
    assert fields["actions"] == [
        "d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????",
        "p3 cc", "p4 cc", "p1 cc", "p2 cc",
        "d db ??????", "p1 cc", "p2 cc", "p3 cc", "p4 cc",
        "d db ??", "p1 cc", "p2 cc", "p3 cbr 5",
    ]
    scenario = parse_script(SEED_001, "seed.txt")
    state = play(scenario, scenario.rules()).state
    assert scenario.game.name_of(state.actor) == "David"
    legal = state.legal()
    # Half-bet rule: fold, call $5, or complete to $20.
    assert legal.fold and legal.call == 5 and legal.complete_to == 20 and legal.bet_or_raise is None


def test_script_and_phh_mean_the_same_hand():
    fields = script_fields(SEED_001, "seed.txt")
    phh_text = dumps(fields)
    [(_, from_phh)] = read_text(phh_text, "seed.phh")
    from_script = parse_script(SEED_001, "seed.txt")
    assert from_phh.game == from_script.game
    assert [e.text for e in from_phh.events] == [e.text for e in from_script.events]


# ---------------------------------------------------------------- heads-up, all-in, decimals


def test_heads_up_small_blind_is_phh_p2():
    fields = script_fields("game: no-limit hold'em 1/2\nseats: Alice 100, Bob 80\n"
                           "pre-flop: Alice raises to 6, Bob calls\nflop: Bob checks, Alice bets 5\n", "hu.txt")
    assert fields["players"] == ["Bob", "Alice"]
    assert fields["starting_stacks"] == [80, 100]
    assert fields["blinds_or_straddles"] == [1, 2]  # PHH heads-up: written reversed, p1 posts the big blind
    assert bets_text(fields) == ["p2 cbr 6", "p1 cc", "p1 cc", "p2 cbr 5"]
    scenario = scenario_from_fields(fields, "hu.txt")
    assert scenario.game.blinds == (2, 1)  # Bob (p1) the big blind, Alice (p2, button) the small blind
    state = play(scenario, scenario.rules()).state
    assert scenario.game.name_of(state.actor) == "Bob"
    assert scenario.seat_of("alice") == 1


def test_heads_up_big_blind_ante_and_stud_heads_up_order():
    fields = script_fields("game: no-limit hold'em 1/2 big-blind ante 2\nseats: Alice 100, Bob 80\n", "hu.txt")
    scenario = scenario_from_fields(fields, "hu.txt")
    assert scenario.game.antes == (2, 0)  # Bob, the big blind, is PHH p1
    stud = script_fields("game: razz 2/4 ante 0.5 bring-in 1\nseats: Alice 50, Bob 60\n"
                         "third street: Bob brings in, Alice completes\n", "razz.txt")
    assert stud["variant"] == "FR" and stud["players"] == ["Alice", "Bob"]  # stud: no reversal
    assert bets_text(stud) == ["p2 pb", "p1 cbr 2"]


def test_all_in_amounts_are_worked_out_from_the_chips():
    text = ("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 150, Carol 50, David 300\n"
            "pre-flop: Carol raises to 6, David calls, Alice calls, Bob calls\n"
            "flop: Alice checks, Bob bets 10, Carol shoves, David goes all-in, Alice calls all-in\n")
    # Carol: 50 - 6 = 44 behind -> raise to 44. David: 300 - 6 = 294. Alice: 194 behind, owes 294: all-in call.
    assert bets_text(script_fields(text, "t.txt"))[-5:] == ["p1 cc", "p2 cbr 10", "p3 cbr 44", "p4 cbr 294", "p1 cc"]
    # An all-in that does not cover the bet is a call.
    short = ("game: no-limit hold'em 1/2\nseats: Alice 200, Bob 150, Carol 4\n"
             "pre-flop: Carol calls, Alice raises to 10, Bob folds, Carol goes all-in for 4\n")
    assert bets_text(script_fields(short, "t.txt"))[-1] == "p3 cc"
    # 'for X' and the annotation are checked against the chips.
    ok = script_fields("game: no-limit hold'em 1/2\nseats: Alice 100, Bob 80\n"
                       "pre-flop: Alice raises to 100 all-in, Bob calls all-in\n", "t.txt")
    assert bets_text(ok) == ["p2 cbr 100", "p1 cc"]


def test_fixed_limit_amounts_may_be_left_out():
    text = ("game: limit hold'em 10/20\nseats: Alice 100, Bob 100, Carol 100\n"
            "pre-flop: Carol raises, Alice raises, Bob folds, Carol calls\nflop: Alice bets, Carol raises, Alice calls\n"
            "turn: Alice bets, Carol calls\n")
    assert bets_text(script_fields(text, "t.txt")) == [
        "p3 cbr 20", "p1 cbr 30", "p2 f", "p3 cc", "p1 cbr 10", "p3 cbr 20", "p1 cc", "p1 cbr 20", "p3 cc"]
    stud = parse_script((Path(EXAMPLES[0]).parent / "stud.txt").read_text(), "stud.txt")
    assert stud.game.bring_in_seat == 2


def test_decimal_amounts_stay_exact():
    fields = script_fields("game: no-limit hold'em 1/2.5\nchip 0.5\nseats: Alice 100.5, Bob 80, Carol 60\n"
                           "pre-flop: Carol raises to 7.5, Alice calls, Bob raises to 22.5\n", "d.txt")
    assert fields["blinds_or_straddles"] == [Decimal("1"), Decimal("2.5"), 0]
    assert fields["min_bet"] == Decimal("2.5") and fields["_betlaw_chip_unit"] == Decimal("0.5")
    assert bets_text(fields) == ["p3 cbr 7.5", "p1 cc", "p2 cbr 22.5"]
    phh = dumps(fields)
    assert "min_bet = 2.5" in phh and "'p3 cbr 7.5'" in phh
    doc = tomllib.loads(phh, parse_float=Decimal)
    assert doc["starting_stacks"][0] == Decimal("100.5")
    scenario = parse_script("game: fixed-limit hold'em 5/10\nseats: A 100, B 100, C 100\npre-flop: C calls\n", "d.txt")
    assert scenario.game.blinds == (25, 50, 0) and scenario.game.unit == Decimal("0.1")  # blinds 2.5/5


def test_game_line_variants():
    cases = {
        "no-limit hold'em 1/2": ("NT", None), "pot-limit omaha 5/10": ("PO", None),
        "pot-limit hold'em 1/2": ("NT", "pot-limit"), "fixed-limit hold'em 10/20": ("FT", None),
        "spread-limit hold'em 2-6 blinds 1/2": ("NT", "spread-limit"),
        "fixed-limit stud 10/20 ante 1 bring-in 3": ("F7S", None), "razz 10/20 bring-in 3": ("FR", None),
        "fixed-limit stud hi-lo 10/20 bring-in 3": ("F7S/8", None), "stud/8 10/20 bring-in 3": ("F7S/8", None),
        "no-limit 2-7 single draw 5/10": ("N2L1D", None), "fixed-limit 2-7 triple draw 10/20": ("F2L3D", None),
        "fixed-limit badugi 10/20": ("FB", None), "omaha hi-lo 10/20": ("FO/8", None),
        "fixed-limit omaha hi-lo 10/20": ("FO/8", None), "short-deck 100/100 ante 10": ("NS", None),
        "no-limit short-deck hold'em 1/2": ("NS", None), "No-Limit Texas Hold'em 1/2": ("NT", None),
        "FT 10/20": ("FT", None), "spread-limit FT 2-6 blinds 1/2": ("FT", "spread-limit"),
    }
    for line, (code, structure) in cases.items():
        fields = script_fields(f"game: {line}\nseats: A 500, B 500, C 500\n", "g.txt")
        assert fields["variant"] == code, line
        assert fields.get("_betlaw_structure") == structure, line
        parse_script(f"game: {line}\nseats: A 500, B 500, C 500\n", "g.txt")


def test_an_action_after_its_round_closed_names_the_line():
    text = ("game: no-limit hold'em 1/2\nseats: A 100, B 100, C 100\npre-flop: C calls, A calls, B checks\n"
            "flop: A checks, B checks, C checks, A bets 10\n")
    with pytest.raises(ScenarioError, match="line 4: 'A bets 10': the flop is over.*'turn:' line"):
        parse_script(text, "late.txt")


def test_a_live_post_is_not_a_straddle():
    text = """game: no-limit hold'em 1/2
    seats: A 200, B 200, C 200, D 200, E 200
    posts: E 2, D 1 dead
    pre-flop: C calls, D calls
    """
    fields = script_fields(text, "p.txt")  # E's post is PHH's negative entry
    assert fields["blinds_or_straddles"] == [1, 2, 0, 0, -2] and fields["_betlaw_dead_posts"] == [0, 0, 0, 1, 0]
    scenario = parse_script(text, "p.txt")
    state = play(scenario, scenario.rules()).state
    assert state.actor == 4 and state.options().check  # E acts in turn, and its post is live
    round_trip(scenario)


def test_a_post_on_a_blind_is_live_only_up_to_a_big_blind():
    # Robert's Rules, Buttons and Blinds: the big blind posting a missed small blind posts it dead; the
    # small blind posting a big blind's worth more has 2 live and 1 dead. Neither raises the call.
    for post, live, dead in (("B 1", [1, 2, 0, 0], [0, 1, 0, 0]), ("A 2", [2, 2, 0, 0], [1, 0, 0, 0])):
        text = f"game: no-limit hold'em 1/2\nseats: A 100, B 100, C 100, D 100\nposts: {post}\npre-flop:\n"
        fields = script_fields(text, "p.txt")
        assert fields["blinds_or_straddles"] == live and fields["_betlaw_dead_posts"] == dead
        scenario = parse_script(text, "p.txt")
        state = play(scenario, scenario.rules()).state
        assert state.actor == 2 and state.options().call == 2 and state.options().bet_or_raise[0] == 4


def test_options_rules_straddle_posts_and_may_open():
    text = """
    GAME: No-Limit Hold'em 1/2 ante 0.25 straddle 4
    Chip 0.25
    rules: roberts
    rule: cap=3, check-raise=forbidden
    seats: Alice 100, Bob 100, Carol 100, David 100, Erin 100
    posts: Erin 2 dead
    may-open: Alice, Carol
    pre-flop: David calls
    """
    fields = script_fields(text, "o.txt")
    assert fields["blinds_or_straddles"] == [1, 2, 4, 0, 0] and fields["_betlaw_dead_posts"] == [0, 0, 0, 0, 2]
    assert fields["antes"] == [Decimal("0.25")] * 5
    assert fields["min_bet"] == 2 and fields["_betlaw_chip_unit"] == Decimal("0.25")
    assert fields["_betlaw_rules"] == "roberts" and fields["_betlaw_cap"] == 3
    assert fields["_betlaw_check_raise"] == "forbidden"
    assert fields["_betlaw_may_open"] == [True, False, True, False, False]
    scenario = parse_script(text, "o.txt")
    assert scenario.rules()["cap"] == 3
    round_trip(scenario)


def test_partial_hands_and_empty_rounds():
    fields = script_fields("game: no-limit hold'em 1/2\nseats: A 100, B 100, C 100\n"
                           "pre-flop: C calls, A calls, B checks\nflop:\n", "p.txt")
    assert fields["actions"][-1] == "d db ??????"
    scenario = scenario_from_fields(fields, "p.txt")
    played = play(scenario, scenario.rules())
    assert played.broken is None and played.state.street == 1 and played.state.actor == 0
    assert dumps_script(scenario).rstrip().endswith("flop:")
    # Stud: an empty later round names who opens it.
    stud = parse_script("game: stud 10/20 bring-in 3\nseats: A 100, B 100, C 100\nbring-in: C\n"
                        "third street: C brings in, A calls, B calls\nfourth street: B to act\n", "s.txt")
    assert stud.game.first_actors[1] == 1
    played = play(stud, stud.rules())
    assert played.broken is None and played.state.street == 1 and played.state.actor == 1
    assert round_trip(stud).rstrip().endswith("fourth street: B to act")


def test_draw_games_stand_pat_between_rounds():
    fields = script_fields("game: fixed-limit badugi 10/20\nseats: A 100, B 100, C 100\n"
                           "pre-draw: C calls, A folds, B checks\nfirst draw: B bets 10\n", "b.txt")
    assert fields["actions"][3:] == ["p3 cc", "p1 f", "p2 cc", "p2 sd", "p3 sd", "p2 cbr 10"]


# ---------------------------------------------------------------- round trips PHH -> script -> PHH

PHH_CASES = {
    "nt": "variant='NT'\nantes=[0,0,0]\nblinds_or_straddles=[1,2,0]\nmin_bet=2\nstarting_stacks=[100,50,80]\n"
          "players=['Ann','Bo','Cy']\nactions=['d dh p1 AcAd','d dh p2 KcKd','d dh p3 QcQd','p3 cbr 6','p1 cbr 20',"
          "'p2 cbr 50','p3 cc','p1 f','d db 2c3c4c','d db 5c','d db 6c','p2 sm KcKd','p3 sm QcQd']",
    "heads-up": "variant='NT'\nantes=[0,1]\nblinds_or_straddles=[1,2]\nmin_bet=2\nstarting_stacks=[100,70]\n"
                "actions=['d dh p1 ????','d dh p2 ????','p2 cbr 6','p1 cbr 18','p2 cc','d db ??????','p1 cbr 20']",
    "pot-limit-nt": "variant='NT'\n_betlaw_structure='pot-limit'\nantes=[0,0,0]\nblinds_or_straddles=[0.5,1,0]\n"
                    "min_bet=1\nstarting_stacks=[100,100,100]\nactions=['p3 cbr 3.5','p1 cc']",
    "straddle-bba": "variant='NT'\nantes=[0,3,0,0]\nblinds_or_straddles=[1,2,4,0]\nmin_bet=2\n"
                    "starting_stacks=[100,100,100,100]\nactions=['p4 cbr 12']\n_betlaw_rules='roberts'\n_betlaw_cap=2",
    "dead-post": "variant='NT'\nantes=[0,0,0,0]\nblinds_or_straddles=[1,2,0,-1]\nmin_bet=2\n"
                 "starting_stacks=[100,100,100,100]\nactions=['p3 f']",
    "odd-blinds": "variant='NT'\nantes=[1,0,2,0]\nblinds_or_straddles=[0,2,0,3]\nmin_bet=5\n"
                  "starting_stacks=[100,100,100,100]\nactions=[]",
    "ft": "variant='FT'\nantes=[0,0,0]\nblinds_or_straddles=[10,20,0]\nsmall_bet=20\nbig_bet=40\n"
          "starting_stacks=[500,500,500]\nactions=['d dh p1 ????','d dh p2 ????','d dh p3 ????','p3 cbr 40',"
          "'p1 cc','p2 cc','d db ??????','p1 cc','p2 cbr 20']",
    "ft-default-blinds-decimal": "variant='FT'\nantes=[0,0,0]\nblinds_or_straddles=[2.5,5,0]\nsmall_bet=5\n"
                                 "big_bet=10\nstarting_stacks=[50,50,50]\nactions=['p3 cbr 10','p1 cc']",
    "spread": "variant='NT'\n_betlaw_structure='spread-limit'\n_betlaw_spread=[[1,5],[1,5],[2,10],[2,10]]\n"
              "antes=[0,0,0]\nblinds_or_straddles=[1,2,0]\nstarting_stacks=[100,100,100]\n"
              "actions=['d dh p1 ????','d dh p2 ????','d dh p3 ????','p3 cbr 7','p1 cc','p2 cc','d db ??????',"
              "'p1 cbr 5']",
    "fo8": "variant='FO/8'\nantes=[0,0,0]\nblinds_or_straddles=[5,10,0]\nsmall_bet=10\nbig_bet=20\n"
           "starting_stacks=[200,200,200]\nactions=['p3 cc','p1 cc','p2 cc']",
    "ns": "variant='NS'\nantes=[10,10,10]\nblinds_or_straddles=[0,100,0]\nmin_bet=100\n"
          "starting_stacks=[1000,1000,1000]\nactions=['p3 cbr 300','p1 f']",
    "po": "variant='PO'\nantes=[0,0,0]\nblinds_or_straddles=[1,2,0]\nmin_bet=2\nstarting_stacks=[100,100,100]\n"
          "actions=['d dh p1 ????????','d dh p2 ????????','d dh p3 ????????','p3 cbr 7','p1 cc','p2 f',"
          "'d db ??????','p1 cbr 16','p3 cbr 64','p1 cc']",
    "f7s": "variant='F7S'\nantes=[1,1,1,1]\nbring_in=3\nsmall_bet=10\nbig_bet=20\nstarting_stacks=[100,100,100,100]\n"
           "players=['Ann','Bo','Cy','Di']\nactions=['d dh p1 ????Ah','d dh p2 ????2c','d dh p3 ????Kd','d dh p4 ????5s',"
           "'p2 pb','p3 cbr 10','p4 f','p1 cc','p2 cc','d dh p1 ??','d dh p2 ??','d dh p3 ??','p3 cc','p1 cbr 10',"
           "'p2 cc','p3 cc','d dh p1 ??','d dh p2 ??','d dh p3 ??']\n_betlaw_first_actors=['','','p1']",
    "f7s8-heads-up": "variant='F7S/8'\nantes=[0.5,0.5]\nbring_in=1\nsmall_bet=2\nbig_bet=4\n"
                     "starting_stacks=[30,40]\n_betlaw_bring_in_seat='p2'\nactions=['p2 pb','p1 cbr 2','p2 cc']",
    "fr-spread": "variant='FR'\n_betlaw_structure='spread-limit'\n_betlaw_spread=[1,5]\nantes=[0,0,0]\nbring_in=1\n"
                 "starting_stacks=[50,50,50]\n_betlaw_bring_in_seat='p3'\nactions=['p3 pb','p1 cbr 4','p2 cc']",
    "n2l1d": "variant='N2L1D'\nantes=[0,0,0]\nblinds_or_straddles=[1,2,0]\nmin_bet=2\nstarting_stacks=[100,100,100]\n"
             "actions=['p3 cbr 6','p1 f','p2 cc','p2 sd 7h','p3 sd','d dh p2 2c','p2 cbr 10']",
    "f2l3d": "variant='F2L3D'\nantes=[0,0,0]\nblinds_or_straddles=[5,10,0]\nsmall_bet=10\nbig_bet=20\n"
             "starting_stacks=[100,100,100]\nactions=['p3 cc','p1 cc','p2 cc','p1 sd','p2 sd','p3 sd','p1 cc',"
             "'p2 cbr 10','p3 cc','p1 cc','p1 sd','p2 sd','p3 sd']",
    "fb-may-open-chip": "variant='FB'\nantes=[0,0,0]\nblinds_or_straddles=[1,2,0]\nsmall_bet=2\nbig_bet=4\n"
                        "starting_stacks=[100,100,100]\n_betlaw_chip_unit=0.5\n_betlaw_may_open=[false,true,false]\n"
                        "actions=['p3 cc']",
    "infinite": "variant='NT'\nantes=[0,0,0]\nblinds_or_straddles=[1,2,0]\nmin_bet=2\n"
                "starting_stacks=[inf,100,inf]\nactions=['p3 cbr 1000','p1 cc','p2 cc']",
    "illegal-then-more": "variant='NT'\nantes=[0,0,0]\nblinds_or_straddles=[1,2,0]\nmin_bet=2\n"
                         "starting_stacks=[100,100,100]\nactions=['p1 cbr 3','p3 cc','p2 cc','d db ??????','p2 cbr 4']",
    "no-dealing": "variant='NT'\nantes=[0,0,0]\nblinds_or_straddles=[1,2,0]\nmin_bet=2\nstarting_stacks=[100,100,100]\n"
                  "actions=['p3 cc','p1 cc','p2 cc','p1 cc','p2 cbr 2','p3 cc','p1 cc','p1 cc']",
    "numeric-and-spaced-names": "variant='NT'\nantes=[0,0,0]\nblinds_or_straddles=[1,2,0]\nmin_bet=2\n"
                                "starting_stacks=[100,100,100]\nplayers=['353332','Dan Smith','Dan']\n"
                                "actions=['p3 cbr 5','p1 cc','p2 f']",
}


@pytest.mark.parametrize("name", sorted(PHH_CASES))
def test_phh_round_trip(name):
    [(_, scenario)] = read_text(PHH_CASES[name], f"{name}.phh")
    assert not isinstance(scenario, ScenarioError), scenario
    text = round_trip(scenario)
    # and the script written back as PHH reads as the same hand again
    [(_, again)] = read_text(dumps(script_fields(text, "rt.txt")), "rt.phh")
    assert again.game == scenario.game and betting(again) == betting(scenario)


def test_round_trip_keeps_readable_words():
    [(_, scenario)] = read_text(PHH_CASES["f7s"], "f7s.phh")
    text = dumps_script(scenario)
    assert "bring-in: Bo" in text
    assert "third street: Bo brings in, Cy completes to 10, Di folds, Ann calls, Bo calls" in text
    assert "fifth street: Ann to act" in text
    [(_, hu)] = read_text(PHH_CASES["heads-up"], "hu.phh")
    # PHH heads-up: PHH p1 (stack 100, and the ante: antes are written reversed) is the big blind,
    # so it is the script's second seat; PHH p2 (70) has the button and the small blind.
    assert dumps_script(hu).splitlines() == [
        "game: no-limit hold'em 1/2 big-blind ante 1", "seats: 70, 100",
        "pre-flop: p1 raises to 6, p2 raises to 18, p1 calls", "flop: p2 bets 20"]


def test_script_round_trip_through_phh():
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        scenario = parse_script(text, str(path))
        again = parse_script(dumps_script(scenario), "again")
        assert again.game == scenario.game and betting(again) == betting(scenario)


def test_convert(tmp_path):
    script = tmp_path / "hand.txt"
    script.write_text(SEED_001, encoding="utf-8")
    phh_text = convert(str(script))
    assert phh_text.startswith("variant = 'FT'")
    phh = tmp_path / "hand.phh"
    phh.write_text(phh_text, encoding="utf-8")
    back = convert(str(phh))
    assert back.startswith("game: fixed-limit hold'em 10/20")
    # content sniffing: TOML with a variant key is PHH whatever the file is called
    other = tmp_path / "hand.toml"
    other.write_text(phh_text, encoding="utf-8")
    assert convert(str(other)) == back
    many = tmp_path / "hands.phhs"
    many.write_text("[a]\n" + PHH_CASES["ft"] + "\n[b]\n" + PHH_CASES["ns"] + "\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="2 hands in the file"):  # a script holds one hand: pick one
        convert(str(many))
    assert convert(f"{many}#b").count("game:") == 1
    with pytest.raises(ScenarioError, match="cannot read"):
        convert(str(tmp_path / "missing.txt"))


# ---------------------------------------------------------------- errors name the line and the word

BASE = "game: no-limit hold'em 1/2\nseats: Alice 100, Bob 100, Carol 100\n"

ERRORS = [
    ("unknown keyword", BASE + "flopp: Alice checks\n", "line 3", "'flopp'"),
    ("unknown keyword without colon", BASE + "Alice checks\n", "line 3", "'Alice'"),
    ("missing colon", BASE + "pre-flop Carol calls\n", "line 3", "':'"),
    ("unknown player", BASE + "pre-flop: Dave calls\n", "line 3", "'Dave'"),
    ("blinds the wrong way round", BASE.replace("1/2", "0.02/0.01"), "line 1", "small blind is larger"),
    ("a live post above a big blind", BASE + "posts: Carol 4 live\n", "line 3", "a post is live up to a big blind's worth"),
    ("blinds option the wrong way round", BASE.replace("1/2", "1/2 blinds 2/1"), "line 1", "small blind is larger"),
    ("a thousands comma in the stakes", BASE.replace("1/2", "1,000/2,000"), "line 1", "write 1000, not 1,000"),
    ("limit bets the wrong way round", BASE.replace("no-limit hold'em 1/2", "fixed-limit hold'em 20/10"), "line 1",
     "small bet is larger"),
    ("a thousands comma in an action", BASE.replace("100", "2000") + "pre-flop: Carol raises to 1,000\n", "line 3",
     "write 1000, not 1,000"),
    ("a thousands comma in a stack", "game: no-limit hold'em 1/2\nseats: Alice 1,000, Bob 100\n", "line 2",
     "write 1000, not 1,000"),
    ("no such pN", BASE + "pre-flop: p7 calls\n", "line 3", "p7"),
    ("not a number", BASE + "pre-flop: Carol raises to six\n", "line 3", "'six'"),
    ("stack not a number", "game: no-limit hold'em 1/2\nseats: Alice 100, Bob lots\n", "line 2", "'lots'"),
    ("stake not a number", "game: no-limit hold'em one/2\nseats: Alice 100, Bob 100\n", "line 1", "'one'"),
    ("verb", BASE + "pre-flop: Carol limps\n", "line 3", "'limps'"),
    ("extra word", BASE + "pre-flop: Carol calls 2\n", "line 3", "'2'"),
    ("finer than chip", "game: no-limit hold'em 1/2 chip 1\nseats: A 100, B 100, C 100\n"
                        "pre-flop: C raises to 4.5\n", "line 3", "4.5"),
    ("stack finer than chip", "game: no-limit hold'em 1/2\nchip 0.5\nseats: A 100.25, B 100\n", "line 3", "100.25"),
    ("out of order", BASE + "pre-flop: Carol calls, Alice calls, Bob checks\nturn: Alice checks\n", "line 4",
     "'turn'"),
    ("repeated round", BASE + "pre-flop: Carol calls\npre-flop: Alice calls\n", "line 4", "'pre-flop'"),
    ("round of another game", BASE + "third street: Carol calls\n", "line 3", "'third street'"),
    ("header after rounds", BASE + "pre-flop: Carol calls\nante 1\n", "line 4", "'ante'"),
    ("unknown game", "game: no-limit holdum 1/2\nseats: A 1, B 1\n", "line 1", "'holdum'"),
    ("unknown option", "game: no-limit hold'em 1/2 antes 1\nseats: A 1, B 1\n", "line 1", "'antes'"),
    ("unknown preset", BASE + "rules: tda-2025\n", "line 3", "'tda-2025'"),
    ("unknown switch", BASE + "rule: caps=3\n", "line 3", "'caps'"),
    ("bad switch value", BASE + "rule: cap=lots\n", "line 3", "'lots'"),
    ("missing amount", BASE + "pre-flop: Carol raises to\n", "line 3", "'Carol raises to'"),
    ("no-limit needs amount", BASE + "pre-flop: Carol bets\n", "line 3", "'Carol bets'"),
    ("all-in not all-in", BASE + "pre-flop: Carol raises to 30 all-in\n", "line 3", "100"),
    ("call all-in not all-in", BASE + "pre-flop: Carol calls all-in\n", "line 3", "'Carol calls all-in'"),
    ("all-in for wrong amount", BASE + "pre-flop: Carol goes all-in for 50\n", "line 3", "50"),
    ("check facing a bet", BASE + "pre-flop: Carol checks\n", "line 3", "'Carol checks'"),
    ("to act not last", BASE + "pre-flop: Carol to act, Alice calls\n", "line 3", "'Carol to act'"),
    ("to act, wrong player", BASE + "pre-flop: Carol calls, Bob to act\n", "line 3", "Alice is to act, not Bob"),
    ("to act, round over", BASE + "pre-flop: Carol calls, Alice calls, Bob checks, Carol to act\n", "line 3",
     "'flop:'"),
    ("to act, betting over", BASE + "pre-flop: Carol raises to 100 all-in, Alice folds, Bob folds, Carol to act\n",
     "line 3", "nobody is to act"),
    ("all-in after check", BASE + "pre-flop: Carol checks all-in\n", "line 3", "'checks'"),
    ("duplicate name", "game: no-limit hold'em 1/2\nseats: Al 100, al 100\n", "line 2", "'al'"),
    ("pN name", "game: no-limit hold'em 1/2\nseats: p2 100, Bob 100\n", "line 2", "'p2'"),
    ("stud without bring-in amount", "game: stud 10/20\nseats: A 100, B 100\n", "line 1", "bring-in"),
    ("blinds in stud", "game: stud 10/20 bring-in 3 blinds 1/2\nseats: A 100, B 100\n", "line 1", "'blinds'"),
    ("fixed-limit omaha", "game: fixed-limit omaha 10/20\nseats: A 1, B 1\n", "line 1", "omaha"),
    ("spread without blinds", "game: spread-limit hold'em 2-6\nseats: A 1, B 1\n", "line 1", "blinds"),
    ("empty clause", BASE + "pre-flop: Carol calls,, Alice calls\n", "line 3", "commas"),
    ("bring-in player in hold'em", BASE + "bring-in: Carol\n", "line 3", "'bring-in: Carol'"),
    ("straddle heads-up", "game: no-limit hold'em 1/2 straddle 4\nseats: A 100, B 100\n", "line 1", "straddle"),
    # review CV: "straddle 1" in a 1/2 game was read as a straddle that acts first, facing the big blind
    ("straddle not above the big blind", "game: no-limit hold'em 1/2 straddle 2\nseats: A 1, B 1, C 1\n", "line 1",
     "a straddle is more than the blind or straddle before it (2)"),
    ("trim-antes without antes", "game: no-limit hold'em 1/2 trim-antes\nseats: A 100, B 100\n", "line 1",
     "'ante X'"),
    ("trim-antes twice", "game: no-limit hold'em 1/2 ante 1 trim-antes\ntrim-antes\nseats: A 100, B 100\n", "line 2",
     "'trim-antes'"),
    ("complete with nothing to complete", "game: fixed-limit hold'em 10/20\nseats: A 500, B 500, C 500\n"
                                          "pre-flop: C completes\n", "line 3", "nothing to complete"),
    ("amount left out out of turn", "game: fixed-limit hold'em 10/20\nseats: A 500, B 500, C 40\n"
                                    "pre-flop: C calls, A calls, B checks\nflop: A bets, B raises, A raises\n",
     "line 4", "C's turn, not A's"),
    ("no game line", "seats: A 100, B 100\n", "t.txt", "'game:'"),
    ("no seats line", "game: no-limit hold'em 1/2\n", "t.txt", "'seats:'"),
    # table talk (docs/table-talk.md)
    ("word outside the vocabulary", BASE + "chips: 1, 5\npre-flop: Carol says \"I shove\"\n", "line 4", "'shove'"),
    ("words without quotes", BASE + "pre-flop: Carol says raise\n", "line 3", "double quotes"),
    ("unclosed quote", BASE + "pre-flop: Carol says \"raise 6\n", "line 3", "not closed"),
    ("chip not in play", BASE + "chips: 1, 5\npre-flop: Carol puts out 25\n", "line 4", "25"),
    ("chips without a chips line", BASE + "pre-flop: Carol puts out 5\n", "line 3", "'chips:'"),
    ("chip not a number", BASE + "chips: 1, 5\npre-flop: Carol puts out 5+x\n", "line 4", "'x'"),
    ("unknown gesture", BASE + "pre-flop: Carol winks\n", "line 3", "'winks'"),
    ("word after talk", BASE + "pre-flop: Carol says \"call\" loudly\n", "line 3", "'loudly'"),
    ("action marked out of turn", BASE + "pre-flop: Bob folds out of turn\n", "line 3", "by where it stands"),
    ("stud opener folded", "game: stud 10/20 ante 1 bring-in 3\nseats: A 100, B 100, C 100\nbring-in: C\n"
                           "third street: C brings in, A folds, B calls\nfourth street: A to act\n", "line 5",
     "A has folded"),
    ("chips line not a number", BASE + "chips: 1, five\n", "line 3", "'five'"),
    ("two chips lines", BASE + "chips: 1\nchips: 5\n", "line 4", "'chips:'"),
    ("talk amount finer than chip", "game: no-limit hold'em 1/2 chip 1\nseats: A 100, B 100, C 100\n"
                                    "pre-flop: C says \"raise 4.5\"\n", "line 3", "4.5"),
    # review BP: the default blinds of a 3/6 game (1.5/3) were blamed on blinds_or_straddles, a field not written
    # review BR: these named PHH fields (min_bet, starting_stacks, _betlaw_spread), not the script line
    ("zero stakes", "game: no-limit hold'em 0/0\nseats: A 100, B 100\n", "line 1", "must be positive, got 0"),
    ("huge stack", "game: no-limit hold'em 1/2\nseats: A 99999999999999999999, B 100\n", "line 2", "too large"),
    ("spread backwards", "game: spread-limit hold'em 6-2 blinds 1/2\nseats: A 100, B 100\n", "line 1",
     "0 < low <= high"),
    ("default blinds finer than chip", "game: fixed-limit hold'em 3/6 chip 1\nseats: A 100, B 100, C 100\n",
     "line 1", "'blinds 1/3'"),
    # review CH: a misspelt round after the first was "must come before the first betting round"; an all-in
    # with an unlimited stack and amounts the PHH reader refused were named by PHH entries (actions[3])
    ("misspelt later round", BASE + "pre-flop: Carol calls, Alice calls, Bob checks\nflpo: Alice checks\n", "line 4",
     "unknown keyword 'flpo'; expected a betting round"),
    ("all-in with an unlimited stack", "game: no-limit hold'em 1/2\nseats: A inf, B inf, C inf\n"
                                       "pre-flop: C goes all-in\n", "line 3", "unlimited (inf)"),
    ("huge raise", BASE + "pre-flop: Carol raises to 100000000000000000000000\n", "line 3 'Carol raises to",
     "too large"),
    ("said amount finer than betlaw reads", BASE + "pre-flop: Carol says \"raise 6.0000000000001\"\n", "line 3",
     "finer than the finest chip"),
]


@pytest.mark.parametrize("label,text,where,word", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors_name_the_line_and_the_word(label, text, where, word):
    with pytest.raises(ScenarioError) as info:
        parse_script(text, "t.txt")
    err = info.value
    assert err.where.startswith("t.txt"), err
    assert where in err.where, str(err)
    assert word in err.message, str(err)


def test_illegal_hands_are_recorded_not_judged():
    # Bob acts out of turn and raises too little: the script records it; betlaw replay judges it.
    scenario = parse_script(BASE + "pre-flop: Bob raises to 3, Carol calls\n", "t.txt")
    played = play(scenario, scenario.rules())
    assert played.broken is not None and played.broken.event.text == "p2 cbr 3"
    # an all-in after the hand went off the rails cannot be worked out
    with pytest.raises(ScenarioError, match="line 3.*cannot work out"):
        parse_script(BASE + "pre-flop: Bob raises to 3, Carol goes all-in\n", "t.txt")


# ---------------------------------------------------------------- table talk (docs/table-talk.md)

TALK_SCRIPT = """\
# TDA 53-A: p4 says "call" out of turn; TDA 45: several chips; TDA 40: words with chips.
game: no-limit hold'em 50/100
seats: Ann 10000, Bob 10000, Cy 10000, Di 10000
chips: 25, 100, 500
pre-flop: Cy calls, Di calls, Ann calls, Bob checks
flop: Ann bets 200, Di says "call" out of turn, Bob calls, Cy puts out 500+100, Cy calls, Di taps in turn, Di calls
turn: Ann says "I call, and raise 300" pushing 100+100, Bob mucks out of turn
"""


def talk_view(scenario):
    """The talk of a hand, each event with the betting actions before it and whether a deal came
    after the last of them (which side of a deal it was said on)."""
    out = []
    for t in scenario.talk:
        before = [e for e in scenario.events[: t.after]]
        bets = [e for e in before if e.is_bet_action]
        dealt = any(e.seat is None for e in before if not bets or e.index > bets[-1].index)
        out.append((t.seat, t.kind, t.words, t.chips, t.gesture, t.in_turn, len(bets), dealt))
    return out


def test_talk_lines_become_betlaw_events():
    fields = script_fields(TALK_SCRIPT, "talk.txt")
    assert fields["_betlaw_chips"] == [25, 100, 500]
    assert fields["_betlaw_events"] == [
        {"seat": "p4", "after": 10, "kind": "say", "words": "call", "in_turn": False},
        {"seat": "p3", "after": 11, "kind": "chips", "chips": [500, 100]},
        {"seat": "p4", "after": 12, "kind": "gesture", "gesture": "tap", "in_turn": True},
        {"seat": "p1", "after": 14, "kind": "say", "words": "I call, and raise 300", "chips": [100, 100]},
        {"seat": "p2", "after": 14, "kind": "gesture", "gesture": "muck", "in_turn": False},
    ]
    # 'after' counts PHH entries, the deals included: the turn's talk comes after its card
    assert fields["actions"][9:] == ["p1 cbr 200", "p2 cc", "p3 cc", "p4 cc", "d db ??"]
    scenario = parse_script(TALK_SCRIPT, "talk.txt")
    assert scenario.denominations == (25, 100, 500)
    assert [str(t) for t in scenario.talk][:2] == ['p4 says "call"', "p3 puts out 500+100"]


def test_talk_round_trips_losslessly():
    scenario = parse_script(TALK_SCRIPT, "talk.txt")
    text = dumps_script(scenario)
    assert text == dumps_script(parse_script(text, "again.txt"))  # script -> PHH -> script: the same text
    assert 'flop: Ann bets 200, Di says "call" out of turn, Bob calls, Cy puts out 500+100' in text
    assert 'turn: Ann says "I call, and raise 300" pushing 100+100, Bob mucks out of turn' in text
    again = parse_script(text, "again.txt")
    assert talk_view(again) == talk_view(scenario) and betting(again) == betting(scenario)


@pytest.mark.parametrize("path", sorted((Path(__file__).parent / "scenarios").glob("talk-*.phh")),
                         ids=lambda p: p.stem)
def test_talk_scenarios_round_trip_through_scripts(path):
    """PHH -> script -> PHH keeps every event (seat, words, chips, gesture, in_turn, its place among the
    actions and the deals) and the chips in play; the rulings come out the same."""
    from betlaw.model.declarations import Move, judge
    from betlaw.model.state import HandState

    [(_, scenario)] = read_text(path.read_text(encoding="utf-8"), str(path))
    text = dumps_script(scenario)
    [(_, again)] = read_text(dumps(script_fields(text, "rt.txt")), "rt.phh")
    assert talk_view(again) == talk_view(scenario), text
    assert again.denominations == scenario.denominations and betting(again) == betting(scenario)
    assert dumps_script(again) == text

    def rulings(sc):
        moves = [Move(e.index, e.seat, e.verb, e.amount, e.text) for e in sc.events]
        return [(r.seat, r.status, r.action, r.options, r.make_up, r.conflict)
                for r in judge(HandState(sc.game, sc.rules()), moves, sc.talk, sc.denominations).rulings]

    assert rulings(again) == rulings(scenario)


OPEN_PAIR = """game: fixed-limit stud 5/10 ante 1 bring-in 2
rules: roberts
seats: Alice 200, Bob 200, Carol 200
bring-in: Carol
open-pair: Bob
third street: Carol brings in, Alice calls, Bob calls
fourth street: Bob bets 10, Carol raises to 20
"""


def test_open_pair_line_reaches_the_model_and_round_trips():
    """stud.open-pair (Robert's Seven-Card Stud #4): Bob bets the big bet; raises are then big only."""
    sc = parse_script(OPEN_PAIR, "op.txt")
    assert sc.game.open_pair and script_fields(OPEN_PAIR, "op.txt")["_betlaw_open_pair"] is True
    state = play(sc, sc.rules()).state
    assert state.options().bet_or_raise == (30, 30) and state.options().amounts is None
    back = dumps_script(scenario_from_fields(tomllib.loads(dumps(script_fields(OPEN_PAIR, "op.txt"))), "op.phh"))
    assert "open-pair: yes" in back and parse_script(back, "back.txt").game.open_pair
    with pytest.raises(ScenarioError, match="open-pair"):
        parse_script(OPEN_PAIR.replace("fixed-limit stud", "razz"), "razz.txt")
    with pytest.raises(ScenarioError, match="line 5"):
        parse_script(OPEN_PAIR.replace("open-pair: Bob", "open-pair: Zed"), "who.txt")


def test_heads_up_stud_antes_stay_with_their_players():
    """Stud has no button: heads-up, the script's seats are PHH's seats; PHH writes the antes reversed
    (phh-std: "the antes for each player are reversed in heads-up games by rule")."""
    text = "game: razz 2/4 ante 0.5 bring-in 1\nseats: Alice 50, Bob 60\nposts: Alice 2 ante\nthird street: Bob brings in\n"
    fields = script_fields(text, "hu.txt")
    assert fields["antes"] == [Decimal("0.5"), Decimal("2.5")] and fields["players"] == ["Alice", "Bob"]
    assert scenario_from_fields(fields, "hu.phh").game.antes[0] > scenario_from_fields(fields, "hu.phh").game.antes[1]
    back = dumps_script(scenario_from_fields(fields, "hu.phh"))
    assert "Alice 2.5 ante" in back and parse_script(back, "back.txt").game.antes == scenario_from_fields(fields).game.antes


def test_trim_antes_is_phh_ante_trimming_and_round_trips():
    """PHH ante_trimming_status: p1, all-in for 3 of a 5 ante, wins 3 of each ante (main 9, side 8)
    with trim-antes, every ante without (tests/scenarios/phh-ante-not-trimmed.phh: main 13)."""
    text = "game: no-limit hold'em 1/2 ante 5 trim-antes\nseats: A 3, B 100, C 100\npre-flop: C calls, B checks\n"
    fields = script_fields(text, "trim.txt")
    assert fields["ante_trimming_status"] is True
    sc = parse_script(text, "trim.txt")
    assert [p.amount for p in play(sc, sc.rules()).state.pots()] == [9, 8]
    plain = parse_script(text.replace(" trim-antes", ""), "plain.txt")
    assert [p.amount for p in play(plain, plain.rules()).state.pots()] == [13, 4]
    back = round_trip(scenario_from_fields(tomllib.loads(dumps(fields)), "trim.phh"))
    assert "trim-antes" in back and parse_script(back, "back.txt").game.ante_trimming


def test_a_round_line_that_cuts_the_betting_short_is_named():
    """round.end: the deal (or draw) a round line stands for is the script's line, not a PHH entry."""
    from betlaw.conformance.scenario import play as replay_hand

    for text, where in (("game: fixed-limit 2-7 triple draw 10/20\nseats: A 500, B 500, C 500\npre-draw: C raises\n"
                         "first draw:\n", "line 4 (the first draw begins"),
                        ("game: no-limit hold'em 1/2\nseats: A 500, B 500, C 500\npre-flop: C raises to 6\nflop:\n",
                         "line 4 (the flop begins")):
        sc = parse_script(text, "t.txt")
        played = replay_hand(sc, sc.rules())
        assert played.broken is not None and sc.where(played.broken.event).startswith(f"t.txt {where}")


def test_heads_up_script_numbering_in_questions_and_answers():
    """A heads-up script counts from the button (its p1, PHH's p2): questions and answers about it keep
    the script's numbering, so "p1 raises to 6" is followed by "p2 acts" (reviews P and R)."""
    sc = parse_script("game: no-limit hold'em 1/2\nseats: 100, 100\npre-flop: p1 raises to 6\n", "hu.txt")
    state = play(sc, sc.rules()).state
    assert state.actor == 0 and sc.game.label(state.actor) == "p2"  # the big blind: PHH p1, the script's p2
    assert sc.seat_of("p1") == 1 and sc.seat_of("p2") == 0
    assert sc.seat_of("the button") == 1


def test_heads_up_script_numbering_in_table_talk(tmp_path):
    """The table talk's ``declared`` and ``recorded``, and replay's message, number a heads-up script's
    players as the script does: Ann, on the button, is its p1 (review Y)."""
    import json
    import subprocess
    import sys

    text = ('game: no-limit hold\'em 50/100\nseats: Ann 10000, Bob 10000\nchips: 5, 25, 100, 500, 1000\n'
            'pre-flop: Ann says "call", Ann raises to 300\n')
    sc = parse_script(text, "hu.txt")
    assert sc.game.relabel('p2 says "call"; p1 cbr 300') == 'p1 says "call"; p2 cbr 300'
    assert parse_script(text.replace("Bob 10000", "Bob 10000, Cy 10000"), "t.txt").game.relabel("p2 cc") == "p2 cc"
    path = tmp_path / "hu.txt"
    path.write_text(text)
    out = json.loads(subprocess.run([sys.executable, "-m", "betlaw.conformance", "ask", str(path),
                                     "what is p1's action?", "--json"], capture_output=True, text=True).stdout)
    replay = subprocess.run([sys.executable, "-m", "betlaw.conformance", "replay", str(path)],
                            capture_output=True, text=True).stdout.replace(str(path), "hu.txt")
    assert out["declared"] == 'p1 says "call"' and out["recorded"] == "p1 cbr 300", out
    assert "'p1 cbr 300'" in out["explanation"] and "p2" not in out["explanation"]
    assert "p1's table talk (p1 says \"call\") binds p1 to call" in replay and "p2" not in replay, replay


def test_a_post_beside_a_dead_small_blind_in_pot_limit(tmp_path, capsys):
    """A dead small blind (pot-limit.full-blinds counts it, TDA 2024 54-B) and a new player's post of 3: a big
    blind's worth live, the rest dead (Robert's Buttons and Blinds). The pot before C acts is 6 as the maths
    counts it (1 + 2 + 3), so C may raise to 2 + (6 + 2) = 10."""
    from betlaw.conformance.cli import main

    hand = tmp_path / "post.txt"
    hand.write_text("game: pot-limit omaha 1/2 blinds 0/2\nseats: A 200, B 200, C 200, D 200, E 200\nposts: E 3\n"
                    "pre-flop:\n")
    assert main(["ask", str(hand), "what can I do?", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["actor"], data["legal"]["bet_or_raise"]["max_to"]) == ("p3", 10)
    assert main(["convert", str(hand)]) == 0


def test_a_name_that_is_another_name_and_an_action_word_is_refused_and_never_written():
    """'Di' and 'Di calls' at one table: 'Di calls' in a round would be read as the second name, so the
    seats line refuses the pair, and a PHH hand with such players converts to p1, p2, ... (review DS)."""
    with pytest.raises(ScenarioError, match="'Di calls' is the name 'Di' followed by an action word"):
        parse_script("game: no-limit hold'em 1/2\nseats: Ann 200, Bob 200, Di 200, Di calls 200\npre-flop:\n", "c.txt")
    assert parse_script("game: no-limit hold'em 1/2\nseats: Ann 200, Ann Smith 200\npre-flop:\n", "ok.txt")
    phh = ('variant = "NT"\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0]\nmin_bet = 2\n'
           'starting_stacks = [200, 200, 200, 200]\nplayers = ["Ann", "Bob", "Di", "Di calls"]\n'
           'actions = ["p3 cc", "p4 cc"]\n')
    ((_, scenario),) = read_text(phh)
    text = dumps_script(scenario)
    assert betting(parse_script(text, "again.txt")) == betting(scenario), text
    assert "pre-flop: p3 calls, p4 calls" in text and "# players (not writable as script names)" in text, text


@pytest.mark.parametrize("post, words", [("C 0", "a post must be more than 0"),
                                         ("C 300", "C posts 300 in all but has only 200"),
                                         ("C 150, C 100 dead", "C posts 250 in all but has only 200")])
def test_a_post_of_nothing_or_of_more_than_the_stack_is_refused(post, words):
    """A post is chips put out, so it is positive and within the stack, as every other amount (review DS)."""
    with pytest.raises(ScenarioError, match=words):
        parse_script(f"game: no-limit hold'em 1/2\nseats: A 200, B 200, C 200\nposts: {post}\npre-flop:\n", "p.txt")


def test_an_unknown_post_kind_is_named():
    """Review EG: 'C 2 sideways' blamed the amount ('unexpected 2 after the player')."""
    with pytest.raises(ScenarioError, match="unknown post kind 'sideways'"):
        parse_script("game: no-limit hold'em 1/2\nseats: A 200, B 200, C 200\nposts: C 2 sideways\npre-flop:\n", "p.txt")


def test_an_empty_script_is_said_to_be_empty():
    """Review EG: empty input was reported as a script without a 'game:' line."""
    for text in ("", "  \n\n"):
        with pytest.raises(ScenarioError, match="empty: no hand in it"):
            parse_script(text, "<stdin>")
