"""Cards for a card-dealt stud engine: up cards that make the engine's openers the vector's seats.

A conformance vector names who brings in (``bring_in_seat``) and who opens each later street
(``first_actors``, the seat the best showing hand belongs to; when that player has folded, the next
seat clockwise that can act opens, ``turn.stud-first-later``). An engine that decides these from the
cards (PokerKit: the lowest up card brings in, the best showing hand opens later streets, Robert's
Seven-Card Stud) needs up cards that say the same. This module chooses them:

- third street: the bring-in seat shows the lowest card (the deuce of clubs); the others show higher
  cards, the players who open a later street the higher ones (the soonest opener the highest);
- fourth to sixth street: the opener must show a strictly better hand than every other live player
  (ties are not left to the engine's tie-break); the others are dealt the lowest card that pairs
  nothing they show. A depth-first search over the opener's card, weakest winning hand first, looks
  ahead to the later streets' openers so that a later opener can still get the best hand;
- seventh street is dealt face down, so its opener is sixth street's best showing hand: a vector
  whose seventh-street opener differs cannot be dealt (the caller skips it).

The hand ranking is PokerKit's own ``_HighHandOpeningLookup`` (the ranking its ``Opening.HIGH_HAND``
uses), so the chosen cards are judged exactly as the engine will judge them.
"""
from __future__ import annotations

from functools import lru_cache

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = tuple(r + s for r in RANKS for s in SUITS)
# Down cards come from the middle ranks: the low cards are kept for the seats that must show little,
# the high ones for the openers.
SPARE = tuple(r + s for r in "789T6J5Q4K3A2" for s in SUITS)


class CannotDeal(Exception):
    """No up cards give the vector's opener the best showing hand."""


@lru_cache(maxsize=1)
def _lookup():
    from pokerkit.state import _HighHandOpeningLookup

    return _HighHandOpeningLookup()


def showing_entry(cards: list[str]):
    """PokerKit's ranking of an up-card hand (comparable; None for no cards)."""
    import pokerkit as pk

    if not cards:
        return None
    return _lookup().get_entry_or_none(list(pk.Card.parse("".join(cards))))


def _beats_all(target: int, up: dict[int, list[str]]) -> bool:
    mine = showing_entry(up[target])
    return all(showing_entry(cards) < mine for seat, cards in up.items() if seat != target)


def effective_opener(first: int, live: list[int], seats: int) -> int:
    """The first seat clockwise from ``first`` (inclusive) still holding cards."""
    for k in range(seats):
        seat = (first + k) % seats
        if seat in live:
            return seat
    raise CannotDeal("no live player")


class StudDealer:
    """Plans the up cards street by street for one hand."""

    def __init__(self, seats: int, bring_in_seat: int, first_actors: list[int | None]) -> None:
        self.seats = seats
        self.bring_in_seat = bring_in_seat
        self.first_actors = list(first_actors) + [None] * (5 - len(first_actors))
        self.used: set[str] = set()
        self.up: dict[int, list[str]] = {i: [] for i in range(seats)}

    # ------------------------------------------------------------ third street

    def third_street(self) -> dict[int, str]:
        """Each seat's 3 cards (two down, one up): the bring-in seat shows the deuce of clubs, the
        seats that open a later street show high cards, the one that opens soonest the highest."""
        order = sorted((i for i in range(self.seats) if i != self.bring_in_seat),
                       key=lambda i: self._first_turn_to_open(i))
        hands: dict[int, str] = {}
        ranks = iter("3456789TJQKA"[: len(order)])
        up_cards = {self.bring_in_seat: "2c"}
        for seat in order:
            up_cards[seat] = next(ranks) + "d"
        self.used.update(up_cards.values())
        for seat in range(self.seats):
            down = self._spare(2)
            hands[seat] = "".join(down) + up_cards[seat]
            self.up[seat].append(up_cards[seat])
        return hands

    def _first_turn_to_open(self, seat: int) -> tuple[int, int]:
        # Seats never named as an opener first (the lowest cards), then the openers, the latest first.
        streets = [k for k in range(1, 5) if self.first_actors[k] == seat]
        return (1, -streets[0]) if streets else (0, seat)

    def _spare(self, n: int) -> list[str]:
        """``n`` unused cards for the down cards (they show nothing)."""
        out = [c for c in SPARE if c not in self.used][:n]
        self.used.update(out)
        return out

    # ------------------------------------------------------------ fourth to sixth street

    def up_street(self, street: int, live: list[int]) -> dict[int, str]:
        """One up card for each live seat on ``street`` (1 = fourth street ... 3 = sixth)."""
        plan = self._search(street, live, dict((s, list(c)) for s, c in self.up.items() if s in live),
                            set(self.used))
        if plan is None:
            raise CannotDeal(f"no up cards give seat {self._opener(street, live)} the best showing hand on "
                             f"street {street}")
        for seat, card in plan.items():
            self.up[seat].append(card)
            self.used.add(card)
        return plan

    def seventh_street(self, live: list[int]) -> dict[int, str]:
        return {seat: self._spare(1)[0] for seat in live}

    def _opener(self, street: int, live: list[int]) -> int | None:
        first = self.first_actors[street]
        return None if first is None else effective_opener(first, live, self.seats)

    def _search(self, street: int, live: list[int], up: dict[int, list[str]], used: set[str]) -> dict | None:
        if street > 3:
            return {}
        target = self._opener(street, live)
        others = {}
        taken = set(used)
        for seat in live:
            if seat != target:
                card = self._lowest_unpairing(up[seat], taken)
                others[seat] = card
                taken.add(card)
        if target is None:
            return others
        candidates = [c for c in DECK if c not in taken]
        scored = []
        for card in candidates:
            trial = {s: cards + [others[s]] if s in others else list(cards) for s, cards in up.items()}
            trial[target] = up[target] + [card]
            if _beats_all(target, trial):
                scored.append((showing_entry(trial[target]), card, trial))
        seen_entries = set()
        for entry, card, trial in sorted(scored, key=lambda x: x[0]):
            if entry in seen_entries:
                continue  # the same hand with another suit leads to the same future
            seen_entries.add(entry)
            rest = self._search(street + 1, live, trial, taken | {card})
            if rest is not None:
                return {**others, target: card}
        return None

    @staticmethod
    def _lowest_unpairing(shown: list[str], taken: set[str]) -> str:
        ranks_shown = {c[0] for c in shown}
        for card in DECK:
            if card not in taken and card[0] not in ranks_shown:
                return card
        raise CannotDeal("no card left that pairs nothing")
