"""The model's answers in the shape the specification confirms them.

:meth:`~betlaw.spec.solver.SpecOracle.confirm_legal_actions` and
:meth:`~betlaw.spec.solver.SpecOracle.confirm_step` take a claim and ask the solver whether it is
exactly what the clauses allow; these functions read the claim off a
:class:`~betlaw.model.state.HandState` (the stateful test and ``betlaw bench`` share them).
"""
from __future__ import annotations


def legal_claim(state) -> dict:
    """The model's options for the player to act, keyed like ``SpecOracle.legal_actions``."""
    legal = state.options()
    return {"fold": legal.fold, "fold_penalized": legal.fold_penalized, "check": legal.check,
            "call": legal.call, "bet_or_raise": legal.bet_or_raise, "amounts": legal.amounts,
            "is_bet": legal.is_bet and bool(legal.bet_or_raise), "complete_to": legal.complete_to,
            "complete_amounts": legal.complete_amounts, "bring_in": legal.bring_in}


def round_ended(before, after) -> bool:
    """Did the action end its betting round (round.end, round.all-fold): the model has moved on to
    the next round, or the hand is over?"""
    return after.street != before.street or after.hand_over


def step_claim(before, after, verdict) -> dict:
    """The model's outcome of one action, keyed like ``SpecOracle.successor``: the penalty, whether the
    round ended, then the stacks once the uncalled bet is back (round.uncalled-bet) if it did, else
    the seats and the round's bet levels."""
    if round_ended(before, after):
        return {"penalized": verdict.penalized, "round_over": True,
                "settled_stack": [s.stack for s in after.seats]}
    return {"penalized": verdict.penalized, "round_over": False,
            "stack": [s.stack for s in after.seats], "bet": [s.bet for s in after.seats],
            "folded": [s.folded for s in after.seats], "call_level": after.call_level,
            "full_level": after.full_level, "full_raise": after.full_raise, "full_seq": after.full_seq,
            "full_opened": after.full_opened, "raises_counted": after.raises_counted,
            "short_counted": after.short_counted,
            "capped_multiway": after.capped_multiway, "min_raise_to": after.min_raise_to, "actor": after.actor}
