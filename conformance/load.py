"""Open a scenario: a PHH file (``FILE#KEY`` picks a hand of a .phhs), a table script, or '-'."""
from __future__ import annotations

import dataclasses
from decimal import Decimal
from pathlib import Path

from . import phh, sources
from .scenario import FINEST, Scenario, ScenarioError, decimal_places


def read_source(spec: str) -> tuple[str, str, str | None]:
    """(text, source name, hand key) for a command-line SCENARIO argument."""
    path, key = spec, None
    if spec != "-" and not Path(spec).exists() and "#" in spec:
        path, key = spec.rsplit("#", 1)
    text, source = sources.read_source(path)
    return text, source, key


def load_scenario(spec: str, preset: str | None = None, overrides: dict | None = None) -> Scenario:
    """The hand ``spec`` names; a table script's actions are read under the command line's rules."""
    text, source, key = read_source(spec)
    if sources.looks_like_phh(text, source):
        return pick_hand(phh.read_text(text, source), spec, source, key)
    no_key(source, key)
    from .script import parse_script

    return parse_script(text, source, preset, overrides)


def no_key(source: str, key: str | None) -> None:
    """A table script holds one hand: ``#KEY`` has nothing to pick."""
    if key is not None:
        raise ScenarioError(source, f"'#{key}' picks a hand of a .phhs; a table script holds one hand")


def load_hands(spec: str, preset: str | None = None, overrides: dict | None = None
               ) -> list[tuple[str | None, Scenario | ScenarioError]]:
    """Every hand of a PHH file (``FILE#KEY``: that hand only), or the one hand of a table script (its
    actions read under the command line's rules)."""
    text, source, key = read_source(spec)
    if sources.looks_like_phh(text, source):
        hands = phh.read_text(text, source)
        if key is not None:
            hands = [(k, h) for k, h in hands if k == key]
            if not hands:
                raise ScenarioError(source, f"no hand [{key}] in the file")
        return hands
    no_key(source, key)
    from .script import parse_script

    try:
        return [(None, parse_script(text, source, preset, overrides))]
    except ScenarioError as err:
        return [(None, err)]


def fit_unit(scenario: Scenario, amount: Decimal | None) -> Scenario:
    """The scenario read again with a finer chip when a question's amount needs one (``raise to 32.50?``
    about a hand whose amounts so far are whole); a declared ``_betlaw_chip_unit`` stays as it is."""
    if amount is None or "_betlaw_chip_unit" in scenario.fields or decimal_places(amount) <= \
            decimal_places(scenario.game.unit):
        return scenario
    if decimal_places(amount) > -FINEST:
        raise ScenarioError("question", f"{amount} is finer than the finest chip betlaw reads, 1e{FINEST}")
    fields = dict(scenario.fields, _betlaw_chip_unit=Decimal(1).scaleb(-decimal_places(amount)))
    try:
        finer = phh.scenario_from_fields(fields, scenario.source, scenario.key)
        # the hand's own numbering (a heads-up script counts from the button) and line references stay
        return dataclasses.replace(finer, game=dataclasses.replace(finer.game, labels=scenario.game.labels),
                                   talk_where=scenario.talk_where, action_where=scenario.action_where)
    except ScenarioError as err:  # the hand's amounts in chips that small (e.g. stacks too large): the question's doing
        raise ScenarioError("question", f"{amount} needs a chip of {fields['_betlaw_chip_unit']}, and then {err}") from None


def cut(scenario: Scenario, upto: int) -> Scenario:
    """The hand after its first ``upto`` action entries (``ask --upto``), read as if its action list ended
    there: nothing dealt later shapes it (stud: who opens a later round and an open pair come from the up
    cards dealt by then, Robert's Seven-Card Stud; turn.stud-first-later, stud.open-pair)."""
    if not 0 <= upto <= len(scenario.events):
        raise ScenarioError("--upto", f"expected 0 to {len(scenario.events)} (the hand's action entries), got {upto}")
    actions = scenario.fields.get("actions")
    if not scenario.game.stud or not isinstance(actions, list):
        return dataclasses.replace(scenario, events=scenario.events[:upto])
    end = scenario.events[upto].index if upto < len(scenario.events) else len(actions)
    fields = dict(scenario.fields, actions=actions[:end])
    talk = fields.get("_betlaw_events")
    if isinstance(talk, list):  # table talk after the cut is not said yet (review DY)
        fields["_betlaw_events"] = [e for e in talk if not isinstance(e, dict) or not isinstance(e.get("after"), int)
                                    or e["after"] <= end]
    shorter = phh.scenario_from_fields(fields, scenario.source, scenario.key)
    return dataclasses.replace(shorter, game=dataclasses.replace(shorter.game, labels=scenario.game.labels),
                               talk_where=scenario.talk_where, action_where=scenario.action_where)


def pick_hand(hands: list, spec: str, source: str, key: str | None) -> Scenario:
    """The hand of a PHH file ``spec`` names: ``FILE#KEY``'s, or the file's only one."""
    if key is not None:
        chosen = [h for k, h in hands if k == key]
        if not chosen:
            raise ScenarioError(source, f"no hand [{key}] in the file")
        hand = chosen[0]
    elif len(hands) == 1:
        hand = hands[0][1]
    else:
        example = f"-- '-#{hands[0][0]}'" if spec == "-" else f"{source}#{hands[0][0]}"
        raise ScenarioError(source, f"{len(hands)} hands in the file; pick one as "
                                    f"{'-' if spec == '-' else source}#KEY (e.g. {example})")
    if isinstance(hand, ScenarioError):
        raise hand
    return hand
