"""Rule switches (the points where rule books and engines disagree) and the named presets.

A switch is named on the command line as ``--rule KEY=VALUE`` and in a PHH file as the user
field ``_betlaw_KEY`` with dashes written as underscores (``_betlaw_cap = 3``).
The table of disagreements these come from is shared/reference/rules.md, section A.3.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace


class RuleError(ValueError):
    """An unknown preset, switch or switch value."""


@dataclass(frozen=True)
class Switch:
    key: str
    values: tuple[str, ...]  # the allowed values; "cap" also takes a whole number
    meaning: str

    def parse(self, text: str) -> str | int | None:
        value = str(text).strip().lower()
        if self.key == "cap":
            if value == "none":
                return None
            if value.isascii() and value.isdigit():  # "²" and "٣" are digits to str.isdigit, not numbers here
                return int(value)
            raise RuleError(f"switch cap: expected a whole number of raises or 'none', got {text!r}")
        if value not in self.values:
            raise RuleError(f"switch {self.key}: expected one of {', '.join(self.values)}; got {text!r}")
        return value


SWITCHES: dict[str, Switch] = {s.key: s for s in (
    Switch("limit-reopen", ("half-bet", "full-bet"),
           "limit: does an all-in of half a bet or more count as a full bet (TDA 47-B) or only a full one"),
    Switch("cumulative-short-allins", ("on", "off"),
           "do several short all-ins add up to reopen for a player facing a full raise in total (TDA 47-A; "
           "in limit under the half-bet rule, half a bet in total)"),
    Switch("cap", ("none",), "limit: raises allowed after the opening bet, or none (TDA 48); the blinds and a "
                             "straddle are forced bets, not raises, so a straddle does not count toward it"),
    Switch("cap-heads-up", ("applies", "lifted", "lifted-if-heads-up-before-cap"),
           "limit: the cap when only two players can bet (TDA 48, Robert's #4)"),
    Switch("short-allin-counts-toward-cap", ("never", "half-or-more", "always"),
           "limit: does a short all-in raise count as a raise toward the cap"),
    Switch("after-short-allin", ("complete", "raise-on-top"),
           "limit: after a short all-in that is not a full bet, the next raise completes to the full level or goes on top "
           "(in stud's bring-in round a short completion is completed to the full bet either way, under the rule books' basis)"),
    Switch("fold-when-check", ("allowed", "penalized", "forbidden"),
           "folding when a check is possible (TDA 58)"),
    Switch("check-raise", ("allowed", "forbidden"), "may a player who checked raise later in the round"),
    Switch("short-bb-call", ("full-bb", "posted"),
           "a short all-in big blind (in fixed limit, a short straddle too): later players call the full "
           "blind or what was posted"),
    Switch("pot-limit-blinds", ("full", "posted"),
           "pot-limit, the first round: the pot maths counts a short all-in or dead blind at its full amount "
           "(TDA 54-B) or as posted (the chips in the middle)"),
    Switch("reopen", ("full-raise", "any-raise"),
           "does only a full raise reopen the betting (TDA 47), or any raise (the ACPC dealer)"),
    Switch("full-bet-basis", ("rulebook", "voluntary-increments"),
           "what a full bet is measured against: blinds, straddles and the minimum bet (rule books) "
           "or only voluntary raises of the round (PokerKit)"),
    Switch("short-allin-min-raise", ("last-full-raise", "own-increment"),
           "no-limit and pot-limit minimum raise after a short all-in: its level plus the last full raise (TDA 43-A), "
           "or the larger of the previous minimum and its level plus its own increment (the ACPC dealer)"),
    Switch("raise-when-covered", ("forbidden", "allowed"),
           "may a player bet or raise when every opponent still in with chips has none beyond the current "
           "bet (is covered), so that no one could put in a chip of it (PokerKit: no; the ACPC dealer: yes); "
           "with every opponent all-in or folded no one may, under every value"),
    Switch("open-pair-bet", ("small-bet", "either-bet"),
           "fixed-limit seven-card stud, an open pair showing on fourth street: the small bet as usual "
           "(TDA 2024 RP-10-F, tournaments) or the small or the big bet at each player's option (Robert's, cash)"),
    Switch("straddle-min-bet", ("first-round", "every-round"),
           "no-limit and pot-limit with a straddle: the straddle is the bet to beat on the first round only, "
           "later rounds opening at the game's minimum bet, or it sets the minimum bet of every round "
           "(Robert's No-Limit #2: a straddle sets a new minimum bring-in; the minimum bet stays the same on all rounds)"),
    # The declaration layer (model/declarations.py): how words and chips become an action.
    Switch("out-of-turn", ("action-unchanged", "no-intervening-action"),
           "an action out of turn binds unless a bet or raise comes before the player's turn (TDA 53), "
           "or the same, but after an intervening call it may be ruled binding (the floor's discretion), and an "
           "out-of-turn check or call bars a bet or raise at the next turn (Robert's Betting and Raising #11)"),
    Switch("multi-motion-raise", ("forbidden", "after-verbal-raise"),
           "after saying \"raise\" without an amount, may the chips go out in more than one motion "
           "(Robert's, cash games) or does the first motion set the amount (TDA 42, 56)"),
    Switch("multiple-chips", ("fifty-percent", "raise"),
           "several chips facing a bet, not every one needed to call: the 50% standard (TDA 45, 43-A) "
           "or a raise whether announced or not (seed 003)"),
)}


@dataclass(frozen=True)
class RuleSet:
    """One value for every switch, under a name (a preset, perhaps with overrides)."""

    name: str
    values: dict = field(default_factory=dict)
    reasons: dict = field(default_factory=dict)  # switch -> why the preset chose its value

    def __getitem__(self, key: str):
        return self.values[key]

    def with_overrides(self, overrides: dict[str, str]) -> "RuleSet":
        if not overrides:
            return self
        values = dict(self.values)
        parts = []
        for key, text in overrides.items():
            key = key.strip().lower().replace("_", "-")
            if key not in SWITCHES:
                raise RuleError(f"unknown switch {key!r}; known switches: {', '.join(SWITCHES)}")
            values[key] = SWITCHES[key].parse(text)
            if key == "cap":
                values.pop("cap-two-round-games", None)
            parts.append(f"{key}={'none' if values[key] is None else values[key]}")
        return replace(self, name=f"{self.name} + {', '.join(parts)}", values=values)

    def cap_for(self, rounds: int) -> int | None:
        """The cap in force for a game with this many betting rounds (Robert's #3: bet + 4 in two-round games)."""
        cap = self.values["cap"]
        if self.values.get("cap-two-round-games") is not None and rounds == 2:
            return self.values["cap-two-round-games"]
        return cap


def _preset(name: str, extras: dict | None = None, **choices: tuple) -> RuleSet:
    values = {k.replace("_", "-"): v for k, (v, _) in choices.items()} | (extras or {})
    reasons = {k.replace("_", "-"): why for k, (_, why) in choices.items()}
    reasons |= {k: "a value of the preset, not a switch: set 'cap' to override it" for k in (extras or {})}
    missing = set(SWITCHES) - set(values)
    if missing:
        raise RuleError(f"preset {name} leaves switches unset: {sorted(missing)}")
    return RuleSet(name, values, reasons)


PRESETS: dict[str, RuleSet] = {p.name: p for p in (
    _preset(
        "tda-2024",
        limit_reopen=("half-bet", "TDA 2024 rule 47-B"),
        cumulative_short_allins=("on", "TDA 2024 rule 47-A (cumulative short all-ins)"),
        cap=(4, "TDA 2024 rule 48 leaves the number to the house; betlaw takes bet + 4 raises (WSOP 2024 rule 100-b, as the reference notes give it; the TDA forum's examples on short all-ins, topic 1540, use three: --rule cap=3)"),
        cap_heads_up=("applies", "TDA 2024 rule 48: the cap applies heads-up until the event is down to two players (a stage no single hand shows, so betlaw applies it)"),
        short_allin_counts_toward_cap=("half-or-more", "TDA 2024 is silent; betlaw takes the TDA forum's house practice (topic 1540): 50% or more counts, less is ignored"),
        after_short_allin=("complete", "TDA 2024 is silent; betlaw takes the TDA forum's house practice (topic 1540): complete the raise to 20 (not 23)"),
        fold_when_check=("penalized", "TDA 2024 rule 58: binding fold, subject to penalty"),
        check_raise=("allowed", "TDA 2024 has no check-raise ban"),
        short_bb_call=("full-bb", "TDA 2024 is silent outside pot-limit, where rule 54-B's maths assumes full "
                                  "blinds; with Robert's (No-Limit and Pot-Limit: anyone entering enters for the full "
                                  "minimum bet), later players owe the full big blind"),
        pot_limit_blinds=("full", "TDA 2024 rule 54-B: pre-flop pot-limit maths assumes full blinds even with a dead or short all-in blind"),
        reopen=("full-raise", "TDA 2024 rule 47-A"),
        full_bet_basis=("rulebook", "TDA 2024 rule 51-B and rule 43 Addendum Ex. 2: the big blind is the opening bet"),
        short_allin_min_raise=("last-full-raise", "TDA 2024 rule 43-A and rule 47 Addendum Ex. 2"),
        out_of_turn=("action-unchanged", "TDA 2024 rule 53-A: a check, call or fold does not change the action"),
        multi_motion_raise=("forbidden", "TDA 2024 rules 42 and 56: one motion, or the full amount declared first"),
        multiple_chips=("fifty-percent", "TDA 2024 rules 45 and 43-A"),
        raise_when_covered=("forbidden", "TDA 2024 is silent; a raise no one could call is moot (its chips would come straight back, uncalled), and PokerKit 0.7.7 refuses it"),
        open_pair_bet=("small-bet", "TDA 2024 RP-10-F: bets are not doubled on 4th street for an open pair"),
        straddle_min_bet=("first-round", "TDA 2024 says nothing of a straddle after the first round; betlaw takes common practice: later rounds open at the minimum bet (the big blind)"),
    ),
    _preset(
        "roberts",
        # Robert's #3: bet + 4 raises in games with only two betting rounds (draw, lowball).
        extras={"cap-two-round-games": 4},
        limit_reopen=("half-bet", "Robert's Betting and Raising #6"),
        cumulative_short_allins=("on", "Robert's Betting and Raising #6 and the No-Limit section"),
        cap=(3, "Robert's Betting and Raising #3: bet + 3 raises (bet + 4 in two-round games)"),
        cap_heads_up=("lifted-if-heads-up-before-cap", "Robert's Betting and Raising #4"),
        short_allin_counts_toward_cap=("half-or-more", "betlaw's reading of Robert's #6 (half a bet or more counts as a full bet); Robert's does not say how short all-ins count toward the cap"),
        after_short_allin=("complete", "Robert's #6: a player facing it may fold, call, or complete the wager"),
        fold_when_check=("allowed", "Robert's Rules are silent; betlaw allows it (no penalty is written)"),
        check_raise=("allowed", "Robert's Betting and Raising #1 (it excepts certain forms of lowball: the Ace-to-Five Lowball section bars check-raise in limit play unless the players are told it is allowed; betlaw models no ace-to-five game and allows it in every game it models; --rule check-raise=forbidden for such a game)"),
        short_bb_call=("full-bb", "Robert's No-Limit section: anyone entering must enter for the full minimum bet"),
        pot_limit_blinds=("posted", "Robert's No-Limit and Pot-Limit: the pot is what is in it after the call; Robert's says nothing of counting blind chips never posted"),
        reopen=("full-raise", "Robert's No-Limit section"),
        full_bet_basis=("rulebook", "Robert's: a straddle sets a new minimum bring-in"),
        short_allin_min_raise=("last-full-raise", "Robert's: after a $100 bet and a $140 all-in a raise is to $240"),
        out_of_turn=("no-intervening-action", "Robert's Betting and Raising #11 (quoted on the TDA forum, topic 80): "
                                              "binding unless a bet or raise changes the action; after an intervening "
                                              "call it may be ruled binding; an out-of-turn check bars a bet or raise"),
        multi_motion_raise=("after-verbal-raise", "Robert's (rules.md A.3 row 15): cash games allow a multi-motion "
                                                  "raise after saying raise"),
        multiple_chips=("fifty-percent", "the Robert's reproductions in rules.md say nothing on multiple chips; "
                                         "betlaw takes the TDA 45 standard"),
        raise_when_covered=("forbidden", "Robert's Rules are silent; betlaw takes the TDA preset's reading"),
        open_pair_bet=("either-bet", "Robert's Rules, Seven-Card Stud #4: with an open pair on fourth street any player may bet the lower or the upper limit"),
        straddle_min_bet=("every-round", "Robert's No-Limit #2: a straddle sets a new minimum bring-in, and the minimum bet remains the same amount on all betting rounds"),
    ),
    _preset(
        "seeds",
        limit_reopen=("half-bet", "seed 002 rule 5 (seed 001 names both rules)"),
        cumulative_short_allins=("on", "seed 002: a short all-in does not, by itself, entitle a player who acted to raise"),
        cap=(3, "seed 002 rule 4: a cap of three raises is typical; seed 000: a three-raise rule"),
        cap_heads_up=("lifted", "seed 000: it is common to suspend this rule heads-up"),
        short_allin_counts_toward_cap=("half-or-more", "seed 002 rule 5: two raises counted; only one counted"),
        after_short_allin=("complete", "seed 002 rule 5: can only complete the bet to the fixed amount"),
        fold_when_check=("allowed", "betlaw's reading of seed 003: a breach of etiquette, treated as a fold out of turn only 'in some games'"),
        check_raise=("allowed", "seed 002 rule 2: you must allow check-raising"),
        short_bb_call=("posted", "betlaw's reading of seed 000 (the seeds never mention a short blind): a call matches the amount bet"),
        pot_limit_blinds=("posted", "the seeds never mention a short or dead blind: the pot is the chips in it"),
        reopen=("full-raise", "seed 001: the full bet rule and the half bet rule"),
        full_bet_basis=("rulebook", "seed 000: the blinds open the first round"),
        short_allin_min_raise=("last-full-raise", "betlaw's reading of seed 000 (silent on short all-ins): a raise is at least the previous bet or raise"),
        out_of_turn=("action-unchanged", "the seeds say only that acting out of turn harms others; betlaw takes TDA 53"),
        multi_motion_raise=("forbidden", "betlaw's reading of seed 000: a string raise (\"I call, and raise\") is not allowed, so neither is a second motion"),
        multiple_chips=("raise", "seed 003: a raise if you have bet multiple chips, whether or not you announce a raise"),
        raise_when_covered=("forbidden", "seed 003: a raise forces \"all subsequent players to call the new amount\"; none could"),
        open_pair_bet=("small-bet", "the seeds do not mention an open pair; the small bet of fourth street stands"),
        straddle_min_bet=("first-round", "the seeds do not mention straddles; later rounds open at the minimum bet"),
    ),
    _preset(
        "pokerkit",
        limit_reopen=("full-bet", "PokerKit 0.7.7 has no half-bet rule (reference E5)"),
        cumulative_short_allins=("on", "PokerKit 0.7.7 reopens on cumulative short all-ins (reference E2)"),
        cap=(3, "PokerKit 0.7.7 fixed-limit: four bets or raises per round, the blinds not counted (reference E8)"),
        cap_heads_up=("applies", "PokerKit 0.7.7 caps heads-up too (reference E8)"),
        short_allin_counts_toward_cap=("always", "PokerKit 0.7.7 counts short all-ins (reference E7)"),
        after_short_allin=("raise-on-top", "PokerKit 0.7.7 raises on top (to 23 after 13 over 10)"),
        fold_when_check=("forbidden", "PokerKit 0.7.7 default tournament mode rejects it (cash mode warns)"),
        check_raise=("allowed", "PokerKit 0.7.7"),
        short_bb_call=("posted", "PokerKit 0.7.7 (reference E10)"),
        pot_limit_blinds=("posted", "PokerKit 0.7.7: the pot is the chips posted (a short blind as posted, reference E10)"),
        reopen=("full-raise", "PokerKit 0.7.7"),
        full_bet_basis=("voluntary-increments", "PokerKit 0.7.7: blinds and min_bet never set the full size (reference E3, E4, E11)"),
        short_allin_min_raise=("last-full-raise", "PokerKit 0.7.7 (reference S1: 50)"),
        out_of_turn=("action-unchanged", "moot: PokerKit actions name no player (TDA 53 taken)"),
        multi_motion_raise=("forbidden", "moot: PokerKit takes formal actions, not chip motions (TDA taken)"),
        multiple_chips=("fifty-percent", "moot: PokerKit takes formal actions, not chips (TDA taken)"),
        raise_when_covered=("forbidden", "PokerKit 0.7.7 State._verify_completion_betting_or_raising: some other live player must have stack + bet above the largest bet"),
        open_pair_bet=("small-bet", "PokerKit 0.7.7 fixed-limit stud: the small bet on fourth street whatever shows"),
        straddle_min_bet=("first-round", "PokerKit 0.7.7: later rounds open at min_bet whatever was straddled"),
    ),
    _preset(
        "acpc",
        limit_reopen=("full-bet", "the ACPC dealer has no half-bet rule"),
        cumulative_short_allins=("off", "moot under reopen=any-raise"),
        cap=(3, "ACPC standard limit gamedefs: maxRaises 3 pre-flop over the blinds, 4 raise actions later"),
        cap_heads_up=("applies", "the ACPC dealer never lifts the cap"),
        short_allin_counts_toward_cap=("always", "the ACPC dealer counts every raise action"),
        after_short_allin=("raise-on-top", "ACPC limit raise: maxSpent += raiseSize"),
        fold_when_check=("forbidden", "ACPC isValidAction: fold invalid when the player could check"),
        check_raise=("allowed", "ACPC"),
        short_bb_call=("posted", "ACPC rejects a blind larger than the stack; posted is the nearest"),
        pot_limit_blinds=("posted", "moot: the ACPC has no pot-limit game; the chips in the middle"),
        reopen=("any-raise", "ACPC: every raise, full or short, makes everyone act again"),
        full_bet_basis=("rulebook", "ACPC: minNoLimitRaiseTo starts at twice the big blind"),
        short_allin_min_raise=("own-increment", "ACPC doAction: minNoLimitRaiseTo = max(old, 2*size - maxSpent)"),
        out_of_turn=("action-unchanged", "moot: the ACPC dealer takes actions only from the player to act (TDA taken)"),
        multi_motion_raise=("forbidden", "moot: ACPC actions are formal (TDA taken)"),
        multiple_chips=("fifty-percent", "moot: ACPC actions are formal (TDA taken)"),
        raise_when_covered=("allowed", "the ACPC dealer (OpenSpiel universal_poker) bars a raise only when every opponent is all-in or folded"),
        open_pair_bet=("small-bet", "moot: the ACPC dealer plays no stud (the small bet taken)"),
        straddle_min_bet=("every-round", "the ACPC dealer on a new round: minNoLimitRaiseTo = maxSpent + max(largest blind, 1), "
                                         "and a straddle is its largest blind (reference engines.md, ACPC)"),
    ),
)}

DEFAULT_PRESET = "tda-2024"


def resolve(preset: str | None = None, overrides: dict[str, str] | None = None) -> RuleSet:
    """The rule set named by a preset and ``KEY=VALUE`` overrides."""
    name = (DEFAULT_PRESET if preset is None else preset).strip().lower()
    if name not in PRESETS:
        raise RuleError(f"unknown rule set {preset!r}; presets: {', '.join(PRESETS)}")
    return PRESETS[name].with_overrides(overrides or {})


def parse_assignments(items: list[str]) -> dict[str, str]:
    """``["cap=3", "check-raise=forbidden"]`` (or ``["cap=3,check-raise=forbidden"]``) -> ``{"cap": "3", ...}``."""
    out: dict[str, str] = {}
    for item in (part for given in items for part in given.split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise RuleError(f"--rule expects KEY=VALUE, got {item!r}")
        name = key.strip().lower().replace("_", "-")
        if name in out:
            raise RuleError(f"--rule {name} given twice ({name}={out[name]} and {item.strip()}); give it once")
        out[name] = value.strip()
    return out
