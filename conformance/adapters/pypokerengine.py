"""PyPokerEngine 1.0.1 (ishikota/PyPokerEngine) as a conformance harness:
``python -m betlaw.conformance.adapters.pypokerengine``.

Driven through ``pypokerengine.api.emulator.Emulator``: no-limit hold'em with a small blind and a
big blind of twice the small blind, one ante for everyone, stacks per seat (each at least its
ante and blind: the engine sits out a player who cannot pay them, so short forced bets are skipped). The button is engine
seat 0 on the first round, so vector seat ``v`` (PHH position) is engine seat ``(v + 1) % n``.
Amounts are street "to" amounts; a check is a call to what the player has put in this round. The engine never refuses: illegal input
(a wrong call amount, a raise out of range) is turned into a fold, so each probe is played on the
copy of the state that ``apply_action`` makes anyway, and the action the engine recorded is compared
with the one asked for (a difference is reported as a conversion).
"""
from __future__ import annotations

from ..harness import Harness, Skip, Table, serve

NAME = "pypokerengine"
ENGINE_STREETS = 4  # 0 pre-flop .. 3 river; 4 showdown, 5 finished


class PPETable(Table):
    def __init__(self, case: dict, rules: dict) -> None:
        from pypokerengine.api.emulator import Emulator

        s = case["setup"]
        n = s["seats"]
        self.n = n
        blinds = s["blinds"]
        sb, bb = (blinds[1], blinds[0]) if n == 2 else (blinds[0], blinds[1])
        if any(s["dead_posts"]) or (n > 2 and any(blinds[2:])) or len(s["streets"]) != 4:
            raise Skip("posts or straddles", "PyPokerEngine has only a small and a big blind")
        if bb != 2 * sb:
            raise Skip("a big blind other than twice the small blind")
        if len(set(s["antes"])) != 1:
            raise Skip("antes that differ by seat", "PyPokerEngine has one ante for everyone")
        if any(st["bet_size"] != bb for st in s["streets"]):
            raise Skip("a minimum bet other than the big blind")
        if any(chips < ante + blind for chips, ante, blind in zip(s["stacks"], s["antes"], blinds)):
            raise Skip("a stack below its ante and blind",
                       "PyPokerEngine sits out a player who cannot pay the ante and the whole blind")
        import random

        random.seed(0)
        em = Emulator()
        em.set_game_rule(player_num=n, max_round=1, small_blind_amount=sb, ante_amount=s["antes"][0])
        players = {}
        for e in range(n):
            v = (e - 1) % n
            players[f"s{e}"] = {"name": f"s{e}", "stack": s["stacks"][v]}
        state = em.generate_initial_game_state(players)
        self.em = em
        self.state, _ = em.start_new_round(state)

    def v(self, e: int) -> int:
        return (e - 1) % self.n

    def e(self, v: int) -> int:
        return (v + 1) % self.n

    def _over(self) -> bool:
        """The hand is over, or the emulator has nobody to act (everyone all-in or matched)."""
        return self.state["street"] >= ENGINE_STREETS or self.state["next_player"] is None

    def _player(self, e: int):
        return self.state["table"].seats.players[e]

    def observe(self) -> dict:
        if self._over():
            return {"actor": None, "street": None}
        e = self.state["next_player"]
        p = self._player(e)
        acts = {a["action"]: a["amount"] for a in self.em.generate_possible_actions(self.state)}
        paid = p.paid_sum()
        call_to = acts.get("call")
        adds = None if call_to is None else min(call_to - paid, p.stack)
        raise_to = None
        r = acts.get("raise")
        if r is not None and r["min"] != -1:
            raise_to = [r["min"], r["max"]]
        return {"actor": self.v(e), "street": self.state["street"],
                "legal": {"fold": "fold" in acts, "check": adds == 0, "call": adds if adds else None,
                          "raise_to": raise_to, "bring_in": None}}

    def _play(self, action: dict, apply: bool) -> dict | None:
        if self._over():
            return {"outcome": "rejected", "message": "the hand is over"}
        e = self.state["next_player"]
        if self.e(action["seat"]) != e:
            return {"outcome": "inexpressible", "message": "the emulator's actions name no player"}
        acts = {a["action"]: a["amount"] for a in self.em.generate_possible_actions(self.state)}
        kind = action["kind"]
        if kind == "fold":
            move = ("fold", 0)
        elif kind == "check":  # a call of no more chips: to what the player has put in this round (review DV)
            move = ("call", self._player(e).paid_sum())
        elif kind == "call":
            move = ("call", acts.get("call", 0))
        elif kind in ("bet", "raise", "complete"):
            move = ("raise", action["to"])
        else:
            return {"outcome": "inexpressible", "message": f"no {kind} in PyPokerEngine"}
        uuid = self._player(e).uuid
        try:
            after, events = self.em.apply_action(self.state, *move)
        except Exception as err:  # noqa: BLE001 - e.g. ValueError for an unknown action name
            return {"outcome": "rejected", "message": f"{type(err).__name__}: {err}"}
        did = self._recorded(after, events, uuid)
        wanted = {"fold": "fold", "check": "check", "call": "call"}.get(kind, f"raise to {action.get('to')}")
        if apply:
            self.state = after
        if did == wanted or (kind == "call" and did == "check" and acts.get("call", 0) == 0):
            return None if apply else {"outcome": "accepted"}
        return {"outcome": "converted", "as": did}

    def _recorded(self, after, events, uuid: str) -> str:
        """The action the engine recorded for this player, in betlaw words (from the round's end event when the
        action ended the hand: the engine then clears the players' histories; review DV)."""
        for p in after["table"].seats.players:
            if p.uuid != uuid:
                continue
            history = list(p.round_action_histories or [])
            flat = [h for street in history if street for h in street] + list(p.action_histories)
            if not flat:
                finish = next((e for e in events if e.get("type") == "event_round_finish"), None)
                streets = finish["round_state"]["action_histories"].values() if finish else ()
                flat = [h for street in streets for h in street if h.get("uuid") == uuid]
            mine = [h for h in flat if h.get("action") in ("FOLD", "CALL", "RAISE")]
            if not mine:
                return "nothing"
            last = mine[-1]
            if last["action"] == "FOLD":
                return "fold"
            if last["action"] == "CALL":
                return "check" if last.get("paid", last.get("amount", 0)) == 0 else "call"
            return f"raise to {last.get('amount')}"
        return "nothing"

    def probe(self, action: dict) -> dict:
        return self._play(action, apply=False)

    def act(self, action: dict) -> dict | None:
        return self._play(action, apply=True)


class PPEHarness(Harness):
    name = NAME
    homepage = "https://github.com/ishikota/PyPokerEngine"
    issues = "https://github.com/ishikota/PyPokerEngine/issues"

    def __init__(self) -> None:
        super().__init__()
        from importlib.metadata import version

        self.version = version("PyPokerEngine")

    def profile(self) -> dict:
        return {
            "structures": ["no-limit"],
            "features": ["antes", "blinds", "heads-up", "unequal-stacks", "side-pots", "later-streets"],
            "seats": [2, 10], "preset": "acpc",
            "switches": {"cumulative-short-allins": ["off"], "fold-when-check": ["allowed"], "reopen": ["any-raise"],
                         "full-bet-basis": ["rulebook"], "short-allin-min-raise": ["own-increment"],
                         "check-raise": ["allowed"], "short-bb-call": ["posted"]},
            "observes": ["actor", "street", "fold", "check", "call", "raise_to"],
        }

    def table(self, case: dict, rules: dict) -> Table:
        return PPETable(case, rules or self.rules)


def main() -> int:
    return serve(PPEHarness())


if __name__ == "__main__":
    raise SystemExit(main())
