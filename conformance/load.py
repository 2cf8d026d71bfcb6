"""Open a scenario: a PHH file (``FILE#KEY`` picks a hand of a .phhs), a table script, or '-'."""
from __future__ import annotations

from pathlib import Path

from . import phh, sources
from .scenario import Scenario, ScenarioError


def read_source(spec: str) -> tuple[str, str, str | None]:
    """(text, source name, hand key) for a command-line SCENARIO argument."""
    path, key = spec, None
    if spec != "-" and not Path(spec).exists() and "#" in spec:
        path, key = spec.rsplit("#", 1)
    text, source = sources.read_source(path)
    return text, source, key


def load_scenario(spec: str) -> Scenario:
    text, source, key = read_source(spec)
    if sources.looks_like_phh(text, source):
        hands = phh.read_text(text, source)
        if key is not None:
            chosen = [h for k, h in hands if k == key]
            if not chosen:
                raise ScenarioError(source, f"no hand [{key}] in the file")
            hand = chosen[0]
        elif len(hands) == 1:
            hand = hands[0][1]
        else:
            raise ScenarioError(source, f"{len(hands)} hands in the file; pick one as {source}#KEY "
                                        f"(e.g. {source}#{hands[0][0]})")
        if isinstance(hand, ScenarioError):
            raise hand
        return hand
    from .script import parse_script

    return parse_script(text, source)
