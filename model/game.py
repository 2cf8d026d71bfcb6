"""What a hand is played with: the betting structure, the streets, the seats and the forced bets.

Seats are PHH positions, 0-based: seat 0 is PHH ``p1`` (the small blind in a button game),
the last seat has the button. Heads-up, seat 0 posts the big blind and the button (last seat)
posts the small blind (TDA 2024 rule 34-B; PHH writes heads-up forced bets reversed).
All amounts are integers in chip units; ``unit`` converts them back to the scenario's units.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from functools import cached_property
from decimal import Decimal
from enum import StrEnum


class Structure(StrEnum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"
    SPREAD_LIMIT = "spread-limit"

    @property
    def is_limit(self) -> bool:
        return self in (Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT)


class Opening(StrEnum):
    """Who opens a betting round."""

    BLINDS = "blinds"  # first player left of the largest live blind (turn.first-preflop)
    POSITION = "position"  # first active player left of the button (turn.first-later-streets)
    BRING_IN = "bring-in"  # the stud bring-in seat, given as input (turn.stud-bring-in)
    SHOWING = "showing"  # stud: the best showing hand, given as input (turn.stud-first-later)


@dataclass(frozen=True)
class Street:
    name: str
    opening: Opening
    bet_size: int = 0  # fixed-limit: the size of every bet and raise; otherwise the minimum bet
    spread: tuple[int, int] | None = None  # spread-limit: (lowest, highest) bet or raise


@dataclass(frozen=True)
class Variant:
    code: str
    name: str
    structure: Structure
    street_names: tuple[str, ...]
    big_bet_from: int | None = None  # limit: first street index that uses the big bet
    stud: bool = False

    @property
    def draws(self) -> int:
        """How many draws the game has (one between each pair of betting rounds of a draw game)."""
        return len(self.street_names) - 1 if self.street_names[0] == "pre-draw" else 0


VARIANTS: dict[str, Variant] = {v.code: v for v in (
    Variant("NT", "no-limit Texas hold'em", Structure.NO_LIMIT, ("pre-flop", "flop", "turn", "river")),
    Variant("NS", "no-limit short-deck hold'em", Structure.NO_LIMIT, ("pre-flop", "flop", "turn", "river")),
    Variant("PO", "pot-limit Omaha", Structure.POT_LIMIT, ("pre-flop", "flop", "turn", "river")),
    Variant("N2L1D", "no-limit 2-7 single draw", Structure.NO_LIMIT, ("pre-draw", "post-draw")),
    Variant("FT", "fixed-limit Texas hold'em", Structure.FIXED_LIMIT, ("pre-flop", "flop", "turn", "river"), 2),
    Variant("FO/8", "fixed-limit Omaha hi-lo", Structure.FIXED_LIMIT, ("pre-flop", "flop", "turn", "river"), 2),
    Variant("F2L3D", "fixed-limit 2-7 triple draw", Structure.FIXED_LIMIT,
            ("pre-draw", "first draw", "second draw", "third draw"), 2),
    Variant("FB", "fixed-limit badugi", Structure.FIXED_LIMIT,
            ("pre-draw", "first draw", "second draw", "third draw"), 2),
    Variant("F7S", "fixed-limit seven-card stud", Structure.FIXED_LIMIT,
            ("third street", "fourth street", "fifth street", "sixth street", "seventh street"), 2, True),
    Variant("F7S/8", "fixed-limit seven-card stud hi-lo", Structure.FIXED_LIMIT,
            ("third street", "fourth street", "fifth street", "sixth street", "seventh street"), 2, True),
    Variant("FR", "fixed-limit razz", Structure.FIXED_LIMIT,
            ("third street", "fourth street", "fifth street", "sixth street", "seventh street"), 2, True),
)}


MAX_SEATS = 23  # 23 x 2 hole cards + 5 board cards = 51 of 52: the most players any poker game deals
INFINITE_STACK = 10**18  # chip units standing for a PHH "inf" stack
UNLIMITED = INFINITE_STACK // 10  # no amount from finite inputs (each below 10^15 chips) comes near this


class GameError(ValueError):
    """A table configuration that cannot be played; ``field`` names the offending input."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field


@dataclass(frozen=True)
class Game:
    structure: Structure
    streets: tuple[Street, ...]
    starting_stacks: tuple[int, ...]
    antes: tuple[int, ...]
    blinds: tuple[int, ...]  # live blinds and straddles, as each seat owes them (already heads-up-ordered)
    dead_posts: tuple[int, ...] = ()
    # the blinds the stakes set, where this hand's blinds leave one unposted (a dead small blind under the
    # dead-button rule): pre-flop pot-limit maths counts them as posted (pot-limit.full-blinds, TDA 2024 54-B)
    full_blinds: tuple[int, ...] = ()
    # seats whose live blind is a post (the big blind's worth of PHH's negative entry, a player just seated
    # or back after missing the blinds): live, with the option, but neither a straddle nor where the first
    # round's action starts (turn.first-preflop)
    live_posts: tuple[bool, ...] = ()
    bring_in: int = 0
    bring_in_seat: int | None = None
    first_actors: tuple[int | None, ...] = ()  # stud: who opens each street, when given
    may_open: tuple[bool, ...] | None = None  # opening requirements (e.g. jacks or better), per seat
    players: tuple[str, ...] = ()
    variant: str | None = None
    unit: Decimal = Decimal(1)  # the size of one chip unit in the scenario's own units (e.g. 0.01)
    infinite: tuple[bool, ...] = ()
    stud: bool = False
    ante_trimming: bool = False  # PHH ante_trimming_status: a short ante wins only what it matched
    open_pair: bool = False  # fixed-limit seven-card stud: an open pair shows on fourth street (stud.open-pair)
    # how the hand as written numbers its seats, where that is not p1..pN in seat order: a heads-up table
    # script counts from the button, which PHH (and so the model) calls p2 (labels ("p2", "p1"))
    labels: tuple[str, ...] = field(default=(), compare=False)
    extra: dict = field(default_factory=dict, compare=False)
    # (blinds, live_posts, full_blinds) as the hand wrote them, where a straddle short of its amount changed them
    # (see _straddles_as_posted); the writers (PHH, table scripts) keep the hand as written
    written: tuple = field(default=(), compare=False)

    def __post_init__(self) -> None:
        n = len(self.starting_stacks)
        if n < 2:
            raise GameError("starting_stacks", "a hand needs at least two players")
        if n > MAX_SEATS:
            raise GameError("starting_stacks", f"{n} players: no poker game deals more than {MAX_SEATS} from one "
                                               f"52-card deck (hold'em: 2 cards each and 5 on the board)")
        for name in ("antes", "blinds"):
            if len(getattr(self, name)) != n:
                raise GameError(name, f"expected {n} entries, one per player, got {len(getattr(self, name))}")
        if self.dead_posts and len(self.dead_posts) != n:
            raise GameError("_betlaw_dead_posts", f"expected {n} entries")
        if self.live_posts and len(self.live_posts) != n:
            raise GameError("blinds_or_straddles", f"expected {n} entries")
        for i, stack in enumerate(self.starting_stacks):
            if stack <= 0:
                raise GameError("starting_stacks", f"p{i + 1} has a non-positive stack")
        for name in ("antes", "blinds", "dead_posts"):
            if any(x < 0 for x in getattr(self, name)):
                raise GameError(name, "amounts must not be negative")
        if self.full_blinds and len(self.full_blinds) != n:
            raise GameError("_betlaw_full_blinds", f"expected {n} entries, one per player, got {len(self.full_blinds)}")
        if self.full_blinds and any(f != b and (b != 0 or i != self.blind_positions[0])
                                    for i, (f, b) in enumerate(zip(self.full_blinds, self.blinds))):
            raise GameError("_betlaw_full_blinds", "the blinds as posted, but for a small blind nobody posted (0), the "
                                                   "stakes' amount: only the small blind may be dead (the big blind is "
                                                   "posted every hand, dead button or moving button: Robert's Buttons "
                                                   "and Blinds)")
        if not self.streets:
            raise GameError("variant", "no betting rounds")
        if self.players and len(self.players) != n:
            raise GameError("players", f"expected {n} names, got {len(self.players)}")
        if self.bring_in < 0:
            raise GameError("bring_in", "must not be negative")
        if self.stud and self.bring_in == 0:
            raise GameError("bring_in", "stud needs a positive bring-in (stud.bring-in)")
        if self.stud and any(self.blinds):
            raise GameError("blinds_or_straddles", "stud has no blinds: the bring-in opens (stud.bring-in)")
        small, big = (0 if self.is_post(i) else self.blinds[i] for i in self.blind_positions)
        if 0 < big < small:
            raise GameError("blinds_or_straddles", f"the small blind ({self.show(small)}) is larger than the big blind "
                                                   f"({self.show(big)}): they are written small, big (PHH heads-up "
                                                   f"too, where p1 posts the big blind; TDA 2024 34-B)")
        if self.bring_in > 0 and self.structure is Structure.FIXED_LIMIT and self.bring_in >= self.streets[0].bet_size:
            raise GameError("bring_in", f"the bring-in ({self.show(self.bring_in)}) must be less than the small bet "
                                        f"({self.show(self.streets[0].bet_size)}) (stud.bring-in, stud.completion)")
        if self.bring_in > 0 and not self.structure.is_limit:
            # stud.bring-in and stud.completion are limit rules (Robert's, Seven-Card Stud; completing is
            # limit-only, Robert's No-Limit and Pot-Limit); no rule book gives a big-bet bring-in round.
            raise GameError("bring_in", f"a bring-in is a limit stud rule; {self.structure} stud with a "
                                        f"bring-in is not modelled (stud.bring-in)")
        if self.open_pair and not (self.stud and self.structure is Structure.FIXED_LIMIT
                                   and self.variant in (None, "F7S") and len(self.streets) > 2):
            raise GameError("_betlaw_open_pair", "an open pair on fourth street changes the bet only in fixed-limit "
                                                 "seven-card stud (Robert's, Seven-Card Stud #4); not in spread limit, "
                                                 "nor in stud high-low and razz (stud.open-pair)")
        seat = self.bring_in_seat
        if self.bring_in > 0 and seat is not None and 0 <= seat < n and self.starting_stacks[seat] <= self.antes[seat]:
            raise GameError("_betlaw_bring_in_seat", f"p{seat + 1} is all-in for the ante and cannot bring in "
                                                     f"(stud.bring-in): the next lowest up card brings in")
        self._within_the_spread()
        self._straddles_as_posted()  # after the checks, which read the blinds as written

    def _straddles_as_posted(self) -> None:
        """A straddle is voluntary, a blind raise the straddler puts out (Robert's Rules, No-Limit and Pot-Limit;
        forced.straddle): a seat whose stack, after its ante or dead post, is short of its straddle straddles what
        it has (in no-limit and pot-limit; in limit, where the bets are fixed, it stays, short like a short
        blind). No more than the big blind is no straddle: none at all with nothing left, else a live post that
        neither raises the bet nor moves the first actor (turn.first-preflop); the short-bb-call switch
        (forced.short-blind) is about the big blind (PokerKit 0.7.7 alike in the bet, the most posted; not in the
        first actor when a straddle away from utg is short to the big blind: PokerKit breaks the tie for the
        largest bet by the higher seat and starts left of it, review CO)."""
        n = len(self.starting_stacks)
        if n < 3 or any(len(x) not in (0, n) for x in (self.live_posts, self.dead_posts, self.full_blinds)):
            return
        big = max((self.full_blinds or self.blinds)[:2])  # the stakes' big blind
        blinds, posts = list(self.blinds), list(self.live_posts or (False,) * n)
        for i in range(2, n):
            if blinds[i] == 0 or posts[i]:
                continue
            has = max(0, self.starting_stacks[i] - self.antes[i] - (self.dead_posts[i] if self.dead_posts else 0))
            if has < blinds[i] and (has <= big or not self.structure.is_limit):
                # in limit the bets are fixed: a straddle short of its bet stays, short like a short blind or an
                # all-in raise for less (forced.short-blind: called or completed as the rule set says)
                blinds[i], posts[i] = has, 0 < has <= big
        if blinds != list(self.blinds):
            if not self.written:
                object.__setattr__(self, "written", (self.blinds, self.live_posts, self.full_blinds))
            object.__setattr__(self, "blinds", tuple(blinds))
            object.__setattr__(self, "live_posts", tuple(posts) if any(posts) else self.live_posts)
            if self.full_blinds:
                object.__setattr__(self, "full_blinds", tuple(
                    b if i >= 2 else f for i, (f, b) in enumerate(zip(self.full_blinds, blinds))))

    def _within_the_spread(self) -> None:
        """Spread limit: no forced bet above the spread's top (limit.spread-range: every bet and raise is within
        it, and a blind, straddle or bring-in is the first bet of the round)."""
        if self.structure is not Structure.SPREAD_LIMIT or not self.streets[0].spread:
            return
        top = self.streets[0].spread[1]
        if max(self.blinds, default=0) > top:
            raise GameError("blinds_or_straddles", f"a blind or straddle of {self.show(max(self.blinds))} is above the "
                                                   f"spread's top ({self.show(top)}) (limit.spread-range)")
        if self.bring_in > top:
            raise GameError("bring_in", f"the bring-in ({self.show(self.bring_in)}) is above the spread's top "
                                        f"({self.show(top)}) (limit.spread-range)")

    def as_written(self) -> "Game":
        """This table with its blinds and straddles as the hand wrote them (for the writers), where
        :meth:`_straddles_as_posted` changed them; else the table itself."""
        if not self.written:
            return self
        out = copy.copy(self)  # no __post_init__: the blinds stay as written
        for name, attr in vars(Game).items():
            if isinstance(attr, cached_property):
                out.__dict__.pop(name, None)
        for name, value in zip(("blinds", "live_posts", "full_blinds"), self.written):
            object.__setattr__(out, name, value)
        object.__setattr__(out, "written", ())
        return out

    def open_pair_big_bet(self, street: int) -> int | None:
        """stud.open-pair: the big bet, on fourth street when an open pair shows there (the rule set
        says whether a player may choose it: Robert's Rules, Seven-Card Stud #4; TDA 2024 RP-10-F)."""
        if not self.open_pair or street != 1 or self.streets[2].bet_size <= self.streets[1].bet_size:
            return None
        return self.streets[2].bet_size

    @property
    def seats(self) -> int:
        return len(self.starting_stacks)

    @property
    def heads_up(self) -> bool:
        return self.seats == 2

    @property
    def button(self) -> int:
        return self.seats - 1

    @property
    def posting_order(self) -> tuple[int, ...]:
        """The order the blinds are posted in: from seat 0 (the small blind); heads-up the button's small
        blind first, then seat 0's big blind (TDA 2024 34-B)."""
        return (self.button, 0) if self.heads_up else tuple(range(self.seats))

    @cached_property
    def blind_game(self) -> bool:
        return any(b > 0 for b in self.blinds)

    @cached_property
    def big_blind(self) -> int:
        """The largest live blind or straddle as written (before any stack shortfall)."""
        return max(self.blinds, default=0)

    def is_post(self, seat: int) -> bool:
        """A live post (not a blind or straddle of the seat's position)."""
        return bool(self.live_posts) and self.live_posts[seat]

    @cached_property
    def position_blinds(self) -> tuple[int, ...]:
        """The blinds and straddles of the positions, posts left out (turn.first-preflop, forced.straddle)."""
        return tuple(0 if self.is_post(i) else b for i, b in enumerate(self.blinds))

    @cached_property
    def straddle_seats(self) -> tuple[int, ...]:
        """The seats whose position blind is a straddle: after the two blinds, three or more players
        (forced.straddle)."""
        return tuple(i for i in range(2, self.seats) if self.position_blinds[i]) if self.seats > 2 else ()

    @cached_property
    def big_blind_ante(self) -> bool:
        """The only ante is the big blind's (TDA 2024 RP-11's big-blind ante): the seat that antes posts
        the larger of the two blinds (a straddle after them leaves it the big blind)."""
        big = max(self.position_blinds[:2])
        return self.table_ante and self.blind_game and big > 0 and \
            self.position_blinds[next(i for i, a in enumerate(self.antes) if a)] == big

    @cached_property
    def table_ante(self) -> bool:
        """Only one player antes (a big-blind or button ante), on behalf of the table."""
        return len([a for a in self.antes if a]) == 1

    def main_pot_dead(self, seat: int, dead_paid: int) -> int:
        """Of the dead money the seat paid (``dead_paid``, antes first), what no one matches and so
        goes whole to the main pot (forced.dead-money): a dead post, a table ante, and every ante
        unless antes are trimmed (PHH ante_trimming_status, false by default: "the player can win
        all the antes even if they did not pay the full ante")."""
        ante = min(self.antes[seat], dead_paid)
        return dead_paid - ante + (ante if self.table_ante or not self.ante_trimming else 0)

    @property
    def stakes_blinds(self) -> tuple[int, ...]:
        """Each seat's blind as the stakes set it, a dead small blind's too (:attr:`full_blinds`, else
        :attr:`blinds`): what pot-limit.full-blinds counts as posted (TDA 2024 54-B)."""
        return self.full_blinds or self.blinds

    def forced_bets_paid(self, seat: int) -> tuple[int, int]:
        """(dead money, live blind) the seat posts, each capped by what is left of its stack
        (forced.dead-money, forced.blinds-live): antes and dead posts first, except that a big-blind
        ante comes after the blind (TDA 2024 RP-11: the blind is posted first)."""
        stack, dead, blind = self.starting_stacks[seat], self.antes[seat], self.blinds[seat]
        dead += self.dead_posts[seat] if self.dead_posts else 0
        if self.big_blind_ante and self.antes[seat]:
            live = min(blind, stack)
            return min(dead, stack - live), live
        paid = min(dead, stack)
        return paid, min(blind, stack - paid)

    @property
    def blind_positions(self) -> tuple[int, int]:
        """(small blind, big blind) seats by position: 0 and 1, heads-up 1 and 0 (TDA 2024 34-B)."""
        return (1, 0) if self.seats == 2 else (0, 1)

    @cached_property
    def blind_seats(self) -> tuple[int | None, int | None]:
        """:attr:`blind_positions`, None where no blind is posted. A single blind is the big blind, whichever
        of the two posts it (PHH's hands with one blind: the player left of it acts first, turn.first-preflop)."""
        sb, bb = self.blind_positions
        blinds = self.position_blinds
        if not blinds[bb] and blinds[sb]:
            return None, sb
        return (sb if blinds[sb] else None), (bb if blinds[bb] else None)

    def position_seat(self, word: str) -> int | None:
        """The seat a position names in a blind game ("the button", "the small blind", "bb", "utg"),
        PHH-wise: the button is the last seat; heads-up it posts the small blind (TDA 2024 34-B)."""
        w = word.strip().lower()
        w = w[4:] if w.startswith("the ") else w
        n = self.seats
        if w in ("button", "btn", "dealer", "dealer button") and not self.stud:  # an ante-only game has a button too
            return n - 1
        if w in ("bring-in", "bring in", "bring-in player") and self.stud:  # the stud player who brings in
            return self.bring_in_seat
        if w in ("cutoff", "co") and n >= 4 and not self.stud:  # right of the button
            return n - 2
        if w in ("hijack", "hj") and n >= 5 and not self.stud:  # right of the cutoff
            return n - 3
        if not self.blind_game:
            return None
        sb, bb = self.blind_seats
        if w in ("small blind", "sb") and sb is not None:
            return sb
        if w in ("big blind", "bb") and bb is not None:
            return bb
        if w in ("utg", "under the gun") and n > 2:  # left of the big blind (with a straddle: the straddler)
            single = sb is None and bb is not None and not any(self.position_blinds[2:])
            return (bb + 1) % n if single else 2 % n
        straddlers = [i for i in range(2, n) if self.position_blinds[i]] if n > 2 else []
        if w in ("straddle", "straddler", "straddler's") and len(straddlers) == 1:  # two straddles: ask by name
            return straddlers[0]
        return None

    def name_of(self, seat: int) -> str:
        """The player's name in messages; ``pN`` when the hand names no one, or names this seat anonymously
        ("") or by a name another seat shares (PHH allows both), so that a message tells the seats apart."""
        name = self.players[seat] if self.players else ""
        return name if name.strip() and self.players.count(name) == 1 else self.label(seat)

    def label(self, seat: int) -> str:
        """``pN`` as the hand numbers the seat (:attr:`labels`; else PHH's: seat order)."""
        return self.labels[seat] if self.labels else f"p{seat + 1}"

    def relabel(self, text: str) -> str:
        """A text that names seats PHH's way (``p2 cbr 300``, ``p2 says "call"``) with the hand's own labels."""
        if not self.labels:
            return text
        return re.sub(r"\bp([1-9][0-9]*)\b",
                      lambda m: self.label(int(m[1]) - 1) if int(m[1]) <= self.seats else m[0], text)

    def seat_labelled(self, number: int) -> int | None:
        """The seat the hand calls ``p{number}`` (None if none)."""
        label = f"p{number}"
        if self.labels:
            return self.labels.index(label) if label in self.labels else None
        return number - 1 if 1 <= number <= self.seats else None

    def to_units(self, amount: int) -> Decimal:
        """Chip units back to the scenario's own units (exact)."""
        return Decimal(amount) * self.unit

    def show_either(self, amounts) -> str:
        """Amounts that are each allowed, as words: "5 or 10" (stud.open-pair's small or big bet)."""
        return " or ".join(self.show(x) for x in amounts)

    def show(self, amount: int) -> str:
        """An amount in chip units as the scenario writes it (chip 0.25: 18 units is 4.50, 8 units is 2; a
        finer unit pads no further than cents: 0.02, not 0.020000, in a hand with a stack of 1.234567)."""
        if amount >= UNLIMITED:
            return "inf"  # an all-in of a PHH "inf" stack
        value = self.to_units(amount)
        if value == value.to_integral():
            return format(value.normalize(), "f")
        places = min(2, -value.as_tuple().exponent)
        short = value.normalize()
        return format(short if -short.as_tuple().exponent >= places else value.quantize(Decimal(1).scaleb(-places)), "f")
