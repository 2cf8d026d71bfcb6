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


def validate_vectors(vectors: list[dict]) -> list[str]:
    """Every schema violation, as 'id: path: message' (needs the jsonschema package)."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(vector_schema())
    errors = []
    for v in vectors:
        for e in validator.iter_errors(v):
            path = "/".join(str(p) for p in e.absolute_path)
            errors.append(f"{v.get('id', '?')}: {path}: {e.message}")
    return errors
