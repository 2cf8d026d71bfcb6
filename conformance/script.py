"""Table scripts: a hand written down in a few plain lines, for people who do not write PHH.

::

    game: fixed-limit hold'em 10/20
    seats: Alice 100, Bob 100, Carol 15, David 100
    pre-flop: Carol calls, David calls, Alice calls, Bob checks
    flop: Alice checks, Bob checks, Carol checks, David checks
    turn: Alice checks, Bob checks, Carol goes all-in for 5, David to act

The grammar is documented in docs/table-script.md. A script is read into the same PHH fields a
.phh file holds (:func:`script_fields`) and then through :func:`betlaw.conformance.phh.scenario_from_fields`,
so a script and its PHH translation mean exactly the same hand. :func:`dumps_script` writes a
scenario back as a script; :func:`convert` turns one form into the other.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal, localcontext

from betlaw.model.actions import Kind
from betlaw.model.game import VARIANTS, Structure
from betlaw.model.state import HandState
from betlaw.spec.rulesets import PRESETS, SWITCHES, RuleError

from .phh import BOARD_CARDS, HOLE_CARDS, dumps, read_text, scenario_from_fields
from .sources import looks_like_phh
from .scenario import BOARD_MORE, NOOP, PLAYER_VERBS, Scenario, ScenarioError, Units, play, to_decimal, whole_units

NL, PL, FL, SL = Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT
ALL = (NL, PL, FL, SL)

# ---------------------------------------------------------------- vocabulary

_STRUCTURE_RE = re.compile(r"(no[-\s]?limit|nl|pot[-\s]?limit|pl|fixed[-\s]?limit|limit|fl|spread[-\s]?limit)(?=\s|$)")
_STRUCTURE_WORDS = {"nolimit": NL, "nl": NL, "potlimit": PL, "pl": PL, "fixedlimit": FL, "limit": FL, "fl": FL,
                    "spreadlimit": SL}

_HOLDEM = r"(?:texas\s+)?hold\s*['-]?\s*em"
_STUD7 = r"(?:(?:seven|7)[-\s]card\s+)?stud"
_HILO = r"(?:hi[-/\s]?lo|(?:eight|8)[-\s]or[-\s]better|/8|8)"


@dataclass(frozen=True)
class _GameName:
    name: str  # the canonical spelling, written by dumps_script
    pattern: str
    codes: dict  # structure -> PHH variant code
    default: Structure


_GAMES = (
    _GameName("hold'em", _HOLDEM, {NL: "NT", PL: "NT", FL: "FT", SL: "NT"}, NL),
    _GameName("short-deck", rf"(?:short[-\s]?deck|six[-\s]?plus|6\+)(?:\s+{_HOLDEM})?", {NL: "NS", PL: "NS", SL: "NS"}, NL),
    _GameName("omaha hi-lo", rf"omaha\s*{_HILO}|o/8", {s: "FO/8" for s in ALL}, FL),
    _GameName("omaha", r"omaha", {NL: "PO", PL: "PO", SL: "PO"}, PL),
    _GameName("2-7 single draw", r"(?:2-7|deuce[-\s]to[-\s]seven)\s+single[-\s]draw", {NL: "N2L1D", PL: "N2L1D", SL: "N2L1D"}, NL),
    _GameName("2-7 triple draw", r"(?:2-7|deuce[-\s]to[-\s]seven)\s+triple[-\s]draw", {s: "F2L3D" for s in ALL}, FL),
    _GameName("badugi", r"badugi", {s: "FB" for s in ALL}, FL),
    _GameName("stud hi-lo", rf"{_STUD7}\s*{_HILO}", {s: "F7S/8" for s in ALL}, FL),
    _GameName("stud", _STUD7, {s: "F7S" for s in ALL}, FL),
    _GameName("razz", r"razz", {s: "FR" for s in ALL}, FL),
)
_GAME_LIST = ", ".join(g.name for g in _GAMES)
_CODE_RE = re.compile(r"(" + "|".join(re.escape(c.lower()) for c in sorted(VARIANTS, key=len, reverse=True)) + r")(?=\s|$)")

_BOARD_GAMES = tuple(BOARD_CARDS)
_DRAW_GAMES = ("N2L1D", "F2L3D", "FB")

_ORDINALS = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth", "6th": "sixth",
             "7th": "seventh"}


def _street_key(text: str) -> str:
    return "".join(_ORDINALS.get(w, w) for w in text.lower().replace("-", " ").split())


def _round_keys(code: str) -> list[set[str]]:
    keys = [{_street_key(name)} for name in VARIANTS[code].street_names]
    if code == "N2L1D":
        keys[1].add("firstdraw")
    return keys


_ANY_ROUND = {k for code in VARIANTS for ks in _round_keys(code) for k in ks}

_OPTION_WORDS = ("ante", "big-blind", "bb", "bb-ante", "straddle", "chip", "blinds", "min-bet", "bring-in",
                 "trim-antes")
_OPTIONS_TEXT = "ante X, big-blind ante X, straddle X, chip X, blinds A/B, min-bet X, bring-in X or trim-antes"
_KEYWORDS = "game:, rules:, rule:, seats:, posts:, bring-in:, open-pair:, may-open:, chips:, an option (ante, big-blind ante, " \
            "straddle, chip, blinds, min-bet, bring-in, trim-antes) or a betting round such as pre-flop:"
_VERBS_TEXT = "checks, calls, folds, bets X, raises to X, completes [to X], brings in, goes all-in [for X], 'to act', " \
              "or table talk: says \"WORDS\" [pushing A+B], puts out A+B, taps, knocks, mucks [in turn|out of turn]"
_GESTURE_VERBS = {"taps": "tap", "knocks": "knock", "mucks": "muck"}
# the words an action or table talk may begin with after a player's name (_clause, _talk_clause)
_ACTION_WORDS = frozenset("checks check calls call folds fold bets bet raises raise completes complete brings bring "
                          "brings-in goes is moves shoves shove all-in allin all to says puts pushes taps knocks "
                          "mucks".split())


def _name_clash(names) -> tuple[str, str] | None:
    """Two seat names (a, b) where b is a followed by an action word ('Di', 'Di calls'): 'Di calls' in a
    round could not be told from b's name (review DS)."""
    for a in names:
        for b in names:
            rest = b.lower().split()[len(a.split()):] if b.lower().startswith(a.lower() + " ") else []
            if rest and rest[0] in _ACTION_WORDS:
                return a, b
    return None

_EXAMPLE = {"bet": "bets X", "raise": "raises to X", "complete": "completes to X"}
_NUMBER = re.compile(r"^[$€£]?([0-9]+(?:\.[0-9]*)?|\.[0-9]+)$")  # ASCII digits only: "５00" is no amount


def _fmt(amount: Decimal) -> str:
    """An exact decimal as written in scripts and PHH actions (2.5, 10, 0.25)."""
    if amount.is_infinite():
        return "inf"
    with localcontext() as ctx:  # normalize rounds to the context's precision: give it every digit
        ctx.prec = max(28, len(amount.as_tuple().digits))
        return format(amount.normalize(), "f")


_GROUPED = re.compile(r"[0-9],[0-9]{3}(?![0-9])")  # "1,000": a thousands comma, which a script reads as a separator
_GROUPING_HINT = " (commas separate the seats and actions of a line: write 1000, not 1,000)"


def _grouping_hint(text: str) -> str:
    """A hint for an error in a line that seems to group thousands with a comma."""
    return _GROUPING_HINT if _GROUPED.search(text) else ""


def _amount(token: str, where: str, what: str) -> Decimal:
    m = _NUMBER.match(token)
    if not m:
        raise ScenarioError(where, f"expected {what} (a number such as 6 or 2.5), got {token!r}{_grouping_hint(token)}")
    return Decimal(m.group(1))


# ---------------------------------------------------------------- parsed pieces


@dataclass
class _Clause:
    line: int
    where: str
    text: str
    seat: int  # script seat (position in the seats line)
    verb: str  # check call fold bet raise complete bring-in shove to-act, or talk
    amount: Decimal | None = None
    all_in: bool = False
    talk: dict | None = None  # table talk: kind (say, chips, gesture), words, chips, gesture, in_turn


@dataclass
class _Round:
    index: int
    line: int
    where: str
    clauses: list = field(default_factory=list)


@dataclass
class _Header:
    source: str
    game: tuple | None = None  # (code, structure, where)
    stakes: tuple | None = None  # (token, where)
    options: dict = field(default_factory=dict)  # key -> (value, where); "straddle" -> list
    preset: str | None = None
    overrides: dict = field(default_factory=dict)  # switch -> (text, where)
    names: list | None = None  # per script seat, or None when unnamed
    stacks: list = field(default_factory=list)
    seats_where: str | None = None
    posts: list = field(default_factory=list)  # (seat word, amount, kind, where)
    bring_in_seat: tuple | None = None  # (word, where)
    bring_in_lines: list = field(default_factory=list)  # 'bring-in:' lines, read once the seats are known
    may_open: tuple | None = None  # (list of words, where)
    open_pair: tuple | None = None  # (word, where): stud, who shows an open pair on fourth street, or yes / no
    amounts: list = field(default_factory=list)  # (amount, where), for the chip check
    chips: tuple | None = None  # 'chips:' line: (chip values in play, where) -> _betlaw_chips


# ---------------------------------------------------------------- reading


def parse_script(text: str, source: str = "-", preset: str | None = None, overrides: dict | None = None) -> Scenario:
    """A table script -> a Scenario (through the same PHH fields a .phh file would give).

    ``preset``/``overrides`` are the command line's rules: words that leave an amount to the rules
    ("raises", "goes all-in") are read under them, as the hand will be judged (the command line wins)."""
    lines: dict = {}
    fields = script_fields(text, source, lines, preset, overrides)
    try:
        scenario = scenario_from_fields(fields, source)
    except ScenarioError as err:
        raise _at_script_line(err, lines) from None
    game = scenario.game
    perm = _perm(game.seats, game.stud)  # script seat -> seat
    if perm != list(range(game.seats)):  # heads-up: the script's p1 is PHH's p2
        labels = tuple(f"p{perm.index(seat) + 1}" for seat in range(game.seats))
        scenario = replace(scenario, game=replace(game, labels=labels))
    return replace(scenario, talk_where=tuple(lines["talk"]), action_where=lines["actions"])


def _at_script_line(err: ScenarioError, lines: dict) -> ScenarioError:
    """An error the PHH reader names by a PHH entry (``actions[3]``, ``_betlaw_events[0]``), named by the
    script line that wrote it, as a table script's errors are (docs/table-script.md)."""
    for field, where in (("actions", lines.get("actions", {})), ("_betlaw_events", dict(enumerate(lines.get("talk", ()))))):
        found = re.search(rf"(?<![\w]){field}\[(\d+)\]", err.where)
        if found and int(found.group(1)) in where:
            return ScenarioError(where[int(found.group(1))], err.message)
    return err


def script_fields(text: str, source: str = "-", lines: dict | None = None, preset: str | None = None,
                  overrides: dict | None = None) -> dict:
    """A table script -> the PHH fields it stands for (``betlaw convert`` writes them with phh.dumps);
    ``lines`` receives the script line of each table-talk event ("talk") and player action ("actions");
    ``preset``/``overrides``: the rules on top of the script's own to read its actions under."""
    header, rounds = _read_lines(text, source)
    builder = _Builder(header, rounds, (preset, overrides or {}))
    fields = builder.fields()
    if lines is not None:
        lines.update(talk=builder.event_where, actions=builder.action_where)
    return fields


def _table_keyword(key: str) -> bool:
    """A table line's keyword (before the rounds): game, rules, seats, posts, chips, an option, ..."""
    return key in ("game", "rules", "rule", "ruleset", "seats", "players", "posts", "post", "bring-in", "bring in",
                   "bringin", "open-pair", "open pair", "may-open", "may open", "chips", "option", "min bet") or \
        bool(key) and key.split()[0] in _OPTION_WORDS


def _cut(word: str, limit: int = 40) -> str:
    """A word of the input quoted in an error, cut to ``limit`` characters."""
    return repr(word) if len(word) <= limit else repr(word[:limit]) + f"... ({len(word) - limit} more characters)"


def _read_lines(text: str, source: str) -> tuple[_Header, list[_Round]]:
    h = _Header(source)
    rounds: list[_Round] = []
    for n, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{source} line {n}"
        head, colon, body = line.partition(":")
        if colon:
            key = " ".join(head.lower().replace("_", "-").split())
            body = body.strip()
        else:
            first = line.split()[0].lower()
            if first in _OPTION_WORDS:
                key, body = "option", line
            elif first in ("game", "seats", "players", "rules", "rule", "posts", "may-open") or \
                    _street_key(first) in _ANY_ROUND:
                raise ScenarioError(where, f"expected ':' after {line.split()[0]!r} (e.g. '{first}: ...')")
            else:
                raise ScenarioError(where, f"unknown keyword {_cut(line.split()[0])}; expected {_KEYWORDS}")
        rkey = _street_key(key)
        if rkey in _ANY_ROUND and key not in ("bring-in",):
            if h.game is None:
                raise ScenarioError(where, f"{head.strip()!r} comes before the 'game:' line; write 'game: ...' first")
            if h.names is None and not h.stacks:
                raise ScenarioError(where, f"{head.strip()!r} comes before the 'seats:' line")
            rounds.append(_round_line(h, rounds, rkey, head.strip(), body, n, where))
            continue
        if rounds:
            word = head.strip() if colon else line.split()[0]
            if not _table_keyword(key):  # a misspelt round ('flpo:'), not a table line out of place
                names = VARIANTS[h.game[0]].street_names
                raise ScenarioError(where, f"unknown keyword {_cut(word)}; expected a betting round of "
                                           f"{_game_name(h)} ({', '.join(n + ':' for n in names)})")
            raise ScenarioError(where, f"{word!r} must come before the first betting round (line {rounds[0].line})")
        if key == "game":
            if h.game is not None:
                raise ScenarioError(where, "a second 'game:' line; a script holds one hand")
            _game_line(h, body, where)
        elif key in ("rules", "rule", "ruleset"):
            _rules_line(h, body, where)
        elif key in ("seats", "players"):
            _seats_line(h, body, where)
        elif key in ("posts", "post"):
            h.posts.append((body, where))
        elif key in ("bring-in", "bring in", "bringin"):
            if not body:
                raise ScenarioError(where, "expected a player (who brings in) or an amount after 'bring-in:'")
            h.bring_in_lines.append((body, where))
        elif key in ("open-pair", "open pair"):
            if not body:
                raise ScenarioError(where, "expected the player showing an open pair on fourth street, or yes / no, "
                                           "after 'open-pair:'")
            h.open_pair = (body, where)
        elif key in ("may-open", "may open"):
            h.may_open = ([w.strip() for w in body.split(",") if w.strip()], where)
        elif key == "chips":
            _chips_line(h, body, where)
        elif key and (key == "option" or key.split()[0] in _OPTION_WORDS or key == "min bet"):
            tokens = (line if key == "option" else key + " " + body).split()
            _options(h, tokens, where)
        else:
            raise ScenarioError(where, f"unknown keyword {_cut(head.strip())}; expected {_KEYWORDS}")
    if h.game is None and not text.strip():  # review EG: an empty file or standard input is said to be empty
        raise ScenarioError(source, "empty: no hand in it (a table script begins 'game: no-limit hold'em 1/2', "
                                    "then 'seats: ...'; or give a PHH file)")
    if h.game is None:
        raise ScenarioError(source, "no 'game:' line (e.g. 'game: no-limit hold'em 1/2')")
    if not h.stacks:
        raise ScenarioError(source, "no 'seats:' line (e.g. 'seats: Alice 200, Bob 150, Carol 300')")
    for body, where in h.bring_in_lines:  # 'bring-in: Carol' names the player, 'bring-in: 3' is the amount
        named = h.names and any(" ".join(body.lower().split()) == x.lower() for x in h.names)
        if _NUMBER.match(body) and not named:
            _options(h, ["bring-in", body], where)
        elif h.bring_in_seat is not None:
            raise ScenarioError(where, f"a second bring-in player {body!r} (first at {h.bring_in_seat[1]})")
        else:
            h.bring_in_seat = (body, where)
    markers = [(r, c) for r in rounds for c in r.clauses if c.verb == "to-act"]
    for r, c in markers:
        if r is not rounds[-1] or c is not [x for x in r.clauses if x.verb != "talk"][-1]:
            raise ScenarioError(c.where, f"{c.text!r}: 'to act' must be the last action in the script")
    talk = [c for r in rounds for c in r.clauses if c.verb == "talk"]
    if any(c.talk["chips"] for c in talk) and h.chips is None:
        first = next(c for c in talk if c.talk["chips"])
        raise ScenarioError(first.where, f"{first.text!r} puts out chips, but there is no 'chips:' line with the "
                                         f"chip values in play (e.g. 'chips: 100, 500, 1000')")
    for c in talk:
        for value in c.talk["chips"]:
            if value not in h.chips[0]:
                raise ScenarioError(c.where, f"{c.text!r}: a chip of {_fmt(value)} is not in play "
                                             f"(chips: {', '.join(_fmt(x) for x in h.chips[0])})")
    return h, rounds


def _game_line(h: _Header, body: str, where: str) -> None:
    text = " ".join(body.lower().replace("’", "'").split())
    structure = None
    m = _STRUCTURE_RE.match(text)
    if m:
        structure = _STRUCTURE_WORDS[re.sub(r"[^a-z]", "", m.group(1))]
        text = text[m.end():].strip()
    code = None
    m = _CODE_RE.match(text)
    if m:
        code = m.group(1).upper()
        structure = structure or VARIANTS[code].structure
    else:
        for g in _GAMES:
            m = re.match(rf"(?:{g.pattern})(?=\s|$)", text)
            if m:
                structure = structure or g.default
                code = g.codes.get(structure)
                if code is None:
                    hint = ("; write 'fixed-limit omaha hi-lo' (FO/8): its betting is the same" if g.name == "omaha"
                            else f"; {g.name} is written {' or '.join(str(x) for x in g.codes)}"
                            + "".join(f" (or give the code with the structure: '{structure} {c} ...')"
                                      for c in dict.fromkeys(g.codes.values())))
                    raise ScenarioError(where, f"{structure} {g.name} has no PHH variant code{hint}")
                break
        else:
            word = text.split()[0] if text else "(nothing)"
            raise ScenarioError(where, f"unknown game {word!r}; expected [no-limit|pot-limit|fixed-limit|spread-limit] "
                                       f"then {_GAME_LIST} (or a PHH variant code: {', '.join(VARIANTS)})")
    h.game = (code, structure, where)
    tokens = text[m.end():].split()
    if tokens and tokens[0] not in _OPTION_WORDS:
        h.stakes = (tokens.pop(0), where)
    _options(h, tokens, where)


def _options(h: _Header, tokens: list[str], where: str) -> None:
    i = 0
    while i < len(tokens):
        word = tokens[i].lower()
        if word in ("big-blind", "bb") and i + 1 < len(tokens) and tokens[i + 1].lower() == "ante":
            key, i = "big-blind ante", i + 2
        elif word in ("bb-ante", "bba"):
            key, i = "big-blind ante", i + 1
        elif word in ("ante", "straddle", "chip", "blinds", "min-bet", "bring-in"):
            key, i = word, i + 1
        elif word == "min" and i + 1 < len(tokens) and tokens[i + 1].lower() == "bet":
            key, i = "min-bet", i + 2
        elif word.rstrip(",") == "trim-antes":  # a flag: PHH ante_trimming_status = true
            if "trim-antes" in h.options:
                raise ScenarioError(where, f"'trim-antes' given twice (first at {h.options['trim-antes'][1]})")
            h.options["trim-antes"] = (True, where)
            i += 1
            continue
        else:
            raise ScenarioError(where, f"unexpected {tokens[i]!r}; expected {_OPTIONS_TEXT}")
        if i >= len(tokens):
            raise ScenarioError(where, f"{key!r} needs an amount")
        token = tokens[i].rstrip(",")
        i += 1
        if key == "blinds":
            parts = token.split("/")
            value = [_amount(p, where, "blind amounts A/B") for p in parts]
            if len(value) >= 2 and value[0] > value[1]:
                raise ScenarioError(where, f"'blinds {token}': the small blind is larger than the big blind; write "
                                           f"them small/big, e.g. blinds {parts[1]}/{parts[0]}")
            h.amounts += [(v, where) for v in value]
        else:
            value = _amount(token, where, f"an amount after {key!r}")
            h.amounts.append((value, where))
        if key == "straddle":
            h.options.setdefault("straddle", []).append((value, where))
            continue
        if key == "chip" and not value > 0:
            raise ScenarioError(where, f"the chip must be a positive amount, got {token!r}")
        if key in h.options:
            raise ScenarioError(where, f"{key!r} given twice (first at {h.options[key][1]})")
        h.options[key] = (value, where)


def _rules_line(h: _Header, body: str, where: str) -> None:
    items = [w.strip() for w in body.replace(";", ",").split(",") if w.strip()]
    if not items:
        raise ScenarioError(where, f"expected a rule set ({', '.join(PRESETS)}) or switches KEY=VALUE")
    for item in items:
        if "=" in item:
            key, _, value = item.partition("=")
            key = key.strip().lower().replace("_", "-")
            value = value.strip().lower()
            if key not in SWITCHES:
                raise ScenarioError(where, f"unknown rule switch {key!r}; switches: {', '.join(SWITCHES)}")
            try:
                SWITCHES[key].parse(value)
            except RuleError as err:
                raise ScenarioError(where, str(err)) from None
            if key in h.overrides:
                raise ScenarioError(where, f"switch {key!r} given twice (first at {h.overrides[key][1]}); give it once")
            h.overrides[key] = (value, where)
        else:
            name = item.lower()
            if name not in PRESETS:
                if name.replace("_", "-") in SWITCHES:
                    raise ScenarioError(where, f"switch {item!r} needs a value: {name}=VALUE")
                raise ScenarioError(where, f"unknown rule set {item!r}; presets: {', '.join(PRESETS)} "
                                           f"(switches are written KEY=VALUE)")
            if h.preset is not None and h.preset != name:
                raise ScenarioError(where, f"a second rule set {item!r} (already {h.preset})")
            h.preset = name


_PN = re.compile(r"^p([0-9]+)$", re.I)


def _seats_line(h: _Header, body: str, where: str) -> None:
    if h.stacks:
        raise ScenarioError(where, "a second 'seats:' line")
    names, stacks = [], []
    for item in body.split(","):
        tokens = item.split()
        if not tokens:
            raise ScenarioError(where, "an empty seat between commas; expected 'NAME STACK, NAME STACK, ...'")
        last = tokens[-1]
        if last.lower() in ("inf", "infinite", "∞"):
            stack = Decimal("Infinity")
        else:
            stack = _amount(last, where, f"a stack at the end of {item.strip()!r}")
            if not stack > 0:
                raise ScenarioError(where, f"{item.strip()!r}: a stack must be positive, got {last}"
                                           f"{_grouping_hint(body)}")
            h.amounts.append((stack, where))
        name = " ".join(tokens[:-1]) or None
        if name is not None:
            if _PN.match(name):
                raise ScenarioError(where, f"{name!r}: a name may not look like a seat number pN")
            if any(x is not None and x.lower() == name.lower() for x in names):
                raise ScenarioError(where, f"{name!r} is named twice")
        names.append(name)
        stacks.append(stack)
    if len(stacks) < 2:
        raise ScenarioError(where, "a hand needs at least two seats")
    named = [x is not None for x in names]
    if any(named) and not all(named):
        raise ScenarioError(where, f"name every seat or none ('Alice 200, Bob 150' or '200, 150')"
                                   f"{_grouping_hint(body)}")
    clash = _name_clash(names) if all(named) else None
    if clash:
        raise ScenarioError(where, f"{clash[1]!r} is the name {clash[0]!r} followed by an action word: "
                                   f"'{clash[1]}' in a round could not be told from {clash[0]}'s action; rename one")
    h.names = names if all(named) else None
    h.stacks = stacks
    h.seats_where = where


def _game_name(h: _Header) -> str:
    """The game as the script plays it: the variant's name under the structure written ("fixed-limit PO" is
    fixed-limit Omaha, not pot-limit Omaha; review EP)."""
    code, structure = h.game[0], h.game[1]
    variant = VARIANTS[code]
    return variant.name.replace(variant.structure.value, structure.value, 1) if structure else variant.name


def _round_line(h: _Header, rounds: list[_Round], rkey: str, head: str, body: str, n: int, where: str) -> _Round:
    code = h.game[0]
    keys = _round_keys(code)
    names = VARIANTS[code].street_names
    index = next((i for i, ks in enumerate(keys) if rkey in ks), None)
    if index is None:
        raise ScenarioError(where, f"{head!r} is not a betting round of {_game_name(h)}; its rounds: "
                                   f"{', '.join(names)}")
    expected = len(rounds)
    if index != expected:
        if expected >= len(names):
            raise ScenarioError(where, f"{head!r}: {_game_name(h)} has no betting round after {names[-1]}")
        after = f" (after '{names[expected - 1]}:')" if expected else ""
        problem = "given twice" if index < expected else "out of order"
        raise ScenarioError(where, f"round {head!r} {problem}: expected '{names[expected]}:' next{after}")
    r = _Round(index, n, where)
    if body:
        for part in _split_clauses(body, where):
            if not part.strip():
                raise ScenarioError(where, "an empty action between commas")
            r.clauses.append(_clause(h, part.strip(), n, where))
    return r


def _split_clauses(body: str, where: str) -> list[str]:
    """A round line's clauses: split at commas outside double quotes (said words may hold commas)."""
    parts, cur, quoted = [], [], False
    for ch in body.replace("\u201c", '"').replace("\u201d", '"'):
        if ch == '"':
            quoted = not quoted
        if ch == "," and not quoted:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if quoted:
        raise ScenarioError(where, "a double quote is not closed (said words are written \"like this\")")
    parts.append("".join(cur))
    return parts


def _chips_line(h: _Header, body: str, where: str) -> None:
    if h.chips is not None:
        raise ScenarioError(where, f"a second 'chips:' line (first at {h.chips[1]})")
    values = []
    for token in body.replace(",", " ").split():
        value = _amount(token, where, "a chip value")
        if not value > 0:
            raise ScenarioError(where, f"{token!r}: a chip value must be positive")
        h.amounts.append((value, where))
        values.append(value)
    if not values:
        raise ScenarioError(where, "expected the chip values in play after 'chips:', e.g. 'chips: 100, 500, 1000'")
    h.chips = (tuple(values), where)


_SAYS = re.compile(r'^says\s+"(?P<words>[^"]*)"\s*(?P<rest>.*)$', re.I)
_PUTS = re.compile(r"^(?:puts\s+out|pushes)\s+(?P<chips>\S+)\s*(?P<rest>.*)$", re.I)


def _talk_clause(h: _Header, seat: int, who: str, rest: str, text: str, n: int, where: str) -> _Clause | None:
    """Table talk (docs/table-talk.md): ``says "WORDS" [pushing A+B]``, ``puts out A+B``, ``taps``,
    ``knocks``, ``mucks``, each optionally followed by ``in turn`` or ``out of turn``. None if ``rest``
    is not talk."""
    from betlaw.model.declarations import VocabularyError, parse_words

    low = rest.lower()
    m_say, m_put = _SAYS.match(rest), _PUTS.match(rest)
    first = low.split()[0] if low.split() else ""
    if first == "says" and m_say is None:
        raise ScenarioError(where, f"{text!r}: the words come in double quotes after 'says', "
                                   f"e.g. '{who} says \"raise 300\"'")
    if first in ("puts", "pushes") and m_put is None:
        raise ScenarioError(where, f"{text!r}: expected the chips after '{first}', e.g. '{who} puts out 1000+100'")
    if m_say is None and m_put is None and first not in _GESTURE_VERBS:
        return None
    talk: dict = {"kind": "say", "words": None, "chips": [], "gesture": None, "in_turn": None}
    if m_say is not None:
        words = " ".join(m_say.group("words").split())
        try:
            phrases = parse_words(words, lambda d: d)
        except VocabularyError as err:
            raise ScenarioError(where, f"{who} says \"{words}\": {err.message}") from None
        for p in phrases:
            if p.amount is not None:
                _check_chip(h, p.amount, where)
        talk["words"] = words
        tail = m_say.group("rest")
        m = re.match(r"^pushing\s+(?P<chips>\S+)\s*(?P<rest>.*)$", tail, re.I)
        if m:
            talk["chips"] = _chip_list(h, m.group("chips"), where)
            tail = m.group("rest")
    elif m_put is not None:
        talk["kind"] = "chips"
        talk["chips"] = _chip_list(h, m_put.group("chips"), where)
        tail = m_put.group("rest")
    else:
        talk["kind"] = "gesture"
        talk["gesture"] = _GESTURE_VERBS[first]
        tail = rest[len(first):]
    tail = " ".join(tail.lower().split())
    if tail == "out of turn":
        talk["in_turn"] = False
    elif tail == "in turn":
        talk["in_turn"] = True
    elif tail:
        raise ScenarioError(where, f"unexpected {tail.split()[0]!r} in {text!r}; after table talk only "
                                   f"'in turn' or 'out of turn' may follow")
    return _Clause(n, where, text, seat, "talk", talk=talk)


def _chip_list(h: _Header, token: str, where: str) -> list[Decimal]:
    values = []
    for part in token.split("+"):
        value = _amount(part, where, "a chip value (chips are written 1000+100+100)")
        if not value > 0:
            raise ScenarioError(where, f"{part!r}: a chip value must be positive")
        _check_chip(h, value, where)
        values.append(value)
    return values


def _seat_word(h: _Header, word: str, where: str) -> tuple[int, int]:
    """(script seat, words used) for the player a phrase starts with."""
    low = " ".join(word.lower().split())
    if h.names:
        for i, name in sorted(enumerate(h.names), key=lambda p: -len(p[1])):
            nl = " ".join(name.lower().split())
            if low == nl or low.startswith(nl + " "):
                return i, len(nl.split())
    first = low.split()[0] if low else ""
    m = _PN.match(first)
    if m:
        seat = int(m.group(1)) - 1
        if 0 <= seat < len(h.stacks):
            return seat, 1
        raise ScenarioError(where, f"there is no player {first} (the seats line names p1-p{len(h.stacks)})")
    known = ", ".join(h.names) + f" (or p1-p{len(h.stacks)})" if h.names else f"p1-p{len(h.stacks)}"
    first = word.split()[0] if word.split() else word
    hint = _GROUPING_HINT if re.fullmatch(r"[0-9]{3}(?:\.[0-9]+)?", first) else ""  # "to 1,000" split at its comma
    raise ScenarioError(where, f"unknown player {first!r}; players: {known}{hint}")


def _clause(h: _Header, text: str, n: int, where: str) -> _Clause:
    seat, used = _seat_word(h, text, where)
    original = text.split()
    who = " ".join(original[:used])
    talk = _talk_clause(h, seat, who, " ".join(original[used:]), text, n, where)
    if talk is not None:
        return talk
    rest = " ".join(original[used:]).lower()
    rest = re.sub(r"\ball[\s]+in\b|\ballin\b", "all-in", rest)
    rest = re.sub(r"\bbrings?[-\s]in\b", "brings in", rest)
    words = rest.split()
    if not words:
        raise ScenarioError(where, f"no action after {who!r}; expected {_VERBS_TEXT}")
    c = _Clause(n, where, text, seat, "")
    if words[-1] == "all-in" and len(words) > 1 and words[0] not in ("goes", "is", "moves", "shoves", "all-in"):
        c.all_in = True
        words = words[:-1]
    verb = words[0]
    structure = h.game[1]

    def done(k: int) -> None:
        if len(words) > k:
            hint = ""
            if " ".join(words[k:]) in ("in turn", "out of turn"):  # marks table talk; an action is where it stands
                hint = (f"; an action is out of turn by where it stands in the line (write "
                        f"{' '.join([who] + words[:k])!r}), and 'in turn'/'out of turn' marks table talk "
                        f"(says \"...\", puts out, taps, knocks, mucks)")
            raise ScenarioError(where, f"unexpected {words[k]!r} after {' '.join([who] + words[:k])!r}{hint}")

    def amount_at(k: int, required: bool) -> Decimal | None:
        if len(words) <= k:
            if required or structure is not FL:
                raise ScenarioError(where, f"{' '.join([who] + words[:k])!r} needs an amount "
                                           f"(e.g. '{' '.join(words[:k])} 10'); only fixed-limit works it out")
            return None
        value = _amount(words[k], where, f"an amount after {' '.join(words[:k])!r}")
        if not value > 0:
            raise ScenarioError(where, f"{words[k]!r}: an amount must be positive")
        _check_chip(h, value, where)
        done(k + 1)
        return value

    if verb in ("checks", "check"):
        c.verb = "check"
        done(1)
    elif verb in ("calls", "call"):
        c.verb = "call"
        done(1)
    elif verb in ("folds", "fold"):
        c.verb = "fold"
        done(1)
    elif verb in ("bets", "bet"):
        c.verb = "bet"
        c.amount = amount_at(1, False)
    elif verb in ("raises", "raise", "completes", "complete"):
        c.verb = "raise" if verb.startswith("raise") else "complete"
        k = 2 if len(words) > 1 and words[1] == "to" else 1
        c.amount = amount_at(k, k == 2)
    elif words[:2] == ["brings", "in"]:
        c.verb = "bring-in"
        done(2)
    elif words[:2] in (["goes", "all-in"], ["is", "all-in"], ["moves", "all-in"]) or verb in ("shoves", "shove", "all-in"):
        c.verb = "shove"
        k = 1 if verb in ("shoves", "shove", "all-in") else 2
        if len(words) > k and words[k] == "for":
            if len(words) == k + 1:
                raise ScenarioError(where, f"expected an amount after 'for' in {text!r}")
            c.amount = _amount(words[k + 1], where, "an amount after 'for'")
            _check_chip(h, c.amount, where)
            k += 2
        done(k)
    elif words in (["to", "act"], ["is", "to", "act"], ["acts", "next"], ["to", "act", "next"]):
        c.verb = "to-act"
    else:
        raise ScenarioError(where, f"unknown action {words[0]!r} for {who}; expected {_VERBS_TEXT}")
    if c.all_in and c.verb in ("check", "fold", "to-act", "shove"):
        raise ScenarioError(where, f"'all-in' cannot follow {words[0]!r}")
    return c


def _check_chip(h: _Header, amount: Decimal, where: str) -> None:
    chip = h.options.get("chip")
    if chip is not None and amount.is_finite():
        q = amount / chip[0]
        if q != q.to_integral_value():
            raise ScenarioError(where, f"{_fmt(amount)} is not a whole number of chips of {_fmt(chip[0])}")


# ---------------------------------------------------------------- building the PHH fields


def _perm(n: int, stud: bool) -> list[int]:
    """script seat -> PHH seat. Heads-up blind games: the first named (small blind, button) is PHH p2."""
    return [1, 0] if n == 2 and not stud else list(range(n))


class _Replay:
    """Follows the hand through the model to count chips; stops quietly at the first illegal action."""

    def __init__(self, game, rules):
        self.game = game
        self.dead: str | None = None
        try:
            self.state = HandState(game, rules)
        except Exception as err:  # noqa: BLE001 - stopping quietly is the point
            self.state, self.dead = None, f"the hand cannot start ({err})"

    @property
    def alive(self) -> bool:
        return self.state is not None and self.dead is None

    def at_round(self, index: int, where: str) -> None:
        st = self.state
        if self.alive and not st.hand_over and st.street != index:
            self.dead = f"{where}: the model is still in {self.game.streets[st.street].name}"

    def apply(self, seat: int, verb: str, amount: int | None, where: str) -> None:
        if not self.alive:
            return
        try:
            self.state.apply(self.state.classify(seat, verb, amount))
        except Exception as err:  # noqa: BLE001
            self.dead = f"{where}: {err}"


class _Builder:
    def __init__(self, h: _Header, rounds: list[_Round], command_line: tuple = (None, {})):
        self.h, self.rounds = h, rounds
        self.command_line = command_line  # (preset, overrides) that the actions are read under
        self.code, self.structure, self.game_where = h.game
        self.variant = VARIANTS[self.code]
        self.stud = self.variant.stud
        self.n = len(h.stacks)
        self.perm = _perm(self.n, self.stud)
        self.inv = [0] * self.n
        for i, j in enumerate(self.perm):
            self.inv[j] = i
        self.events: list[dict] = []  # _betlaw_events, filled while the actions are written
        self.event_where: list[str] = []  # the script line of each of them (for errors)
        self.action_where: dict[int, str] = {}  # the script line of each player's action, by its index in actions

    _SEATS_FIELDS = ("starting_stacks", "players")

    def _line_of(self, err: ScenarioError) -> ScenarioError:
        """An error about a PHH field the script wrote (``min_bet``, ``starting_stacks``), moved to the
        script line that field comes from: the seats line or the game line."""
        field = err.where.removeprefix(f"{self.h.source}: ").split("[")[0]
        if field == err.where:
            return err
        line = self.h.seats_where if field in self._SEATS_FIELDS and self.h.seats_where else self.game_where
        if field == "_betlaw_bring_in_seat" and self.h.bring_in_seat is not None:  # the 'bring-in:' line (review DG)
            line = self.h.bring_in_seat[1]
        return ScenarioError(line, f"{err.message} (the PHH field {field} this line makes)")

    def fields(self) -> dict:
        h = self.h
        for amount, where in h.amounts:
            _check_chip(h, amount, where)
        f: dict = {"variant": self.code}
        if self.structure is not self.variant.structure:
            f["_betlaw_structure"] = str(self.structure)
        live, posts, dead, antes, numbers, full = self._forced()
        f["antes"] = self._phh_array(antes)
        if not self.stud:  # a new player's live post is PHH's negative entry
            f["blinds_or_straddles"] = self._phh_array([-lv if post else lv for lv, post in zip(live, posts)])
        if any(dead):
            f["_betlaw_dead_posts"] = self._phh_array(dead)
        if full != live:
            f["_betlaw_full_blinds"] = self._phh_array(full)
        f.update(numbers)
        f["starting_stacks"] = [h.stacks[self.inv[j]] for j in range(self.n)]
        if h.names:
            f["players"] = [h.names[self.inv[j]] for j in range(self.n)]
        if "chip" in h.options:
            f["_betlaw_chip_unit"] = h.options["chip"][0]
        if "trim-antes" in h.options:
            if not any(antes):
                raise ScenarioError(h.options["trim-antes"][1], "'trim-antes' without antes: add 'ante X'")
            f["ante_trimming_status"] = True
        if h.preset:
            f["_betlaw_rules"] = h.preset
        for key, (value, _) in h.overrides.items():
            f["_betlaw_" + key.replace("-", "_")] = int(value) if value.isdigit() else value
        if h.may_open is not None:
            words, where = h.may_open
            allowed = set()
            if [w.lower() for w in words] not in (["nobody"], ["none"], ["no one"]):
                allowed = {self.perm[_seat_only(h, w, where)] for w in words}
            f["_betlaw_may_open"] = [j in allowed for j in range(self.n)]
        if h.chips is not None:
            f["_betlaw_chips"] = list(h.chips[0])
        if h.open_pair is not None:
            f["_betlaw_open_pair"] = self._open_pair()
        openers = self._stud_openers(f)
        f["actions"] = self._actions(f, openers)
        if self.events:
            f["_betlaw_events"] = self.events
        return f

    # -- table

    def _phh_array(self, per_script_seat: list[Decimal]) -> list[Decimal]:
        per_phh = [per_script_seat[self.inv[j]] for j in range(self.n)]
        return per_phh[::-1] if self.n == 2 else per_phh  # PHH heads-up: forced bets reversed (antes in stud too)

    def _forced(self):
        h, n, s = self.h, self.n, self.structure
        opts = h.options
        gw = self.game_where
        zero = Decimal(0)
        numbers: dict = {}
        stakes_blinds: list[Decimal] = []
        token, sw = h.stakes if h.stakes else (None, gw)

        def pair(what: str) -> tuple[Decimal, Decimal]:
            parts = token.split("/")
            if len(parts) != 2:
                raise ScenarioError(sw, f"expected {what}, got {token!r}")
            values = (_amount(parts[0], sw, what), _amount(parts[1], sw, what))
            for v in values:
                _check_chip(h, v, sw)
            return values

        for key in ("min-bet",):
            if key in opts and s not in (NL, PL):
                raise ScenarioError(opts[key][1], f"{key!r} is for no-limit and pot-limit games ({s} here)")
        if self.stud:
            for key in ("blinds", "big-blind ante", "straddle"):
                if key in opts:
                    where = opts[key][1] if key != "straddle" else opts[key][0][1]
                    raise ScenarioError(where, f"{key!r}: stud games have no blinds")
            if "bring-in" not in opts:
                raise ScenarioError(gw, "stud needs the bring-in amount, e.g. 'bring-in 3'")
        elif "bring-in" in opts:
            raise ScenarioError(opts["bring-in"][1], "'bring-in X' is for stud games")
        if s in (NL, PL):
            if token is not None:
                if "/" in token:
                    if self.stud:
                        raise ScenarioError(sw, f"{token!r}: stud games have no blinds; write the minimum bet, e.g. 'ante 1 bring-in 2' and 'min-bet 5' or a single stake")
                    sb, bb = pair("the blinds small/big, e.g. 1/2")
                    if sb > bb:
                        raise ScenarioError(sw, f"{token!r}: the small blind is larger than the big blind; write the "
                                                f"blinds small/big, e.g. {bb}/{sb}")
                    stakes_blinds = [sb, bb]
                    numbers["min_bet"] = bb
                else:
                    numbers["min_bet"] = _amount(token, sw, "the blinds small/big (e.g. 1/2) or a minimum bet")
                    _check_chip(h, numbers["min_bet"], sw)
        elif s is FL:
            if token is None:
                raise ScenarioError(gw, "fixed-limit needs its bets small/big, e.g. 'fixed-limit hold'em 10/20'")
            small, big = pair("the fixed-limit bets small/big, e.g. 10/20")
            if small > big:
                raise ScenarioError(sw, f"{token!r}: the small bet is larger than the big bet; write the bets "
                                        f"small/big, e.g. {big}/{small}")
            numbers["small_bet"], numbers["big_bet"] = small, big
            if not self.stud:
                stakes_blinds = [small / 2, small]
        else:
            if token is None:
                raise ScenarioError(gw, "spread-limit needs its range low-high, e.g. 'spread-limit hold'em 2-6'")
            spreads = []
            for part in token.split("/"):
                lo, dash, hi = part.partition("-")
                if not dash:
                    raise ScenarioError(sw, f"expected a spread low-high (e.g. 2-6), got {part!r}")
                spreads.append([_amount(lo, sw, "a spread low-high"), _amount(hi, sw, "a spread low-high")])
                for v in spreads[-1]:
                    _check_chip(h, v, sw)
            rounds = len(self.variant.street_names)
            if len(spreads) not in (1, rounds):
                raise ScenarioError(sw, f"expected one range or {rounds} ranges separated by '/', got {len(spreads)}")
            numbers["_betlaw_spread"] = spreads[0] if len(spreads) == 1 else spreads
            if not self.stud and "blinds" not in opts:
                raise ScenarioError(gw, "spread-limit needs its blinds, e.g. 'blinds 1/2' (or 'blinds 0' for none)")
        if "min-bet" in opts:
            numbers["min_bet"] = opts["min-bet"][0]
        blinds = list(opts["blinds"][0]) if "blinds" in opts else stakes_blinds
        chip = h.options.get("chip")
        if s is FL and stakes_blinds and "blinds" not in opts and chip is not None \
                and whole_units(stakes_blinds[0], chip[0]) is None:
            lower = (stakes_blinds[0] / chip[0]).to_integral_value(rounding="ROUND_FLOOR") * chip[0]
            raise ScenarioError(gw, f"the blinds default to half the small bet and the small bet, "
                                    f"{_fmt(stakes_blinds[0])}/{_fmt(stakes_blinds[1])}, and {_fmt(stakes_blinds[0])} "
                                    f"is not a whole number of chips of {_fmt(chip[0])}: give the blinds, e.g. "
                                    f"'blinds {_fmt(lower)}/{_fmt(stakes_blinds[1])}'")
        for value, where in opts.get("straddle", []):
            if n == 2:
                raise ScenarioError(where, "a straddle needs at least three players")
            if blinds and value <= max(blinds):  # a straddle raises the blind before it (forced.straddle)
                raise ScenarioError(where, f"straddle {_fmt(value)}: a straddle is more than the blind or straddle "
                                           f"before it ({_fmt(max(blinds))}); Robert's No-Limit and Pot-Limit: it "
                                           f"sets a new minimum (a live post of the big blind is 'posts: NAME X live')")
            blinds.append(value)
        if len(blinds) > n:
            where = opts["blinds"][1] if "blinds" in opts else gw
            raise ScenarioError(where, f"{len(blinds)} blinds and straddles for {n} players")
        if s in (NL, PL) and "min_bet" not in numbers:
            big = max(blinds[:2], default=zero)
            if not big > 0:
                raise ScenarioError(gw, f"{s} needs its stakes: blinds 'small/big' (e.g. 1/2) or 'min-bet X'")
            numbers["min_bet"] = big
        if self.stud:
            numbers["bring_in"] = opts["bring-in"][0]
        live = blinds + [zero] * (n - len(blinds))
        antes = [opts["ante"][0] if "ante" in opts else zero] * n
        if "big-blind ante" in opts:
            antes[1] += opts["big-blind ante"][0]
        dead = [zero] * n
        posts = [False] * n  # live posts of seats without a blind of their own: not straddles
        posted = [zero] * n  # each seat's posts: no more than its stack
        for body, where in h.posts:
            for item in body.split(","):
                tokens = item.split()
                kind, said = "live", ""
                if tokens and tokens[-1].lower() in ("live", "dead", "ante"):
                    kind = said = tokens.pop().lower()
                elif len(tokens) >= 3 and re.fullmatch(r"[$]?[0-9][0-9.,]*", tokens[-2]) and \
                        not re.fullmatch(r"[$]?[0-9][0-9.,]*", tokens[-1]):  # "C 2 sideways" (review EG)
                    raise ScenarioError(where, f"{item.strip()!r}: unknown post kind {tokens[-1]!r}; expected "
                                               f"'NAME AMOUNT [live|dead|ante]'")
                if len(tokens) < 2:
                    raise ScenarioError(where, f"expected 'NAME AMOUNT [live|dead|ante]', got {item.strip()!r}")
                seat = _seat_only(h, " ".join(tokens[:-1]), where)
                amount = _amount(tokens[-1], where, f"an amount for {' '.join(tokens[:-1])!r}")
                _check_chip(h, amount, where)
                if not amount > 0:
                    raise ScenarioError(where, f"{item.strip()!r}: a post must be more than 0")
                posted[seat] += amount
                if posted[seat] > h.stacks[seat]:
                    raise ScenarioError(where, f"{item.strip()!r}: {' '.join(tokens[:-1])} posts {posted[seat]} in "
                                               f"all but has only {h.stacks[seat]} (the seats line); a post is the "
                                               f"chips put out, so one all-in for less is written as the stack "
                                               f"(forced.short-blind)")
                if kind == "live":
                    if self.stud:
                        raise ScenarioError(where, f"{item.strip()!r}: stud games have no live blinds")
                    if live[seat] and not posts[seat]:
                        # on a blind of her own, only what brings it up to a big blind's worth is live
                        # (Robert's Rules, Buttons and Blinds: a missed small blind is posted dead)
                        big = max(live[:2], default=zero)
                        total = live[seat] + amount
                        live[seat] = min(total, max(big, live[seat]))
                        dead[seat] += total - live[seat]
                        continue
                    big = max(live[:2], default=zero)
                    if said == "live" and amount > big > 0:  # "posts: Erin 4 live": not a straddle, say so
                        raise ScenarioError(where, f"{item.strip()!r}: a post is live up to a big blind's worth "
                                                   f"({big}), the rest dead (Robert's Buttons and Blinds); a straddle "
                                                   f"is 'straddle X' on the game line (a button straddle: PHH "
                                                   f"blinds_or_straddles)")
                    posts[seat] = True
                    live[seat] += amount
                elif kind == "dead":
                    dead[seat] += amount
                else:
                    antes[seat] += amount
        # pot-limit 'blinds 0/200' under stakes of 100/200: a dead small blind (the big blind posted), which
        # pre-flop pot maths counts as posted (pot-limit.full-blinds, TDA 2024 54-B Ex 1); 'blinds 0' is no blinds
        full = list(live)
        given = list(opts["blinds"][0]) if "blinds" in opts else []
        if s is PL and len(given) >= 2 and len(stakes_blinds) == 2 and given[0] == 0 < given[1] and stakes_blinds[0] > 0:
            full[0] = stakes_blinds[0]
        return live, posts, dead, antes, numbers, full

    def _open_pair(self) -> bool:
        """'open-pair: Bob' (who shows it) or 'open-pair: yes' / 'no': stud.open-pair's input."""
        word, where = self.h.open_pair
        if self.code != "F7S" or self.structure is not Structure.FIXED_LIMIT:
            raise ScenarioError(where, f"'open-pair:' is a fixed-limit seven-card stud line; this game is "
                                       f"{self.structure} {self.code}, whose limit an open pair does not change "
                                       f"(stud.open-pair)")
        if word.lower() in ("yes", "true"):
            return True
        if word.lower() in ("no", "false"):
            return False
        seat = _seat_only(self.h, word, where)  # a player of the table, still in on fourth street
        if any(c.verb == "fold" and c.seat == seat for r in self.rounds if r.index == 0 for c in r.clauses):
            raise ScenarioError(where, f"{word} folds on third street, so shows no open pair on fourth street")
        return True

    def _stud_openers(self, f: dict) -> list:
        """Stud: who opens each round, script-wise (first clause of each round line). Writes the
        fields PHH needs that the history alone would not give."""
        h = self.h
        if not self.stud:
            if h.bring_in_seat is not None:
                raise ScenarioError(h.bring_in_seat[1], f"'bring-in: {h.bring_in_seat[0]}' names the stud bring-in; "
                                                        f"{self.variant.name} has none")
            return []
        openers: list = [None] * len(self.variant.street_names)
        for r in self.rounds:
            acts = [c for c in r.clauses if c.verb != "talk"]
            if acts:
                openers[r.index] = self.perm[acts[0].seat]
        if h.bring_in_seat is not None:
            word, where = h.bring_in_seat
            openers[0] = self.perm[_seat_only(h, word, where)]
            f["_betlaw_bring_in_seat"] = f"p{openers[0] + 1}"
        marked = [r for r in self.rounds if [c for c in r.clauses if c.verb != "talk"][:1]
                  and [c for c in r.clauses if c.verb != "talk"][0].verb == "to-act"]
        for r in marked:
            if r.index == 0 and "_betlaw_bring_in_seat" not in f:
                f["_betlaw_bring_in_seat"] = f"p{openers[0] + 1}"
            elif r.index > 0:
                f["_betlaw_first_actors"] = [f"p{o + 1}" if o is not None and i == r.index else ""
                                             for i, o in enumerate(openers[: r.index + 1])]
        return openers

    # -- actions

    def _actions(self, f: dict, openers: list) -> list[str]:
        h = self.h
        temp = dict(f)
        temp["actions"] = []
        # every amount with the line it is on (an amount too fine for any chip names it)
        amounts = list(h.amounts) + [(c.amount, f"{c.where} {c.text!r}") for r in self.rounds for c in r.clauses
                                     if c.amount is not None]
        table = [f[key] for key in ("small_bet", "big_bet", "min_bet", "bring_in") if key in f]
        table += [abs(x) for x in f.get("blinds_or_straddles", [])] + list(f["antes"])
        spread = f.get("_betlaw_spread", [])
        table += [x for p in spread for x in (p if isinstance(p, list) else [p])]
        amounts += [(a, self.game_where) for a in table]
        if "chip" not in h.options:
            temp["_betlaw_chip_unit"] = Units([(where, Decimal(a)) for a, where in amounts]).unit
        if self.stud:
            if openers and openers[0] is not None:
                temp["_betlaw_bring_in_seat"] = f"p{openers[0] + 1}"
            temp["_betlaw_first_actors"] = [f"p{o + 1}" if o is not None else "" for o in openers]
        try:
            table = scenario_from_fields(temp, h.source)
        except ScenarioError as err:  # a PHH field the script's lines made: name the line
            raise self._line_of(err) from None
        game = table.game
        replay = _Replay(game, table.rules(*self.command_line))
        cards = HOLE_CARDS.get(self.code, 2)
        out = [f"d dh p{j + 1} {'??' * cards}" for j in range(self.n)]
        folded: set[int] = set()
        for r in self.rounds:
            if r.index > 0:  # the deal (or draw) the round line stands for: errors name that line
                for entry in self._deal(r.index, folded):
                    self.action_where[len(out)] = f"{r.where} (the {game.streets[r.index].name} begins: {entry!r})"
                    out.append(entry)
            replay.at_round(r.index, r.where)
            for c in r.clauses:
                if c.verb == "to-act":
                    if self.stud and self.perm[c.seat] in folded:
                        who = self.h.names[c.seat] if self.h.names else f"p{c.seat + 1}"
                        raise ScenarioError(c.where, f"{c.text!r}: {who} has folded; the best hand showing among the "
                                                     f"players still in opens the {game.streets[r.index].name} "
                                                     f"(turn.stud-first-later)")
                    self._check_to_act(c, r, replay, game)
                    continue
                if c.verb == "talk":
                    self.events.append(_event_field(c, self.perm[c.seat], len(out)))
                    self.event_where.append(f"{c.where} {c.text!r}")
                    continue
                seat = self.perm[c.seat]
                st = replay.state if replay.alive else None
                if st is not None and not st.hand_over and st.street > r.index:  # round.end
                    raise ScenarioError(c.where, f"{c.text!r}: the {game.streets[r.index].name} is over (everyone has "
                                                 f"acted and the bets are equal); write it on a "
                                                 f"'{game.streets[st.street].name}:' line")
                verb, amount = self._phh_action(c, seat, game, replay)
                units = None if amount is None else int(amount / game.unit)
                self.action_where[len(out)] = f"{c.where} {c.text!r}"
                out.append(f"p{seat + 1} {verb}" + (f" {_fmt(amount)}" if amount is not None else ""))
                if verb == "f":
                    folded.add(seat)
                replay.apply(seat, verb, units, c.where)
        return out

    def _check_to_act(self, c: _Clause, r: _Round, replay: _Replay, game) -> None:
        """A closing 'X to act' note must name the player the rules put in turn (turn.in-turn); in
        stud, a round line holding only the note says who opens it, so there it is the input."""
        st = replay.state if replay.alive else None
        opener_note = self.stud and not [x for x in r.clauses if x.verb not in ("talk", "to-act")]
        if st is None or opener_note:
            return
        def name(seat: int) -> str:  # a script seat as the script names it
            return self.h.names[seat] if self.h.names else f"p{seat + 1}"

        if st.hand_over or st.actor is None:
            raise ScenarioError(c.where, f"{c.text!r}: nobody is to act, the betting is over (round.end)")
        if st.street > r.index:
            raise ScenarioError(c.where, f"{c.text!r}: the {game.streets[r.index].name} is over (everyone has "
                                         f"acted and the bets are equal); write it on a "
                                         f"'{game.streets[st.street].name}:' line")
        if st.actor != self.perm[c.seat]:
            raise ScenarioError(c.where, f"{c.text!r}: {name(self.inv[st.actor])} is to act, not {name(c.seat)} "
                                         f"(turn.in-turn)")

    def _deal(self, index: int, folded: set[int]) -> list[str]:
        live = [j for j in range(self.n) if j not in folded]
        if self.code in _BOARD_GAMES:
            return ["d db ??????" if index == 1 else "d db ??"]
        if self.stud:
            return [f"d dh p{j + 1} ??" for j in live]
        return [f"p{j + 1} sd" for j in live]  # draw games: everyone stands pat

    def _phh_action(self, c: _Clause, seat: int, game, replay: _Replay) -> tuple[str, Decimal | None]:
        st = replay.state if replay.alive else None
        name = self.h.names[c.seat] if self.h.names else f"p{c.seat + 1}"
        show = game.to_units
        if c.verb in ("check", "call"):
            if st is not None:
                owed, stack = st.owed(seat), st.seats[seat].stack
                if c.verb == "check" and st.actor == seat and owed > 0:
                    raise ScenarioError(c.where, f"{c.text!r}: {name} owes {_fmt(show(min(owed, stack)))}, and PHH records "
                                                 f"a check and a call alike ('cc'), so this would be a call; write 'calls'")
                if c.all_in and stack > owed:
                    raise ScenarioError(c.where, f"{c.text!r}: the call is not all-in ({name} owes "
                                                 f"{_fmt(show(owed))} and has {_fmt(show(stack))} behind)")
            return "cc", None
        if c.verb == "fold":
            return "f", None
        if c.verb == "bring-in":
            if st is not None and c.all_in and st.seats[seat].stack + st.seats[seat].bet > game.bring_in:
                raise ScenarioError(c.where, f"{c.text!r}: the bring-in is not all-in ({name} has "
                                             f"{_fmt(show(st.seats[seat].stack))} behind)")
            return "pb", None
        if c.verb == "shove":
            if st is None:
                raise ScenarioError(c.where, f"{c.text!r}: cannot work out how much the all-in is, because "
                                             f"{self._why(replay)}; write the amount, e.g. 'raises to X all-in'")
            s = st.seats[seat]
            total = s.stack + s.bet
            if game.infinite and game.infinite[seat]:
                raise ScenarioError(c.where, f"{c.text!r}: {name}'s stack is unlimited (inf), so an all-in has no "
                                             f"amount; write the bet or raise, e.g. 'raises to X'")
            if c.amount is not None and c.amount != show(total):
                raise ScenarioError(c.where, f"{c.text!r}: {name} is all-in for {_fmt(show(total))} "
                                             f"(this round's bet included), not {_fmt(c.amount)}")
            if s.stack <= st.owed(seat):
                return "cc", None
            return "cbr", show(total)
        # bet, raise, complete
        amount = c.amount
        if amount is None:
            if st is None:
                raise ScenarioError(c.where, f"{c.text!r}: cannot work out the amount, because {self._why(replay)}; "
                                             f"write it (e.g. '{_EXAMPLE[c.verb]}')")
            if st.actor is not None and st.actor != seat:
                raise ScenarioError(c.where, f"{c.text!r}: cannot work out the amount: it is "
                                             f"{game.name_of(st.actor)}'s turn, not {name}'s [not-your-turn: turn.in-turn]")
            legal = st.legal() if st.actor == seat else None
            if legal is not None and c.verb == "complete" and legal.complete_to is None:
                raise ScenarioError(c.where, f"{c.text!r}: there is nothing to complete here (no bring-in or short "
                                             f"all-in to make full); write 'raises' or 'bets'")
            to = None
            if legal is not None:
                to = legal.complete_to if legal.complete_to is not None else (
                    legal.bet_or_raise[0] if legal.bet_or_raise else None)
            if to is None:
                refusal = st.raise_refusal(seat) if legal is not None else None
                why = f" ({st.describe_reason(refusal, seat)})" if refusal is not None else ""
                raise ScenarioError(c.where, f"{c.text!r}: cannot work out the amount: {name} may not "
                                             f"{c.verb} at this point{why}; write the amount to record it anyway")
            amount = show(to)
        if st is not None and c.all_in:
            total = st.seats[seat].stack + st.seats[seat].bet
            if amount != show(total):
                raise ScenarioError(c.where, f"{c.text!r}: {_fmt(amount)} is not all-in; {name}'s all-in is to "
                                             f"{_fmt(show(total))}")
        return "cbr", amount

    @staticmethod
    def _why(replay: _Replay) -> str:
        return f"the hand cannot be followed from {replay.dead}" if replay.dead else "the hand cannot be followed"


def _event_field(c: _Clause, phh_seat: int, after: int) -> dict:
    t = c.talk
    out: dict = {"seat": f"p{phh_seat + 1}", "after": after, "kind": t["kind"]}
    if t["words"] is not None:
        out["words"] = t["words"]
    if t["chips"]:
        out["chips"] = list(t["chips"])
    if t["gesture"] is not None:
        out["gesture"] = t["gesture"]
    if t["in_turn"] is not None:
        out["in_turn"] = t["in_turn"]
    return out


def _seat_only(h: _Header, word: str, where: str) -> int:
    seat, used = _seat_word(h, word, where)
    if used != len(word.split()):
        raise ScenarioError(where, f"unexpected {' '.join(word.split()[used:])!r} after the player in {word.strip()!r}")
    return seat


# ---------------------------------------------------------------- writing


_NAME_OK = re.compile(r"^[^,#:]+$")


def _script_names(players: tuple[str, ...]) -> list[str] | None:
    if not players:
        return None
    seen = set()
    for name in players:
        if (not _NAME_OK.match(name) or name != " ".join(name.split()) or _PN.match(name)
                or name.lower() in seen):
            return None
        seen.add(name.lower())
    return None if _name_clash(players) else list(players)


def dumps_script(scenario: Scenario) -> str:
    """A scenario -> a table script; parse_script(dumps_script(sc)) has the same game and betting."""
    g = scenario.game.as_written()  # a straddle short of its amount as the hand wrote it
    code = g.variant or "NT"
    variant = VARIANTS[code]
    n = g.seats
    perm = _perm(n, g.stud)
    inv = [0] * n
    for i, j in enumerate(perm):
        inv[j] = i
    amt = lambda units: _fmt(g.to_units(units))  # noqa: E731
    players = [g.players[perm[i]] for i in range(n)] if g.players else []
    names = _script_names(tuple(players))
    lines: list[str] = []
    if players and names is None:
        lines.append("# players (not writable as script names): " + ", ".join(players))

    def who(phh_seat: int) -> str:
        return names[inv[phh_seat]] if names else f"p{inv[phh_seat] + 1}"

    # game line
    friendly = next((x.name for x in _GAMES if x.codes.get(g.structure) == code), None)
    words = [str(g.structure), friendly or code]
    live = [g.position_blinds[perm[i]] for i in range(n)]
    live_posts = [g.blinds[perm[i]] if g.is_post(perm[i]) else 0 for i in range(n)]
    dead = [(g.dead_posts[perm[i]] if g.dead_posts else 0) for i in range(n)]
    antes = [g.antes[perm[i]] for i in range(n)]

    def slash(values: list[int]) -> str:
        while values and not values[-1]:
            values = values[:-1]
        return "/".join(amt(v) for v in values) or "0"

    full = [g.full_blinds[perm[i]] for i in range(n)] if g.full_blinds else live
    s = g.structure
    if s in (NL, PL):
        mb = g.streets[0].bet_size
        if not g.stud and full != live and full[1] == mb:  # a dead small blind: the stakes, then 'blinds 0/B'
            words += [f"{amt(full[0])}/{amt(mb)}", f"blinds {slash(live)}"]
        elif not g.stud and live[1] == mb and mb > 0:
            words.append(f"{amt(live[0])}/{amt(mb)}")
            rest = list(live[2:])
            while rest and not rest[-1]:
                rest.pop()
            if all(rest):
                words += [f"straddle {amt(x)}" for x in rest]
            else:
                words.append(f"blinds {slash(live)}")
        else:
            words.append(amt(mb))
            if any(live):
                words.append(f"blinds {slash(live)}")
    elif s is FL:
        small = g.streets[0].bet_size
        big = g.streets[variant.big_bet_from].bet_size if variant.big_bet_from is not None else g.streets[-1].bet_size
        words.append(f"{amt(small)}/{amt(big)}")
        if not g.stud:
            default = [g.unit * small / 2, g.unit * small] + [Decimal(0)] * (n - 2)
            if [g.to_units(x) for x in live] != default:
                words.append(f"blinds {slash(live)}")
    else:
        spreads = [st.spread for st in g.streets]
        text = [f"{amt(lo)}-{amt(hi)}" for lo, hi in spreads]
        words.append(text[0] if len(set(text)) == 1 else "/".join(text))
        if not g.stud:
            words.append(f"blinds {slash(live)}")
    posts: list[str] = []
    if any(antes):
        if len(set(antes)) == 1:
            words.append(f"ante {amt(antes[0])}")
        elif not g.stud and not any(a for i, a in enumerate(antes) if i != 1):
            words.append(f"big-blind ante {amt(antes[1])}")
        else:
            posts += [f"{who(perm[i])} {amt(a)} ante" for i, a in enumerate(antes) if a]
    posts += [f"{who(perm[i])} {amt(p)}" for i, p in enumerate(live_posts) if p]
    posts += [f"{who(perm[i])} {amt(d)} dead" for i, d in enumerate(dead) if d]
    if g.stud:
        words.append(f"bring-in {amt(g.bring_in)}")
    if g.ante_trimming and any(antes):
        words.append("trim-antes")
    chip = scenario.fields.get("_betlaw_chip_unit")
    if chip is not None:
        words.append(f"chip {_fmt(g.unit)}")
    lines.append("game: " + " ".join(words))
    if scenario.preset:
        lines.append(f"rules: {scenario.preset}")
    if scenario.overrides:
        lines.append("rule: " + ", ".join(f"{k}={v}" for k, v in scenario.overrides.items()))
    stacks = ["inf" if (g.infinite and g.infinite[perm[i]]) else amt(g.starting_stacks[perm[i]]) for i in range(n)]
    lines.append("seats: " + ", ".join(f"{names[i]} {stacks[i]}" if names else stacks[i] for i in range(n)))
    if posts:
        lines.append("posts: " + ", ".join(posts))
    if g.stud and g.bring_in_seat is not None:
        lines.append(f"bring-in: {who(g.bring_in_seat)}")
    if g.open_pair:
        lines.append("open-pair: yes")
    if g.may_open is not None:
        allowed = [who(perm[i]) for i in range(n) if g.may_open[perm[i]]]
        lines.append("may-open: " + (", ".join(allowed) if allowed else "nobody"))
    if scenario.fields.get("_betlaw_chips"):
        lines.append("chips: " + ", ".join(_fmt(to_decimal(c, "_betlaw_chips"))
                                           for c in scenario.fields["_betlaw_chips"]))
    lines += _round_lines(scenario, who)
    return "\n".join(lines) + "\n"


def _round_lines(scenario: Scenario, who) -> list[str]:
    g = scenario.game
    code = g.variant or "NT"
    names = VARIANTS[code].street_names
    last = len(names) - 1
    events = scenario.events
    bets = [e for e in events if e.seat is not None and e.verb in PLAYER_VERBS]
    board = code in _BOARD_GAMES
    # Which round each betting action belongs to: the dealing between rounds (as the PHH reader
    # counts stud openers), or, for a history written without any dealing, the model's own count.
    started, pending, rnd = False, 0, 0
    rounds_of: dict[int, int] = {}
    round_at: list[int] = []  # the round table talk said before entry k belongs to (the deals so far)
    boundaries = False
    for e in events:
        round_at.append(min(last, rnd + pending))
        if e.seat is not None and e.verb in PLAYER_VERBS:
            rnd, pending = min(last, rnd + pending), 0
            rounds_of[e.index] = rnd
            started = True
        elif started and ((e.seat is None and e.verb not in (NOOP, BOARD_MORE)) or (e.verb == "sd" and not g.stud)):
            boundaries = True
            pending = pending + 1 if board and e.verb == "db" else max(pending, 1)
    round_at.append(min(last, rnd + pending))
    trailing = min(last, rnd + pending) if bets else 0
    if not boundaries:
        try:
            streets = play(scenario, scenario.rules()).state.history_streets
        except Exception:  # noqa: BLE001 - a table the model cannot start: everything in round one
            streets = []
        rnd = 0
        for k, e in enumerate(bets):
            rnd = streets[k] if k < len(streets) else rnd
            rounds_of[e.index] = rnd
        trailing = rnd if bets else 0
        round_at = [next((rounds_of[b.index] for b in bets if b.index >= k), trailing) for k in range(len(events) + 1)]
    # Words: the model's reading of each action while it can follow the hand.
    replay = _Replay(g, scenario.rules())
    per_round: list[list[tuple]] = [[] for _ in names]  # (position, text): a bet at its index, talk before it
    aggressed = [False] * len(names)
    for e in bets:
        r = rounds_of[e.index]
        replay.at_round(r, f"action {e.index}")
        st = replay.state if replay.alive else None
        words, all_in = _words(e, r, st, g, aggressed)
        per_round[r].append(((e.index, 1), f"{who(e.seat)} {words}" + (" all-in" if all_in else "")))
        if e.verb in ("cbr", "pb"):
            aggressed[r] = True
        replay.apply(e.seat, e.verb, e.amount, f"action {e.index}")
    for n, t in enumerate(scenario.talk):  # table talk (docs/table-talk.md), where it was said
        r = round_at[min(t.after, len(events))]
        per_round[r].append(((t.after, 0, n), _talk_words(t, who, g)))
        trailing = max(trailing, r)
    out = []
    if not bets and not trailing and not scenario.talk:
        return out
    for r in range(trailing + 1):
        items = [text for _, text in sorted(per_round[r])]
        if r == trailing and g.stud and not any(e for e in bets if rounds_of[e.index] == r):
            opener = g.bring_in_seat if r == 0 else (g.first_actors[r] if r < len(g.first_actors) else None)
            if opener is not None and r > 0:
                items.insert(0, f"{who(opener)} to act")
        out.append(f"{names[r]}: {', '.join(items)}".rstrip())
    return out


def _talk_words(t, who, g) -> str:
    """One event of table talk as a script clause (the same words as :class:`TableEvent` prints)."""
    chips = "+".join(_fmt(g.to_units(c)) for c in t.chips)
    if t.kind.value == "say":
        text = f'{who(t.seat)} says "{t.words}"' + (f" pushing {chips}" if chips else "")
    elif t.kind.value == "chips":
        text = f"{who(t.seat)} puts out {chips}"
    else:
        text = f"{who(t.seat)} {t.gesture}s"
    return text + {None: "", True: " in turn", False: " out of turn"}[t.in_turn]


def _words(e, r: int, st, g, aggressed: list[bool]) -> tuple[str, bool]:
    amount = None if e.amount is None else _fmt(g.to_units(e.amount))
    if e.verb == "f":
        return "folds", False
    if e.verb == "pb":
        all_in = st is not None and st.seats[e.seat].stack + st.seats[e.seat].bet <= g.bring_in
        return "brings in", all_in
    if st is not None:
        action = st.classify(e.seat, e.verb, e.amount)
        s = st.seats[e.seat]
        if action.kind is Kind.BRING_IN:  # an all-in bring-in written 'cbr' (PokerKit)
            return "brings in", True
        if e.verb == "cc":
            if action.kind is Kind.CHECK:
                return "checks", False
            return "calls", s.stack <= st.owed(e.seat)
        kind = {Kind.BET: "bets", Kind.COMPLETE: "completes to"}.get(action.kind, "raises to")
        return f"{kind} {amount}", e.amount == s.stack + s.bet
    blind_round = r == 0 and g.blind_game
    if e.verb == "cc":
        return ("calls" if aggressed[r] or blind_round else "checks"), False
    return (f"raises to {amount}" if aggressed[r] or blind_round else f"bets {amount}"), False


# ---------------------------------------------------------------- converting


def convert(path: str) -> str:
    """PHH (.phh/.phhs, or TOML with a ``variant`` key) -> table script; a table script -> PHH text.

    A table script holds one hand: a .phhs of several is converted a hand at a time, ``FILE#KEY`` (as ``ask``
    picks one; review DF: the hands written one after another made a script nothing could read back)."""
    from .load import no_key, pick_hand, read_source

    text, source, key = read_source(path)
    if looks_like_phh(text, source):
        return dumps_script(pick_hand(read_text(text, source), path, source, key))
    no_key(source, key)
    return dumps(script_fields(text, source))
