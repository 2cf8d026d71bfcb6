"""The JSON Schemas of the conformance suite: ``vector.schema.json`` (one vector) and
``protocol.schema.json`` (the harness protocol's messages)."""
from __future__ import annotations

import json
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
    """What a JSON Schema cannot say of a vector's setup: every per-seat list has one entry per seat,
    and the button and the bring-in seat are seats. 'setup/FIELD: message', or None."""
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
    return None


def validate_vectors(vectors: list[dict]) -> list[str]:
    """Every schema violation and setup mismatch, as 'id: path: message' (needs the jsonschema package)."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(vector_schema())
    errors = []
    for v in vectors:
        for e in validator.iter_errors(v):
            path = "/".join(str(p) for p in e.absolute_path)
            errors.append(f"{v.get('id', '?')}: {path}: {e.message}")
        mismatch = setup_mismatch(v)
        if mismatch:
            errors.append(f"{v.get('id', '?')}: {mismatch}")
    return errors
