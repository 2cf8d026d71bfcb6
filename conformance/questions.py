"""The rule-lawyer's questions, in the words players use (grammar in docs/asking.md)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from betlaw.model.actions import Kind

from .scenario import FINEST, MAX_DIGITS

ALL_IN = "all-in"

VERBS: dict[str, Kind | str] = {
    "fold": Kind.FOLD, "muck": Kind.FOLD,
    "check": Kind.CHECK,
    "call": Kind.CALL, "see": Kind.CALL, "limp": Kind.CALL, "flat": Kind.CALL, "flat-call": Kind.CALL,
    "flat call": Kind.CALL, "smooth call": Kind.CALL, "smooth-call": Kind.CALL, "cold call": Kind.CALL,
    "cold-call": Kind.CALL, "overcall": Kind.CALL, "over-call": Kind.CALL,
    "bet": Kind.BET, "open": Kind.BET, "lead": Kind.BET,
    "raise": Kind.RAISE, "re-raise": Kind.RAISE, "reraise": Kind.RAISE, "check-raise": Kind.RAISE,
    "reopen the betting": Kind.RAISE, "re-open the betting": Kind.RAISE,
    "3-bet": Kind.RAISE, "4-bet": Kind.RAISE, "three-bet": Kind.RAISE, "min-raise": Kind.RAISE,
    "min raise": Kind.RAISE, "minraise": Kind.RAISE,
    "complete": Kind.COMPLETE,
    "bring in": Kind.BRING_IN, "bring-in": Kind.BRING_IN, "bring it in": Kind.BRING_IN,
    "shove": ALL_IN, "jam": ALL_IN, "push": ALL_IN, "go all-in": ALL_IN, "go all in": ALL_IN,
    "move all-in": ALL_IN, "move all in": ALL_IN, "all-in": ALL_IN, "all in": ALL_IN, "allin": ALL_IN,
}
for _verb in ("raise", "bet", "call", "push", "shove", "jam", "go", "move", "put"):
    for _allin in ("all-in", "all in", "allin"):
        VERBS.setdefault(f"{_verb} {_allin}", ALL_IN)
MIN_RAISE_WORDS = ("min-raise", "min raise", "minraise")  # the raise to the minimum (TDA 2024 rule 43-A)
FILLER = re.compile(r"\b(here|now|right now|still|please|at this point|legally|actually|then)\b")
VERB_PATTERN = "|".join(sorted((re.escape(v) for v in VERBS), key=len, reverse=True))
# after the verb: "check behind", "call it", "call the raise" say nothing more than the verb
_OBJECT = (r"(?: (?:it|behind|the bet|the raise|the blind|the big blind|the bring-in|the bring in|that|this|"
           r"(?:my|his|her|their|the) option))?")
_AMOUNT = (r"(?: (?:to |for )?(?:the )?(?P<pot>pot)(?: size| sized)?| (?P<prep>to|for|it to) ?(?P<amount1>\S+)"
           r"| (?P<amount2>[$]?[0-9][0-9.,]*[kx]?)| by (?P<by>\S+))?")
CAN = re.compile(rf"^(?:(?:can|may|could|is it legal for|is it ok for|is it okay for) (?P<player>.+?) (?:to )?"
                 rf"|(?:is (?P<player2>.+?)|am (?P<player3>i)) (?:allowed|able|permitted) to )"
                 rf"(?P<verb>{VERB_PATTERN}){_OBJECT}{_AMOUNT}(?P<allin> all[- ]?in)?$")
WHO = re.compile(r"^(?:who acts|who acts next|who is to act|who is to act next|who is next|who is next to act|"
                 r"who is up|who is up next|"
                 r"who has the action|whose action|whose turn is it|whose action is it|whose turn|"
                 r"who's turn is it|who's turn|who's action is it|who is in turn)$")
FIRST = re.compile(r"^(?:who is first to act|who acts first|who was first to act|who acted first)"
                   r"(?: (?:on|in) (?:the|this) (?:round|street))?$")
BRINGS_IN = re.compile(r"^(?:who (?:brings it in|brings in|has the bring-in|is the bring-in|must bring in|"
                       r"posts the bring-in)|who is bringing it in|who is bringing in)$")
OPENED = re.compile(r"^who (?:opened|opens|has opened)(?: the (?:betting|pot|round))?(?: (?:on|in) (?:the|this) "
                    r"(?:round|street))?$")  # the first voluntary bet (seed 000), not the first to act
TURN = re.compile(r"^(?:is it (?P<p1>.+?)(?:'s|')? (?:turn|action)(?: to act)?|"
                  r"is (?P<p2>.+?) (?:to act|next|in turn|up))$")  # "is it bobs turn": seat_of takes the s off
WHAT = re.compile(r"^(?:what can (?P<p1>.+?) do|what (?:are|is) (?P<p2>.+?)(?:'s|')? options|"
                  r"what are the options for (?P<p3>.+?)|how much (?:can|may|does|must|has) (?P<p4>.+?) "
                  r"(?:(?:need|have|got) )?(?:to )?(?:bet|raise|put in)(?: to)?|what options does (?P<p5>.+?) have|"
                  r"what are the options|what are my options|what can i do|what are the legal actions|"
                  r"what can the player (?:to act|in turn) do|"
                  r"how much (?:does|must|do) (?P<p6>.+?) (?:need to |have to )?complete(?: to)?)$")
# The same options, one part asked for: the least or most a bet or raise may be, or the call.
_LOW, _HIGH = r"min(?:imum)?|smallest|least|lowest", r"max(?:imum)?|largest|most|highest"
_SIZE = r"(?:bet|raise|raise to|bet or raise|re-raise|reraise)"
FOCUS = re.compile(rf"^(?:(?:(?:what|how much) is )?(?:the )?(?:(?P<low>{_LOW})|{_HIGH})[- ](?:legal )?{_SIZE}(?: for (?P<p1>.+?))?|"
                   rf"(?:what is )?the (?:(?P<low2>{_LOW})|{_HIGH}) (?:(?P<p2>.+?) (?:can|may) {_SIZE}(?: to)?|"
                   rf"{_SIZE} (?P<p4>.+?) (?:can|may) make)|"
                   rf"what is (?:(?P<p5>my)|(?P<p6>.+?)(?:'s|')) (?:(?P<low3>{_LOW})|{_HIGH})[- ](?:legal )?{_SIZE}|"
                   rf"how much (?:is it |does it cost )?to call|(?:how much|what) is the call|"
                   rf"how much (?:does|do|must|has|have) (?P<p3>.+?) (?:(?:need|have|got) )?(?:to )?call|"
                   rf"what (?:does|do|must) (?P<p7>.+?) (?:need to |have to )?(?:put in to )?call|"
                   rf"how much more (?:does|do|must) (?P<p8>.+?) (?:need to |have to )?(?:put in to )?call)$")
# "who is the big blind?", "who is all-in?", "is the betting capped?" (limit: the raises counted and left)
POSITION = re.compile(r"^who (?:is|has) (?P<position>the (?:button|dealer|small blind|big blind|straddle|straddler)|"
                      r"(?:the )?(?:sb|bb|btn|utg)|under the gun)$")
REOPENED = re.compile(r"^(?:is|has) (?:the )?(?:betting|action) (?:been )?(?:re-?opened|open) (?:for|to) (?P<player>.+)$")
ALL_IN_WHO = re.compile(r"^(?:who is all[- ]?in|who are all[- ]?in|who is all[- ]?in now|is anyone all[- ]?in)$")
CAPPED = re.compile(r"^(?:is (?:the )?(?:betting|pot|round|raising) capped|is it capped|has the cap been reached|"
                    r"how many (?:more )?raises (?:are )?(?:left|remaining)|how many raises (?:have been made|so far)|"
                    r"what is the cap)$")
ROUND = re.compile(r"^(?:is (?:the |this )?(?:betting )?round (?:over|closed|complete|finished|done)|"
                   r"is (?:the )?(?:betting|action) (?:over|closed|complete|finished|done))$")
HAND = re.compile(r"^is (?:the )?hand (?:over|finished|done|complete)$")
# Table talk (docs/table-talk.md): what a player's words, chips and gestures bind them to.
_POSS = r"(?:'s|')"
_THING = r"(?:(?:out[- ]of[- ]turn|oot) )?(?P<thing>action|bet|raise|call|check|fold|declaration|words|chips)"
ACTION = re.compile(rf"^(?:what is (?P<p1>.+?){_POSS} action|what action is (?P<p2>.+?) bound to|"
                    rf"what is (?P<p3>.+?) bound to|what did (?P<p4>.+?) (?:do|declare|say))$")
OOT = re.compile(rf"^what happens (?:to|with) (?P<p1>.+?){_POSS} {_THING}$")
BINDING = re.compile(rf"^(?:is (?P<p1>.+?){_POSS} {_THING} binding|is (?P<p2>.+?) bound)$")
POTS = re.compile(r"^(?:what are the (?:side )?pots|what is the pot|what are the pots and side pots|(?:the )?pots|"
                  r"show the pots|who can win (?:which pot|the (?:main |side )?pots?|each pot)|"
                  r"who is eligible for (?:which|each|the (?:main |side )?) ?pots?|"
                  r"what is in the (?:main |side )?pot|how much is in the (?:main |side )?pots?|"
                  r"how (?:big|much) is the (?:main |side )?pot|(?:what is the )?pot size|(?:the )?side pots?|"
                  r"what is the (?:main|side) pot|is there a side pot|are there side pots|"
                  r"what is the size of the pot)$")
# "I", "me", "my": the player to act
_ME = {"i", "me", "my", "the player to act", "the player in turn", "whoever is to act", "the actor"}


class QuestionError(ValueError):
    def __init__(self, word: str, message: str):
        super().__init__(f"question: {message}")
        self.word = word


@dataclass(frozen=True)
class Question:
    text: str
    kind: str  # "who", "first", "opened", "bring-in", "position", "all-in", "cap", "reopened", "what", "can", "round", "pots";
    # table talk: "action", "oot", "binding"
    player: str | None = None  # "what" without a player: the player to act
    verb: Kind | str | None = None
    amount: Decimal | None = None
    by: bool = False  # "raise by 50": an increment over the current bet, turned into a "to" amount
    to: bool = False  # "to" written before the amount ("call to 6"): a "to" amount, nothing else (TDA 2024 43-B)
    times: bool = False  # "raise to 3x": three times the current bet
    pot: bool = False  # "raise the pot": a pot-sized bet or raise (the call, then the pot after the call)
    said: str = ""  # the verb as asked ("open", "limp", ...)
    focus: str | None = None  # "what": the part of the options asked for ("min", "max" bet or raise; "call")
    premises: tuple = ()  # "if p3 calls, can p1 raise?": the actions played first (kind "can" or "everyone")


def normalize(text: str) -> str:
    t = text.strip().lower().replace("\u2019", "'")
    t = t.rstrip("?!. ").strip()
    t = re.sub(r"\b(what|who|it)(?:'s|s)\b(?! (?:options|turn|action|bet|raise|call|check|fold|declaration|words|"
               r"chips|out|oot))", r"\1 is", t)  # "what's", "whats", "who's" (not "whose", not a possessive)
    t = re.sub(r",(\s|$)", r"\1", t)  # "raise, please"; "1,000" keeps its comma
    t = re.sub(r"^(?:would|will) (.+?) be (allowed|able|permitted) to ", r"is \1 \2 to ", t)  # "would p1 be able to"
    t = re.sub(r"^would (.+?) be (?=to act|next|in turn|up$)", r"is \1 ", t)  # "would p1 be next"
    t = FILLER.sub(" ", t)
    return re.sub(r"\s+", " ", t).strip()


_GROUPED = re.compile(r"^[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?$")


def parse_amount(word: str) -> Decimal:
    """An amount as players write it: ``40``, ``$1,000``, ``2.50``, ``1.5k``. (``3x``, a multiple of the
    current bet, is :func:`parse_multiple`.)"""
    cleaned = word.strip()
    if cleaned.startswith("$"):
        cleaned = cleaned[1:]
    if "," in cleaned:
        if not _GROUPED.match(cleaned):
            raise QuestionError(word, f"{word!r}: commas group thousands (1,000); write decimals with a point (2.50)")
        cleaned = cleaned.replace(",", "")
    scale = Decimal(1000) if cleaned[-1:] == "k" else Decimal(1)
    if scale != 1:
        cleaned = cleaned[:-1]
    if not re.fullmatch(r"[0-9]*\.?[0-9]+(?:e[-+]?[0-9]+)?|[0-9]+\.", cleaned):  # ASCII digits only ('1_0' is no amount)
        raise QuestionError(word, f"expected an amount (e.g. 'to 40'), got {word!r}")
    value = Decimal(cleaned) * scale
    if not value.is_finite() or value <= 0:
        raise QuestionError(word, f"expected a positive amount, got {word!r}")
    if value.adjusted() >= MAX_DIGITS or value.adjusted() < FINEST:  # the bounds of a hand's amounts
        raise QuestionError(word, f"{word!r} is out of range: betlaw reads amounts from 1e{FINEST} to below "
                                  f"1e{MAX_DIGITS}")
    return value


def parse(text: str) -> Question:
    """A question, with any premise ("if p3 calls and p4 folds, can p1 raise?") parsed into its actions."""
    return _premised(text) or _parse_plain(text)


def _parse_plain(text: str) -> Question:
    t = normalize(text)
    if not t:
        raise QuestionError("", "empty question; ask e.g. 'who acts?' or 'can p1 raise to 20?'")
    if WHO.match(t):
        return Question(text, "who")
    if FIRST.match(t):
        return Question(text, "first")
    if OPENED.match(t):
        return Question(text, "opened")
    if BRINGS_IN.match(t):
        return Question(text, "bring-in")
    if m := TURN.match(t):
        return Question(text, "turn", player=_player(m.group("p1") or m.group("p2")))
    if m := WHAT.match(t):
        return Question(text, "what", player=_player(next((g for g in m.groups() if g), None)))
    if m := FOCUS.match(t):
        focus = "min" if m.group("low") or m.group("low2") or m.group("low3") else "call" if t.endswith(" call") else "max"
        who = next((m.group(g) for g in ("p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8") if m.group(g)), None)
        return Question(text, "what", player=_player(who), focus=focus)
    if m := POSITION.match(t):
        return Question(text, "position", player=m.group("position"))
    if ALL_IN_WHO.match(t):
        return Question(text, "all-in")
    if CAPPED.match(t):
        return Question(text, "cap", said="how many" if t.startswith("how many") else "")
    if ROUND.match(t):
        return Question(text, "round")
    if HAND.match(t):
        return Question(text, "hand")
    if POTS.match(t):
        return Question(text, "pots")
    for kind, pattern in (("action", ACTION), ("oot", OOT), ("binding", BINDING)):
        if m := pattern.match(t):
            thing = m.groupdict().get("thing")  # "is p2's raise binding?" asks about a raise
            return Question(text, kind, player=next(v for k, v in m.groupdict().items() if k != "thing" and v),
                            verb=VERBS.get(thing) if thing else None)
    if m := REOPENED.match(t):  # "is the betting reopened for Alice?": may she raise at her turn (TDA 2024 47)
        return Question(text, "reopened", player=_player(m.group("player")))
    if m := CAN.match(t):
        word = m.group("amount1") or m.group("amount2") or m.group("by")
        verb = VERBS[m.group("verb")]
        if m.group("by") and verb not in (Kind.BET, Kind.RAISE):
            raise QuestionError(m.group("by"), f"'by AMOUNT' goes with bet or raise, not {m.group('verb')!r}; "
                                               "amounts are 'to' amounts (TDA 2024 rule 43-B): say 'to AMOUNT'")
        times = word is not None and re.fullmatch(r"[0-9]+(?:\.[0-9]+)?x", word) is not None
        if times and (m.group("by") or verb not in (Kind.BET, Kind.RAISE, Kind.COMPLETE)):
            raise QuestionError(word, f"{word!r} (a multiple of the current bet) goes with 'raise to', e.g. 'raise to 3x'")
        if (word or m.group("pot")) and verb in (Kind.FOLD, Kind.CHECK):
            raise QuestionError(word or "pot", f"{m.group('verb')!r} takes no amount")
        pot = m.group("pot") is not None
        if pot and verb not in (Kind.BET, Kind.RAISE):
            raise QuestionError("pot", f"'pot' (a pot-sized bet or raise) goes with bet or raise, not {m.group('verb')!r}")
        if m.group("allin"):  # "re-raise all-in", "raise to 77.5 all-in": the all-in (to that amount, if given)
            if verb not in (Kind.BET, Kind.RAISE, Kind.CALL, ALL_IN) or m.group("by") or m.group("pot") or times:
                raise QuestionError("all-in", f"'all-in' after {m.group('verb')!r}: ask 'can pN go all-in [for AMOUNT]?'")
            verb = ALL_IN
        return Question(text, "can", player=_player(m.group("player") or m.group("player2") or m.group("player3")), verb=verb,
                        amount=(parse_amount(word[:-1]) if times else parse_amount(word)) if word else None,
                        by=bool(m.group("by")), times=times, pot=pot, said=m.group("verb"),
                        to=m.group("prep") in ("to", "it to"))
    first = t.split()[0]
    if first in ("can", "may", "could"):
        _unknown_action(t)
    raise QuestionError(first, f"cannot parse {text!r}; ask 'who acts?', 'what can pN do?', "
                               "'can pN fold|check|call|bet|raise|complete [to AMOUNT]?', "
                               "'is the round over?', 'what are the pots?', 'who is the big blind?', "
                               "'is the betting capped?', 'is the betting reopened for pN?', "
                               "'what is pN's action?', 'is pN's action binding?', any of them after a premise "
                               "('if pN calls, can pM raise?') (docs/asking.md lists them all)")


def _player(word: str | None) -> str | None:
    """The player a question names; None for the player to act ("I", "my", "the player to act")."""
    return None if word is None or word in _ME else word


def _unknown_action(t: str) -> None:
    """A "can ..." question that did not parse: name the word that is not understood."""
    words = t.split()
    longest = max(len(v.split()) for v in VERBS)
    for i in range(2, len(words)):
        for j in range(min(len(words), i + longest), i, -1):
            phrase = " ".join(words[i:j])
            if phrase in VERBS:
                rest = " ".join(words[j:])
                if VERBS[phrase] in (Kind.FOLD, Kind.CHECK):
                    raise QuestionError(rest, f"after {phrase!r}, cannot read {rest!r}; {phrase!r} takes no amount "
                                              f"(e.g. 'can p2 {phrase}?')")
                raise QuestionError(rest, f"after {phrase!r}, cannot read {rest!r}; expected 'to AMOUNT', 'by AMOUNT' "
                                          f"or nothing (e.g. 'can p2 {phrase} to 40?')")
    rest = " ".join(words[1:])  # the player may be several words ("mary ann", "the big blind")
    if len(words) < 3:
        raise QuestionError(rest, f"{t!r}: can who do what? e.g. 'can p2 raise?'")
    raise QuestionError(rest, f"no action understood in {rest!r}; expected one of: "
                              "fold, check, call (see), bet (open), raise (re-raise, check-raise), "
                              "complete, bring in, go all-in (shove)")


# ---------------------------------------------------------------- premises ("if p3 calls, can p1 raise?")

PREMISE_LEAD = re.compile(r"^(?P<lead>what if|if|suppose|supposing|assuming|assume|say|when|after|once) (?P<body>.+)$")
PREMISE_TAIL = re.compile(r"^(?P<question>.+?) (?P<lead>if|after|assuming|once|when|supposing) (?P<body>.+)$")
# a premise is given as such by these words (the others may begin a plain question: "when can p1 raise?")
_SURELY_PREMISE = ("what if", "if", "suppose", "supposing", "assuming", "assume")
_BETWEEN = re.compile(r"\s*[,;]\s+|\s*;\s*|\s+(?:and then|then|and)\s+")  # between two premise actions
_QUESTION_WORDS = {"can", "may", "could", "is", "who", "whose", "what", "how", "does", "do", "would", "will", "am",
                   "are", "has", "which", "show", "what's", "who's", "whats"}
_VERB_STARTS = {v.split()[0] for v in VERBS}
_IRREGULAR = {"goes": "go", "went": "go", "brought": "bring", "led": "lead", "saw": "see", "bet": "bet", "put": "put"}
# "everyone folds to the big blind", "it is checked around", "the others call": each player in turn
EVERYONE = re.compile(r"^(?:everyone|everybody|all|all players|all the others|the others|the rest|the other players|"
                      r"it|it is|it gets|it's)(?: else)? (?P<verb>fold|folds|folded|check|checks|checked|call|calls|"
                      r"called)(?: around)?(?: (?:to|until) (?P<to>.+))?$")


def _premised(text: str) -> Question | None:
    """A question with a premise: "if p3 calls and p4 folds, can p1 raise?", "can p1 raise if p3 calls?",
    "what if p3 goes all-in for 150?" (then: what can the next player do). None when the text has no
    premise; a QuestionError when it plainly has one that cannot be read."""
    bare = text.strip().lower().replace("\u2019", "'").rstrip("?!. ").strip()
    if m := PREMISE_LEAD.match(bare):
        premises, rest = _leading_premises(m.group("body"))
        if premises:
            if not rest:
                if m.group("lead") != "what if":
                    raise QuestionError(bare, f"{text!r} gives a premise and no question; ask e.g. "
                                              f"'if p3 calls, can p1 raise?' or 'what if p3 calls?'")
                main = Question(text, "what")  # "what if p3 calls?": what the next player may do
            else:
                main = _parse_plain(rest)
            return _with_premises(main, text, premises)
        if m.group("lead") in _SURELY_PREMISE:
            raise QuestionError(m.group("body"), _premise_help(m.group("body")))
        return None
    if m := PREMISE_TAIL.match(bare):
        try:
            main = _parse_plain(m.group("question"))
        except QuestionError:
            return None
        pieces = _BETWEEN.split(m.group("body"))
        premises = [_premise(piece) for piece in pieces]
        if all(premises):
            return _with_premises(main, text, premises)
        if m.group("lead") == "if":
            raise QuestionError(m.group("body"), _premise_help(m.group("body")))
    return None


def _with_premises(main: Question, text: str, premises: list[Question]) -> Question:
    from dataclasses import replace

    if main.premises:
        raise QuestionError(text, f"{text!r}: give every premise once, before or after the question")
    return replace(main, text=text, premises=tuple(premises))


def _premise_help(body: str) -> str:
    return (f"cannot read the premise in {body!r}; write the actions in turn, e.g. 'if p3 calls and p4 folds, "
            f"can p1 raise?', 'if p2 raises to 300, ...', 'if p3 goes all-in for 150, ...', "
            f"'if everyone folds to the big blind, ...'")


def _leading_premises(body: str) -> tuple[list[Question], str]:
    """The premise actions at the front of ``body``, and the question after them."""
    premises: list[Question] = []
    at = 0
    while at < len(body):
        gap = _BETWEEN.search(body, at)
        piece = body[at:gap.start()] if gap else body[at:]
        premise = _premise(piece)
        if premise is not None:
            premises.append(premise)
            at = gap.end() if gap else len(body)
            continue
        # the question may follow a premise with no comma: "if p3 calls can p1 raise"
        words = piece.split()
        for k in range(1, len(words)):
            if words[k] in _QUESTION_WORDS and (premise := _premise(" ".join(words[:k]))) is not None:
                premises.append(premise)
                return premises, body[at:].split(None, k)[k]
        return premises, body[at:]
    return premises, ""


def _premise(piece: str) -> Question | None:
    """One premise action ("p3 calls", "alice raised to 300", "the big blind checks", "i call",
    "everyone folds to p4") as the matching "can" question, or None."""
    t = normalize(piece)
    if m := EVERYONE.match(t):
        verb = VERBS[_base_forms(m.group("verb"))[0]]
        return Question(piece, "everyone", player=_player(m.group("to")) if m.group("to") else None, verb=verb)
    words = t.split()
    if not words or words[0] in _QUESTION_WORDS:
        return None
    # the player is the words before the first verb ("mary ann raises"); a question word is no player's
    verb_at = next((i for i in range(1, len(words)) if _base_forms(words[i]) or words[i] in ("is", "was", "gets", "got")),
                   None)
    if verb_at is None or any(w in _QUESTION_WORDS for w in words[:verb_at]):
        return None
    player = " ".join(words[:verb_at])
    for phrase in _verb_phrases(words[verb_at:]):
        candidate = f"can {player} {phrase}"
        m = CAN.match(normalize(candidate))
        if m and (m.group("player") or m.group("player2") or m.group("player3")) == player:
            q = _parse_plain(candidate)
            return Question(piece, "can", player=q.player, verb=q.verb, amount=q.amount, by=q.by, to=q.to,
                            times=q.times, pot=q.pot, said="raise" if q.said == "check-raise" else q.said)
    return None


def _verb_phrases(words: list[str]):
    """``words`` with a verb written as said ("raises", "called", "is all-in") put in the form the "can"
    questions take ("raise", "call", "go all-in")."""
    first, rest = words[0], words[1:]
    if first in ("is", "was", "gets", "got") and rest and rest[0].startswith("all"):
        yield " ".join(["go"] + rest)
        return
    for base in _base_forms(first):
        yield " ".join([base] + rest)
        for second in _base_forms(rest[0], ("all-in", "all", "allin", "in", "it")) if rest else ():
            yield " ".join([base, second] + rest[1:])  # "smooth calls", "min raises", "brings it in"


def _base_forms(word: str, also: tuple = ()) -> list[str]:
    """The verbs ``word`` may be a form of ("raises", "raised" -> "raise"; "jammed" -> "jam")."""
    out = [_IRREGULAR[word]] if word in _IRREGULAR else []
    out.append(word)
    for ending in ("s", "es", "d", "ed"):
        if word.endswith(ending):
            out.append(word[: -len(ending)])
    if word.endswith("ed") and len(word) > 4 and word[-3] == word[-4]:
        out.append(word[:-3])
    return [w for w in dict.fromkeys(out) if w in _VERB_STARTS or w in also]
