"""Table talk: how a player's words, chips and gestures become a formal action (the declaration layer).

The betting model (:mod:`betlaw.model.state`) judges formal actions: "p2 raises to 300". At a
real table a player says something, pushes chips, taps the table, perhaps out of turn, and the
rules decide which formal action that was. This module is that decision, one catalogue clause at
a time (layer "declaration"; every :class:`Why` names its clause ids, like
:class:`betlaw.model.errors.Reason`):

``declare.terms``               the vocabulary: official terms and gestures (TDA 3; seeds)
``declare.verbal-binds``        a verbal declaration in turn binds (TDA 40, 50, 51-A; seeds)
``declare.first-decides``       the first of words and chips decides; together, clear words win (TDA 40)
``declare.amount-alone``        an amount said alone is that amount pushed silently (TDA 40)
``declare.string-raise``        "I call and raise" is a call (seeds; TDA 56)
``declare.string-bet``          one motion: no going back to the stack (TDA 42, 56; Robert's switch)
``declare.single-chip``         one oversized chip facing a bet is a call (TDA 44; seed 003)
``declare.chips-unopened``      with no bet to face, chips are a bet of their full value (TDA 44)
``declare.multiple-chips-call`` several chips, every one needed to call: a call (TDA 45)
``declare.fifty-percent``       otherwise the 50% standard (TDA 45, 43-A; seed 003 switch)
``declare.raise-minimum``       a declared raise short of the minimum is made up to it (TDA 43-A)
``declare.last-chips-all-in``   one's last chips pushed are all-in unless every chip is needed to call (TDA 45-B)
``declare.undercall``           chips short of a call (TDA 51)
``declare.call-no-bet``         "call" with no bet is a check (TDA 55)
``declare.raise-no-bet``        "raise" with no bet is a bet of at least the minimum (TDA 55)
``declare.check-facing-bet``    "check" facing a bet leaves call or fold (TDA 55)
``declare.non-standard-fold``   folding when one could check, or out of turn: binding, penalised (TDA 58)
``declare.chips-in-play``       the chip denominations are an input; chips are judged on them
``oot.backed-up``               action out of turn is backed up to the right player (TDA 53-A)
``oot.binding-unchanged``       it binds if the action to the player has not changed (TDA 53-A)
``oot.changed``                 if it changed, the player gets every option back (TDA 53-A)
``oot.fold-binding``            an out-of-turn fold is binding (TDA 53-A, 58)
``oot.roberts-restrictions``    Robert's: an out-of-turn check bars a bet or raise, a call a raise

The legality of the formal action itself (is a raise open, what is the minimum, is the fold
penalised) is always asked of :meth:`HandState.legal` / :meth:`HandState.verify`: this module
never re-decides it. Amounts are chip units, and "to" amounts like everywhere else (TDA 43-B).

Entry points: :func:`parse_words` (the vocabulary), :func:`bind` (in-turn talk of the player to
act), :func:`intend_out_of_turn` and :func:`resolve_out_of_turn` (action out of turn), and
:func:`judge`, which walks a hand's actions and table talk and returns every :class:`Ruling`.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from enum import Enum
from typing import Callable, Iterable

from .actions import Action, Kind
from .errors import IllegalAction, ReasonCode
from .game import Structure

# ----------------------------------------------------------------------------- vocabulary

#: The words betlaw reads, and the formal verb each stands for (TDA 3 official terms; "see",
#: "open" and "pass" from the seeds). Anything else is refused (TDA 3: non-standard terms are at
#: the player's risk; betlaw does not guess).
VERBS: dict[str, str] = {
    "check": "check", "pass": "check",
    "call": "call", "see": "call",
    "fold": "fold",
    "bet": "bet", "open": "bet",
    "raise": "raise", "re-raise": "raise", "reraise": "raise",
    "all-in": "all-in", "all in": "all-in", "allin": "all-in",
    "complete": "complete",
    "pot": "pot",
}
#: Gestures: a tap (or knock) on the table is a check (TDA 3, seeds); mucking the cards is a fold.
GESTURES: dict[str, str] = {"tap": "check", "knock": "check", "muck": "fold"}
#: Words that carry no meaning of their own: a leading "I", "and" between phrases, "to"/"by"
#: before an amount, "you"/"it" after see or call ("I'll see you").
PRONOUNS = ("i'll", "i will", "i am", "i'm", "i")
AGGRESSIVE = ("bet", "raise", "all-in", "complete", "pot")
POT_WORD = re.compile(r"\bpot\b", re.IGNORECASE)  # "pot" said: in pot-limit, the pot at the player's turn

_AMOUNT = r"\$?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?"  # ASCII digits only
_TOKEN = re.compile(rf"\s*(?:(?P<amount>{_AMOUNT})|(?P<word>all[- ]in|re-raise|[a-z']+)|(?P<sep>[,;.!]))",
                    re.IGNORECASE)


class VocabularyError(ValueError):
    """Words outside the vocabulary, or a malformed phrase; ``word`` is the offending word."""

    def __init__(self, word: str, message: str):
        super().__init__(message)
        self.word = word
        self.message = message


class DeclarationError(ValueError):
    """Table talk that cannot happen at that point of the hand (a folded player speaking, chips
    that are not in play or not in the stack, in_turn contradicting the state)."""

    def __init__(self, event: "TableEvent | None", message: str):
        where = f"event {event.index}" if event is not None else "events"
        super().__init__(f"{where}: {message}")
        self.event = event
        self.message = message


@dataclass(frozen=True)
class Phrase:
    """One verb of an utterance, with its amount (chip units; a "to" amount unless ``by``)."""

    verb: str  # check, call, fold, bet, raise, all-in, complete, pot, or "amount" (an amount alone)
    amount: int | None = None
    by: bool = False
    word: str = ""  # as said

    def __str__(self) -> str:
        return self.text(str)

    def text(self, show) -> str:
        """As said, with ``show`` writing an amount (chip units) in the hand's own units."""
        if self.verb == "amount":
            return show(self.amount)
        amount = "" if self.amount is None else (" by " if self.by else " ") + show(self.amount)
        return f"{self.word or self.verb}{amount}"


def parse_amount(text: str) -> Decimal:
    try:
        value = Decimal(text.replace("$", "").replace(",", ""))
    except InvalidOperation:
        raise VocabularyError(text, f"expected an amount, got {text!r}") from None
    if not value.is_finite() or value <= 0:
        raise VocabularyError(text, f"expected a positive amount, got {text!r}")
    return value


def parse_words(text: str, to_units: Callable[[Decimal], int] = int) -> tuple[Phrase, ...]:
    """An utterance in the vocabulary -> its phrases, in the order said.

    Grammar: ``phrase (("and" | "," | ";") phrase)*`` where a phrase is ``[I | I'll | I'm]`` then a
    verb of :data:`VERBS` with an optional amount (``bet 500``, ``raise to 300``, ``raise by 200``,
    ``I'll see you``; ``bet the pot`` and ``raise pot`` are ``pot``), or an amount alone (``500``).
    Raises :class:`VocabularyError` naming the word.
    """
    raw = text.strip().lower().replace("\u2019", "'").replace('"', " ")
    tokens: list[tuple[str, str]] = []
    pos = 0
    while pos < len(raw):
        if raw[pos:].strip() == "":
            break
        m = _TOKEN.match(raw, pos)
        if not m:
            bad = raw[pos:].split()[0]
            raise VocabularyError(bad, f"cannot read {bad!r} in {text!r}: words of the vocabulary and amounts as "
                                       f"numbers in the hand's units (1000, 2.50, $1,000)")
        pos = m.end()
        if m.group("amount"):
            tokens.append(("amount", m.group("amount")))
        elif m.group("word"):
            tokens.append(("word", re.sub(r"\s+", " ", m.group("word")).replace("all in", "all-in")))
        else:
            tokens.append(("sep", m.group("sep")))
    phrases: list[Phrase] = []
    i = 0
    expect_phrase = True

    def word_at(j: int) -> str | None:
        return tokens[j][1] if j < len(tokens) and tokens[j][0] == "word" else None

    while i < len(tokens):
        kind, tok = tokens[i]
        if kind == "sep" or tok == "and":
            i += 1
            expect_phrase = True
            continue
        if not expect_phrase:
            joined = tokens[i - 1][1] + tok if i > 0 and tokens[i - 1][0] == "amount" else None
            if kind == "word" and joined and re.search(rf"(?<![\w.]){re.escape(joined)}(?!\w)", text.lower()):
                raise VocabularyError(tok, f"{joined!r} in {text!r} is not an amount: write the "
                                           f"number in full (e.g. 1000, not 1k)")
            if kind == "word" and tok not in VERBS:  # "raise 1000 euros", "raise one thousand"
                raise VocabularyError(tok, f"unknown word {tok!r} in {text!r}: an amount is a number in the hand's "
                                           f"units (1000, 2.50, $1,000), with no currency or number words")
            raise VocabularyError(tok, f"expected 'and' or ',' before {tok!r} in {text!r}")
        # optional pronoun
        if kind == "word" and tok in ("i", "i'll", "i'm", "im", "ill"):
            i += 1
            if word_at(i) in ("will", "am"):
                i += 1
            if i >= len(tokens):
                raise VocabularyError(tok, f"{text!r} ends after {tok!r}; expected a verb")
            kind, tok = tokens[i]
        if kind == "amount":
            phrases.append(Phrase("amount", to_units(parse_amount(tok)), word=tok))
            i += 1
            expect_phrase = False
            continue
        if kind == "word" and tok in ("if", "when", "unless"):
            raise VocabularyError(tok, f"{text!r} is a conditional statement (TDA 2024 59: non-standard; whether it "
                                       f"binds is the TD's discretion), which betlaw does not rule on; write what the "
                                       f"player said or did at the turn")
        if kind != "word" or tok not in VERBS:
            known = ", ".join(sorted(set(VERBS) - {"allin", "all in"}))
            raise VocabularyError(tok, f"unknown word {tok!r} in {text!r}; the vocabulary is: {known}, "
                                       f"an amount, and 'I', 'I'll', 'I'm', 'and', 'to', 'by', 'you', 'it', 'the'")
        verb = VERBS[tok]
        i += 1
        if verb == "call" and word_at(i) in ("you", "it"):
            i += 1
        if verb in ("bet", "raise") and (word_at(i) == "pot" or (word_at(i) == "the" and word_at(i + 1) == "pot")):
            # "bet the pot", "raise pot": the pot-limit term "pot" (TDA 2024 3; 54-D's "I bet the pot")
            i += 1 if word_at(i) == "pot" else 2
            verb, tok = "pot", f"{tok} the pot"
        by = False
        amount = None
        if word_at(i) in ("to", "by"):
            by = word_at(i) == "by"
            i += 1
            if i >= len(tokens) or tokens[i][0] != "amount":
                raise VocabularyError(tokens[i - 1][1], f"expected an amount after {tokens[i - 1][1]!r} in {text!r}")
        if i < len(tokens) and tokens[i][0] == "amount":
            if verb not in ("bet", "raise", "complete", "call"):
                raise VocabularyError(tokens[i][1], f"{tok!r} takes no amount (in {text!r})")
            amount = to_units(parse_amount(tokens[i][1]))
            i += 1
        if by and verb != "raise":
            raise VocabularyError("by", f"only 'raise' takes 'by' (in {text!r})")
        phrases.append(Phrase(verb, amount, by, tok))
        expect_phrase = False
    if not phrases:
        raise VocabularyError(text, "nothing was said; expected a verb or an amount")
    return tuple(phrases)


# ----------------------------------------------------------------------------- events


class Talk(str, Enum):
    SAY = "say"
    CHIPS = "chips"
    GESTURE = "gesture"


@dataclass(frozen=True)
class TableEvent:
    """One thing a player does at the table: says words, places chips (one motion), or gestures.

    A ``say`` event may carry chips too: words and chips together (TDA 40: the words win).
    ``after`` is how many of the hand's actions come before it; ``in_turn`` is what the scenario
    states (checked against the hand), or None.
    """

    seat: int
    kind: Talk
    after: int = 0
    phrases: tuple[Phrase, ...] = ()
    chips: tuple[int, ...] = ()
    gesture: str | None = None
    words: str = ""
    in_turn: bool | None = None
    index: int = 0

    def __str__(self) -> str:
        who = f"p{self.seat + 1}"
        if self.kind is Talk.SAY:
            text = f'{who} says "{self.words}"'
            return text + (f" pushing {'+'.join(map(str, self.chips))}" if self.chips else "")
        if self.kind is Talk.CHIPS:
            return f"{who} puts out {'+'.join(map(str, self.chips))}"
        return f"{who} {self.gesture}s" if self.gesture != "muck" else f"{who} mucks"


# ----------------------------------------------------------------------------- reasons


class Why(ReasonCode):
    """Why the talk binds to what it binds to: a reason code and the clause ids it applies."""

    TERMS = ("terms", ("declare.terms",))
    TAP_IS_CHECK = ("tap-is-check", ("declare.terms",))
    MUCK_IS_FOLD = ("muck-is-fold", ("declare.terms",))
    VERBAL_BINDS = ("verbal-binds", ("declare.verbal-binds",))
    FIRST_DECIDES = ("first-decides", ("declare.first-decides",))
    WORDS_WIN_TOGETHER = ("words-win-together", ("declare.first-decides",))
    AMOUNT_ALONE = ("amount-alone", ("declare.amount-alone",))
    STRING_RAISE = ("string-raise", ("declare.string-raise", "declare.verbal-binds"))
    STRING_BET = ("string-bet", ("declare.string-bet",))
    MULTI_MOTION_ALLOWED = ("multi-motion-after-verbal-raise", ("declare.string-bet",))
    SINGLE_CHIP_CALL = ("single-chip-call", ("declare.single-chip",))
    CHIPS_UNOPENED = ("chips-unopened", ("declare.chips-unopened",))
    MULTIPLE_CHIPS_CALL = ("multiple-chips-call", ("declare.multiple-chips-call",))
    FIFTY_PERCENT_RAISE = ("fifty-percent-raise", ("declare.fifty-percent",))
    FIFTY_PERCENT_CALL = ("fifty-percent-call", ("declare.fifty-percent",))
    MULTIPLE_CHIPS_RAISE = ("multiple-chips-raise", ("declare.fifty-percent",))
    RAISE_MADE_UP = ("raise-made-up", ("declare.raise-minimum",))
    LAST_CHIPS_ALL_IN = ("last-chips-all-in", ("declare.last-chips-all-in",))
    UNDERCALL_FULL_CALL = ("undercall-full-call", ("declare.undercall",))
    UNDERCALL_DISCRETION = ("undercall-discretion", ("declare.undercall",))
    CALL_NO_BET = ("call-no-bet", ("declare.call-no-bet",))
    RAISE_NO_BET = ("raise-no-bet", ("declare.raise-no-bet",))
    CHECK_FACING_BET = ("check-facing-bet", ("declare.check-facing-bet",))
    NON_STANDARD_FOLD = ("non-standard-fold", ("declare.non-standard-fold",))
    FOLD_REFUSED = ("fold-refused", ("declare.non-standard-fold", "fold.when-check-possible"))
    FOLD_BRING_IN_DUE = ("fold-bring-in-due", ("stud.bring-in",))
    RAISE_NOT_OPEN = ("raise-not-open", ("declare.verbal-binds",))
    CHIPS_RAISE_NOT_OPEN = ("chips-raise-not-open", ())  # chips alone: the refusal's own clauses say why
    CHIPS_IN_PLAY = ("chips-in-play", ("declare.chips-in-play",))
    OOT_BACKED_UP = ("oot-backed-up", ("oot.backed-up", "turn.in-turn"))
    OOT_BINDING = ("oot-binding", ("oot.binding-unchanged",))
    OOT_CHANGED = ("oot-changed", ("oot.changed",))
    OOT_CALLED_DISCRETION = ("oot-called-discretion", ("oot.changed",))
    OOT_FOLD = ("oot-fold-binding", ("oot.fold-binding", "declare.non-standard-fold"))
    OOT_ROBERTS = ("oot-roberts-restrictions", ("oot.roberts-restrictions",))
    OOT_LAPSED = ("oot-lapsed", ("oot.backed-up",))
    OOT_NO_TURN = ("oot-no-turn", ("oot.changed",))


# ----------------------------------------------------------------------------- rulings

AGGRESSION = (Kind.BET, Kind.RAISE, Kind.COMPLETE)


@dataclass(frozen=True)
class Ruling:
    """What a player's table talk at one decision binds them to.

    ``status``: ``bound`` (one formal action: ``action``), ``open`` (a choice among ``options``
    remains, e.g. call or fold after "check" facing a bet), ``discretion`` (the TD chooses among
    ``options``: an undercall multi-way against a raise, TDA 51), ``pending`` (out of turn, the
    player's turn has not come yet), ``released`` (out of turn, the action changed: not binding,
    every option back), ``lapsed`` (out of turn, the round ended first), ``refused`` (the
    declaration is not allowed under these rules and binds to nothing).
    ``make_up``: chips the player must still put in for ``action`` (negative: chips handed back);
    None while the amount is open (``min_to``..``max_to``).
    """

    seat: int
    in_turn: bool
    status: str
    action: Action | None = None
    options: tuple[Kind, ...] = ()
    put_out: int = 0
    make_up: int | None = 0
    min_to: int | None = None
    max_to: int | None = None
    two_sizes: bool = False  # the open amount is min_to or max_to only (stud.open-pair)
    binding: bool | None = True
    penalized: bool = False
    all_in: bool = False
    reasons: tuple[Why, ...] = ()
    model_clauses: tuple[str, ...] = ()  # legality clauses of the formal action (from HandState.legal)
    declared: str = ""
    note: str = ""
    after: int = 0
    events: tuple[int, ...] = ()
    intent: "Ruling | None" = None  # out of turn: what it bound to when said
    recorded: str | None = None  # the action the history records for this decision
    recorded_index: int | None = None  # its index in the hand's action list
    conflict: bool = False
    current: bool = True  # no later action of this player has been recorded
    held: bool | None = None  # may-bind (Robert's): the recorded action is the one declared (the floor held the player)
    barred: tuple[Kind, ...] = ()  # released out-of-turn talk: kinds barred at the next turn (Robert's)

    @property
    def clauses(self) -> tuple[str, ...]:
        out: list[str] = []
        for why in self.reasons:
            out.extend(why.clauses)
        out.extend(self.model_clauses)
        return tuple(dict.fromkeys(out))

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(w.code for w in self.reasons))  # a ruling ruled on again may repeat one

    @property
    def can_raise(self) -> bool:
        """May the player still bet, raise or complete at this decision?"""
        if self.status == "bound":
            return self.action is not None and self.action.kind in AGGRESSION
        return any(k in AGGRESSION for k in self.options)

    def allows(self, kind: Kind) -> bool:
        if self.status == "bound":
            return self.action is not None and self.action.kind is kind
        return kind in self.options


# ----------------------------------------------------------------------------- facts of a decision


@dataclass
class _Facts:
    state: object
    seat: int
    legal: object = None
    owed: int = 0  # chips owed to call in full
    call_add: int = 0  # chips a call adds (all-in for less when short)
    bet: int = 0  # chips already in front this round
    stack: int = 0
    allin_to: int = 0
    full_to: int | None = None  # a full minimum raise (or the completion), ignoring the stack
    min_to: int | None = None
    max_to: int | None = None
    agg_kind: Kind | None = None
    two_sizes: bool = False  # only min_to and max_to are allowed (stud.open-pair: the small or the big bet)

    @classmethod
    def of(cls, state, seat: int) -> "_Facts":
        legal = state.legal()
        s = state.seats[seat]
        f = cls(state, seat, legal, state.owed(seat), legal.call or 0, s.bet, s.stack, s.bet + s.stack)
        if legal.complete_to is not None:
            f.agg_kind = Kind.COMPLETE
            f.min_to = f.full_to = legal.complete_to
            f.max_to = max(legal.completion_targets)  # stud.open-pair: or the big one
            f.two_sizes = bool(legal.complete_amounts)
        elif legal.bet_or_raise is not None:
            f.agg_kind = Kind.BET if legal.is_bet else Kind.RAISE
            f.min_to, f.max_to = legal.bet_or_raise
            f.two_sizes = bool(legal.amounts)
            f.full_to = f.min_to if f.min_to < f.allin_to else max(f.min_to, state.min_raise_to)
        return f

    @property
    def facing(self) -> bool:
        return self.owed > 0

    @property
    def can_aggress(self) -> bool:
        return self.agg_kind is not None


def _aggression(f: _Facts, to: int) -> tuple[Action, list[Why], bool]:
    """The bet/raise/completion ``to`` becomes within the legal range; (action, reasons, made_up)."""
    reasons: list[Why] = []
    made_up = False
    to = min(to, f.allin_to)
    if f.two_sizes:  # stud.open-pair: the big size once the amount reaches it, else the small one
        return Action(f.seat, f.agg_kind, f.max_to if to >= f.max_to else f.min_to), reasons, to < f.min_to
    if f.agg_kind is Kind.COMPLETE:
        return Action(f.seat, Kind.COMPLETE, f.min_to), reasons, to < f.min_to
    if to < f.min_to:
        to, made_up = f.min_to, True
    if to > f.max_to:
        to = f.max_to
    return Action(f.seat, f.agg_kind, to), reasons, made_up


def _model_clauses(f: _Facts, kind: Kind) -> tuple[str, ...]:
    return tuple(f.legal.clauses.get(kind, ()))


def _refusal_clauses(f: _Facts) -> tuple[str, ...]:
    reason = f.legal.refusals.get(Kind.RAISE) or f.legal.refusals.get(Kind.BET)
    if reason is None:
        return ()
    return reason.clauses + f.state.context_clauses(reason)


def facing_opening_bet(state) -> bool:
    """TDA 2024 51-B: is the bet faced the round's opening bet, its first chip bet (pre-flop the
    posted big blind; in stud the bring-in, or a completion made in its place)?"""
    n = sum(1 for a, st in zip(state.history, state.history_streets)
            if st == state.street and a.kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE, Kind.BRING_IN))
    if state.street == 0 and state.game.blind_game:
        return n == 0
    return n == 1


def completes_the_blind(state, seat: int) -> bool:
    """"Complete" (TDA 2024 3) from a blind in the first round facing only the opening bet, with no completion
    open (a bring-in or short all-in made up): making up the blind, which is a call."""
    me = state.seats[seat]
    return state.street == 0 and state.game.blind_game and 0 < me.bet < state.call_level \
        and facing_opening_bet(state) and state.legal().complete_to is None


def _told(action: Action, game) -> str:
    """Who did what, as the hand names the player and in its units (``Bob raise to 300``)."""
    return f"{game.label(action.seat)} {describe(action, game)}"


def describe(action: Action | None, game=None) -> str:
    """The action in words; with the hand's ``game``, its amount in the hand's own units."""
    if action is None:
        return "no single action yet"
    if action.kind in AGGRESSION:
        to = action.to if game is None or action.to is None else game.show(action.to)
        return f"{action.kind} to {to}" if action.to is not None else f"{action.kind} (amount not yet set)"
    return str(action.kind)


# ----------------------------------------------------------------------------- in-turn talk


def bind(state, seat: int, events: Iterable[TableEvent], denominations: tuple[int, ...] = (),
         in_turn: bool = True) -> Ruling:
    """The formal action that ``events`` (the talk of ``seat``, the player to act in ``state``, at
    one decision, in order) bind the player to. ``state`` is not changed."""
    events = list(events)
    if state.actor != seat:
        raise DeclarationError(events[0] if events else None,
                               f"{state.game.label(seat)} is not the player to act ({state.game.label(state.actor or 0)} is)")
    f = _Facts.of(state, seat)
    rules = state.rules
    _check_chips(f, events, denominations)
    reasons: list[Why] = []
    if any(e.chips for e in events) and denominations:
        reasons.append(Why.CHIPS_IN_PLAY)
    decisive: TableEvent | None = None
    motions: list[tuple[int, ...]] = []  # chip motions after (or with) the decisive event
    later_words: list[TableEvent] = []
    for e in events:
        if decisive is None:
            decisive = e
            if e.chips:
                motions.append(e.chips)
            continue
        if e.kind is Talk.CHIPS:
            motions.append(e.chips)
        elif e.kind is Talk.SAY:
            later_words.append(e)
            if e.chips:
                motions.append(e.chips)
        else:
            later_words.append(e)
    declared = "; ".join(str(e) for e in events)
    base = dict(seat=seat, in_turn=in_turn, declared=declared, events=tuple(e.index for e in events),
                after=events[0].after if events else 0)
    if decisive is None:
        return Ruling(status="open", options=_legal_kinds(f), binding=False, note="nothing declared yet", **base)

    # A gesture or words first: the words decide (TDA 40), the chips are their amount.
    if decisive.kind is Talk.GESTURE:
        verb = GESTURES[decisive.gesture]
        reasons.append(Why.TAP_IS_CHECK if verb == "check" else Why.MUCK_IS_FOLD)
        return _verbal(f, Phrase(verb, word=decisive.gesture), (), motions, later_words, reasons, base, rules,
                       gesture=True)
    if decisive.kind is Talk.SAY:
        first, rest = decisive.phrases[0], decisive.phrases[1:]
        reasons.append(Why.TERMS)
        if decisive.chips:
            reasons.append(Why.WORDS_WIN_TOGETHER)
        if first.verb == "amount":
            reasons.append(Why.AMOUNT_ALONE)
            later = list(rest) + [p for w in later_words for p in w.phrases]
            if later:
                reasons.append(Why.FIRST_DECIDES)
            return _silent(f, (first.amount,), [], reasons, base, rules, amount_alone=True,
                           paid=sum(sum(m) for m in motions))
        return _verbal(f, first, rest, motions, later_words, reasons, base, rules)
    # Chips first, silently: the chips decide; later words do not change them (TDA 40).
    if later_words:
        reasons.append(Why.FIRST_DECIDES)
    return _silent(f, decisive.chips, motions[1:], reasons, base, rules)


def _legal_kinds(f: _Facts) -> tuple[Kind, ...]:
    L = f.legal
    out = []
    if L.fold:
        out.append(Kind.FOLD)
    if L.check:
        out.append(Kind.CHECK)
    if L.call is not None:
        out.append(Kind.CALL)
    if L.bet_or_raise is not None:
        out.append(Kind.BET if L.is_bet else Kind.RAISE)
    if L.complete_to is not None:
        out.append(Kind.COMPLETE)
    if L.bring_in is not None:
        out.append(Kind.BRING_IN)
    return tuple(out)


def _show(f: _Facts, units: int) -> str:
    return f.state.game.show(units)


def _check_chips(f: _Facts, events: list[TableEvent], denominations: tuple[int, ...]) -> None:
    total = 0
    for e in events:
        for c in e.chips:
            if denominations and c not in denominations:
                raise DeclarationError(e, f"a chip of {_show(f, c)} is not in play (chips in play: "
                                          f"{', '.join(_show(f, d) for d in denominations)})")
        total += sum(e.chips)
        if total > f.stack:
            raise DeclarationError(e, f"p{f.seat + 1} has only {_show(f, f.stack)} behind, not {_show(f, total)}")


def _call(f: _Facts, put_out: int, reasons: list[Why], base: dict, note: str, **extra) -> Ruling:
    action = Action(f.seat, Kind.CALL)
    all_in = f.call_add == f.stack
    return Ruling(status="bound", action=action, options=(Kind.CALL,), put_out=put_out,
                  make_up=f.call_add - put_out, all_in=all_in, reasons=tuple(dict.fromkeys(reasons)),
                  model_clauses=_model_clauses(f, Kind.CALL) + extra.pop("clauses", ()), note=note, **base,
                  **extra)


def _check(f: _Facts, put_out: int, reasons: list[Why], base: dict, note: str) -> Ruling:
    return Ruling(status="bound", action=Action(f.seat, Kind.CHECK), options=(Kind.CHECK,), put_out=put_out,
                  make_up=-put_out, reasons=tuple(dict.fromkeys(reasons)),
                  model_clauses=_model_clauses(f, Kind.CHECK), note=note, **base)


def _bring_in(f: _Facts, put_out: int, reasons: list[Why], base: dict, note: str) -> Ruling:
    """Stud, the bring-in due (seed 001; Robert's Seven-Card Stud): the forced bring-in, to its amount."""
    return Ruling(status="bound", action=Action(f.seat, Kind.BRING_IN), options=(Kind.BRING_IN,),
                  put_out=put_out, make_up=f.legal.bring_in - f.bet - put_out,
                  reasons=tuple(dict.fromkeys(reasons)), model_clauses=("stud.bring-in",), note=note, **base)


def _fold(f: _Facts, reasons: list[Why], base: dict, note: str) -> Ruling:
    L = f.legal
    if not L.fold:
        due = L.bring_in is not None and f.state.bring_in_pending  # stud.bring-in: the low card brings in first
        reasons.append(Why.FOLD_BRING_IN_DUE if due else Why.FOLD_REFUSED)
        why = ("the low card must first bring in (or complete): folding is refused" if due else
               "folding when a check is possible is refused under these rules")
        return Ruling(status="refused", options=_legal_kinds(f), binding=False,
                      reasons=tuple(dict.fromkeys(reasons)),
                      note=note + f"; {why}, so the player still has to act", **base)
    if not f.facing:
        reasons.append(Why.NON_STANDARD_FOLD)
    return Ruling(status="bound", action=Action(f.seat, Kind.FOLD), options=(Kind.FOLD,),
                  penalized=L.fold_penalized, reasons=tuple(dict.fromkeys(reasons)),
                  model_clauses=_model_clauses(f, Kind.FOLD), make_up=0,
                  note=note + ("; a binding fold, subject to penalty (TDA 58)" if L.fold_penalized else ""), **base)


def _raise_ruling(f: _Facts, to: int | None, put_out: int, reasons: list[Why], base: dict, note: str) -> Ruling:
    """A bet/raise/completion (amount ``to``, or open when None) within the legal range."""
    if to is None:
        action = Action(f.seat, f.agg_kind, None)
        if f.min_to == f.max_to:  # one amount (a completion, a fixed-limit size): no choice left
            action = Action(f.seat, f.agg_kind, f.min_to)
            return Ruling(status="bound", action=action, options=(f.agg_kind,), put_out=put_out,
                          make_up=f.min_to - f.bet - put_out, all_in=f.min_to == f.allin_to,
                          reasons=tuple(dict.fromkeys(reasons)), model_clauses=_model_clauses(f, f.agg_kind),
                          note=note, **base)
        return Ruling(status="bound", action=action, options=(f.agg_kind,), put_out=put_out, make_up=None,
                      min_to=f.min_to, max_to=f.max_to, two_sizes=f.two_sizes, reasons=tuple(dict.fromkeys(reasons)),
                      model_clauses=_model_clauses(f, f.agg_kind),
                      note=note + (f"; the amount is still open: to {_show(f, f.min_to)} or {_show(f, f.max_to)}"
                                   if f.two_sizes else f"; the amount is still open: to {_show(f, f.min_to)} at "
                                                       f"least, {_show(f, f.max_to)} at most"), **base)
    action, more, made_up = _aggression(f, to)
    reasons = reasons + more
    extra: tuple[str, ...] = ()
    if made_up:
        note += f"; short of the minimum, so made up to {_show(f, action.to)}"
    elif f.two_sizes and action.to < to < f.max_to:  # stud.open-pair: between the small and the big size
        note += (f"; {_show(f, to)} is neither size allowed ({_show(f, f.min_to)} or {_show(f, f.max_to)}), so the "
                 f"smaller, {_show(f, action.to)}")
    elif to > action.to and to <= f.allin_to:
        note += f"; {_show(f, to)} is above the maximum, so {_show(f, action.to)}"
        extra = ("pot-limit.maximum",) if f.state.game.structure is Structure.POT_LIMIT else ()
    elif to > action.to:  # more than the player has: every chip (raise.all-in-exception)
        note += f"; {_show(f, to)} is more than the player has, so all-in to {_show(f, action.to)}"
    f.state.verify(action)  # the formal action must be legal (raises IllegalAction otherwise)
    return Ruling(status="bound", action=action, options=(action.kind,), put_out=put_out,
                  make_up=action.to - f.bet - put_out, all_in=action.to == f.allin_to,
                  reasons=tuple(dict.fromkeys(reasons)), model_clauses=_model_clauses(f, action.kind) + extra,
                  note=note, **base)


def _verbal(f: _Facts, first: Phrase, rest: tuple[Phrase, ...], motions: list[tuple[int, ...]],
            later_words: list[TableEvent], reasons: list[Why], base: dict, rules, gesture: bool = False) -> Ruling:
    """Words (or a gesture) came first: they bind (TDA 40, 50, 51-A); chips after them are their amount."""
    verb = first.verb
    if not gesture:
        reasons.append(Why.VERBAL_BINDS)
    later_phrases = list(rest) + [p for w in later_words for p in w.phrases]
    later_gestures = [GESTURES[w.gesture] for w in later_words if w.kind is Talk.GESTURE]
    if rest and verb in ("call", "check") and any(p.verb in AGGRESSIVE or p.verb == "amount" for p in rest):
        reasons.append(Why.STRING_RAISE)
    elif later_phrases or later_gestures:
        reasons.append(Why.FIRST_DECIDES)
    all_chips = sum(sum(m) for m in motions)
    said = f'"{first.text(lambda x: _show(f, x))}"' if not gesture else f"a {first.word}"

    if verb in ("check", "call") and f.legal.bring_in is not None:
        return _bring_in(f, all_chips, reasons, base, f"{said}: the bring-in is forced and there is no check, "
                                                       f"so the bring-in of {_show(f, f.legal.bring_in)}")
    if verb == "check":
        if not f.facing:
            return _check(f, all_chips, reasons, base, f"{said} with nothing to call is a check")
        # TDA 55: "check" facing a bet is not a check; the player may call or fold, not raise.
        reasons = [w for w in reasons if w is not Why.FIRST_DECIDES] + [Why.CHECK_FACING_BET]
        then = [p.verb for p in later_phrases] + later_gestures + (["chips"] if motions else [])
        for v in then:
            if v in ("call", "all-in", "amount", "chips"):
                return _call(f, all_chips, reasons + [Why.VERBAL_BINDS], base,
                             f"{said} facing a bet leaves call or fold (TDA 55); then a call")
            if v == "fold":
                return _fold(f, reasons, base, f"{said} facing a bet leaves call or fold (TDA 55); then a fold")
        return Ruling(status="open", options=tuple(k for k in (Kind.CALL, Kind.FOLD) if k in _legal_kinds(f)),
                      binding=True, put_out=all_chips, make_up=None, reasons=tuple(dict.fromkeys(reasons)),
                      model_clauses=("check.nothing-owed",),
                      note=f"{said} facing a bet of {f.state.call_level} is not a check: the player may call "
                           f"or fold, but not raise (TDA 55)", **base)
    if verb == "call":
        if not f.facing:
            reasons.append(Why.CALL_NO_BET)
            return _check(f, all_chips, reasons, base, f"{said} with no bet to call is a check (TDA 55)")
        note = f"{said} binds to a call of {_show(f, f.call_add)} (to {_show(f, f.bet + f.call_add)})"
        if Why.STRING_RAISE in reasons:
            note += "; \"... and raise\" after it is a string raise: a call only"
        return _call(f, all_chips, reasons, base, note)
    if verb == "fold":
        return _fold(f, reasons, base, f"{said} is a fold")
    if verb == "complete" and completes_the_blind(f.state, f.seat) and not first.by \
            and first.amount in (None, f.bet + f.call_add):
        return _call(f, all_chips, reasons, base, f"{said} from a blind facing only the opening bet makes up the "
                                                  f"blind: a call of {_show(f, f.call_add)} (to "
                                                  f"{_show(f, f.bet + f.call_add)}; TDA 3)")
    # bet, raise, complete, pot, all-in
    if not f.can_aggress:
        if f.facing:
            reasons.append(Why.RAISE_NOT_OPEN)
            return _call(f, all_chips, reasons, base,
                         f"{said}, but raising is not open to the player here, so it binds to the call",
                         clauses=_refusal_clauses(f))
        return _check(f, all_chips, reasons, base, f"{said}, but betting is not open here: a check")
    if verb == "raise" and f.legal.is_bet:
        reasons.append(Why.RAISE_NO_BET)
    to: int | None = None
    if verb == "all-in":
        to = f.allin_to
    elif verb == "pot" and f.state.game.structure is Structure.POT_LIMIT:
        to = f.max_to
    elif first.amount is not None:
        to = f.state.call_level + first.amount if first.by else first.amount
    else:
        # the amount comes from a later amount said alone, or from the chips (one motion, TDA 42/56)
        amount_said = next((f.allin_to if p.verb == "all-in" else p.amount for p in later_phrases
                            if p.verb in ("amount", "all-in") or (p.verb == verb and p.amount is not None)), None)
        if amount_said is not None and not motions:
            to = amount_said
        elif motions:
            counted = motions
            if len(motions) > 1:
                if verb == "raise" and rules["multi-motion-raise"] == "after-verbal-raise":
                    reasons.append(Why.MULTI_MOTION_ALLOWED)
                else:
                    reasons.append(Why.STRING_BET)
                    counted = motions[:1]
            to = f.bet + sum(sum(m) for m in counted)
            if to - f.bet == f.stack:
                reasons.append(Why.LAST_CHIPS_ALL_IN)
            if to < f.full_to and to < f.allin_to:
                reasons.append(Why.RAISE_MADE_UP)
            ruling = _raise_ruling(f, to, all_chips, reasons, base,
                                   f"{said} binds to a {f.agg_kind}; the chips make it to {_show(f, to)}")
            if Why.STRING_BET in reasons:
                ruling = replace(ruling, note=ruling.note + f"; the {len(motions) - 1} later motion(s) are a "
                                                            f"string bet and do not add to it")
            return ruling
    if to is not None and to < f.full_to and to < min(f.allin_to, f.max_to or to):
        reasons.append(Why.RAISE_MADE_UP)
    if verb == "all-in":
        if f.stack <= f.call_add:
            return _call(f, all_chips, reasons, base, f"{said}: the call takes every chip")
    return _raise_ruling(f, to, all_chips, reasons, base, f"{said} binds to a {f.agg_kind}")


def _silent(f: _Facts, first_motion: tuple[int, ...], later_motions: list[tuple[int, ...]], reasons: list[Why],
            base: dict, rules, amount_alone: bool = False, paid: int = 0) -> Ruling:
    """Chips pushed without a word first (or an amount said alone, TDA 40): TDA 44, 45, 43-A, 51.
    ``later_motions`` are a string bet: they do not change the action (TDA 56), but like every chip
    out they count toward what is made up or handed back."""
    total = sum(first_motion)
    put_out = paid if amount_alone else total + sum(map(sum, later_motions))
    if later_motions:
        reasons.append(Why.STRING_BET)
    what = f"an amount of {_show(f, total)} said alone" if amount_alone else (
        f"one chip of {_show(f, total)}" if len(first_motion) == 1 else f"{len(first_motion)} chips ({_show(f, total)})")
    if f.legal.bring_in is not None:  # stud, the bring-in is due: the chips bring in, or complete
        reasons.append(Why.CHIPS_UNOPENED)
        if f.legal.complete_to is not None and f.bet + total >= f.legal.complete_to:
            return _raise_ruling(f, f.legal.complete_to, put_out, reasons, base, f"{what}: a completion")
        return _bring_in(f, put_out, reasons, base, f"{what}: the bring-in")
    last_chips = not amount_alone and total == f.stack
    if last_chips and f.stack <= f.call_add:
        reasons.append(Why.LAST_CHIPS_ALL_IN)
        return _call(f, put_out, reasons, base, f"{what}: the player's last chips, a call all-in")
    if amount_alone and total >= f.allin_to - f.bet and f.can_aggress:
        reasons.append(Why.LAST_CHIPS_ALL_IN)
        return _raise_ruling(f, f.allin_to, put_out, reasons, base, f"{what}: every chip the player has, all-in")
    if not f.facing:
        # TDA 44: not facing a bet, chips put out silently are a bet of their full value.
        reasons.append(Why.LAST_CHIPS_ALL_IN if last_chips else Why.CHIPS_UNOPENED)
        if not f.can_aggress:
            return _check(f, put_out, reasons, base, f"{what} with no bet to face, but betting is not open: a check")
        return _raise_ruling(f, f.bet + total, put_out, reasons, base,
                             f"{what} with no bet to face: a {f.agg_kind} of the full value")
    if total < f.call_add:
        # TDA 51: an undercall.
        if f.state.live_players() == 2 or facing_opening_bet(f.state):
            reasons.append(Why.UNDERCALL_FULL_CALL)
            why = "heads-up" if f.state.live_players() == 2 else "against the round's opening bet"
            return _call(f, put_out, reasons, base, f"{what}, less than the call of {_show(f, f.call_add)}: {why} a full "
                                                    f"call is mandatory (TDA 51)")
        reasons.append(Why.UNDERCALL_DISCRETION)
        return Ruling(status="discretion", options=(Kind.CALL, Kind.FOLD), binding=True, put_out=put_out,
                      make_up=f.call_add - put_out, reasons=tuple(dict.fromkeys(reasons)),
                      model_clauses=_model_clauses(f, Kind.CALL),
                      note=f"{what}, less than the call of {_show(f, f.call_add)}, multi-way against a raise: the TD decides "
                           f"(a full call, or the chips stay in and the hand is folded) (TDA 51)", **base)
    if len(first_motion) == 1 and not amount_alone:
        # TDA 2024 44: one oversized chip facing a bet (the last chip included), "raise" not declared: a call.
        reasons.append(Why.SINGLE_CHIP_CALL)
        change = ", the change goes back" if total > f.call_add else ""
        return _call(f, put_out, reasons, base, f"{what} facing a bet, without \"raise\" declared: a call "
                                                f"of {_show(f, f.call_add)}{change} (TDA 44)")
    if not amount_alone and total - min(first_motion) < f.call_add:
        # TDA 2024 45-A: the last chips included.
        reasons.append(Why.MULTIPLE_CHIPS_CALL)
        return _call(f, put_out, reasons, base, f"{what}: every chip is needed to make the call of "
                                                f"{_show(f, f.call_add)}, so a call (TDA 45-A)")
    if last_chips:
        # TDA 2024 45-B-2: the last chips, not every one needed to call, are all-in whatever the 50% test says.
        reasons.append(Why.LAST_CHIPS_ALL_IN)
        if not f.can_aggress:
            reasons.append(Why.RAISE_NOT_OPEN)
            return _call(f, put_out, reasons, base, f"{what}: the player's last chips, but raising is not "
                                                    f"open here, so a call and the rest goes back",
                         clauses=_refusal_clauses(f))
        return _raise_ruling(f, f.allin_to, put_out, reasons, base,
                             f"{what}: the player's last chips, not every one needed to call: all-in (TDA 45-B)")
    if not f.can_aggress:
        reasons.append(Why.CHIPS_RAISE_NOT_OPEN)
        return _call(f, put_out, reasons, base, f"{what}, but raising is not open here: a call, the rest goes back",
                     clauses=_refusal_clauses(f))
    to = f.bet + total
    if total == f.call_add:
        return _call(f, put_out, reasons, base, f"{what}: exactly the call")
    if rules["multiple-chips"] == "raise" and not amount_alone:
        reasons.append(Why.MULTIPLE_CHIPS_RAISE)
        if to < f.full_to:
            reasons.append(Why.RAISE_MADE_UP)
        return _raise_ruling(f, to, put_out, reasons, base,
                             f"{what}, more than the call: several chips are a raise (seed 003)")
    increment = to - f.state.call_level
    full = f.full_to - f.state.call_level
    if 2 * increment >= full:
        reasons.append(Why.FIFTY_PERCENT_RAISE)
        return _raise_ruling(f, to, put_out, reasons, base,
                             f"{what}: a raise of {_show(f, increment)} over the call, at least half of a full "
                             f"raise of {_show(f, full)}, so a raise (made up to a full raise if short; TDA 43-A, 45)")
    reasons.append(Why.FIFTY_PERCENT_CALL)
    return _call(f, put_out, reasons, base, f"{what}: {_show(f, increment)} over the call is less than half of a full "
                                            f"raise of {_show(f, full)}, so a call, the rest goes back (TDA 43-A, 45)")


# ----------------------------------------------------------------------------- out of turn


def as_actor(state, seat: int):
    """A copy of ``state`` in which ``seat`` is the player to act (what it could do if its turn came now)."""
    proxy = copy.deepcopy(state)
    proxy.actor = seat
    proxy._legal = None
    return proxy


def pending_terms(intent: Ruling, what: str, game) -> str:
    """What pending out-of-turn talk binds to, in words: ``what`` (the action as things stand), or for
    "pot" in pot-limit a pot-sized action, the pot being taken at the player's turn (TDA 2024 53-A)."""
    if intent.action is not None and game.structure is Structure.POT_LIMIT and POT_WORD.search(intent.declared):
        return f"a pot-sized {intent.action.kind} ({what} as the pot stands now)"
    return what


def intend_out_of_turn(state, seat: int, events: Iterable[TableEvent], denominations: tuple[int, ...] = (),
                       heard=None) -> Ruling:
    """Out-of-turn talk by ``seat`` while another player is to act: backed up (TDA 53-A); the
    returned ruling is ``pending`` and carries in ``intent`` what the talk means at this moment
    (``heard``: the hand as the talk meets it, the actor's declared action taken; default ``state``)."""
    events = list(events)
    intent = bind(as_actor(heard or state, seat), seat, events, denominations, in_turn=False)
    fold = intent.action is not None and intent.action.kind is Kind.FOLD
    reasons = [Why.OOT_BACKED_UP]
    if fold:
        reasons.append(Why.OOT_FOLD)
    who = state.game.label(state.actor or 0)
    me = state.game.label(seat)
    said_in = heard or state
    s = said_in.seats[seat]
    if not fold and s.acted and s.stack > 0 and said_in.owed(seat) == 0:
        # Acted and owing nothing: the turn comes back only after a bet or raise, which changes the
        # action (TDA 2024 53-A: then not binding); with none, the round ends first (lapsed).
        return Ruling(seat=seat, in_turn=False, status="pending", put_out=intent.put_out, make_up=-intent.put_out,
                      binding=False, reasons=(Why.OOT_BACKED_UP, Why.OOT_NO_TURN), declared=intent.declared,
                      after=intent.after, events=intent.events, intent=intent,
                      note=f"out of turn: the action is backed up to {who}; {me} has acted and owes nothing, so "
                           f"{me}'s turn comes again only after a bet or raise, which changes the action and "
                           f"releases the talk (TDA 53-A); otherwise the round ends first: it binds nothing")
    what = pending_terms(intent, describe(intent.action, state.game), state.game) if intent.status == "bound" else \
        " or ".join(str(k) for k in intent.options) or "what was said"
    note = (f"out of turn: the action is backed up to {who}; "
            + (("an out-of-turn fold is binding" + (", subject to penalty (TDA 58)" if fold and
                                                    state.rules["fold-when-check"] == "penalized" else "")) if fold else
               f"it binds nothing ({intent.note})" if intent.status == "refused" else
               f"it binds {state.game.label(seat)} to {what} unless the action to {state.game.label(seat)} changes "
               f"before {state.game.label(seat)}'s turn"))
    return Ruling(seat=seat, in_turn=False, status="bound" if fold else "pending",
                  action=intent.action if fold else None, options=intent.options if fold else (),
                  put_out=intent.put_out, make_up=intent.make_up, binding=True if fold else None,
                  penalized=fold and state.rules["fold-when-check"] == "penalized",
                  reasons=tuple(reasons) + intent.reasons, model_clauses=intent.model_clauses,
                  declared=intent.declared, note=note, after=intent.after, events=intent.events, intent=intent)


def changes_action(kind: Kind, rules) -> bool:
    """oot.binding-unchanged: does an intervening action of this kind change the action to the
    out-of-turn player? TDA 53-A: only a bet or raise; Robert's: a call leaves it to the floor
    (Betting and Raising #11: "if there is an intervening call, an action may be ruled binding")."""
    if kind in (Kind.BET, Kind.RAISE, Kind.COMPLETE, Kind.BRING_IN):
        return True
    return kind is Kind.CALL and rules["out-of-turn"] == "no-intervening-action"


def resolve_out_of_turn(pending: Ruling, state, intervening: list[Action], same_round: bool = True,
                        events: Iterable[TableEvent] = (), denominations: tuple[int, ...] = ()) -> Ruling:
    """What a pending out-of-turn ruling becomes, given the actions taken since (``intervening``)
    and the hand now (``state``; its actor is the out-of-turn player when the turn has come). When the
    turn comes with the action unchanged, the talk (``events``) is ruled on as said at that turn: "pot"
    is the pot then, a declared amount is taken as said if it is legal then (TDA 2024 53-A: the
    out-of-turn action is binding; it is taken when the turn comes)."""
    intent = pending.intent
    seat = pending.seat
    rules = state.rules
    who = state.game.label(seat)
    if intent is None or pending.status not in ("pending", "released", "bound", "may-bind"):
        return pending
    if intent.action is not None and intent.action.kind is Kind.FOLD:
        return pending  # an out-of-turn fold is binding at once (TDA 53-A)
    roberts = rules["out-of-turn"] == "no-intervening-action"
    changers = [a for a in intervening if changes_action(a.kind, rules)]
    if not same_round:
        return replace(pending, status="lapsed", binding=False, options=(),
                       reasons=pending.reasons + (Why.OOT_LAPSED,),
                       note=f"out of turn, but the round ended before {who}'s turn: nothing binds")
    if Why.OOT_NO_TURN in pending.reasons:  # acted, owing nothing: only a bet or raise brings the turn back
        raised = next((a for a in changers if a.kind is not Kind.CALL), None)
        if raised is None:
            return pending
        options = tuple(_legal_kinds(_Facts.of(state, seat))) if state.actor == seat else ()
        back = "the chips go back and " if pending.put_out else ""
        book = "Robert's" if roberts else "TDA 53-A"
        return replace(pending, status="released", options=options, reasons=pending.reasons + (Why.OOT_CHANGED,),
                       note=f"out of turn, and the action to {who} changed ({_told(raised, state.game)}): not binding, {back}"
                            f"{who} has every option ({book})")
    restricted: tuple[Kind, ...] = ()
    # "check" (or a tap) facing a bet binds no action (TDA 55) but is still a check out of turn
    checked = (intent.action is not None and intent.action.kind is Kind.CHECK) or Why.CHECK_FACING_BET in intent.reasons
    if roberts and checked:
        restricted = AGGRESSION
    elif roberts and intent.action is not None and intent.action.kind is Kind.CALL:
        restricted = (Kind.RAISE, Kind.COMPLETE)
    turn_now = state.actor == seat
    if changers:
        c = next((a for a in changers if a.kind is not Kind.CALL), changers[0])  # a bet or raise, if any
        options: tuple[Kind, ...] = ()
        if turn_now:
            options = tuple(k for k in _legal_kinds(_Facts.of(state, seat)) if k not in restricted)
        if c.kind is Kind.CALL:  # Robert's, only calls came between: the floor decides
            events = list(events)
            if turn_now and events:  # held to it, it is taken as said at the turn: "pot" is the pot then (review DH)
                intent = bind(state, seat, events, denominations, in_turn=False)
            what = describe(intent.action, state.game) if intent.action is not None else \
                " or ".join(str(k) for k in intent.options) or "what was declared"
            rest = (f"every option but a {' or '.join(str(k) for k in restricted if k in (Kind.BET, Kind.RAISE))}"
                    if restricted else "every option")
            return replace(pending, status="may-bind", binding=None, options=options, action=intent.action,
                           min_to=intent.min_to, max_to=intent.max_to, all_in=intent.all_in,
                           make_up=intent.make_up if turn_now and events else pending.make_up,
                           reasons=pending.reasons + (Why.OOT_CALLED_DISCRETION,)
                           + ((Why.OOT_ROBERTS,) if restricted else ()), barred=restricted,
                           note=f"out of turn, and a call came before {who}'s turn ({_told(c, state.game)}): under Robert's rules "
                                f"the action may be ruled binding (the TD's discretion): {who} held to {what}, or "
                                f"given {rest} (Robert's Betting and Raising #11)")
        reasons = pending.reasons + (Why.OOT_CHANGED,)
        back = "the chips go back and " if pending.put_out else ""
        note = f"out of turn, and the action to {who} changed ({_told(c, state.game)}): not binding"
        if restricted:
            reasons += (Why.OOT_ROBERTS,)
            note += (f"; {back}having {'checked' if checked else 'called'} out of turn, "
                     f"{who} may not {'bet or raise' if checked else 'raise'} "
                     f"on this turn (Robert's)")
        else:
            book = "Robert's" if roberts else "TDA 53-A"
            note += f", {back}{who} has every option ({book})"
        return replace(pending, status="released", binding=False, options=options, action=None,
                       make_up=-pending.put_out, reasons=reasons, note=note, barred=restricted)
    if not turn_now:
        return pending
    # The turn has come and the action has not changed: binding (TDA 53-A).
    reasons = pending.reasons + (Why.OOT_BINDING,)
    if restricted:
        reasons += (Why.OOT_ROBERTS,)
    events = list(events)
    if events:
        intent = bind(state, seat, events, denominations, in_turn=False)
    f = _Facts.of(state, seat)
    if intent.status == "bound" and intent.action is not None:
        action = intent.action
        try:
            state.verify(action)
        except IllegalAction as err:  # cannot happen while the action is unchanged; say so if it does
            return replace(pending, status="released", binding=False, options=_legal_kinds(f),
                           reasons=reasons, note=f"out of turn; the declared {describe(action, state.game)} is not legal "
                                                 f"now ({err.reason.code}), so every option is back")
        unchanged = ("no bet, raise or call came first): binding, {who} must {what} (Robert's)" if roberts else
                     "a check, call or fold does not change it): binding, {who} must {what} (TDA 53-A)")
        return replace(pending, status="bound", binding=True, action=action, options=(action.kind,),
                       put_out=intent.put_out, make_up=intent.make_up, min_to=intent.min_to, max_to=intent.max_to,
                       all_in=intent.all_in, reasons=reasons, intent=intent,
                       note=f"out of turn, and the action to {who} did not change ("
                            + unchanged.format(who=who, what=describe(action, state.game)))
    return replace(pending, status=intent.status, binding=intent.status != "refused", options=intent.options,
                   make_up=intent.make_up,
                   reasons=reasons, intent=intent,
                   note=f"out of turn, and the action to {who} did not change: " + (
                       f"nothing binds ({intent.note})" if intent.status == "refused" else f"binding as said ({intent.note})"))


# ----------------------------------------------------------------------------- walking a hand


@dataclass(frozen=True)
class Move:
    """One entry of the hand's action list: a player's formal action (``verb`` in PHH terms), or a
    deal (``seat`` None)."""

    index: int
    seat: int | None
    verb: str
    amount: int | None = None
    text: str = ""


@dataclass
class Judgement:
    """Every ruling of a hand's table talk, in order."""

    rulings: list[Ruling] = field(default_factory=list)

    def latest(self, seat: int) -> Ruling | None:
        for r in reversed(self.rulings):
            if r.seat == seat:
                return r
        return None


BETTING_VERBS = ("f", "cc", "cbr", "pb")


def judge(state, moves: Iterable[Move], events: Iterable[TableEvent], denominations: tuple[int, ...] = (),
          at_point: Callable[[int, list[Ruling]], None] | None = None) -> Judgement:
    """Walk the hand: before each action apply the talk said at that point (``after``), rule on it,
    and check what the history records against it. ``state`` is a fresh hand and is consumed.
    ``at_point(pos, rulings)``, if given, sees the rulings as they stand before move ``pos`` (and at
    the end, ``pos == len(moves)``): what a question asked at that point of the hand would be told."""
    moves = list(moves)
    by_position: dict[int, list[TableEvent]] = {}
    for e in events:
        if e.after <= len(moves):
            by_position.setdefault(e.after, []).append(e)
    out = Judgement()
    open_turn: dict[int, int] = {}  # seat -> index in out.rulings of its in-turn ruling awaiting its action
    # seat -> (ruling index, street, intervening, the seat whose declared action its talk already faced)
    pending: dict[int, tuple[int, int, list[Action], int | None]] = {}
    said: dict[int, list[TableEvent]] = {}  # seat -> its pending out-of-turn talk

    def settle_pending() -> None:
        # The player to act whose talk binds an action has taken it, recorded or not (chips put out in
        # turn are the action: TDA 2024 40, 53-A), so it counts for the out-of-turn players after them.
        for seat in list(pending):
            ri, street, seen, _ = pending[seat]
            taken = [r.action for r in (out.rulings[i] for i in open_turn.values() if i > ri)
                     if r.status == "bound" and r.action is not None]
            same_round = state.street == street and not state.hand_over
            out.rulings[ri] = resolve_out_of_turn(out.rulings[ri], state, seen + taken, same_round=same_round,
                                                  events=said[seat], denominations=denominations)
            if out.rulings[ri].status == "lapsed":
                del pending[seat]

    for pos in range(len(moves) + 1):
        groups: dict[int, list[TableEvent]] = {}
        for e in by_position.get(pos, []):
            groups.setdefault(e.seat, []).append(e)
        for seat, group in groups.items():
            _validate(state, seat, group)
            if seat == state.actor:
                if seat in pending:  # an out-of-turn declaration already binds this turn
                    ri = pending[seat][0]
                    r = out.rulings[ri]
                    if _bound_action(r):  # out-of-turn talk binds an action: the turn's talk joins it, ruled on
                        said[seat] = said[seat] + group  # below as one (the first declaration decides, TDA 2024 40;
                        continue  # its chips count; an amount left open is set, TDA 42)
                    if _stands(r, bind(state, seat, group, denominations)):
                        out.rulings[ri] = replace(r, note=r.note + f"; what {state.game.label(seat)} says now does not "
                                                                   f"change it ({'; '.join(map(str, group))})")
                        continue
                    del pending[seat]
                out.rulings.append(bind(state, seat, group, denominations))
                open_turn[seat] = len(out.rulings) - 1
            else:
                if seat in pending and out.rulings[pending[seat][0]].status in ("bound", "pending", "may-bind") \
                        and not _refused(out.rulings[pending[seat][0]]):
                    # the first out-of-turn talk stands while it binds or may bind (an out-of-turn fold binds
                    # at once, TDA 2024 53-A; the first declaration decides, TDA 40, seed 000)
                    ri = pending[seat][0]
                    r = out.rulings[ri]
                    out.rulings[ri] = replace(r, note=r.note + f"; what {state.game.label(seat)} says later does not "
                                                               f"change it ({'; '.join(map(str, group))})")
                    continue
                heard, ahead = _declared_taken(state, out.rulings, open_turn)
                out.rulings.append(intend_out_of_turn(state, seat, group, denominations, heard))
                pending[seat] = (len(out.rulings) - 1, state.street, [], ahead)
                said[seat] = group
        if groups and pending:
            settle_pending()
        if pos == len(moves):
            break
        if at_point is not None:
            at_point(pos, list(out.rulings))
        m = moves[pos]
        if m.seat is None or m.verb not in BETTING_VERBS or state.hand_over:
            continue
        try:
            action = state.classify(m.seat, m.verb, m.amount)
        except ValueError:
            continue
        # the player's binding in-turn talk is the action taken (TDA 2024 40), whatever the history records
        declared = _declared_action(out.rulings[open_turn[m.seat]]) if m.seat in open_turn else None
        # compare with what the talk bound this player to
        for table in (open_turn, {s: v[0] for s, v in pending.items()}):
            if m.seat in table:
                ri = table[m.seat]
                out.rulings[ri] = _record(out.rulings[ri], action, m.text or str(action), m.index)
        open_turn.pop(m.seat, None)
        if m.seat in pending:
            del pending[m.seat]
        try:
            state.apply(action)
        except IllegalAction:
            break
        for seat, (ri, street, seen, ahead) in pending.items():
            if ahead == m.seat:  # the declared action this talk was said after: no change to it
                pending[seat] = (ri, street, seen, None)
            else:
                seen.append(declared if declared is not None and declared.kind is not action.kind else action)
        settle_pending()
    settle_pending()
    if at_point is not None:
        at_point(len(moves), list(out.rulings))
    return out


def _declared_action(r: Ruling) -> Action | None:
    """The action a player's in-turn talk binds to, when it binds one."""
    return r.action if r.status == "bound" and r.action is not None else None


def _bound_action(r: Ruling) -> bool:
    """Out-of-turn talk bound, at the turn, to an action other than a fold (TDA 2024 53-A). What the
    player says or puts out then goes with it: the first declaration still decides (TDA 40), the chips
    count toward it, and a bet or raise whose amount was not said takes it from them (TDA 40, 42)."""
    return r.status == "bound" and r.action is not None and r.action.kind is not Kind.FOLD


def _refused(r: Ruling) -> bool:
    """Out-of-turn talk the rules refuse (a muck where folding with a check available is forbidden): it
    binds nothing, so it does not stand against what the player says next."""
    return r.intent is not None and r.intent.status == "refused"


def _stands(r: Ruling, new: Ruling) -> bool:
    """Does a player's out-of-turn ruling stand against what they say at their turn (``new``)? A bound
    one does (TDA 2024 53-A); one that leaves call or fold (TDA 51, 55) does unless the new talk picks one
    of them; a released one under Robert's bars a bet or raise at this turn (Betting and Raising #11)."""
    picked = new.action.kind if new.status == "bound" and new.action is not None else None
    if r.status == "bound":
        return True
    if r.status in ("open", "discretion"):
        return picked not in r.options
    return r.status in ("released", "may-bind") and picked is not None and picked in r.barred


def _declared_taken(state, rulings: list[Ruling], open_turn: dict[int, int]):
    """The hand as out-of-turn talk said now meets it: the player to act's binding in-turn talk counts as
    the action taken, recorded or not (TDA 2024 40: a bet is made by voice or chips, whichever comes first;
    53-A). Returns (that state, the seat whose declared action it holds), or (``state``, None)."""
    seat = state.actor
    if seat is None or seat not in open_turn:
        return state, None
    r = rulings[open_turn[seat]]
    act = r.action
    if r.status != "bound" or act is None or (act.kind in AGGRESSION and act.to is None):
        return state, None
    heard = state.copy()
    try:
        heard.apply(act)
    except IllegalAction:
        return state, None
    if heard.hand_over or heard.street != state.street:  # it ended the round: the talk will lapse
        return state, None
    return heard, seat


def _validate(state, seat: int, group: list[TableEvent]) -> None:
    e = group[0]
    if not 0 <= seat < len(state.seats):
        raise DeclarationError(e, f"there is no player p{seat + 1}")
    who = state.game.name_of(seat)
    if state.hand_over:
        raise DeclarationError(e, f"the betting of the hand is over; {who} cannot act")
    s = state.seats[seat]
    if s.folded:
        raise DeclarationError(e, f"{who} has folded")
    if s.stack == 0:
        raise DeclarationError(e, f"{who} is all-in and has nothing to declare")
    for ev in group:
        if ev.in_turn is not None and ev.in_turn != (seat == state.actor):
            actor = "nobody" if state.actor is None else state.game.name_of(state.actor)
            raise DeclarationError(ev, f"marked {'in turn' if ev.in_turn else 'out of turn'} "
                                       f"(in_turn = {str(ev.in_turn).lower()}), but the player to act is {actor}")


def _record(r: Ruling, action: Action, text: str, index: int | None = None) -> Ruling:
    """The history's action for a decision the talk ruled on: consistent, or a conflict."""
    ok = True
    if r.status == "bound" and r.action is not None:
        ok = r.action.kind is action.kind and (r.action.to is None or action.to is None or r.action.to == action.to
                                               or action.kind not in AGGRESSION)
        if ok and r.action.to is None and action.kind in AGGRESSION and r.min_to is not None:
            ok = r.min_to <= (action.to or r.min_to) <= (r.max_to or action.to)
    elif r.status in ("open", "discretion", "released", "may-bind"):
        ok = not r.options or action.kind in r.options
    held = None
    if r.status == "may-bind" and r.action is not None:
        held = r.action.kind is action.kind and (r.action.to is None or action.to is None or r.action.to == action.to)
    return replace(r, recorded=text, recorded_index=index, conflict=not ok, current=False, held=held)
