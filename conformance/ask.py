"""Answer a rule question about a hand, from the model: ``betlaw ask``.

The answer object (documented in docs/asking.md) carries the verdict, the legal actions of the
player to act with "to" amounts in the scenario's own units, the pots, and the clauses that decide.
"""
from __future__ import annotations

import json
import math
import re
from decimal import Decimal

from betlaw.model.actions import Action, Kind
from betlaw.model.game import UNLIMITED, Structure
from betlaw.model.pots import uncallable_excess
from betlaw.model.errors import IllegalAction, Reason
from betlaw.model import sizing, turn_order
from betlaw.model.declarations import facing_opening_bet
from betlaw.model.state import HandState, LegalActions
from betlaw.spec.catalogue import catalogue
from betlaw.spec.rulesets import RuleSet

from .questions import ALL_IN, MIN_RAISE_WORDS, VERBS, Question
from .scenario import MAX_UNITS, Played, Scenario, ScenarioError, play, whole_units


class ExactNumber(float):
    """A decimal amount no float holds exactly (more than 15 significant digits): a float for
    arithmetic in Python, written by :func:`dumps` with every digit of ``text``."""

    def __new__(cls, value: Decimal):
        self = super().__new__(cls, value)
        self.text = format(value, "f")
        return self


def number(value: Decimal) -> int | float:
    """A JSON number that prints exactly as the scenario wrote it (2.5 stays 2.5)."""
    if value.is_infinite():
        return float(value)
    if value == value.to_integral_value():
        return int(value)
    return float(value) if Decimal(repr(float(value))) == value else ExactNumber(value)


def _completion_targets(L) -> tuple[int, ...]:
    """A completion's amounts (``LegalActions.completion_targets``) from the model's options or another oracle's
    shaped like them (a namespace of the spec's ``legal_actions``)."""
    return getattr(L, "complete_amounts", None) or (L.complete_to,)


def dumps(obj, **options) -> str:
    """``json.dumps`` that writes every :class:`ExactNumber` with all its digits."""
    def marked(o):
        if isinstance(o, ExactNumber):
            return f"\x00{o.text}\x00"
        if isinstance(o, dict):
            return {k: marked(v) for k, v in o.items()}
        if isinstance(o, (list, tuple)):
            return [marked(v) for v in o]
        return o
    return re.sub(r'"\\u0000(-?[0-9.]+)\\u0000"', r"\1", json.dumps(marked(obj), **options))


class Answerer:
    """Holds one replayed scenario and answers questions about its current decision point."""

    def __init__(self, scenario: Scenario, rules: RuleSet, judging: bool = False):
        """``judging``: the question judges a recorded action ("was David's raise legal?"), so a hand
        broken by a player's action stands just before it (the action judged there is refused with
        its clauses); any later action stays beyond judging."""
        self.scenario = scenario
        self.rules = rules
        self.judging = judging
        self.played: Played = play(scenario, rules)
        if self.played.broken and not (judging and self.played.broken.event.is_bet_action):
            b = self.played.broken
            raise ScenarioError(scenario.where(b.event),
                                f"breaks a rule, so the hand cannot be judged past it: {b.error} "
                                f"(run 'betlaw replay' for the full report)")
        self.state: HandState = self.played.state
        self.legal: LegalActions = self.state.legal()
        self.game = scenario.game
        self.premised = False  # built by premises.assume: the question's premises are played
        self.premise_players: list[str] = []  # premises.assume: the players the premises name (a pronoun after
        # them could mean any of them)
        self.assumed: list[str] = []  # those premise actions, in words
        self.speaker: str | None = None  # with premises, who "I" is: the player to act before them
        self.talk_taken = ""  # premises.assume: the binding talk in turn taken as the action, in words
        self.talk_clauses: list[str] = []  # and its clauses

    # ------------------------------------------------------------ formatting helpers

    def amount(self, units: int | None):
        """An amount for the JSON answer, in the scenario's units; "inf" (as PHH writes it) for anything
        as large as a PHH ``inf`` stack, which JSON numbers cannot be."""
        if units is not None and units >= UNLIMITED:
            return "inf"
        return None if units is None else number(self.game.to_units(units))

    def show(self, units: int | None) -> str:
        return self.game.show(units)

    def label(self, seat: int | None) -> str | None:
        return None if seat is None else self.game.label(seat)

    def who(self, seat: int) -> str:
        name = self.game.players[seat] if self.game.players else None
        return f"{self.game.label(seat)} ({name})" if name else self.game.label(seat)

    def legal_json(self) -> dict:
        L, s = self.legal, self.state
        seat = L.actor
        call_to = None if L.call is None else s.seats[seat].bet + L.call
        return {
            "fold": L.fold,
            "check": L.check,
            "call": self.amount(call_to),
            "bet_or_raise": None if L.bet_or_raise is None else
            {"min_to": self.amount(L.bet_or_raise[0]), "max_to": self.amount(L.bet_or_raise[1]),
             "kind": "bet" if L.is_bet else "raise"} | self.only_amounts(L.amounts),
            "complete_to": self.amount(L.complete_to),
            "bring_in": self.amount(L.bring_in),
            "fold_penalized": L.fold_penalized,
            "call_adds": self.amount(L.call),
        } | self.only_completions(L.complete_amounts)

    def only_amounts(self, amounts) -> dict:
        """``{"amounts": [...]}`` when only some amounts of the bet or raise range are allowed
        (stud.open-pair: the small or the big bet), else nothing: every amount from min_to to max_to."""
        return {"amounts": [self.amount(x) for x in amounts]} if amounts else {}

    def only_completions(self, amounts) -> dict:
        """``{"complete_amounts": [...]}`` when a completion may reach either of two amounts (stud.open-pair:
        the small or the big bet over the last full level), else nothing: ``complete_to`` is the one."""
        return {"complete_amounts": [self.amount(x) for x in amounts]} if amounts else {}

    def completions(self, legal=None) -> str:
        """The completion's amounts as words: "20", or "20 or 30" (stud.open-pair). ``legal``: the model's options,
        or another oracle's shaped like them (:func:`_completion_targets`)."""
        return self.game.show_either(_completion_targets(legal or self.legal))

    def betting_json(self) -> dict:
        """The round's bookkeeping: current bet, last full raise, raises toward the cap, who may still raise."""
        s = self.state  # who may still raise when their turn comes, as things stand (the cap, a forbidden
        # check-raise and the right to raise included)
        may_raise = [self.game.label(i) for i, x in enumerate(s.seats)
                     if not x.folded and x.stack > 0 and not s.hand_over and s.raise_refusal(i) is None]
        return {"current_bet": self.amount(s.call_level), "last_full_raise": self.amount(s.full_raise),
                "min_raise_to": self.amount(sizing.smallest_raise_to(s)),
                "raises_counted": s.raises_counted if self.game.structure.is_limit else None,  # no cap to count to
                "may_still_raise": may_raise, "hand_over": s.hand_over,
                "winner": self.label(s.winner())}

    def eligible(self, seats) -> list[str]:
        """Players as the hand labels them, in their numbering's order (a heads-up script's p1 first)."""
        return sorted((self.game.label(i) for i in seats), key=lambda label: int(label[1:]))

    def pots_json(self) -> list[dict]:
        return [{"amount": self.amount(p.amount), "eligible": self.eligible(p.eligible)} for p in self.state.pots()]

    def may_text(self, seat: int) -> str:
        """"May: ..." for the actor: what the player's own table talk binds them to or leaves them comes
        first (TDA 2024 40, 55; docs/table-talk.md), else the betting's options."""
        if self.scenario.talk:
            from .talk_answers import bound_options, restricted_legal

            bound = bound_options(self, seat)
            if bound is not None:
                return f"Bound by table talk: {bound[0]}"
            narrowed = restricted_legal(self, seat)
            if narrowed is not None:
                return f"May: {self.options_text(narrowed[0])}"
        return f"May: {self.options_text()}"

    def options_text(self, legal=None) -> str:
        """The actor's options in words: the model's (``self.legal``) or another oracle's of the same shape."""
        L, s = legal or self.legal, self.state
        if L.actor is None:
            return "no one may act: the hand is over" if s.hand_over else "no one may act"
        parts = []
        if L.bring_in is not None:
            parts.append(f"bring in for {self.show(L.bring_in)}")
        if L.fold:
            parts.append("fold (legal but penalised)" if L.fold_penalized else "fold")
        if L.check:
            parts.append("check")
        if L.call is not None:
            seat_bet = s.seats[L.actor].bet
            allin = " all-in" if L.call == s.seats[L.actor].stack else ""
            back = self._call_coming_back(L.actor, L.call)
            parts.append(f"call {self.show(L.call)} (to {self.show(seat_bet + L.call)}){allin}"
                         + (f" ({self.show(back)} of it comes back: no one can match it)" if back else ""))
        everything = s.seats[L.actor].stack + s.seats[L.actor].bet
        if L.bet_or_raise:
            lo, hi = L.bet_or_raise
            verb = "bet" if L.is_bet else "raise"
            allin = " all-in" if lo == hi == everything else ""  # all-in for less than the minimum (or exactly it)
            if getattr(L, "amounts", None):  # stud.open-pair: the small or the big bet
                parts.append(f"{verb} to {self.game.show_either(L.amounts)}")
            else:
                parts.append(f"{verb} to {self.show(lo)}{allin}" if lo == hi else f"{verb} to {self.show(lo)}-{self.show(hi)}")
        if L.complete_to is not None:
            top = max(_completion_targets(L))
            parts.append(f"complete to {self.completions(L)}" + (" all-in" if top == everything else ""))
        return ", ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + parts[-1] if parts else "nothing"

    def _call_coming_back(self, seat: int, call: int) -> int:
        """Chips of a call that no other player has put in or can put in all-in (a call of a full big blind to a
        big blind all-in for less, TDA 2024 RP-11): they go back when the round ends (round.uncalled-bet)."""
        s = self.state
        live = [x.contributed - x.dead + (call if i == seat else 0) for i, x in enumerate(s.seats)]  # as pots() splits
        reach = [c + x.stack - (call if i == seat else 0) for i, (c, x) in enumerate(zip(live, s.seats))]
        top, excess = uncallable_excess(live, [x.folded for x in s.seats], [x.all_in for x in s.seats], reach)
        return excess if top == seat else 0

    # ------------------------------------------------------------ answers

    def answer(self, q: Question) -> dict:
        from . import pot_answers, talk_answers as talk

        if not self.premised and (q.premises or self.scenario.talk):
            from .premises import assume  # "if p3 calls, ...": answered after the premise actions (and the

            assumed = assume(self.scenario, self.rules, q, self)  # talk in turn that binds the player to act)
            if assumed is not self:
                return assumed.answer(q)
        q = self.speaking(q)
        from . import standing
        from .recorded import judge_must  # "did Bob have to fold?": at his last turn

        q = standing.on_round(self, q)  # "can p1 bet on the turn?": the turn must be the round in play

        handler = {"who": self._who, "first": self._first, "last": lambda q: standing.last_on(self, q),
                   "opened": self._opened, "bring-in": self._brings_in,
                   "status": lambda q: standing.status(self, q), "in-hand": lambda q: standing.in_hand(self, q),
                   "stack": lambda q: standing.stack(self, q), "put-in": lambda q: standing.put_in(self, q),
                   "current-bet": lambda q: standing.current_bet(self, q), "stakes": lambda q: standing.stakes(self, q),
                   "last-aggressor": lambda q: standing.last_aggressor(self, q),
                   "full-raise": lambda q: standing.full_raise(self, q),
                   "all-in-kind": lambda q: standing.all_in_kind(self, q),
                   "option": lambda q: standing.option(self, q),
                   "street": lambda q: standing.street_now(self, q), "may-raise": lambda q: standing.may_raise(self, q), "after": lambda q: standing.after(self, q),
                   "must": lambda q: judge_must(self, q) if q.recorded else standing.must(self, q),
                   "winner": lambda q: standing.winner(self, q),
                   "position": self._position, "all-in": self._all_in_players, "cap": self._cap,
                   "reopened": self._reopened,
                   "what": self._what, "can": self._can,
                   "round": self._round, "pots": lambda q: pot_answers.answer(self, q), "turn": self._turn, "hand": self._hand,
                   "action": lambda q: talk.answer_action(self, q),
                   "oot": lambda q: talk.answer_oot(self, q), "binding": lambda q: talk.answer_binding(self, q),
                   "string": lambda q: talk.answer_string(self, q)}[q.kind]
        answer, clauses, explanation, extra = handler(q)
        out = {
            "question": q.text,
            "answer": answer,
            "actor": self.label(self.legal.actor),
            "legal": self.legal_json(),
            "round_over": self.round_over(),
            "pots": self.pots_json(),
            "clauses": list(dict.fromkeys([*clauses, *self.talk_clauses])),
            "explanation": explanation,
            "rules": self.rules.name,
            "street": self.game.streets[self.played.street_reached].name,
            "betting": self.betting_json(),
        }
        out.update(extra)
        if self.premised:  # premises played, or talk in turn taken as the action: said first (docs/table-talk.md)
            out["assuming"] = self.assumed
            out["explanation"] = self.with_premises(explanation)
        if self.talk_taken:
            out["talk_taken"] = self.talk_taken
        return out

    def speaking(self, q: Question) -> Question:
        """``q`` with "I" made the premises' speaker ("if I raise to 6 ..., can I re-raise?": the player to act
        before the premises, not after them)."""
        if self.speaker is not None and q.player is None and q.first_person:
            import dataclasses

            return dataclasses.replace(q, player=self.speaker)
        return q

    def with_premises(self, explanation: str) -> str:
        """The explanation, led by the premises played ("If p3 (C) calls 75 (to 200): ...")."""
        text = f"If {', then '.join(self.assumed)}: {explanation}" if self.assumed else explanation
        return f"{self.talk_taken}. {text}" if self.talk_taken else text

    def round_over(self) -> bool:
        return self.state.hand_over or self.played.round_closed

    def _who(self, q: Question):
        s = self.state
        if s.opener_unknown is not None and self.game.stud and s.street > 0:  # a later street: by the cards showing
            name = self.game.streets[s.street].name
            return "unknown", ["turn.stud-first-later"], (
                f"who opens the {name} depends on the cards showing: the best showing hand acts first "
                f"(turn.stud-first-later), and the hand does not say who that is (PHH: _betlaw_first_actors; a "
                f"table script: a round line such as '{name}: Bob to act')"), {}
        s.require_actor_known()
        if s.actor is None:
            return "nobody", ["round.over-no-action"], self._over_text(), {}
        from betlaw.model.turn_order import turn_clauses

        street = self.game.streets[s.street].name
        text = f"{self.who(s.actor)} acts on the {street}"
        if self.played.round_closed:
            text += " (the previous round is over; this is the first to act once the next cards are out)"
        return self.label(s.actor), turn_clauses(s), text + self._stud_opener_passed() + ". " + \
            self.may_text(s.actor) + ".", {}

    def _stud_opener_passed(self) -> str:
        """Stud: when the player given as showing the best hand cannot act (all-in or folded), the turn
        passes clockwise to the next player who can (turn.in-turn; the rule books name only the best hand
        showing, Robert's Seven-Card Stud; PokerKit 0.7.7 passes it clockwise too)."""
        s, g = self.state, self.game
        if not g.stud or s.street == 0 or s.street >= len(g.first_actors) or s.actor is None:
            return ""
        given = g.first_actors[s.street]
        if given is None or given == s.actor or any(x.acted for x in s.seats):
            return ""
        why = "has folded" if s.seats[given].folded else "is all-in"
        return (f" ({self.who(given)}, who shows the best hand, {why}: the turn passes clockwise to the "
                f"next player who can act)")

    def _first(self, q: Question):
        """Who acts first in the round now being played (or, between rounds, in the next one); with a
        round named ("who acts first on the flop?"), in that one (standing.first_on)."""
        if q.said:
            from .standing import first_on

            return first_on(self, q, lambda q: self._first(Question(q.text, "first")))
        s = self.state
        street = s.street if not self.played.round_closed else None
        first = self.played.first_actors.get(street) if street is not None else None
        if first is None:  # nobody has acted in this round yet: the player to act is first
            answer, clauses, text, extra = self._who(q)
            return answer, clauses, ("first to act: " + text) if answer != "nobody" else text, extra
        name = self.game.streets[s.street].name
        now = f"; {self.who(s.actor)} is to act now" if s.actor is not None else ""
        return self.label(first), ["turn.in-turn"], f"{self.who(first)} acted first on the {name}{now}.", {}

    def _position(self, q: Question):
        """Who sits in a position ("the big blind", "the button", "utg", "the straddle"); nobody where the hand
        has no such seat (no straddle, no cutoff three-handed)."""
        try:
            seat = self.seat_for(q.player)
        except ScenarioError:
            missing = self.scenario.missing_position(q.player)
            if missing is None or missing[0].isdigit():  # "2 straddles": which one is asked
                raise
            return "nobody", [], f"nobody: this hand has {missing}.", {}
        word = q.player.removeprefix("the ")
        word = {"utg": "under the gun", "sb": "the small blind", "bb": "the big blind", "btn": "the button",
                "dealer": "the button", "straddler": "the straddler", "straddle": "the straddler"}.get(word, word if word == "under the gun" else f"the {word}")
        return self.label(seat), [], f"{self.who(seat)} is {word}.", {}

    def _all_in_players(self, q: Question):
        """The players still in with no chips behind (call.all-in-for-less, turn.in-turn: skipped)."""
        s = self.state
        seats = [i for i, x in enumerate(s.seats) if not x.folded and x.stack == 0]
        if not seats:
            return "no" if q.said == "anyone" else "nobody", ["turn.in-turn"], "nobody is all-in.", {}
        names = ", ".join(self.who(i) for i in seats)
        return "yes" if q.said == "anyone" else ", ".join(self.eligible(seats)), ["turn.in-turn"], \
            f"all-in: {names} (no chips behind: they take no more turns and play only for what they have matched).", {}

    def _cap(self, q: Question):
        """The raise cap this round (cap.raises, cap.heads-up; TDA 2024 48, Robert's Betting and Raising #3-#4)."""
        from betlaw.model import cap as caps

        s = self.state
        how_many = q.said in ("how many", "cap", "cap bets")  # the raises left; the cap itself (in raises or bets)
        limit = caps.cap_in_force(s)
        counted = s.raises_counted  # before the opening, only short all-ins standing in for it (cap.raises)
        if q.said == "made":  # the raises made this round (limit: those counted toward the cap)
            name = self.game.streets[s.street].name
            if not self.game.structure.is_limit:
                made = sum(1 for a, st in zip(s.history, s.history_streets) if st == s.street and a.kind is Kind.RAISE)
                return str(made), ["raise.minimum"], (f"{made} raise{'' if made == 1 else 's'} on the {name}, short "
                                                      f"all-ins included ({self.game.structure.value} has no cap)."), {}
            cap = "" if limit is None else f"; the cap ({limit}) is lifted heads-up" if caps.lifted_heads_up(s) \
                else f"; the cap is {limit}"
            opened = "after the opening bet" if s.full_opened else \
                "(short all-ins before any full opening, the first standing in for it)" if counted else \
                self._unopened(s)
            return str(counted), ["cap.raises"], (f"{counted} raise{'' if counted == 1 else 's'} {opened} on the "
                                                  f"{name}, counted toward the cap{cap}."), {}
        if limit is None:
            why = "no-limit and pot-limit have no cap" if not self.game.structure.is_limit else \
                "these rules set no cap"
            return ("no cap" if how_many else "yes" if q.said.startswith("lifted") else "no"), ["cap.raises"], \
                f"no cap: {why}.", {}
        if q.said in ("lifted heads-up", "in force heads-up") and not caps.heads_up_now(s):
            rule = s.rules["cap-heads-up"]  # asked before the pot is heads-up: the rule set's answer
            text = {"applies": f"the cap ({limit} raises) applies heads-up too under these rules (cap-heads-up=applies).",
                    "lifted": f"once only two players can bet, the cap ({limit} raises) is lifted under these rules "
                              f"(cap-heads-up=lifted).",
                    "lifted-if-heads-up-before-cap": f"the cap ({limit} raises) is lifted once only two players can "
                              f"bet, if the pot goes heads-up before the cap is reached (cap-heads-up={rule})."}[rule]
            lifts = rule != "applies"
            if rule == "lifted-if-heads-up-before-cap" and s.capped_multiway:
                lifts, text = False, (f"the cap ({limit} raises) was reached with more than two players able to bet, "
                                      f"so it stays this round even heads-up (cap-heads-up={rule}).")
            return ("yes" if lifts == q.said.startswith("lifted") else "no"), ["cap.raises", "cap.heads-up"], text, {}
        if q.said.startswith(("lifted", "in force")):  # is the cap lifted (off) / in force (on)? whether it applies now
            lifted = caps.lifted_heads_up(s)
            text = (f"the cap ({limit} raises) does not apply now: only two players can bet and under these rules "
                    f"it is lifted heads-up (cap-heads-up={s.rules['cap-heads-up']})." if lifted else
                    f"the cap ({limit} raises after the opening bet) applies this round; {counted} counted so far"
                    + (", so it is reached" if caps.cap_reason(s) is not None else "")
                    + _heads_up_cap_note(s))
            return ("yes" if lifted == q.said.startswith("lifted") else "no"), ["cap.raises", "cap.heads-up"], text, {}
        if q.said == "cap bets":  # "how many bets are allowed?": the opening bet and the raises
            lifted = caps.lifted_heads_up(s)
            return ("no cap" if lifted else str(limit + 1)), ["cap.raises", "cap.heads-up"], (
                f"{limit + 1} bets a round under these rules: the opening bet and {limit} raises (cap-heads-up="
                f"{s.rules['cap-heads-up']})." + (" Heads-up it is lifted now: no cap this round." if lifted else "")), {}
        if q.said == "cap":
            limit_text = f"a bet and {limit} raises"
            lifted = caps.lifted_heads_up(s)
            two_round = "" if limit == s.rules["cap"] else \
                f" in a game of {len(self.game.streets)} betting rounds (the preset's value for two-round games, " \
                f"Robert's Betting and Raising #3; cap={s.rules['cap']} otherwise; --rule cap=N sets one cap for all)"
            return ("no cap" if lifted else str(limit)), ["cap.raises", "cap.heads-up"], (f"the cap is {limit_text} a round under these rules "
                                                               f"(cap={limit}{two_round}, cap-heads-up="
                                                               f"{s.rules['cap-heads-up']}).") + \
                (" Heads-up it is lifted now: no cap this round." if lifted else ""), {}
        reason = caps.cap_reason(s)
        name = self.game.streets[s.street].name
        rule = s.rules["cap-heads-up"]
        if reason is None and caps.lifted_heads_up(s):
            text = (f"not capped: only two players can bet, and under these rules the cap ({limit} raises) does "
                    f"not apply heads-up (cap-heads-up={rule}).")
            return ("no cap" if how_many else "no"), ["cap.raises", "cap.heads-up"], text, {}
        if reason is not None:
            text = (f"capped: {counted} raise{'' if counted == 1 else 's'} after the opening bet on the {name}, the cap is {limit} "
                    f"({s.describe_reason(reason)}).")
            if not s.full_opened:  # short all-ins counted toward the cap stand in for the opening bet
                text = (f"capped: {s.raises_counted} short all-in bets and raises on the {name} count toward the cap, "
                        f"the first as the opening bet; the cap is {limit} raises after it ({s.describe_reason(reason)}).")
            return ("0" if how_many else "yes"), list(reason.clauses), text, {}
        opened = "after the opening bet" if s.full_opened else self._unopened(s)
        plural = lambda k: f"{k} raise" + ("" if k == 1 else "s")  # noqa: E731
        if not s.full_opened and s.call_level > 0 and sizing.completion_target(s) is None:
            # The round's opening is itself a raise (over the blinds under voluntary-increments, over a
            # short all-in bet under after-short-allin=raise-on-top): it is not counted, the cap's raises
            # come after it; a counted short all-in bet already stands in for it (cap.raises).
            left, short = limit - s.raises_counted + 1, s.raises_counted
            if short:
                text = (f"not capped: the short all-in{'s' if short > 1 else ''} on the {name} count{'' if short > 1 else 's'} toward the cap "
                        f"as the opening bet{' and raises' if short > 1 else ''}; the cap is {limit} raises after the "
                        f"opening, so {plural(left)} may be made.")
            else:
                text = (f"not capped: nobody has opened the {name} with a full bet or raise yet; the cap is {limit} "
                        f"raises after the opening, so {plural(left)} may be made, the first opening the round.")
            return (str(left) if how_many else "no"), ["cap.raises"], text, {}
        text = (f"not capped: {plural(counted)} {opened} on the {name}; the cap is {limit}, so "
                f"{limit - counted} more may be made.")
        if s.short_counted and s.rules["after-short-allin"] == "complete":  # cap.raises: its completion is the
            # same raise (seed 002); under raise-on-top there is no completion, and a raise on top counts
            text += " A short all-in counted among them; completing it will not count again."
        return (str(limit - counted) if how_many else "no"), ["cap.raises"], text, {}

    @staticmethod
    def _unopened(s) -> str:
        """Why no raise counts yet in a round not opened by a full bet (cap.raises)."""
        if s.bring_in_round:
            return ("(only the bring-in so far: the completion is the opening bet)" if s.call_level <= s.game.bring_in
                    else "(the bring-in and all-ins short of the completion so far: the completion is the opening bet)")
        if s.call_level > 0 and not (s.street == 0 and s.game.blind_game):
            return "(the only bets so far are all-ins short of a full bet, which open nothing)"
        return "(nobody has opened yet)"

    def _reopened(self, q: Question):
        """Is the betting open to pN, as it stands: may pN raise at the turn (TDA 2024 47; Robert's Betting and
        Raising #6: the full-bet and half-bet rules, the cap)? For the player to act, "can pN raise?". "Is the
        action closed for pN?" asks the same the other way round. "Does Carol get an option?" of a player who
        posted a blind or brings in asks for the blind's option (option.big-blind), not whether she may raise."""
        g = self.game
        if q.said == "get-option":
            seat = self.seat_for(q.player)
            if g.forced_bets_paid(seat)[1] > 0 or (g.stud and seat == g.bring_in_seat):
                from .standing import option
                return option(self, q)
        answer, clauses, text, extra = self._open_to(q)
        if q.said == "closed":
            answer = {"yes": "no", "no": "yes"}[answer]
            text = f"{answer}: {text.split(': ', 1)[1]}"
        return answer, clauses, text, extra

    def _open_to(self, q: Question):
        s = self.state
        seat = self.seat_for(q.player)
        me = s.seats[seat]
        if s.hand_over or me.folded or me.stack == 0:
            why = "the hand is over" if s.hand_over else "folded" if me.folded else "all-in"
            return "no", ["round.over-no-action" if s.hand_over else "turn.in-turn"], \
                f"no: {self.who(seat)} has no more decisions ({why}).", {}
        refusal = s.raise_refusal(seat)
        if refusal is None:
            when = "now" if s.actor == seat else "when the turn comes"
            why = list(s._raise_right_clauses(seat)) or ["raise.reopens"]  # reopen.cumulative, option.big-blind, ...
            return "yes", why, f"yes: as the betting stands, {self.who(seat)} may raise {when}.", {}
        return "no", list(refusal.clauses), (f"no: as the betting stands, {self.who(seat)} may not raise "
                                             f"({s.describe_reason(refusal, seat)})."), {"reason": refusal.code}

    def _brings_in(self, q: Question):
        """Stud's bring-in: the seat the hand gives (the low card; razz the high), who acts first on the
        first round (turn.stud-bring-in, stud.bring-in)."""
        g = self.game
        if not g.stud:
            return "nobody", ["forced.blinds-live"], "nobody: a bring-in is a stud rule; in this game the blinds open.", {}
        seat = g.bring_in_seat
        if seat is None:
            return "unknown", ["turn.stud-bring-in"], "the hand does not say who brings in (no up cards, no " \
                                                      "_betlaw_bring_in_seat, no 'pb' action).", {}
        text = (f"{self.who(seat)} brings in ({self.show(g.bring_in)}), or may open for a full bet: "
                f"the bring-in acts first on the first round.")
        return self.label(seat), ["turn.stud-bring-in", "stud.bring-in"], text, {}

    def _opened(self, q: Question):
        """Who opened the betting of the round now being played (or just closed): the first voluntary
        bet (seed 000, open.first-bet); in a blind game's first round the blind bets open it
        (forced.blinds-live), in stud the bring-in or a completion."""
        s = self.state
        street = self.played.closed_street if self.played.round_closed else s.street
        name = self.game.streets[street].name
        taken = [a for a, st in zip(s.history, s.history_streets) if st == street]
        aggressive = next((a for a in taken if a.kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE, Kind.BRING_IN)), None)
        if street == 0 and any(self.game.blinds):
            big = max(range(len(self.game.blinds)), key=lambda i: (self.game.blinds[i], -i))
            raised = next((a for a in taken if a.kind in (Kind.RAISE, Kind.BET, Kind.COMPLETE)), None)
            then = (f"; the first raise was {self.who(raised.seat)}'s, to {self.show(raised.to)}" if raised else
                    "; nobody has raised yet")
            posted = self.game.forced_bets_paid(big)[1]
            short = f", posted all-in for {self.show(posted)}" if posted < self.game.blinds[big] else ""
            return self.label(big), ["open.first-bet", "forced.blinds-live"] + (["forced.short-blind"] if short else []), (
                f"the blinds opened the {name} betting: in a game with blinds the blind bets open the pot and "
                f"the others call or raise the largest blind ({self.who(big)}'s {self.show(self.game.blinds[big])}"
                f"{short}){then}."), {}
        if aggressive is None:
            checked = [a for a in taken if a.kind is Kind.CHECK]
            so_far = " (every player so far has checked)" if checked else ""
            return "nobody", ["open.first-bet"], f"nobody has opened the {name} betting yet{so_far}.", {}
        if aggressive.kind is Kind.BRING_IN:
            behind = self.game.starting_stacks[aggressive.seat] - self.game.forced_bets_paid(aggressive.seat)[0]
            posted = min(self.game.bring_in, behind)
            how = f"with the bring-in of {self.show(posted)}" + (" (all-in)" if posted < self.game.bring_in else "")
        else:
            verb = {Kind.BET: "with a bet to", Kind.COMPLETE: "by completing to", Kind.RAISE: "raising to"}
            how = f"{verb[aggressive.kind]} {self.show(aggressive.to)}"
        clauses = ["open.first-bet"] + (["stud.bring-in"] if aggressive.kind in (Kind.BRING_IN, Kind.COMPLETE) else [])
        return self.label(aggressive.seat), clauses, f"{self.who(aggressive.seat)} opened the {name} betting {how}.", {}

    def _turn(self, q: Question):
        s = self.state
        s.require_actor_known()
        if s.actor is None:
            return "no", ["round.over-no-action"], "no: " + self._over_text(), {}
        seat = s.actor if q.player is None else self.seat_for(q.player)  # "is it my turn?": the player to act
        from betlaw.model.turn_order import turn_clauses

        if seat == s.actor:
            return "yes", turn_clauses(s), f"yes: {self.who(seat)} is to act. {self.may_text(seat)}.", {}
        return "no", ["turn.in-turn"], f"no: it is {self.who(s.actor)}'s turn{self.state.out_of_the_betting(seat)}.", {}

    def _hand(self, q: Question):
        s = self.state
        if s.hand_over:
            return "yes", ["round.end", "hand.streets"], "yes: " + self._over_text(), {}
        street = self.game.streets[s.street].name
        who = "who opens it is not given" if s.actor is None else f"{self.who(s.actor)} is to act"
        return "no", ["round.end", "turn.in-turn"], f"no: the betting goes on, on the {street}; {who}.", {}

    def _opener_by_the_cards(self, q: Question):
        """A stud round whose opener the hand does not give (the cards that decide it are not dealt or
        not written, turn.stud-first-later): whose turn it is, and so what anyone may do now, is unknown."""
        s = self.state
        if s.opener_unknown is None or not self.game.stud or s.street == 0 or self.premised:
            return None
        return "unknown", ["turn.stud-first-later"], f"unknown: {self._who(q)[2]}.", {}

    def _what(self, q: Question):
        s = self.state
        if (unknown := self._opener_by_the_cards(q)) is not None:
            return unknown
        s.require_actor_known()
        if s.actor is None:
            return "nothing", ["round.over-no-action"], self._over_text(), {}
        seat = s.actor if q.player is None else self.seat_for(q.player)
        if seat != s.actor:
            gone = self.state.out_of_the_betting(seat)
            facing = ""
            answer = "nothing" if not q.focus else f"not {self.who(seat)}'s turn"
            if not gone:  # what the bet asks of them now; a raise before their turn would add to it
                me, owed = s.seats[seat], s.owed(seat)
                call, call_to = self.show(min(owed, me.stack)), self.show(me.bet + min(owed, me.stack))
                facing = (f"; as the betting stands {self.who(seat)} would have {call} to call (to {call_to})" if owed
                          else f"; as the betting stands {self.who(seat)} would have nothing to call")
                if s.bring_in_pending and seat != s.actor:  # review EE: the forced bring-in comes before their turn
                    facing = (f"; {self.who(s.actor)}'s bring-in comes first (stud.bring-in), so at the turn "
                              f"{self.who(seat)} faces at least it: fold, call or complete")
                if q.focus == "call":  # "how much does Bob need to call?": as the betting stands
                    answer = (f"call {call} (to {call_to}){' all-in' if owed >= me.stack else ''}" if owed
                              else "nothing to call")
            if self.scenario.talk and not q.focus:  # talk that already binds them (an out-of-turn fold, TDA 2024 53-A)
                from .talk_answers import bound_options

                bound = bound_options(self, seat)
                if bound is not None:
                    text, talk_clauses, why, talk = bound
                    return text, ["turn.in-turn"] + talk_clauses, f"it is {self.who(s.actor)}'s turn, not " \
                                                                   f"{self.who(seat)}'s; {why}", talk
            # what a player not to act may do, the least or most raise: whether a raise will be open to them
            # (TDA 2024 47-A)
            later = self._when_turn_comes(seat, Kind.RAISE, either=q.focus is not None) \
                if q.focus in (None, "min", "max", "by", "pot", "potting") and not gone and not s.bring_in_pending else ""
            if self.scenario.talk and not gone:  # their out-of-turn talk decides the turn first (TDA 2024 53-A)
                from .talk_answers import pending_note

                if (note := pending_note(self, seat)) is not None:
                    later = f"; {note.rstrip('.')}"
            return answer, ["turn.in-turn"], \
                f"it is {self.who(s.actor)}'s turn, not {self.who(seat)}'s{gone}{facing}{later}.", {}
        clauses = [c for kind_clauses in self.legal.clauses.values() for c in kind_clauses] + self._why_no_raise()
        if self.scenario.talk:  # what the player's own table talk binds them to comes first (docs/table-talk.md)
            from .talk_answers import bound_options, restricted_options

            bound = bound_options(self, seat)
            if bound is not None:
                return bound
            restricted = restricted_options(self, seat, q.focus)
            if restricted is not None:
                return restricted
        if q.focus:
            return self._focus(q.focus, seat)
        return self.options_text(), clauses, f"{self.who(seat)} may {self.options_text()}.", {}

    def _why_no_raise(self) -> list[str]:
        """The clauses that keep the player to act from betting or raising, when neither is open (the
        betting not reopened, TDA 2024 47; the cap, 48; no one left to raise, ...): a list of options
        names what decides what is missing from it too."""
        L = self.legal
        if L.bet_or_raise is not None or L.complete_to is not None or L.bring_in is not None:
            return []
        reason = L.refusals.get(Kind.RAISE if L.call is not None else Kind.BET)
        return list(reason.clauses) if reason is not None else []

    def _full_blinds(self, seat: int) -> tuple[str, list[str]]:
        """The note and clause for a pre-flop pot counted with blinds never posted (TDA 2024 54-B), if any."""
        missing = sizing.blinds_not_posted(self.state, seat)
        if not missing:
            return "", []
        return (f", counting the blinds in full: {self.show(missing)} of them never posted, TDA 2024 54-B",
                ["pot-limit.full-blinds"])

    def _focus(self, focus: str, seat: int, legal=None):
        """One part of the options: the least or most the actor may bet or raise to (TDA 2024 43-B:
        "to" amounts), or the call; the explanation then gives every option. ``legal``: another oracle's
        options, shaped like the model's (:func:`betlaw.conformance.oracles.answer`)."""
        L, s = legal or self.legal, self.state
        may = f"{self.who(seat)} may {self.options_text(legal)}."
        if focus == "pot":  # the call, then the pot after the call (Robert's No-Limit and Pot-Limit; TDA 2024 54)
            if self.game.structure.is_limit:
                return "not pot-limit", ["limit.fixed-sizes"], (f"no pot-sized bets in {self.game.structure.value}: "
                                                                f"the sizes are the round's. {may}"), {}
            to = s.call_level + sizing.pot_after_call(s, seat)
            verb = "bet" if s.call_level == 0 or (L.bet_or_raise and L.is_bet) else "raise"
            within = f"; but {self.who(seat)} may not {verb} here" if not L.bet_or_raise else (
                "; the most allowed here" if L.bet_or_raise[1] == to else
                f"; more than the most allowed here, {self.show(L.bet_or_raise[1])}" if L.bet_or_raise[1] < to else
                f"; below the least allowed here, {self.show(L.bet_or_raise[0])}" if L.bet_or_raise[0] > to else "")
            full, counted = self._full_blinds(seat)
            return f"{verb} to {self.show(to)}", ["pot-limit.maximum"] + counted, (
                f"a pot-sized {verb} is to {self.show(to)}: the call ({self.show(s.owed(seat))}) and then the pot after "
                f"it ({self.show(sizing.pot_after_call(s, seat))}{full}){within}. {may}"), {}
        if focus == "potting":  # a pot-sized bet or raise, or all the chips of a stack short of it (table stakes)
            if self.game.structure.is_limit:
                return self._focus("pot", seat, legal)
            if not L.bet_or_raise:  # no bet or raise open: as "what is the most pN can raise?" (TDA 2024 47-A)
                return self._focus("max", seat, legal)
            me = s.seats[seat]
            pot_to = s.call_level + sizing.pot_after_call(s, seat)
            lo, hi = L.bet_or_raise
            to = max(min(pot_to, me.stack + me.bet, hi), lo)  # the least bet or raise stands above a small pot
            verb = "bet" if L.is_bet else "raise"
            short = f" all-in: {self.who(seat)}'s chips fall short of a pot-sized {verb} (to {self.show(pot_to)})" \
                if to == me.stack + me.bet and to < pot_to else ""
            floor = (f": the least {verb} allowed, above a pot-sized one (to {self.show(pot_to)})" if to > pot_to
                     else "")
            full, counted = self._full_blinds(seat)
            return f"{verb} to {self.show(to)}", ["pot-limit.maximum" if self.game.structure is Structure.POT_LIMIT
                                                  else "no-limit.maximum"] + counted + (
                list(L.clauses.get(Kind.BET if L.is_bet else Kind.RAISE, ())) if floor else []), (
                f"potting is a {verb} to {self.show(to)}{short}{floor}; a pot-sized {verb} is the call "
                f"({self.show(s.owed(seat))}) and then the pot after it ({self.show(sizing.pot_after_call(s, seat))}"
                f"{full}). {may}"), {}
        if focus == "call":
            if L.call is None:
                return "nothing to call", ["call.match"], f"nothing to call: {may}", {}
            allin = " all-in" if L.call == s.seats[seat].stack else ""
            text = f"call {self.show(L.call)} (to {self.show(s.seats[seat].bet + L.call)}){allin}"
            return text, list(L.clauses.get(Kind.CALL, ())), f"{text}: {may}", {}
        if L.bet_or_raise and focus == "by":  # "how much can p4 raise by?": the chips over the current bet
            lo, hi = L.bet_or_raise
            verb, kind = ("bet", Kind.BET) if L.is_bet else ("raise", Kind.RAISE)
            by = self.show(lo - s.call_level) if lo == hi else f"{self.show(lo - s.call_level)}-{self.show(hi - s.call_level)}"
            to = self.show(lo) if lo == hi else f"{self.show(lo)}-{self.show(hi)}"
            if L.amounts:  # the two ends only (stud.open-pair: the small or the big bet)
                by, to = self.game.show_either([x - s.call_level for x in L.amounts]), self.game.show_either(L.amounts)
            return f"{verb} by {by} (to {to})", list(L.clauses.get(kind, ())), (
                f"over the current bet of {self.show(s.call_level)}, a {verb} of {by} is a {verb} to {to} (amounts are "
                f"'to' amounts, TDA 2024 43-B). {may}"), {}
        if L.bet_or_raise:
            lo, hi = L.bet_or_raise
            verb, kind = ("bet", Kind.BET) if L.is_bet else ("raise", Kind.RAISE)
            end = lo if focus == "min" else hi
            word = "minimum" if focus == "min" else "maximum"
            allin = " (all-in)" if end == s.seats[seat].stack + s.seats[seat].bet else ""
            return f"{verb} to {self.show(end)}", list(L.clauses.get(kind, ())), \
                f"the {word} {verb} is to {self.show(end)}{allin}. {may}", {}
        targets = _completion_targets(L)
        if L.complete_to is not None and focus in ("min", "max") and len(targets) > 1:  # stud.open-pair
            end = targets[0] if focus == "min" else targets[-1]
            word = "smallest" if focus == "min" else "largest"
            text = f"complete to {self.show(end)}"
            return text, list(L.clauses.get(Kind.COMPLETE, ())), (
                f"the only raise is the completion, to {self.completions(L)}: the {word} is to {self.show(end)}. "
                f"{may}"), {}
        if L.complete_to is not None and focus == "by":  # the completion's chips over the current bet
            by = self.game.show_either([x - s.call_level for x in targets])
            text = f"complete by {by} (to {self.completions(L)})"
            return text, list(L.clauses.get(Kind.COMPLETE, ())), (
                f"the only raise is the completion, {by} over the current bet of {self.show(s.call_level)}, to "
                f"{self.completions(L)} (amounts are 'to' amounts, TDA 2024 43-B). {may}"), {}
        if L.complete_to is not None:  # the only raise is the completion (seed 001; Robert's stud)
            text = f"complete to {self.completions(L)}"
            return text, list(L.clauses.get(Kind.COMPLETE, ())), f"the only raise is to {text}. {may}", {}
        verb = "bet" if L.call is None and not s.call_level else "raise"
        refusal = s.raise_refusal(seat)
        why = f": {s.describe_reason(refusal, seat)}" if refusal is not None else ""
        return f"no {verb}", list(refusal.clauses) if refusal is not None else [], \
            f"{self.who(seat)} may not {verb}{why}. {may}", {}

    def _round(self, q: Question):
        if q.said:  # "is the flop over?"
            from .standing import round_named

            return round_named(self, q, lambda q: self._round(Question(q.text, "round")))
        s = self.state
        if s.hand_over and s.winner() is not None:
            return "yes", ["round.all-fold", "round.end"], \
                f"yes: everyone else folded, {self.who(s.winner())} wins the pot.", {}
        if s.hand_over:
            return "yes", ["round.end", "hand.streets"], \
                "yes: the betting is over (all remaining bets are called or all-in).", {}
        if self.played.round_closed:
            street = self.game.streets[self.played.closed_street].name
            opener = "who opens the next round is not given" if s.actor is None else \
                f"next round opens with {self.who(s.actor)}"
            return "yes", ["round.end"] + (["round.free"] if s.last_round_free else []), \
                f"yes: every live player has acted and the bets are equal on the {street}; {opener}.", {}
        s.require_actor_known()
        return "no", ["round.end", "turn.in-turn"], f"no: {self.who(s.actor)} still has to act.", {}

    def _over_text(self) -> str:
        s = self.state
        if s.winner() is not None:
            return f"the hand is over: {self.who(s.winner())} wins, everyone else folded."
        return "the betting is over for this hand."

    # ------------------------------------------------------------ can pN <verb>?

    def seat_for(self, player: str | None) -> int:
        """The seat a question names; None ("I", "the player to act") is the player to act. A pronoun no
        player is named ("can he raise?") is the player to act, where the question's premises name nobody
        else it could mean (a premise's pronoun, or one after premises naming players, is refused)."""
        if player is not None and not self.scenario.is_pronoun(player):
            return self.scenario.seat_of(player)
        if player is not None and self.premise_players:
            raise ScenarioError("question", f"{player!r}: which player? the premises name "
                                            f"{', '.join(self.premise_players)}; name the player")
        self.state.require_actor_known()
        if self.state.actor is None:
            raise ScenarioError("question", "nobody is to act (the betting is over), so the question must name "
                                            "a player")
        return self.state.actor

    def _can(self, q: Question):
        if q.recorded:  # "was David's raise legal?": the recorded action, judged where it was taken
            from .recorded import judge

            judged = judge(self, q)
            if judged is not None:
                return judged
        seat = self.seat_for(q.player)
        s = self.state
        if (unknown := self._opener_by_the_cards(q)) is not None:
            return unknown
        if s.opener_unknown is not None and self.game.stud and self.premised and self.played.round_closed:
            # the premises closed the round ("if everyone calls, can the bring-in complete?"): it is over, and who
            prev = self.game.streets[s.street - 1].name  # opens the next is by the cards, not given
            if q.street or q.verb not in (Kind.COMPLETE, Kind.BRING_IN):  # "... can p2 bet (on fifth street)?": that
                # depends on who opens it (as asked with no premise, review DY); a completion was the closed round's
                return "unknown", ["turn.stud-first-later"], (
                    f"unknown: the {prev} betting is over; {self._who(q)[2]}; {self.who(seat)} may "
                    f"{q.verb} there if the turn comes with the betting as the rules allow it"), {}
            return "no", ["round.over-no-action", "turn.stud-first-later"], (
                f"no: the {prev} betting is over; {self._who(q)[2]}"), {}
        to = self.to_amount(q)
        if q.by:
            answer, clauses, text, extra = self._can_to(q, seat, to)
            return answer, clauses, f"{text} ({q.verb} by {self.show(to - s.call_level)} over the current bet of " \
                f"{self.show(s.call_level)} is a {q.verb} to {self.show(to)})", extra
        answer, clauses, text, extra = self._can_to(q, seat, to)
        if q.pot and q.share != 1 and to is not None:
            text = f"{text.rstrip('.')} ({self._pot_share(q, seat, to)})."
        if answer == "no" and q.verb is Kind.RAISE and q.amount is not None and not (q.to or q.times or q.pot) \
                and to is not None and to <= s.call_level:  # "raise 4" facing 6: read as "to" (TDA 2024 43-B)
            text = text.rstrip(".") + (f". An amount alone is the total a raise goes to (TDA 2024 43-B); to raise "
                                       f"by {self.show(to)}, to {self.show(s.call_level + to)}, ask 'can "
                                       f"{self.label(seat)} raise by {self.show(to)}?'.")
        return answer, clauses, text, extra

    def to_amount(self, q: Question) -> int | None:
        """The question's amount as a "to" amount in chip units (TDA 2024 rule 43-B): "raise by 50" over a
        current bet of 100 is a raise to 150."""
        if q.pot:  # the call, then the pot after the call (Robert's No-Limit and Pot-Limit; TDA 2024 rule 54);
            seat = self.seat_for(q.player)  # a stack short of that: "pot" is all of it (table stakes)
            me = self.state.seats[seat]  # "half pot": that share of the pot after the call, in whole chips
            share = math.floor(q.share * sizing.pot_after_call(self.state, seat))
            return min(self.state.call_level + share, me.stack + me.bet)
        if q.amount is None:
            return None
        if q.times:  # "raise to 3x": three times the current bet
            if self.state.call_level == 0:
                raise ScenarioError("question", f"'{q.amount}x' multiplies the current bet, and there is none")
            to = q.amount * self.state.call_level
            if to != to.to_integral_value():
                raise ScenarioError("question", f"'{q.amount}x' of {self.show(self.state.call_level)} is not a whole "
                                                f"number of chips")
            return int(to)
        if q.blinds:  # "raise to 3bb": three of the stakes' big blind (a straddle is not the big blind)
            big = self._stakes_big_blind()
            if not big:
                raise ScenarioError("question", f"'{q.amount}bb' counts big blinds, and this game has none")
            to = q.amount * big
            if to != to.to_integral_value():
                raise ScenarioError("question", f"'{q.amount}bb' of {self.show(big)} is not a whole number of chips")
            return int(to) + (self.state.call_level if q.by else 0)
        return self._units(q.amount) + (self.state.call_level if q.by else 0)

    def _pot_share(self, q: Question, seat: int, to: int) -> str:
        """How "half pot" came to ``to``: the share of the pot after the call, over the call (as a pot-sized
        bet or raise, Robert's No-Limit and Pot-Limit; TDA 2024 rule 54), in whole chips, within the stack."""
        s = self.state
        pot = sizing.pot_after_call(s, seat)
        exact = q.share * pot
        share = f"{q.share.numerator}/{q.share.denominator}" if q.share.denominator != 1 else f"{q.share.numerator}x"
        said = f"{share} of the pot{' after the call' if s.call_level else ''} ({self.show(pot)}) is "
        said += self.show(int(exact)) if exact.denominator == 1 else \
            f"{self.show(math.floor(exact))} in whole chips (rounded down)"
        over = f"over the current bet of {self.show(s.call_level)} " if s.call_level else ""
        me = s.seats[seat]
        capped = " (all the stack)" if to == me.stack + me.bet and s.call_level + math.floor(exact) > to else ""
        return f"{said}: a {'raise' if s.call_level else 'bet'} {over}to {self.show(to)}{capped}"

    def _stakes_big_blind(self) -> int:
        """The big blind as the stakes say, posted or not (TDA 2024 54-B counts an unposted one)."""
        g = self.game
        if not g.blind_game:
            return 0
        place = g.blind_positions[1]
        bb = g.blind_seats[1]
        return g.full_blinds[place] if g.full_blinds else (g.position_blinds[bb] if bb is not None else 0)

    def _can_to(self, q: Question, seat: int, to: int | None):
        if self.scenario.talk:  # table talk that binds this player decides first (docs/table-talk.md)
            from .talk_answers import can_hook, released_note

            decided = can_hook(self, seat, q.verb, to)
            if decided is not None:
                return decided
            released = released_note(self, seat)
            if released is not None:  # every option back (TDA 53-A): the betting rules answer, the talk noted
                answer, clauses, text, extra = self._can_by_the_rules(q, seat, to)
                return answer, clauses + ["oot.changed"], f"{text} ({released})", extra
        return self._can_by_the_rules(q, seat, to)

    def _can_by_the_rules(self, q: Question, seat: int, to: int | None):
        s, L = self.state, self.legal
        if q.verb == ALL_IN:
            return self._can_all_in(seat, to, by_calling=q.said.startswith(("call", "see")), to_amount=q.to,
                                    by_raising=VERBS.get(re.sub(r" all[- ]?in$", "", q.said)) in (Kind.BET, Kind.RAISE))
        me = s.seats[seat]
        if q.said == "check-raise" and to is None and not me.folded and me.stack > 0 and s.actor is not None \
                and not (me.checked and s.actor == seat):  # checked and facing a bet now: the raise itself
            return self._can_check_raise(seat)
        kind, to, refused = self.formal(q, seat, to)
        if refused is not None:
            return refused
        action = Action(seat, kind, to if kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE) else None)
        try:
            verdict = s.verify(action)
        except IllegalAction as err:
            if kind is Kind.BET and seat == s.actor and s.call_level > 0 and err.reason is not Reason.BET_FACING_BET:
                try:  # "can Bob bet 30?" facing a bet: a bet there is a raise, refused for its own reason too
                    s.verify(Action(seat, Kind.RAISE, to))
                except IllegalAction as raise_err:
                    return "no", list(dict.fromkeys(list(Reason.BET_FACING_BET.clauses) + list(raise_err.clauses))), (
                        f"no: there is already a bet of {self.show(s.call_level)}, so a bet here would be a raise, "
                        f"and {raise_err.message}."), {"reason": err.reason.code}
            if kind is Kind.BET and err.reason is Reason.BET_FACING_BET and to is not None and seat == s.actor \
                    and s.can(Action(seat, Kind.RAISE, to)):  # review EN: say what the player may do instead
                return "no", list(err.clauses), (f"no: {err.message}; a raise to {self.show(to)} is open to "
                                                 f"{self.who(seat)}."), {"reason": err.reason.code}
            return "no", list(err.clauses), "no: " + err.message + self._when_turn_comes(seat, kind) + ".", \
                {"reason": err.reason.code}
        clauses = list(L.clauses.get(kind, ()))
        if verdict.penalized:
            return "yes", clauses + list(verdict.clauses), \
                f"yes, but it is penalised: {self.who(seat)} could check (TDA 2024 rule 58).", {"penalized": True}
        return "yes", clauses, "yes: " + self._yes_text(seat, kind, to), {"penalized": False}

    def _poker_word(self, q: Question):
        """A "no" where the question's own word does not fit the betting, whatever the rules allow: "limp"
        (calling the big blind pre-flop, before any raise) and "N-bet" (the round's Nth bet: pre-flop the
        big blind is the first, the first raise the second), else None."""
        s = self.state
        street = self.game.streets[s.street].name
        voluntary = [a for a, st in zip(s.history, s.history_streets)
                     if st == s.street and a.kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE)]
        if q.said.startswith("limp") and self.game.blind_game:
            if s.street != 0:
                return "no", ["call.match"], (f"no: a limp is a call of the big blind before the flop; on the {street} "
                                              f"a call is just a call (ask 'can {q.player or 'pN'} call?')."), {}
            if any(a.kind is Kind.RAISE for a in voluntary):
                return "no", ["call.match"], (f"no: a limp is a call of the big blind (a word check, not a rule), and "
                                              f"the pot has been raised to "
                                              f"{self.show(s.call_level)}: calling now is a flat call (ask 'can "
                                              f"{q.player or 'pN'} call?')."), {}
        number = {"two": "2", "three": "3", "four": "4", "five": "5"}
        if (m := re.fullmatch(r"(\d|two|three|four|five)-?bet", q.said)) and q.verb is Kind.RAISE:
            asked = number.get(m.group(1), m.group(1))
            # pre-flop the big blind is the first bet and each straddle above it one more (a blind raise);
            # in stud the bring-in is not counted: the completion is the first bet, as in the cap's count
            levels = len({b for b in self.game.position_blinds if b > 0}) - 1
            forced = max(1, levels) if s.street == 0 and self.game.blind_game else 0
            nxt = forced + len(voluntary) + 1
            if nxt == 1:
                brought_in = s.street == 0 and any(a.kind is Kind.BRING_IN for a in s.history)
                return "no", ["stud.completion" if brought_in else "open.first-bet"], (
                    f"no: the next wager on the {street} is "
                    + ("the completion of the bring-in, the first full bet" if brought_in else
                       "the opening bet: nothing has been bet yet") + f", not a {asked}-bet."), {}
            if int(asked) != nxt:
                opening = " (the big blind counts as the first bet, the straddle as the second)" if forced == 2 else \
                    f" (the big blind counts as the first bet, the straddles as the next {forced - 1})" if forced > 2 else \
                    " (the big blind counts as the first bet)" if forced else ""
                return "no", ["raise.minimum"], (f"no: the next raise on the {street} would be the {nxt}-bet"
                                                 f"{opening}, not a {asked}-bet (a word check, not a rule: "
                                                 f"ask 'can {q.player or 'pN'} raise?')."), {}
        return None

    def _can_check_raise(self, seat: int):
        """"Can Alice check-raise?": may she check at her turn (the players before her checking or calling, as the
        betting stands), then raise a bet made after her (Robert's Betting and Raising #1, seeds 000 and 002; the
        check-raise switch)? Asked after she checked: may a bet still come and she raise it. Not if she faces a bet
        now, would end the round by checking, the cap (cap.raises) or her stack leaves no raise over a bet."""
        from betlaw.model import cap as caps

        s, who, me = self.state, self.who(seat), self.state.seats[seat]
        ahead = {"check_raise_ahead": True}
        street = self.game.streets[s.street]
        smallest_bet = street.spread[0] if street.spread else street.bet_size

        def cannot_raise_over_a_bet():
            """The cap or the stack rules out a raise over a bet, or None."""
            if s.call_level > me.bet:  # a bet already faces her
                reason = caps.cap_reason(s)
                if reason is not None:
                    return "no", list(reason.clauses), f"no: {s.describe_reason(reason)}.", ahead
                if me.stack <= s.owed(seat):
                    return "no", ["raise.all-in-exception"], f"no: calling the bet takes all of {who}'s chips.", ahead
                return None
            if caps.cap_in_force(s) == 0:
                return "no", ["cap.raises"], "no: the cap allows a bet and no raise.", ahead
            if me.stack <= smallest_bet:
                return "no", ["raise.all-in-exception"], (f"no: any bet would take all of {who}'s chips to call, "
                                                         f"so no raise could follow."), ahead
            return None

        if me.checked:  # checked already, not to act: a bet still to come would let the player raise
            if not any(turn_order.needs_to_act(s, i) for i in range(self.game.seats) if i != seat) \
                    and s.call_level <= me.bet:
                return "no", ["round.end"], f"no: {who} has checked and nobody left to act can bet after it.", ahead
            if s.rules["check-raise"] == "forbidden":
                return "no", ["check-raise"], (f"no: {who} has checked, and check-raising is forbidden under these "
                                               f"rules."), ahead
            return cannot_raise_over_a_bet() or ("yes", ["check-raise"], (
                f"yes: {who} has checked; if someone bets, {who} may raise when the action comes back "
                f"(check-raising is allowed under these rules)."), ahead)
        if s.owed(seat) > 0:
            return "no", ["check.nothing-owed"], (f"no: {who} faces a bet ({self.show(s.owed(seat))} to call), so cannot "
                                                  f"check; a check-raise is a check, then a raise after a bet. "
                                                  f"Ask 'can {self.label(seat)} raise?' for a raise now."), ahead
        after = s.copy()  # as the betting stands: those before the player check or call (or bring in)
        while after.actor is not None and after.actor != seat and after.street == s.street and not after.hand_over:
            L = after.options()
            kind = Kind.CHECK if L.check else Kind.CALL if L.call is not None else Kind.BRING_IN
            after.apply(Action(after.actor, kind))
        if after.actor != seat or after.street != s.street or after.hand_over:
            return "no", ["round.end"], (f"no: as the betting stands, {who} has no turn coming in this round, so "
                                         f"cannot check and then raise."), ahead
        if after.owed(seat) > 0:
            return "no", ["check.nothing-owed"], (f"no: as the betting stands, {who} will face a bet, so cannot "
                                                  f"check."), ahead
        options = after.legal()
        if not options.check:  # the stud bring-in's turn: bring in or complete, no check (stud.bring-in)
            reason = options.refusals.get(Kind.CHECK)
            why = after.describe_reason(reason) if reason is not None else "a check is not among the options"
            return "no", list(reason.clauses) if reason is not None else ["check.nothing-owed"], (
                f"no: {who} may not check here ({why}), so cannot check and then raise."), ahead
        after.apply(Action(seat, Kind.CHECK))
        if after.hand_over or after.street != s.street or after.round_over:
            now = "" if s.actor == seat else "as the betting stands, "
            return "no", ["round.end"], (f"no: {now}{who}'s check would end the round (everyone else has acted), "
                                         f"so no bet can follow it to raise."), ahead
        if s.rules["check-raise"] == "forbidden":
            return "no", ["check-raise"], (f"no: check-raising is forbidden under these rules: {who} may check, but "
                                           f"then may not raise in this round."), ahead
        return cannot_raise_over_a_bet() or ("yes", ["check-raise"], (
            f"yes: {who} may check and, if someone bets after, raise (check-raising is allowed under these "
            f"rules)."), ahead)

    def _when_turn_comes(self, seat: int, kind: Kind, either: bool = True) -> str:
        """For a raise asked about a player still in but not to act: whether the betting, as it
        stands, will be open to them when their turn comes (TDA 2024 47-A: they must then face a full
        bet or raise in total since they acted)."""
        s = self.state
        if kind not in (Kind.BET, Kind.RAISE, Kind.COMPLETE) or seat == s.actor or s.actor is None:
            return ""
        me = s.seats[seat]
        if me.folded or me.stack == 0:
            return ""
        if me.acted and me.bet >= s.call_level:
            return f"; as the betting stands, {self.who(seat)} has no turn coming in this round (only a bet or " \
                   f"raise would give one)"
        refusal = s.raise_refusal(seat)
        word = "bet" if s.call_level == 0 else "raise"  # nothing bet yet: a bet at the turn, as things stand
        if refusal is None:
            return f"; as the betting stands, {self.who(seat)} may {word} when the turn comes"
        return f"; as the betting stands, {self.who(seat)} may not {word} when the turn comes" \
               f"{' either' if either else ''} ({s.describe_reason(refusal, seat)})"

    def formal(self, q: Question, seat: int, to: int | None):
        """The formal action a "can" question asks about, as (kind, to, refusal): players' words mapped
        onto the rules' actions. "Raise" or "bet" where the only raise is a completion is a completion
        (seed 001, Robert's stud: the bring-in "bets" the full amount by completing); "open" before
        any voluntary bet of a blind round is the first raise; a call may name the bet it calls, which
        a short stack calls all-in for less. ``refusal`` is a finished "no" answer, or None."""
        s, L = self.state, self.legal
        kind: Kind = q.verb
        if (refusal := self._poker_word(q)) is not None:
            return kind, to, refusal
        if seat != s.actor:
            return kind, to, None
        if kind in (Kind.BET, Kind.RAISE) and (q.pot or q.extreme) and L.bet_or_raise is not None:
            kind = Kind.BET if L.is_bet else Kind.RAISE  # "pot", "the max": a bet or a raise, whichever is open
        if q.extreme and to is None:  # "raise to the max", "bet the minimum": that end of the range open now
            if kind in (Kind.BET, Kind.RAISE) and L.bet_or_raise is not None:
                low, high = L.bet_or_raise
                to = high if q.extreme == "max" else low
            elif kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE) and L.complete_to is not None:
                targets = L.completion_targets
                kind, to = Kind.COMPLETE, targets[-1] if q.extreme == "max" else targets[0]
        if kind in (Kind.BET, Kind.RAISE) and L.complete_to is not None and L.bet_or_raise is None:
            kind = Kind.COMPLETE
        elif kind is Kind.COMPLETE and L.complete_to is None and L.bet_or_raise and sizing.spread_from_full_level(s):
            kind = Kind.BET if L.is_bet else Kind.RAISE  # spread limit: the raise from the full bet completes it
        elif kind is Kind.BET and q.said == "open" and s.street == 0 and s.game.blind_game and facing_opening_bet(s):
            kind = Kind.RAISE  # "open" pre-flop: the first raise over the blinds (the opening bet, TDA 51-B)
        elif kind is Kind.COMPLETE and L.complete_to is None and L.call is not None and s.street == 0 \
                and s.game.blind_game and 0 < s.seats[seat].bet < s.call_level and facing_opening_bet(s) \
                and to in (None, s.seats[seat].bet + L.call):
            # "the small blind completes": a blind making up the big blind calls it (TDA 3's "complete")
            mine = s.seats[seat]
            return kind, to, ("yes", list(L.clauses.get(Kind.CALL, ())),
                              f"yes: completing the blind is a call of {self.show(L.call)} (to "
                              f"{self.show(mine.bet + L.call)}); betlaw's 'complete' is taking an incomplete "
                              f"bet (a bring-in, a short all-in) to a full one, which is not open here.", {})
        if q.said in MIN_RAISE_WORDS and kind is Kind.RAISE and L.bet_or_raise is not None and not L.is_bet:
            low = L.bet_or_raise[0]  # "min-raise": the raise to the minimum (TDA 2024 rule 43-A)
            minimum = sizing.smallest_raise_to(s)
            if to is not None and to != low and low < minimum:  # short of the minimum: all-in is the least raise
                return kind, to, ("no", ["raise.minimum", "raise.all-in-exception"], (
                    f"no: the minimum raise is to {self.show(minimum)}, and {self.who(seat)} has only "
                    f"{self.show(low)} in all: the least raise {self.who(seat)} can make is all-in to "
                    f"{self.show(low)} (all-in for less), not to {self.show(to)}."), {})
            if to is not None and to != low:
                return kind, to, ("no", ["raise.minimum"], f"no: a min-raise is to {self.show(low)} (the minimum "
                                                           f"raise), not to {self.show(to)}.", {})
            to = low
        if kind is Kind.BRING_IN and to is not None and L.bring_in is not None and to != L.bring_in:
            complete = f" or complete to {self.show(L.complete_to)}" if L.complete_to is not None else ""
            return kind, to, ("no", ["stud.bring-in"],
                              f"no: the bring-in is a forced amount: {self.who(seat)} may bring in for "
                              f"{self.show(L.bring_in)}{complete}, not for {self.show(to)}.", {})
        if kind is Kind.CALL and to is not None and L.call is not None:
            mine = s.seats[seat]
            calls_all_in = L.call == mine.stack and to == s.call_level  # calling the bet faced, all-in for less
            # the most any opponent still in can put in: a call above it is returned (round.uncalled-bet), so
            # matching it is the call (a short all-in big blind under short-bb-call=full-bb, heads-up at the end)
            reach = max((o.bet + o.stack for i, o in enumerate(s.seats) if i != seat and not o.folded), default=0)
            # "call 5" may name the chips the call adds; "call to 5" names where it goes (TDA 2024 43-B)
            if (to == L.call) if q.adds else (
                    to in ((mine.bet + L.call,) if q.to else (L.call, mine.bet + L.call)) or calls_all_in
                    or mine.bet < to == reach < s.call_level):
                return kind, None, None
            return kind, to, ("no", ["call.match", "call.full-amount"],
                              f"no: a call is {self.show(L.call)} (to {self.show(mine.bet + L.call)}), "
                              f"not {'to ' if q.to else ''}{self.show(to)}{' more' if q.adds else ''}.", {})
        return kind, to, None

    def _yes_text(self, seat: int, kind: Kind, to: int | None) -> str:
        L, s = self.legal, self.state
        name = self.who(seat)
        all_in = " (all-in)" if to is not None and to == s.seats[seat].stack + s.seats[seat].bet else ""
        if kind is Kind.COMPLETE:
            amount = self.show(to) + all_in if to is not None else self.completions()
            only = f"the completion is to {self.completions()}" if L.complete_amounts else "the only raise here"
            return f"{name} may complete to {amount} ({only})."
        if kind in (Kind.BET, Kind.RAISE):
            lo, hi = L.bet_or_raise
            amount = f"to {self.show(to)}{all_in}" if to is not None else (
                f"to {self.show(lo)}" if lo == hi else f"to {self.game.show_either(L.amounts)}"
                if L.amounts else f"to anywhere from {self.show(lo)} to {self.show(hi)}")
            return f"{name} may {kind} {amount}."
        if kind is Kind.CALL:
            to_call = s.seats[seat].bet + L.call
            reach = max((o.bet + o.stack for i, o in enumerate(s.seats) if i != seat and not o.folded), default=0)
            back = f"; {self.show(to_call - reach)} of it no one can match and is returned (round.uncalled-bet)" \
                if s.seats[seat].bet < reach < to_call else ""
            return f"{name} may call {self.show(L.call)} (to {self.show(to_call)}){back}."
        if kind is Kind.BRING_IN:
            return f"{name} may bring in for {self.show(L.bring_in)}."
        return f"{name} may {kind}."

    def _can_all_in(self, seat: int, to: int | None = None, by_calling: bool = False, to_amount: bool = False,
                    by_raising: bool = False):
        """``to``: "all-in for 500" names the chips pushed or the total bet; "raise to 500 all-in"
        (``to_amount``) the total bet only (TDA 2024 43-B). ``by_raising`` ("raise all-in"): the all-in
        must be a bet or raise, not a call for less."""
        s, L = self.state, self.legal
        mine = s.seats[seat]
        if by_raising and not mine.folded and 0 < mine.stack <= s.owed(seat):
            return "no", ["call.all-in-for-less"], (
                f"no: {self.who(seat)} has {self.show(mine.stack)} behind and {self.show(s.owed(seat))} to call, so "
                f"putting every chip in {'is exactly the call' if mine.stack == s.owed(seat) else 'is a call for less'}"
                f", not a raise."), {}
        if by_calling and seat == s.actor and not (L.call is not None and L.call == mine.stack):
            call = "nothing is owed" if L.call is None else f"a call is {self.show(L.call)} of {self.show(mine.stack)}"
            return "no", ["call.match", "call.all-in-for-less"], f"no: {call}, so calling does not put {self.who(seat)} " \
                                                        f"all-in (putting every chip in would be a bet or raise).", {}
        if to is not None and to not in ((mine.stack + mine.bet,) if to_amount else (mine.stack, mine.stack + mine.bet)):
            stakes = "no-limit.maximum" if self.game.structure is Structure.NO_LIMIT else "call.all-in-for-less"
            return "no", [stakes], f"no: {self.who(seat)} has {self.show(mine.stack)} behind" \
                + (f" and {self.show(mine.bet)} in front" if mine.bet else "") \
                + f": all-in is to {self.show(mine.stack + mine.bet)}, not {self.show(to)}.", {}
        if seat != s.actor or L.actor is None:
            try:
                s.verify(Action(seat, Kind.CALL))
            except IllegalAction as err:
                return "no", list(err.clauses), "no: " + err.message + ".", {"reason": err.reason.code}
        stack_to = s.seats[seat].stack + s.seats[seat].bet
        name = self.who(seat)
        if L.call is not None and L.call == s.seats[seat].stack:
            return "yes", list(L.clauses.get(Kind.CALL, ())), f"yes: calling puts {name} all-in.", {}
        if L.bet_or_raise and L.bet_or_raise[1] == stack_to:
            kind = Kind.BET if L.is_bet else Kind.RAISE
            return "yes", list(L.clauses.get(kind, ())), f"yes: {name} may {kind} all-in to {self.show(stack_to)}.", {}
        if L.complete_to is not None and max(L.completion_targets) == stack_to:
            return "yes", list(L.clauses.get(Kind.COMPLETE, ())), f"yes: completing puts {name} all-in.", {}
        if L.bring_in is not None and L.bring_in == stack_to:
            return "yes", ["stud.bring-in"], f"yes: the bring-in puts {name} all-in.", {}
        kind = (Kind.BET if L.is_bet else Kind.RAISE) if L.bet_or_raise else (Kind.RAISE if s.call_level else Kind.BET)
        try:  # the model's own refusal of the all-in amount, in its words
            s.verify(Action(seat, kind, stack_to))
        except IllegalAction as err:
            return "no", list(err.clauses), f"no: {name} may not go all-in to {self.show(stack_to)}: " \
                + err.message + ".", {"reason": err.reason.code}
        reason = L.refusals.get(Kind.RAISE) or L.refusals.get(Kind.BET) or Reason.COVERED
        return "no", list(reason.clauses), f"no: {name} cannot put every chip in now ({reason.code}).", \
            {"reason": reason.code}

    def _units(self, amount: Decimal) -> int:
        units = whole_units(amount, self.game.unit)
        if units is None:
            raise ScenarioError("question", f"{amount} is not a whole number of chip units ({self.game.unit})")
        if abs(units) >= MAX_UNITS:  # as the hand's own amounts (review DF: read as an "inf" stack's)
            raise ScenarioError("question", f"{amount} is too large: betlaw reads amounts below {MAX_UNITS:.0e} "
                                            f"chips of {self.game.unit}")
        return units


def clause_titles(ids: list[str]) -> list[str]:
    """Each clause as the human output's "why" lists it: id, where the rule books state it, title."""
    cat = catalogue()
    return [f"{i} ({rule_refs(cat[i])}): {cat[i].title}" if i in cat and rule_refs(cat[i]) else
            f"{i}: {cat[i].title}" if i in cat else i for i in ids]


def _heads_up_cap_note(s) -> str:
    """Why a cap in force heads-up still holds (Robert's Betting and Raising #4; cap.heads-up)."""
    from betlaw.model import cap as caps

    rule = s.rules["cap-heads-up"]
    if not caps.heads_up_now(s):
        return "."
    if rule == "lifted-if-heads-up-before-cap" and s.capped_multiway:
        return (f" (heads-up too: it was reached while more than two players could bet, and under these rules it "
                f"then stays, cap-heads-up={rule}).")
    return f" (heads-up too: under these rules the cap applies heads-up, cap-heads-up={rule})."


def rule_refs(clause) -> str:
    """The rule texts a clause cites, shortly (``TDA 43-A; Robert's B&R #5; seed 001``): the rule books,
    then the seed documents by number (their quotes, and engine practice, are left to ``betlaw clauses``)."""
    refs = []
    for c in clause.citations:
        ref = f"TDA {c.tda}" if c.tda else f"Robert's {c.roberts}" if c.roberts else \
            f"seed {c.seed.split('_')[0]}" if c.seed else None
        if ref and ref not in refs:
            refs.append(ref)
    return "; ".join(refs)
