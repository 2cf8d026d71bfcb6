"""texasholdem 0.11.0 (SirRender00/texasholdem) as a conformance harness:
``python -m betlaw.conformance.adapters.texasholdem``.

No-limit hold'em only, with a small and a big blind (no antes, straddles or other structures) and
the minimum bet equal to the big blind. Stacks are set per seat before ``start_hand()``; with
``btn_loc = n - 1`` the first hand puts the button on engine seat 0, so vector seat ``v`` (PHH
position) is engine seat ``(v + 1) % n``. Legality comes from ``get_available_moves()`` and
``validate_move(..., throws=True)`` (which does not change the game). Amounts (``raise_range``,
``total=``) count a player's chips in every pot not yet collected: after an all-in for less closes
a pot, its chips stay counted on the later streets, so each street's "to" amounts are measured from
what each player had counted when the street began (:meth:`TexasHoldemTable.street_base`).
"""
from __future__ import annotations

from ..harness import Harness, Skip, Table, serve
from . import misnamed_aggression

NAME = "texasholdem"
PHASES = ("PREFLOP", "FLOP", "TURN", "RIVER")


class TexasHoldemTable(Table):
    def __init__(self, case: dict, rules: dict) -> None:
        from texasholdem import ActionType, TexasHoldEm

        self.AT = ActionType
        s = case["setup"]
        n = s["seats"]
        self.n = n
        blinds = s["blinds"]
        sb, bb = (blinds[1], blinds[0]) if n == 2 else (blinds[0], blinds[1])
        if any(s["antes"]) or any(s["dead_posts"]) or (n > 2 and any(blinds[2:])):
            raise Skip("antes, posts or straddles", "texasholdem has only a small and a big blind")
        if any(st["bet_size"] != bb for st in s["streets"]) or sb <= 0 or len(s["streets"]) != 4:
            raise Skip("a minimum bet other than the big blind", "texasholdem's minimum bet is the big blind")
        import random

        random.seed(0)
        g = TexasHoldEm(buyin=max(s["stacks"]), big_blind=bb, small_blind=sb, max_players=n)
        for v, chips in enumerate(s["stacks"]):
            g.players[self.engine_seat(v)].chips = chips
        g.btn_loc = n - 1
        g.start_hand()
        self.g = g

    def street_base(self, e: int) -> int:
        """Engine seat ``e``'s chips that ``player_bet_amount`` still counts from earlier streets."""
        g = self.g
        if getattr(self, "_base_phase", None) != g.hand_phase.name:
            self._base_phase = g.hand_phase.name
            self._base = [0 if g.hand_phase.name == "PREFLOP" else g.player_bet_amount(i) for i in range(self.n)]
        return self._base[e]

    def engine_seat(self, v: int) -> int:
        return (v + 1) % self.n

    def vector_seat(self, e: int) -> int:
        return (e - 1) % self.n

    def observe(self) -> dict:
        g = self.g
        if not g.is_hand_running() or g.hand_phase.name not in PHASES:
            return {"actor": None, "street": None}
        p = g.current_player
        obs: dict = {"actor": self.vector_seat(p), "street": PHASES.index(g.hand_phase.name)}
        moves = g.get_available_moves()
        types = set(moves.action_types)
        chips = g.players[p].chips
        owed = g.chips_to_call(p)
        raise_to, base = None, self.street_base(p)
        if self.AT.RAISE in types and moves.raise_range is not None and len(moves.raise_range):
            r = moves.raise_range
            raise_to = [r.start - base, r.stop - 1 - base]
        elif self.AT.ALL_IN in types:
            total = g.player_bet_amount(p) - base + chips
            if chips > owed:
                raise_to = [total, total]
        call = None
        if self.AT.CALL in types or (self.AT.ALL_IN in types and owed > 0):
            call = min(owed, chips) if owed > 0 else None
        obs["legal"] = {"fold": self.AT.FOLD in types, "check": self.AT.CHECK in types, "call": call,
                        "raise_to": raise_to, "bring_in": None}
        if all(g.player_bet_amount(i) == self.street_base(i) for i in range(self.n)) and obs["street"] > 0 \
                and self._fresh():
            pots = []
            for pot in g.pots:
                amount = pot.get_total_amount()
                if amount:
                    pots.append({"amount": amount, "eligible": sorted(self.vector_seat(i) for i in pot.players_in_pot())})
            obs["pots"] = pots
        return obs

    def _fresh(self) -> bool:
        """No one has acted yet this betting round."""
        history = getattr(self.g.hand_history, self.g.hand_phase.name.lower(), None)
        return history is None or not getattr(history, "actions", None)

    def _move(self, action: dict):
        kind = action["kind"]
        at = {"fold": self.AT.FOLD, "check": self.AT.CHECK, "call": self.AT.CALL, "bet": self.AT.RAISE,
              "raise": self.AT.RAISE, "complete": self.AT.RAISE}.get(kind)
        if at is not self.AT.RAISE:
            return at, None
        to = action.get("to")
        return at, to if to is None or not self.g.is_hand_running() else to + self.street_base(
            self.engine_seat(action["seat"]))

    def probe(self, action: dict) -> dict:
        g = self.g
        at, total = self._move(action)
        if at is None:
            return {"outcome": "inexpressible", "message": f"no {action['kind']} in texasholdem"}
        if not g.is_hand_running():
            return {"outcome": "rejected", "message": "the hand is over"}
        if at is self.AT.RAISE:
            misnamed = misnamed_aggression(action["kind"], any(
                g.player_bet_amount(i) > self.street_base(i) for i in range(self.n)))
            if misnamed:
                return misnamed
        try:
            ok = g.validate_move(player_id=self.engine_seat(action["seat"]), action=at, total=total, throws=True)
        except Exception as err:  # noqa: BLE001 - texasholdem raises ValueError subclasses with the reason
            return {"outcome": "rejected", "message": str(err)}
        return {"outcome": "accepted"} if ok else {"outcome": "rejected", "message": "validate_move: False"}

    def act(self, action: dict) -> dict | None:
        g = self.g
        if g.current_player != self.engine_seat(action["seat"]):
            return {"outcome": "rejected", "message": f"engine actor is p{self.vector_seat(g.current_player) + 1}"}
        at, total = self._move(action)
        if at is None:
            return {"outcome": "inexpressible", "message": f"no {action['kind']}"}
        try:
            g.take_action(at, total=total) if total is not None else g.take_action(at)
        except Exception as err:  # noqa: BLE001
            return {"outcome": "rejected", "message": str(err)}
        return None


class TexasHoldemHarness(Harness):
    name = NAME
    homepage = "https://github.com/SirRender00/texasholdem"
    issues = "https://github.com/SirRender00/texasholdem/issues"

    def __init__(self) -> None:
        super().__init__()
        from importlib.metadata import version

        self.version = version("texasholdem")

    def profile(self) -> dict:
        return {
            "structures": ["no-limit"],
            "features": ["blinds", "heads-up", "short-bb", "unequal-stacks", "side-pots", "later-streets"],
            "seats": [2, 10], "preset": "tda-2024",
            "switches": {"cumulative-short-allins": ["on"], "fold-when-check": ["allowed"],
                         "short-bb-call": ["posted"], "reopen": ["full-raise"], "full-bet-basis": ["rulebook"],
                         "short-allin-min-raise": ["last-full-raise"], "check-raise": ["allowed"],
                         "raise-when-covered": ["allowed"]},
            "observes": ["actor", "street", "fold", "check", "call", "raise_to", "pots"],
        }

    def table(self, case: dict, rules: dict) -> Table:
        return TexasHoldemTable(case, rules or self.rules)


def main() -> int:
    return serve(TexasHoldemHarness())


if __name__ == "__main__":
    raise SystemExit(main())
