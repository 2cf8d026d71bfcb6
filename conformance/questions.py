"""The rule-lawyer's questions, in the words players use (grammar in docs/asking.md)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from betlaw.model.actions import Kind

from .scenario import FINEST, MAX_DIGITS

ALL_IN = "all-in"

VERBS: dict[str, Kind | str] = {
    "fold": Kind.FOLD, "muck": Kind.FOLD,
    "check": Kind.CHECK,
    "call": Kind.CALL, "see": Kind.CALL, "limp": Kind.CALL, "flat": Kind.CALL, "flat-call": Kind.CALL,
    "bet": Kind.BET, "open": Kind.BET, "lead": Kind.BET,
    "raise": Kind.RAISE, "re-raise": Kind.RAISE, "reraise": Kind.RAISE, "check-raise": Kind.RAISE,
    "3-bet": Kind.RAISE, "4-bet": Kind.RAISE, "three-bet": Kind.RAISE, "min-raise": Kind.RAISE,
    "complete": Kind.COMPLETE,
    "bring in": Kind.BRING_IN, "bring-in": Kind.BRING_IN,
    "shove": ALL_IN, "jam": ALL_IN, "push": ALL_IN, "go all-in": ALL_IN, "go all in": ALL_IN,
    "move all-in": ALL_IN, "move all in": ALL_IN, "all-in": ALL_IN,
}
FILLER = re.compile(r"\b(here|now|right now|still|please|at this point|legally|actually)\b")
VERB_PATTERN = "|".join(sorted((re.escape(v) for v in VERBS), key=len, reverse=True))
CAN = re.compile(rf"^(?:can|may|could|is it legal for) (?P<player>.+?) (?:to )?(?P<verb>{VERB_PATTERN})"
                 rf"(?: (?:to|for|it to) ?(?P<amount1>\S+)| (?P<amount2>[$]?[0-9][0-9.,]*)| by (?P<by>\S+))?$")
WHO = re.compile(r"^(?:who acts|who acts next|who is to act|who's to act|who is next|who's next|"
                 r"whose turn is it|whose action is it|whose turn|who is first to act|who acts first)$")
WHAT = re.compile(r"^(?:what can (?P<p1>.+?) do|what are (?P<p2>.+?)(?:'s|s') options|"
                  r"what are the options for (?P<p3>.+?)|how much (?:can|may|does|must|has) (?P<p4>.+?) "
                  r"(?:(?:need|have|got) )?(?:to )?(?:bet|raise|call|put in)|what is the (?:min(?:imum)?|max(?:imum)?|smallest|largest) "
                  r"(?:bet|raise)(?: for (?P<p5>.+?))?|what are the options|how much (?:is it )?to call)$")
ROUND = re.compile(r"^(?:is (?:the )?(?:betting )?round (?:over|closed|complete|finished)|"
                   r"is (?:the )?(?:betting|action) (?:over|closed|complete|finished))$")
# Table talk (docs/table-talk.md): what a player's words, chips and gestures bind them to.
_POSS = r"(?:'s|s')"
_THING = r"(?:(?:out[- ]of[- ]turn|oot) )?(?:action|bet|raise|call|check|fold|declaration|words|chips)"
ACTION = re.compile(rf"^(?:what is (?P<p1>.+?){_POSS} action|what action is (?P<p2>.+?) bound to|"
                    rf"what is (?P<p3>.+?) bound to|what did (?P<p4>.+?) (?:do|declare))$")
OOT = re.compile(rf"^what happens (?:to|with) (?P<p1>.+?){_POSS} {_THING}$")
BINDING = re.compile(rf"^(?:is (?P<p1>.+?){_POSS} {_THING} binding|is (?P<p2>.+?) bound)$")
POTS = re.compile(r"^(?:what are the (?:side )?pots|what is the pot|what are the pots and side pots|pots|"
                  r"show the pots|who can win which pot)$")


class QuestionError(ValueError):
    def __init__(self, word: str, message: str):
        super().__init__(f"question: {message}")
        self.word = word


@dataclass(frozen=True)
class Question:
    text: str
    kind: str  # "who", "what", "can", "round", "pots"; table talk: "action", "oot", "binding"
    player: str | None = None  # "what" without a player: the player to act
    verb: Kind | str | None = None
    amount: Decimal | None = None
    by: bool = False  # "raise by 50": an increment over the current bet, turned into a "to" amount


def normalize(text: str) -> str:
    t = text.strip().lower().replace("\u2019", "'")
    t = t.rstrip("?!. ").strip()
    t = FILLER.sub(" ", t)
    return re.sub(r"\s+", " ", t).strip()


def parse_amount(word: str) -> Decimal:
    cleaned = word.strip().lstrip("$").replace(",", "")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise QuestionError(word, f"expected an amount (e.g. 'to 40'), got {word!r}") from None
    if not value.is_finite() or value <= 0:
        raise QuestionError(word, f"expected a positive amount, got {word!r}")
    if value.adjusted() >= MAX_DIGITS or value.adjusted() < FINEST:  # the bounds of a hand's amounts
        raise QuestionError(word, f"{word!r} is out of range: betlaw reads amounts from 1e{FINEST} to below "
                                  f"1e{MAX_DIGITS}")
    return value


def parse(text: str) -> Question:
    t = normalize(text)
    if not t:
        raise QuestionError("", "empty question; ask e.g. 'who acts?' or 'can p1 raise to 20?'")
    if WHO.match(t):
        return Question(text, "who")
    if m := WHAT.match(t):
        return Question(text, "what", player=next((g for g in m.groups() if g), None))  # none: the player to act
    if ROUND.match(t):
        return Question(text, "round")
    if POTS.match(t):
        return Question(text, "pots")
    for kind, pattern in (("action", ACTION), ("oot", OOT), ("binding", BINDING)):
        if m := pattern.match(t):
            return Question(text, kind, player=next(g for g in m.groups() if g))
    if m := CAN.match(t):
        word = m.group("amount1") or m.group("amount2") or m.group("by")
        verb = VERBS[m.group("verb")]
        if m.group("by") and verb not in (Kind.BET, Kind.RAISE):
            raise QuestionError(m.group("by"), f"'by AMOUNT' goes with bet or raise, not {m.group('verb')!r}; "
                                               "amounts are 'to' amounts (TDA 2024 rule 43-B): say 'to AMOUNT'")
        return Question(text, "can", player=m.group("player"), verb=verb,
                        amount=parse_amount(word) if word else None, by=bool(m.group("by")))
    first = t.split()[0]
    if first in ("can", "may", "could"):
        parts = t.split()
        verb = parts[2] if len(parts) > 2 else ""
        raise QuestionError(verb, f"unknown action {verb!r}; expected one of: "
                                  "fold, check, call (see), bet (open), raise (re-raise, check-raise), "
                                  "complete, bring in, go all-in (shove)")
    raise QuestionError(first, f"cannot parse {text!r}; ask 'who acts?', 'what can pN do?', "
                               "'can pN fold|check|call|bet|raise|complete [to AMOUNT]?', "
                               "'is the round over?', 'what are the pots?', "
                               "'what is pN's action?' or 'is pN's action binding?'")
