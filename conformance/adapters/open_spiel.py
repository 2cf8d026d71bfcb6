"""OpenSpiel 2.0.2 ``universal_poker`` (the ACPC dealer's game.c) as a conformance harness:
``python -m betlaw.conformance.adapters.open_spiel``.

The vector becomes an ACPC game definition: per-seat ``blind``, ``firstPlayer`` per round (left of
the largest blind pre-flop, seat 1 after), ``stack`` per seat (no-limit only: ACPC limit games have
no stacks, so limit vectors run only when no stack can be reached), ``raiseSize`` and
``maxRaises`` (limit; betlaw's cap counts raises over the big blind pre-flop and over the bet
later, ACPC counts raise actions, so ``maxRaises = cap, cap+1, cap+1, cap+1``). ACPC seats are the
vector's seats. No-limit uses ``bettingAbstraction=fullgame`` (action 0 fold, 1 check/call, any
other id a raise to that many chips for the *hand*), limit uses ``fcpa`` (2 = the raise). ACPC has
no antes, pot limit, blinds larger than the stack or dead posts, and OpenSpiel segfaults on limit games with more
than four players; such vectors are skipped. Legality is ``legal_actions()``; an action not among
them is reported refused (OpenSpiel's own check aborts with ``SpielError``).
"""
from __future__ import annotations

import re

from ..harness import Harness, Skip, Table, serve
from . import misnamed_aggression
from ..vectors import CAP_VALUES

NAME = "open_spiel"


class OpenSpielTable(Table):
    def __init__(self, case: dict, rules: dict) -> None:
        import pyspiel

        s = case["setup"]
        n = s["seats"]
        self.n = n
        structure = case["structure"]
        if structure not in ("no-limit", "fixed-limit"):
            raise Skip(f"structure {structure}")
        if any(s["antes"]) or any(s["dead_posts"]) or len(s["streets"]) != 4:
            raise Skip("antes or posts", "ACPC game definitions have no antes or posts")
        blinds = s["blinds"]
        if any(0 < s["stacks"][i] < b for i, b in enumerate(blinds)):
            raise Skip("short-bb", "ACPC rejects a blind larger than the stack")
        largest = max(blinds)
        first = (max(i for i, b in enumerate(blinds) if b == largest) + 1) % n
        params = dict(numPlayers=n, numRounds=4, blind=" ".join(map(str, blinds)),
                      firstPlayer=f"{first + 1} 1 1 1", numSuits=4, numRanks=13, numHoleCards=2,
                      numBoardCards="0 3 1 1")
        self.limit = structure == "fixed-limit"
        self.sizes = [st["bet_size"] for st in s["streets"]]
        if self.limit:
            cap = rules.get("cap")
            if n > 4:
                raise Skip("more than four seats in limit", "OpenSpiel segfaults on limit games with 5+ players")
            if cap is None:
                raise Skip("cap none", "ACPC limit games need maxRaises")
            need = sum(self.sizes) * (cap + 2) + largest
            if min(s["stacks"]) < need:
                raise Skip("stacks in limit", "ACPC limit games have no stacks; a stack could run out here")
            params.update(betting="limit", raiseSize=" ".join(map(str, self.sizes)),
                          maxRaises=f"{cap} {cap + 1} {cap + 1} {cap + 1}", bettingAbstraction="fcpa")
        else:
            params.update(betting="nolimit", stack=" ".join(map(str, s["stacks"])), bettingAbstraction="fullgame")
        self.stacks = list(s["stacks"])
        self.game = pyspiel.load_game("universal_poker", params)
        self.state = self.game.new_initial_state()
        self.round_start = [0] * n
        self.round = 0
        self._deal()  # pre-flop, the blinds are this round's bets: round_start stays 0

    def _deal(self) -> None:
        st = self.state
        while st.is_chance_node():
            st.apply_action(st.legal_actions()[0])
        r = self._round()
        if r != self.round:
            self.round = r
            self.round_start = list(self._spent())

    def _text(self) -> str:
        return str(self.state)

    def _round(self) -> int:
        m = re.search(r"Round: (\d+)", self._text())
        return int(m.group(1)) if m else 0

    def _spent(self) -> list[int]:
        m = re.search(r"Spent: \[(.*?)\]", self._text())
        return [int(x) for x in re.findall(r"P\d+: (\d+)", m.group(1))] if m else [0] * self.n

    def _over(self) -> bool:
        return self.state.is_terminal() or self.state.current_player() < 0

    def observe(self) -> dict:
        if self._over():
            return {"actor": None, "street": None}
        p = self.state.current_player()
        spent = self._spent()
        legal = self.state.legal_actions()
        top = max(spent)
        base = self.round_start[p]
        call_add = min(top, self.stacks[p]) - spent[p] if not self.limit else top - spent[p]
        raise_to = None
        if self.limit:
            if 2 in legal:
                street_top = max(x - y for x, y in zip(spent, self.round_start))
                raise_to = [street_top + self.sizes[self.round]] * 2
        else:
            raises = [a for a in legal if a >= 2]
            if raises:
                raise_to = [min(raises) - base, max(raises) - base]
        return {"actor": p, "street": self.round,
                "legal": {"fold": 0 in legal, "check": call_add == 0 and 1 in legal,
                          "call": call_add if call_add > 0 and 1 in legal else None,
                          "raise_to": raise_to, "bring_in": None}}

    def _id(self, action: dict) -> int | None:
        kind = action["kind"]
        if kind == "fold":
            return 0
        if kind in ("check", "call"):
            return 1
        if kind in ("bet", "raise", "complete"):
            if self.limit:
                return 2
            return self.round_start[action["seat"]] + action["to"]
        return None

    def _play(self, action: dict, apply: bool) -> dict | None:
        if self._over():
            return {"outcome": "rejected", "message": "the hand is over"}
        p = self.state.current_player()
        if action["seat"] != p:
            return {"outcome": "inexpressible", "message": "OpenSpiel actions name no player"}
        spent = self._spent()
        owed = max(spent) - spent[p]
        if (action["kind"] == "check" and owed > 0) or (action["kind"] == "call" and owed == 0):
            if not apply:
                return {"outcome": "inexpressible", "message": "ACPC has one check/call action"}
        if not apply and action["kind"] in ("bet", "raise", "complete"):
            misnamed = misnamed_aggression(action["kind"], max(x - y for x, y in zip(spent, self.round_start)) > 0
                                           or owed > 0)
            if misnamed:
                return misnamed
        aid = self._id(action)
        if aid is None:
            return {"outcome": "inexpressible", "message": f"no {action['kind']} in ACPC"}
        if self.limit and action["kind"] in ("bet", "raise", "complete"):
            obs = self.observe()
            rt = obs["legal"]["raise_to"]
            if rt is not None and action["to"] != rt[0]:  # not the engine's refusal: it cannot be asked
                return {"outcome": "inexpressible", "message": f"ACPC limit raises name no amount (its raise is to {rt[0]})"}
        if aid not in self.state.legal_actions():
            return {"outcome": "rejected", "message": f"action {aid} is not among legal_actions()"}
        if not apply:
            return {"outcome": "accepted"}
        self.state.apply_action(aid)
        self._deal()
        return None

    def probe(self, action: dict) -> dict:
        return self._play(action, apply=False)

    def act(self, action: dict) -> dict | None:
        return self._play(action, apply=True)


class OpenSpielHarness(Harness):
    name = NAME
    homepage = "https://github.com/google-deepmind/open_spiel"
    issues = "https://github.com/google-deepmind/open_spiel/issues"

    def __init__(self) -> None:
        super().__init__()
        from importlib.metadata import version

        self.version = version("open_spiel")

    def profile(self) -> dict:
        return {
            "structures": ["no-limit", "fixed-limit"],
            "features": ["blinds", "straddle", "heads-up", "unequal-stacks", "side-pots", "later-streets"],
            "seats": [2, 10], "preset": "acpc",
            "switches": {"limit-reopen": ["full-bet"], "cumulative-short-allins": ["off"],
                         "cap": [3] + [v for v in CAP_VALUES if v not in (3, None)], "cap-heads-up": ["applies"],
                         "short-allin-counts-toward-cap": ["always"], "after-short-allin": ["raise-on-top"],
                         "fold-when-check": ["forbidden"], "check-raise": ["allowed"], "straddle-min-bet": ["every-round"], "raise-when-covered": ["allowed"], "short-bb-call": ["posted"],
                         "reopen": ["any-raise"], "full-bet-basis": ["rulebook"],
                         "short-allin-min-raise": ["own-increment"]},
            "observes": ["actor", "street", "fold", "check", "call", "raise_to"],
        }

    def table(self, case: dict, rules: dict) -> Table:
        return OpenSpielTable(case, rules or self.rules)


def main() -> int:
    return serve(OpenSpielHarness())


if __name__ == "__main__":
    raise SystemExit(main())
