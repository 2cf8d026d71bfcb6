"""The rule-lawyer's questions, in the words players use (grammar in docs/asking.md)."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

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
    "2-bet": Kind.RAISE, "3-bet": Kind.RAISE, "4-bet": Kind.RAISE, "5-bet": Kind.RAISE, "2bet": Kind.RAISE,
    "3bet": Kind.RAISE, "4bet": Kind.RAISE, "5bet": Kind.RAISE, "two-bet": Kind.RAISE,
    "three-bet": Kind.RAISE, "four-bet": Kind.RAISE, "five-bet": Kind.RAISE, "check raise": Kind.RAISE,
    "make it": Kind.RAISE, "cap it": Kind.RAISE, "min-raise": Kind.RAISE,
    "min raise": Kind.RAISE, "minraise": Kind.RAISE,
    "complete": Kind.COMPLETE,
    "bring in": Kind.BRING_IN, "bring-in": Kind.BRING_IN, "bring it in": Kind.BRING_IN,
    "shove": ALL_IN, "jam": ALL_IN, "push": ALL_IN, "go all-in": ALL_IN, "go all in": ALL_IN,
    "move all-in": ALL_IN, "move all in": ALL_IN, "all-in": ALL_IN, "all in": ALL_IN, "allin": ALL_IN,
}
for _verb in ("raise", "bet", "call", "push", "shove", "jam", "go", "move", "put", "open", "lead"):
    for _allin in ("all-in", "all in", "allin"):
        VERBS.setdefault(f"{_verb} {_allin}", ALL_IN)
MIN_RAISE_WORDS = ("min-raise", "min raise", "minraise")  # the raise to the minimum (TDA 2024 rule 43-A)
FILLER = re.compile(r"\b(here|now|right now|still|please|at this point|legally|actually|then|just|again)\b")
VERB_PATTERN = "|".join(sorted((re.escape(v) for v in VERBS), key=len, reverse=True))
# after the verb: "check behind", "call it", "call the raise" say nothing more than the verb
_OBJECT = (r"(?: (?:it|behind|the bet|the raise|the blind|the big blind|the bring-in|the bring in|that|this|"
           r"(?:my|his|her|their|the) option))?")
# a share of the pot ("bet half pot", "two thirds of the pot", "75% pot"): that share of a pot-sized bet or raise
_SHARE = (r"(?P<share>half|a half|one half|a third|one third|two thirds|a quarter|one quarter|three quarters|"
          r"[0-9]+/[0-9]+|[0-9]+(?:\.[0-9]+)?%)")
_AMOUNT = (rf"(?: (?:to |for )?(?:{_SHARE} (?:of )?)?(?:the )?(?P<pot>pot)(?: size| sized)?"
           r"| (?:it )?(?:to |for )?(?:the )?(?P<extreme>max|maximum|min|minimum)(?: amount| allowed| raise| bet)?"
           r"| (?P<prep>to|for|it to) ?(?P<amount1>\S+)"
           r"| (?P<amount2>[$]?\.?[0-9][0-9.,]*(?:[kx]|bb)?)| by (?P<by>\S+))?")
CAN = re.compile(rf"^(?:(?:can|may|could|is it legal for|is it ok for|is it okay for) (?P<player>.+?) (?:to )?"
                 rf"|(?:is (?P<player2>.+?)|am (?P<player3>i)) (?:allowed|able|permitted) to )"
                 rf"(?P<verb>{VERB_PATTERN}){_OBJECT}{_AMOUNT}(?P<more> more)?(?P<allin> all[- ]?in)?$")
WHO = re.compile(r"^(?:who acts|who acts next|who is to act|who is to act next|who is next|who is next to act|"
                 r"who is up|who is up next|who goes next|who goes|whos turn|whos turn is it|whose go is it|"
                 r"who has the action|whose action|whose turn is it|whose action is it|whose turn|"
                 r"who's turn is it|who's turn|who's action is it|who is in turn)$")
FIRST = re.compile(r"^(?:who is first to act|who acts first|who was first to act|who acted first)"
                   r"(?: (?:on|in) (?:the|this) (?:round|street))?$")
BRINGS_IN = re.compile(r"^(?:who (?:brings it in|brings in|has the bring-in|is the bring-in|must bring in|"
                       r"posts the bring-in)|who is bringing it in|who is bringing in)$")
OPENED = re.compile(r"^who (?:opened|opens|has opened)(?: the (?:betting|pot|round))?(?: (?:on|in) (?:the|this) "
                    r"(?:round|street))?$")  # the first voluntary bet (seed 000), not the first to act
TURN = re.compile(r"^(?:is it (?P<p1>.+?)(?:'s|')? (?:turn|action|go)(?: to act)?|(?P<p4>my) turn|"
                  r"is (?:the )?action on (?!.* (?:over|closed|complete|finished|done)$)(?P<p3>.+?)|"
                  r"is (?P<p2>.+?) (?:to act|next|in turn|up))$")  # "is it bobs turn": seat_of takes the s off
WHAT = re.compile(r"^(?:what are the options|what are my options|what can i do|what are the legal actions|"
                  r"what can (?P<p1>.+?) do|what (?:are|is) (?P<p2>.+?)(?:'s|')? options|"
                  r"what are the options for (?P<p3>.+?)|how much (?:can|may|does|must|has) (?P<p4>.+?) "
                  r"(?:(?:need|have|got) )?(?:to )?(?:bet|raise|put in)(?: to)?|what options does (?P<p5>.+?) have|"
                  r"what are the options|what are my options|what can i do|what are the legal actions|"
                  r"what can the player (?:to act|in turn) do|what (?:does|do|must) (?P<p7>.+?) (?:have to|need to|must) do|"
                  r"what should (?P<p8>.+?) do|"
                  r"how much (?:does|must|do) (?P<p6>.+?) (?:need to |have to )?complete(?: to)?)$")
# The same options, one part asked for: the least or most a bet or raise may be, or the call.
_LOW, _HIGH = r"min(?:imum)?|smallest|least|lowest", r"max(?:imum)?|largest|most|highest|biggest"
_SIZE = r"(?:bet|raise|raise to|bet or raise|re-raise|reraise)"
FOCUS = re.compile(rf"^(?:(?:(?:what|how much) is )?(?:the )?(?:(?P<low>{_LOW})|{_HIGH})[- ](?:legal )?{_SIZE}(?: for (?P<p1>.+?))?|"
                   rf"(?:what is )?the (?:(?P<low2>{_LOW})|{_HIGH}) (?:(?P<p2>.+?) (?:can|may) {_SIZE}(?: to)?|"
                   rf"{_SIZE} (?P<p4>.+?) (?:can|may) make)|"
                   rf"what is (?:(?P<p5>my)|(?P<p6>.+?)(?:'s|')) (?:(?P<low3>{_LOW})|{_HIGH})[- ](?:legal )?{_SIZE}|"
                   rf"how much (?:is it |does it cost )?to call|(?:how much|what) is the call|"
                   rf"how much (?:does|do|must|has|have) (?P<p3>.+?) (?:(?:need|have|got) )?(?:to )?call|"
                   rf"what (?:does|do|must) (?P<p7>.+?) (?:need to |have to )?(?:put in to )?call|"
                   rf"how much more (?:does|do|must) (?P<p8>.+?) (?:need to |have to )?(?:put in to )?call|"
                   rf"how much (?:does|do) (?P<p9>.+?) owe|how much is it (?:for (?P<p10>.+?) )?to call|"
                   rf"how much for (?P<p11>.+?) to call|what is the (?:call|calling) amount|"
                   rf"what does it cost (?P<p12>.+?) to call|how much is it to (?P<p13>.+?)|"
                   rf"what (?:do|does) (?P<p14>.+?) (?:need|have) to put in(?: to call)?)$")
RAISE_BY = re.compile(r"^(?:how much|what) (?:can|may|could) (?P<p1>.+?) (?:raise|re-raise|reraise|bet) by|"
                      r"(?:what is the )?raise increment(?: for (?P<p2>.+))?$")
# "what is a pot-sized raise for p2?": the call, then the pot after it (Robert's No-Limit and Pot-Limit)
POT_SIZED = re.compile(r"^(?:what is|how much is|what would be) (?:a |the )?pot(?:-sized| sized| size)? (?:raise|bet)"
                       r"(?: for (?P<player>.+))?$")
POTTING = re.compile(r"^how much (?:can|may|could|would) (?P<player>.+?) (?:pot|raise the pot|bet the pot)$")
# "who is the big blind?", "who is all-in?", "is the betting capped?" (limit: the raises counted and left)
POSITION = re.compile(r"^(?:who (?:is|has|is on|is in|sits in|sits on)|where is) (?P<position>the (?:button|dealer|"
                      r"small blind|big blind|straddle|straddler|cutoff|hijack|dealer button)|"
                      r"(?:the )?(?:sb|bb|btn|utg|co|hj|dealer|button)|under the gun)$")
REOPENED = re.compile(r"^(?:(?:is|has) (?:the )?(?:betting|action|it) (?:been )?(?:re-?opened|open)(?: (?:for|to) (?P<player>.+))?|"
                      r"(?:is|has) (?:the )?(?:betting|action|it) (?:been )?(?P<closed>closed|shut) (?:for|to) (?P<p3>.+)|"
                      r"(?:does|do|will) (?P<p2>.+?) get (?P<article>an|the|a|his|her|their) option)$")
# "does the big blind get an option?", "does Bob get the option?": the blind's option (option.big-blind); "does
# Bob get an option?" of a player who is not a blind: whether the betting reopens for him
_BLIND_WORDS = re.compile(r"^(?:the )?(?:bb|sb|big blind|small blind|blind|straddle|straddler|straddling player)$")
ALL_IN_WHO = re.compile(r"^(?:who is all[- ]?in|who are all[- ]?in|who is all[- ]?in now|"
                        r"(?:is (?:anyone|anybody|someone)|are any players) all[- ]?in(?: now)?)$")
CAPPED = re.compile(r"^(?:is (?:the )?(?:betting|pot|round|raising|action) capped|is it capped|has the cap been reached|"
                    r"is the cap (?:reached|hit)|(?:have|has) (?:we|they|the (?:players|table)) (?:reached|hit) the cap|"
                    r"(?:has|have) (?:the )?(?:betting|pot|round|raising) been capped|"
                    r"is (?:the )?(?:raise )?cap (?:(?P<lifted>lifted|off|removed)|in force|on|applied|in effect)"
                    r"(?P<hu> heads[- ]?up)?|"
                    r"(?P<bets>how many bets (?:are )?(?:allowed|permitted)(?: (?:per|a|each|in a) (?:round|street))?)|"
                    r"(?P<left>how many more (?:raises|bets) (?:are )?(?:left|remaining|allowed|possible)|"
                    r"how many (?:raises|bets) (?:are )?(?:left|remaining|possible)|"
                    r"how many more raises(?: can be made)?)|"
                    r"(?P<made>how many raises (?:have been made|so far|were made|have there been|are there)|"
                    r"how many raises has there been)|"
                    r"(?P<cap>what is the (?:raise |raising )?cap|how many raises (?:are )?(?:allowed|permitted)"
                    r"(?: (?:per|a|each|in a) (?:round|street))?|what is the limit on raises))$")
_OVER = r"(?:over|closed|complete|finished|done)"
ROUND = re.compile(rf"^(?:is (?:the |this )?(?:betting )?round {_OVER}|"
                   rf"is (?:the )?(?:betting|action) {_OVER}|"
                   rf"is (?:the )?(?:betting|action) (?:on|in) the (?P<street>[a-z0-9 -]+?) {_OVER}|"
                   rf"is (?:the )?(?P<street2>[a-z0-9 -]+?) (?:betting|action|round|betting round) {_OVER}|"
                   rf"is (?:the )?(?P<street3>pre-?flop|flop|turn|river|pre-?draw|post-?draw|[a-z]+ draw|"
                   rf"[a-z]+ street|first round) {_OVER})$")
# Where the hand stands (conformance/standing.py)
STATUS = re.compile(r"^(?!is .* (?:allowed|able|permitted) to )(?:is (?P<allin>.+?) all[- ]?in|(?:has|did) (?P<folded>.+?) fold(?:ed)?|is (?P<out>.+?) (?:out|folded)"
                    r"(?: of the hand)?|is (?P<in>.+?) in(?: the hand| the pot)?)$")
IN_HAND = re.compile(r"^(?:(?P<in>who is in(?: the hand| the pot)?|who is left(?: in the hand)?|who are the players left|"
                     r"who has not folded|who is active)|(?P<folded>who has folded|who folded)|"
                     r"(?P<count>how many players are (?:left|in)(?: the hand| the pot)?|how many (?:are|is) left))$")
STACK = re.compile(r"^(?:what is (?P<p1>.+?)(?:'s|') stack(?: size)?|how (?:big|much) is (?P<p2>.+?)(?:'s|') stack|"
                   r"how (?:much|many chips) (?:does|do) (?P<p3>.+?) have(?: behind| left| in (?:his|her|their|my) stack)?|"
                   r"what (?:does|do) (?P<p4>.+?) have behind)$")
PUT_IN = re.compile(r"^(?:how much (?:has|did|have) (?P<p1>.+?) (?:put in|bet|invested|committed|contributed|got in)"
                    r"(?P<when> (?:in|into) the pot| the pot| this round| so far| in total| in all| on this street)?|"
                    r"how much is (?P<p2>.+?) in for|how much (?:does|do) (?P<p3>.+?) have in(?: front| the pot)?)$")
CURRENT_BET = re.compile(r"^(?:what is the (?:current )?bet(?: now| to call)?|how much is the (?:current )?bet|"
                         r"what is the (?:current )?bet level|what is the price|what is the amount to call)$")
AFTER = re.compile(r"^(?:who acts after|who is next after|who is after|who comes after|who goes after|who is behind|"
                   r"who is left of|who sits left of) (?P<player>.+)$")
_STREET = r"(?:pre-?flop|post-?flop|flop|turn|river|[a-z]+ street|first round|pre-?draw|post-?draw|[a-z]+ draw)"
FIRST_ON = re.compile(rf"^(?:who is first to act|who acts first|who was first to act|who acted first|who is first|"
                      rf"who opens the action|who starts the action)(?: (?:on|in) (?:the )?| )(?P<street>{_STREET})"
                      rf"(?: betting| round)?$")
# "who acts last (on the flop)?", "who closes the action?": the round's last actor (standing.last_on)
LAST_ON = re.compile(rf"^(?:who (?:acts|will act|goes|is going to act|acted|went) last|who is (?:the )?last(?: to act| to go)?|"
                     rf"who was (?:the )?last to act|who closes (?:the )?(?:action|betting|round)|"
                     rf"who (?:has|had) the last action)(?:(?: (?:on|in) (?:the )?| )(?P<street>{_STREET})"
                     rf"(?: betting| round)?| (?:on|in) (?:the|this) (?:round|street))?$")
LAST_AGGRESSOR = re.compile(r"^(?:who (?:raised|bet|re-raised) last|who made the (?:last|latest) (?:raise|bet)|"
                            r"who is the (?:last |current )?aggressor|who has the lead|who made the bet|"
                            r"who raised|who made the raise|who bet)$")
_AGGRESSION = r"(?:all[- ]?in|raise|bet|shove|re-raise|reraise|completion|push|jam)"
FULL_RAISE = re.compile(rf"^(?:(?:was|is) (?:(?P<p1>.+?)(?:'s|') {_AGGRESSION}(?: raise)?|it|that|this|"
                        rf"the (?:last |latest )?{_AGGRESSION}) (?:a )?full(?: raise| bet)?|"
                        rf"(?:did|does|will) (?:(?P<p2>.+?)(?:'s|') {_AGGRESSION}|it|that|this|"
                        rf"the (?:last |latest )?{_AGGRESSION}) re-?open (?:the )?(?:betting|action)"
                        rf"(?: (?:for|to) (?P<whom>.+?))?|"
                        rf"(?:does|did|will) (?:(?P<p3>.+?)(?:'s|') {_AGGRESSION}|the (?:last )?{_AGGRESSION}) count "
                        rf"(?:as a full raise|as a raise|toward the cap)|"
                        rf"(?:was|is) (?:(?P<p4>.+?)(?:'s|') |the (?:last )?)completion a raise)$")
_ALL_IN_NOUN = r"(?:all[- ]?in(?: bet| raise| move)?|shove|jam|push)"
_ACTION_KINDS = r"(?:bet|raise|call|completion|bring-in|bring in)"
# "is p4's all-in a bet or a raise?", "was the shove a call?", "what kind of action was p4's all-in?"
ALL_IN_KIND = re.compile(rf"^(?:(?:is|was) (?:(?P<p1>.+?)(?:'s|') |the ){_ALL_IN_NOUN} (?:an? |just an? )?"
                         rf"(?P<kinds>{_ACTION_KINDS}(?:,? or (?:an? )?{_ACTION_KINDS})*)|"
                         rf"what (?:kind of action|kind of bet|type of action|action) (?:is|was) (?:(?P<p2>.+?)(?:'s|') |the )"
                         rf"{_ALL_IN_NOUN}|(?:is|was) (?:(?P<p3>.+?)(?:'s|') |the ){_ALL_IN_NOUN} a (?:bet|raise),? "
                         rf"a call,? or (?:a )?(?:bet|raise))$")
MUST = re.compile(rf"^(?:(?:does|do) (?P<p1>.+?) (?:have to|need to|got to)|must (?P<p2>.+?)|"
                  rf"(?P<past>did|was) (?P<p5>.+?) (?:have to|need to|forced to|required to)|"
                  rf"is (?P<p3>.+?) (?:forced|required|obliged|obligated) to|(?:has|have) (?P<p4>.+?) got to) "
                  rf"(?P<verb>{VERB_PATTERN})$")
STAKES = re.compile(rf"^(?:what (?:is|are) (?:the )?(?P<what>blinds|stakes|big blind|small blind|ante|antes|bring-in|"
                    rf"bring in|limits?|bet size|bet sizes|betting limits?|betting structure|structure|game|"
                    rf"small bet|big bet|minimum bet|min bet|bet sizes)"
                    rf"|how much is (?:the |a |an )?(?P<what2>ante|big blind|small blind|bring-in|bring in|bet|raise|"
                    rf"small bet|big bet))(?: (?:on|in|for) (?:the |this )?(?P<street>{_STREET}|street|round))?$|"
                    rf"^what is (?:the |a )?(?P<what3>bet|raise) (?:on|in|for) (?:the )?(?P<street3>{_STREET})$")
STREET_NOW = re.compile(r"^(?:(?:what|which) (?:street|round|betting round) is (?:it|this|being played)(?: now)?|"
                        r"what is the (?:current )?(?:street|round|betting round)|(?:the )?(?:current )?(?:street|round)|"
                        r"where are we(?: in the hand)?)$")
OPTION = re.compile(r"^(?:(?:does|do|will) (?P<p1>.+?) (?:have|still have) (?:the|an|his|her|their|a)? ?option|"
                    r"(?:is|was) (?:the )?option (?:with|for|on) (?P<p2>.+?)|who (?:has|gets) the option)$")
ROUNDS = re.compile(r"^how many (?:betting )?(?:rounds|streets)(?: of betting)?(?P<left> (?:are )?(?:left|to go|remaining|to come)|"
                    r" remain)?(?: (?:are there|does (?:this|the) (?:hand|game) have|in (?:this|the) (?:hand|game)))?$|"
                    r"^is (?:this|it|the current (?:round|street)) the (?P<last>last|final) (?:betting )?(?:round|street)"
                    r"(?: of betting)?$")
MAY_RAISE = re.compile(r"^(?:which players|who|which player) (?:may|can|could|is allowed to|are allowed to) (?:still )?"
                       r"(?:raise|re-raise|reraise)(?: (?:this|on this|in this) (?:round|street))?$")
HAND = re.compile(r"^is (?:the )?hand (?:over|finished|done|complete)$")
WINNER = re.compile(r"^(?:who (?:wins|won|takes|gets|is winning)(?: the (?:pot|hand))?|who is the winner)$")
# Table talk (docs/table-talk.md): what a player's words, chips and gestures bind them to.
_POSS = r"(?:'s|')"
_THING = r"(?:(?:out[- ]of[- ]turn|oot) )?(?P<thing>action|bet|raise|call|check|fold|declaration|words|chips)"
ACTION = re.compile(rf"^(?:what is (?P<p1>.+?){_POSS} action|what action is (?P<p2>.+?) bound to|"
                    rf"what is (?P<p3>.+?) bound to|what did (?P<p4>.+?) (?:do|declare|say))$")
OOT = re.compile(rf"^what happens (?:to|with) (?P<p1>.+?){_POSS} {_THING}$")
BINDING = re.compile(rf"^(?:is (?P<p1>.+?){_POSS} {_THING} binding|is (?P<p2>.+?) bound)$")
# "is Carol's raise a string raise?", "was that a string bet?", "did Carol string-bet?" (TDA 2024 42, 56)
_STRING = r"(?:a )?string(?:[- ]?(?:bet|raise|raising|betting))?"
STRING = re.compile(rf"^(?:(?:is|was) (?P<p1>.+?){_POSS} (?:bet|raise|action|move|chips|call|completion) {_STRING}|"
                    rf"(?:is|was) (?:that|this|it) {_STRING}|"
                    rf"did (?P<p2>.+?) (?:make )?{_STRING}|(?:is|was) (?P<p3>.+?) string[- ]?(?:betting|raising))$")
POTS = re.compile(r"^(?:what are the (?:side )?pots|what is the pot|(?:what|how much) is in the middle|what are the pots and side pots|(?:the )?pots|"
                  r"show the pots|who can win (?:which pot|the (?:main |side )?pots?|each pot)|"
                  r"who is eligible for (?:which|each|the (?:main |side )?) ?pots?|"
                  r"what is in the (?:main |side )?pot|how much is in the (?:main |side )?pots?|"
                  r"how (?:big|much) is the (?:main |side )?pot|(?:what is the )?pot size|(?:the )?side pots?|"
                  r"what is the (?:main|side) pot|is there a side pot|are there side pots|"
                  r"what is the size of the pot)$")
# One pot, the total, a player's pots, the chips returned (conformance/pot_answers.py): Question.said is the
# focus ("total", "pot", "who", "wins", "in", "player", "player-total", "pot-for", "returned", "returned-any",
# "uncalled", "uncalled-any", "any-side", "count", "count-side"), Question.amount the pot (0 the main pot, N side pot N, -1 the last
# side pot, None "the side pot")
_NTH = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
        "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "8th": 8}
_NUMBER = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_POT = (r"(?:the )?(?:(?P<main>main) pot|(?:(?P<nth>" + "|".join(_NTH) + r"|last) side pot|side pot"
        r"(?: (?:#|no\.? |number )?(?P<num>[0-9]+|" + "|".join(_NUMBER) + r"))?))")
_EMPTY = r"(?: (?:in total|altogether|all together|now|right now|so far))?"
POT_FOCUS = [
    ("total", re.compile(rf"^(?:(?:how much|what)(?: money| in chips)? is in the (?:pot|middle)|how many chips are in the "
                         rf"(?:pot|middle)|(?:what|how much) is the total(?: pot| in the "
                         rf"pots?| of the pots)?|(?:what is the )?total pot(?: size)?|how (?:big|much|large) is the pot|"
                         rf"(?:what is the )?pot size|what is the size of the pot|what is the pot){_EMPTY}$")),
    ("pot", re.compile(rf"^(?:(?:how much|what) is (?:in )?|how (?:big|much|large) is |what is the size of |what is )?"
                       rf"{_POT}(?: size)?{_EMPTY}$")),
    ("who", re.compile(rf"^(?:who|which players?|what players?) (?:can win|could win|may win|is eligible (?:for|to win)|are eligible (?:for|to win)|is in|"
                       rf"are in|plays for|is playing for|is contesting|contests|is involved in|has a stake in) {_POT}$")),
    ("pot", re.compile(r"^(?:(?:how much|what) is in|how (?:big|large|much) are|what are) the side pots(?: sizes?)?$")),  # each
    ("wins", re.compile(rf"^who (?:wins|won|takes|gets) {_POT}$")),
    ("in", re.compile(rf"^(?:is|can|could|may) (?P<p>.+?) (?:in|win|be in|eligible (?:for|to win)|play for|contest) "
                      rf"{_POT}$")),
    ("player", re.compile(r"^(?:which|what) (?:side )?pots? (?:can|could|may|does|is) (?P<p>.+?) (?:win|eligible for|in|play for|"
                          r"contest|be in)$")),
    ("player-total", re.compile(r"^how much (?:can|could|may) (?P<p>.+?) win$")),
    ("pot-for", re.compile(rf"^(?:what|how much) (?:does|would|will|can|could) (?P<p>.+?) win if (?:he|she|they|it|"
                           rf".+?) wins? {_POT}$")),
    ("returned", re.compile(r"^(?:how much (?:does|do|did|will|would) (?P<p>.+?) get back|how much (?:is|was|will be|gets|got) "
                            r"(?:returned|given back) to (?P<p2>.+?)|what (?:is|was|gets|got) returned to (?P<p3>.+?)|"
                            r"(?:does|did|will) (?!anyone |anybody )(?P<p4>.+?) get (?:anything|any chips|chips|money) back)$")),
    ("uncalled", re.compile(r"^(?:(?:what|how much) (?:is|was) the uncalled (?:bet|amount|raise|chips)|is there an uncalled "
                            r"(?:bet|amount|raise)|(?:what|how much) (?:is|was|gets|got) returned|who gets (?:chips|anything|"
                            r"money) back|does anyone get (?:chips|anything|money) back|(?:is|are|was|were) (?:any|an|a|there any) (?:bet|chips?|"
                            r"money|part of (?:a|the) bet) (?:returned|given back|coming back))$")),
    ("any-side", re.compile(rf"^(?:is there|are there) (?:a |any )?side pots?{_EMPTY}$")),
    ("count", re.compile(r"^how many (?P<side>side )?pots (?:are there|is there)(?: now)?$|^how many (?P<side2>side )pots$")),
]


def _pot_focus(text: str, t: str) -> Question | None:
    """A question about one pot, the total, a player's share or the chips returned, or None."""
    for focus, pattern in POT_FOCUS:
        if not (m := pattern.match(t)):
            continue
        g = m.groupdict()
        which = None
        if g.get("main"):
            which = Decimal(0)
        elif g.get("nth") == "last":
            which = Decimal(-1)  # the last side pot (conformance/pot_answers.py: _chosen)
        elif g.get("nth") or g.get("num"):
            which = Decimal(_NTH[g["nth"]] if g.get("nth") else _NUMBER.get(g["num"]) or int(g["num"]))
            if which == 0:
                raise QuestionError(g["num"], "side pots are numbered from 1 ('side pot 1'); ask about 'the main pot'")
        if focus == "count" and (g.get("side") or g.get("side2")):
            focus = "count-side"
        if focus == "uncalled" and t.startswith(("is ", "are ", "was ", "were ", "does ")):  # yes or no
            focus = "uncalled-any"
        if focus == "returned" and g.get("p4"):  # "does p4 get anything back?": yes or no
            focus = "returned-any"
        who = next((g[k] for k in ("p", "p2", "p3", "p4") if g.get(k)), None)
        return Question(text, "pots", player=_player(who), said=focus, amount=which)
    return None


# "I", "me", "my": the player to act
_ME = {"i", "me", "my", "the player to act", "the player in turn", "whoever is to act", "the actor"}


class QuestionError(ValueError):
    def __init__(self, word: str, message: str):
        super().__init__(f"question: {message}")
        self.word = word


@dataclass(frozen=True)
class Question:
    text: str
    kind: str  # "who", "first", "last", "opened", "bring-in", "position", "all-in", "cap", "reopened", "what", "can", "round", "pots";
    # table talk: "action", "oot", "binding", "string"
    player: str | None = None  # "what" without a player: the player to act
    verb: Kind | str | None = None
    amount: Decimal | None = None
    by: bool = False  # "raise by 50": an increment over the current bet, turned into a "to" amount
    to: bool = False  # "to" written before the amount ("call to 6"): a "to" amount, nothing else (TDA 2024 43-B)
    adds: bool = False  # "call 4 more": the amount is the chips the call adds, nothing else
    times: bool = False  # "raise to 3x": three times the current bet
    blinds: bool = False  # "raise to 3bb": three big blinds (the stakes' big blind)
    pot: bool = False  # "raise the pot": a pot-sized bet or raise (the call, then the pot after the call)
    share: Fraction = Fraction(1)  # "bet half pot": that share of the pot after the call, over the call
    extreme: str = ""  # "raise to the max" ("max"), "bet the minimum" ("min"): that end of the legal range
    said: str = ""  # the verb as asked ("open", "limp", ...)
    focus: str | None = None  # "what": the part of the options asked for ("min", "max" bet or raise; "call")
    premises: tuple = ()  # "if p3 calls, can p1 raise?": the actions played first (kind "can" or "everyone")
    whom: str | None = None  # "did p2's all-in reopen the betting for p1?": the player it is asked for
    street: str = ""  # "can p1 bet on the turn?": the round the question (or premise) is about, as said
    first_person: bool = False  # with premises: "I", "me", "my" is the player to act before them, throughout
    # "can" about an action the hand recorded (conformance/recorded.py): "yes" ("was p4's raise legal?"), "maybe"
    # ("is p4's raise legal?": the recorded one unless p4 is to act), "either" ("was p4 allowed to check?": the
    # recorded check, else at p4's last turn), "turn" ("could p4 have raised?": at p4's last turn)
    recorded: str = ""
    # a premise said as a fact ("after David's shove", "since Bob raised", "with David all-in"): the action the
    # hand already records, if its player's last action is that one; else an action played as with "if"
    maybe_done: bool = False


_BEFORE_POT = {"bet", "raise", "re-raise", "reraise", "call", "to", "for", "the", "a", "it", "make", "open", "win", "split",
               "chop", "share", "take", "side", "main", "get", "scoop"}  # "can p1 pot?", not "can p1 win a side pot?"


def normalize(text: str) -> str:
    return _as_can(_normal(text))


def _normal(text: str) -> str:
    """The question in lower case, with its fillers, contractions and amounts' words made plain."""
    t = text.strip().lower().replace("\u2019", "'")
    t = t.rstrip("?!. ").strip()
    t = re.sub(r"\b(what|who|it)(?:'s|s)\b(?! (?:options|turn|action|bet|raise|call|check|fold|declaration|words|"
               r"chips|out|oot))", r"\1 is", t)  # "what's", "whats", "who's" (not "whose", not a possessive)
    t = re.sub(r",(\s|$)", r"\1", t)  # "raise, please"; "1,000" keeps its comma
    t = re.sub(r"(\d)(?: (?:chips|chip|dollars|units))\b", r"\1", t)  # "raise to 30 chips"
    t = re.sub(r"(\d) ?(?:bbs?|big blinds?)\b", r"\1bb", t)  # "raise to 3 big blinds", "3 bb"
    # one spelling of the verbs players write several ways: "check raise", "re raise", "3 bet", "three bet"
    t = re.sub(r"\bcheck[- ]?(raise|raises|raised|raising)\b", r"check-\1", t)
    t = re.sub(r"\bre (raise|raises|raised|raising)\b", r"re-\1", t)
    t = re.sub(r"(?<!seat )(?<!number )(?<![$.,\d])\b(2|3|4|5|two|three|four|five) (bet|bets|betting)\b"
               r"(?! (?:of|are|is|allowed|left|per|a|each))",
               r"\1-\2", t)
    t = re.sub(r"^why (?:isn't|is not|aren't|are not) (.+?) (?:allowed|able|permitted) to (.+)$", r"can \1 \2", t)
    t = re.sub(r"^why (?:can't|cannot|can not|couldn't|may not) (.+)$", r"can \1", t)  # "why can't p1 raise"
    t = re.sub(r"^why (can|may|could) (.+?) not (.+)$", r"\1 \2 \3", t)  # "why can p1 not raise": the "can" answer
    t = re.sub(r"\b(for|to|of) the player (?:to act|in turn)$", r"\1 the actor", t)  # not "is ... to act"
    t = re.sub(r"^(?:would|will) (.+?) be (allowed|able|permitted) to ", r"is \1 \2 to ", t)  # "would p1 be able to"
    t = re.sub(r"^would (.+?) be (?=to act|next|in turn|up$)", r"is \1 ", t)  # "would p1 be next"
    t = re.sub(r"^what does it cost (.+?) to call", r"what does \1 need to call", t)
    t = re.sub(r"^(what|how much|how big) (?:will|would) (the (?:total |main |side )?pot) be\b", r"\1 is \2", t)
    t = re.sub(r"^(what|how much|how big) (?:will|would) (the (?:side )?pots) be\b", r"\1 are \2", t)
    t = re.sub(r"^(?:how much|what) is it to go$", "what is the current bet", t)  # the bet's total (TDA 2024 43-B)
    t = re.sub(r"^(?:how much|what) (?:does|must|do) (.+?) (?:need to |have to |got to )?put in(?: to call)?$",
               r"how much does \1 need to call", t)  # "how much does bob need to put in": the call
    t = re.sub(r"\b(raise|bet|re-raise|reraise) ([$]?[0-9][0-9.,]*k?) more$", r"\1 by \2", t)  # "raise 16 more"
    # review ED: a floor's slang and contractions
    t = re.sub(r"\b(how big|how much)'s\b", r"\1 is", t)  # "how big's the pot"
    t = re.sub(r"\bsidepot(s?)\b", r"side pot\1", t)
    # review EI: the opening raise, and limps the hand already has
    t = re.sub(r"^what is the (min|minimum|max|maximum) (?:opening|open) (raise|bet)$", r"what is the \1 \2", t)
    t = re.sub(r"\bopen[- ]raise(s|d)?\b", lambda m: "open" + {"s": "s", "d": "ed"}.get(m[1] or "", ""), t)
    t = re.sub(r"^what is the (min|minimum|max|maximum) (raise|bet) to open$", r"what is the \1 \2", t)
    t = re.sub(r"^how much can (.+?) open(?: for| to)?$", r"how much can \1 raise to", t)
    t = re.sub(r" (?:after|over|behind) the (?:limps|limpers|limper|limp|callers|calls)$", "", t)
    t = re.sub(r"^(what is my action|is my \S+ binding|what happens (?:to|with) my \S+)$",
               lambda m: m[1].replace(" my ", " i's "), t)  # "what is my action?" (review EJ)
    t = re.sub(r"^am i (all[- ]?in|out|folded|in|still in)((?: the hand| the pot)?)$", r"is i \1\2", t)  # "am i all in"
    t = re.sub(r"\bmin[- ]?click(s|ed|ing)?\b", lambda m: "min-raise" + {"s": "s", "ed": "d", "ing": ""}.get(m[1] or "", ""), t)
    t = re.sub(r"\b(?:iso|isolate|squeeze)\b", "raise", t)  # raises named by their purpose
    t = re.sub(r"\b(?:isolated|squeezed)\b", "raised", t)
    t = re.sub(r"\bcheck it back\b", "check behind", t)
    t = re.sub(r"^was it (?:legal|ok|okay|allowed|permitted) for (.+?) to (.+)$", r"was \1 allowed to \2", t)
    t = re.sub(r"^(is|was) (that|this) (fold|check|call|bet|raise|re-raise|completion) (?:legal|ok|okay|allowed|valid)$",
               r"\1 that a legal \3", t)
    t = re.sub(r"^(is|was) (.+?)(?:'s|') (?:3|4|5)-bet\b", r"\1 \2's raise", t)  # "was dave's 3-bet legal"
    t = re.sub(r"^(is|was) (.+?)(?:'s|') open\b", r"\1 \2's raise", t)  # an open is the first raise (or bet)
    t = re.sub(r"^(?:what is|what does it cost|what is it cost) (?:it |me )?to call$", "how much to call", t)
    t = re.sub(r"^(?:what|how much) is (.+?)(?:'s|') call$", r"how much does \1 need to call", t)
    t = re.sub(r"^how much more (?:does|do|must|should) (.+?) (?:need to |have to )?put in$",
               r"how much does \1 need to call", t)
    t = re.sub(r"\b(3rd|4th|5th|6th|7th)(?= street)", lambda m: {"3rd": "third", "4th": "fourth", "5th": "fifth",
                                                                   "6th": "sixth", "7th": "seventh"}[m.group(1)], t)
    t = re.sub(r"\b(1st|2nd|3rd)(?= draw)", lambda m: {"1st": "first", "2nd": "second", "3rd": "third"}[m.group(1)], t)
    # draw games' rounds as players name them: "before the draw" is the first round, "after the draw" the next
    t = re.sub(r"\b(?:before|prior to) the (?:first )?draw\b", "on the predraw", t)
    t = re.sub(r"\b(?:before|prior to) the (second|third) draw\b",
               lambda m: "on the " + {"second": "first", "third": "second"}[m[1]] + " draw", t)
    t = re.sub(r"\bafter the (first|second|third) draw\b", r"on the \1 draw", t)
    t = re.sub(r"\b(?:on|in) the round after the draw\b|\bafter the draw\b", "on the postdraw", t)
    t = re.sub(r"\b(bet|raise|bets|raises|capped|over) (pre-?draw|post-?draw)$", r"\1 on the \2", t)
    t = re.sub(r"\b(two|three)-(thirds|quarters)\b", r"\1 \2", t)  # "two-thirds pot"
    t = re.sub(r"(half|thirds|third|quarters|quarter|%|[0-9]/[0-9]+)-pot\b", r"\1 pot", t)  # "a half-pot bet"
    t = re.sub(r"\bpot it\b", "raise the pot", t)  # "can p1 pot it?": the pot-limit term, a bet or raise of the pot
    if (m := re.fullmatch(r"(can|may|could) (.+) pot", t)) and not set(m.group(2).split()) & _BEFORE_POT:
        t = f"{m.group(1)} {m.group(2)} raise the pot"  # "can p1 pot?"
    t = FILLER.sub(" ", t)
    t = re.sub(r"\s+", " ", t).strip()
    for pattern, plain in SHORTHAND:
        t = re.sub(pattern, plain, t)
    return t


SHORTHAND = [  # the terse ways engine authors and floor staff ask, as the questions betlaw reads
    (r"\b(raise|bet)-to\b", r"\1 to"),  # "min raise-to for p4"
    # "can p3 make the maximum raise?", "if p3 max-raises": a bet or raise to that end of the range (not "what is
    # the max raise?", the question about the range)
    (r"^(?!(?:what|whats|which|how|the|is|tell)\b)(.+? )(?:make|makes|made|making) (?:a |the )?(max|maximum|min|minimum) "
     r"(raise|bet)$", r"\1\3 to the \2"),
    (r"^(?!(?:what|whats|which|how|the|is|tell)\b)(?!(?:can|may|could|should|would|will|does|did) (?:max|maximum) )"
     r"(.+? )(?:max|maximum)[- ]?(raise|raises|raised|bet|bets)$", r"\1\2 to the max"),  # not "can Max raise"
    (r"^(min|minimum|max|maximum) (raise|bet|raise to|bet to) (?!for |to |on |in |at |is |was |heads|pre-?flop|post-?flop)"
     r"(p[0-9]+|seat [0-9]+|[a-z']+(?: [a-z']+)?)$", r"\1 \2 for \3"),  # "max bet p1"
    (r"^(?:the )?(min|minimum|max|maximum) (bet|raise) to for (.+)$", r"\1 \2 for \3"),
    (r"^what (?:may|could) (.+?) do$", r"what can \1 do"),  # the answers' own "p1 (A) may fold, ..."
    (r"^(?:what are the )?legal (?:actions|moves|options) (?:for|of) (.+)$", r"what can \1 do"),
    (r"^(?:what are the )?legal (?:actions|moves|options)$", r"what can i do"),
    (r"^(?:what is the )?(?:call amount|amount to call|price to call)(?: for (.+))?$",
     lambda m: f"how much does {m.group(1)} need to call" if m.group(1) else "how much does i need to call"),
    (r"^(?:the )?current bet$", r"what is the current bet"),
    (r"^what is the (min|minimum|max|maximum|smallest|largest|biggest|lowest|highest) (bet|raise) (.+?) "
     r"(?:can|could|may) (?:make|put in|do)$", r"what is the \1 \2 for \3"),  # "the biggest raise Alice can make"
    (r"^what is the pot[- ]limit(?: raise| bet| max(?:imum)?)? for (.+)$", r"what is the maximum raise for \1"),
    (r"^(?:the )?(?:actor|next to act|next actor|to act|player to act|action on|whose action|whose turn|"
     r"whose turn is it|whose action is it|who is on the clock)$", r"who acts"),
    (r"^(?:the )?stack (?:of|for) (.+)$", r"what is \1's stack"),
    (r"^how many raises(?: (?:this|in this|on this) (?:round|street))?$", r"how many raises have been made"),
    (r"^(.+?) (?:says|claims|thinks|believes|insists) (?:that )?(?:he|she|they|i) (?:can|could|may) (?:still )?"
     r"(?:raise|re-raise|reraise),? (?:is|are|am) (?:he|she|they|i) (?:right|correct)$",
     r"is the betting reopened for \1"),  # "Bob says he can still raise, is he right?": at his turn
    (r"^(.+?) (?:says|claims|thinks|believes|insists) (?:that )?(?:he|she|they|i) (?:can|could|may) (.+?),? "
     r"(?:is|are|am) (?:he|she|they|i) (?:right|correct)$", r"can \1 \2"),  # "... she can check, is she right?"
    (r"^can (.+?) (raise|re-raise|reraise) when (?:it|the action) (?:gets|comes|goes)(?: back(?: around)?)?"
     r"(?: to (?:him|her|them|me))?$", r"is the betting reopened for \1"),  # review BS: "when it gets to him"
    (r"^who is in the (main|side) pot$", r"who can win the \1 pot"),
    # review BA: more of the ways players ask
    (r"^(?:can't|cannot|can not) (.+)$", r"can \1"),  # "can't bob raise?": whether he can
    (r"^(.+?) (?:can't|cannot|can not) (.+?) can (?:he|she|they|i|it)$", r"can \1 \2"),  # "bob can't raise, can he?"
    (r"^is (.+?) (?:next|up) to act$", r"is \1 to act"),
    (r"^(?:does|will) (.+?) (?:act|go) next$", r"is \1 to act"),
    (r"^(?:does|has) (.+?) (?:have|got) the action$", r"is \1 to act"),
    (r"^who is first$", r"who acts first"),
    (r"^who (?:goes|will act|will go|is going to act) first(.*)$", r"who acts first\1"),
    (r"^(what is the (?:min|minimum|max|maximum|smallest|largest|biggest|lowest|highest) (?:raise|bet)) "
     r"(?:allowed|possible|permitted|amount|size)(.*)$", r"\1\2"),  # review DM: "amount", "size"
    (r"^how much is (?:a|the) (min|minimum|max|maximum)[- ]?(raise|bet)(.*)$", r"what is the \1 \2\3"),
    (r"^how much (?:is it|does it cost) to (raise|bet)(?: for (.+))?$",
     lambda m: f"what is the minimum {m.group(1)}" + (f" for {m.group(2)}" if m.group(2) else "")),
    (r"^what is the pot[- ]limit$", r"what is a pot-sized raise"),  # pot-limit: the most; elsewhere it says so
    (r"^(?:a )?pot[- ]sized? (raise|bet)$", r"what is a pot-sized \1"),
    (r"^what is the pot[- ]sized? (raise|bet)$", r"what is a pot-sized \1"),
    (r"^how much to call for (.+)$", r"how much does \1 need to call"),
    (r"^how many (?:more )?raises (?:remain|can (?:still )?be made|are still allowed|can still happen)$",
     r"how many raises are left"),
    (r"^how many (more )?(raises|bets) (?:are )?(left|remaining|possible|allowed) (?:this|on this|in this) (?:round|street)$",
     r"how many \1\2 are \3"),
    (r"^(who (?:acts|is) first|who is first to act) after the flop$", r"\1 on the flop"),
    # review CJ: everyday forms
    (r"^is the ((?:pre-?flop|flop|turn|river|[a-z]+ street|[a-z]+ draw|pre-?draw|post-?draw)) capped$",
     r"is the betting capped on the \1"),
    (r"^(?:is (?:this|it|that|the street) capped|has (?:it|this) been capped|"
     r"has (?:it|this|the betting) (?:hit|reached) the cap)$", r"is the betting capped"),
    (r"^(?:can|may|could) (?:anyone|anybody|someone|somebody) (?:still )?(raise|re-raise|reraise)$",
     r"can anyone still \1"),
    (r"^is (?:anyone|anybody|someone|somebody) (?:allowed|able|permitted) to (raise|re-raise|reraise)$",
     r"can anyone still \1"),
    # "does bea get to raise?": at her turn, whether the betting is (re)opened for her (TDA 2024 47)
    (r"^(?:does|do|will) (.+?) get (?:to|a chance to|a turn to|the chance to) (?:raise|re-raise|reraise)$",
     r"is the betting reopened for \1"),
    (r"^(?:what is the completion|how much (?:is it )?to complete|what is the complete)$",
     r"how much does the actor need to complete"),
    (r"^who (?:brought (?:it )?in|was the bring-?in|had the bring-?in|posted the bring-?in)$", r"who brings in"),
    (r"^(?:who straddled|who posted the straddle|who has the straddle)$", r"who is the straddler"),
    (r"^can (.+?) pass$", r"can \1 check"),  # seed 000: "a player may pass or check"
    (r"^(?:what is the )?pot total$", r"what is the total pot"),  # review CM: the JSON's pot_total
    (r"^(?:list the pots|how (?:much|big|large) is (?:each|every) (?:side )?pot|what are the side pots|show the pots|"
     r"how (?:big|large) are the pots|what is in (?:each|every) (?:side )?pot|"
     r"how much is in (?:each|every) (?:side )?pot|what are the pots? sizes?|what are the sizes of the pots)$",
     r"what are the pots"),
    (r"^what (?:can|may|could) (.+?) (raise|bet|re-raise|reraise) to$", r"how much can \1 \2 to"),
    # review CQ: a floor's forms
    (r"^is (.+?) bound to (fold|check|call|bet|raise)$", r"is \1's \2 binding"),
    (r"^is (.+?) bound by (?:his|her|their|the) ((?:out[- ]of[- ]turn |oot )?(?:action|bet|raise|call|check|fold|"
     r"declaration|words|chips))$", r"is \1's \2 binding"),
    (r"^how much change (does|do|did|will|would) (.+?) get(?: back)?$", r"how much \1 \2 get back"),
    # review DQ: the chips returned and a player's most, in other words
    (r"^how much (?:goes|comes|will go|will come) back to (.+?)$", r"how much does \1 get back"),
    (r"^(does|do|did|will|would) (.+?) get any change(?: back)?$", r"\1 \2 get anything back"),
    (r"^how much can (.+?) win(?: at (?:the )?most| in all| at the very most)$", r"how much can \1 win"),
    (r"^(can|may|could) (.+?) (re-raise|reraise|raise|call|complete) (?!the )[a-z0-9]+'s (?:all[- ]?in|shove|bet|raise|open|"
     r"completion|bring-in)(.*)$", r"\1 \2 \3\4"),  # "can ann re-raise cy's all-in?"
    # reviews DI, DM: a casual user's and a floor's forms
    (r"^(?:what is|how (?:big|much) is) my stack(?: size)?$", r"how many chips do i have"),
    (r"^how much (?:would|will) it cost (.+?) to (call|raise|bet)$", r"how much does \1 need to \2"),
    (r"^how much (?:would|will) it cost to (call|raise|bet)$", r"how much does it cost to \1"),
    (r"^(?:what|how much) is the call (?:for|of) (.+)$", r"how much does \1 need to call"),
    (r"^what (?:is|are) the straddles?$", r"what are the blinds"),
    # review EF: the chips returned and the pots, in other words
    (r"^what (?:does|do|did|will|would) (.+?) get back$", r"how much does \1 get back"),
    (r"^(does|do|did|will|would) (.+?) get (?:some|some chips|some money) back$", r"\1 \2 get anything back"),
    (r"^how much of (.+?)(?:'s|') (?:bet|raise|chips) (?:comes|goes|came|went|will come|will go) back$",
     r"how much does \1 get back"),
    (r"^(?:how much|what) is (.+?)(?:'s|') uncalled (?:bet|raise|amount|chips)$", r"how much does \1 get back"),
    (r"^(?:was|were|is|are) (?:anything|any chips|any money) (?:returned|given back)$", r"were any chips returned"),
    # review ED
    (r"^how much can (.+?) (?:3|4|5)-bet( to)?$", r"how much can \1 raise\2"),
    (r"^what is the (min|minimum|max|maximum) (?:3|4|5)-bet(.*)$", r"what is the \1 re-raise\2"),
    (r"^what is the (min|minimum|max|maximum) for (.+)$", r"what is the \1 raise for \2"),
    # a round's raiser: its last bet or raise ("who raised preflop?" is read by the round it names)
    (rf"^who (?:was|is) the ({_STREET}) (?:raiser|aggressor|bettor)$", r"who raised last on the \1"),
    (r"^who (bet|raised) (?:the )?(flop|turn|river)$", r"who \1 last on the \2"),
    # reviews EL, EN: a floor's and a rule-lawyer's forms
    (r"^how much does it cost (.+?) to (call|raise|bet)$", r"how much does \1 need to \2"),
    (r"^what (?:does|do) (.+?) owe$", r"how much does \1 need to call"),
    (r"^where is the action$", r"who acts"),
    (r"^(?:how much is (.+?) all[- ]?in for|what is (.+?)(?:'s|') all[- ]?in(?: amount| total)?)$",
     lambda m: f"how much has {m.group(1) or m.group(2)} put in"),
    (r"^(?:is it (?:legal|ok|okay|allowed) for (.+?) to|can (.+?)) (?:raise|bet) after (?:checking|(?:he|she|they|i) "
     r"(?:checked|checks))$", lambda m: f"can {m.group(1) or m.group(2)} check-raise"),
    (r"^(?:is it (?:legal|ok|okay|allowed) for (.+?) to|can (.+?)) fold when (?:he|she|they|i) (?:could|can|might) check$",
     lambda m: f"can {m.group(1) or m.group(2)} fold"),
    (r"^(.+?) wants to (.+?),? (?:is|would) (?:that|it) (?:be )?(?:ok|okay|legal|allowed|fine)$", r"can \1 \2"),
    (r"^can (.+?) (raise|re-raise|reraise) (?:when|once) (?:it is|it's|its) (?:his|her|their|my) turn$",
     r"is the betting reopened for \1"),
    (r"^how much is (.+?)(?:'s|') pot(?:-sized| size)? (raise|bet)$", r"how much is a pot-sized \2 for \1"),
    (r"^what is the (min|minimum|max|maximum|smallest|largest|biggest|lowest|highest|least|most) amount (.+?) "
     r"(?:can|could|may) (raise|bet)(?: to)?$", r"what is the \1 \3 for \2"),  # review EK
    (r"^how many raises (?:count|are counted|have counted|have been counted) (?:toward|towards|against|for) the cap"
     r"(?: so far)?$", r"how many raises have been made"),  # review EN
]


_NOUN = r"(?P<verb>fold|check|call|bet|raise|re-raise|reraise|check-raise|min-raise|complete|completion|all-in)"
_LEGAL = r"(?:legal|allowed|ok|okay|permitted|possible|a legal (?:action|bet|raise|move))"
_GERUND = {"folding": "fold", "checking": "check", "calling": "call", "betting": "bet", "raising": "raise",
           "re-raising": "re-raise", "check-raising": "check-raise", "check raising": "check-raise",
           "completing": "complete", "going all-in": "go all-in", "going all in": "go all-in"}


def _as_can(t: str) -> str:
    """Ways of asking whether an action is legal, as the "can" question: "is a raise to 30 legal for
    bob" and "is bob's raise to 30 legal" are "can bob raise to 30"; "is folding allowed" is "can i fold";
    "does bob have the option to raise" is "can bob raise"."""
    t = re.sub(r"^(?:does|do) (.+?) have the (?:option|right) to ", r"can \1 ", t)

    def verb(word: str) -> str:
        return {"completion": "complete", "all-in": "go all-in"}.get(word, word)

    if m := re.fullmatch(rf"(?:is|are) (?:a |an )?{_NOUN}(?P<amount> (?:to |for |of )?[$0-9][^ ]*)? {_LEGAL}"
                         rf"(?: for (?P<who>.+))?", t):
        amount = f" to {m['amount'].split()[-1]}" if m["amount"] else ""
        return f"can {m['who'] or 'i'} {verb(m['verb'])}{amount}"
    gerunds = "|".join(sorted(map(re.escape, _GERUND), key=len, reverse=True))
    if m := re.fullmatch(rf"is (?:(?P<who>.+?)(?:'s|') )?(?P<verb>{gerunds}) {_LEGAL}(?: for (?P<who2>.+))?", t):
        return f"can {m['who'] or m['who2'] or 'i'} {_GERUND[m['verb']]}"
    if m := re.fullmatch(rf"is (?P<who>.+?)(?:'s|') {_NOUN}(?P<amount> to [$0-9][^ ]*)? {_LEGAL}", t):
        return f"can {m['who']} {verb(m['verb'])}{m['amount'] or ''}"
    return t


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
    scale = {"k": Decimal(1000), "m": Decimal(1000000)}.get(cleaned[-1:], Decimal(1))
    if scale != 1:
        cleaned = cleaned[:-1]
    if not re.fullmatch(r"[0-9]*\.?[0-9]+(?:e[-+]?[0-9]+)?|[0-9]+\.", cleaned):  # ASCII digits only ('1_0' is no amount)
        raise QuestionError(word, f"expected an amount (e.g. 'to 40'), got {word!r}")
    value = Decimal(cleaned)
    if value.is_finite() and value and not FINEST <= value.adjusted() + scale.adjusted() < MAX_DIGITS:  # before any
        raise QuestionError(word, f"{word!r} is out of range: betlaw reads amounts from 1e{FINEST} to below "  # arithmetic
                                  f"1e{MAX_DIGITS}")  # (1e1000000 would overflow Python's decimal context)
    if scale != 1 and value.is_finite():  # exactly: multiplying rounds to the context's 28 digits
        sign, digits, exponent = value.as_tuple()
        value = Decimal((sign, digits, exponent + scale.adjusted()))
    if not value.is_finite() or value <= 0:
        raise QuestionError(word, f"expected a positive amount, got {word!r}")
    if value.adjusted() >= MAX_DIGITS or value.adjusted() < FINEST:  # the bounds of a hand's amounts
        raise QuestionError(word, f"{word!r} is out of range: betlaw reads amounts from 1e{FINEST} to below "
                                  f"1e{MAX_DIGITS}")
    return value


_BOOKS = {"tda": "tda-2024", "robert": "roberts", "seed": "seeds", "pokerkit": "pokerkit", "acpc": "acpc"}
_BOOK = (r"(?:the )?(?P<book>tda(?: 20[0-9][0-9])?|robert'?s|roberts|robert ciaffone'?s|seeds?|pokerkit|acpc)"
         r"(?: rules?(?: of poker)?| rule ?book| texts?)?(?:,? (?:rules? |sections? |chapters? |parts? |# ?)?[0-9][0-9a-z.-]*)*")
_CITING = r"(?:under|per|according to|by|using|following|with|going by|in)"
RULE_BOOK = re.compile(rf"^{_CITING} {_BOOK},? (?P<rest>.+)$|^(?P<rest2>.+?),? \(?{_CITING} {_BOOK.replace('book>', 'book2>')}\)?$")
OTHER_BOOK = re.compile(r"^(?:under|per|according to|following|using|going by) (?:the )?(?P<name>[a-z0-9' -]+?) "
                        r"(?:rules?|rule ?book)\b")  # "under house rules, ...": a rule book betlaw does not have
# "if Carol calls, under Robert's rules, can Bob raise?": the book between a premise and its question
RULE_BOOK_MID = re.compile(rf"^(?P<head>.+?)(?:, {_CITING}| (?:under|per|according to|following|using|going by)) "
                           rf"{_BOOK.replace('book>', 'book3>')},? (?P<tail>.+)$")
OTHER_BOOK_MID = re.compile(r"^.+?,? (?:under|per|according to|following|using|going by) (?:the )?"
                            r"(?P<name>[a-z0-9' -]+?) (?:rules?|rule ?book)\b")
RULE_ONLY = re.compile(r"^(?:under|per|according to|by) (?:tda |the )?rule ?#?[0-9][0-9a-z.-]*,? (?P<rest>.+)$")


def _preset(book: str) -> str:
    """The preset of a rule book as a question names it ("robert's", "tda 2024", "the seeds")."""
    book = book.replace("robert ciaffone", "robert")
    if book.startswith("tda ") and book != "tda 2024":
        raise QuestionError(book, f"{book!r}: betlaw states the TDA rules of 2024 only (preset tda-2024)")
    return _BOOKS[next(k for k in _BOOKS if book.startswith(k))]


def rule_book(text: str) -> tuple[str | None, str]:
    """(the preset a question names, the question without it): "under Robert's rules, is the betting
    capped?" is "is the betting capped?" under ``roberts``; "per TDA rule 47, can Bob re-raise?" under
    ``tda-2024`` (the rule number is the answer's to give). (None, text) when it names no rule book."""
    t = text.strip().replace("\u2019", "'").rstrip("?!. ")
    low = t.lower()
    if m := RULE_BOOK.match(low):
        start, end = m.span("rest") if m.group("rest") else m.span("rest2")
        return _preset(m.group("book") or m.group("book2")), t[start:end]
    if m := RULE_BOOK_MID.match(low):
        return _preset(m.group("book3")), f"{t[:m.end('head')]}, {t[m.start('tail'):]}"
    if m := RULE_ONLY.match(low):
        return None, t[m.start("rest"):]
    if m := OTHER_BOOK.match(low) or OTHER_BOOK_MID.match(low):
        raise QuestionError(m.group("name"), f"{m.group('name')!r} rules: betlaw has the presets "
                                             f"tda-2024, roberts, seeds, pokerkit and acpc ('betlaw rules' lists them; "
                                             f"--rule KEY=VALUE sets a house's own switch)")
    return None, text


def parse(text: str) -> Question:
    """A question, with any premise ("if p3 calls and p4 folds, can p1 raise?") parsed into its actions.
    A question that reads as one without a premise is one ("who acts after the bring-in?"); a pronoun is
    read by :func:`_antecedents`."""
    try:
        plain = _parse_plain(text)
    except QuestionError as error:
        premised = _premised(text)
        if premised is None:
            raise error from None
        return _antecedents(premised)
    if plain.player and (any(w in _LEADS for w in plain.player.split()[1:]) or (
            plain.player.removeprefix("the ") not in _POSITIONS and _reads_as_action(plain.player))):
        # "who acts after p4 calls", "can p2 call when p4 is all-in": no player is named "p4 calls"
        return _antecedents(_premised(text) or plain)
    return _antecedents(plain)


PRONOUNS = {"he", "she", "him", "her", "his", "hers", "they", "them", "their", "theirs"}


def _antecedents(q: Question) -> Question:
    """A pronoun in the question ("can she re-raise?") stands for the player an "everyone ... to X" premise
    names ("if everyone folds to the bb, can she 3-bet?"); else it is resolved when the hand is known
    (:meth:`Answerer.seat_for`: a player so named, the player to act, or an error naming the candidates)."""
    if q.player not in PRONOUNS:
        return q
    target = next((p.player for p in reversed(q.premises) if p.kind == "everyone" and p.player), None)
    return replace(q, player=target) if target else q


def _reads_as_action(words: str) -> bool:
    try:
        return _premise(words) is not None
    except QuestionError:
        return False


_POSITIONS = {"bring-in", "bring in", "bring-in player", "button", "dealer", "dealer button", "big blind",
              "small blind", "straddle", "straddler", "cutoff", "hijack"}


_LEADS = {"if", "when", "after", "once", "assuming", "supposing", "is", "was"}


# "can p1 bet on the turn?", "on the flop, who acts?", "can p3 raise preflop?": the round a question is about
ON_ROUND = re.compile(rf"^(?P<rest>.+?) (?:on|in|during|at) (?:the )?(?P<street>{_STREET})(?: betting| round)?$|"
                      rf"^(?P<rest2>.+?) (?P<street2>pre-?flop|post-?flop)$|"
                      rf"^(?:on|in|during) (?:the )?(?P<street3>{_STREET})(?: betting| round)? (?P<rest3>.+)$|"
                      rf"^(?P<street4>pre-?flop|post-?flop) (?P<rest4>.+)$")
_ROUND_KINDS = ("can", "what", "who", "first", "last", "turn", "cap", "last-aggressor")  # questions a round qualifies


def _on_round(t: str) -> tuple[str, str] | None:
    """(the question without its round, the round) for a question that names one, else None."""
    if m := ON_ROUND.match(t):
        rest = m.group("rest") or m.group("rest2") or m.group("rest3") or m.group("rest4")
        return rest, m.group("street") or m.group("street2") or m.group("street3") or m.group("street4")
    return None


def _parse_plain(text: str) -> Question:
    """A question without premises; one about an action may name its round ("can p1 bet on the turn?")."""
    try:
        return _parse_bare(text)
    except QuestionError:
        split = _on_round(normalize(text))
        if split is None:
            raise
        try:
            q = _parse_bare(split[0])
        except QuestionError:
            q = None
        if q is None or q.kind not in _ROUND_KINDS or q.kind in ("first", "last", "last-aggressor") and q.said:
            raise

    if q.kind in ("first", "last", "last-aggressor"):  # "on the turn, who acts first?": "who acts first on the turn?"
        return replace(q, text=text, said=split[1])
    return replace(q, text=text, street=split[1])


_DONE = r"(?P<verb>fold|check|call|bet|raise|re-raise|reraise|check-raise|min-raise|complete|completion|all-in|shove|bring-in)"
_VALID = r"(?:legal|allowed|ok|okay|permitted|valid|proper|correct|right)"
_AMOUNT_SAID = r"(?P<amount> (?:to |for |of )?[$0-9][^ ]*)?"
_PAST = {"raised": "raise", "bet": "bet", "called": "call", "checked": "check", "folded": "fold", "re-raised": "raise",
         "reraised": "raise", "completed": "complete", "gone all-in": "go all-in", "gone all in": "go all-in",
         "shoved": "go all-in", "check-raised": "check-raise", "brought it in": "bring it in", "brought in": "bring in",
         "min-raised": "min-raise", "limped": "limp", "opened": "open", "jammed": "go all-in", "pushed": "go all-in",
         "3-bet": "3-bet", "4-bet": "4-bet"}
RECORDED = [  # (pattern, how the recorded action is found: see Question.recorded)
    (re.compile(rf"^(?P<tense>is|was) (?P<who>.+?)(?:'s|') (?:(?P<street0>{_STREET}) )?{_DONE}{_AMOUNT_SAID}"
                rf"(?: (?:on|in|during) (?:the )?(?P<street>{_STREET})| (?P<street1>pre-?flop|post-?flop))? (?:a )?{_VALID}"
                rf"(?: (?:action|move|bet|raise|call|check|fold|completion|play))?$"), None),
    (re.compile(rf"^(?P<tense>is|was) (?:(?P<that>that|this|it|the last action|the last move)|the (?:last |latest )?"
                rf"{_DONE}) (?:a |an )?{_VALID}(?: (?P<verb2>action|move|bet|raise|call|check|fold|completion|play))?$"),
     None),
    (re.compile(rf"^was (?P<who>.+?) (?:allowed|permitted|entitled|right) to (?P<verb>{VERB_PATTERN}){_AMOUNT_SAID}$"),
     "either"),
    (re.compile(rf"^(?:could|can|should) (?P<who>.+?) have (?P<past>{'|'.join(map(re.escape, _PAST))}){_AMOUNT_SAID}$"),
     "turn"),
]


# "could Bob have raised the pot?", "... to 3x", "... all-in", "... by 10": the rest as a "can" question takes it
HAVE_DONE = re.compile(rf"^(?:could|can) (?P<who>.+?) have (?P<past>{'|'.join(map(re.escape, _PAST))})"
                       rf"(?P<rest> .+)$")


def _recorded(text: str, t: str) -> Question | None:
    """A question about an action the hand recorded ("was David's raise legal?"), as a "can" question
    marked ``recorded`` (answered by conformance/recorded.py), or None."""
    if (m := HAVE_DONE.match(t)) and not re.fullmatch(r" (?:to |for |of )?[$]?[0-9][0-9.,]*", m["rest"]):
        q = _parse_bare(f"can {m['who']} {_PAST[m['past']]}{m['rest']}")
        return replace(q, text=text, recorded="turn") if q.kind == "can" else None
    for pattern, how in RECORDED:
        if not (m := pattern.match(t)):
            continue
        groups = m.groupdict()
        said = _PAST[groups["past"]] if groups.get("past") else groups.get("verb") or groups.get("verb2")
        said = {"completion": "complete", "all-in": "go all-in", "shove": "go all-in", "action": None, "move": None,
                "play": None}.get(said, said)
        word = (groups.get("amount") or "").split()[-1] if groups.get("amount") else None
        if how is None:
            how = "last" if groups.get("that") else "yes" if groups["tense"] == "was" or not groups.get("who") else "maybe"
        verb = VERBS.get(said) if said else None
        if said and verb is None:
            return None
        return Question(text, "can", player=_player(groups.get("who")), verb=verb,
                        amount=parse_amount(word) if word else None, to=word is not None, said=said or "",
                        recorded=how, street=groups.get("street") or groups.get("street0") or groups.get("street1") or "")
    return None


def _parse_bare(text: str) -> Question:
    if (q := _recorded(text, _normal(text))) is not None:
        return q
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
    if m := CAPPED.match(t):  # said: the raises left ("how many"), made ("made"), the cap itself ("cap"), or yes/no
        said = "how many" if m.group("left") else "made" if m.group("made") else "cap" if m.group("cap") else \
            "cap bets" if m.group("bets") else \
            "lifted" if m.group("lifted") else "in force" if t.startswith(("is the cap", "is cap", "is the raise cap")) and \
            not t.endswith((" reached", " hit")) else ""
        if said in ("lifted", "in force") and m.group("hu"):
            said += " heads-up"  # the rule for a heads-up pot (cap.heads-up), asked whether or not it is heads-up now
        return Question(text, "cap", said=said)
    if (m := PUT_IN.match(t)) and "got to" not in (m.group("p1") or ""):  # before WHAT: "how much has p2 put in"
        who = next(v for k, v in m.groupdict().items() if k.startswith("p") and v)
        return Question(text, "put-in", player=_player(who), said=(m.group("when") or "").strip())
    if m := TURN.match(t):
        return Question(text, "turn", player=_player(m.group("p1") or m.group("p2") or m.group("p3") or m.group("p4")))
    if m := WHAT.match(t):
        return Question(text, "what", player=_player(next((g for g in m.groups() if g), None)))
    if m := POT_SIZED.match(t):
        return Question(text, "what", player=_player(m.group("player")), focus="pot")
    if m := POTTING.match(t):  # "how much can p2 pot?": the amount potting comes to, a short stack's all of it
        return Question(text, "what", player=_player(m.group("player")), focus="potting")
    if m := RAISE_BY.match(t):  # "how much can p4 raise by?": the increments, as "to" amounts too
        return Question(text, "what", player=_player(m.group("p1") or m.group("p2")), focus="by")
    if m := FOCUS.match(t):
        calls = [f"p{k}" for k in (3, 7, 8, 9, 10, 11, 12, 13, 14)]
        focus = "min" if m.group("low") or m.group("low2") or m.group("low3") else \
            "call" if t.endswith((" call", " owe", " amount", " put in")) or m.group("p13") or t.startswith(
                ("how much is it to", "how much to call")) else "max"
        who = next((m.group(g) for g in ["p1", "p2", "p4", "p5", "p6", *calls] if m.group(g)), None)
        return Question(text, "what", player=_player(who), focus=focus)
    if m := POSITION.match(t):
        return Question(text, "position", player=m.group("position"))
    if ALL_IN_WHO.match(t):  # "is anyone all-in?" asks yes or no
        return Question(text, "all-in", said="anyone" if t.startswith(("is anyone", "is anybody", "is someone",
                                                                        "are any")) else "")
    if m := ROUND.match(t):  # "is the flop over?" names the round (said)
        street = m.group("street") or m.group("street2") or m.group("street3")
        return Question(text, "round", said=street if street not in (None, "betting", "this", "the") else "")
    if HAND.match(t):
        return Question(text, "hand")
    if STREET_NOW.match(t):
        return Question(text, "street")
    if m := ROUNDS.match(t):  # "how many betting rounds are left?", "is this the last betting round?"
        return Question(text, "street", said="last" if m.group("last") else "left" if m.group("left") else "count")
    if MAY_RAISE.match(t):
        return Question(text, "may-raise")
    if re.fullmatch(r"can anyone still (?:raise|re-raise|reraise)", t):  # the same, yes or no
        return Question(text, "may-raise", said="anyone")
    if m := OPTION.match(t):  # the big blind's (a live straddle's) option (option.big-blind)
        who = m.group("p1") or m.group("p2")  # "do I have the option?": the player to act, yes or no (review ED)
        return Question(text, "option", player=_player(who), said="me" if who in _ME else "")
    if WINNER.match(t):
        return Question(text, "winner")
    if (q := _pot_focus(text, t)) is not None:
        return q
    if POTS.match(t):
        return Question(text, "pots")
    if m := LAST_ON.match(t):
        return Question(text, "last", said=m.group("street") or "")
    if m := FIRST_ON.match(t):
        return Question(text, "first", said=m.group("street"))
    for kind, pattern in (("in-hand", IN_HAND), ("current-bet", CURRENT_BET), ("last-aggressor", LAST_AGGRESSOR)):
        if m := pattern.match(t):
            return Question(text, kind, said=next((k for k, v in m.groupdict().items() if v), ""))
    if m := STAKES.match(t):
        return Question(text, "stakes", said=m.group("what") or m.group("what2") or m.group("what3"),
                        focus=m.group("street") or m.group("street3"))
    if m := AFTER.match(t):
        return Question(text, "after", player=_player(m.group("player")))
    if m := MUST.match(t):
        who = next(m.group(k) for k in ("p1", "p2", "p3", "p4", "p5") if m.group(k))
        return Question(text, "must", player=_player(who), verb=VERBS[m.group("verb")], said=m.group("verb"),
                        recorded="turn" if m.group("past") else "")  # "did Bob have to fold?": at his last turn
    if m := ALL_IN_KIND.match(t):  # before FULL_RAISE: the kind of action an all-in was
        kinds = re.split(r",? or (?:an? )?", m.group("kinds")) if m.group("kinds") else []
        return Question(text, "all-in-kind", player=_player(m.group("p1") or m.group("p2") or m.group("p3")),
                        said=" or ".join(k.replace("bring in", "bring-in") for k in kinds))
    if m := FULL_RAISE.match(t):
        who = m.group("p1") or m.group("p2") or m.group("p3") or m.group("p4")
        all_in = re.search(r"all[- ]?in|shove|jam|push", t) is not None  # about the player's all-in, not any raise
        completion = not all_in and re.search(r"\bcompletion\b", t) is not None  # about the last completion
        # "does the completion count as a raise?": a raise is what the cap counts (stud.completion, cap.raises)
        said = "cap" if t.endswith("toward the cap") or (completion and t.endswith(" a raise")) else \
            "reopen" if re.search(r"re-?open", t) else ""
        return Question(text, "full-raise", player=who, said=said, whom=m.group("whom"),
                        verb=ALL_IN if all_in else Kind.COMPLETE if completion else None)
    if m := STACK.match(t):
        return Question(text, "stack", player=_player(next(v for v in m.groups() if v)))
    if m := STATUS.match(t):
        said, who = next((k, v) for k, v in m.groupdict().items() if v)
        return Question(text, "status", player=_player(who), said="folded" if said == "out" else said)
    if m := STRING.match(t):  # None ("that"): the player of the hand's latest table talk
        return Question(text, "string", player=next((v for v in m.groups() if v), None))
    for kind, pattern in (("action", ACTION), ("oot", OOT), ("binding", BINDING)):
        if m := pattern.match(t):
            thing = m.groupdict().get("thing")  # "is p2's raise binding?" asks about a raise
            return Question(text, kind, player=_player(next(v for k, v in m.groupdict().items() if k != "thing" and v)),
                            verb=VERBS.get(thing) if thing else None)
    if m := REOPENED.match(t):  # "is the betting reopened for Alice?": may she raise at her turn (TDA 2024 47)
        if m.group("p2") and (m.group("article") not in ("an", "a") or _BLIND_WORDS.match(m.group("p2"))):
            return Question(text, "option", player=_player(m.group("p2")))
        return Question(text, "reopened", player=_player(m.group("player") or m.group("p2") or m.group("p3")),
                        said="closed" if m.group("closed") else "get-option" if m.group("p2") else "")
    if m := CAN.match(t):
        word = m.group("amount1") or m.group("amount2") or m.group("by")
        verb = VERBS[m.group("verb")]
        if m.group("by") and verb not in (Kind.BET, Kind.RAISE):
            raise QuestionError(m.group("by"), f"'by AMOUNT' goes with bet or raise, not {m.group('verb')!r}; "
                                               "amounts are 'to' amounts (TDA 2024 rule 43-B): say 'to AMOUNT'")
        times = word is not None and re.fullmatch(r"[0-9]+(?:\.[0-9]+)?x", word) is not None
        blinds = word is not None and re.fullmatch(r"[0-9]+(?:\.[0-9]+)?bb", word) is not None
        if times and (m.group("by") or verb not in (Kind.BET, Kind.RAISE, Kind.COMPLETE)):
            raise QuestionError(word, f"{word!r} (a multiple of the current bet) goes with 'raise to', e.g. 'raise to 3x'")
        if (word or m.group("pot") or m.group("extreme")) and verb in (Kind.FOLD, Kind.CHECK):
            raise QuestionError(word or m.group("pot") or m.group("extreme"), f"{m.group('verb')!r} takes no amount")
        extreme = (m.group("extreme") or "")[:3]
        if extreme and verb not in (Kind.BET, Kind.RAISE, Kind.COMPLETE):
            raise QuestionError(m.group("extreme"), f"{m.group('extreme')!r} goes with bet or raise, not "
                                                    f"{m.group('verb')!r}")
        pot = m.group("pot") is not None
        share = _share(m.group("share")) if m.group("share") else Fraction(1)
        if m.group("more") and (verb is not Kind.CALL or not (m.group("amount1") or m.group("amount2")) or
                                m.group("prep") == "to"):
            raise QuestionError("more", "'more' goes with a call's chips ('call 4 more') or a raise's ('raise 16 more'), "
                                        "with the amount before it")
        if pot and verb not in (Kind.BET, Kind.RAISE):
            raise QuestionError("pot", f"'pot' (a pot-sized bet or raise) goes with bet or raise, not {m.group('verb')!r}")
        # "raise 999 all-in" is "raise to 999 all-in" (a bare amount after bet or raise is a "to" amount); only
        # "all-in for 999" may name the chips pushed
        bare_to = bool(m.group("allin") and m.group("amount2") and verb in (Kind.BET, Kind.RAISE))
        if m.group("allin"):  # "re-raise all-in", "raise to 77.5 all-in": the all-in (to that amount, if given)
            if verb not in (Kind.BET, Kind.RAISE, Kind.CALL, Kind.BRING_IN, ALL_IN) or m.group("by") or m.group("pot") \
                    or times:
                raise QuestionError("all-in", f"'all-in' after {m.group('verb')!r}: ask 'can pN go all-in [for AMOUNT]?'")
            verb = ALL_IN
        return Question(text, "can", player=_player(m.group("player") or m.group("player2") or m.group("player3")), verb=verb,
                        amount=(parse_amount(word[:-1]) if times else parse_amount(word[:-2]) if blinds else
                                parse_amount(word)) if word else None,
                        by=bool(m.group("by")), times=times, blinds=blinds, pot=pot, share=share, extreme=extreme,
                        said=m.group("verb"),
                        to=m.group("prep") in ("to", "it to") or bare_to, adds=bool(m.group("more")))
    first = t.split()[0]
    if first in ("can", "may", "could"):
        _unknown_action(t)
    shown = text if len(text) <= 200 else f"{text[:200]}... ({len(text) - 200} more characters)"
    raise QuestionError(first, f"cannot parse {shown!r}; ask 'who acts?', 'what can pN do?', "
                               "'can pN fold|check|call|bet|raise|complete [to AMOUNT]?', "
                               "'is the round over?', 'what are the pots?', 'who is the big blind?', "
                               "'is the betting capped?', 'is the betting reopened for pN?', "
                               "'what is pN's action?', 'is pN's action binding?', any of them after a premise "
                               "('if pN calls, can pM raise?') (docs/asking.md lists them all)")


_SHARES = {"half": Fraction(1, 2), "a half": Fraction(1, 2), "one half": Fraction(1, 2), "a third": Fraction(1, 3),
           "one third": Fraction(1, 3), "two thirds": Fraction(2, 3), "a quarter": Fraction(1, 4),
           "one quarter": Fraction(1, 4), "three quarters": Fraction(3, 4)}


def _share(word: str) -> Fraction:
    """"half", "2/3", "75%": a share of the pot, exactly."""
    if word in _SHARES:
        return _SHARES[word]
    try:
        share = Fraction(word[:-1]) / 100 if word.endswith("%") else Fraction(word)
    except ZeroDivisionError:
        share = Fraction(0)
    if share <= 0:
        raise QuestionError(word, f"{word!r} of the pot is no bet; say a share above nothing, e.g. 'half pot'")
    return share


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

PREMISE_LEAD = re.compile(r"^(?P<lead>what if|what (?:happens|would happen|will happen) (?:if|when)|if|suppose|supposing|assuming|assume|say|when|after|once|since|now that|"
                          r"with|given that) (?P<body>.+)$")
PREMISE_TAIL = re.compile(r"^(?P<question>.+?) (?P<lead>if|after|assuming|once|when|supposing|since|now that|given that) "
                          r"(?P<body>.+)$")
_AS_FACT = ("after", "since", "now that", "with", "given that", "once", "when")  # may name what the hand records
# "after David's short shove": the action as a noun, a premise "David goes all-in"
_ACTION_NOUN = re.compile(r"^(?P<who>.+?)(?:'s|') (?:(?:short|small|little|big|full|min|minimum|all-in|incomplete|"
                          r"first|second|last|latest) )*(?P<noun>shove|jam|push|all-in|all in|allin|raise|re-raise|reraise|"
                          r"3-bet|bet|call|limp|completion|check|fold|min-raise|bring-in)(?P<amount> (?:to |for )?\S+)?$")
_NOUN_VERB = {"shove": "goes all-in", "jam": "goes all-in", "push": "goes all-in", "all-in": "goes all-in",
              "all in": "goes all-in", "allin": "goes all-in", "raise": "raises", "re-raise": "raises",
              "reraise": "raises", "3-bet": "raises", "min-raise": "raises", "bet": "bets", "call": "calls",
              "limp": "calls", "completion": "completes", "check": "checks", "fold": "folds", "bring-in": "brings in"}
# a premise is given as such by these words (the others may begin a plain question: "when can p1 raise?")
_SURELY_PREMISE = ("what if", "if", "suppose", "supposing", "assuming", "assume")
_BETWEEN = re.compile(r"\s*[,;]\s+(?:and then|then|and)\s+|\s*[,;.:]\s+|\s*;\s*|\s+[-\u2014]+\s+|"
                      r"\s+(?:and then|then|and)\s+")  # between premises ("p3 bets, p4 raises, and p5 calls")
_QUESTION_WORDS = {"can", "may", "could", "is", "who", "whose", "what", "how", "does", "do", "would", "will", "am",
                   "are", "has", "which", "show", "what's", "who's", "whats", "must", "should", "was", "did", "where"}
_VERB_STARTS = {v.split()[0] for v in VERBS}
_EXTREMES = {"minimum", "maximum"} | set(f"{_LOW}|{_HIGH}".replace("(?:imum)?", "").split("|"))  # "max", "least", ...
_IRREGULAR = {"goes": "go", "went": "go", "brought": "bring", "led": "lead", "saw": "see", "bet": "bet", "put": "put"}
# "everyone folds to the big blind", "it is checked around", "the others call": each player in turn
_EVERYONE_WORDS = (r"(?:everyone|everybody|all|all players|all the others|the others|the rest|the other players|"
                   r"it|it is|it gets|it's)(?: else)?")
EVERYONE = re.compile(rf"^{_EVERYONE_WORDS} (?P<verb>fold|folds|folded|check|checks|checked|call|calls|called|"
                      rf"limp|limps|limped)(?: around| back| back around| round)?(?: (?:to|until) (?P<to>.+))?$")
EVERYONE_OTHER = re.compile(rf"^(?:everyone|everybody|all players|the others|the rest|the other players)(?: else)? \S+")


THAT_LEGAL = re.compile(r"^(?:is|would) (?:that|this|it) (?:be )?(?:legal|allowed|ok|okay|permitted|possible|"
                        r"a legal (?:action|bet|raise|move))$")  # "if p2 raises to 120, is that legal?"


def _premised(text: str) -> Question | None:
    """A question with a premise: "if p3 calls and p4 folds, can p1 raise?", "can p1 raise if p3 calls?",
    "what if p3 goes all-in for 150?" (then: what can the next player do). None when the text has no
    premise; a QuestionError when it plainly has one that cannot be read."""
    bare = text.strip().lower().replace("\u2019", "'").rstrip("?!. ").strip()
    lead = PREMISE_LEAD.match(bare)
    if lead is None and re.search(r"[.;:]\s|\s[-\u2014]+\s", bare):  # "p2 raises to 30. can p3 re-raise?"
        premises, rest = _leading_premises(bare)
        if premises and rest:
            if (action := _that_legal(premises, rest, text)) is not None:
                return action
            try:
                return _with_premises(_parse_plain(rest), text, premises)
            except QuestionError:
                pass
    if m := lead:
        kind = "what if" if m.group("lead").startswith("what ") else m.group("lead")  # "what happens if ...?" too
        premises, rest = _leading_premises(m.group("body"))
        if kind in _AS_FACT:
            premises = _as_facts(premises)
        if premises and rest and (action := _that_legal(premises, rest, text)) is not None:
            return action
        if premises:
            if not rest:
                if kind != "what if":
                    raise QuestionError(bare, f"{text!r} gives a premise and no question; ask e.g. "
                                              f"'if p3 calls, can p1 raise?' or 'what if p3 calls?'")
                main = Question(text, "what")  # "what if p3 calls?": what the next player may do
            else:
                main = _parse_plain(rest)
            return _with_premises(main, text, premises)
        if kind in _SURELY_PREMISE:
            raise QuestionError(m.group("body"), _premise_help(m.group("body")))
        return None
    if m := PREMISE_TAIL.match(bare):
        try:
            main = _parse_plain(m.group("question"))
        except QuestionError:
            return None
        premises = _premise_list(_BETWEEN.split(m.group("body")))
        if premises:
            return _with_premises(main, text, _as_facts(premises) if m.group("lead") in _AS_FACT else premises)
        if m.group("lead") == "if":
            raise QuestionError(m.group("body"), _premise_help(m.group("body")))
    return None


def _as_facts(premises: list[Question]) -> list[Question]:
    return [replace(p, maybe_done=True) if p.kind == "can" else p for p in premises]


def _that_legal(premises: list[Question], rest: str, text: str) -> Question | None:
    """"If p2 raises to 120, is that legal?": the premise's own action, asked as a "can" question."""
    if not THAT_LEGAL.match(normalize(rest)):
        return None
    if premises[-1].kind == "can":  # the last premise is the action asked about; those before it, premises
        from dataclasses import replace

        return replace(premises[-1], text=text, premises=tuple(premises[:-1]))
    raise QuestionError(rest, f"{text!r}: 'is that legal?' asks about one action (e.g. 'if p2 raises to 120, is "
                              f"that legal?')")


def _premise_list(pieces: list[str]) -> list[Question] | None:
    """Every piece a premise, a list of players sharing the verb that follows ("p3, p4 and p5 call"):
    None if any piece is not."""
    out: list[Question] = []
    waiting: list[str] = []  # players named before their verb
    for piece in pieces:
        premise = _premise(piece)
        if premise is None:
            if not _bare_player(piece):
                return None
            waiting.append(piece)
            continue
        out += _shared_verb(waiting, piece) + [premise]
        waiting = []
    return out if out and not waiting else None


def _bare_player(piece: str) -> bool:
    """A player's name or seat alone ("p3", "alice", "the big blind"), as in a list of players."""
    words = normalize(piece).split()
    return 0 < len(words) <= 3 and not any(w in _QUESTION_WORDS or _base_forms(w) for w in words)


def _shared_verb(players: list[str], piece: str) -> list[Question]:
    """The premises of players listed before a shared verb: "p3, p4 and p5 call" -> p3 calls, p4 calls."""
    words = normalize(piece).split()
    verb_at = next((i for i in range(1, len(words)) if _base_forms(words[i]) or words[i] in ("is", "was")), None)
    out = []
    for player in players:
        premise = _premise(f"{player} {' '.join(words[verb_at:])}") if verb_at else None
        if premise is None:
            raise QuestionError(player, _premise_help(f"{player} ..."))
        out.append(premise)
    return out


def _with_premises(main: Question, text: str, premises: list[Question]) -> Question:
    if main.premises:
        raise QuestionError(text, f"{text!r}: give every premise once, before or after the question")
    first_person = re.search(r"\b(?:i|me|my)\b", text.lower()) is not None
    return replace(main, text=text, premises=tuple(premises), first_person=first_person)


def _premise_help(body: str) -> str:
    return (f"cannot read the premise in {body!r}; write the actions in turn, e.g. 'if p3 calls and p4 folds, "
            f"can p1 raise?', 'if p2 raises to 300, ...', 'if p3 goes all-in for 150, ...', "
            f"'if everyone folds to the big blind, ...'")


def _leading_premises(body: str) -> tuple[list[Question], str]:
    """The premise actions at the front of ``body``, and the question after them."""
    premises: list[Question] = []
    waiting: list[str] = []  # players listed before their shared verb ("p3, p4 and p5 call")
    at = 0
    while at < len(body):
        gap = _BETWEEN.search(body, at)
        piece = body[at:gap.start()] if gap else body[at:]
        premise = _premise(piece)
        if premise is not None:
            premises += _shared_verb(waiting, piece) + [premise]
            waiting = []
            at = gap.end() if gap else len(body)
            continue
        if gap and _bare_player(piece):
            waiting.append(piece)
            at = gap.end()
            continue
        # the question may follow a premise with no comma: "if p3 calls can p1 raise"
        words = piece.split()
        for k in range(1, len(words)):
            if words[k] in _QUESTION_WORDS and (premise := _premise(" ".join(words[:k]))) is not None:
                premises += _shared_verb(waiting, " ".join(words[:k])) + [premise]
                return premises, body[at:].split(None, k)[k]
        if waiting:
            raise QuestionError(waiting[0], _premise_help(", ".join(waiting + [piece])))
        return premises, body[at:]
    return premises, ""


def _premise(piece: str) -> Question | None:
    """One premise action ("p3 calls", "alice raised to 300", "the big blind checks", "i call",
    "everyone folds to p4") as the matching "can" question, or None. It may name its round ("everyone
    checks on the flop")."""
    if normalize(piece).split()[:1] in (["which"], ["what"], ["who"], ["whose"], ["how"], ["where"]):
        return None  # "which pots" is a question's start, not a player "which" potting (review DQ)
    t = re.sub(r"\b(?:pots|potted|pot) it\b", "raises the pot", normalize(piece))  # "if alice pots it"
    t = re.sub(r" (?:pots|potted)$", " raises the pot", t)  # "if alice pots"
    if (noun := _ACTION_NOUN.match(t)) and not noun.group("who").endswith(" all"):  # "david's short shove"
        t = f"{noun.group('who')} {_NOUN_VERB[noun.group('noun')]}{noun.group('amount') or ''}"
    if (bare := re.fullmatch(r"(.+?) (?:being )?all[- ]?in", t)) and \
            not re.search(r" (?:go|goes|went|gone|move|moves|moved|push|pushes|pushed|shove|shoves|shoved|is|was|"
                          r"raise|raises|raised|bet|bets|call|calls|called|jam|jams|jammed)$", bare.group(1)):
        t = f"{bare.group(1)} is all-in"  # "with David all-in": the state, as "David is all-in"
    if (split := _on_round(t)) and (inner := _premise(split[0])) is not None:
        from dataclasses import replace

        return replace(inner, text=piece, street=split[1])
    if m := EVERYONE.match(t):
        verb = VERBS[_base_forms(m.group("verb"))[0]]
        return Question(piece, "everyone", player=_player(m.group("to")) if m.group("to") else None, verb=verb)
    if EVERYONE_OTHER.match(t):
        raise QuestionError(piece, f"{piece!r}: 'everyone' takes fold, check or call (e.g. 'if everyone folds to p4'); "
                                   f"name the players for other actions")
    words = t.split()
    # a player named like a question word ("max", "may", "will") before a verb said as done: "max folds"
    named = len(words) > 1 and any(base != words[1] for base in _base_forms(words[1]))
    if not words or (words[0] in _QUESTION_WORDS or words[0] in _EXTREMES) and not named:  # "max raise for p4" asks
        return None
    # the player is the words before a verb ("mary ann raises"), the first verb that reads as an action
    # ("the bring-in completes": "bring-in" names the player); a question word is no player's
    for verb_at in (i for i in range(1, len(words)) if _base_forms(words[i]) or words[i] in ("is", "was", "gets", "got")):
        if any(w in _QUESTION_WORDS for w in words[1 if named else 0:verb_at]):
            return None
        player = " ".join(words[:verb_at])
        for phrase in _verb_phrases(words[verb_at:]):
            candidate = f"can {player} {phrase}"
            m = CAN.match(normalize(candidate))
            if m and (m.group("player") or m.group("player2") or m.group("player3")) == player:
                q = _parse_plain(candidate)
                state = words[verb_at] in ("is", "was") and q.verb == ALL_IN and q.amount is None  # "p4 is all-in"
                return Question(piece, "can", player=q.player, verb=q.verb, amount=q.amount, by=q.by, to=q.to,
                                adds=q.adds, times=q.times, blinds=q.blinds, pot=q.pot, share=q.share, extreme=q.extreme,
                                said="is all-in" if state else "raise" if q.said == "check-raise" else q.said)
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
