"""betlaw.model: a readable, executable model of poker betting.

Start at :mod:`betlaw.model.state` (a hand in progress, with the PokerKit-style
``verify_x`` / ``can_x`` / ``x`` surface), then follow the rule modules it calls:
``turn_order``, ``sizing``, ``reopening``, ``cap``, ``pots``. Every refusal is an
:class:`~betlaw.model.errors.IllegalAction` whose reason maps to catalogue clause ids.
"""
from .actions import Action, Kind
from .errors import IllegalAction, Reason, Verdict
from .game import Game, Street, Structure
from .state import HandState, LegalActions

__all__ = ["Action", "Kind", "IllegalAction", "Reason", "Verdict", "Game", "Street", "Structure",
           "HandState", "LegalActions"]
