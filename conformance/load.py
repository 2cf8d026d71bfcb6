"""Open a scenario: a PHH file (``FILE#KEY`` picks a hand of a .phhs), a table script, or '-'."""
from __future__ import annotations

import sys
import tomllib
from decimal import Decimal
from pathlib import Path

from . import phh
from .scenario import Scenario, ScenarioError


def _looks_like_phh(text: str) -> bool:
    try:
        doc = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError:
        return False
    return "variant" in doc or (bool(doc) and all(isinstance(v, dict) for v in doc.values()))


def read_source(spec: str) -> tuple[str, str, str | None]:
    """(text, source name, hand key) for a command-line SCENARIO argument."""
    if spec == "-":
        return sys.stdin.read(), "<stdin>", None
    path, key = spec, None
    if not Path(spec).exists() and "#" in spec:
        path, key = spec.rsplit("#", 1)
    try:
        return Path(path).read_text(encoding="utf-8"), path, key
    except FileNotFoundError:
        raise ScenarioError(path, "no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ScenarioError(path, f"cannot read the file ({err})") from None


def load_scenario(spec: str) -> Scenario:
    text, source, key = read_source(spec)
    if source.endswith((".phh", ".phhs")) or _looks_like_phh(text):
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
