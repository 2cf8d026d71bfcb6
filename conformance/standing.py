"""Answers about where the hand stands (docs/asking.md): who is in, stacks and chips put in, the
current bet and who made it, the stakes, who acts after whom or first on a round, whether a raise
was a full one, and what a player must do. Each handler takes the :class:`~betlaw.conformance.ask.Answerer`
and the question, and returns ``(answer, clauses, explanation, extra)`` like the Answerer's own."""
from __future__ import annotations

import dataclasses

from betlaw.model.actions import Action, Kind
from betlaw.model.game import Structure
from betlaw.model.cap import cap_reason
from betlaw.model.errors import Reason
from betlaw.model.sizing import completion_target, smallest_raise_to
from betlaw.model.state import HandState
from betlaw.model.turn_order import clockwise_from, needs_to_act

from .questions import ALL_IN
from .scenario import ScenarioError

AGGRESSIVE = (Kind.BET, Kind.RAISE, Kind.COMPLETE)


def status(a, q):
    """"Is p3 all-in?", "has p3 folded?", "is p3 still in the hand?"."""
    seat = a.seat_for(q.player)
    me, who = a.state.seats[seat], a.who(seat)
    chips = f"{a.show(me.stack)} behind, {a.show(me.bet)} in front this round, {a.show(me.contributed)} in the pot in all"
    if q.said == "allin":
        yes = not me.folded and me.stack == 0
        return ("yes" if yes else "no"), ["call.all-in-for-less", "turn.in-turn"], (
            f"{'yes' if yes else 'no'}: {who} "
            + ("has folded" if me.folded else "is all-in, with no chips behind: no more turns, and plays only for "
               "what they have matched (pots.side)" if yes else f"has {chips}") + "."), {}
    if q.said == "folded":
        return ("yes" if me.folded else "no"), ["turn.in-turn"], (
            f"{'yes' if me.folded else 'no'}: {who} " + ("has folded." if me.folded else f"is still in ({chips}).")), {}
    return ("no" if me.folded else "yes"), ["turn.in-turn"], (
        f"{'no' if me.folded else 'yes'}: {who} " + ("has folded." if me.folded else f"is in the hand ({chips}).")), {}


def in_hand(a, q):
    """"Who is still in?", "who has folded?", "how many players are left?"."""
    s = a.state
    live = [i for i, x in enumerate(s.seats) if not x.folded]
    folded = [i for i, x in enumerate(s.seats) if x.folded]
    names = lambda seats: ", ".join(a.who(i) for i in seats) or "nobody"  # noqa: E731
    all_in = [i for i in live if s.seats[i].stack == 0]
    more = f"; all-in: {names(all_in)}" if all_in else ""
    if q.said == "folded":
        return (", ".join(a.eligible(folded)) or "nobody"), ["turn.in-turn"], f"folded: {names(folded)}.", {}
    text = f"in the hand: {names(live)}{more}; folded: {names(folded)}."
    if q.said == "count":
        return str(len(live)), ["turn.in-turn"], f"{len(live)} player{'' if len(live) == 1 else 's'}: {text}", {}
    return ", ".join(a.eligible(live)), ["turn.in-turn"], text, {}


def stack(a, q):
    """"What is p2's stack?": the chips behind (table stakes: all a player may bet)."""
    seat = a.seat_for(q.player)
    me = a.state.seats[seat]
    return a.show(me.stack), ["call.all-in-for-less", "no-limit.maximum"], (
        f"{a.who(seat)} has {a.show(me.stack)} behind (what can still be bet), {a.show(me.bet)} in front this round "
        f"and {a.show(me.contributed)} in the pot in all, of a starting stack of "
        f"{a.show(a.game.starting_stacks[seat])}."), {}


def put_in(a, q):
    """"How much has p2 put in?": this round's chips (the round just played, once it is over) and the hand's total."""
    seat = a.seat_for(q.player)
    s = a.state
    me = s.seats[seat]
    index = a.played.closed_street if (a.played.round_closed or s.hand_over) and a.played.closed_street is not None \
        else s.street
    this_round = me.bet if index == s.street and not s.hand_over else _round_chips(a, seat, index)
    total = q.said in ("the pot", "in the pot", "into the pot", "in total", "in all", "so far")
    back = f"; {a.show(me.returned)} was returned uncalled" if me.returned else ""
    return (a.show(me.contributed) if total else a.show(this_round)), ["call.match"], (
        f"{a.who(seat)} put {a.show(this_round)} in on the {a.game.streets[index].name} and "
        f"{a.show(me.contributed)} in the pot in all, forced bets included{back}."), {}


def _round_chips(a, seat: int, index: int) -> int:
    """What ``seat`` put in on round ``index`` (after any uncalled chips came back): the hand replayed."""
    replay = replayed(a)
    start = replay.seats[seat].contributed - replay.seats[seat].bet if index == 0 else None  # antes aside
    for action, on in zip(a.state.history, a.state.history_streets):
        if on == index and start is None:
            start = replay.seats[seat].contributed
        if on > index:
            break
        replay.apply(action)
    return replay.seats[seat].contributed - (start if start is not None else replay.seats[seat].contributed)


def current_bet(a, q):
    """"What is the current bet?": the level a call matches, and who made it."""
    s = a.state
    if s.hand_over:
        return "none", ["round.end"], "none: the betting of the hand is over.", {}
    if s.call_level == 0:
        return "none", ["open.first-bet"], f"no bet yet on the {a.game.streets[s.street].name}.", {}
    maker = last_aggressive(s)
    by = f", made by {a.who(maker.seat)}" if maker is not None and maker.to == s.call_level else \
        " (the blinds)" if s.street == 0 and a.game.blind_game else \
        " (the bring-in)" if s.street == 0 and a.game.stud else ""
    L, capped = a.legal, None
    if L.actor is not None and L.complete_to is not None and not L.bet_or_raise:
        why = "stud.bring-in, stud.completion" if a.game.stud and s.bring_in_round and not s.full_opened else \
            "complete.incomplete-bet, limit.after-short-allin"
        if L.complete_amounts:  # stud.open-pair: the small or the big bet over the last full level
            why += ", stud.open-pair"
        step = f"the next raise is the completion, to {a.completions()} ({why})"
    elif L.actor is not None and L.bet_or_raise and not L.is_bet:
        lo, hi = L.bet_or_raise
        mine = s.seats[L.actor]
        step = f"{a.who(L.actor)} may raise to " + (
            a.game.show_either(L.amounts) if L.amounts else
            f"{a.show(lo)} only" + (" (all-in)" if hi == mine.bet + mine.stack else "") if lo == hi else
            f"{a.show(lo)}-{a.show(hi)}")
    elif (capped := cap_reason(s)) is not None:  # review EE: no next raise once the round is capped (TDA 2024 48)
        step = "the betting is capped: no more raises this round" + (" (heads-up, still capped)" if
                                                                      capped is Reason.CAP_REACHED_HEADS_UP else "")
    elif s.game.structure is Structure.FIXED_LIMIT:
        step = f"the next raise is to {a.show(smallest_raise_to(s))} as the raise rules stand"
    else:
        step = f"the next raise is to at least {a.show(smallest_raise_to(s))} as the raise rules stand"
    return a.show(s.call_level), ["call.match"] + (["cap.raises"] if capped else []), (
        f"the current bet is {a.show(s.call_level)}{by}; a call matches it; {step}."), {}


def last_aggressor(a, q):
    """"Who raised last?": the last bet, raise or completion of the round (or of the hand, if none); "who
    raised preflop?", "who was the flop bettor?": of the round named."""
    s = a.state
    if q.said:
        index = street_index(a, q.said)
        name = a.game.streets[index].name
        action = last_aggressive(s, street=index)
        if action is None:
            if index > s.street:
                return "nobody", ["open.first-bet"], f"nobody yet: the {name} has not been played.", {}
            over = index < s.street or s.hand_over
            blinds = " (only the blinds went in)" if index == 0 and a.game.blind_game else ""
            return "nobody", ["open.first-bet"], (f"nobody {'bet or raised' if over else 'has bet or raised yet'} "
                                                  f"on the {name}{blinds}."), {}
    else:
        action = last_aggressive(s, street=s.street) or last_aggressive(s)
    if action is None:
        return "nobody", ["open.first-bet"], "nobody has bet or raised yet" + (
            " (only the blinds are in)" if a.game.blind_game else "") + ".", {}
    street = a.game.streets[s.history_streets[s.history.index(action)]].name
    verb = {Kind.BET: "bet", Kind.RAISE: "raised", Kind.COMPLETE: "completed"}[action.kind]
    return a.label(action.seat), ["open.first-bet"], f"{a.who(action.seat)} {verb} to {a.show(action.to)} on the {street}.", {}


def replayed(a, actions=()) -> HandState:
    """A fresh state of the hand with ``actions`` (some of its history) applied."""
    state = HandState(a.game, a.state.rules)
    for action in actions:
        state.apply(action)
    return state


def _all_in_index(a, seat: int | None) -> int | None:
    """The history index of the action that put ``seat`` (None: anyone, the latest) all-in."""
    replay = replayed(a)
    found = None
    for k, action in enumerate(a.state.history):
        replay.apply(action)
        if (seat is None or action.seat == seat) and replay.seats[action.seat].stack == 0:
            found = k if seat is None or found is None else found
    return found


def _forced_all_in(a, seat: int | None) -> tuple[int, str] | None:
    """(seat, how) when ``seat`` (None: anyone, the last to post) went all-in before acting, in words
    ("posting a blind (all-in for 4 of 10)"): a blind, straddle, post or ante that took every chip
    (forced.short-blind, forced.dead-money); else None."""
    start = replayed(a)
    broke = [i for i in ([seat] if seat is not None else a.game.posting_order) if start.seats[i].stack == 0]
    if not broke:
        return None
    seat = broke[-1]
    g = a.game
    dead, live = g.forced_bets_paid(seat)
    if g.big_blind_ante and g.antes[seat] and dead:  # the blind first, then the ante (TDA 2024 RP-11)
        short = f" of {a.show(g.antes[seat])}" if dead < g.antes[seat] else ""
        return seat, f"paying the big-blind ante ({a.show(dead)}{short}) after posting the blind in full"
    if live:
        short = f" (all-in for {a.show(live)} of {a.show(g.blinds[seat])})" if live < g.blinds[seat] else ""
        return seat, f"posting a {'straddle' if seat in g.straddle_seats else 'blind'}{short}"
    return seat, f"paying the ante ({a.show(dead)})"


def last_aggressive(s: HandState, seat: int | None = None, street: int | None = None) -> Action | None:
    for action, on in zip(reversed(s.history), reversed(s.history_streets)):
        if action.kind in AGGRESSIVE and (seat is None or action.seat == seat) and (street is None or on == street):
            return action
    return None


_KIND_WORD = {Kind.BET: "bet", Kind.RAISE: "raise", Kind.CALL: "call", Kind.COMPLETE: "completion",
              Kind.BRING_IN: "bring-in"}
_KIND_CLAUSES = {Kind.BET: ["open.first-bet", "raise.all-in-exception"], Kind.RAISE: ["raise.minimum", "raise.all-in-exception"],
                 Kind.CALL: ["call.all-in-for-less"], Kind.COMPLETE: ["complete.incomplete-bet"],
                 Kind.BRING_IN: ["stud.bring-in"]}


def all_in_kind(a, q):
    """"Is p4's all-in a bet or a raise?": the action that put p4 (no one named: the latest player) all-in.
    All-in for no more than the bet to call is a call (call.all-in-for-less); over it, a raise (a bet with
    nothing to call), full or not (TDA 2024 43, 47-A)."""
    seat = a.seat_for(q.player) if q.player is not None else None
    index = _all_in_index(a, seat)
    asked = q.said.split(" or ") if q.said else []
    forced = _forced_all_in(a, seat) if index is None else None
    if forced is not None:
        kind = "blind" if forced[1].startswith("posting") else "ante"
        verdict = ("yes" if asked[0] == kind else "no") if len(asked) == 1 else kind
        clauses = ["forced.dead-money"] if kind == "ante" else ["forced.straddle", "forced.blinds-live"] \
            if "straddle" in forced[1] else ["forced.short-blind", "forced.blinds-live"]
        return verdict, clauses, (
            f"{verdict + ': ' if len(asked) == 1 else ''}{a.who(forced[0])} went all-in {forced[1]}: a forced bet, "
            f"neither a bet nor a raise nor a call."), {}
    if index is None:
        whose = f"{a.who(seat)} has not" if seat is not None else "nobody has"
        return ("no" if len(asked) == 1 else "none"), ["call.all-in-for-less"], \
            f"{'no: ' if len(asked) == 1 else ''}{whose} gone all-in in this hand.", {}
    target = a.state.history[index]
    replay = replayed(a, a.state.history[:index])
    before, seat_before = replay.call_level, replay.seats[target.seat]
    all_in_to = seat_before.bet + seat_before.stack  # everything the player had, this round's bet included
    kind = _KIND_WORD[target.kind]
    who, to = a.who(target.seat), a.show(all_in_to)
    if target.kind is Kind.CALL:
        how = (f"{who} went all-in for {to}, less than the {a.show(before)} to call: a call for less"
               if all_in_to < before else f"{who} went all-in calling {to}: a call")
    elif target.kind in AGGRESSIVE:
        what = "nothing to call" if before == 0 and target.kind is not Kind.RAISE else f"{a.show(before)} to call"
        sized = full_raise(a, dataclasses.replace(q, kind="full-raise", verb=ALL_IN, said=""))[2]
        sized = sized.removeprefix("yes: ").removeprefix("no: ").rstrip(".")
        how = f"{who} went all-in to {to} over {what}: a {kind}; {sized}"
    else:
        how = f"{who} went all-in bringing it in for {to}: the bring-in"
    if len(asked) == 1:
        verdict = "yes" if asked[0] == kind else "no"
        return verdict, _KIND_CLAUSES[target.kind], f"{verdict}: {how}.", {}
    return kind, _KIND_CLAUSES[target.kind], f"{how}.", {}


def full_raise(a, q):
    """"Was p4's all-in a full raise?", "did it reopen the betting?", "does it count toward the cap?": the hand
    replayed to that action. Full: its raise against a full one (TDA 2024 43, 47-A; the half-bet rule where the
    rules take it). Reopened: whether a player who had acted may raise right after it, as the model's raise
    rules say (several short all-ins adding up, TDA 2024 47-A; a rule set reopening on any raise)."""
    s = a.state
    seat = a.seat_for(q.player) if q.player is not None else None
    if q.verb == ALL_IN:  # "was p4's all-in a full raise?": the action that put p4 all-in
        index = _all_in_index(a, seat)
        forced = _forced_all_in(a, seat) if index is None else None
        if forced is not None:
            return "no", ["forced.short-blind", "forced.blinds-live"], (
                f"no: {a.who(forced[0])} went all-in {forced[1]}, a forced bet, not a bet or raise: it raised "
                f"nothing and reopened nothing."), {}
        if index is None:
            whose = f"{a.who(seat)} has not" if seat is not None else "nobody has"
            return "no", ["raise.all-in-exception"], f"no: {whose} gone all-in in this hand.", {}
        target = s.history[index]
        if target.kind not in AGGRESSIVE:
            return "no", ["call.all-in-for-less", "reopen.full-bet-rule"], (
                f"no: {a.who(target.seat)} went all-in by {'calling' if target.kind is Kind.CALL else target.kind.value}"
                f", not by a bet or raise: it raised nothing and reopened nothing."), {}
    elif q.verb is Kind.COMPLETE:  # "does the completion count as a raise?": the last completion
        target = next((x for x in reversed(s.history) if x.kind is Kind.COMPLETE and seat in (None, x.seat)), None)
        if target is None and a.game.stud:  # spread-limit stud: the opening bet over the bring-in is its completion
            target = next((x for x, on in zip(s.history, s.history_streets) if on == 0 and x.kind in AGGRESSIVE
                           and seat in (None, x.seat)), None)
        if target is None:
            whose = f"{a.who(seat)} has not" if seat is not None else "nobody has"
            return "no", ["complete.incomplete-bet"], f"no: {whose} completed a bet in this hand.", {}
        index = len(s.history) - 1 - s.history[::-1].index(target)
    else:
        target = last_aggressive(s, seat)
        if target is None:
            whose = f"{a.who(seat)} has not" if seat is not None else "nobody has"
            return "no", ["open.first-bet"], f"no: {whose} bet or raised in this hand.", {}
        index = len(s.history) - 1 - s.history[::-1].index(target)
    replay = replayed(a, s.history[:index])
    before_level, before_seq, full, raises = replay.call_level, replay.full_seq, replay.full_raise, replay.raises_counted
    short_counted = replay.short_counted  # a short all-in before it counted toward the cap (cap.raises)
    # players the betting was closed to before it (TDA 2024 47-A): who had acted, and could not raise at their
    # turn, or had no turn coming (all square with the bet; review DA: a limper under voluntary-increments)
    closed = [i for i, x in enumerate(replay.seats) if i != target.seat and x.acted and not x.folded and x.stack > 0
              and (replay.raise_refusal(i) is not None or x.bet >= replay.call_level)]
    opened_before, full_level_before = replay.full_opened, replay.full_level
    completion_to = completion_target(replay) if target.kind is Kind.COMPLETE else None
    replay.apply(target)
    who, by = a.who(target.seat), target.to - before_level
    all_in = " all-in" if replay.seats[target.seat].stack == 0 else ""
    kind = {Kind.BET: "bet", Kind.RAISE: "raise", Kind.COMPLETE: "completion"}[target.kind]
    size = f"{who}'s{all_in} {kind} to {a.show(target.to)} put {a.show(by)} on top of {a.show(before_level)}"
    if a.game.structure.is_limit and 0 < full_level_before < before_level:  # limit: measured from the full level
        size += (f" ({a.show(target.to - full_level_before)} over the last full level, {a.show(full_level_before)}, "
                 f"with the short all-in before it)")
    if q.said == "cap":
        from betlaw.model import cap as caps

        if caps.cap_in_force(replay) is None:  # cap.none-big-bet, or a limit game played without a cap
            why = "these rules set no cap" if a.game.structure.is_limit else "no-limit and pot-limit have no cap"
            return "no", ["cap.none-big-bet" if not a.game.structure.is_limit else "cap.raises"], \
                f"no: {size}; there is no cap to count toward ({why}).", {}
        counted = replay.raises_counted > raises
        completes = short_counted and not counted and (  # measured from the full level, over the counted one
            target.kind is Kind.COMPLETE or a.game.structure is Structure.SPREAD_LIMIT)
        opens = not opened_before and replay.full_opened  # the round's first full bet (cap.raises)
        if before_level == 0:
            opening = "it is the opening bet"
        elif opens and replay.bring_in_round:
            opening = "it opens the betting over the bring-in (stud.completion, stud.bring-in)"
        elif opens:
            opening = "it is the round's first full bet, over the incomplete bet before it"
        else:
            opening = ""
        why = (f"it completes the short all-in before it, which already counted toward the cap: the two are one "
               f"raise (seed 002 rule 5: \"only one raise counted\")" if completes else
               f"{opening}, not a raise: the cap counts the raises after it" if opening and not counted else
               f"under these rules it {'counts' if counted else 'does not count'} toward the cap "
               f"(short-allin-counts-toward-cap={s.rules['short-allin-counts-toward-cap']})")
        return ("yes" if counted else "no"), ["cap.raises", "cap.short-allin-counts"], (
            f"{'yes' if counted else 'no'}: {size}; {why}."), {}
    is_full = replay.full_seq > before_seq
    half = replay.last_full_by_half_bet
    from betlaw.model import reopening

    half_rule = reopening.half_bet_rule(replay)  # it decides either way
    sizes = ["limit.fixed-sizes"] if a.game.structure is Structure.FIXED_LIMIT else ["raise.minimum"]
    clauses = sizes + (["reopen.half-bet-rule"] if half or half_rule else ["reopen.full-bet-rule"]) + \
        (["reopen.cumulative"] if s.rules["cumulative-short-allins"] != "off" else [])

    right_back = [i for i in closed if reopening.has_right_to_raise(replay, i) is None]  # TDA 2024 47-A
    reopened = [i for i in right_back if replay.raise_refusal(i) is None]
    blocked = [i for i in right_back if i not in reopened]  # reopened, but raising is barred on other grounds
    still = [i for i in closed if i not in right_back]
    not_for = ""
    if still:
        refusal = replay.raise_refusal(still[0])
        not_for = (f"it did not reopen the betting for {', '.join(a.who(i) for i in still)}, who had acted "
                   f"({replay.describe_reason(refusal, still[0])})")
    if blocked:  # e.g. no opponent left who could call a raise (raise.needs-opponent): not the reopening rules
        refusal = replay.raise_refusal(blocked[0])
        clauses = [c for c in clauses if c != "reopen.full-bet-rule" or still or not is_full] + \
            [c for c in refusal.clauses if c not in clauses]
        not_for = "; ".join(x for x in (not_for, (
            f"it reopened the betting for {', '.join(a.who(i) for i in blocked)}, who had acted, but "
            f"{'they' if len(blocked) > 1 else a.who(blocked[0])} may not raise: "
            f"{replay.describe_reason(refusal, blocked[0])}")) if x)
    added_up = [i for i in reopened if replay.full_seq <= replay.seats[i].full_seq_at_action]  # no full raise since
    if added_up and s.rules["reopen"] != "any-raise":  # the short all-ins add up (TDA 2024 47-A Ex. 1-A; review DQ)
        facing = "; ".join(f"{a.who(i)} faces {a.show(replay.call_level - replay.seats[i].level_at_action)} in all "
                           f"since acting" for i in added_up)
        added = f" ({facing}: the short all-ins since add up to a full {kind} or more)"
    else:
        added = ""
    if reopened:
        for_whom = f"it reopened the betting for {', '.join(a.who(i) for i in reopened)}, who had acted{added}" + \
            (f"; {not_for}" if not_for else "")
    elif closed:
        for_whom = not_for
    else:
        for_whom = "the betting was not closed to anyone who had acted, so there was nothing to reopen"
    if full == 0:  # the first voluntary chips of the round set the size (full-bet-basis=voluntary-increments)
        measure = "the round's first voluntary bet or raise, which sets the full size under these rules"
    elif completion_to is not None:  # measured by the level reached, not the chips on top (TDA 2024 47-B)
        measure = f"the full completion was to {a.show(completion_to)}"
    else:
        measure = f"a full {'bet' if kind == 'bet' else 'raise'} was {a.show(full)}"
    full_text = (f"a full {kind} ({measure}" + ("; half a bet or more, made full by the half-bet rule)" if half else ")")
                 if is_full else f"less than a full {kind} ({measure})")
    if q.said == "reopen" and q.whom is not None:  # "did it reopen the betting for Alice?": may she raise after it
        whom = a.seat_for(q.whom)
        x = replay.seats[whom]
        if whom == target.seat or x.folded or x.stack == 0 or s.seats[whom].folded:
            why = "made it" if whom == target.seat else "had folded" if x.folded else "was all-in" if x.stack == 0 \
                else "has folded since"
            verdict, note = False, f"{a.who(whom)} {why}, so there was nothing to reopen for them"
        elif whom in closed:
            verdict = whom in reopened
            note = f"the betting was closed to {a.who(whom)}, who had acted, and it " + (
                "reopened it" if verdict else "did not reopen it" + (
                    f" ({replay.describe_reason(replay.raise_refusal(whom), whom)})"
                    if replay.raise_refusal(whom) is not None else ""))
        else:
            refusal = replay.raise_refusal(whom)
            verdict = refusal is None
            note = f"the betting was already open to {a.who(whom)} before it, and stays open" + (
                "" if verdict else f"; they may not raise for another reason ({replay.describe_reason(refusal, whom)})")
        return ("yes" if verdict else "no"), clauses, f"{'yes' if verdict else 'no'}: {size}, {full_text}; {note}.", {}
    verdict = bool(reopened) if q.said == "reopen" else is_full
    return ("yes" if verdict else "no"), clauses, f"{'yes' if verdict else 'no'}: {size}, {full_text}; {for_whom}.", {}


def after(a, q):
    """"Who acts after p2?": the next player clockwise still in with chips (turn.in-turn)."""
    s = a.state
    seat = a.seat_for(q.player)
    for other in clockwise_from(s, seat + 1):
        if other != seat and not s.seats[other].folded and s.seats[other].stack > 0:
            needs = "" if s.actor is None else (
                f"; as the betting stands {a.who(other)} " + ("still has to act" if needs_to_act(s, other) else
                                                              "has nothing more to do this round unless someone bets or raises"))
            return a.label(other), ["turn.in-turn"], (f"{a.who(other)} is next after {a.who(seat)} in turn (players who "
                                                      f"have folded or are all-in are passed over){needs}."), {}
    return "nobody", ["turn.in-turn"], "nobody: no other player has chips left to act with.", {}


def first_on(a, q, plain_first):
    """"Who acts first on the flop?": who did (a round played), is to (the round now), or will, as
    things stand (a later round: turn.first-later-streets; stud by the cards, unknown before they show)."""
    s = a.state
    index = street_index(a, q.said)
    if index == s.street and not s.hand_over:  # the round in play, or the next one between rounds
        return plain_first(q)
    name = a.game.streets[index].name
    if index in a.played.first_actors and (index < s.street or s.hand_over):  # a round played
        first = a.played.first_actors[index]
        return a.label(first), ["turn.in-turn"], f"{a.who(first)} acted first on the {name}.", {}
    if index < s.street:
        return "nobody", ["round.end"], f"nobody acted on the {name}.", {}
    with_chips = [i for i, x in enumerate(s.seats) if not x.folded and x.stack > 0]
    if s.hand_over or len(with_chips) < 2:
        why = "the hand is over" if s.hand_over and s.winner() is not None else \
            "at most one player still in has chips, so there is no more betting"
        return "nobody", ["round.end"], f"nobody acts on the {name}: {why}.", {}
    if a.game.stud:
        return "unknown", ["turn.stud-first-later"], (f"on the {name} the best showing hand acts first "
                                                      f"(turn.stud-first-later): it depends on the cards to come."), {}
    live = [i for i in clockwise_from(s, 0) if not s.seats[i].folded and s.seats[i].stack > 0]
    if not live:
        return "nobody", ["round.end"], f"nobody: no player still in has chips to bet on the {name}.", {}
    clause = "turn.heads-up" if a.game.heads_up else "turn.first-later-streets"
    return a.label(live[0]), [clause], (f"as things stand, {a.who(live[0])} acts first on the {name}: the first player "
                                        f"still in with chips left of the button (after the first round)."), {}


def last_on(a, q):
    """"Who acts last (on the flop)?", "who closes the action?": in the round in play (or, between rounds,
    the next), the last to act if everyone checks or calls from here (turn.in-turn: the turn goes round
    until everyone still in has acted on the last bet, round.end); in a round played, who did; in a later
    round, as things stand, the last player still in with chips in turn order (turn.first-later-streets),
    with whom the round ends unless they bet or raise."""
    s = a.state
    index = street_index(a, q.said) if q.said else s.street
    name = a.game.streets[index].name
    if index < s.street or s.hand_over and index in a.played.last_actors:  # a round played
        if index in a.played.last_actors:
            last = a.played.last_actors[index]
            return a.label(last), ["round.end"], f"{a.who(last)} acted last on the {name}.", {}
        return "nobody", ["round.end"], f"nobody acted on the {name}.", {}
    if s.hand_over:  # a round the hand never bets (review EB)
        why = "the hand is over" if s.winner() is not None else \
            "at most one player still in has chips, so there is no more betting"
        return "nobody", ["round.end"], f"nobody acts on the {name}: {why}.", {}
    if s.opener_unknown is not None or a.game.stud and index > s.street:
        return "unknown", ["turn.stud-first-later"], (f"on the {name} the best showing hand acts first "
                                                      f"(turn.stud-first-later), so who acts last depends on the cards."), {}
    if index == s.street:
        return _last_if_passive(a, name)
    with_chips = [i for i in clockwise_from(s, 0) if not s.seats[i].folded and s.seats[i].stack > 0]
    if len(with_chips) < 2:
        return "nobody", ["round.end"], (f"nobody acts on the {name}: at most one player still in has chips, so "
                                         f"there is no more betting."), {}
    last = with_chips[-1]
    clause = "turn.heads-up" if a.game.heads_up else "turn.first-later-streets"
    return a.label(last), [clause, "round.end"], (
        f"as things stand, {a.who(last)} is last to act on the {name}: the last player still in with chips in turn "
        f"order, starting left of the button; the round ends with them unless they bet or raise."), {}


def _last_if_passive(a, name: str):
    """The round in play, played out with checks and calls (a bring-in where one is due)."""
    state, last = a.state.copy(), None
    street = state.street
    while state.actor is not None and state.street == street and not state.hand_over:
        legal = state.options()
        kind = (Kind.CHECK if legal.check else Kind.CALL if legal.call is not None else
                Kind.BRING_IN if legal.bring_in is not None else Kind.FOLD)
        last = legal.actor
        state.apply(Action(last, kind))
    if last is None:
        return "nobody", ["round.over-no-action"], a._over_text(), {}
    return a.label(last), ["turn.in-turn", "round.end"], (
        f"{a.who(last)} acts last on the {name} if everyone checks or calls from here: the betting goes round "
        f"until every player still in has acted on the last bet or raise."), {}


def street_now(a, q):
    """"What street is it?": the round in play, or, once a round's betting is over, that and the next.
    "How many betting rounds (are left)?", "is this the last betting round?": counted from the game's
    rounds (seed 000: a round of betting after each deal)."""
    s, g = a.state, a.game
    if q.said in ("count", "left", "last"):
        return _rounds_count(a, q)
    if s.hand_over:
        name = g.streets[a.played.street_reached].name  # the board dealt after the all-ins (a river)
        return name, ["round.end"], f"the betting of the hand is over ({a._over_text().rstrip('.')}).", {}
    if a.played.round_closed:
        done = g.streets[a.played.closed_street].name
        return g.streets[s.street].name, ["round.end"], (f"the {done} betting is over; the {g.streets[s.street].name} "
                                                         f"is next."), {}
    return g.streets[s.street].name, ["turn.in-turn"], f"the {g.streets[s.street].name} is being played.", {}


def _rounds_count(a, q):
    s, g = a.state, a.game
    names = [x.name for x in g.streets]
    where = (f"the betting of the hand is over ({a._over_text().rstrip('.')})" if s.hand_over else
             f"the {names[s.street]} is {'next' if a.played.round_closed else 'being played'}")
    every = f"{len(names)} betting rounds: {', '.join(names)}; {where}"
    if q.said == "count":
        return str(len(names)), ["round.end"], every + ".", {}
    later = [] if s.hand_over else names[s.street + 1:]
    if q.said == "left":  # between rounds the next one is still to be bet, so it counts (review EJ)
        left = [] if s.hand_over else names[s.street:] if a.played.round_closed else later
        said = f"to come: {', '.join(left)}." if a.played.round_closed and left else \
            f"after it: {', '.join(left)}." if left else "no betting round comes after it."
        return str(len(left)), ["round.end"], f"{every}; {said}", {}
    last = not s.hand_over and not later
    return ("yes" if last else "no"), ["round.end"], every + (f"; after it: {', '.join(later)}." if later else "."), {}


def may_raise(a, q):
    """"Who can still raise?": the players still in with chips who may raise when their turn comes, as
    the betting stands (the betting reopened for them or never closed, TDA 2024 47; the cap)."""
    s = a.state
    if s.hand_over:
        return ("no" if q.said == "anyone" else "nobody"), ["round.end"], "nobody: the betting of the hand is over.", {}
    in_order = sorted(range(len(s.seats)), key=lambda i: int(a.label(i)[1:]))  # as the hand numbers them (review EI)
    refusals = {i: s.raise_refusal(i) for i in in_order if not s.seats[i].folded and s.seats[i].stack > 0}
    able = [i for i, refusal in refusals.items() if refusal is None]
    why = "; ".join(f"not {a.who(i)} ({s.describe_reason(refusal, i)})" for i, refusal in refusals.items() if refusal)
    names = ", ".join(a.who(i) for i in able) or "nobody"
    # the clauses of each refusal (not reopened, capped, check-raise, ...); of each who may raise, why (raise.reopens,
    # reopen.cumulative, option.big-blind, ...)
    clauses = list(dict.fromkeys([c for refusal in refusals.values() if refusal
                                  for c in refusal.clauses + s.context_clauses(refusal)]
                                 + [c for i in able for c in (s._raise_right_clauses(i) or ("raise.reopens",))]))
    answer = ("yes" if able else "no") if q.said == "anyone" else (", ".join(a.label(i) for i in able) or "nobody")
    return answer, clauses, f"as the betting stands, {names} may raise at their turn" + (f"; {why}" if why else "") \
        + ".", {}


def option(a, q):
    """"Does the big blind have the option?": a player whose live forced bet (the big blind, a straddle, a
    live post of a big blind's worth) the first round is only called to may still check or raise at the
    turn (option.big-blind; seed 000, TDA 2024 47 Addendum Ex. 3-A; Robert's Buttons and Blinds: a
    player who posts a blind may raise at the first turn). "Who has the option?" names every such player."""
    s, g = a.state, a.game
    if q.player is None and q.said == "me":  # "do I have the option?": the player to act (docs/asking.md)
        if s.actor is None:
            return "no", ["round.over-no-action"], f"no: {a._over_text()}", {}
        q = dataclasses.replace(q, player=a.label(s.actor))
    no = "no" if q.player is not None else "nobody"  # "does pN have the option?" / "who has the option?"
    posted = [g.forced_bets_paid(i)[1] > 0 for i in range(g.seats)]
    if not g.blind_game or not any(posted):
        return no, ["option.big-blind"], "no: the option is a blind's, and this hand has no blinds.", {}
    if s.street != 0 or a.played.round_closed or s.hand_over:
        return no, ["option.big-blind"], f"{no}: the option is the first round's, and its betting is over.", {}
    def reachable(i):  # someone still in can put in more than the blind, so its turn can come (round.end)
        return any(j != i and not y.folded and y.stack + y.bet > s.seats[i].bet for j, y in enumerate(s.seats))

    called_to = [i for i, x in enumerate(s.seats) if posted[i] and not x.folded and x.stack > 0 and not x.acted
                 and x.bet == s.call_level]
    holders = [i for i in called_to if reachable(i)]
    if q.player is None:
        if not holders:
            return "nobody", ["option.big-blind"], ("nobody: no player with a live blind is still to act on a pot only "
                                                    "called to it."), {}
        names = ", ".join(a.who(i) for i in holders)
        return ", ".join(a.label(i) for i in holders), ["option.big-blind"], (
            f"the pot is so far only called to the live blind of {names}: at the turn "
            f"{'each' if len(holders) > 1 else 'they'} may check or raise (the option)."), {}
    seat = a.seat_for(q.player)
    me, who = s.seats[seat], a.who(seat)
    if seat in holders:
        return "yes", ["option.big-blind"], (f"yes: the pot is so far only called to {who}'s live blind of "
                                             f"{a.show(me.bet)}: at the turn {who} may check or raise (the option)."), {}
    if seat in called_to:
        return "no", ["option.big-blind", "round.end"], (
            f"no: nobody still in can put in more than {who}'s blind of {a.show(me.bet)}, so {who} gets no turn "
            f"(the round ends when the others have acted)."), {}
    if not posted[seat]:
        others = f" ({', '.join(a.who(i) for i in holders)} {'has' if len(holders) == 1 else 'have'} it)" if holders else ""
        return "no", ["option.big-blind"], f"no: the option is a live blind's, and {who} posted none{others}.", {}
    if me.folded or me.stack == 0:
        return "no", ["option.big-blind"], f"no: {who} is {'folded' if me.folded else 'all-in'}.", {}
    if me.acted:
        return "no", ["option.big-blind"], f"no: {who} has acted this round; the option is spent.", {}
    raiser = next((x for x in reversed(s.history) if x.kind in AGGRESSIVE and x.seat != seat), None)
    by = f"{a.who(raiser.seat)} raised to {a.show(raiser.to)}" if raiser is not None else \
        f"the bet is {a.show(s.call_level)}"
    choices = "fold, call or raise" if me.stack + me.bet > s.call_level else "fold or call"
    return "no", ["option.big-blind", "raise.minimum"], (
        f"no: {by}, so {who} faces a bet above their blind ({choices} at the turn), not the option of a "
        f"pot only called to it."), {}


def on_round(a, q):
    """``q`` about the round it names ("can p1 bet on the turn?"): the round in play (or, once a round's
    betting is over, the one to come), else an error that says which round that is. "Who acts on the
    river?" about another round is "who acts first on the river?"."""
    s = a.state
    index = street_index(a, q.street) if q.street and q.recorded else None  # a round of this game
    if index is not None and (q.recorded != "maybe" or s.hand_over or index < s.street):
        # an action taken then (conformance/recorded.py)
        if index > s.street:
            name = a.game.streets[index].name
            raise ScenarioError("question", f"{q.text!r}: the hand's betting ended before the {name}" if s.hand_over
                                else f"{q.text!r}: the {name} has not been played yet (the "
                                     f"{a.game.streets[s.street].name} is {'next' if a.played.round_closed else 'being played'})")
        return dataclasses.replace(q, recorded="yes" if q.recorded == "maybe" else q.recorded)
    if not q.street or s.hand_over:
        return q
    index = street_index(a, q.street)
    if index == s.street:  # kept for "can" where the round's opener is by stud cards not given (ask._can)
        by_cards = q.kind == "can" and s.opener_unknown is not None and a.game.stud and s.street > 0
        return q if by_cards else dataclasses.replace(q, street="")
    if q.kind == "who" and not q.premises:
        return dataclasses.replace(q, kind="first", said=q.street, street="")
    name, now = a.game.streets[index].name, a.game.streets[s.street].name
    state = f"the {now} is next" if a.played.round_closed else f"the {now} is being played"
    if index < s.street:
        raise ScenarioError("question", f"{q.text!r}: the {name} betting is over ({state}); ask about the {now}")
    raise ScenarioError("question", f"{q.text!r}: {state}, not the {name}; say what happens before the {name} as "
                                    f"a premise (e.g. 'if everyone calls, ...?', 'if it is checked around, ...?')")


def street_index(a, word: str) -> int:
    """The round a question names ("flop", "fourth street", "preflop", "first round")."""
    w = word.replace("-", "").replace(" betting", "").strip()
    names = [st.name.replace("-", "").lower() for st in a.game.streets]
    aliases = {"first round": 0}
    if names[0] == "preflop":  # a flop game
        aliases.update({"postflop": 1, "after the flop": 1})
    elif names[0] == "predraw":  # a draw game: before the (first) draw, and after it ("after the draw": postdraw)
        aliases.update({"postdraw": 1})
    elif a.game.stud:  # the last card, dealt down (seventh street): the river
        aliases.update({"river": len(names) - 1})
    if w in names:
        return names.index(w)
    if w in aliases and aliases[w] < len(names):
        return aliases[w]
    said = "after the draw" if word == "postdraw" else word  # the question's words, not their normal form
    raise ScenarioError("question", f"{said!r}: this game's rounds are {', '.join(st.name for st in a.game.streets)}")


def round_named(a, q, plain_round):
    """"Is the flop over?": a round before the one in play is over; a later one has not begun."""
    s = a.state
    index = street_index(a, q.said)
    current = a.played.closed_street if a.played.round_closed else s.street
    name = a.game.streets[index].name
    if index == current or s.hand_over and index >= current:
        return plain_round(q) if index == current else ("yes", ["round.end"], "yes: the betting is over.", {})
    now = (f"the {a.game.streets[current].name} betting is over and the {a.game.streets[s.street].name} is next"
           if a.played.round_closed else f"the {a.game.streets[current].name} is being played")
    if index < current:
        return "yes", ["round.end"], f"yes: the {name} betting is over; {now}.", {}
    return "no", ["round.end"], f"no: the {name} betting has not begun ({now}).", {}


def stakes(a, q):
    """"What is the big blind?", "how much is the ante?", "how much is a bet on the turn?"."""
    g = a.game
    what = q.said.replace("-", " ")
    index = street_index(a, q.focus) if q.focus not in (None, "street", "round") else a.state.street
    street = g.streets[index]
    if what in ("big blind", "small blind"):
        if not g.blind_game:
            return "none", ["forced.blinds-live"], "this game has no blinds.", {}
        sb, bb = g.blind_seats
        seat = bb if what == "big blind" else sb
        amount = 0 if seat is None else g.position_blinds[seat]
        place = g.blind_positions[what == "big blind"]  # its seat by position, posted or not (a dead small blind)
        stake = g.full_blinds[place] if g.full_blinds else amount
        dead = (f" (the stakes' {what} is {a.show(stake)}: unposted, it still counts in pot-limit maths, TDA 2024 "
                f"54-B)") if stake != amount else ""
        return a.show(amount), ["forced.blinds-live"], f"the {what} is {a.show(amount)}{dead}; blinds {_blinds(a)}.", {}
    if what in ("ante", "antes"):
        ante = max(g.antes) if g.antes else 0
        who = " (a big-blind ante: the big blind pays it for the table)" if g.big_blind_ante else ""
        return a.show(ante), ["forced.dead-money"], (f"the ante is {a.show(ante)}{who}." if ante else
                                                     "this game has no ante."), {}
    if what in ("bring in",):
        if not g.stud:
            return "none", ["stud.bring-in"], "a bring-in is a stud rule; this game has blinds.", {}
        return a.show(g.bring_in), ["stud.bring-in"], f"the bring-in is {a.show(g.bring_in)}.", {}
    if what == "blinds":
        if not g.blind_game:
            return "none", ["forced.blinds-live"], f"this game has no blinds ({_stakes_line(a)}).", {}
        return _blinds(a), ["forced.blinds-live"], f"blinds {_blinds(a)} ({_stakes_line(a)}).", {}
    if what in ("stakes", "game", "structure", "betting structure"):
        return _stakes_line(a), [], f"{_stakes_line(a)}.", {}
    if what in ("small bet", "big bet", "limits", "limit", "bet sizes", "betting limits", "betting limit"):
        if g.structure is Structure.SPREAD_LIMIT and what not in ("small bet", "big bet"):  # the limits are the spread
            named = q.focus not in (None, "street", "round")
            spreads = [street.spread] if named else list(dict.fromkeys(st.spread for st in g.streets))
            text = ", ".join(f"{a.show(lo)}-{a.show(hi)}" for lo, hi in spreads)
            return text, ["limit.spread-range"], f"the spread: {text} ({_stakes_line(a)}).", {}
        if g.structure is not Structure.FIXED_LIMIT:
            return "none", ["raise.minimum"], f"small and big bets are fixed-limit terms; this game is {_stakes_line(a)}.", {}
        sizes = [st.bet_size for st in g.streets]
        named = q.focus not in (None, "street", "round")  # "what is the limit on fifth street?": that round's
        pick = {"small bet": [min(sizes)], "big bet": [max(sizes)]}.get(what, [street.bet_size] if named
                                                                           else sorted(set(sizes)))
        text = "/".join(a.show(x) for x in pick)
        return text, ["limit.fixed-sizes"], f"{what}: {text} ({_stakes_line(a)}).", {}
    if what == "raise" and index == a.state.street and a.legal.actor is not None:  # "how much is a raise?": now
        return a._focus("min", a.legal.actor)
    if what == "raise" and a.state.hand_over:
        return "none", ["round.end"], "none: the betting of the hand is over.", {}
    big = g.open_pair_big_bet(index)  # stud.open-pair: either bet, as sizes (the "to" amounts are "what can pN do?")
    sizes = None
    if index == a.state.street and a.legal.actor is not None and a.legal.amounts:  # the round now: what is open
        level = a.state.call_level
        sizes = [z for z in (street.bet_size, big) if z and level + z in a.legal.amounts] or \
            [x - level for x in a.legal.amounts]
    elif big is not None and a.state.rules["open-pair-bet"] == "either-bet" and \
            (index > a.state.street or a.legal.actor is None):  # a round to come with an open pair showing
        sizes = [street.bet_size, big]
    if sizes:
        either = a.game.show_either(sizes)
        return either, ["stud.open-pair"], f"a bet on the {street.name} is {either} (an open pair: stud.open-pair).", {}
    # a bet on a round: the limit sizes, or the no-limit / pot-limit minimum
    if g.structure is Structure.FIXED_LIMIT:
        from betlaw.model import open_pair

        # as the round stands: after an open pair's big bet, big ones (a short all-in over it too: stud.open-pair)
        size = open_pair.limit_size(a.state) if index == a.state.street and not a.state.hand_over else street.bet_size
        if size != street.bet_size:
            return a.show(size), ["limit.fixed-sizes", "stud.open-pair"], (
                f"a bet or raise on the {street.name} is {a.show(size)} (fixed limit; with an open pair, once a "
                f"big bet is made every later raise is big: stud.open-pair)."), {}
        return a.show(size), ["limit.fixed-sizes"], (f"a bet or raise on the {street.name} is {a.show(size)} "
                                                     f"(fixed limit)."), {}
    if g.structure is Structure.SPREAD_LIMIT and street.spread:
        lo, hi = street.spread
        return f"{a.show(lo)}-{a.show(hi)}", ["spread.range"], (f"a bet on the {street.name} is {a.show(lo)} to "
                                                                f"{a.show(hi)} (spread limit)."), {}
    structure = g.structure.value.replace("-", " ")
    from betlaw.model import reopening

    low = reopening.minimum_bet(a.state, index)
    top = "the whole stack" if structure == "no limit" else "the size of the pot"
    return f"{a.show(low)} and up", ["raise.minimum"], (f"{structure}: a bet is at least {a.show(low)} and at most "
                                                        f"{top}."), {}


def _blinds(a) -> str:
    """"1/2", "0.5/1 straddle 2" (PHH order: the small blind, the big blind, then straddles)."""
    g = a.game
    sb, bb = g.blind_seats
    if not any(g.position_blinds[:2]) and g.seats > 2:  # no small or big blind: a button blind (short deck's)
        return "0/0, " + ", ".join(f"{'button blind' if i == g.seats - 1 else f'blind of {a.label(i)}'} {a.show(x)}"
                                   for i, x in enumerate(g.position_blinds) if x)
    if sb is None and bb is not None:  # one blind only: the big blind's (Game.blind_seats), no small blind
        blinds = f"0/{a.show(g.position_blinds[bb])}"
    else:
        blinds = "/".join(a.show(g.position_blinds[i]) for i in g.blind_positions)
    straddles = [a.show(g.position_blinds[i]) for i in g.straddle_seats]
    return blinds + (f" straddle {'/'.join(straddles)}" if straddles else "")


def _stakes_line(a) -> str:
    g = a.game
    parts = [g.structure.value]
    if g.blind_game:
        parts.append(f"blinds {_blinds(a)}")
    if g.antes and max(g.antes):
        parts.append(f"ante {a.show(max(g.antes))}")
    if g.stud:
        parts.append(f"bring-in {a.show(g.bring_in)}")
    sizes = sorted({st.bet_size for st in g.streets if st.bet_size})
    if g.structure is Structure.FIXED_LIMIT and sizes:
        parts.append("bets " + "/".join(a.show(x) for x in sizes))
    spreads = list(dict.fromkeys(st.spread for st in g.streets if st.spread))
    if g.structure is Structure.SPREAD_LIMIT and spreads:
        parts.append("bets " + ", ".join(f"{a.show(lo)}-{a.show(hi)}" for lo, hi in spreads))
    return ", ".join(parts)


def must(a, q):
    """"Does p2 have to call?": yes only when it is the one legal action; else the others are named."""
    s, L = a.state, a.legal
    seat = a.seat_for(q.player)
    who = a.who(seat)
    if s.actor is None or seat != s.actor:
        s.require_actor_known()
        now = "the betting is over" if s.actor is None else f"it is {a.who(s.actor)}'s turn"
        return "no", ["turn.in-turn"], f"no: {now}, not {who}'s; ask 'what can {a.label(seat)} do?' at the turn.", {}
    asked = q.verb if isinstance(q.verb, Kind) else None
    if a.scenario.talk:  # the player's own table talk decides first (docs/table-talk.md)
        from .talk_answers import bound_options, restricted_legal

        bound = bound_options(a, seat)
        if bound is not None:
            _, talk_clauses, why, talk = bound
            kind = Kind(talk["bound_to"]["kind"])
            if {asked, kind} <= {Kind.BET, Kind.RAISE}:  # "raise" said with no bet out is the bet (TDA 2024 55)
                asked = kind
            return ("yes" if kind is asked else "no"), talk_clauses, f"{'yes' if kind is asked else 'no'}: {why}", talk
        narrowed = restricted_legal(a, seat)
        if narrowed is not None:
            L = narrowed[0]
    kinds = [k for k, on in ((Kind.FOLD, L.fold), (Kind.CHECK, L.check), (Kind.CALL, L.call is not None),
                             (Kind.BET if L.is_bet else Kind.RAISE, bool(L.bet_or_raise)),
                             (Kind.COMPLETE, L.complete_to is not None), (Kind.BRING_IN, L.bring_in is not None)) if on]
    if asked is Kind.BET and Kind.RAISE in kinds:
        asked = Kind.RAISE
    clauses = [c for k in kinds for c in L.clauses.get(k, ())]
    if kinds == [asked]:
        return "yes", clauses, f"yes: {who} may only {asked.value}.", {}
    return "no", clauses, f"no: {who} may {a.options_text(L)}.", {}


def winner(a, q):
    """"Who wins the pot?": the last player in when everyone else folded (round.all-fold); else the cards."""
    s = a.state
    total = {"pot_total": a.amount(sum(p.amount for p in s.pots()))}
    if s.winner() is not None:
        return a.label(s.winner()), ["round.all-fold"], f"{a.who(s.winner())} wins the pot: everyone else folded.", total
    live = [i for i, x in enumerate(s.seats) if not x.folded]
    return "undecided", ["pots.side"], (f"undecided by the betting: {', '.join(a.who(i) for i in live)} are still in, "
                                        f"so the cards decide (at showdown, pot by pot: who may win each is "
                                        f"'what are the pots?')."), total
