"""``betlaw ask --oracle model|spec|both``: the same question answered by the Z3 specification.

With ``spec`` the verdicts, the legal actions and the clauses of a "no" come from the solver
(the clauses are its minimised unsat core). With ``both`` the model and the spec answer
independently and every difference is reported, never hidden: the hand's history is replayed
through the spec's one-step relation too (each action legal, the same successor), then the
question's own answer and legal actions are compared.
"""
from __future__ import annotations

from types import SimpleNamespace

from betlaw.model.actions import Action, Kind
from betlaw.model.state import HandState

from .ask import Answerer
from .questions import ALL_IN, Question


class SpecAnswers:
    """The specification's view of the decision point an :class:`Answerer` holds."""

    def __init__(self, answerer: Answerer, rlimit: int | None = None):
        from betlaw.spec.solver import SpecOracle

        self.a = answerer
        self.oracle = SpecOracle(answerer.rules, answerer.game, rlimit=rlimit)

    # ------------------------------------------------------------ the history

    def history_disagreements(self) -> list[str]:
        """Replay the model's history with the spec checking every step."""
        out = []
        state = HandState(self.a.game, self.a.rules)
        for i, action in enumerate(self.a.state.history):
            verdict = self.oracle.check(state, action, explain=False)
            if not verdict.legal:
                out.append(f"history action {i} ({action}): the model applied it, the spec refuses it")
                return out
            predicted = self.oracle.successor(state, action)
            before = state.street
            state.apply(action)
            if predicted is None:
                out.append(f"history action {i} ({action}): the spec has no successor")
                return out
            if (ended := _round_ended(state, before)) != predicted["round_over"]:
                out.append(f"after history action {i} ({action}): the {'model' if ended else 'spec'} ends the round, "
                           f"the {'spec' if ended else 'model'} goes on")
                return out
            if predicted["round_over"]:
                if [s.stack for s in state.seats] != predicted["settled_stack"]:
                    out.append(f"after history action {i} ({action}): stacks model {[s.stack for s in state.seats]} "
                               f"spec {predicted['settled_stack']}")
            else:
                mine = ([s.stack for s in state.seats], state.call_level, state.actor)
                theirs = (predicted["stack"], predicted["call_level"], predicted["actor"])
                if mine != theirs:
                    out.append(f"after history action {i} ({action}): (stacks, current bet, actor) model {mine} "
                               f"spec {theirs}")
        return out

    # ------------------------------------------------------------ the decision point

    def legal_json(self) -> dict:
        """The spec's legal actions, in the JSON form of ``Answerer.legal_json``."""
        state, a = self.a.state, self.a
        spec = self.raw = self.oracle.legal_actions(state)
        seat = state.actor
        call_to = None if spec["call"] is None or seat is None else state.seats[seat].bet + spec["call"]
        return {
            "fold": spec["fold"],
            "check": spec["check"],
            "call": a.amount(call_to),
            "bet_or_raise": None if spec["bet_or_raise"] is None else
            {"min_to": a.amount(spec["bet_or_raise"][0]), "max_to": a.amount(spec["bet_or_raise"][1]),
             "kind": "bet" if spec["is_bet"] else "raise"} | a.only_amounts(spec["amounts"]),
            "complete_to": a.amount(spec["complete_to"]),
            "bring_in": a.amount(spec["bring_in"]),
            "fold_penalized": spec["fold_penalized"],
            "call_adds": a.amount(spec["call"]),
        } | a.only_completions(spec["complete_amounts"])

    def can(self, q: Question, model: dict) -> tuple[str, list[str]] | None:
        """The spec's yes/no and (for a no) its core's clauses, for a "can pN ...?" question."""
        if q.kind != "can":
            return None
        if q.recorded:  # "was David's raise legal?": the spec asked where the action was taken
            from .recorded import where

            found = where(self.a, q)
            if found is not None:
                before, _, asked, _ = found
                return SpecAnswers(before).can(asked, model)
        state = self.a.state
        seat = self.a.seat_for(q.player)
        if q.verb == ALL_IN:
            return None  # "all-in" is a family of actions; the legal-set comparison covers it
        if model.get("check_raise_ahead"):
            return None  # "can pN check-raise?" before checking: a line of play ahead, answered from the rule set
        if model.get("answer") == "unknown":
            return None  # it turns on what the hand does not give (stud: who opens the next round, by the cards)
        # the words mapped onto the rules' actions as the model maps them; the legal-set comparison
        # checks the options that mapping reads
        kind, to, refused = self.a.formal(q, seat, self.a.to_amount(q))
        if refused is not None:
            return refused[0], refused[1]
        if kind is Kind.CALL:
            to = None
        verdict = self.oracle.check(state, Action(seat, kind, to if kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE)
                                                  else None))
        return ("yes" if verdict.legal else "no"), list(verdict.clauses)


def _round_ended(state: HandState, street_before: int) -> bool:
    """Did the model's last action end its betting round (round.end): the next round began, or the betting is over?"""
    return state.street != street_before or state.round_over


def hand_disagreements(scenario, rules, oracle=None) -> list[str]:
    """Replay a hand through the model and the spec together: every action gets the same verdict,
    every legal one the same successor (issue 3: agreement on every action of every hand)."""
    from betlaw.model.errors import IllegalAction
    from betlaw.spec.solver import SpecOracle

    spec = oracle or SpecOracle(rules, scenario.game)
    state = HandState(scenario.game, rules)
    out = []
    for event in scenario.events:
        if event.seat is None or event.verb not in ("f", "cc", "cbr", "pb"):
            continue
        action = state.classify(event.seat, event.verb, event.amount)
        verdict = spec.check(state, action, explain=False)
        try:
            mine = state.verify(action)
        except IllegalAction:
            if verdict.legal:
                out.append(f"action {event.index} {event.text!r}: the model refuses it, the spec allows it")
            return out
        if not verdict.legal or verdict.penalized != mine.penalized:
            out.append(f"action {event.index} {event.text!r}: model legal (penalised={mine.penalized}), "
                       f"spec {'legal' if verdict.legal else 'illegal'} (penalised={verdict.penalized})")
            return out
        predicted = spec.successor(state, action)
        before = state.street
        state.apply(action)
        if (ended := _round_ended(state, before)) != predicted["round_over"]:
            out.append(f"after action {event.index} {event.text!r}: the {'model' if ended else 'spec'} ends the round, "
                       f"the {'spec' if ended else 'model'} goes on")
            return out
        stacks = [s.stack for s in state.seats]
        want = predicted["settled_stack"] if predicted["round_over"] else predicted["stack"]
        if stacks != want or (not predicted["round_over"] and predicted["actor"] != state.actor):
            out.append(f"after action {event.index} {event.text!r}: model stacks {stacks} actor {state.actor}, "
                       f"spec {want} actor {predicted['actor']}")
            return out
    return out


def talk_disagreements(scenario, rules) -> list[str]:
    """Judge the hand's table talk (issue 7) with the model (:func:`betlaw.model.declarations.judge`)
    and with the spec (:func:`betlaw.spec.declarations.spec_judge`); every difference, in words."""
    from betlaw.model.declarations import DeclarationError, Move, judge
    from betlaw.model.errors import IllegalAction
    from betlaw.spec.declarations import disagreements, spec_judge

    from .scenario import talk_error

    moves = [Move(e.index, e.seat, e.verb, e.amount, e.text) for e in scenario.events]
    try:
        model = judge(HandState(scenario.game, rules), moves, scenario.talk, scenario.denominations).rulings
    except DeclarationError as err:
        raise talk_error(scenario, err) from None
    try:
        spec = spec_judge(HandState(scenario.game, rules), moves, scenario.talk, scenario.denominations)
    except IllegalAction:  # the hand breaks a rule: the spec rules on the talk before it, the model too
        return []
    return [f"table talk: {d}" for d in disagreements(model, spec)]


def for_structure(clauses: list[str], structure) -> list[str]:
    """The clauses the catalogue scopes to the hand's betting structure, in order; all of them if none is.

    A spec core can hold another structure's clause through the state it defines (raise.minimum sets
    the round's sizes in fixed limit too), which the reader of a fixed-limit answer should not be sent to.
    """
    from betlaw.spec.catalogue import catalogue

    known = catalogue()
    kept = [c for c in clauses if c not in known or str(structure) in known[c].structures]
    return kept or clauses


def in_force(clauses: list[str], state) -> list[str]:
    """:func:`for_structure`, less the one of the full-bet and half-bet rules that the hand's rule set
    leaves out (TDA 2024 47-A / 47-B: limit-reopen picks one in limit; no-limit and pot-limit have the
    full-bet rule only), which a core can name through the definitions it shares (review DP)."""
    from betlaw.model.reopening import half_bet_rule

    kept = for_structure(clauses, state.game.structure)
    idle = "reopen.full-bet-rule" if half_bet_rule(state) else "reopen.half-bet-rule"
    return [c for c in kept if c != idle] or kept


def answer(answerer: Answerer, question: Question, oracle: str) -> tuple[dict, list[str]]:
    """The answer under ``oracle``, and the disagreements (only with ``both``)."""
    result = answerer.answer(question)
    if oracle == "model":
        result["oracle"] = "model"
        return result, []
    spec = SpecAnswers(answerer)
    disagreements = spec.history_disagreements() if oracle == "both" else []
    if oracle == "both" and answerer.scenario.talk:
        disagreements += talk_disagreements(answerer.scenario, answerer.rules)
    spec_legal = spec.legal_json()
    # An answer decided by the player's own table talk (issue 7) is not a legality question.
    spec_can = None if result.get("declared") else spec.can(question, result)
    if oracle == "both":
        if spec_legal != result["legal"]:
            disagreements.append(f"legal actions: model {result['legal']} spec {spec_legal}")
        if spec_can is not None and spec_can[0] != result["answer"]:
            disagreements.append(f"answer: model {result['answer']!r} spec {spec_can[0]!r}")
    if oracle == "spec":
        result["legal"] = spec_legal
        actor = answerer.state.actor
        about_actor = question.player is None or answerer.seat_for(question.player) == actor
        if question.kind not in ("can", "what") or result.get("check_raise_ahead") or \
                (question.kind == "what" and not about_actor):
            result["answer_from"] = "model"  # the spec decides legality now; lines ahead, pots, turns, talk: the model
        if question.kind == "what" and not result.get("declared") and actor is not None and about_actor \
                and result["answer"] != "nothing":
            text = answerer.options_text(SimpleNamespace(actor=actor, **spec.raw))
            if question.focus:  # "what is the minimum raise?", "how much to call?": that part of the options
                part, _, why, _ = answerer._focus(question.focus, actor, SimpleNamespace(actor=actor, clauses={},
                                                                                        **spec.raw))
                result["answer"], result["explanation"] = part, answerer.with_premises(f"{why} (the specification's options)")
            else:
                result["answer"], result["explanation"] = text, answerer.with_premises(
                    f"{answerer.who(actor)} may {text} (the specification's options).")
        if spec_can is not None:
            result["answer"] = spec_can[0]
            result["explanation"] = answerer.with_premises(f"{spec_can[0]} (the specification's verdict)")
    if spec_can is not None and spec_can[0] == "no":
        result["model_clauses"] = result["clauses"]
        result["clauses"] = list(dict.fromkeys(spec_can[1] + (result["clauses"] if oracle == "both" else [])))
    for key in ("clauses", "model_clauses"):
        if key in result:
            result[key] = in_force(result[key], answerer.state)
    result["oracle"] = oracle
    if oracle == "both":
        result["agree"] = not disagreements
        if disagreements:
            result["disagreements"] = disagreements
    return result, disagreements
