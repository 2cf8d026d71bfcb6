"""Clause stud.open-pair: fixed-limit seven-card stud with an open pair showing on fourth street
(Robert's Rules, Seven-Card Stud #4; TDA 2024 RP-10-F keeps the small bet in tournaments)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import HandState


def big_bet_option(state: "HandState") -> int | None:
    """The big bet, where a player may bet or raise by it instead of the small bet: fourth street with
    an open pair showing, under a rule set that gives the option (open-pair-bet=either-bet)."""
    big = state.game.open_pair_big_bet(state.street)
    return big if big is not None and state.rules["open-pair-bet"] == "either-bet" else None


def limit_size(state: "HandState") -> int:
    """The size of a full fixed-limit bet or raise now: the street's bet, or the big bet once a bet or
    raise of the big bet has been made (Robert's #4: "If a $10 raise is made, then all other raises
    must be in increments of $10")."""
    big = big_bet_option(state)
    if big is not None and state.full_raise >= big:
        return big
    return state.game.streets[state.street].bet_size
