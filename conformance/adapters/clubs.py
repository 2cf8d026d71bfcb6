"""clubs 0.1.4 (fschlatt/clubs, GPL-3.0; used as a test-only dependency, not vendored) as a
conformance harness: ``python -m betlaw.conformance.adapters.clubs``.

``clubs.poker.Dealer`` with per-street ``raise_sizes`` ('inf' no-limit, 'pot' pot-limit, the bet
size in fixed-limit) and ``num_raises`` (betlaw's cap + 1: clubs counts the opening bet and never
the blinds). The button is engine seat 0 after ``reset``, so vector seat ``v`` is engine seat
``(v + 1) % n``; clubs' blinds list starts left of the button (heads-up: at the button), its antes
list likewise. ``step(bet)`` takes the chips *added*; it never refuses: it rounds an amount to
the nearest legal one and turns a fold into a check when checking is possible, so every probe is
played on a copy of the dealer and what the engine did is compared with what was asked (a
difference is reported as a conversion). clubs gives all-in players a turn; the adapter passes it
for them with ``step(0)``. clubs posts a forced bet in full from a stack too short for it (the
stack goes negative), so such vectors are skipped.
"""
from __future__ import annotations

import copy

from . import misnamed_aggression
from ..harness import Harness, Skip, Table, serve
from ..vectors import CAP_VALUES

NAME = "clubs"


class ClubsTable(Table):
    def __init__(self, case: dict, rules: dict) -> None:
        from clubs import poker

        s = case["setup"]
        n = s["seats"]
        self.n = n
        if any(s["dead_posts"]) or len(s["streets"]) != 4:
            raise Skip("dead posts or a non-hold'em street layout")
        structure = case["structure"]
        if structure == "no-limit":
            sizes = ["inf"] * 4
        elif structure == "pot-limit":
            sizes = ["pot"] * 4
        elif structure == "fixed-limit":
            sizes = [st["bet_size"] for st in s["streets"]]
        else:
            raise Skip(f"structure {structure}")
        if any(chips < ante + blind for chips, ante, blind in zip(s["stacks"], s["antes"], s["blinds"])):
            raise Skip("a stack below its ante and blind",
                       "clubs posts a forced bet in full from a short stack (the stack goes negative)")
        cap = rules.get("cap")
        raises = "inf" if structure != "fixed-limit" or cap is None else cap + 1
        blinds = list(s["blinds"]) if n > 2 else [s["blinds"][1], s["blinds"][0]]
        antes = list(s["antes"]) if n > 2 else [s["antes"][1], s["antes"][0]]  # same convention as the blinds
        import random

        import numpy as np

        random.seed(0)
        np.random.seed(0)
        d = poker.Dealer(num_players=n, num_streets=4, blinds=blinds, antes=antes, raise_sizes=sizes,
                         num_raises=raises, num_suits=4, num_ranks=13, num_hole_cards=2,
                         num_community_cards=[0, 3, 1, 1], num_cards_for_hand=5, mandatory_num_hole_cards=0,
                         start_stack=max(s["stacks"]))
        d.stacks = [0] * n
        for v, chips in enumerate(s["stacks"]):
            d.stacks[self.e(v)] = chips
        self.obs = d.reset(reset_button=True, reset_stacks=False)
        self.d = d
        self.done = False
        self._skip_all_in()

    def e(self, v: int) -> int:
        return (v + 1) % self.n

    def v(self, e: int) -> int:
        return (e - 1) % self.n

    def _over(self) -> bool:
        return self.done or self.obs.get("action", -1) == -1

    def _skip_all_in(self) -> None:
        while not self._over() and self.d.stacks[self.obs["action"]] == 0:
            self._step(0)

    def _step(self, bet: int) -> None:
        obs, _payouts, done = self.d.step(bet)
        self.obs = obs
        self.done = all(done)

    def observe(self) -> dict:
        if self._over():
            return {"actor": None, "street": None}
        o, d = self.obs, self.d
        p = o["action"]
        commit = o["street_commits"][p]
        call = o["call"]
        stack = d.stacks[p]
        raise_to = None
        if o["max_raise"] > call and o["min_raise"] > call:
            raise_to = [commit + o["min_raise"], commit + o["max_raise"]]
        obs = {"actor": self.v(p), "street": d.street,
               "legal": {"check": call == 0, "call": min(call, stack) if call > 0 else None,
                         "raise_to": raise_to, "bring_in": None}}
        return obs

    def _play(self, action: dict, apply: bool) -> dict | None:
        if self._over():
            return {"outcome": "rejected", "message": "the hand is over"}
        p = self.obs["action"]
        if self.e(action["seat"]) != p:
            return {"outcome": "inexpressible", "message": "clubs step() names no player"}
        kind = action["kind"]
        commit = self.obs["street_commits"][p]
        bet = {"fold": -1, "check": 0, "call": self.obs["call"]}.get(kind)
        if bet is None:
            if action.get("to") is None:
                return {"outcome": "inexpressible", "message": f"no {kind} in clubs"}
            bet = action["to"] - commit
        if not apply and kind in ("bet", "raise", "complete"):
            misnamed = misnamed_aggression(kind, max(self.obs["street_commits"]) > 0)
            if misnamed:
                return misnamed
        call = self.obs["call"]  # the actor's, read before the step (after it, obs is the next player's)
        target = self if apply else copy.deepcopy(self)
        before_stack = target.d.stacks[p]
        try:
            target._step(bet)
        except (ValueError, AssertionError) as err:
            return {"outcome": "rejected", "message": f"{type(err).__name__}: {err}"}
        added = target.d.history[-1][1]  # the chips the step put in (the stack may be paid out already)
        if not target.d.active[p]:
            did = "fold"
        elif added == 0:
            did = "check"
        elif added == min(call, before_stack):
            did = "call"
        else:
            did = f"{'bet' if call == 0 else 'raise'} to {commit + added}"
        wanted = kind if kind in ("fold", "check", "call") else f"{'bet' if call == 0 else 'raise'} to {action['to']}"
        if apply:
            self._skip_all_in()
        if did == wanted or (kind in ("bet", "raise", "complete") and did.endswith(f" to {action['to']}")):
            return None if apply else {"outcome": "accepted"}
        return {"outcome": "converted", "as": did}

    def probe(self, action: dict) -> dict:
        return self._play(action, apply=False)

    def act(self, action: dict) -> dict | None:
        return self._play(action, apply=True)


class ClubsHarness(Harness):
    name = NAME
    homepage = "https://github.com/fschlatt/clubs"
    issues = "https://github.com/fschlatt/clubs/issues"

    def __init__(self) -> None:
        super().__init__()
        from importlib.metadata import version

        self.version = version("clubs")

    def profile(self) -> dict:
        return {
            "structures": ["no-limit", "pot-limit", "fixed-limit"],
            "features": ["antes", "blinds", "heads-up", "unequal-stacks", "side-pots",
                         "later-streets"],
            "seats": [2, 10], "preset": "pokerkit",
            "switches": {"limit-reopen": ["full-bet"], "cumulative-short-allins": ["on"],
                         "cap": [3] + [v for v in CAP_VALUES if v != 3], "cap-heads-up": ["applies"],
                         "short-allin-counts-toward-cap": ["never"], "after-short-allin": ["raise-on-top"],
                         "fold-when-check": ["forbidden"], "check-raise": ["allowed"],
                         "reopen": ["full-raise"], "full-bet-basis": ["voluntary-increments"],
                         "short-allin-min-raise": ["last-full-raise"]},
            "observes": ["actor", "street", "check", "call", "raise_to"],
        }

    def table(self, case: dict, rules: dict) -> Table:
        return ClubsTable(case, rules or self.rules)


def main() -> int:
    return serve(ClubsHarness())


if __name__ == "__main__":
    raise SystemExit(main())
