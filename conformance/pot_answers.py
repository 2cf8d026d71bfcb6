"""``betlaw ask`` about the pots: the whole list ("what are the pots?"), the total ("how much is in the
pot?"), one pot ("how much is side pot 2?", "who can win the main pot?"), a player's pots ("which pots
can p3 win?", "is p3 in the side pot?"), the chips returned ("how much does p4 get back?") and the
side pots' number (docs/asking.md).

The pots are the model's (pots.side; antes and dead posts, forced.dead-money; the uncalled bet given
back, round.uncalled-bet): the chips as they stand, split by the all-in players' stakes.
"""
from __future__ import annotations

from betlaw.model.pots import Pot, pots as split_pots

from .scenario import ScenarioError


def answer(a, q):
    """(answer, clauses, explanation, extra) for a pot question; ``q.said`` is its focus."""
    s, g = a.state, a.game
    pots = s.pots()
    total = sum(p.amount for p in pots)
    listing = _listing(a, pots)
    returned = [f"{a.show(x.returned)} returned to {g.label(i)}" for i, x in enumerate(s.seats) if x.returned]
    bettor, uncallable = s.uncallable()  # mid-round: what no one can call goes back when the round ends
    notes = returned + ([f"{a.show(uncallable)} of {g.label(bettor)}'s bet, which no one can call, goes back to "
                         f"{g.label(bettor)}"] if uncallable else [])
    clauses = ["pots.side"]
    if any(g.antes) or any(g.dead_posts or ()):
        clauses.append("forced.dead-money")
    if returned or uncallable:
        clauses.append("round.uncalled-bet")
    short_antes = [i for i, x in enumerate(s.seats) if not x.folded and 0 < g.starting_stacks[i] < g.antes[i]]
    if short_antes and not g.ante_trimming and not g.table_ante:  # PHH's default: antes are not trimmed
        notes.append(f"antes untrimmed (PHH ante_trimming_status false, the default; 'trim-antes' in a table "
                     f"script): every ante is in the main pot, which {' and '.join(g.label(i) for i in short_antes)} "
                     f"can win with a short ante")
    short = _short_callers(s)
    if short:  # mid-round: the pots are split at what they can call, a side pot that forms only if they call
        notes.append(", ".join(f"{a.who(i)} can call only all-in for {a.show(s.seats[i].stack)} more" for i in short)
                     + f": the pots are split as if {' and '.join(g.label(i) for i in short)} "
                       f"call{'s' if len(short) == 1 else ''}")
    whole = listing + "".join(f"; {x}" for x in notes) + "."
    extra = {"pot_total": a.amount(total)}
    focus = q.said or "list"
    if focus == "list":
        none = "no side pot: " if len(pots) == 1 and "side" in q.text.lower() else ""
        return listing, clauses, none + whole, extra
    if focus == "total":
        return a.show(total), clauses, f"{a.show(total)} in all: {whole}", extra
    if focus == "any-side":
        if len(pots) > 1 and len(_split_by_all_ins(s)) == 1:  # only a call all-in for less would make one
            return "no", clauses, f"no side pot yet, only a call all-in for less would make one: {whole}", extra
        return ("yes" if len(pots) > 1 else "no"), clauses, ("" if len(pots) > 1 else "no side pot: ") + whole, extra
    if focus in ("count", "count-side"):  # the pots formed: a side pot only a call all-in for less makes is not yet
        side = 1 if focus == "count-side" else 0  # (as "is there a side pot?" says, review EF)
        formed = _split_by_all_ins(s) if short else pots
        count, then = len(formed) - (side if formed else 0), len(pots) - (side if pots else 0)
        if count != then:
            who = " and ".join(g.label(i) for i in short)
            return str(count), clauses, (f"{count} as the betting stands, {then} if {who} call"
                                         f"{'s' if len(short) == 1 else ''} all-in for less: {whole}"), extra
        return str(count), clauses, whole, extra
    if focus in ("uncalled", "uncalled-any"):
        backs = [(i, x.returned) for i, x in enumerate(a.state.seats) if x.returned] + \
            ([(bettor, uncallable)] if uncallable else [])
        if not backs:
            return ("no" if focus == "uncalled-any" else "none"), clauses, f"no chips have been returned: {whole}", extra
        if focus == "uncalled-any":
            return "yes", ["round.uncalled-bet", "pots.side"], whole, extra
        told = a.show(backs[0][1]) if len(backs) == 1 else "; ".join(
            f"{a.show(back)} to {a.game.label(i)}" for i, back in backs)
        return told, ["round.uncalled-bet", "pots.side"], whole, extra
    if focus in ("returned", "returned-any"):  # "how much does p4 get back?", "does p4 get anything back?"
        seat = a.seat_for(q.player)
        back = a.state.seats[seat].returned + (uncallable if seat == bettor else 0)
        said = (f"{a.show(back)} {'goes back' if seat == bettor else 'returned'} to {a.who(seat)}" if back
                else f"nothing returned to {a.who(seat)} so far")
        change, why = _change(a, seat)  # table talk: chips put out beyond the action they bind to (TDA 2024 44)
        if change:
            said = (f"{a.show(change)} of the chips {a.who(seat)} put out goes back (table talk; 'what is "
                    f"{a.label(seat)}'s action?' says why)" + (f", and {said}" if back else ""))
            back += change
        told = ("yes" if back else "no") if focus == "returned-any" else a.show(back)
        return told, ["round.uncalled-bet", "pots.side", *why], f"{said}: {whole}", extra
    if focus in ("player", "player-total"):
        seat = a.seat_for(q.player)
        side = focus == "player" and "side pot" in q.text.lower()  # "which side pots can p3 win?"
        mine = [(i, p) for i, p in enumerate(pots) if seat in p.eligible and (i or not side)]
        if not mine:
            why = "has folded" if a.state.seats[seat].folded else "is in no side pot" if side else "is in no pot"
            return ("0" if focus == "player-total" else "none"), clauses, f"{a.who(seat)} {why}: {whole}", extra
        if focus == "player-total":
            won = sum(p.amount for _, p in mine)
            return a.show(won), clauses, f"{a.show(won)}, if {a.who(seat)} wins every pot they are in " \
                                         f"({', '.join(_name(i) for i, _ in mine)}), as the pots stand: {whole}", extra
        return "; ".join(f"{_name(i)}{':' if i else ''} {a.show(p.amount)}" for i, p in mine), clauses, whole, extra
    chosen = _chosen(q, pots)
    if chosen is None:  # "the side pot" with several: each side pot
        return _every_side_pot(a, q, focus, pots, clauses, whole, extra)
    index, pot = chosen
    if pot is None:
        missing = "" if index == 0 else "there is no side pot: " if len(pots) <= 1 else \
            f"there is no side pot {index} ({len(pots) - 1} side pot{'s' if len(pots) > 2 else ''}): "
        told = "no" if focus == "in" else "0" if focus == "pot-for" or (focus == "pot" and index == 0) else "none"
        return told, clauses, missing + whole, extra
    who = ", ".join(a.eligible(pot.eligible))
    if focus == "pot":
        return a.show(pot.amount), clauses, f"{_the(index)} is {a.show(pot.amount)}, which {who} can win: " \
                                            f"{whole}", extra
    if focus == "who":
        return who, clauses, f"{who} can win {_the(index)} ({a.show(pot.amount)}): {whole}", extra
    if focus == "wins":
        s = a.state
        if len(pot.eligible) == 1:  # uncontested: no one else can win it (a bet no one matched goes back)
            (only,) = pot.eligible
            return a.label(only), clauses, f"{a.who(only)}: no one else can win {_the(index)} " \
                                           f"({a.show(pot.amount)}). {whole}", extra
        if s.winner() is not None:
            return a.label(s.winner()), ["round.all-fold"] + clauses, \
                f"{a.who(s.winner())} wins it: everyone else folded. {whole}", extra
        return "undecided", clauses, f"undecided by the betting: the cards decide {_the(index)} between " \
                                     f"{who}. {whole}", extra
    seat = a.seat_for(q.player)
    inside = seat in pot.eligible
    if focus == "in":
        return ("yes" if inside else "no"), clauses, f"{'yes' if inside else 'no'}: {who} can win " \
                                                      f"{_the(index)}: {whole}", extra
    # "pot-for": what the player wins with that pot
    if not inside:
        return "0", clauses, f"{a.who(seat)} cannot win {_the(index)} ({who} can): {whole}", extra
    return a.show(pot.amount), clauses, f"{_the(index)} is {a.show(pot.amount)}: {whole}", extra


def _short_callers(s) -> list[int]:
    """Mid-round: the players still to call who can call only all-in for less (the pots are split at
    their stacks, as if they call: pots.side)."""
    if s.hand_over or s.actor is None:
        return []
    bettor, excess = s.uncallable()
    live = [x.contributed - x.dead - (excess if i == bettor else 0) for i, x in enumerate(s.seats)]  # as pots() splits
    top = max(live, default=0)
    return [i for i, (c, x) in enumerate(zip(live, s.seats)) if not x.folded and not x.all_in and x.stack > 0
            and c + x.stack < top]


def _split_by_all_ins(s) -> list[Pot]:
    """The pots split at the all-in players' stakes only, no call assumed (pots.side)."""
    bettor, excess = s.uncallable()
    return split_pots([x.contributed - (excess if i == bettor else 0) for i, x in enumerate(s.seats)],
                      [x.folded for x in s.seats], [x.all_in for x in s.seats], [x.dead for x in s.seats])


def _change(a, seat: int) -> tuple[int, tuple[str, ...]]:
    """Chips the seat's latest table talk hands back (an oversized chip's change, chips beyond a call),
    and the clauses that say so."""
    from .talk_answers import ruling_for

    r = ruling_for(a, seat)
    if r is None or r.make_up is None or r.make_up >= 0:
        return 0, ()
    return -r.make_up, r.clauses


def _every_side_pot(a, q, focus: str, pots: list[Pot], clauses: list[str], whole: str, extra: dict):
    """"The side pot" where there are several: the answer for each side pot."""
    sides = [(i, p) for i, p in enumerate(pots) if i]
    if focus == "pot":
        return "; ".join(f"{_name(i)}: {a.show(p.amount)}" for i, p in sides), clauses, whole, extra
    if focus == "who":
        return "; ".join(f"{_name(i)}: {', '.join(a.eligible(p.eligible))}" for i, p in sides), clauses, whole, extra
    if focus == "wins":
        if all(len(p.eligible) == 1 for _, p in sides):
            return "; ".join(f"{_name(i)}: {a.label(p.eligible[0])}" for i, p in sides), clauses, \
                f"each side pot has one player who can win it. {whole}", extra
        return "undecided", clauses, f"undecided by the betting: the cards decide each side pot. {whole}", extra
    seat = a.seat_for(q.player)
    mine = [i for i, p in sides if seat in p.eligible]
    if focus == "in":
        return ("yes" if mine else "no"), clauses, (f"yes: {a.who(seat)} can win {', '.join(map(_name, mine))}: "
                                                    if mine else f"no: {a.who(seat)} can win no side pot: ") + whole, extra
    raise ScenarioError("question", f"{q.text!r}: there are {len(sides)} side pots; name one ('side pot 1', "
                                    f"'the second side pot')")


def _chosen(q, pots: list[Pot]) -> tuple[int, Pot | None] | None:
    """(index, the pot or None if there is none) the question names; None for "the side pot" among several."""
    if q.amount is None:  # "the side pot": the only one, or none
        if len(pots) > 2:
            return None
        return 1, (pots[1] if len(pots) == 2 else None)
    index = int(q.amount)
    if index < 0:  # "the last side pot"
        index = max(1, len(pots) - 1)
    return index, (pots[index] if index < len(pots) else None)


def _the(index: int) -> str:
    return "the main pot" if index == 0 else f"side pot {index}"


def _name(index: int) -> str:
    return "main pot" if index == 0 else f"side pot {index}"


def _listing(a, pots: list[Pot]) -> str:
    names = []
    for i, p in enumerate(pots):
        label = "main pot" if i == 0 else f"side pot {i}:"  # "side pot 1: 1 (...)", not "side pot 1 1"
        names.append(f"{label} {a.show(p.amount)} ({', '.join(a.eligible(p.eligible))})")
    return "; ".join(names) if names else "no chips in the middle"
