"""PokerKit 0.7.7 as a conformance harness: ``python -m betlaw.conformance.adapters.pokerkit``.

The table is a generic PokerKit ``State`` built from the vector: hold'em streets with the vector's
minimum bet per street, the raise cap as PokerKit's per-street count (betlaw's cap + 1: PokerKit
counts the opening bet, never the blinds), blinds and straddles in PHH order (PokerKit reverses
them heads-up itself; a new player's live post is PokerKit's negative "post bet"), every phase but the players' actions automated. Seats are PokerKit's player
indices (PHH positions). Legality comes from PokerKit's ``verify_*`` methods, which never change
the state; a rejection is a ``ValueError`` with an English message. Modes: tournament (folding
when a check is possible is refused) or cash game (it is allowed, with a ``UserWarning``).

Seven-card stud is PokerKit's five card-dealt streets (``Opening.LOW_CARD`` on third street,
``Opening.HIGH_HAND`` after it), with the hole cards dealt by the adapter (``stud_cards``): up cards
that make the vector's bring-in seat show the lowest card and each later street's opener the best
hand. Seventh street is dealt face down, so its opener is sixth street's: a vector that reaches
seventh street's betting with another opener there is skipped.

Not expressible: spread limit, dead posts, opening requirements. An open pair on fourth street is played
under open-pair-bet=small-bet only (PokerKit has no open-pair rule: its fourth street bet is the small bet
whatever shows, which is that rule).
"""
from __future__ import annotations

import random
import warnings

from ..harness import Harness, Skip, Table, serve
from . import misnamed_aggression
from .stud_cards import CannotDeal, StudDealer
from ..vectors import CAP_VALUES

NAME = "pokerkit"


def _engine_version() -> str:
    from importlib.metadata import version

    return version("pokerkit")


class PokerKitTable(Table):
    def __init__(self, case: dict, rules: dict) -> None:
        import pokerkit as pk

        self.pk = pk
        setup = case["setup"]
        n = setup["seats"]
        structure = {"no-limit": pk.BettingStructure.NO_LIMIT, "pot-limit": pk.BettingStructure.POT_LIMIT,
                     "fixed-limit": pk.BettingStructure.FIXED_LIMIT}[case["structure"]]
        cap = rules.get("cap")
        count = None if case["structure"] != "fixed-limit" or cap is None else cap + 1
        streets_in = setup["streets"]
        self.dealer = None
        if streets_in and streets_in[0].get("opening") == "bring-in":
            streets = self._stud_streets(case, count)
        elif len(streets_in) != 4:
            raise Skip(f"{len(streets_in)} betting rounds", "this adapter plays hold'em's four betting rounds")
        else:
            layout = [(False, (False, False), 0), (True, (), 3), (True, (), 1), (True, (), 1)]
            streets = tuple(pk.Street(burn, holes, board, False, pk.Opening.POSITION, s["bet_size"], count)
                            for (burn, holes, board), s in zip(layout, streets_in))
        posts = setup.get("live_posts") or [False] * n
        blinds = [-b if post else b for b, post in zip(setup["blinds"], posts)]
        antes = list(setup["antes"])
        if n == 2:  # the vector writes heads-up forced bets as owed (seat 0 the big blind); PHH/PokerKit reversed
            blinds = blinds[::-1]
            antes = antes[::-1]
        mode = pk.Mode.TOURNAMENT if rules.get("fold-when-check") == "forbidden" else pk.Mode.CASH_GAME
        random.seed(0)
        automations = tuple(a for a in pk.Automation if self.dealer is None or a is not pk.Automation.HOLE_DEALING)
        self.state = pk.State(automations, pk.Deck.STANDARD, (pk.StandardHighHand,), streets, structure,
                              False, tuple(antes), tuple(blinds), setup.get("bring_in") or 0, tuple(setup["stacks"]), n,
                              mode=mode)
        self._deal()

    # ------------------------------------------------------------ stud

    def _stud_streets(self, case: dict, count: int | None) -> tuple:
        """Third street (two down, one up; the lowest up card brings in), fourth to sixth (one up; the
        best showing hand opens), seventh (one down)."""
        pk, setup = self.pk, case["setup"]
        streets_in = setup["streets"]
        if len(streets_in) != 5:
            raise Skip(f"{len(streets_in)} stud betting rounds", "this adapter plays seven-card stud's five rounds")
        first = list(setup.get("first_actors") or [None] * 5)
        reaches_seventh = any(cp.get("street") == 4 and cp.get("actor") is not None for cp in case["checkpoints"])
        if reaches_seventh and first[4] != first[3]:
            raise Skip("seventh-street opener",
                       "PokerKit deals seventh street face down, so its opener is sixth street's best showing hand; "
                       f"the vector has seat {first[4]} open seventh street and seat {first[3]} sixth")
        self.dealer = StudDealer(setup["seats"], setup["bring_in_seat"], first)
        layout = [(False, (False, False, True), pk.Opening.LOW_CARD)] + [(True, (True,), pk.Opening.HIGH_HAND)] * 3 \
            + [(True, (False,), pk.Opening.HIGH_HAND)]
        return tuple(pk.Street(burn, holes, 0, False, opening, s["bet_size"], count)
                     for (burn, holes, opening), s in zip(layout, streets_in))

    def _deal(self) -> None:
        """Deal the hole cards PokerKit is waiting for, from the dealer's plan for this street."""
        s = self.state
        if self.dealer is None or not s.can_deal_hole():
            return
        live = [i for i in range(s.player_count) if s.statuses[i]]
        street = s.street_index
        try:
            if street == 0:
                cards = self.dealer.third_street()
            elif street == 4:
                cards = self.dealer.seventh_street(live)
            else:
                cards = self.dealer.up_street(street, live)
        except CannotDeal as err:
            raise RuntimeError(f"the adapter could not arrange the stud cards: {err}") from None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # dealing chosen cards, not the deck's top, warns
            while s.can_deal_hole():
                s.deal_hole(cards[s.hole_dealee_index])

    # ------------------------------------------------------------ observing

    def observe(self) -> dict:
        s = self.state
        actor = s.actor_index
        obs: dict = {"actor": actor, "street": s.street_index if actor is not None else None}
        if actor is None:
            return obs
        amount = s.checking_or_calling_amount if s.can_check_or_call() else None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fold = s.can_fold()
        raise_to = None
        if s.can_complete_bet_or_raise_to():
            raise_to = [s.min_completion_betting_or_raising_to_amount, s.max_completion_betting_or_raising_to_amount]
        bring_in = s.effective_bring_in_amount if s.can_post_bring_in() else None
        obs["legal"] = {"fold": fold, "check": amount == 0, "call": amount if amount else None,
                        "raise_to": raise_to, "bring_in": bring_in}
        if not any(s.bets) and s.street_index and not self._acted_this_street():
            obs["pots"] = [{"amount": p.amount, "eligible": sorted(p.player_indices)} for p in s.pots]
        return obs

    def _acted_this_street(self) -> bool:
        return bool(self.state.acted_player_indices) if hasattr(self.state, "acted_player_indices") else False

    # ------------------------------------------------------------ probing and acting

    def _try(self, action: dict, apply: bool) -> dict | None:
        s = self.state
        kind = action["kind"]
        if s.actor_index is None:
            return {"outcome": "rejected", "message": "no player is to act"}
        if action["seat"] != s.actor_index:
            # PokerKit's actions take no player: the actor is implicit, so out-of-turn cannot be said.
            return {"outcome": "inexpressible", "message": "PokerKit actions name no player"}
        owed = s.checking_or_calling_amount if s.can_check_or_call() else None
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                if kind == "fold":
                    (s.fold if apply else s.verify_folding)()
                elif kind in ("check", "call"):
                    if (kind == "check") != (owed == 0) and owed is not None:
                        if apply:  # check_or_call would do the other one
                            s.check_or_call()
                            self._deal()
                            return {"outcome": "converted", "as": "call" if kind == "check" else "check"}
                        return {"outcome": "inexpressible",
                                "message": "PokerKit has one verb, check_or_call"}
                    (s.check_or_call if apply else s.verify_checking_or_calling)()
                elif kind in ("bet", "raise", "complete"):
                    misnamed = None if apply else misnamed_aggression(kind, max(s.bets) > 0)
                    if misnamed:
                        return misnamed
                    to = action.get("to")
                    (s.complete_bet_or_raise_to if apply else s.verify_completion_betting_or_raising_to)(to)
                elif kind == "bring-in":
                    (s.post_bring_in if apply else s.verify_bring_in_posting)()
                else:
                    return {"outcome": "inexpressible", "message": f"unknown kind {kind}"}
        except ValueError as err:
            return {"outcome": "rejected", "message": str(err)}
        if apply:
            self._deal()
            return None
        out = {"outcome": "accepted"}
        if caught:
            out["message"] = "; ".join(str(w.message) for w in caught)
        return out

    def probe(self, action: dict) -> dict:
        return self._try(action, apply=False)

    def act(self, action: dict) -> dict | None:
        return self._try(action, apply=True)


class PokerKitHarness(Harness):
    name = NAME
    homepage = "https://github.com/uoftcprg/pokerkit"
    issues = "https://github.com/uoftcprg/pokerkit/issues"

    def __init__(self) -> None:
        super().__init__()
        self.version = _engine_version()

    def profile(self) -> dict:
        return {
            "structures": ["no-limit", "pot-limit", "fixed-limit"],
            "features": ["antes", "blinds", "straddle", "live-posts", "heads-up", "short-bb", "unequal-stacks", "side-pots",
                         "later-streets", "bring-in", "open-pair"],
            "seats": [2, 23],
            "preset": "pokerkit",
            "switches": {
                "limit-reopen": ["full-bet"],
                "cumulative-short-allins": ["on"],
                "cap": [3] + [v for v in CAP_VALUES if v != 3],  # Street(max count = cap + 1); 3 is the default
                "cap-heads-up": ["applies"],
                "short-allin-counts-toward-cap": ["always"],
                "after-short-allin": ["raise-on-top"],
                "fold-when-check": ["forbidden", "allowed"],  # Mode.TOURNAMENT (default) / Mode.CASH_GAME
                "check-raise": ["allowed"],
                "straddle-min-bet": ["first-round"], "raise-when-covered": ["forbidden"], "short-bb-call": ["posted"],
                "reopen": ["full-raise"],
                "full-bet-basis": ["voluntary-increments"],
                "short-allin-min-raise": ["last-full-raise"],
                "open-pair-bet": ["small-bet"],  # its fourth street bet is the small bet whatever shows
            },
            "observes": ["actor", "street", "fold", "check", "call", "raise_to", "bring_in", "pots"],
        }

    def table(self, case: dict, rules: dict) -> Table:
        return PokerKitTable(case, rules or self.rules)


def main() -> int:
    return serve(PokerKitHarness())


if __name__ == "__main__":
    raise SystemExit(main())
