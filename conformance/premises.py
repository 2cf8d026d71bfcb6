"""Questions about the hand played on: "if p3 calls and p4 folds, can p1 raise?" (docs/asking.md).

Each premise action must be legal in turn, by the same rules as a "can" question; the hand is then
replayed with the premise actions added, and the question is answered at the moment after them.
"""
from __future__ import annotations

import dataclasses
import re

from betlaw.model.actions import Action, Kind
from betlaw.model.declarations import AGGRESSION
from betlaw.model.errors import IllegalAction
from betlaw.spec.rulesets import RuleSet

from .ask import Answerer
from .questions import ALL_IN, Question
from .scenario import Event, Scenario, ScenarioError

PHH_VERB = {Kind.FOLD: "f", Kind.CHECK: "cc", Kind.CALL: "cc", Kind.BRING_IN: "pb",
            Kind.BET: "cbr", Kind.RAISE: "cbr", Kind.COMPLETE: "cbr"}


def assume(scenario: Scenario, rules: RuleSet, question: Question, start: Answerer | None = None) -> Answerer:
    """The answerer for ``question`` at the moment after its premises (none: the hand as it is, ``start``
    if given), and, for a question about where the hand stands, after the player to act's binding talk in
    turn. ``assumed`` on the answerer lists the premise actions as played, in words."""
    judging = bool(question.recorded) and not question.premises
    answerer = start if start is not None and start.judging == judging else Answerer(scenario, rules, judging)
    taken = _bound_talk(answerer, question)
    if not question.premises and taken is None:
        return answerer
    if taken is not None:  # "has Di folded?" after Di mucked in turn: the muck is the fold (TDA 2024 40)
        action, text, clauses = taken
        answerer = _played_on(answerer, action)
        answerer.premised, answerer.talk_taken, answerer.talk_clauses = True, text, list(clauses)
        if not question.premises:
            return answerer
        answerer.premised = False
    speaker = answerer.label(answerer.state.actor) if question.first_person and answerer.state.actor is not None \
        else None  # "if I raise, can I re-raise?": the same player throughout
    if answerer.state.opener_unknown is not None:  # stud: who opens the round is not given, before any premise
        raise ScenarioError(scenario.source, answerer.state.opener_unknown)
    assumed: list[str] = []
    talk_taken, talk_clauses = answerer.talk_taken, answerer.talk_clauses
    for premise in question.premises:  # "after his shove": whose is not said
        if scenario.is_pronoun(premise.player):
            raise ScenarioError("question", f"{premise.text!r}: which player is {premise.player!r}? name the player "
                                            f"(e.g. 'after David's shove')")
    asked = question  # "... and everyone else folds, can I re-raise?": the folds stop at "I" (review ED)
    if speaker is not None and question.player is None:
        asked = dataclasses.replace(question, player=speaker)
    for k, premise in enumerate(question.premises):
        if premise.player is None and speaker is not None and (
                premise.kind == "can" or premise.kind == "everyone" and re.search(r"\bto (?:me|i)$", premise.text)):
            premise = dataclasses.replace(premise, player=speaker)  # "I raise", "everyone folds to me"
        following = question.premises[k + 1] if k + 1 < len(question.premises) else None
        answerer = _play(answerer, premise, following, asked, assumed)
    answerer.premised, answerer.assumed, answerer.speaker = True, assumed, speaker
    answerer.talk_taken, answerer.talk_clauses = talk_taken, talk_clauses
    answerer.premise_players = list(dict.fromkeys(p.player for p in question.premises if p.player))
    return answerer


def _bound_talk(answerer: Answerer, question: Question):
    """The player to act's binding table talk in turn, for a question about where the hand stands
    (``talk_answers.STANDING_KINDS``) or about another player's options, without premises, where it does not
    close the round."""
    from .talk_answers import STANDING_KINDS, bound_in_turn

    about_another = question.kind in ("can", "what", "must") and not question.recorded and question.player is not None
    if not (question.kind in STANDING_KINDS or about_another) or (taken := bound_in_turn(answerer)) is None:
        return None
    if about_another and answerer.seat_for(question.player) == answerer.state.actor:
        return None  # the bound player's own options: talk_answers rules on them
    if question.premises:  # premises are played from the hand as it stands ("if I fold": the bound player)
        return None
    try:
        after = _played_on(answerer, taken[0])
    except ScenarioError:
        return None
    if not after.state.hand_over and (after.state.street != answerer.state.street or after.played.round_closed):
        return None  # the talk would close the round: the questions stay on the round in play (who acts? too)
    return taken


def _play(answerer: Answerer, premise: Question, following: Question | None, question: Question,
          assumed: list[str]) -> Answerer:
    """The answerer after one premise; what it played is added to ``assumed``, in words."""
    from .standing import on_round

    premise = on_round(answerer, premise)  # "if it is checked around on the flop": the flop is in play
    if premise.said == "is all-in" and premise.player is not None:  # "when p4 is all-in": a state, if so
        seat = answerer.seat_for(premise.player)
        if answerer.state.seats[seat].stack == 0 and not answerer.state.seats[seat].folded:
            assumed.append(f"{answerer.who(seat)} is all-in (as the hand stands)")
            return answerer
    if premise.maybe_done and premise.player is not None and (done := _already(answerer, premise)) is not None:
        assumed.append(done)  # "after David's shove": the hand records it
        return answerer
    actions = _everyone(answerer, premise, following, question) if premise.kind == "everyone" \
        else [_one(answerer, premise)]
    if not actions:  # "everyone folds to the big blind" with the big blind to act already
        assumed.append(f"the action is on {answerer.who(answerer.state.actor)} already"
                       if answerer.state.actor is not None else "nobody is left to act")
    for action, text in actions:
        street = answerer.state.street
        answerer = _played_on(answerer, action)
        if answerer.played.round_closed and not answerer.state.hand_over:  # the premise ends a round
            text += f" (the {answerer.game.streets[street].name} betting is over)"
        elif answerer.state.hand_over:
            text += " (the betting of the hand is over)"
        assumed.append(text)
    return answerer


def _already(answerer: Answerer, premise: Question) -> str | None:
    """A premise said as a fact ("since Bob raised", "after David's all-in"), in words, when it is the last
    action of its player this round and that player is not the one to act; else None (it is to be played)."""
    from betlaw.model.turn_order import needs_to_act

    s = answerer.state
    seat = answerer.seat_for(premise.player)
    if seat == s.actor or (s.actor is not None and needs_to_act(s, seat)):  # an action still to come
        return None
    mine = [a for a, street in zip(s.history, s.history_streets) if a.seat == seat and street == s.street]
    if not mine:
        return None
    last = mine[-1]
    if premise.verb == ALL_IN:
        matches = s.seats[seat].stack == 0 and not s.seats[seat].folded
    else:
        matches = last.kind is premise.verb or {premise.verb, last.kind} == {Kind.RAISE, Kind.COMPLETE}
        if matches and premise.amount is not None and last.to is not None:
            matches = answerer.to_amount(premise) == last.to
    if not matches:
        return None
    past = {Kind.FOLD: "folded", Kind.CHECK: "checked", Kind.CALL: "called", Kind.BET: "bet", Kind.RAISE: "raised",
            Kind.COMPLETE: "completed", Kind.BRING_IN: "brought in"}[last.kind]
    to = f" to {answerer.show(last.to)}" if last.to is not None else ""
    all_in = " (all-in)" if s.seats[seat].stack == 0 and not s.seats[seat].folded else ""
    return f"{answerer.who(seat)} {past}{to}{all_in} (as the hand records)"


def _played_on(answerer: Answerer, action: Action) -> Answerer:
    """The answerer over the hand with ``action`` added to its actions."""
    scenario = answerer.scenario
    verb = PHH_VERB[action.kind]
    amount = action.to if verb == "cbr" else None
    text = f"p{action.seat + 1} {verb}" + (f" {scenario.game.to_units(amount)}" if amount is not None else "")
    event = Event(len(scenario.events), text, action.seat, verb, amount)
    return Answerer(dataclasses.replace(scenario, events=[*scenario.events, event]), answerer.rules)


def _one(answerer: Answerer, premise: Question) -> tuple[Action, str]:
    """The action a premise names ("p3 raises to 300"), if it is legal in turn."""
    s, legal = answerer.state, answerer.legal
    s.require_actor_known()  # stud: who opens the round is not given (not "the betting is over")
    if s.hand_over or s.actor is None:
        raise ScenarioError("question", f"if {premise.text}: the betting is over, so nobody can act")
    seat = answerer.seat_for(premise.player)
    if seat != s.actor:
        raise ScenarioError("question", f"if {premise.text}: it is {answerer.who(s.actor)}'s turn, not "
                                        f"{answerer.who(seat)}'s; give the actions in turn (e.g. 'if "
                                        f"{answerer.label(s.actor)} folds and ...', or 'if everyone folds to "
                                        f"{answerer.label(seat)}, ...')")
    renamed = ""
    if premise.verb is Kind.RAISE and legal.is_bet and legal.bet_or_raise is not None:
        # "if I raise to 4" with no bet to raise: the bet it stands for (TDA 2024 55: "raise" declared
        # with no bet out is a bet; declare.raise-no-bet)
        premise, renamed = dataclasses.replace(premise, verb=Kind.BET), " (no bet to raise: a bet)"
    answer, clauses, explanation, _ = answerer._can(premise)
    if answer != "yes":
        raise ScenarioError("question", f"the premise {premise.text!r} breaks a rule: "
                                        f"{explanation.removeprefix('no: ')} ({', '.join(clauses)})")
    me = s.seats[seat]
    chosen = ""
    if premise.verb == ALL_IN:
        every_chip = me.stack + me.bet
        if legal.call is not None and legal.call == me.stack:
            action = Action(seat, Kind.CALL)
        elif legal.bring_in is not None and legal.bring_in == every_chip:
            action = Action(seat, Kind.BRING_IN)
        elif legal.complete_to is not None and every_chip in legal.completion_targets:
            action = Action(seat, Kind.COMPLETE, every_chip)
        else:
            action = Action(seat, Kind.BET if legal.is_bet else Kind.RAISE, every_chip)
    else:
        kind, to, decided = answerer.formal(premise, seat, answerer.to_amount(premise))
        if decided is not None:  # "the small blind completes": a call of the big blind
            kind, to = Kind.CALL, None
        if kind in AGGRESSION and to is None and (bound := _talk_amount(answerer, seat, kind)):
            kind, to, chosen = bound  # "if Di raises" where Di said "raise 800": the raise to 800 (TDA 2024 40)
        if kind in (Kind.BET, Kind.RAISE) and to is None:
            to = legal.bet_or_raise[0]
            chosen = " (the least; name an amount for another)" if legal.bet_or_raise[1] != to else ""
        if kind is Kind.COMPLETE and to is None:
            to = legal.complete_to
        action = Action(seat, kind, to if kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE) else None)
    try:
        s.verify(action)  # legal, as _can said; table talk may have allowed another action than this one
    except IllegalAction as err:
        raise ScenarioError("question", f"the premise {premise.text!r} breaks a rule: {err}") from None
    return action, _words(answerer, action) + renamed + chosen


def _talk_amount(answerer: Answerer, seat: int, kind: Kind) -> tuple[Kind, int, str] | None:
    """The bet (``kind``), or raise or completion, the player's table talk binds them to, with its amount
    (TDA 2024 40, 43-B: "raise 800" binds the raise to 800), or None; a bound range ("raise" alone) gives its
    least."""
    from .talk_answers import ruling_for

    r = ruling_for(answerer, seat, current_only=True)
    if r is None or r.status != "bound" or r.action is None or not r.binding or \
            not (r.action.kind is kind or {kind, r.action.kind} <= {Kind.RAISE, Kind.COMPLETE}):
        return None
    to = r.action.to if r.action.to is not None else r.min_to
    if to is None:
        return None
    said = " (as the table talk binds)" if r.action.to is not None or r.max_to == to else \
        " (the least the table talk binds to; name an amount for another)"
    return r.action.kind, to, said


def _later_round(answerer: Answerer, question: Question) -> bool:
    """Does the question name a round after the one in play ("if everyone calls, can Ann bet on the flop?":
    the calls go to the end of the pre-flop, not to Ann's turn)?"""
    from .standing import street_index

    try:
        return bool(question.street) and street_index(answerer, question.street) > answerer.state.street
    except ScenarioError:
        return False  # not a round of this game: on_round says so


def _everyone(answerer: Answerer, premise: Question, following: Question | None,
              question: Question) -> list[tuple[Action, str]]:
    """"Everyone folds to p4", "it is checked around", "the others call": each player in turn folds
    (checks, calls; a call with nothing owed is a check) until the named player is to act ("to p4"),
    else until the player of the next premise is, else (folds and calls) until the player whose action
    the question asks about is ("if everyone calls, can p3 raise?": the others call), else to the end of
    the round (or of the hand). Also until the player an option or turn question names is to act, and
    for "who has the option?" after calls, until a player with the option is."""
    s = answerer.state
    target = answerer.seat_for(premise.player) if premise.player is not None else None
    if target is not None and s.seats[target].folded:
        raise ScenarioError("question", f"if {premise.text}: {answerer.who(target)} has folded")
    nxt = following if following is not None and following.kind == "can" else None
    about = question.player if question.kind in ("can", "what", "must", "reopened", "option", "turn") \
        and premise.verb is not Kind.CHECK and following is None and not _later_round(answerer, question) else None
    stop = target if target is not None else answerer.seat_for(nxt.player) if nxt is not None and nxt.player \
        else answerer.seat_for(about) if about is not None else None
    # "if everyone calls, who has the option?": the others call until a player with the option is to act
    # (option.big-blind: a blind or straddle only called to)
    option_holder = question.kind == "option" and question.player is None and following is None \
        and premise.verb is Kind.CALL
    street, out, stopped = s.street, [], False
    probe = answerer
    while True:
        s = probe.state
        if s.hand_over or s.actor is None or s.street != street:
            break
        if s.actor == stop and (target is not None or nxt is None or probe._can(nxt)[0] == "yes"):
            stopped = True  # the next premise's player, where the next premise's action can be taken
            break
        if option_holder and s.has_option(s.actor):
            stopped, stop = True, s.actor
            break
        kind = premise.verb
        if probe.legal.bring_in is not None:  # stud: the low card's forced bring-in comes first (stud.bring-in),
            kind = Kind.BRING_IN  # as a blind is posted before "everyone calls"
        elif kind is Kind.CALL and s.owed(s.actor) == 0:
            kind = Kind.CHECK
        single = Question(f"{probe.label(s.actor)} {kind.value}s", "can", player=probe.label(s.actor), verb=kind,
                          said=kind.value)
        action, text = _one(probe, single)
        out.append((action, text))
        probe = _played_on(probe, action)
    end = probe.state
    # review EI: everyone folds to a big blind whose blind already covers the short all-ins left: the round (or
    # hand) ends with the named player still in and nothing for them to decide, which is where "to X" leads
    reached = end.hand_over and end.winner() == target or premise.verb is Kind.FOLD and target is not None and \
        (end.actor is None or end.street != street) and not end.seats[target].folded and \
        all(x.folded or x.all_in or i == target for i, x in enumerate(end.seats))
    if target is not None and end.actor != target and not reached:
        ends = "the hand ends (one player is left)" if end.hand_over and end.winner() is not None else "the round ends"
        raise ScenarioError("question", f"if {premise.text}: {ends} before the action reaches {answerer.who(target)}")
    if not out and target is None and not (stopped and nxt is None):  # the asked-about player acts already
        who = answerer.who(answerer.state.actor) if answerer.state.actor is not None else "nobody"
        raise ScenarioError("question", f"if {premise.text}: nobody acts (the action is on {who}); name the players "
                                        f"(e.g. 'if everyone folds to p4, ...')")
    if out and stopped and target is None:  # say where the premise stopped
        action, text = out[-1]
        out[-1] = (action, f"{text} (everyone before {answerer.who(stop)})")
    return out


def _words(answerer: Answerer, action: Action) -> str:
    """``action`` as the premise played it: "C calls 75 (to 200)", "D raises to 400 (all-in)"."""
    s, legal = answerer.state, answerer.legal
    who, me = answerer.who(action.seat), s.seats[action.seat]
    if action.kind is Kind.CALL:
        text = f"{who} calls {answerer.show(legal.call)} (to {answerer.show(me.bet + legal.call)})"
        all_in = legal.call == me.stack
    elif action.kind is Kind.BRING_IN:
        text, all_in = f"{who} brings in for {answerer.show(legal.bring_in)}", legal.bring_in == me.stack + me.bet
    elif action.kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE):
        verb = {Kind.BET: "bets", Kind.RAISE: "raises", Kind.COMPLETE: "completes"}[action.kind]
        text, all_in = f"{who} {verb} to {answerer.show(action.to)}", action.to == me.stack + me.bet
    else:
        text, all_in = f"{who} {action.kind.value}s", False
    return text + (" (all-in)" if all_in else "")
