"""Main and side pots (clause pots.side) and the uncalled bet (clause round.uncalled-bet)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]  # seats that can win it


def pots(contributed: list[int], folded: list[bool], all_in: list[bool], dead: list[int] | None = None,
         reach: list[int] | None = None) -> list[Pot]:
    """Peel pots off by all-in level: each all-in player can win only up to their own stake.

    Every chip in (antes, dead posts, blinds, bets, including folded players') is in some pot;
    a seat is eligible for a layer if it has not folded and has either put in at least that layer's
    level or can still put chips into it (not all-in, and ``reach``, its chips in plus its stack, goes
    past the layer's floor). Mid-round the layers are split at such a player's reach too: a player
    facing a bet they can call only all-in for less can win only up to their stack; and the part of a
    bet no one else can reach is in no pot: it goes back (:func:`uncallable_excess`).
    ``dead`` (part of ``contributed``) is money no one matches, dead posts and a single player's
    ante for the table: it goes to the main pot, which every player still in can win (forced.dead-money).
    """
    if dead and any(dead):
        live = [c - d for c, d in zip(contributed, dead)]
        layers = pots(live, folded, all_in, reach=None if reach is None else [r - d for r, d in zip(reach, dead)])
        everyone = tuple(i for i, f in enumerate(folded) if not f)
        if layers and layers[0].eligible == everyone:
            return [Pot(layers[0].amount + sum(dead), everyone)] + layers[1:]
        return [Pot(sum(dead), everyone)] + layers
    if reach is not None:
        seat, excess = uncallable_excess(contributed, folded, all_in, reach)
        if excess:
            contributed = [c - excess if i == seat else c for i, c in enumerate(contributed)]
    top = max(contributed, default=0)
    levels = {c for c, f, a in zip(contributed, folded, all_in) if a and not f and c > 0}
    if reach is not None:  # mid-round: a live stack short of the top bet can win only up to what it can put in
        levels |= {r for r, c, f, a in zip(reach, contributed, folded, all_in) if not f and not a and 0 < r < top}
    levels = sorted(levels)
    if top and (not levels or levels[-1] < top):
        levels.append(top)
    layers: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(max(0, min(c, level) - floor) for c in contributed)
        eligible = tuple(i for i, (c, f, a) in enumerate(zip(contributed, folded, all_in))
                         if not f and (c >= level or not a and (reach is None or reach[i] > floor)))
        if amount:
            if layers and layers[-1].eligible == eligible:
                layers[-1] = Pot(layers[-1].amount + amount, eligible)
            else:
                layers.append(Pot(amount, eligible))
        floor = level
    return layers


def uncallable_excess(contributed: list[int], folded: list[bool], all_in: list[bool],
                      reach: list[int]) -> tuple[int | None, int]:
    """Mid-round: the seat whose chips in exceed what any other seat has put in or, still able to act,
    could put in all-in, and by how much. No one can call that part of the bet, so it goes back to the
    bettor when the round ends (round.uncalled-bet) and is in no pot meanwhile."""
    if not contributed:
        return None, 0
    top_seat = contributed.index(max(contributed))
    others = [c if f or a else max(c, r) for i, (c, f, a, r) in enumerate(zip(contributed, folded, all_in, reach))
              if i != top_seat]
    excess = contributed[top_seat] - max(others, default=0)
    return (top_seat, excess) if excess > 0 else (None, 0)


def uncalled_excess(bets: list[int]) -> tuple[int | None, int]:
    """The seat whose bet no one matched in full, and by how much it exceeds the next largest bet."""
    if not bets:
        return None, 0
    top_seat = bets.index(max(bets))  # the first seat with the largest bet
    second = max(bets[:top_seat] + bets[top_seat + 1:], default=0)
    excess = bets[top_seat] - second
    return (top_seat, excess) if excess > 0 else (None, 0)
