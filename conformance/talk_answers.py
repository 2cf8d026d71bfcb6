"""``betlaw ask`` about table talk: what a player's words, chips and gestures bind them to.

Questions (docs/asking.md, docs/table-talk.md): "what is pN's action?", "what happens to pN's
out-of-turn action?", "is pN's action binding?", and every "can pN ...?" question once pN's talk
binds them ("can p2 still raise?"). Answered from :func:`betlaw.model.declarations.judge`.
"""
from __future__ import annotations

import dataclasses
import re

from betlaw.model.actions import Action, Kind
from betlaw.model.declarations import AGGRESSION, DeclarationError, Move, Ruling, Why, judge, pending_terms
from betlaw.model.errors import IllegalAction
from betlaw.model.state import HandState

from .scenario import ScenarioError, talk_error


def judgement(answerer):
    """The rulings of the scenario's table talk (computed once per Answerer)."""
    cached = getattr(answerer, "_talk_judgement", None)
    if cached is not None:
        return cached
    sc = answerer.scenario
    moves = [Move(e.index, e.seat, e.verb, e.amount, e.text) for e in sc.events]
    try:
        result = judge(HandState(sc.game, answerer.rules), moves, sc.talk, sc.denominations)
    except DeclarationError as err:
        raise talk_error(sc, err) from None
    except IllegalAction as err:  # a declared amount the model refuses: name it, never a traceback
        raise ScenarioError(f"{sc.source}: _betlaw_events", str(err)) from None
    answerer._talk_judgement = result
    return result


def ruling_for(answerer, seat: int, current_only: bool = False) -> Ruling | None:
    if not answerer.scenario.talk:
        return None
    r = judgement(answerer).latest(seat)
    if r is None or (current_only and not r.current):
        return None
    return r


def summary(a, r: Ruling) -> str:
    """The ruling in a few words, amounts in the scenario's units."""
    def action_text() -> str:
        act = r.action
        if act is None:
            return "no single action"
        if act.kind is Kind.CALL:
            s = a.state if a.state.actor == r.seat and r.current else None
            call = s.legal().call if s is not None else None
            return "call" + (f" {a.show(call)} (to {a.show(s.seats[r.seat].bet + call)})" if call else "")
        if act.kind is Kind.BRING_IN:  # the forced bring-in, to its amount
            return f"bring in for {a.show(a.state.legal().bring_in)}" if a.state.actor == r.seat and r.current \
                else "bring in"
        if act.kind in AGGRESSION:
            if act.to is None:
                between = " or " if r.two_sizes else "-"  # stud.open-pair: the small or the big size
                return f"{act.kind} (to {a.show(r.min_to)}{between}{a.show(r.max_to)})" if r.min_to is not None \
                    else str(act.kind)
            return f"{act.kind} to {a.show(act.to)}" + (" all-in" if r.all_in else "")
        return str(act.kind)

    barred = " or ".join(str(k) for k in r.barred if k in (Kind.BET, Kind.RAISE))  # Robert's restrictions
    if r.status == "bound":
        text = action_text()
    elif r.status == "may-bind":  # Robert's: an intervening call leaves it to the floor
        rest = f"every option but a {barred}" if barred else "every option"
        held = action_text() if r.action is not None else " or ".join(str(k) for k in (r.intent.options if r.intent else ()))
        text = f"{held or 'what was declared'} if ruled binding, else {rest} (the TD's discretion)"
    elif r.status in ("open", "discretion", "released"):
        opts = [str(k) for k in r.options] or [f"every option but a {barred} (Robert's)" if barred else "every option"]
        text = " or ".join(opts) + (" (the TD's discretion)" if r.status == "discretion" else "")
        if r.status == "released":
            text = "not binding: " + text
    elif r.status == "pending":
        intent = r.intent
        what = "it" if intent is None else (
            " or ".join(str(k) for k in intent.options) if intent.status != "bound" or intent.action is None
            else str(intent.action.kind) + (f" to {a.show(intent.action.to)}" if intent.action.to is not None else ""))
        if intent is not None and intent.status == "bound":
            what = pending_terms(intent, what, a.game)
        text = f"pending: backed up; binds to {what} unless the action changes"
        if Why.OOT_NO_TURN in r.reasons:  # acted, owing nothing: only a bet or raise brings the turn back
            text = "pending: backed up; binds nothing (the turn comes back only after a bet or raise, which releases it)"
        elif intent is not None and intent.status == "refused":
            text = "pending: backed up; it binds nothing (refused under these rules)"
    elif r.status == "lapsed":
        text = "nothing: the out-of-turn action lapsed"
    else:
        text = "nothing binds"
    if done(r):
        if r.held is not None:  # Robert's may-bind, decided: held to the declared action, or the talk let go
            text = f"held to {action_text()} (the TD's discretion)" if r.held else \
                f"not held to {action_text()}: {rest} (the TD's discretion)"
        return text + f" (carried out: {a.game.relabel(r.recorded)!r})"
    if r.make_up and r.status in ("bound", "discretion", "open") and r.make_up > 0 and r.put_out > 0:
        text += f"; make up {a.show(r.make_up)}"
    elif r.make_up and r.make_up < 0:
        text += f"; {a.show(-r.make_up)} back"
    return text


def done(r: Ruling) -> bool:
    """The decision the talk was for is over: the history records the action it bound to."""
    return not r.current and r.recorded is not None and not r.conflict


def talk_json(a, r: Ruling) -> dict:
    act = r.action
    return {
        "declared": a.game.relabel(r.declared),
        "binding": r.binding,
        "carried_out": done(r),
        "status": r.status,
        "in_turn": r.in_turn,
        "bound_to": None if act is None else {"kind": str(act.kind), "to": a.amount(act.to)},
        "options": [str(k) for k in r.options],
        "make_up": None if r.make_up is None else a.amount(max(r.make_up, 0)),  # at that decision
        "returned": a.amount(max(-(r.make_up or 0), 0)),
        "amount_range": None if r.min_to is None else {"min_to": a.amount(r.min_to), "max_to": a.amount(r.max_to)}
        | ({"amounts": [a.amount(r.min_to), a.amount(r.max_to)]} if r.two_sizes else {}),  # stud.open-pair
        "penalized": r.penalized,
        "reason_codes": list(r.codes),
        "recorded": None if r.recorded is None else a.game.relabel(r.recorded),
        "conflict": r.conflict,
    }


def _no_talk(a, seat: int, q=None):
    """No table talk: "none"; asked "what did pN do?", the last action the hand records for pN (review ED)."""
    name = a.who(seat)
    last = next((e.text for e in reversed(a.scenario.events) if e.seat == seat and e.is_bet_action), None)
    did = f" The history records {name}'s last action: {a.game.relabel(last)!r}." if last else ""
    answer = "none"
    if q is not None and last and re.match(r"^what did .+ do\??$", q.text.strip().lower()):
        from .recorded import _latest, _words

        found = _latest(a, dataclasses.replace(q, kind="can", verb=None, amount=None, recorded="yes"), seat, ())
        if found is not None:
            before, event, kind = found
            answer = _words(before, kind, event)
    return answer, [], f"{name} has no table talk in this hand (no _betlaw_events for {name}).{did}", \
        {"declared": None, "binding": None, "status": None}


def _binding_without_talk(a, q, seat: int):
    """"Is Bob's fold binding?" with no table talk: an action the hand records was taken in turn, and an
    action in turn is binding (TDA 2024 50); a fold where a check was possible too, with a penalty (58)."""
    from .recorded import where

    try:
        found = where(a, dataclasses.replace(q, kind="can", recorded="yes", player=a.label(seat)))  # "my": the actor
    except ScenarioError:
        answer, clauses, text, extra = _no_talk(a, seat)
        if q.verb is not None:  # "is Ann's fold binding?" with no talk and no fold recorded: a yes/no question
            return "no", clauses, f"no: nothing binds {a.who(seat)} to a {q.verb}. {text}", extra
        return answer, clauses, text, extra
    before, event, asked, _ = found
    if re.search(r"\bbound to\b", q.text.lower()):  # "is C bound to call?": now, not a call made earlier (review EJ)
        last = next(e for e in reversed(a.scenario.events) if e.seat == seat and e.is_bet_action)
        if a.state.actor == seat:
            from .standing import must

            answer, clauses, text, extra = must(a, dataclasses.replace(q, kind="must"))
            return answer, clauses, (f"{text.rstrip('.')}; no table talk binds {a.who(seat)}, and the actions "
                                     f"{a.who(seat)} took before this turn stand (TDA 2024 50)."), extra
        if last is not event:
            return "no", ["turn.in-turn"], (
                f"no: {a.who(seat)}'s last action is {a.game.relabel(last.text)!r}, binding as taken (TDA 2024 50); "
                f"the {asked.said} ({a.game.relabel(event.text)!r}) came before it. {a.who(seat)} has no table talk "
                f"in this hand."), {"declared": None, "binding": None, "status": None}
    penalised = asked.verb is Kind.FOLD and before.legal.fold_penalized
    extra = (" A fold where a check was possible is binding too, and may be penalised (TDA 2024 58)."
             if penalised else "")
    return "yes", ["turn.in-turn"] + (["fold.when-check-possible"] if penalised else []), (
        f"yes: {a.who(seat)}'s {asked.said} ({event.text!r}) was taken in turn, and an action in turn is binding "
        f"(seed 000: the first declaration or action a player takes binds; TDA 2024 50); {a.who(seat)} has no "
        f"table talk in this hand.{extra}"), \
        {"declared": None, "binding": True, "status": None, "judged": event.text}


def _explain(a, r: Ruling) -> str:
    text = f"{a.who(r.seat)}: {r.note}."
    if r.recorded is not None:
        text += f" The history records {a.game.relabel(r.recorded)!r}" + (
            ", which does not match." if r.conflict else ", as ruled.")
    return text


def answer_action(a, q):
    seat = a.seat_for(q.player)
    r = ruling_for(a, seat)
    if r is None:
        return _no_talk(a, seat, q)
    return summary(a, r), list(r.clauses), _explain(a, r), talk_json(a, r)


def answer_oot(a, q):
    seat = a.seat_for(q.player)
    r = ruling_for(a, seat)
    if r is None:
        return _no_talk(a, seat)
    if r.in_turn:
        answer = "binding: " + summary(a, r) if r.binding else summary(a, r)
        text = f"{a.who(seat)} acted in turn, so nothing is backed up; " + _explain(a, r)
        return answer, list(r.clauses), text, talk_json(a, r)
    if r.status == "bound":
        answer = "binding: " + summary(a, r)
    elif r.status == "pending":
        answer = summary(a, r)
    else:
        answer = summary(a, r)
    return answer, list(r.clauses), _explain(a, r), talk_json(a, r)


def answer_binding(a, q):
    seat = a.seat_for(q.player)
    r = ruling_for(a, seat)
    if r is None:
        return _binding_without_talk(a, q, seat)
    if q.verb is not None and r.status in ("bound", "pending", "may-bind", "open", "discretion"):
        held = r.intent if r.status == "pending" else r  # out of turn: what the talk bound to when said
        kinds = () if held is None else (held.action.kind,) if held.action is not None else held.options
        same = any(k is q.verb or (k in AGGRESSION and q.verb in AGGRESSION) for k in kinds)
        if not same:  # "is p2's raise binding?" when p2's talk binds to a call (or to a call or a fold)
            bound = summary(a, r)
            return "no", list(r.clauses), f"no: {a.who(seat)}'s talk is not a {q.verb}; it is {bound}. " \
                + _explain(a, r), talk_json(a, r)
        if len(kinds) > 1 and held.status in ("open", "discretion"):  # one of the choices the talk leaves
            who_picks = "the TD's" if held.status == "discretion" else f"{a.who(seat)}'s"
            answer = "the TD's discretion" if held.status == "discretion" else "no"
            return answer, list(r.clauses), (
                f"{answer}: {a.who(seat)}'s talk leaves {' or '.join(str(k) for k in kinds)}, {who_picks} choice; "
                f"a {q.verb} is one of them. " + _explain(a, r)), talk_json(a, r)
    answer = {True: "yes", False: "no", None: "not yet"}[r.binding]
    if r.status == "may-bind":
        answer = "the TD's discretion"  # Robert's: "if there is an intervening call, an action may be ruled binding"
    if done(r):  # it bound, and the history carries it out: nothing binds the player's later decisions
        return answer, list(r.clauses), f"{answer}: it bound {a.who(seat)} to {summary(a, r)}; nothing binds " \
            f"{a.who(seat)}'s later decisions. " + _explain(a, r), talk_json(a, r)
    return answer, list(r.clauses), _explain(a, r), talk_json(a, r)


def answer_string(a, q):
    """"Is Carol's raise a string raise?": did her talk go back to the stack for more after a motion
    (TDA 2024 42, 56), or say "call and raise" (a string raise, seeds 000, 003)? Without a player
    ("was that a string bet?"), the player of the hand's latest table talk."""

    if q.player is None:
        rulings = judgement(a).rulings if a.scenario.talk else []
        if not rulings:
            raise ScenarioError("question", "the hand has no table talk, so 'that' names no one's chips or words: "
                                            "name the player ('is Carol's raise a string raise?')")
        seat = rulings[-1].seat
    else:
        seat = a.seat_for(q.player)
    r = ruling_for(a, seat)
    if r is None:
        _, clauses, text, extra = _no_talk(a, seat)
        return "none", clauses, text + " A string bet is a matter of how the chips or words went out " \
            "(TDA 2024 42, 56), which only table talk records (docs/table-talk.md).", extra
    if Why.STRING_BET in r.reasons or Why.STRING_RAISE in r.reasons:
        answer = "yes"
        text = f"yes: a string {'raise' if Why.STRING_RAISE in r.reasons else 'bet'}; it binds to {summary(a, r)}. "
    elif Why.MULTI_MOTION_ALLOWED in r.reasons:
        answer = "no"
        text = (f"no: a raise in more than one motion after saying \"raise\" is allowed under these rules "
                f"(switch multi-motion-raise = after-verbal-raise, Robert's cash games); it binds to {summary(a, r)}. ")
    else:
        answer = "no"
        text = f"no: no later motion and no \"... and raise\"; it binds to {summary(a, r)}. "
    return answer, list(r.clauses), text + _explain(a, r), talk_json(a, r)


def can_hook(a, seat: int, kind, to: int | None):
    """A "can pN ...?" answer decided by pN's current table talk, or None (ask the betting model)."""
    r = ruling_for(a, seat, current_only=True)
    if r is None or r.status in ("lapsed", "refused"):
        return None
    if kind is Kind.BET and a.state.call_level > 0 or kind is Kind.RAISE and a.state.call_level == 0:
        return None  # the word does not fit the betting (a bet facing a bet, a raise of nothing): the betting
        # model says so (open.first-bet), whatever the talk (review DH; the talk decides the action, TDA 2024 55)
    aggressive = kind == "all-in" or kind in AGGRESSION
    if r.status in ("released", "may-bind") and not r.options:
        if r.barred and aggressive and (kind == "all-in" or kind in r.barred) and a.state.owed(seat) < a.state.seats[seat].stack:
            # Robert's: having checked (called) out of turn, no bet or raise (no raise) at the next turn
            return "no", list(r.clauses), f"no: {_explain(a, r)} It is not {a.who(seat)}'s turn yet.", talk_json(a, r)
        return None  # not binding, and the turn has not come: the betting model answers
    if r.status == "released" and not r.barred:  # every option is back (TDA 53-A): the betting rules decide, with
        return None  # their clauses and amounts (review EA); the talk's clauses are added to the answer's
    if r.status == "pending" and Why.OOT_NO_TURN in r.reasons:
        return None  # it binds nothing: the betting model answers (not the player's turn)
    if r.status == "pending":
        target = r.intent.action if r.intent is not None else None
        if target is None and r.intent is not None:  # a choice it leaves ("check" facing a bet: call or fold)
            ok = _among(a, seat, kind, r.intent.options)
        else:
            ok = target is not None and _allows(a, seat, kind, to, target, r.intent.min_to, r.intent.max_to)
        extra = talk_json(a, r)
        text = f"{'yes' if ok else 'no'}: {_explain(a, r)} It is not {a.who(seat)}'s turn yet."
        return ("yes" if ok else "no"), list(r.clauses) + ["turn.in-turn"], text, extra
    if r.status == "bound" and r.action is not None:
        ok = _allows(a, seat, kind, to, r.action, r.min_to, r.max_to)
    else:
        ok = _among(a, seat, kind, r.options)
        if ok and r.status in ("released", "may-bind") and aggressive:
            ok = _amount_legal(a, seat, kind, to)  # the option is back, at the amounts the rules allow
    verdict = "yes" if ok else "no"
    return verdict, list(r.clauses), f"{verdict}: by {a.who(seat)}'s table talk, {summary(a, r)}. " + _explain(a, r), \
        talk_json(a, r)


def released_note(a, seat: int) -> str | None:
    """The ruling on ``seat``'s out-of-turn talk that every option is back (TDA 53-A), in words, or None."""
    r = ruling_for(a, seat, current_only=True)
    if r is None or r.status != "released" or r.barred:
        return None
    return f"{a.who(seat)}'s table talk: {r.note}"


def _among(a, seat: int, kind, options) -> bool:
    """Is the asked action (a kind, or "all-in") one of the options the talk leaves? A bet, raise or completion
    matches any of the three; going all-in is a call that takes every chip, or a bet or raise."""
    if kind == "all-in" and Kind.CALL in options and a.state.owed(seat) >= a.state.seats[seat].stack:
        return True
    aggressive = kind == "all-in" or kind in AGGRESSION
    return kind in options or (aggressive and any(k in AGGRESSION for k in options))


def _allows(a, seat: int, kind, to: int | None, action, min_to: int | None, max_to: int | None) -> bool:
    """Is the asked action (``kind``, "to" amount ``to``, or "all-in") the one the talk binds to?
    A bet, raise or completion asked about matches any of the three (players say "raise" for a bet)."""
    s = a.state.seats[seat]
    if kind == "all-in":
        if action.kind is Kind.CALL:
            return a.state.owed(seat) >= s.stack  # the call takes every chip
        kind, to = action.kind, s.bet + s.stack
        if action.kind not in AGGRESSION:
            return False
    elif not (action.kind is kind or (kind in AGGRESSION and action.kind in AGGRESSION)):
        return False
    if to is None or action.kind not in AGGRESSION:
        return True
    if action.to is not None:
        return to == action.to
    return min_to is not None and min_to <= to <= max_to


def _amount_legal(a, seat: int, kind, to: int | None) -> bool:
    """Released talk gives every option back (TDA 2024 53-A): is the asked amount (or all-in) one of them?"""
    L, s = a.legal, a.state.seats[seat]
    if kind == "all-in":
        if a.state.owed(seat) >= s.stack:
            return True  # calling takes every chip
        to = s.bet + s.stack
    if to is None:
        return True
    if L.bet_or_raise is not None:  # the range, or only its listed amounts (stud.open-pair)
        lo, hi = L.bet_or_raise
        if (to in L.amounts) if L.amounts else lo <= to <= hi:
            return True
    return to in L.completion_targets


# Where the hand stands (standing.py, pot_answers.py): answered with the player to act's binding talk in
# turn taken as their action (docs/table-talk.md; TDA 2024 40)
STANDING_KINDS = frozenset({"status", "in-hand", "stack", "put-in", "current-bet", "winner", "hand", "pots",
                            "reopened", "may-raise", "all-in", "cap", "round", "last-aggressor"})


def bound_in_turn(a) -> tuple[Action, str, tuple[str, ...]] | None:
    """The action the player to act's table talk in turn binds them to, one action at one amount
    (a muck: the fold; "raise 600": the raise to 600), with the ruling in words and its clauses; None
    when there is none, or the talk leaves a choice (TDA 2024 40: binding talk in turn is the action)."""
    seat = a.state.actor
    if not a.scenario.talk or seat is None:
        return None
    r = ruling_for(a, seat, current_only=True)
    if r is None or r.status != "bound" or not r.in_turn or not r.binding or r.action is None:
        return None
    action = r.action
    if action.kind in AGGRESSION and action.to is None:
        if r.min_to is None or r.min_to != r.max_to:
            return None  # "raise" with no amount in no-limit: the amount is still the player's
        action = Action(seat, action.kind, r.min_to)
    text = f"{a.who(seat)}'s table talk in turn binds: {summary(a, r)}, taken as the action (TDA 2024 40)"
    return action, text, r.clauses


def bound_options(a, seat: int):
    """"What can pN do?" when pN's table talk already binds pN (TDA 2024 40, 51-A): the bound action,
    not the betting's whole menu; None when the talk leaves the choice open."""
    r = ruling_for(a, seat, current_only=True)
    if r is None or r.status != "bound" or r.action is None or not r.binding:
        return None
    text = summary(a, r)
    return text, list(r.clauses), f"{a.who(seat)} is bound by table talk: {text}. " + _explain(a, r), talk_json(a, r)


def pending_note(a, seat: int) -> str | None:
    """What a player not to act has said out of turn that still decides their next turn, as words: a declaration
    that binds unless the action changes (TDA 2024 53-A), or one released with Robert's restriction (no bet or
    raise after checking out of turn, Betting and Raising #11); None when no such talk stands."""
    r = ruling_for(a, seat, current_only=True)
    if r is None or r.status == "bound" or r.in_turn:
        return None
    return _explain(a, r)


def restricted_legal(a, seat: int):
    """The actor's legal set narrowed by table talk that leaves only some options, with the ruling; None
    when the talk narrows nothing. Released talk (Robert's: having checked or called out of turn, no bet
    or raise at this turn), an open one ("check" facing a bet: call or fold, TDA 2024 55) and one left to
    the floor (an undercall: call or fold at the TD's discretion, TDA 2024 51)."""
    r = ruling_for(a, seat, current_only=True)
    if r is None or r.status not in ("released", "open", "discretion", "may-bind") or not r.options \
            or a.state.actor != seat:
        return None
    from dataclasses import replace

    L, allowed = a.legal, set(r.options)
    raising = bool(allowed & {Kind.BET, Kind.RAISE})
    completing = raising or Kind.COMPLETE in allowed
    narrowed = replace(
        L, fold=L.fold and Kind.FOLD in allowed, check=L.check and Kind.CHECK in allowed,
        call=L.call if Kind.CALL in allowed else None,
        bet_or_raise=L.bet_or_raise if raising else None, amounts=L.amounts if raising else None,
        complete_to=L.complete_to if completing else None, complete_amounts=L.complete_amounts if completing else None)
    if narrowed == L and r.status != "may-bind":  # the floor may still hold the player to the talk (Robert's)
        return None
    return narrowed, r


def restricted_options(a, seat: int, focus: str | None):
    """"What can pN do?" (or the minimum raise, the call) when released talk narrows pN's options."""
    got = restricted_legal(a, seat)
    if got is None:
        return None
    L, r = got
    text = a.options_text(L)
    why = _explain(a, r)
    if focus in ("min", "max"):
        verb = "bet" if a.legal.is_bet else "raise"
        return f"no {verb}", list(r.clauses), f"{a.who(seat)} may not {verb}: {why} {a.who(seat)} may {text}.", \
            talk_json(a, r)
    if focus == "call":
        if L.call is None:
            return "nothing to call", list(r.clauses), f"nothing to call: {a.who(seat)} may {text}.", talk_json(a, r)
        s = a.state.seats[seat]
        call = f"call {a.show(L.call)} (to {a.show(s.bet + L.call)})"
        return call, list(r.clauses), f"{call}: {a.who(seat)} may {text}. {why}", talk_json(a, r)
    return text, list(r.clauses), f"{a.who(seat)} may {text}: {why}", talk_json(a, r)
