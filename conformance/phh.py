"""Read and write hands in the Poker Hand History format (PHH: TOML; spec uoftcprg/phh-std).

betlaw reads every variant code whose betting it models and the user fields ``_betlaw_*``
(rule switches and scenario inputs, documented in docs/scenarios.md). Conventions followed:
p1 is the first seat left of the button (the small blind), the last player has the button;
heads-up, forced bets are written reversed (p1 posts the big blind); a negative
``blinds_or_straddles`` entry is a post: a big blind's worth of it live like a blind but not a straddle
(it does not move the first actor, turn.first-preflop), the rest dead; more dead posts are
``_betlaw_dead_posts`` (clause forced.dead-money). PokerKit 0.7.7 reads the whole of a negative entry
as a live bet, so a post above the big blind reads differently there, even under ``--rules pokerkit``;
the corpus's chip counts bear out the dead part (e.g. ONG-1000NLH #2: the poster's stack falls by the
5 dead as well as the bets).
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from decimal import Decimal

from betlaw.model.game import VARIANTS, Game, GameError, Opening, Street, Structure
from betlaw.spec.rulesets import PRESETS, SWITCHES, RuleError

from . import talk
from .scenario import (BOARD_MORE, NOOP, OTHER_PLAYER_VERBS, PLAYER_VERBS, Event, Scenario, ScenarioError, Units,
                       to_decimal)

SCENARIO_FIELDS = {
    "_betlaw_rules": "the rule set preset",
    "_betlaw_chip_unit": "the smallest chip (amounts must be whole multiples of it)",
    "_betlaw_structure": "override the variant's betting structure",
    "_betlaw_spread": "spread-limit range [low, high], or one [low, high] per betting round",
    "_betlaw_bring_in_seat": "stud: who brings in (p1..pN)",
    "_betlaw_first_actors": "stud: who opens each betting round (p1..pN, or \"\" when unknown)",
    "_betlaw_open_pair": "seven-card stud: an open pair shows on fourth street (true/false; default: from the up cards)",
    "_betlaw_may_open": "opening requirement met, per seat (true/false)",
    "_betlaw_dead_posts": "dead posts, per seat (dead money, like an ante of one player)",
    "_betlaw_full_blinds": "the blinds the stakes set, per seat, where blinds_or_straddles leaves one unposted "
                           "(a dead small blind: pot-limit maths counts it, TDA 54-B)",
    "_betlaw_events": "table talk: what players say, the chips they place, gestures (docs/table-talk.md)",
    "_betlaw_chips": "the chip values in play, e.g. [100, 500, 1000] (docs/table-talk.md)",
}
ACTION = re.compile(r"^\s*(?:(d)\s+(dh|db)\b(.*)|p([0-9]+)\s+(\S+)(.*))$")
ACTION_VERBS = PLAYER_VERBS + OTHER_PLAYER_VERBS
HOLE_CARDS = {"NT": 2, "NS": 2, "PO": 4, "FT": 2, "FO/8": 4, "N2L1D": 5, "F2L3D": 5, "FB": 4,
              "F7S": 3, "F7S/8": 3, "FR": 3}


def read_path(path: str) -> list[tuple[str | None, Scenario | ScenarioError]]:
    """Every hand of a .phh or .phhs file ('-' is standard input), or the reason it cannot be read."""
    from .sources import read_source

    return read_text(*read_source(path))


def read_text(text: str, source: str = "-") -> list[tuple[str | None, Scenario | ScenarioError]]:
    try:
        doc = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as err:
        raise ScenarioError(source, f"malformed TOML ({err})") from None
    except RecursionError:
        raise ScenarioError(source, "malformed TOML (nested too deeply)") from None
    if "variant" not in doc and doc and all(isinstance(v, dict) for v in doc.values()):
        out: list[tuple[str | None, Scenario | ScenarioError]] = []
        for key, table in doc.items():
            try:
                out.append((key, scenario_from_fields(table, source, key)))
            except ScenarioError as err:
                out.append((key, err))
            for sub, inner in table.items():  # [1.5] is TOML for table 5 inside table 1, not hand "1.5"
                if isinstance(inner, dict) and "variant" in inner:
                    out.append((f"{key}.{sub}", ScenarioError(
                        f"{source}#{key}.{sub}", f"a hand nested in hand [{key}]: TOML reads [{key}.{sub}] as table "
                        f"{sub!r} inside [{key}]; quote a key with a dot: [\"{key}.{sub}\"]")))
        return out
    return [(None, scenario_from_fields(doc, source, None))]


def _require(fields: dict, name: str, where: str):
    if name not in fields:
        raise ScenarioError(f"{where}{name}", "missing required field")
    return fields[name]


def _amount_list(fields: dict, name: str, n: int, where: str) -> list[Decimal]:
    raw = _require(fields, name, where)
    if not isinstance(raw, list):
        raise ScenarioError(f"{where}{name}", f"expected a list of {n} amounts")
    if len(raw) != n:
        raise ScenarioError(f"{where}{name}", f"expected {n} entries (one per player in starting_stacks), got {len(raw)}")
    field = f"{where}{name}"
    return [toml_number(x, field) for x in raw]


def toml_number(value, where: str) -> Decimal:
    """A PHH amount field: a TOML integer or float (read as Decimal), not a string that looks like one
    (PHH amounts are numbers; only the amounts inside action strings are text)."""
    if isinstance(value, str):
        raise ScenarioError(where, f"expected a number, got the string {value!r} (write it without quotes)")
    return to_decimal(value, where)


def _seat_word(value, n: int, where: str) -> int | None:
    if value in ("", None):
        return None
    text = str(value).strip().lower()
    if text.startswith("p") and text[1:].isdigit() and 1 <= int(text[1:]) <= n:
        return int(text[1:]) - 1
    raise ScenarioError(where, f"expected a player p1..p{n}, got {value!r}")


def scenario_from_fields(fields: dict, source: str = "-", key: str | None = None) -> Scenario:
    where = f"{source}#{key}: " if key is not None else f"{source}: "
    variant_code = _require(fields, "variant", where)
    if not isinstance(variant_code, str) or variant_code not in VARIANTS:
        raise ScenarioError(f"{where}variant", f"unknown variant code {variant_code!r}; betlaw reads "
                                               f"{', '.join(VARIANTS)}")
    variant = VARIANTS[variant_code]
    preset, overrides = _rule_fields(fields, where)
    structure = variant.structure
    if "_betlaw_structure" in fields:
        try:
            structure = Structure(str(fields["_betlaw_structure"]).strip().lower())
        except ValueError:
            raise ScenarioError(f"{where}_betlaw_structure", "expected no-limit, pot-limit, fixed-limit or "
                                                             "spread-limit") from None
    stacks_raw = _require(fields, "starting_stacks", where)
    if not isinstance(stacks_raw, list) or len(stacks_raw) < 2:
        raise ScenarioError(f"{where}starting_stacks", "expected a list of at least two stacks")
    n = len(stacks_raw)
    stacks_field = f"{where}starting_stacks"
    stacks = [toml_number(x, stacks_field) for x in stacks_raw]
    antes = _amount_list(fields, "antes", n, where)
    dead_posts = _amount_list(fields, "_betlaw_dead_posts", n, where) if "_betlaw_dead_posts" in fields \
        else [Decimal(0)] * n
    blinds = ([Decimal(0)] * n if variant.stud and "blinds_or_straddles" not in fields
              else _amount_list(fields, "blinds_or_straddles", n, where))
    full_blinds = _amount_list(fields, "_betlaw_full_blinds", n, where) if "_betlaw_full_blinds" in fields else []
    numbers: dict[str, Decimal] = {}
    if structure in (Structure.NO_LIMIT, Structure.POT_LIMIT):
        numbers["min_bet"] = toml_number(_require(fields, "min_bet", where), f"{where}min_bet")
    if structure is Structure.FIXED_LIMIT:
        for name in ("small_bet", "big_bet"):
            numbers[name] = toml_number(_require(fields, name, where), f"{where}{name}")
    if variant.stud:
        numbers["bring_in"] = toml_number(_require(fields, "bring_in", where), f"{where}bring_in")
    spreads = _spreads(fields, structure, len(variant.street_names), where)
    actions = _require(fields, "actions", where)
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ScenarioError(f"{where}actions", "expected a list of action strings")
    parsed = [_parse_action(i, text, n, where) for i, text in enumerate(actions)]
    chip_unit = fields.get("_betlaw_chip_unit")
    talk_raw, talk_amounts = talk.read_raw(fields, n, len(parsed), fields.get("players"), where)
    amounts = [(stacks_field, x) for x in stacks] + [(f"{where}antes", x) for x in antes] + \
        [(f"{where}_betlaw_dead_posts", x) for x in dead_posts] + \
        [(f"{where}_betlaw_full_blinds", x) for x in full_blinds] + \
        [(f"{where}blinds_or_straddles", abs(b)) for b in blinds] + [(f"{where}{k}", x) for k, x in numbers.items()] + \
        [(f"{where}_betlaw_spread", x) for pair in spreads for x in pair] + \
        [(_action_where(i, text, where), a) for i, (text, _, _, a) in enumerate(parsed) if a is not None] + talk_amounts
    units = Units(amounts, None if chip_unit is None else to_decimal(chip_unit, f"{where}_betlaw_chip_unit"), where)
    for i, s in enumerate(stacks):
        if not s > 0:
            raise ScenarioError(stacks_field, f"p{i + 1}'s stack must be positive, got {s}")
    for name, values in (("antes", antes), ("_betlaw_dead_posts", dead_posts)):
        if any(v < 0 for v in values):
            raise ScenarioError(f"{where}{name}", "amounts must not be negative")
    stack_units = [units(s, stacks_field, stack=True) for s in stacks]
    antes_field, blinds_field = f"{where}antes", f"{where}blinds_or_straddles"
    ante_units = [units(a, antes_field) for a in antes]
    # A negative entry is a post (a player just seated or back from missing the blinds). As posted at
    # the table (Robert's Rules, Buttons and Blinds): a big blind's worth of it is live, with the option,
    # though not a straddle; the rest, or a post smaller than the big blind, is dead. The corpus bears it
    # out: ONG hands whose players post a small blind's worth pay it and then the full call.
    big = blinds[1] if blinds[1] > 0 else max((b for b in blinds if b > 0), default=Decimal(0))
    posts = [b < 0 and -b >= big > 0 for b in blinds]
    live = [units(big if post else max(b, Decimal(0)), blinds_field) for b, post in zip(blinds, posts)]
    dead = [units(d + (-b - (big if post else 0) if b < 0 else 0), f"{where}_betlaw_dead_posts")
            for d, b, post in zip(dead_posts, blinds, posts)]
    full = [units(f, f"{where}_betlaw_full_blinds") for f in full_blinds]
    if full:  # a post is live up to a big blind's worth, as above, whatever the full blinds write for it
        full = [x if b >= 0 else y for x, y, b in zip(full, live, blinds)]
    if n == 2:  # PHH heads-up: forced bets written reversed (p1 posts the big blind); the antes too in every
        # game, stud included ("the antes for each player are reversed in heads-up games by rule", as PokerKit)
        live, posts, dead, ante_units, full = live[::-1], posts[::-1], dead[::-1], ante_units[::-1], full[::-1]
    events = [Event(i, text, seat, verb, None if amt is None else units(amt, _action_where(i, text, where)))
              for i, (text, seat, verb, amt) in enumerate(parsed)]
    events = _board_deals(events, variant_code, where)
    for e in events:
        if e.verb == "sd" and not variant.draws:
            raise ScenarioError(_action_where(e.index, e.text, where), f"{variant_code} has no draw ('sd' stands pat "
                                                                       f"or discards in a draw game)")
    if not variant.stud:
        _check_cards(events, variant_code, where)
    streets = _streets(variant, structure, numbers, spreads, units, where)
    broke = {i for i in range(n) if stack_units[i] <= ante_units[i]}  # all-in for the ante
    bring_in_seat, first_actors, shown = _stud_openers(fields, variant.stud, events, len(streets), n, where, broke)
    open_pair = _open_pair(fields, variant_code, structure, shown, where)
    may_open = fields.get("_betlaw_may_open")
    if may_open is not None:
        if not isinstance(may_open, list) or len(may_open) != n or not all(isinstance(x, bool) for x in may_open):
            raise ScenarioError(f"{where}_betlaw_may_open", f"expected {n} true/false values")
        may_open = tuple(may_open)
    trimming = fields.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise ScenarioError(f"{where}ante_trimming_status", f"expected true or false, got {trimming!r}")
    players = fields.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != n
                                or not all(isinstance(p, str) for p in players)):
        raise ScenarioError(f"{where}players", f"expected {n} names (strings), got {players!r}")
    seat_numbers = fields.get("seats")  # PHH: each player's seat number at the table ("seat 4" in questions)
    if seat_numbers is not None and (not isinstance(seat_numbers, list) or len(seat_numbers) != n
                                     or not all(isinstance(x, int) and not isinstance(x, bool) and x > 0
                                                for x in seat_numbers)
                                     or len(set(seat_numbers)) != n):
        raise ScenarioError(f"{where}seats", f"expected {n} different seat numbers (positive integers), got "
                                             f"{seat_numbers!r}")
    # a name that is another seat's label (PokerKit names its players P0, P1, ...) is kept: in questions
    # "pN" is always the seat (Scenario.seat_of), a name like that only where no seat has the label
    try:
        game = Game(
            structure=structure, streets=streets, starting_stacks=tuple(stack_units), antes=tuple(ante_units),
            blinds=tuple(live), dead_posts=tuple(dead) if any(dead) else (),
            full_blinds=tuple(full) if full != live else (),
            live_posts=tuple(posts) if any(posts) else (),
            bring_in=units(numbers["bring_in"], f"{where}bring_in") if "bring_in" in numbers else 0,
            bring_in_seat=bring_in_seat, first_actors=first_actors, may_open=may_open,
            players=tuple(str(p) for p in players) if players else (), variant=variant_code, unit=units.unit,
            infinite=tuple(s.is_infinite() for s in stacks), stud=variant.stud, ante_trimming=trimming,
            open_pair=open_pair,
        )
    except GameError as err:
        raise ScenarioError(f"{where}{err.field}", str(err).split(": ", 1)[-1]) from None
    table_talk, denominations = talk.build(talk_raw, fields.get("_betlaw_chips"), units, where)
    return Scenario(game=game, events=events, preset=preset, overrides=overrides, source=source, key=key,
                    fields=dict(fields), talk=table_talk, denominations=denominations)


# The PHH standard's fields (required, then optional); user-defined fields start with '_'.
PHH_FIELDS = ("variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
              "starting_stacks", "actions", "author", "event", "url", "venue", "address", "city", "region",
              "postal_code", "country", "time", "time_zone", "time_zone_abbreviation", "day", "month", "year",
              "hand", "level", "seats", "seat_count", "table", "players", "finishing_stacks", "winnings",
              "currency", "currency_symbol", "ante_trimming_status", "time_limit", "time_banks")


# the required fields under names writers reach for (too far from them for the near-match)
MISSPELT = {"minimum_bet": "min_bet", "ante": "antes", "blinds": "blinds_or_straddles", "stacks": "starting_stacks",
            "starting_stack": "starting_stacks", "bringin": "bring_in"}


def _misspelt_fields(fields: dict, where: str) -> None:
    """A field that is not PHH's but nearly spells one of them (``ante_triming_status``) is a typo that
    would silently change the hand: refused. Other unknown fields pass, as PHH's later versions add fields."""
    import difflib

    for name in fields:
        betlaw_name = name.lower().replace("-", "_")
        if name.startswith("_") and name != betlaw_name and betlaw_name.startswith("_betlaw_"):
            raise ScenarioError(f"{where}{name}", f"betlaw's fields are written in lower case with underscores: "
                                                  f"did you mean {betlaw_name!r}?")
        if name.startswith("_") or name in PHH_FIELDS:
            continue
        near = [MISSPELT[name]] if name in MISSPELT else difflib.get_close_matches(name, PHH_FIELDS, n=1, cutoff=0.85)
        if near:
            raise ScenarioError(f"{where}{name}", f"not a PHH field; did you mean {near[0]!r}? (fields of your "
                                                  f"own start with '_')")


def _rule_fields(fields: dict, where: str) -> tuple[str | None, dict]:
    _misspelt_fields(fields, where)
    preset, overrides = None, {}
    for name, value in fields.items():
        if not name.startswith("_betlaw_"):
            continue
        key = name[len("_betlaw_"):].replace("_", "-")
        if name == "_betlaw_rules":
            preset = str(value).strip().lower()
            if preset not in PRESETS:
                raise ScenarioError(f"{where}{name}", f"unknown rule set {value!r}; presets: {', '.join(PRESETS)}")
        elif key in SWITCHES:
            text = "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
            if isinstance(value, bool) and set(SWITCHES[key].values) == {"on", "off"}:
                text = "on" if value else "off"  # TOML's true/false for an on/off switch
            try:
                SWITCHES[key].parse(text)
            except RuleError as err:
                raise ScenarioError(f"{where}{name}", str(err)) from None
            overrides[key] = text
        elif name not in SCENARIO_FIELDS:
            raise ScenarioError(f"{where}{name}", f"unknown betlaw field; switches: {', '.join(SWITCHES)}; "
                                                  f"other fields: {', '.join(SCENARIO_FIELDS)}")
    return preset, overrides


def _spreads(fields: dict, structure: Structure, rounds: int, where: str) -> list[tuple[Decimal, Decimal]]:
    if structure is not Structure.SPREAD_LIMIT:
        if "_betlaw_spread" in fields:
            raise ScenarioError(f"{where}_betlaw_spread", f"a spread is for spread limit, and this hand is "
                                                          f"{structure.value} (set _betlaw_structure = 'spread-limit')")
        return []
    raw = _require(fields, "_betlaw_spread", where)
    name = f"{where}_betlaw_spread"
    if isinstance(raw, list) and len(raw) == 2 and not isinstance(raw[0], list):
        raw = [raw] * rounds
    if not isinstance(raw, list) or len(raw) != rounds or not all(isinstance(p, list) and len(p) == 2 for p in raw):
        raise ScenarioError(name, f"expected [low, high] or {rounds} pairs [low, high]")
    pairs = [(toml_number(p[0], name), toml_number(p[1], name)) for p in raw]
    if any(not 0 < lo <= hi for lo, hi in pairs):
        raise ScenarioError(name, "each range needs 0 < low <= high")
    return pairs


def _streets(variant, structure, numbers, spreads, units, where) -> tuple[Street, ...]:
    big_bet_game = structure in (Structure.NO_LIMIT, Structure.POT_LIMIT)
    min_bet = units(numbers["min_bet"], f"{where}min_bet") if big_bet_game else None  # the same every round
    for name, value in numbers.items():
        if name != "bring_in" and not value > 0:
            raise ScenarioError(f"{where}{name}", f"must be positive, got {value}")
    # limit.fixed-sizes: the small bet early, the big bet late; a big-bet variant played as fixed limit
    # (e.g. N2L1D) doubles for its second half of rounds (after the draw)
    big_from = variant.big_bet_from if variant.big_bet_from is not None else len(variant.street_names) // 2
    if structure is Structure.FIXED_LIMIT and numbers["big_bet"] < numbers["small_bet"]:
        raise ScenarioError(f"{where}big_bet", f"the big bet ({numbers['big_bet']}) is less than the small bet "
                                               f"({numbers['small_bet']}) (limit.fixed-sizes)")
    streets = []
    for i, name in enumerate(variant.street_names):
        if i == 0:
            opening = Opening.BRING_IN if variant.stud else Opening.BLINDS
        else:
            opening = Opening.SHOWING if variant.stud else Opening.POSITION
        if structure is Structure.FIXED_LIMIT:
            late = i >= big_from
            size = units(numbers["big_bet" if late else "small_bet"], f"{where}{'big_bet' if late else 'small_bet'}")
            streets.append(Street(name, opening, size))
        elif structure is Structure.SPREAD_LIMIT:
            lo, hi = (units(x, f"{where}_betlaw_spread") for x in spreads[i])
            streets.append(Street(name, opening, lo, (lo, hi)))
        else:
            streets.append(Street(name, opening, min_bet))
    return tuple(streets)


BOARD_CARDS = {"NT": (3, 1, 1), "NS": (3, 1, 1), "PO": (3, 1, 1), "FT": (3, 1, 1), "FO/8": (3, 1, 1)}  # flop, turn, river


def _board_deals(events: list[Event], code: str, where: str = "") -> list[Event]:
    """A street's board may be dealt a card at a time ('d db Ac', 'd db Kd', 'd db 2h' for the flop,
    as PokerKit reads it): the later lines of one street's deal are marked ``BOARD_MORE``, so that
    only the first one opens the street. A board of the wrong size (a four-card flop, a two-card
    flop before the betting, a card after the river) is refused."""
    counts = BOARD_CARDS.get(code)
    if counts is None:
        return events
    out, street, owed = [], -1, 0
    for e in events:
        if e.seat is None and e.verb == "db":
            cards = e.text.split("#", 1)[0].split()[2:]
            dealt = len("".join(cards)) // 2 if cards else None
            if owed > 0 and dealt is not None:
                e = replace(e, verb=BOARD_MORE)
                owed -= dealt
            else:
                street += 1
                if street >= len(counts):
                    raise ScenarioError(_action_where(e.index, e.text, where),
                                        f"the board is complete after the river; {code} deals no more board cards")
                owed = counts[street] - (counts[street] if dealt is None else dealt)
            if owed < 0:
                raise ScenarioError(_action_where(e.index, e.text, where),
                                    f"the {VARIANTS[code].street_names[street + 1]} is {counts[street]} "
                                    f"card{'s' if counts[street] > 1 else ''}, "
                                    f"not {counts[street] - owed}")
        elif e.is_bet_action:
            if owed > 0:
                raise ScenarioError(_action_where(e.index, e.text, where),
                                    f"the {VARIANTS[code].street_names[street + 1]} is {counts[street]} cards, but "
                                    f"{counts[street] - owed} were dealt before this action")
            owed = 0
        out.append(e)
    return out


def _check_cards(events: list[Event], code: str, where: str) -> None:
    """Every card dealt is a card ('Td', or '??' unseen); in a flop game no known card is dealt twice (a
    deck has one of each) and no player gets more hole cards than the game deals. (Stud's cards are
    checked with its up cards, :func:`_board_openers`; a draw game may deal a discarded card again.)"""
    seen: dict[str, str] = {}
    held = {}
    for e in events:
        parts = e.text.split("#", 1)[0].split()
        if e.seat is not None or e.verb not in ("dh", "db", BOARD_MORE):
            continue
        tokens = parts[3:] if e.verb == "dh" else parts[2:]
        text = "".join(tokens)
        name = _action_where(e.index, e.text, where)
        if len(text) % 2:
            raise ScenarioError(name, f"{text!r} is not a run of two-character cards (e.g. 'AsKd', or '????' unseen)")
        cards = [text[k:k + 2] for k in range(0, len(text), 2)]
        for card in cards:
            _deal_card(card, e, where, seen if code in BOARD_CARDS else None)
            if code == "NS" and card != "??" and card[0] in "2345":  # short-deck: a 36-card deck, sixes up
                raise ScenarioError(name, f"{card} is not in a short-deck (NS) deck: its ranks are 6 to A")
        if code not in BOARD_CARDS:
            continue
        if e.verb == "dh":
            seat = parts[2]
            held[seat] = held.get(seat, 0) + len(cards)
            if held[seat] > HOLE_CARDS[code]:
                raise ScenarioError(name, f"{code} deals {HOLE_CARDS[code]} hole cards a player, not {held[seat]}")


def _deal_card(card: str, e: Event, where: str, seen: dict | None) -> None:
    """A dealt card is a card ('Td') or unseen ('??'); a known card is dealt once (a deck has one of each)
    where ``seen`` (card -> the action that dealt it) is kept."""
    if card == "??":
        return
    if not CARD.fullmatch(card):
        raise ScenarioError(_action_where(e.index, e.text, where), f"unknown card {card!r}; a card is a rank 2-9, "
                                                                   f"T, J, Q, K, A and a suit c, d, h, s (e.g. 'Td'), "
                                                                   f"or '??' unseen")
    if seen is None:
        return
    key = card[0].upper() + card[1].lower()
    if key in seen:
        raise ScenarioError(_action_where(e.index, e.text, where),
                            f"{card} was dealt already ({seen[key]}); a deck has one of each card")
    seen[key] = _action_where(e.index, e.text, "")


def _parse_action(index: int, text: str, n: int, where: str):
    body = text.split("#", 1)[0].strip()
    if not body:  # PHH no-operation: an empty entry, or a comment alone ('# Burn card 6s is exposed')
        return text, None, NOOP, None
    match = ACTION.match(body)
    if not match:
        raise ScenarioError(_action_where(index, text, where),
                            "expected 'd dh|db ...' or 'pN f|cc|cbr AMOUNT|pb|sd|sm ...'")
    dealer, deal, cards, player, verb, rest = match.groups()
    if dealer:
        if deal == "dh":
            m = re.match(r"\s*p(\d+)\b", cards)
            if not m or not 0 <= int(m.group(1)) - 1 < n:
                raise ScenarioError(_action_where(index, text, where),
                                    f"'d dh' deals to a player p1-p{n}: 'd dh pN CARDS'")
            if not cards[m.end():].strip():
                raise ScenarioError(_action_where(index, text, where),
                                    "'d dh' names the cards dealt ('d dh pN CARDS', '????' when unknown)")
        elif not cards.strip():
            raise ScenarioError(_action_where(index, text, where),
                                "'d db' names the board cards dealt ('d db CARDS', '??' each when unknown)")
        return text, None, deal, None
    seat = int(player) - 1
    rest = rest.strip()
    if not 0 <= seat < n:
        raise ScenarioError(_action_where(index, text, where), f"there is no player p{seat + 1} (the hand has p1-p{n})")
    if verb not in ACTION_VERBS:
        raise ScenarioError(_action_where(index, text, where),
                            f"unknown action {verb!r}; expected f, cc, cbr, pb, sd or sm")
    amount = None
    if verb == "cbr":
        name = _action_where(index, text, where)
        if not rest:
            raise ScenarioError(name, "cbr needs a 'to' amount")
        if len(rest.split()) > 1:
            raise ScenarioError(name, f"cbr takes one 'to' amount, got {rest!r}")
        amount = to_decimal(rest.split()[0], name)
        if not amount > 0:
            raise ScenarioError(name, f"cbr amount must be positive, got {rest.split()[0]}")
    elif verb in ("f", "cc", "pb") and rest:
        raise ScenarioError(_action_where(index, text, where), f"{verb} takes no argument")
    return text, seat, verb, amount


def _action_where(index: int, text: str, where: str) -> str:
    """How an error names an action: its place in ``actions`` and its text."""
    return f"{where}actions[{index}] {text!r}"


def _stud_openers(fields, stud: bool, events: list[Event], rounds: int, n: int, where: str, broke: set[int]):
    """Stud openers are inputs (clauses turn.stud-bring-in, turn.stud-first-later): from
    ``_betlaw_bring_in_seat`` / ``_betlaw_first_actors``, else from the up cards dealt (Robert's
    Rules, Seven-Card Stud: the low card brings it in, the high hand on board opens later rounds, a
    tie broken by position; razz the other way round), else from who acts first in each round of the
    history. Players all-in for the ante (``broke``) cannot bring in."""
    if not stud:
        for name in ("_betlaw_bring_in_seat", "_betlaw_first_actors"):
            if name in fields:
                raise ScenarioError(f"{where}{name}", f"stud only; {fields.get('variant')!r} has blinds, no bring-in")
        return None, (), (None, False)
    given = fields.get("_betlaw_first_actors")
    first: list[int | None] = [None] * rounds
    if given is not None:
        if not isinstance(given, list) or len(given) > rounds:
            raise ScenarioError(f"{where}_betlaw_first_actors", f"expected a list of up to {rounds} players")
        for i, word in enumerate(given):
            first[i] = _seat_word(word, n, f"{where}_betlaw_first_actors")
    given_first = list(first)
    razz = fields.get("variant") == "FR"
    from_cards, up = _board_openers(events, rounds, n, razz, broke, where)
    # From the history: rounds are separated by dealing; each round's first bettor opened it.
    from_history: list[int | None] = [None] * rounds
    folded: list[set] = [set() for _ in range(rounds)]  # who folded in each round
    round_index, started, dealt_since = 0, False, False
    for e in events:
        if e.seat is None:
            dealt_since = dealt_since or (started and e.verb not in (NOOP, BOARD_MORE))
            continue
        if e.verb not in PLAYER_VERBS:
            continue
        opens_round = not started or dealt_since
        if dealt_since:
            round_index, dealt_since = round_index + 1, False
        if opens_round and round_index < rounds and from_history[round_index] is None:
            from_history[round_index] = e.seat
        if e.verb == "f" and round_index < rounds:
            folded[round_index].add(e.seat)
        started = True
    for i in range(rounds):
        if first[i] is not None and from_cards[i] is not None and first[i] != from_cards[i]:
            raise ScenarioError(f"{where}_betlaw_first_actors", f"p{first[i] + 1} is given as opening round {i + 1}, "
                                                                f"but the up cards dealt show p{from_cards[i] + 1} "
                                                                f"opens it (turn.stud-first-later)")
        # seven-card stud's last card is dealt face down: the boards stand as they did on sixth street, so
        # sixth street's opener opens seventh too, unless they folded there (Robert's Rules, Seven-Card Stud)
        same = first[i - 1] if rounds == 5 and i == rounds - 1 and first[i - 1] not in folded[i - 1] else None
        if first[i] is None:
            first[i] = from_cards[i] if from_cards[i] is not None else same if same is not None else from_history[i]
    bring_in = _seat_word(fields.get("_betlaw_bring_in_seat"), n, f"{where}_betlaw_bring_in_seat")
    if bring_in is not None and from_cards[0] is not None and bring_in != from_cards[0]:
        raise ScenarioError(f"{where}_betlaw_bring_in_seat", f"p{bring_in + 1} is given, but the door cards dealt "
                                                             f"show p{from_cards[0] + 1} brings in (turn.stud-bring-in)")
    if bring_in is not None and given_first[0] is not None and bring_in != given_first[0]:
        raise ScenarioError(f"{where}_betlaw_first_actors", f"p{first[0] + 1} is given as opening the first round, "
                                                            f"but _betlaw_bring_in_seat gives p{bring_in + 1}, who "
                                                            f"opens it with the bring-in (turn.stud-bring-in)")
    if bring_in is not None and first[0] is not None:  # another seat's first action is out of turn: the
        first[0] = bring_in  # replay flags it (review BV)
    if bring_in is None:
        bring_in = first[0]
    pair = next((i for i, cards in enumerate(up) if len(cards) > 1 and None not in cards[:2]
                 and cards[0][0].upper() == cards[1][0].upper()), None)
    # (the seat showing an open pair on fourth street, whether every live player's fourth-street cards are known)
    return bring_in, tuple(first), (pair, rounds > 1 and from_cards[1] is not None)


def _open_pair(fields, variant_code: str, structure: Structure, shown: tuple, where: str) -> bool:
    """stud.open-pair is an input: ``_betlaw_open_pair`` (true or false), else the up cards dealt: a
    door card paired on fourth street (``shown``: the seat showing one, and whether every live player's
    cards are known). Only fixed-limit seven-card stud high: in stud high-low and razz an open pair does
    not affect the limit (Robert's Rules, Seven-Card Stud High-Low)."""
    pair_seat, pair_seat_known = shown
    given = fields.get("_betlaw_open_pair")
    if given is not None and not isinstance(given, bool):
        raise ScenarioError(f"{where}_betlaw_open_pair", f"expected true or false, got {given!r}")
    if variant_code != "F7S" or structure is not Structure.FIXED_LIMIT:
        return bool(given)  # the Game refuses true outside fixed-limit seven-card stud
    if given is False and pair_seat is not None:
        raise ScenarioError(f"{where}_betlaw_open_pair", f"false, but p{pair_seat + 1}'s up cards dealt show an "
                                                         f"open pair on fourth street (stud.open-pair)")
    if given and pair_seat is None and pair_seat_known:
        raise ScenarioError(f"{where}_betlaw_open_pair", "true, but the up cards dealt on fourth street show no "
                                                         "pair (stud.open-pair)")
    return bool(given) or pair_seat is not None


def _check_stud_deal(before: int, count: int, name: str) -> None:
    """A stud hole deal stays within one street: third street's three cards (two down, one up; in one
    action or several), then one card a street, seven in all (Robert's, Seven-Card Stud)."""
    if before < 3 < before + count:
        raise ScenarioError(name, f"third street deals 3 cards a player (two down, one up); this deal takes the "
                                  f"player from {before} to {before + count}")
    if before >= 3 and count != 1:
        raise ScenarioError(name, f"after third street each street deals 1 card a player, not {count}")
    if before + count > 7:
        raise ScenarioError(name, "seven-card stud deals 7 cards a player, not more")


def _board_openers(events: list[Event], rounds: int, n: int, razz: bool, broke: set[int],
                   where: str = "") -> tuple[list, list]:
    """Who opens each stud round by the up cards, where every live player's up cards are known: the
    bring-in is the lowest up card by suit (c < d < h < s; razz: the highest, aces low); later rounds
    the best hand showing (razz: the lowest), ties to the first seat dealt. None where unknown. Also
    each seat's up cards as dealt (None for one unseen)."""
    out: list[int | None] = [None] * rounds
    up: list[list[str | None]] = [[] for _ in range(n)]
    dealt = [0] * n
    seen: dict[str, str] = {}  # the cards known so far, and where each was dealt
    folded: set[int] = set()
    round_index = 0
    acted = False  # a betting action since the last deal

    def settle(index: int) -> None:
        """Decide round ``index`` once every player still in shows its up cards for it."""
        if index >= rounds or out[index] is not None:
            return
        live = [i for i in range(n) if i not in folded and not (index == 0 and i in broke)]
        need = min(index + 1, 4)  # the door card, then one more up card a round up to sixth street
        if not live or any(len(up[i]) < need or None in up[i][:need] for i in live):
            return
        shown = {i: up[i][:need] for i in live}
        out[index] = _pick_door(shown, razz) if index == 0 else _pick_board(shown, razz)

    for e in events:
        parts = e.text.split("#", 1)[0].split()
        if e.seat is None and e.verb == "dh" and len(parts) >= 3:
            if acted:
                round_index, acted = round_index + 1, False
            seat = int(parts[2][1:]) - 1
            cards = parts[3] if len(parts) > 3 else ""
            _check_stud_deal(dealt[seat], len(cards) // 2, _action_where(e.index, e.text, where))
            for k in range(0, len(cards) - 1, 2):
                dealt[seat] += 1
                card = cards[k:k + 2]
                _deal_card(card, e, where, seen)
                if 3 <= dealt[seat] <= 6 and seat not in folded:  # a folded hand shows nothing
                    up[seat].append(None if "?" in card else card)
            settle(round_index)
        elif e.is_bet_action:
            acted = True
            if e.verb == "f":
                folded.add(e.seat)
    return out, up


CARD = re.compile(r"[2-9TJQKA][cdhs]", re.IGNORECASE)
_HIGH = "23456789TJQKA"
_LOW = "A23456789TJQK"  # razz: aces low


def _pick_door(shown: dict[int, list[str]], razz: bool) -> int:
    """Seven-card stud: the lowest door card brings in, suits breaking ties (c < d < h < s); razz: the
    highest, aces low."""
    order = _LOW if razz else _HIGH
    def strength(seat: int) -> tuple[int, int]:
        card = shown[seat][0]
        return order.index(card[0].upper()), "cdhs".index(card[1].lower())
    return (max if razz else min)(shown, key=strength)


def _pick_board(shown: dict[int, list[str]], razz: bool) -> int:
    """The best hand showing opens (razz: the lowest); ties go to the first seat dealt. Hands showing
    rank as poker hands do (quads, trips, two pair, a pair, high cards: the shape first, then the ranks,
    the largest group first); in razz aces are low and the lowest hand so ranked is best (Robert's
    Rules, Seven-Card Stud #1 and Razz)."""
    order = _LOW if razz else _HIGH

    def hand(seat: int) -> tuple:
        ranks = [order.index(c[0].upper()) for c in shown[seat]]
        groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
        return tuple(count for count, _ in groups), tuple(rank for _, rank in groups)
    if razz:
        return min(shown, key=lambda i: (hand(i), i))
    return max(shown, key=lambda i: (hand(i), -i))


# ---------------------------------------------------------------- writing


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, Decimal)):
        d = Decimal(value)
        if d.is_infinite():
            return "inf" if d > 0 else "-inf"
        text = format(d.normalize(), "f") if d == d.to_integral_value() else format(d, "f")
        return text
    if isinstance(value, str):
        return "'" + value + "'" if "'" not in value and "\n" not in value else '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + "}"
    return "'" + str(value) + "'"


def dumps(fields: dict) -> str:
    """Fields -> PHH text (keys in the order given)."""
    lines = []
    for key, value in fields.items():
        if isinstance(value, dict) and key.isdigit():
            continue
        bare = re.fullmatch(r"[A-Za-z0-9_-]+", key)
        lines.append(f"{key if bare else _toml_value(key)} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def state_to_fields(scenario: Scenario, state, rules_name: str | None = None) -> dict:
    """A played hand back to PHH fields: the table, then the actions the model applied, with the
    dealing between rounds written as unknown cards."""
    g = state.game.as_written()  # a straddle short of its amount as the hand wrote it
    unit_amount = g.to_units
    live, dead, antes = list(g.blinds), list(g.dead_posts or [0] * g.seats), list(g.antes)
    posts, full = [g.is_post(i) for i in range(g.seats)], list(g.full_blinds)
    if g.seats == 2:  # heads-up: forced bets written reversed (see scenario_from_fields)
        live, posts, dead, antes, full = live[::-1], posts[::-1], dead[::-1], antes[::-1], full[::-1]
    code = g.variant or {Structure.NO_LIMIT: "NT", Structure.POT_LIMIT: "NT", Structure.FIXED_LIMIT: "FT",
                         Structure.SPREAD_LIMIT: "NT"}[g.structure]
    fields: dict = {"variant": code}
    if g.structure is not VARIANTS[code].structure:
        fields["_betlaw_structure"] = str(g.structure)
    fields["antes"] = [unit_amount(a) for a in antes]
    if not g.stud:
        fields["blinds_or_straddles"] = [-unit_amount(b) if post else unit_amount(b) for b, post in zip(live, posts)]
        if any(dead):
            fields["_betlaw_dead_posts"] = [unit_amount(d) for d in dead]
        if full:
            fields["_betlaw_full_blinds"] = [unit_amount(f) for f in full]
    if g.structure in (Structure.NO_LIMIT, Structure.POT_LIMIT):
        fields["min_bet"] = unit_amount(g.streets[0].bet_size)
    elif g.structure is Structure.FIXED_LIMIT:
        fields["small_bet"] = unit_amount(g.streets[0].bet_size)
        fields["big_bet"] = unit_amount(g.streets[-1].bet_size)
    else:
        fields["_betlaw_spread"] = [[unit_amount(s.spread[0]), unit_amount(s.spread[1])] for s in g.streets]
    if g.stud:
        fields["bring_in"] = unit_amount(g.bring_in)
        if g.bring_in_seat is not None:
            fields["_betlaw_bring_in_seat"] = f"p{g.bring_in_seat + 1}"
        if any(a is not None for a in g.first_actors):
            fields["_betlaw_first_actors"] = [f"p{a + 1}" if a is not None else "" for a in g.first_actors]
        if g.open_pair:
            fields["_betlaw_open_pair"] = True
    fields["starting_stacks"] = [Decimal("Infinity") if inf else unit_amount(s)
                                 for s, inf in zip(g.starting_stacks, g.infinite or [False] * g.seats)]
    if g.may_open is not None:
        fields["_betlaw_may_open"] = list(g.may_open)
    fields["actions"] = history_actions(state)
    if g.players:
        fields["players"] = list(g.players)
    for key, value in scenario.fields.items():
        if key.startswith("_") and key not in fields:
            fields[key] = value
    if rules_name:
        fields["_betlaw_rules"] = rules_name.split(" + ")[0]
    return fields


def history_actions(state) -> list[str]:
    from betlaw.model.actions import Kind

    g = state.game
    cards = HOLE_CARDS.get(g.variant or "NT", 2)
    out = [f"d dh p{i + 1} {'??' * cards}" for i in range(g.seats)]
    street = 0
    board = BOARD_CARDS.get(g.variant or "NT")  # flop, turn, river
    for action, action_street in zip(state.history, state.history_streets):
        while street < action_street:
            street += 1
            if board:
                out.append(f"d db {'??' * board[street - 1]}")
            elif g.stud:
                out += [f"d dh p{i + 1} ??" for i, s in enumerate(state.seats) if not s.folded]
        amount = "" if action.to is None else " " + _toml_value(g.to_units(action.to))
        verb = {Kind.FOLD: "f", Kind.CHECK: "cc", Kind.CALL: "cc", Kind.BRING_IN: "pb"}.get(action.kind, "cbr")
        out.append(f"p{action.seat + 1} {verb}{amount if verb == 'cbr' else ''}")
    return out
