"""A scenario: a table, the events of a hand (PHH actions), and the rules it asks for.

PHH files (:mod:`betlaw.conformance.phh`) and table scripts (:mod:`betlaw.conformance.script`)
both read into a :class:`Scenario`; :func:`play` replays it through the model.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, Inexact, InvalidOperation, localcontext

from betlaw.model.errors import IllegalAction, Reason
from betlaw.model.game import INFINITE_STACK, Game
from betlaw.model.state import HandState
from betlaw.spec.rulesets import RuleSet, resolve

PLAYER_VERBS = ("f", "cc", "cbr", "pb")  # the betting actions
OTHER_PLAYER_VERBS = ("sd", "sm")  # discards and showdowns: no betting meaning
DEALER_VERBS = ("dh", "db")
NOOP = "noop"  # an entry of the action list that does nothing (PHH no-operation)
BOARD_MORE = "db-more"  # more board cards of the street already being dealt (a flop a card at a time)


class ScenarioError(ValueError):
    """Input that cannot be read as a hand: names the field, line or word, and what was expected."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


@dataclass(frozen=True)
class Event:
    index: int  # position in the hand's action list
    text: str
    seat: int | None  # None for the dealer
    verb: str
    amount: int | None = None  # chip units, for cbr

    @property
    def is_bet_action(self) -> bool:
        return self.seat is not None and self.verb in PLAYER_VERBS


# words that name no player on their own, even when part of a name ("The Rock", "Call Me")
_NOT_NAMES = {"the", "a", "an", "of", "and", "i", "me", "my", "mine", "de", "van", "von", "le", "la"}


@dataclass
class Scenario:
    game: Game
    events: list[Event]
    preset: str | None = None  # _betlaw_rules
    overrides: dict = field(default_factory=dict)  # _betlaw_<switch> fields
    source: str = "-"
    key: str | None = None  # table key in a .phhs file
    fields: dict = field(default_factory=dict)  # every TOML field as read (kept for writing back)
    talk: tuple = ()  # _betlaw_events: table talk (betlaw.model.declarations.TableEvent), chip units
    denominations: tuple = ()  # _betlaw_chips: the chip values in play, chip units
    talk_where: tuple = ()  # a table script's line of each talk event (for errors); empty for PHH
    action_where: dict = field(default_factory=dict)  # a table script's line of each action, by index (errors)

    def where(self, event: Event) -> str:
        """Where the hand says this: the table script's line, or the PHH ``actions`` entry."""
        source = f"{self.source}#{self.key}" if self.key else self.source  # the hand of a .phhs
        return self.action_where.get(event.index) or f"{source}: actions[{event.index}] {event.text!r}"

    def rules(self, preset: str | None = None, overrides: dict | None = None) -> RuleSet:
        """The scenario's own rules, then the command line's on top (the command line wins)."""
        merged = dict(self.overrides)
        merged.update(overrides or {})
        return resolve(self.preset if preset is None else preset, merged)

    def seat_of(self, word: str, prefixes: bool = True) -> int:
        """``p3``, a player's name (case-insensitive), a position, or one word of exactly one player's
        name ("Dwan" for "Tom Dwan") -> seat index. ``prefixes``: on no match, say which first words name
        a player (each tried once, without trying its own prefixes: linear in the words)."""
        w = word.strip().lower()
        if re.fullmatch(r"p[0-9]+s", w):  # "what are p2s options": a possessive without the apostrophe
            w = w[:-1]
        number = r"(?:number |no\.? |#)?([0-9]+|" + "|".join(_NUMBER_WORDS) + ")"
        if (m := re.fullmatch(r"player " + number, w)) and not any(name.strip().lower() == w for name in self.game.players):
            w = f"p{_NUMBER_WORDS.get(m.group(1), m.group(1))}"  # "player 2", "player two": p2
        if m := re.fullmatch(r"(?:the (?:guy|player|person|man|woman|lady|one) (?:in|on|at) )?seat " + number,
                             w):  # "seat 4": PHH's seats field where the hand has one, else p4
            n, numbers = int(_NUMBER_WORDS.get(m.group(1), m.group(1))), self.fields.get("seats")
            if isinstance(numbers, list) and numbers:
                if n not in numbers:
                    raise ScenarioError("question", f"nobody sits in seat {n} (the hand's seats are "
                                                    f"{', '.join(map(str, numbers))})")
                w = f"p{numbers.index(n) + 1}"
            else:
                w = f"p{n}"
        if w.startswith("p") and w[1:].isdigit():
            seat = self.game.seat_labelled(int(w[1:]))
            if seat is not None:
                return seat
            named = [i for i, name in enumerate(self.game.players) if name.strip().lower() == w]
            if len(named) == 1:  # a player named "P0" or "p7" where no seat has that label (PokerKit names)
                return named[0]
            raise ScenarioError("question", f"there is no player {w} (the hand has p1-p{self.game.seats})")
        for named in (w, w[:-1] if w.endswith("s") else None):  # "tobys options": a possessive without the apostrophe
            seats = [i for i, name in enumerate(self.game.players) if named and name.strip().lower() == named]
            if len(seats) > 1:  # PHH allows it (anonymous players are all ""); a question cannot tell them apart
                raise ScenarioError("question", f"{word!r} names {len(seats)} players "
                                                f"({', '.join(self.game.label(i) for i in seats)}); ask by pN")
            if seats:
                return seats[0]
        for position in (w, w[:-1] if w.endswith("s") else None):  # "the buttons options"
            seat = self.game.position_seat(position) if position else None  # "the button", "the big blind", "utg"
            if seat is not None:
                return seat
        for named in (w, w[:-1] if w.endswith("s") else None):  # "can Dwan raise?": a word of one player's name
            if named in _NOT_NAMES:
                continue
            seats = [i for i, name in enumerate(self.game.players) if named and named in name.lower().split()]
            if len(seats) > 1:
                raise ScenarioError("question", f"{word!r} is part of {len(seats)} players' names "
                                                f"({', '.join(f'{self.game.label(i)} ({self.game.players[i]})' for i in seats)}); "
                                                "ask by full name or pN")
            if seats:
                return seats[0]
        if (missing := self.missing_position(w)) is not None:
            raise ScenarioError("question", f"{word!r}: this hand has {missing}; ask by name or pN")
        words = word.split() if prefixes else []
        longest = max([len(name.split()) for name in self.game.players] + [6])  # a name, or "the player in seat 3"
        for k in range(min(len(words) - 1, longest), 0, -1):  # "can david not raise": a player, then words not understood
            try:
                seat = self.seat_of(" ".join(words[:k]), prefixes=False)
            except ScenarioError:
                continue
            raise ScenarioError("question", f"{' '.join(words[:k])!r} is {self.game.label(seat)}, but "
                                            f"{' '.join(words[k:])!r} after it is not understood; ask e.g. "
                                            f"'can {' '.join(words[:k])} raise?' or 'what can {' '.join(words[:k])} do?'")
        known = (", ".join(self.game.players) + f" (or p1-p{self.game.seats}, seat 1-{self.game.seats})"
                 if self.game.players else f"p1-p{self.game.seats} (or seat 1-{self.game.seats})")
        count = len(self.game.straddle_seats)
        straddles = ", the straddle" if count == 1 else f", the straddles by name ({count} of them)" if count else ""
        positions = ("; stud has no button or blinds: ask by name or pN" if self.game.stud else
                     "; this hand has no blinds: ask by name, pN or 'the button'" if not self.game.blind_game else
                     "; or by position: the button, the small blind (sb), the big blind (bb)"
                     + ((", utg" + straddles)
                        if self.game.seats > 2 else " (heads-up there is no utg: the button acts first pre-flop)"))
        raise ScenarioError("question", f"unknown player {word!r}; players: {known}{positions}")


    def is_pronoun(self, word: str | None) -> bool:
        """``word`` is a pronoun ("he", "her") and no player of this hand is so named ("Her" is a player)."""
        from .questions import PRONOUNS

        return word in PRONOUNS and not any(name.strip().lower() == word for name in self.game.players)

    def missing_position(self, word: str) -> str | None:
        """Why a position the hand lacks names no seat ("no cutoff (it needs four or more players)", "no
        straddle"), or None."""
        bare = word.strip().lower().removeprefix("the ")
        missing = {"cutoff": "no cutoff (it needs four or more players)", "co": "no cutoff (it needs four or more players)",
                   "hijack": "no hijack (it needs five or more players)", "hj": "no hijack (it needs five or more players)",
                   "small blind": "no small blind", "sb": "no small blind", "big blind": "no big blind",
                   "bb": "no big blind", "utg": "no seat under the gun (heads-up: the button is the small blind and "
                   "acts first pre-flop, TDA 2024 34-B)"}
        missing["under the gun"] = missing["utg"]
        straddles = len(self.game.straddle_seats)
        missing["straddle"] = missing["straddler"] = "no straddle" if not straddles else f"{straddles} straddles"
        return missing.get(bare) if self.game.blind_game else None


_NUMBER_WORDS = {w: str(n) for n, w in enumerate(("one", "two", "three", "four", "five", "six", "seven", "eight",
                                                  "nine", "ten"), start=1)}


@dataclass
class Broken:
    """The first action of a hand that breaks a rule."""

    event: Event
    error: IllegalAction


@dataclass
class Played:
    state: HandState
    broken: Broken | None = None
    penalized: list[Event] = field(default_factory=list)
    round_closed: bool = False  # the last betting action ended its round and nothing was dealt since
    closed_street: int | None = None  # which round that was
    first_actors: dict[int, int] = field(default_factory=dict)  # round -> the seat that acted first in it
    last_actors: dict[int, int] = field(default_factory=dict)  # round -> the seat that acted last in it (so far)
    moot: list[Event] = field(default_factory=list)  # checks recorded when nobody had anything to decide
    board_street: int = 0  # the last round whose board cards are dealt ('d db': one deal a round), 0 before the flop

    @property
    def street_reached(self) -> int:
        """The round the hand has reached: the one being bet, or, once no more betting can take place (the
        all-ins), the last one whose board cards were dealt (a river dealt after an all-in on the flop)."""
        s = self.state
        return max(s.street, min(self.board_street, len(s.game.streets) - 1)) if s.hand_over else s.street


def moot_check(state: HandState, seat: int, verb: str) -> bool:
    """A check (``cc`` owing nothing) recorded while nobody is to act: every opponent still in is all-in
    and the player owes nothing, so round.end gives no turn (the player has nothing to decide).
    PokerKit 0.7.7 offers that turn anyway and its hand histories write it down; it is read as no action."""
    if verb != "cc" or state.actor is not None:
        return False
    me = state.seats[seat]
    if me.folded or me.stack == 0 or not any(not o.folded for i, o in enumerate(state.seats) if i != seat):
        return False
    return state.hand_over or me.bet >= state.call_level  # a hand over has its bets gathered into the pots


def play(scenario: Scenario, rules: RuleSet, upto: int | None = None) -> Played:
    """Replay the hand's events through the model, stopping at the first illegal action."""
    state = HandState(scenario.game, rules)
    played = Played(state)
    betting_started = False
    board_dealt_on = None  # the round whose board cards were last dealt ('d db')
    drawn: list[tuple[int, int]] = []  # (round, seat) of every draw ('pN sd'): the draw before that round
    stud_cards = [0] * scenario.game.seats  # stud: cards dealt to each seat (the fourth opens fourth street, ...)
    # a board game whose record deals its boards: a round's betting over, the next round waits for its board
    board_deals = [i for i, e in enumerate(scenario.events) if e.seat is None and e.verb == "db"]
    awaiting_board = False
    for at, event in enumerate(scenario.events[:upto]):
        if event.verb in (NOOP, BOARD_MORE):
            continue
        if event.seat is None and event.verb == "db":
            awaiting_board = False
        if event.verb in PLAYER_VERBS and awaiting_board and board_deals and board_deals[-1] > at:
            before, after = (scenario.game.streets[i].name for i in (state.street - 1, state.street))
            err = IllegalAction(Reason.ROUND_OVER, f"{scenario.game.name_of(event.seat)} acted after the {before} "
                                                   f"betting was over, before the {after} was dealt", ("round.end",))
            played.broken = Broken(event, err)
            return played
        if event.seat is None:
            # a deal cuts a round short if someone has acted in it, or if it is a second board deal
            # for the round (the flop and then the turn with nobody acting on the flop), or a board
            # before the first round
            board_again = event.verb == "db" and state.street in (0, board_dealt_on) and not scenario.game.stud
            if event.verb == "db":
                board_dealt_on = state.street
                played.board_street += 1
            # stud: a card of a later street than the round being played (none has acted in it yet)
            board_again = board_again or (scenario.game.stud and _stud_street_of_deal(event, stud_cards) > state.street)
            if not state.hand_over and state.actor is not None and (
                    (betting_started and _mid_round(state)) or board_again):
                who = scenario.game.name_of(state.actor)
                err = IllegalAction(Reason.ROUND_OVER, f"cards were dealt while {who} still had to act",
                                    ("round.end",))
                played.broken = Broken(event, err)
                return played
            played.round_closed = played.round_closed and state.hand_over
            continue
        if event.verb == "sd":
            err = _draw_refusal(scenario, state, event.seat, drawn, betting_started)
            if err is not None:
                played.broken = Broken(event, err)
                return played
            drawn.append((state.street, event.seat))
            continue
        if event.verb not in PLAYER_VERBS:
            continue
        if moot_check(state, event.seat, event.verb):
            played.moot.append(event)
            continue
        betting_started = True
        street_before = state.street
        played.first_actors.setdefault(street_before, event.seat)
        played.last_actors[street_before] = event.seat
        try:
            action = state.classify(event.seat, event.verb, event.amount)
            verdict = state.apply(action)
        except IllegalAction as err:
            played.broken = Broken(event, err)
            return played
        if verdict.penalized:
            played.penalized.append(event)
        if state.street != street_before:
            _check_opener(scenario, state)
        played.round_closed = state.street != street_before or state.round_over
        played.closed_street = street_before if played.round_closed else None
        awaiting_board = state.street != street_before and not state.hand_over
    return played


def _check_opener(scenario: Scenario, state: HandState) -> None:
    """A stud round given as opened by a player who has folded (``_betlaw_first_actors``) contradicts the
    hand: the opener shows the best hand on board, and a folded hand shows none (turn.stud-first-later)."""
    given = scenario.game.first_actors
    seat = given[state.street] if state.street < len(given) else None
    if seat is not None and not state.hand_over and state.seats[seat].folded:
        raise ScenarioError(f"{scenario.source}: _betlaw_first_actors",
                            f"p{seat + 1} is given as opening {scenario.game.streets[state.street].name}, but "
                            f"p{seat + 1} has folded (turn.stud-first-later)")


def _stud_street_of_deal(event: Event, dealt: list[int]) -> int:
    """Seven-card stud: the street a hole deal ('d dh pN CARDS') belongs to, counting ``dealt`` on: the
    first three cards are third street's (round 0), each later card the next street's."""
    parts = event.text.split("#", 1)[0].split()
    if event.verb != "dh" or len(parts) < 4:
        return 0
    seat = int(parts[2][1:]) - 1
    dealt[seat] += len(parts[3]) // 2
    return max(0, dealt[seat] - 3)


def _draw_refusal(scenario: Scenario, state: HandState, seat: int, drawn: list, betting_started: bool
                  ) -> IllegalAction | None:
    """A draw ('pN sd') comes between betting rounds (hand.streets): not by a folded player, not before
    the first round's betting, not while someone still has to act in a round already under way
    (round.end), once per player before each round (a second draw with no betting between skips a
    round), and no more than the game's draws. Once the betting is over, the draws left go on."""
    name = scenario.game.name_of(seat)
    if state.seats[seat].folded:
        return IllegalAction(Reason.NOT_YOUR_TURN, f"{name} has folded and cannot draw", ("turn.in-turn", "hand.streets"))
    if not betting_started and not state.hand_over:  # nobody able to bet (all-in on the blinds): the draws go on
        return IllegalAction(Reason.ROUND_OVER, f"{name} drew before the {scenario.game.streets[0].name} betting",
                             ("round.end", "hand.streets"))
    draws = len(scenario.game.streets) - 1
    if sum(1 for _, s in drawn if s == seat) >= draws:
        return IllegalAction(Reason.ROUND_OVER, f"{name} drew again, but the game has {draws} "
                                                f"draw{'s' if draws > 1 else ''}", ("hand.streets",))
    if state.hand_over or state.actor is None:
        return None
    if _mid_round(state):
        street = scenario.game.streets[state.street].name
        return IllegalAction(Reason.ROUND_OVER, f"{scenario.game.name_of(seat)} drew before the {street} betting was "
                                                f"over ({scenario.game.name_of(state.actor)} still had to act)", ("round.end",))
    if (state.street, seat) in drawn:
        return IllegalAction(Reason.ROUND_OVER, f"{scenario.game.name_of(seat)} drew again before the "
                                                f"{scenario.game.streets[state.street].name} betting", ("round.end",))
    return None


def talk_error(scenario: Scenario, err) -> ScenarioError:
    """A :class:`~betlaw.model.declarations.DeclarationError` named where the talk was written: the table
    script's line, or the PHH ``_betlaw_events`` entry."""
    i = err.event.index if err.event is not None else None
    if i is not None and i < len(scenario.talk_where):
        where = scenario.talk_where[i]
    else:
        where = f"{scenario.source}: _betlaw_events" + (f"[{i}]" if i is not None else "")
    return ScenarioError(where, err.message)


def _mid_round(state: HandState) -> bool:
    """Has anyone acted in the current round (so a deal now would cut it short)?"""
    return any(s.acted for s in state.seats)


# ---------------------------------------------------------------- exact amounts


MAX_DIGITS = 15
MAX_UNITS = 10**MAX_DIGITS  # the largest finite amount, in chip units (an "inf" stack is far above it)
FINEST = -12  # the finest chip: 10**FINEST


def to_decimal(value, where: str) -> Decimal:
    """A TOML number (int, Decimal) or numeric string -> Decimal, never through float (NaN refused)."""
    if isinstance(value, Decimal):
        number = value  # already exact (TOML floats are read as Decimal)
    elif isinstance(value, int) and not isinstance(value, bool):
        number = Decimal(value)
    elif isinstance(value, str):
        if not re.fullmatch(r"\s*[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\s*|\s*[-+]?inf(?:inity)?\s*",
                            value, re.IGNORECASE):  # plain ASCII digits: not '1_0', not other scripts' digits
            raise ScenarioError(where, f"expected a number, got {value!r}")
        try:
            number = Decimal(value.strip())
        except InvalidOperation:
            raise ScenarioError(where, f"expected a number, got {value!r}") from None
    else:
        raise ScenarioError(where, f"expected a number, got {value!r}")
    if number.is_nan():
        raise ScenarioError(where, f"expected a number, got {value}")
    return number


class Units:
    """Converts the scenario's decimal amounts to integer chip units, exactly."""

    def __init__(self, amounts: list[tuple[str, Decimal]], chip_unit: Decimal | None = None, where: str = ""):
        """``amounts``: every amount of the scenario with the field it comes from (named in errors)."""
        if chip_unit is not None:
            if not chip_unit.is_finite() or chip_unit <= 0 or chip_unit.adjusted() < FINEST \
                    or chip_unit.adjusted() > 9:
                raise ScenarioError(f"{where}_betlaw_chip_unit", f"expected a positive amount from 1e{FINEST} to 1e9, "
                                                         f"got {chip_unit}")
            self.unit = chip_unit
        else:  # the finest amount sets the unit: 0.01 if some amount has cents
            finite = [(field, a) for field, a in amounts if a.is_finite()]
            places = max((decimal_places(a) for _, a in finite), default=0)
            if places > -FINEST:
                field, finest = next((f, a) for f, a in finite if decimal_places(a) == places)
                raise ScenarioError(field, f"{finest} is finer than the finest chip betlaw reads, 1e{FINEST}")
            self.unit = Decimal(1).scaleb(-places)
        self.limit = self.unit * MAX_UNITS

    def __call__(self, amount: Decimal, where: str, stack: bool = False) -> int:
        """``amount`` in chip units; ``stack``: a starting stack, which may be PHH's ``inf``."""
        if not amount.is_finite():
            if stack and amount.is_infinite() and amount > 0:
                return INFINITE_STACK
            raise ScenarioError(where, f"expected a finite number, got {amount}")
        if amount.copy_abs() >= self.limit:  # copy_abs: no context, so no overflow on 1e1000000
            raise ScenarioError(where, f"{amount} is too large: betlaw reads amounts below {MAX_UNITS:.0e} chips "
                                       f"of {self.unit}")
        units = whole_units(amount, self.unit)
        if units is None:
            raise ScenarioError(where, f"{amount} is not a whole number of chip units ({self.unit})")
        return units


def whole_units(amount: Decimal, unit: Decimal) -> int | None:
    """``amount`` as a whole number of ``unit``s, or None if it is not one, exactly: the division runs
    with as many digits as the two numbers hold (the default context's 28 would round 4.000...0001 to 4)."""
    with localcontext() as ctx:
        ctx.prec = max(28, len(amount.as_tuple().digits) + len(unit.as_tuple().digits) + 2)
        ctx.clear_flags()
        units = amount / unit
        if ctx.flags[Inexact] or units != units.to_integral_value():
            return None
    return int(units)


def decimal_places(amount: Decimal) -> int:
    """How many decimal places a finite amount needs: 0 for a whole number, 1 for 2.50, 2 for 0.25
    (exactly: ``normalize`` would first round to the context's 28 digits)."""
    _, digits, exponent = amount.as_tuple()
    places = max(0, -exponent) if any(digits) else 0
    for digit in reversed(digits):  # trailing zeros need no place
        if digit or not places:
            break
        places -= 1
    return places
