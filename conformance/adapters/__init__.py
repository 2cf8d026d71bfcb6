"""Engine adapters: one harness per third-party engine, each runnable as ``python -m betlaw.conformance.adapters.NAME``."""


def misnamed_aggression(kind: str, facing_bet: bool) -> dict | None:
    """A probe an engine with one action for bet, raise and completion cannot express.

    Such an engine (PokerKit's ``complete_bet_or_raise_to``, ACPC's ``r``) reads "bet to X" facing a
    bet as a raise to X, so a probe whose only fault is its name (a bet facing a bet, a raise with
    no bet, a completion with nothing to complete: betlaw's open.first-bet and complete.incomplete-bet)
    is inexpressible there, not accepted.
    """
    if (kind == "bet" and facing_bet) or (kind == "raise" and not facing_bet) or kind == "complete":
        return {"outcome": "inexpressible", "message": "one action for bet, raise and completion"}
    return None
