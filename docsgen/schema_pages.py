"""Reference pages for the JSON schemas of the conformance suite (``conformance/schema``): the vector
format (with one vector of the bundled suite as an example) and the harness protocol messages."""
from __future__ import annotations

import json
from importlib import resources

from betlaw.conformance.vectors import SUITE_DIR

from . import markdown as md


def _load(name: str) -> dict:
    return json.loads(resources.files("betlaw.conformance.schema").joinpath(name).read_text("utf-8"))


def _type(s: dict) -> str:
    if "const" in s:
        return f"constant {md.code(json.dumps(s['const']))}"
    if "enum" in s:
        return "one of " + ", ".join(md.code(json.dumps(v)) for v in s["enum"])
    if "$ref" in s:
        ref = s["$ref"]
        name = ref.split("/")[-1]
        return f"see [{md.code(name)}](#{name.lower()})" if ref.startswith("#/") else f"a {md.code(ref)} object"
    t = s.get("type")
    if isinstance(t, list):
        t = " or ".join(t)
    if t == "array" and isinstance(s.get("items"), dict):
        inner = s["items"]
        if "type" in inner or "enum" in inner or "$ref" in inner or "const" in inner:
            return f"array of ({_type(inner)})"
    if "oneOf" in s:
        return "one of the forms below"
    return md.text(t or "any")


def _rows(s: dict, path: str, required: bool, out: list) -> None:
    desc = s.get("description", "")
    extras = []
    if "pattern" in s:
        extras.append(f"pattern {md.code(s['pattern'])}")
    if "minItems" in s:
        extras.append(f"at least {s['minItems']} items")
    out.append([md.code(path) if path else "(the object)", _type(s), "yes" if required else "",
                "; ".join([md.text(desc)] * bool(desc) + extras)])
    req = set(s.get("required", []))
    for name, sub in s.get("properties", {}).items():
        _rows(sub, f"{path}.{name}" if path else name, name in req, out)
    items = s.get("items")
    if isinstance(items, dict) and "properties" in items:
        for name, sub in items["properties"].items():
            _rows(sub, f"{path}[].{name}", name in set(items.get("required", [])), out)
    if isinstance(s.get("additionalProperties"), dict) and "properties" in s["additionalProperties"]:
        for name, sub in s["additionalProperties"]["properties"].items():
            _rows(sub, f"{path}.*.{name}", False, out)
    for i, alt in enumerate(s.get("oneOf", [])):
        consts = [f"{k}={json.dumps(v['const'])}" for k, v in alt.get("properties", {}).items() if "const" in v]
        label = f"{path}[{consts[0]}]" if consts else f"{path}[form {i + 1}]"
        _rows(alt, label, required, out)


def fields_table(schema: dict, path: str = "") -> str:
    rows: list = []
    _rows(schema, path, True, rows)
    return md.table(["field", "type", "required", "meaning"], rows)


def _defs(schema: dict) -> list[str]:
    out = []
    for name, sub in schema.get("$defs", {}).items():
        out.append(f"### {name}\n")
        out.append(fields_table(sub))
    return out


def vector_page() -> str:
    schema = _load("vector.schema.json")
    example = (SUITE_DIR / "vectors" / "worked-examples.jsonl").read_text("utf-8").splitlines()[0]
    out = [md.BANNER, "# The vector format\n",
           f"{md.text(schema.get('description', ''))}\n",
           "The suite is described in [the conformance suite](../../conformance.md#vectors); the schema is "
           "`conformance/schema/vector.schema.json` (`betlaw vectors validate` checks every vector against it).\n",
           "## Fields\n", fields_table(schema), "## Definitions\n", *_defs(schema),
           "## An example: the first vector of the bundled suite\n", md.fenced(json.dumps(json.loads(example), indent=2,
                                                                                   ensure_ascii=False), "json"),
           "## The schema\n", md.fenced(json.dumps(schema, indent=2, ensure_ascii=False), "json")]
    return "\n".join(out).rstrip("\n") + "\n"


def protocol_page() -> str:
    schema = _load("protocol.schema.json")
    out = [md.BANNER, "# The harness protocol\n",
           f"{md.text(schema.get('description', ''))}\n",
           "The exchange, step by step, is in [the conformance suite](../../conformance.md#the-harness-protocol); "
           "the schema is `conformance/schema/protocol.schema.json`. Each message kind:\n",
           *_defs(schema), "## The schema\n", md.fenced(json.dumps(schema, indent=2, ensure_ascii=False), "json")]
    return "\n".join(out).rstrip("\n") + "\n"
