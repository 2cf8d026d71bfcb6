"""Table talk in a PHH file: the ``_betlaw_events`` and ``_betlaw_chips`` fields (docs/table-talk.md).

``_betlaw_events`` is an array of inline tables, one per thing a player does at the table::

    _betlaw_chips = [100, 500, 1000]
    _betlaw_events = [
      { seat = "p4", after = 3, kind = "say", words = "I call and raise 500" },
      { seat = "p2", after = 5, kind = "chips", chips = [1000, 100, 100] },
      { seat = "p3", after = 5, kind = "gesture", gesture = "tap", in_turn = false },
    ]

``after`` is how many entries of ``actions`` come before the event (like ``upto``); ``kind`` is
``say`` (``words`` from the vocabulary, optionally ``chips`` pushed at the same time), ``chips``
(one motion: a list of chip values) or ``gesture`` (``tap``/``knock`` = check, ``muck`` = fold);
``in_turn`` (optional) is checked against the hand. Anything outside the vocabulary is a
:class:`ScenarioError` naming the event and the word.
"""
from __future__ import annotations

from decimal import Decimal

from betlaw.model.declarations import GESTURES, Phrase, TableEvent, Talk, VocabularyError, parse_words

from .scenario import ScenarioError, to_decimal

EVENT_KEYS = {"seat", "after", "kind", "words", "chips", "gesture", "in_turn"}


def read_raw(fields: dict, n: int, n_actions: int, players, where: str) -> tuple[list[dict], list[tuple[str, Decimal]]]:
    """Check the fields' shape; return the events (amounts still Decimal) and every amount in them
    with the field it is in (for the chip unit), chip denominations included."""
    amounts: list[tuple[str, Decimal]] = []
    chips_field = fields.get("_betlaw_chips")
    if chips_field is not None:
        name = f"{where}_betlaw_chips"
        if not isinstance(chips_field, list) or not chips_field:
            raise ScenarioError(name, "expected a list of chip values, e.g. [25, 100, 500]")
        for c in chips_field:
            value = to_decimal(c, name)
            if not value.is_finite() or value <= 0:
                raise ScenarioError(name, f"chip values must be positive, got {c}")
            amounts.append((name, value))
    raw = fields.get("_betlaw_events")
    if raw is None:
        return [], amounts
    if not isinstance(raw, list):
        raise ScenarioError(f"{where}_betlaw_events", "expected an array of inline tables {seat, after, kind, ...}")
    out = []
    for i, e in enumerate(raw):
        name = f"{where}_betlaw_events[{i}]"
        if not isinstance(e, dict):
            raise ScenarioError(name, "expected an inline table {seat = ..., after = ..., kind = ...}")
        unknown = sorted(set(e) - EVENT_KEYS)
        if unknown:
            raise ScenarioError(name, f"unknown key {unknown[0]!r}; keys: {', '.join(sorted(EVENT_KEYS))}")
        for key in ("seat", "after", "kind"):
            if key not in e:
                raise ScenarioError(name, f"missing {key!r}")
        seat = _seat(e["seat"], n, players, name)
        after = e["after"]
        if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= n_actions:
            shown = after if isinstance(after, (int, float, Decimal)) and not isinstance(after, bool) else repr(after)
            raise ScenarioError(name, f"after: expected a whole number 0..{n_actions} (actions before the event), "
                                      f"got {shown}")
        kind = str(e["kind"]).strip().lower()
        if kind not in ("say", "chips", "gesture"):
            raise ScenarioError(name, f"kind: unknown kind {e['kind']!r}; expected say, chips or gesture")
        in_turn = e.get("in_turn")
        if in_turn is not None and not isinstance(in_turn, bool):
            raise ScenarioError(name, f"in_turn: expected true or false, got {in_turn!r}")
        chips: list[Decimal] = []
        if "chips" in e:
            if kind == "gesture":
                raise ScenarioError(name, "a gesture carries no chips")
            if not isinstance(e["chips"], list) or not e["chips"]:
                raise ScenarioError(name, "chips: expected a non-empty list of chip values, e.g. [500, 100]")
            chips = [to_decimal(c, f"{name} chips") for c in e["chips"]]
            if chips_field is None:
                raise ScenarioError(name, "chips are placed but _betlaw_chips (the chip values in play) is missing")
            amounts.extend((name, c) for c in chips)
        elif kind == "chips":
            raise ScenarioError(name, "a chips event needs chips = [...]")
        words = gesture = None
        if kind == "say":
            words = e.get("words")
            if not isinstance(words, str) or not words.strip():
                raise ScenarioError(name, "a say event needs words = \"...\"")
            try:
                phrases = parse_words(words, lambda d: d)
            except VocabularyError as err:
                raise ScenarioError(f"{name} word {err.word!r}", err.message) from None
            amounts.extend((name, p.amount) for p in phrases if p.amount is not None)
        elif kind == "gesture":
            if "gesture" in e and "words" in e:
                raise ScenarioError(name, "a gesture event carries no words (words are their own event: kind = \"say\")")
            gesture = str(e.get("gesture", e.get("words", ""))).strip().lower()
            if gesture not in GESTURES:
                raise ScenarioError(f"{name} word {gesture!r}",
                                    f"unknown gesture {gesture!r}; gestures: {', '.join(GESTURES)}")
        elif "words" in e:
            raise ScenarioError(name, "a chips event carries no words (use kind = \"say\" with chips for both)")
        if kind != "gesture" and "gesture" in e:
            raise ScenarioError(name, f"a {kind} event carries no gesture (a gesture is its own event: kind = \"gesture\")")
        out.append({"index": i, "seat": seat, "after": after, "kind": kind, "words": words, "chips": chips,
                    "gesture": gesture, "in_turn": in_turn})
    return out, amounts


def build(raw: list[dict], chips_field, units, where: str) -> tuple[tuple[TableEvent, ...], tuple[int, ...]]:
    """The events and denominations in chip units (after the chip unit is known)."""
    denominations: tuple[int, ...] = ()
    if chips_field is not None:
        denominations = tuple(sorted({units(to_decimal(c, f"{where}_betlaw_chips"), f"{where}_betlaw_chips")
                                      for c in chips_field}))
    events = []
    for e in raw:
        name = f"{where}_betlaw_events[{e['index']}]"
        chips = tuple(units(c, f"{name} chips") for c in e["chips"])
        for c in chips:
            if c not in denominations:
                shown = ", ".join(units_back(units, d) for d in denominations)
                raise ScenarioError(f"{name} chips", f"a chip of {units_back(units, c)} is not in play "
                                                     f"(_betlaw_chips: {shown})")
        phrases: tuple[Phrase, ...] = ()
        if e["kind"] == "say":
            phrases = parse_words(e["words"], lambda d, _n=name: units(d, f"{_n} words"))
        events.append(TableEvent(seat=e["seat"], kind=Talk(e["kind"]), after=e["after"], phrases=phrases,
                                 chips=chips, gesture=e["gesture"], words=e["words"] or e["gesture"] or "",
                                 in_turn=e["in_turn"], index=e["index"]))
    return tuple(events), denominations


def units_back(units, amount: int) -> str:
    """Chip units as the scenario writes the amount (100, not 1E+2; 2.50 keeps its places)."""
    value = Decimal(amount) * units.unit
    return format(value.normalize() if value == value.to_integral_value() else value, "f")


def _seat(value, n: int, players, where: str) -> int:
    text = str(value).strip().lower()
    if text.startswith("p") and text[1:].isdigit() and 1 <= int(text[1:]) <= n:
        return int(text[1:]) - 1
    for i, name in enumerate(players or ()):
        if str(name).lower() == text:
            return i
    raise ScenarioError(where, f"seat: expected a player p1..p{n}" + (" or a name" if players else "") +
                               f", got {value!r}")
