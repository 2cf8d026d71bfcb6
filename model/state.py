"""A hand in progress: the state of the betting, what the player to act may do, and what follows.

The surface copies PokerKit's uniform triple, per action: ``verify(action)`` raises
:class:`IllegalAction` (with a reason code mapped to clause ids), ``can(action)`` answers yes
or no, ``apply(action)`` performs it. ``legal()`` lists everything the actor may do, with amounts.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from . import cap, open_pair, reopening, sizing, turn_order
from .actions import Action, Kind
from .errors import IllegalAction, Reason, Verdict
from .game import Game, Opening, Structure
from .pots import Pot, pots, uncallable_excess, uncalled_excess

_LEGAL = Verdict()  # the verdict on a legal action with no penalty (a Verdict is immutable, so one serves all)


@dataclass
class Seat:
    stack: int  # chips behind
    bet: int = 0  # chips in front this round (live)
    contributed: int = 0  # every chip put in this hand, forced bets included
    dead: int = 0  # of which dead money that goes whole to the main pot (Game.main_pot_dead)
    folded: bool = False
    acted: bool = False  # took a voluntary action this round
    checked: bool = False  # checked this round (check-raise)
    level_at_action: int = 0  # the bet level right after this seat's last action
    full_seq_at_action: int = 0  # how many full bets/raises the round had then
    returned: int = 0  # uncalled chips given back this hand

    @property
    def all_in(self) -> bool:
        return not self.folded and self.stack == 0


@dataclass(frozen=True)
class LegalActions:
    """Everything the actor may do. Amounts are "to" amounts in chip units."""

    actor: int | None
    fold: bool = False
    fold_penalized: bool = False
    check: bool = False
    call: int | None = None  # chips added by calling (all-in for less when short)
    bet_or_raise: tuple[int, int] | None = None  # (min_to, max_to)
    amounts: tuple[int, ...] | None = None  # the only amounts of that range allowed, when not all are (stud.open-pair)
    is_bet: bool = False  # bet_or_raise opens the round (a bet) rather than raising
    complete_to: int | None = None  # the completion's amount, or the smaller of complete_amounts
    complete_amounts: tuple[int, ...] | None = None  # the only completions, when two are (stud.open-pair)
    bring_in: int | None = None
    refusals: dict = field(default_factory=dict)  # kind -> Reason, for the options that are not open
    clauses: dict = field(default_factory=dict)  # kind -> clause ids that decide the option

    @property
    def completion_targets(self) -> tuple[int, ...]:
        """Every amount a completion may reach: one, or two (stud.open-pair); none when no completion is open."""
        return self.complete_amounts or (() if self.complete_to is None else (self.complete_to,))

    @property
    def any(self) -> bool:
        return bool(self.fold or self.check or self.call is not None or self.bet_or_raise
                     or self.complete_to is not None or self.bring_in is not None)


class HandState:
    """One hand, from the forced bets to the end of the last betting round."""

    def __init__(self, game: Game, rules) -> None:
        self.game = game
        self.rules = rules
        self.seats = [Seat(stack=s) for s in game.starting_stacks]
        self.street = 0
        self.history: list[Action] = []
        self.history_streets: list[int] = []  # the round each action of the history was taken in
        self.penalties: list[tuple[int, Action]] = []
        self.hand_over = False
        self.betting_closed = False  # fewer than two players can bet: no more rounds (hand.streets)
        self.last_round_free = False  # the last round to end was all checks (round.free)
        self.actor: int | None = None
        self.opener_unknown: str | None = None  # stud: the round has begun, but who opens it is not given
        self._legal: LegalActions | None = None  # legal() of the current decision, computed once
        self._legal_explained = False
        self._post_forced_bets()
        self._begin_round()

    # ----------------------------------------------------------------- forced bets

    def _post_forced_bets(self) -> None:
        """forced.dead-money first (antes, dead posts), then forced.blinds-live, each capped by the stack."""
        g = self.game
        for i, s in enumerate(self.seats):
            dead, live = g.forced_bets_paid(i)
            s.stack -= dead + live
            s.contributed += dead + live
            s.dead = g.main_pot_dead(i, dead)
            s.bet += live

    # ----------------------------------------------------------------- round bookkeeping

    def _begin_round(self) -> None:
        g, rules = self.game, self.rules
        street = g.streets[self.street]
        first_round_blinds = street.opening is Opening.BLINDS and g.blind_game
        posted = max([s.bet for s in self.seats])
        # forced.short-blind: with short-bb-call=full-bb later players owe the full big blind.
        if first_round_blinds and rules["short-bb-call"] == "full-bb":
            self.call_level = max(posted, g.big_blind)
        else:
            self.call_level = posted
        self.bring_in_round = street.opening is Opening.BRING_IN and g.bring_in > 0
        self.bring_in_pending = self.bring_in_round
        voluntary = rules["full-bet-basis"] == "voluntary-increments"
        if g.structure is Structure.FIXED_LIMIT and not voluntary:
            self.full_raise = street.bet_size
        elif voluntary:
            self.full_raise = 0  # PokerKit: only voluntary raises of this round set the size
        else:
            # forced.blinds-live / forced.straddle: the big blind or straddle is the full bet to beat.
            self.full_raise = max(reopening.minimum_bet(self), g.big_blind if first_round_blinds else 0)
        # TDA 51-B: the big blind opens, unless forced.short-blind makes it an incomplete bet
        short_base = self._short_blind_opening() if first_round_blinds else None
        self.full_opened = first_round_blinds and not voluntary and short_base != 0
        self.full_level = (self.call_level if short_base is None else short_base) if first_round_blinds else 0
        self.full_seq = 0
        self.last_full_by_half_bet = False  # the last full raise was an all-in of half a bet or more
        self.short_allins = 0  # all-in raises short of a full bet this round (cap.short-allin-counts)
        self.last_raise_short = False
        self.raises_counted = 0
        self.short_counted = False  # a short all-in since the last full level counted (cap.short-allin-counts)
        self.capped_multiway = False
        self.min_raise_to = self.call_level + reopening.min_increment(self)
        for s in self.seats:
            s.acted = s.checked = False
            s.level_at_action = 0
            s.full_seq_at_action = 0
        self.round_over = False
        if self.live_players() < 2:
            self._end_hand()
            return
        if self.players_with_chips() < 2 and not self._someone_owes():
            self._return_uncalled()  # round.uncalled-bet: e.g. a big blind over a short all-in small blind
            self._close_betting()
            return
        try:
            start = turn_order.first_seat_of_round(self)
        except turn_order.TurnOrderError as err:
            # The hand can be judged up to here (pots, the round just closed); who acts next cannot.
            self.opener_unknown = str(err)
            return
        self.actor = turn_order.next_actor(self, start)
        if self.bring_in_pending and self.actor != g.bring_in_seat:
            self.bring_in_pending = False  # the bring-in seat cannot act (all-in on the ante)
        if self.actor is None:
            self._end_round()

    def _short_blind_opening(self) -> int | None:
        """forced.short-blind: in fixed limit, with later players calling only what was posted and
        completing after a short all-in, the largest blind or straddle posted all-in for less than a full
        bet over the full level below it (the half-bet or full-bet rule, as for any all-in bet) is an
        incomplete bet, which the next player completes (seed 002 rule 5; Robert's Betting and Raising #6):
        the full level it leaves, the largest post of a full bet or more under it (a big blind under a short
        straddle), else 0 (a short big blind opens nothing); None where the post is full. The post measured is
        the largest one made all-in (a big blind all-in for less than the small blind is short even though
        the small blind's live post is half a bet: the half-bet rule is for all-in wagers, TDA 2024 47-B).
        Raising on top
        instead, the post stays the bet to raise (the ACPC dealer counts the raise over it toward the cap)."""
        g, rules = self.game, self.rules
        if not (g.structure is Structure.FIXED_LIMIT and rules["full-bet-basis"] != "voluntary-increments"
                and rules["short-bb-call"] == "posted" and rules["after-short-allin"] == "complete"
                and self.call_level < g.big_blind):
            return None
        size = g.streets[self.street].bet_size
        base = max((s.bet for s in self.seats if size <= s.bet < self.call_level), default=0)
        # measured by the post made all-in (a big blind short of a small blind: not the small blind's live post)
        short = max((s.bet for s in self.seats if s.stack == 0 and s.bet > base), default=self.call_level)
        return None if reopening.counts_as_full(self, short - base) else base

    def _someone_owes(self) -> bool:
        return any(s.bet < self.call_level and turn_order.needs_to_act(self, i) for i, s in enumerate(self.seats))

    def _end_round(self) -> None:
        """round.end, round.uncalled-bet, then the next street or the end of the hand (hand.streets)."""
        self.round_over = True
        self.actor = None
        self.last_round_free = self.call_level == 0 and not any(s.bet for s in self.seats)  # round.free
        self._return_uncalled()
        for s in self.seats:
            s.bet = 0
        if self.live_players() < 2:
            self._end_hand()
        elif self.players_with_chips() < 2 or self.street + 1 >= len(self.game.streets):
            self._close_betting()
        else:
            self.street += 1
            self._begin_round()

    def _return_uncalled(self) -> None:
        seat, excess = uncalled_excess([s.bet for s in self.seats])
        if seat is not None:
            s = self.seats[seat]
            s.bet -= excess
            s.stack += excess
            s.contributed -= excess
            s.returned += excess

    def _close_betting(self) -> None:
        self.round_over = True
        self.betting_closed = True
        self.hand_over = True
        self.actor = None

    def _end_hand(self) -> None:
        """round.all-fold: one player left wins; the uncalled part of the last bet goes back."""
        self._return_uncalled()
        self.round_over = True
        self.hand_over = True
        self.actor = None

    # ----------------------------------------------------------------- facts about the table

    def live_players(self) -> int:
        return len([s for s in self.seats if not s.folded])

    def players_with_chips(self) -> int:
        return len([s for s in self.seats if not s.folded and s.stack > 0])

    def opponents_with_chips(self, seat: int) -> int:
        return len([s for i, s in enumerate(self.seats) if i != seat and not s.folded and s.stack > 0])

    def out_of_the_betting(self, seat: int) -> str:
        """Why a seat will not act again this hand, as a parenthesis ("" if it still may)."""
        me = self.seats[seat]
        return " (folded)" if me.folded else " (all-in: nothing more to decide this hand)" if me.stack == 0 else ""

    def someone_could_call_more(self, seat: int) -> bool:
        """raise.needs-opponent: some opponent still in has chips, and (switch raise-when-covered=
        forbidden, as PokerKit 0.7.7) chips beyond the current bet, so could put in more than it."""
        covered_ok = self.rules["raise-when-covered"] == "allowed"
        return any(i != seat and not o.folded and o.stack > 0 and (covered_ok or o.stack + o.bet > self.call_level)
                   for i, o in enumerate(self.seats))

    def owed(self, seat: int) -> int:
        return max(0, self.call_level - self.seats[seat].bet)

    def has_option(self, seat: int) -> bool:
        """option.big-blind: a blind (or straddle) not yet acted on, with nothing owed."""
        return (self.street == 0 and self.game.blind_game and self.game.blinds[seat] > 0
                and not self.seats[seat].acted and self.owed(seat) == 0
                and self.game.streets[0].opening is Opening.BLINDS)

    def winner(self) -> int | None:
        live = [i for i, s in enumerate(self.seats) if not s.folded]
        return live[0] if self.hand_over and len(live) == 1 else None

    def pots(self) -> list[Pot]:
        return pots([s.contributed for s in self.seats], [s.folded for s in self.seats],
                    [s.all_in for s in self.seats], [s.dead for s in self.seats],
                    [s.contributed + s.stack for s in self.seats])

    def uncallable(self) -> tuple[int | None, int]:
        """(seat, chips): the part of a bet no one else can match, in no pot, to go back when the round
        ends (round.uncalled-bet); (None, 0) if there is none."""
        live = [s.contributed - s.dead for s in self.seats]  # as pots() splits them: dead money is matched by no one
        return uncallable_excess(live, [s.folded for s in self.seats], [s.all_in for s in self.seats],
                                 [c + s.stack for c, s in zip(live, self.seats)])

    def copy(self) -> "HandState":
        """An independent copy of the hand; the table and the rules (never changed) are shared."""
        return copy.deepcopy(self, {id(self.game): self.game, id(self.rules): self.rules})

    def describe(self) -> str:
        """Every field of the table, the round and the seats, for reports of a disagreement."""
        g = self.game
        seats = "; ".join(f"p{i + 1}: stack={s.stack} bet={s.bet} contrib={s.contributed} folded={s.folded} "
                          f"acted={s.acted} checked={s.checked} lvl={s.level_at_action} fseq={s.full_seq_at_action}"
                          for i, s in enumerate(self.seats))
        return (f"rules={self.rules.name} structure={g.structure} stacks={g.starting_stacks} antes={g.antes} "
                f"blinds={g.blinds} bring_in={g.bring_in}@{g.bring_in_seat} street={self.street} "
                f"history={[str(a) for a in self.history]}\n  actor={self.actor} call_level={self.call_level} "
                f"full_level={self.full_level} full_raise={self.full_raise} full_seq={self.full_seq} "
                f"raises_counted={self.raises_counted} short_counted={self.short_counted} capped={self.capped_multiway} opened={self.full_opened} "
                f"min_raise_to={self.min_raise_to} bring_in_pending={self.bring_in_pending} "
                f"short_allins={self.short_allins} half_bet={self.last_full_by_half_bet}\n  {seats}")

    # ----------------------------------------------------------------- what the actor may do

    def require_actor_known(self) -> None:
        """Raise TurnOrderError when the round's opener is an input the scenario does not give."""
        if self.opener_unknown is not None:
            raise turn_order.TurnOrderError(self.opener_unknown)

    def legal(self) -> LegalActions:
        """The actor's options with amounts, the clauses that decide each, and why others are closed."""
        if self._legal is None or not self._legal_explained:
            self._legal, self._legal_explained = self._compute_legal(explain=True), True
        return self._legal

    def options(self) -> LegalActions:
        """The same options and amounts as ``legal()``, without the deciding clauses (faster)."""
        if self._legal is None:
            self._legal, self._legal_explained = self._compute_legal(explain=False), False
        return self._legal

    def _compute_legal(self, explain: bool = True) -> LegalActions:
        seat = self.actor
        if seat is None:
            reason = Reason.HAND_OVER if self.hand_over else Reason.ROUND_OVER
            return LegalActions(actor=None, refusals={k: reason for k in Kind})
        s, g = self.seats[seat], self.game
        owed = self.owed(seat)
        refusals: dict = {}
        clauses: dict = {}
        if self.bring_in_pending:
            bring = min(g.bring_in, s.stack + s.bet)
            small_bet = g.streets[self.street].bet_size
            for kind in (Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE):
                refusals[kind] = Reason.BRING_IN_REQUIRED
            clauses[Kind.BRING_IN] = ("stud.bring-in",)
            if g.structure is Structure.SPREAD_LIMIT:
                # spread limit: the low card may open instead with a bet anywhere in the spread (Robert's,
                # Seven-Card Stud: "may open for a full bet"; completing is fixed-limit only)
                del refusals[Kind.BET]
                refusals[Kind.COMPLETE] = Reason.NOTHING_TO_COMPLETE
                b = sizing.bounds(self, seat)
                clauses[Kind.BET] = ("stud.bring-in",) + b.clauses
                return LegalActions(actor=seat, bring_in=bring, bet_or_raise=(b.min_to, b.max_to), is_bet=True,
                                    refusals=refusals, clauses=clauses)
            clauses[Kind.COMPLETE] = ("stud.bring-in", "stud.completion")
            # stud.bring-in: the low card may open for a full bet instead (Robert's, Seven-Card Stud)
            complete = min(small_bet, s.stack + s.bet) if s.stack + s.bet > bring else None
            if complete is None:
                refusals[Kind.COMPLETE] = Reason.COVERED
            return LegalActions(actor=seat, bring_in=bring, complete_to=complete,
                                refusals=refusals, clauses=clauses)
        refusals[Kind.BRING_IN] = Reason.BRING_IN_NOT_DUE
        # Folding (fold.any-turn, fold.when-check-possible)
        fold, penalized = self._fold_option(owed)
        clauses[Kind.FOLD] = ("fold.any-turn",) if owed > 0 else ("fold.any-turn", "fold.when-check-possible")
        if not fold:
            refusals[Kind.FOLD] = Reason.FOLD_WHEN_CHECK_FORBIDDEN
        # Checking (check.nothing-owed, check.blinds-live, option.big-blind)
        check = owed == 0
        if check:
            if explain:
                clauses[Kind.CHECK] = ("check.nothing-owed", "round.free") \
                    + (("option.big-blind",) if self.has_option(seat) else ())
        else:
            blind_round = self.street == 0 and g.blind_game and not any(x.acted for x in self.seats if x.bet > 0)
            refusals[Kind.CHECK] = Reason.CHECK_FACING_BLIND if blind_round else Reason.CHECK_FACING_BET
        # Calling (call.match, call.all-in-for-less)
        call = None
        if owed > 0:
            call = min(owed, s.stack)
            if explain:
                clauses[Kind.CALL] = ("call.match",) + (("call.all-in-for-less",) if call < owed else ()) \
                    + (("forced.short-blind",) if self._short_blind_in_play() else ()) \
                    + (("forced.dead-money",) if self.street == 0 and self._posted_dead(seat) else ())
        else:
            refusals[Kind.CALL] = Reason.NOTHING_TO_CALL
        # Betting, raising, completing
        aggression, amounts, complete_to, complete_amounts, is_bet = None, None, None, None, self.call_level == 0
        reason = self.raise_refusal(seat)
        if reason is None:
            b = sizing.bounds(self, seat)
            extra = self._raise_right_clauses(seat) + self._forced_bet_clauses() if explain else ()
            if b.complete_to is not None:
                complete_to, complete_amounts = b.complete_to, b.amounts
                clauses[Kind.COMPLETE] = b.clauses + extra
                refusals[Kind.BET] = refusals[Kind.RAISE] = (
                    Reason.MUST_COMPLETE_BRING_IN if self.bring_in_round and not self.full_opened
                    else Reason.MUST_COMPLETE)
            else:
                aggression, amounts = (b.min_to, b.max_to), b.amounts
                clauses[Kind.BET if is_bet else Kind.RAISE] = b.clauses + extra
                refusals[Kind.RAISE if is_bet else Kind.BET] = (
                    Reason.RAISE_WITHOUT_BET if is_bet else Reason.BET_FACING_BET)
                refusals[Kind.COMPLETE] = (
                    Reason.COMPLETE_IS_THE_SPREAD_RAISE if sizing.spread_from_full_level(self)
                    else Reason.COMPLETE_IS_LIMIT_ONLY if not self.game.structure.is_limit
                    else Reason.COMPLETE_IS_A_RAISE_HERE if self.call_level > self.full_level
                    else Reason.NOTHING_TO_COMPLETE)
        else:
            for kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE):
                refusals[kind] = reason
            if is_bet and reason not in (Reason.NOT_QUALIFIED_TO_OPEN,):
                refusals[Kind.RAISE] = Reason.RAISE_WITHOUT_BET if reason is Reason.NO_OPPONENT_TO_RAISE else reason
        return LegalActions(actor=seat, fold=fold, fold_penalized=penalized, check=check, call=call,
                            bet_or_raise=aggression, amounts=amounts, is_bet=is_bet and aggression is not None,
                            complete_to=complete_to, complete_amounts=complete_amounts, refusals=refusals,
                            clauses=clauses)

    def _fold_option(self, owed: int) -> tuple[bool, bool]:
        """(may fold, penalised): fold.any-turn, and fold.when-check-possible when nothing is owed."""
        if owed > 0:
            return True, False
        rule = self.rules["fold-when-check"]
        return rule != "forbidden", rule == "penalized"

    def context_clauses(self, reason: Reason) -> tuple[str, ...]:
        """Clauses of the situation that also decide a refusal, beyond the reason's own."""
        if reason in (Reason.CAP_REACHED, Reason.CAP_REACHED_HEADS_UP):
            return self._cap_context()
        if reason in (Reason.NOT_REOPENED, Reason.NOT_REOPENED_CUMULATIVE) and reopening.half_bet_rule(self):
            return ("reopen.half-bet-rule",)
        if reason is Reason.ABOVE_POT_LIMIT:  # the pot counts the forced bets, a short blind as a full one
            dead = self.street == 0 and any(self._posted_dead(i) for i in range(self.game.seats))
            return self._forced_bet_clauses() + (("pot-limit.full-blinds",) if self._short_blind_in_play() else ()) \
                + (("forced.dead-money",) if dead else ())
        if reason in (Reason.BELOW_MINIMUM_RAISE, Reason.BELOW_MINIMUM_BET, Reason.NOT_THE_LIMIT_SIZE,
                      Reason.OUTSIDE_SPREAD):
            out = self._forced_bet_clauses() + (("reopen.half-bet-rule",) if self.last_full_by_half_bet else ())
            if self.game.structure is Structure.SPREAD_LIMIT:
                out += ("limit.spread-range",)
            if self.game.structure.is_limit and (self.call_level > self.full_level or self.last_raise_short):
                out += ("limit.after-short-allin",)
            if self.game.open_pair_big_bet(self.street) is not None:
                out += ("stud.open-pair",)
            return out
        return ()

    def _posted_dead(self, seat: int) -> bool:
        g = self.game
        return bool(g.antes[seat] or (g.dead_posts and g.dead_posts[seat]))

    def _cap_context(self) -> tuple[str, ...]:
        """What decided the count toward the cap: short all-ins, the big blind or a stud completion as the bet."""
        out = []
        if self.short_allins:
            out.append("cap.short-allin-counts")
        if self.street == 0 and self.game.blind_game and self.rules["full-bet-basis"] == "rulebook":
            out.append("forced.blinds-live")
        if self.bring_in_round and self.full_opened:  # the opening bet: the completion, or a full spread bring-in
            out.append("stud.completion" if self.game.structure is Structure.FIXED_LIMIT else "stud.bring-in")
        return tuple(out)

    def _short_blind_in_play(self) -> bool:
        """forced.short-blind: the first round, a live blind posted short of its amount, no raise yet."""
        g = self.game
        if self.street != 0 or not g.blind_game or self.full_seq:
            return False
        return any(0 < g.forced_bets_paid(i)[1] < g.blinds[i] and s.stack == 0
                   for i, s in enumerate(self.seats) if g.blinds[i] == g.big_blind)

    def _forced_bet_clauses(self) -> tuple[str, ...]:
        """forced.straddle / forced.short-blind when they set the call or the minimum raise."""
        g = self.game
        if self.street != 0 or not g.blind_game or self.full_seq:
            return ()
        out = ["forced.blinds-live"]
        if g.seats > 2 and sum(b > 0 for b in g.position_blinds) >= 3:
            out.append("forced.straddle")
        if self._short_blind_in_play():
            out.append("forced.short-blind")
        return tuple(out)

    def raise_refusal(self, seat: int) -> Reason | None:
        """Why this seat may not bet, raise or complete at all, or None if it may."""
        s = self.seats[seat]
        if s.stack <= self.owed(seat):
            return Reason.COVERED  # raise.needs-opponent: the call takes every chip
        if not self.someone_could_call_more(seat):
            return Reason.NO_OPPONENT_TO_RAISE
        if self.call_level == 0 and self.street == 0 and self.game.may_open is not None and not self.game.may_open[seat]:
            return Reason.NOT_QUALIFIED_TO_OPEN
        right = reopening.has_right_to_raise(self, seat)
        if right is not None:
            return right
        if s.checked and self.rules["check-raise"] == "forbidden":
            return Reason.CHECK_RAISE_FORBIDDEN
        return cap.cap_reason(self)

    def _raise_right_clauses(self, seat: int) -> tuple[str, ...]:
        s, out = self.seats[seat], []
        if s.acted:
            any_raise = self.rules["reopen"] == "any-raise"
            out.append("reopen.cumulative" if self.full_seq == s.full_seq_at_action and not any_raise
                       else "raise.reopens")
        if self.last_full_by_half_bet:
            out.append("reopen.half-bet-rule")
        if s.checked:
            out.append("check-raise")
        if self.has_option(seat):
            out.append("option.big-blind")
        if cap.cap_in_force(self) is not None:
            out.append("cap.raises")
            out.extend(self._cap_context())
            if self.raises_counted >= (cap.cap_in_force(self) or 0):
                out.append("cap.heads-up")
        else:
            limit_cap = self.rules.cap_for(len(self.game.streets))
            if self.game.structure in (Structure.NO_LIMIT, Structure.POT_LIMIT) and limit_cap is not None \
                    and self.raises_counted >= limit_cap:
                out.append("cap.none-big-bet")  # more raises than a limit game's cap would allow
        return tuple(out)

    # ----------------------------------------------------------------- verify / can / apply

    def classify(self, seat: int, kind: str, to: int | None = None) -> Action:
        """Turn a PHH-style action (``cc``, ``cbr X``, ``f``, ``pb``) into a formal action."""
        if kind == "f":
            return Action(seat, Kind.FOLD)
        if kind == "pb":
            return Action(seat, Kind.BRING_IN)
        if kind == "cc":
            return Action(seat, Kind.CHECK if self.actor == seat and self.owed(seat) == 0 else Kind.CALL)
        if kind == "cbr":
            if self.actor == seat:
                if self.bring_in_pending:
                    if to is not None and to == self.seats[seat].bet + self.seats[seat].stack <= self.game.bring_in:
                        return Action(seat, Kind.BRING_IN)  # every chip, no more than the bring-in: the bring-in
                        # (PokerKit writes an all-in bring-in 'cbr')
                    return Action(seat, Kind.BET if self.game.structure is Structure.SPREAD_LIMIT else Kind.COMPLETE, to)
                target = sizing.completion_target(self)
                if target is not None and self.raise_refusal(seat) is None:
                    return Action(seat, Kind.COMPLETE, to)
            return Action(seat, Kind.BET if self.call_level == 0 else Kind.RAISE, to)
        raise ValueError(f"unknown action {kind!r}")

    def verify(self, action: Action) -> Verdict:
        """Raise IllegalAction if the rules forbid ``action``; else say whether it is penalised."""
        if self.hand_over:
            raise IllegalAction(Reason.HAND_OVER, "the betting of the hand is over")
        self.require_actor_known()
        if not 0 <= action.seat < self.game.seats:
            raise IllegalAction(Reason.NOT_YOUR_TURN, f"there is no seat p{action.seat + 1}")
        if action.seat != self.actor:
            raise IllegalAction(Reason.NOT_YOUR_TURN,
                                f"it is {self.game.name_of(self.actor)}'s turn, not {self.game.name_of(action.seat)}'s"
                                + self.out_of_the_betting(action.seat))
        verdict = self._verify_open_option(action)
        if verdict is not None:
            return verdict
        legal = self.options()
        kind = action.kind
        if not self._option_open(legal, kind):
            reason = self.legal().refusals[kind]
            raise IllegalAction(reason, f"{self.game.name_of(action.seat)} may not {kind}: {self.describe_reason(reason, action.seat)}",
                                reason.clauses + self.context_clauses(reason))
        if kind is Kind.FOLD:
            return self._fold_verdict(legal.fold_penalized)
        if kind in (Kind.CHECK, Kind.CALL, Kind.BRING_IN):
            return _LEGAL
        if kind is Kind.COMPLETE:
            return self._verify_completion_amount(action, legal.completion_targets)
        low, high = legal.bet_or_raise
        return self._verify_bet_amount(action, low, high, legal.is_bet, legal.amounts)

    def _verify_open_option(self, action: Action) -> Verdict | None:
        """The verdict on the actor's fold, check, call, bet or raise when that option is open, from
        the same rules ``_compute_legal`` applies (``_fold_option``, ``raise_refusal``,
        ``sizing.bounds``) but without listing every option; None when the option is closed or the
        round is unusual (a bring-in or completion due), for the full legal set to decide and explain."""
        if self.bring_in_pending:
            return None
        seat, kind = action.seat, action.kind
        owed = self.owed(seat)
        if kind is Kind.FOLD:
            fold, penalized = self._fold_option(owed)
            return self._fold_verdict(penalized) if fold else None
        if kind is Kind.CHECK:
            return _LEGAL if owed == 0 else None  # check.nothing-owed
        if kind is Kind.CALL:
            return _LEGAL if owed > 0 else None  # call.match
        if kind in (Kind.BET, Kind.RAISE):
            is_bet = self.call_level == 0  # open.first-bet: a bet opens the round, a raise goes over one
            if (kind is Kind.BET) != is_bet or self.raise_refusal(seat) is not None:
                return None
            b = sizing.bounds(self, seat)
            if b.complete_to is not None:
                return None
            return self._verify_bet_amount(action, b.min_to, b.max_to, is_bet, b.amounts)
        return None

    def _option_open(self, legal: LegalActions, kind: Kind) -> bool:
        return {
            Kind.FOLD: legal.fold, Kind.CHECK: legal.check, Kind.CALL: legal.call is not None,
            Kind.BET: legal.bet_or_raise is not None and legal.is_bet,
            Kind.RAISE: legal.bet_or_raise is not None and not legal.is_bet,
            Kind.COMPLETE: legal.complete_to is not None, Kind.BRING_IN: legal.bring_in is not None,
        }[kind]

    @staticmethod
    def _fold_verdict(penalized: bool) -> Verdict:
        """fold.when-check-possible: a fold when a check is possible is binding, and may be penalised (TDA 58)."""
        if penalized:
            return Verdict(penalized=True, reason=Reason.FOLD_WHEN_CHECK_PENALIZED,
                           clauses=Reason.FOLD_WHEN_CHECK_PENALIZED.clauses)
        return _LEGAL

    def _verify_completion_amount(self, action: Action, targets: tuple[int, ...]) -> Verdict:
        """complete.incomplete-bet, stud.completion: a completion goes to the one level it may reach (or, on an
        open pair's fourth street, to either of two: stud.open-pair)."""
        name, to, show = self.game.name_of(action.seat), action.to, self._show
        seat = self.seats[action.seat]
        if to is not None and to > seat.stack + seat.bet:
            raise IllegalAction(Reason.ABOVE_STACK, f"{name} has only {show(seat.stack + seat.bet)} in all, "
                                                    f"not {show(to)}")
        if to is not None and to not in targets:
            reason = Reason.MUST_COMPLETE_BRING_IN if self.bring_in_round and not self.full_opened else Reason.MUST_COMPLETE
            extra = ("stud.open-pair",) if len(targets) > 1 else ()
            raise IllegalAction(reason, f"{name} may complete only to {self.game.show_either(targets)}, not {show(to)}",
                                reason.clauses + extra)
        return _LEGAL

    def _verify_bet_amount(self, action: Action, low: int, high: int, is_bet: bool,
                           amounts: tuple[int, ...] | None = None) -> Verdict:
        """A bet or raise "to" an amount within the actor's range [low, high] (no amount: the minimum),
        and one of ``amounts`` when only some are allowed (stud.open-pair)."""
        to = action.to
        if to is None or (low <= to <= high and (amounts is None or to in amounts)):
            return _LEGAL
        name, show = self.game.name_of(action.seat), self._show
        structure = self.game.structure
        if amounts is not None and low <= to <= high:
            reason = Reason.NOT_THE_LIMIT_SIZE
            raise IllegalAction(reason, f"{name} may {action.kind} only to {self.game.show_either(amounts)}, "
                                        f"not {show(to)}", reason.clauses + self.context_clauses(reason))
        all_in = self.seats[action.seat].stack + self.seats[action.seat].bet
        if to < low:
            if structure is Structure.FIXED_LIMIT:
                reason = Reason.NOT_THE_LIMIT_SIZE
            else:  # spread-limit raises too are at least the previous bet or raise (Robert's #5)
                reason = Reason.BELOW_MINIMUM_BET if is_bet else Reason.BELOW_MINIMUM_RAISE
            amount = (f"only to {self.game.show_either(amounts or (low,))}"
                      if (low == high or amounts) and structure is Structure.FIXED_LIMIT
                      else f"to {show(low)} at least (all-in excepted)" if low < all_in
                      else f"only all-in, to {show(all_in)}")
            raise IllegalAction(reason, f"{name} may {action.kind} {amount}, not {show(to)}",
                                reason.clauses + self.context_clauses(reason))
        if to > all_in:
            reason = Reason.ABOVE_STACK
        elif structure is Structure.POT_LIMIT:
            reason = Reason.ABOVE_POT_LIMIT
        elif structure is Structure.FIXED_LIMIT:
            reason = Reason.NOT_THE_LIMIT_SIZE
        else:
            reason = Reason.OUTSIDE_SPREAD
        amount = (f"only to {self.game.show_either(amounts or (high,))}"
                  if (low == high or amounts) and reason is Reason.NOT_THE_LIMIT_SIZE else f"to {show(high)} at most")
        # table stakes (call.all-in-for-less) caps every structure; no-limit.maximum says it is no-limit's only cap
        clauses = reason.clauses if structure is Structure.NO_LIMIT or reason is not Reason.ABOVE_STACK \
            else ("call.all-in-for-less",)
        if reason is Reason.NOT_THE_LIMIT_SIZE and self.game.open_pair_big_bet(self.street) is not None:
            clauses += ("stud.open-pair",)  # the big bet is (or under these rules is not) an option
        raise IllegalAction(reason, f"{name} may {action.kind} {amount}, not {show(to)}", clauses)

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> Verdict:
        """Perform ``action`` (after verifying it) and move the hand on."""
        verdict = self.verify(action)
        seat, s = action.seat, self.seats[action.seat]
        kind = action.kind
        to = action.to
        if to is None and kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE):  # no amount: the completion or the minimum
            legal = self.options()
            to = legal.complete_to if kind is Kind.COMPLETE else legal.bet_or_raise[0]
        self._legal = None  # the state changes below
        if kind is Kind.FOLD:
            s.folded = True
            if verdict.penalized:
                self.penalties.append((len(self.history), action))
        elif kind is Kind.CHECK:
            s.checked = True
        elif kind is Kind.CALL:
            self._put_in(s, min(self.owed(seat), s.stack))
        elif kind is Kind.BRING_IN:
            self._put_in(s, min(self.game.bring_in, s.stack + s.bet) - s.bet)
            self.call_level = max(self.call_level, s.bet)
            self.bring_in_pending = False
            if sizing.bring_in_is_full_spread_bet(self, s.bet):
                self.full_raise = max(self.full_raise, s.bet)
                self.full_opened = True  # the opening bet: the next raise is the first counted (cap.raises)
                self.full_level = s.bet
            self.min_raise_to = self.call_level + reopening.min_increment(self)
        else:
            self._raise_to(seat, to, completion=kind is Kind.COMPLETE)
            self.bring_in_pending = False
            action = Action(seat, kind, to)
        s.acted = True
        s.level_at_action = self.call_level
        s.full_seq_at_action = self.full_seq
        self.history.append(action)
        self.history_streets.append(self.street)
        self._advance(seat)
        return verdict

    def _put_in(self, s: Seat, chips: int) -> None:
        s.stack -= chips
        s.bet += chips
        s.contributed += chips

    def _raise_to(self, seat: int, to: int, completion: bool) -> None:
        """Bookkeeping of a bet, raise or completion to ``to``: full or short (TDA 47), cap count, next minimum."""
        s = self.seats[seat]
        increment = to - self.call_level
        multiway = not cap.heads_up_now(self)  # before this raise (cap.heads-up: capped while three could bet)
        self._put_in(s, to - s.bet)
        size = open_pair.limit_size(self)
        voluntary = self.rules["full-bet-basis"] == "voluntary-increments"
        # Under the rule books a completion makes the opening full bet, so its size is measured from
        # the last full level, not from the bring-in or short all-in it completes: an all-in
        # completion to 3 of a 4 bet is three quarters of a bet (Robert's Betting and Raising #6).
        # Under PokerKit's basis it is measured from the current bet like any raise. With
        # cumulative-short-allins=off, an all-in short of the completion after short all-ins is judged
        # alone, on its own increment (its level would add theirs in).
        from_full = completion and not voluntary and (
            self.rules["cumulative-short-allins"] == "on" or (self.bring_in_round and not self.full_opened)
            or to - self.full_level >= size)
        # Spread limit has no completion: after an incomplete bet (a bring-in below the spread, a short
        # all-in) the bet or raise is measured from the last full level, as its range was
        # (limit.after-short-allin; Robert's Betting and Raising #5: a raise is at least the previous bet).
        from_full = from_full or (not voluntary and sizing.spread_from_full_level(self))
        measured = to - self.full_level if from_full else increment
        base = self.full_level if from_full else self.call_level
        # A completion short of a full bet so measured (all-in for less) is an incomplete bet like any other.
        completes = completion and measured >= size
        full = completes or reopening.counts_as_full(self, measured)
        # cap.short-allin-counts: an all-in raise short of a full one counts toward the cap as the rule
        # set says, even when the half-bet rule lets it reopen the betting.
        short_all_in = s.stack == 0 and not completes and measured < self.full_raise
        counts = cap.short_allin_counts(self, measured) if short_all_in else True
        if from_full and self.short_counted:
            counts = False  # cap.raises: completing a short all-in that counted is the same raise (seed 002)
        if short_all_in:
            self.short_allins += 1
        self.last_raise_short = s.stack == 0 and increment < size  # below the street's bet (limit)
        if full:
            self.full_seq += 1
            self.full_level = to
            self.last_full_by_half_bet = not completes and measured < self.full_raise
            if self.game.structure is Structure.FIXED_LIMIT and not voluntary:
                # fixed limit: a full bet is the street's bet, or the big bet once a bet or raise of the big
                # bet is made on an open pair's fourth street (stud.open-pair); an all-in between the two
                # is a full raise that leaves the size as it was
                big = open_pair.big_bet_option(self)
                if big is not None and measured >= big:
                    self.full_raise = big
            else:  # TDA 43-A: the minimum raise is the largest full bet or raise of the round so far
                self.full_raise = max(self.full_raise, measured)
            if not self.full_opened:
                self.full_opened = True  # the opening bet is not a raise (cap.raises, stud.completion)
            elif counts:
                self.raises_counted += 1
            self.short_counted = False
            reopening.close_those_facing_less(self, seat, base, to)
        else:
            # cap.raises: under after-short-allin=raise-on-top a counted short all-in before the opening
            # stands in for the opening bet (the ACPC dealer counts every raise action), so it counts here
            # and the full raise on top of it, which opens the round, is not counted again
            # (not in stud's bring-in round, where the opening is the completion under every rule set)
            early = self.rules["after-short-allin"] == "raise-on-top" and not self.bring_in_round
            if counts and (self.full_opened or early):
                self.raises_counted += 1
                self.short_counted = self.short_counted or short_all_in
            if self.game.structure is Structure.FIXED_LIMIT and to - self.full_level >= size:
                self.full_level = to  # the short all-ins add up past a full bet: nothing left to complete
                self.short_counted = False
        previous_min = self.min_raise_to
        self.call_level = to
        if not full and self.rules["short-allin-min-raise"] == "own-increment":
            self.min_raise_to = max(previous_min, to + increment)
        else:
            self.min_raise_to = to + reopening.min_increment(self)
        limit = cap.cap_in_force(self)
        if limit is not None and self.raises_counted >= limit + (0 if self.full_opened else 1) and multiway:
            self.capped_multiway = True  # Robert's #4: a cap reached before the pot is heads-up stays

    def _advance(self, seat: int) -> None:
        if self.live_players() < 2:
            self.actor = None
            self._end_hand()
            return
        nxt = turn_order.next_actor(self, (seat + 1) % self.game.seats)
        if nxt is None:
            self._end_round()
        else:
            self.actor = nxt

    # ----------------------------------------------------------------- words

    def _show(self, amount: int | None) -> str:
        return "-" if amount is None else self.game.show(amount)

    def _raises_since(self, seat: int) -> int:
        """The bets and raises of this round since ``seat`` last acted in it."""
        count = 0
        for action, street in zip(reversed(self.history), reversed(self.history_streets)):
            if street != self.street or action.seat == seat:
                break
            count += action.kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE)
        return count

    def describe_reason(self, reason: Reason, seat: int | None = None) -> str:
        """Why an action is refused, in words (the reason code's clause in the hand's situation; what
        ``seat`` owes, when given)."""
        owed = self.owed(seat) if seat is not None else 0
        to = f" ({self._show(owed)} more)" if 0 < owed < self.call_level else ""
        # checked before the bet: what came since is a bet (an all-in short of the minimum), not a raise
        bet_or_raise = "bet" if seat is not None and self.seats[seat].checked and not self.full_seq else "raise"
        since = f"the {bet_or_raise} since is" if seat is not None and self._raises_since(seat) == 1 else \
            "the raises since add up to"
        texts = {
            Reason.BRING_IN_REQUIRED: f"the {'high' if self.game.variant == 'FR' else 'low'} card must first bring in "
                                      f"or open for a full bet",
            Reason.BRING_IN_NOT_DUE: "no bring-in is due",
            Reason.CHECK_FACING_BET: f"there is a bet of {self._show(self.call_level)} to call{to}",
            Reason.CHECK_FACING_BLIND: (f"the blinds are live; {self._show(owed)} more is owed (to "
                                        f"{self._show(self.call_level)})" if owed else
                                        f"the blinds are live; {self._show(self.call_level)} is owed"),
            Reason.NOTHING_TO_CALL: "nothing is owed (check instead)",
            Reason.FOLD_WHEN_CHECK_FORBIDDEN: "folding when a check is possible is forbidden under these rules",
            Reason.BET_FACING_BET: "there is already a bet; this would be a raise",
            Reason.RAISE_WITHOUT_BET: "there is no bet to raise; this would be a bet",
            Reason.COVERED: "the bring-in already takes every chip" if self.bring_in_pending
            else "calling already takes every chip",
            Reason.NO_OPPONENT_TO_RAISE: "every opponent is all-in, folded or covered by the current bet",
            Reason.NOT_QUALIFIED_TO_OPEN: "this player does not hold the opening requirement",
            Reason.NOT_REOPENED: "already acted, and only an incomplete raise has come since (full-bet rule)"
            if owed or seat is None else "already acted, and nobody has bet or raised since",
            Reason.NOT_REOPENED_HALF_BET: "already acted, and the all-in since is less than half a bet",
            Reason.NOT_REOPENED_CUMULATIVE: (
                "already acted, and nobody has bet or raised since" if seat is not None and not owed else
                f"already acted, and {since} less than half a bet (half-bet rule)"
                if reopening.half_bet_rule(self) else
                f"already acted, and {since} less than a full {bet_or_raise}"),
            Reason.CHECK_RAISE_FORBIDDEN: "checked earlier in this round and check-raising is forbidden",
            Reason.CAP_REACHED: "the betting is capped",
            Reason.CAP_REACHED_HEADS_UP: (
                "the betting was capped before it became heads-up, and a cap once reached stays"
                if self.rules["cap-heads-up"] == "lifted-if-heads-up-before-cap"
                else "the betting is capped; under these rules the cap applies heads-up too"),
            Reason.MUST_COMPLETE: "after the short all-in the only raise is the completion",
            Reason.MUST_COMPLETE_BRING_IN: "the bring-in is completed to a full bet, not raised",
            Reason.NOTHING_TO_COMPLETE: "there is no incomplete bet to complete",
            Reason.COMPLETE_IS_A_RAISE_HERE: "under these rules the next raise goes on top of the all-in",
            Reason.COMPLETE_IS_LIMIT_ONLY: f"completing is a limit rule; in {self.game.structure} a raise over an "
                                           f"incomplete bet is a raise",
            Reason.COMPLETE_IS_THE_SPREAD_RAISE: "in spread limit the bet or raise itself completes the incomplete "
                                                 "bet: it is measured from the last full bet",
            Reason.HAND_OVER: "the betting of the hand is over",
            Reason.ROUND_OVER: "the round is over",
        }
        return texts.get(reason, reason.code)
