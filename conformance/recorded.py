"""Questions about an action the hand has recorded: "was David's raise legal?", "is Alice's bet to 200
legal?" (asked after she bet), "was that a legal raise?", "could Bob have raised?" (docs/asking.md).

The action is judged where it was taken: the hand up to it, asked as a "can" question there, so the
answer rests on the same rules and clauses as any "can" answer.
"""
from __future__ import annotations

import dataclasses

from betlaw.model.actions import Kind

from .questions import ALL_IN, Question
from .scenario import Event, ScenarioError

_FAMILY = {Kind.BET: (Kind.BET, Kind.RAISE, Kind.COMPLETE), Kind.RAISE: (Kind.BET, Kind.RAISE, Kind.COMPLETE),
           Kind.COMPLETE: (Kind.COMPLETE,), Kind.CALL: (Kind.CALL,), Kind.CHECK: (Kind.CHECK,),
           Kind.FOLD: (Kind.FOLD,), Kind.BRING_IN: (Kind.BRING_IN,)}  # "David's raise": his bet, raise or completion


def judge(a, q: Question, answer_there=None):
    """(answer, clauses, explanation, extra) for a question about a recorded action, or None when the
    question is about an action still to come ("is David's raise legal?" with David to act).
    ``answer_there(before, asked)`` answers at that point; by default the "can" question asked there."""
    found = where(a, q)
    if found is None:
        return None
    before, event, asked, turn = found
    answer, clauses, text, extra = (answer_there or (lambda b, x: b._can(x)))(before, asked)
    said = a.game.relabel(event.text)  # a heads-up script's numbering, as in the rest of the answer
    done = f"{_words(before, _kind(before, event), event)} ({said!r})"
    on_turn = before.state.actor == event.seat  # recorded out of turn: judged where it was recorded (review EL)
    lead = (f"at {a.who(event.seat)}'s turn, where the hand has a {done}" if turn and on_turn else
            f"where the hand records {a.who(event.seat)}'s {done}" if turn else
            f"{a.who(event.seat)}'s {done}, judged where it was taken")
    return answer, clauses, f"{lead}: {text}", {**extra, "judged": said}


def judge_must(a, q: Question):
    """"Did Bob have to fold?": "does Bob have to fold?" asked at Bob's last turn (before his last action)."""
    from .standing import must

    return judge(a, dataclasses.replace(q, kind="can"),
                 lambda before, asked: must(before, dataclasses.replace(q, player=asked.player, recorded="")))


def where(a, q: Question):
    """(the answerer just before the action, its event, the "can" question to ask there, whether it is
    asked at the player's turn rather than of the action taken), or None for an action still to come."""
    seat = a.seat_for(q.player) if q.player is not None else None
    if q.recorded == "maybe" and (seat is None or seat == a.state.actor):
        return None
    if seat is None and q.recorded in ("either", "turn"):  # "could I have checked?": the player to act
        seat = a.state.actor
        if seat is None:
            raise ScenarioError("question", f"{q.text!r}: nobody is to act, so 'I' names no player; ask by name or pN")
    if q.recorded == "last":  # "was that (a legal raise)?": the hand's last action, whatever it was
        last = _latest(a, dataclasses.replace(q, verb=None, amount=None), None, ())
        if last is None:
            raise ScenarioError("question", f"{q.text!r}: no action in this hand yet to judge")
        before, event, kind = last
        if q.verb is not None and q.verb != ALL_IN and kind not in _FAMILY.get(q.verb, (q.verb,)):
            raise ScenarioError("question", f"{q.text!r}: the last action was {a.who(event.seat)}'s "
                                            f"{_words(before, kind, event)}, not a {q.said or q.verb.value}")
        q = dataclasses.replace(q, verb=None, recorded="yes")
        seat = event.seat
    turn = q.recorded == "turn"
    found = None if turn else _find(a, q, seat)
    if found is None and q.amount is not None and q.recorded != "turn":  # "was David's raise to 400 legal?",
        found = _find(a, dataclasses.replace(q, amount=None), seat)  # his raise was to 500: a raise to 400 there
        if (found is None or found[2] is not q.verb) and q.verb in (Kind.BET, Kind.RAISE) and seat is not None:
            # he made no raise (at most a bet of the family): asked at his last turn before any action that broke
            # a rule (the hand is judged up to it), as "could David have raised to 400?"
            found = _latest(a, dataclasses.replace(q, verb=None, amount=None), seat, (), before_break=True)
        turn = found is not None
    if found is None and q.recorded in ("either", "turn"):  # at pN's last turn, the action asked about
        found, turn = _find(a, dataclasses.replace(q, verb=None), seat), True
    if found is None:
        if q.recorded == "maybe":
            return None
        street = _street(a, q)
        on = f" on the {a.game.streets[street].name}" if street is not None else ""
        if turn and on:
            done = a.state.hand_over or street < a.state.street
            raise ScenarioError("question", f"{q.text!r}: {a.who(seat)} " + (f"did not act{on} in this hand" if done
                                                                            else f"has not acted{on} yet"))
        if turn:
            raise ScenarioError("question", f"{q.text!r}: {a.who(seat)} has not acted in this hand yet; ask 'can ...?'")
        what = "action" if q.verb is None else "all-in" if q.verb == ALL_IN else \
            "completion" if q.verb is Kind.COMPLETE else q.said or q.verb.value
        whose = f"{a.who(seat)} has made no {what}" if seat is not None else f"there is no {what}"
        raise ScenarioError("question", f"{q.text!r}: {whose}{on or ' in this hand'} to judge")
    before, event, kind = found
    if turn:  # "could Bob have raised?": at his turn, the action asked about
        return before, event, dataclasses.replace(q, kind="can", player=a.label(event.seat), recorded="",
                                                  premises=(), street=""), True
    amount = a.game.to_units(event.amount) if event.amount is not None and kind in (
        Kind.BET, Kind.RAISE, Kind.COMPLETE) else None
    return before, event, Question(q.text, "can", player=a.label(event.seat), verb=kind, amount=amount,
                                   to=amount is not None, said=kind.value), False


def _find(a, q: Question, seat: int | None):
    """(the answerer just before it, the event, its kind) for the latest recorded action the question
    names: ``seat``'s (None: anyone's) of the verb asked (any verb for "could ... have"), at the amount
    asked."""
    if q.verb not in (None, ALL_IN) and q.amount is None:  # the latest action of that very kind first
        exact = _latest(a, q, seat, (q.verb,))
        if exact is not None:
            return exact
    kinds = _FAMILY.get(q.verb, (q.verb,))
    if q.verb is Kind.RAISE and (q.recorded == "either" or q.said not in (None, "raise")):
        kinds = (Kind.RAISE, Kind.COMPLETE)  # "was Ann allowed to (re-)raise?": her bet was neither (TDA 2024 3)
    return _latest(a, q, seat, kinds)


def _street(a, q: Question) -> int | None:
    """The round the question names ("could p5 have raised pre-flop?"), or None for any."""
    from .standing import street_index

    return street_index(a, q.street) if q.street else None


def _latest(a, q: Question, seat: int | None, kinds: tuple, before_break: bool = False):
    from .ask import Answerer

    street = _street(a, q)
    events = a.scenario.events
    broken = a.played.broken  # the hand breaks a rule here: nothing after it can be judged
    cut = next((i for i, e in enumerate(events) if e is broken.event), len(events)) if broken else len(events)
    moot = {id(e) for e in a.played.moot}  # a check recorded when nobody had anything to decide: no action
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if not event.is_bet_action or (seat is not None and event.seat != seat) or id(event) in moot or (
                before_break and i >= cut):  # the action that broke a rule was not a turn of the player's
            continue
        if i > cut and q.verb not in (None, ALL_IN) and (
                not set(_VERB_KINDS.get(event.verb, ())) & set(kinds or (q.verb,))
                or q.amount is not None and (event.amount is None or a.game.to_units(event.amount) != q.amount)):
            continue  # after the break, but not the action asked ('cc' is no raise; another amount): look further back
        before = Answerer(dataclasses.replace(a.scenario, events=events[:i]), a.rules)
        if street is not None and before.state.street != street:
            if before.state.street < street:
                return None  # the actions before it are earlier rounds still
            continue
        kind = _kind(before, event)
        if q.verb is None:
            return before, event, kind
        if q.verb == ALL_IN:
            mine = before.state.seats[event.seat]
            if kind is not Kind.FOLD and (event.amount or before.state.call_level) >= mine.bet + mine.stack:
                return before, event, kind
            continue
        if q.said == "check-raise" and not before.state.seats[event.seat].checked:
            continue  # a check-raise is a raise after the player's own check this round
        if (not kinds or kind in kinds) and (
                q.amount is None or event.amount is not None and a.game.to_units(event.amount) == q.amount):
            return before, event, kind
    return None


_VERB_KINDS = {"f": (Kind.FOLD,), "cc": (Kind.CHECK, Kind.CALL), "cbr": (Kind.BET, Kind.RAISE, Kind.COMPLETE),
               "pb": (Kind.BRING_IN,)}  # what a PHH verb may be, before the state says which


def _kind(before, event: Event) -> Kind:
    """What a recorded PHH action was where it was taken, as the model reads it (``cc`` a check or a
    call; ``cbr`` a bet, raise or completion)."""
    return before.state.classify(event.seat, event.verb, event.amount).kind


def _words(before, kind: Kind, event: Event) -> str:
    name = "completion" if kind is Kind.COMPLETE else kind.value
    if kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE) and event.amount is not None:
        return f"{name} to {before.show(event.amount)}"
    return name
