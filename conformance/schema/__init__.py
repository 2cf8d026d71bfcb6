"""The JSON Schemas of the conformance suite: ``vector.schema.json`` (one vector) and
``protocol.schema.json`` (the harness protocol's messages)."""
from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from functools import cache
from importlib import resources


@cache
def vector_schema() -> dict:
    return json.loads(resources.files(__package__).joinpath("vector.schema.json").read_text("utf-8"))


@cache
def protocol_schema() -> dict:
    return json.loads(resources.files(__package__).joinpath("protocol.schema.json").read_text("utf-8"))


PER_SEAT = ("stacks", "antes", "blinds", "dead_posts", "live_posts", "full_blinds", "may_open")


def setup_mismatch(vector: dict) -> str | None:
    """What a JSON Schema cannot say of a vector: every per-seat list has one entry per seat, the
    button, the bring-in seat and every acting seat are seats, and the chip unit is a positive
    decimal. 'PATH: message', or None."""
    setup = vector.get("setup")
    if not isinstance(setup, dict) or not isinstance(setup.get("seats"), int):
        return None  # the schema names it
    n = setup["seats"]
    for key in PER_SEAT:
        if isinstance(setup.get(key), list) and len(setup[key]) != n:
            return f"setup/{key}: {len(setup[key])} entries for {n} seats (setup/seats)"
    for key in ("button", "bring_in_seat"):
        if isinstance(setup.get(key), int) and not 0 <= setup[key] < n:
            return f"setup/{key}: {setup[key]} is not a seat of {n} (seats count from 0)"
    unit = setup.get("unit")
    if isinstance(unit, str) and not _positive_decimal(unit):
        return f"setup/unit: {unit!r} is not a positive decimal amount (e.g. \"1\" or \"0.25\")"
    for path, action in _actions(vector):
        if isinstance(action.get("seat"), int) and not 0 <= action["seat"] < n:
            return f"{path}/seat: {action['seat']} is not a seat of {n} (seats count from 0)"
    played = vector.get("actions")
    for i, cp in enumerate(_list(vector.get("checkpoints")) if isinstance(played, list) else ()):
        if isinstance(cp, dict) and isinstance(cp.get("at"), int) and cp["at"] > len(played):
            return f"checkpoints/{i}/at: {cp['at']} is beyond the vector's {len(played)} actions"
    return None


def _list(value) -> list:
    """A list field as written, or nothing when it is not a list (the schema names that)."""
    return value if isinstance(value, list) else []


def _positive_decimal(text: str) -> bool:
    try:
        value = Decimal(text)
    except InvalidOperation:
        return False
    return value.is_finite() and value > 0


def _actions(vector: dict):
    """(JSON path, action) of every action a vector plays or probes."""
    for i, a in enumerate(_list(vector.get("actions"))):
        if isinstance(a, dict):
            yield f"actions/{i}", a
    for i, cp in enumerate(_list(vector.get("checkpoints"))):
        for j, probe in enumerate(_list(cp.get("probes")) if isinstance(cp, dict) else ()):
            if isinstance(probe, dict) and isinstance(probe.get("action"), dict):
                yield f"checkpoints/{i}/probes/{j}/action", probe["action"]


def validate_vectors(vectors: list[dict]) -> list[str]:
    """Every schema violation and setup mismatch, as 'id: path: message' (needs the jsonschema package)."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(vector_schema())
    errors, seen = [], set()
    for v in vectors:
        if isinstance(v.get("id"), str):
            if v["id"] in seen:
                errors.append(f"{v['id']}: id: the id is used by an earlier vector too (each vector's id is unique)")
            seen.add(v["id"])
        for e in validator.iter_errors(v):
            path = "/".join(str(p) for p in e.absolute_path)
            errors.append(f"{v.get('id', '?')}: {path}: {e.message}")
        mismatch = setup_mismatch(v)
        if mismatch:
            errors.append(f"{v.get('id', '?')}: {mismatch}")
    return errors
